/** Reading and writing .npy files on disk (Node). */
import * as fs from 'node:fs';
import type { NdArray } from '../nd-array.js';
import { NpyError } from '../npy/npy-error.js';
import { readNpy } from '../npy/npy-read.js';
import { writeNpy } from '../npy/npy-write.js';

/** The array in the .npy file at `path`; throws an NpyError naming the file. */
export function readNpyFile(path: string): NdArray {
  let bytes: Uint8Array;
  try {
    bytes = fs.readFileSync(path);
  } catch (error) {
    throw new NpyError(path, `cannot read the file: ${(error as NodeJS.ErrnoException).code ?? String(error)}`);
  }
  return readNpy(bytes, path);
}

/** Writes `array` as a .npy file at `path`. */
export function writeNpyFile(path: string, array: NdArray): void {
  const bytes = writeNpy(array, path);
  try {
    fs.writeFileSync(path, bytes);
  } catch (error) {
    throw new NpyError(path, `cannot write the file: ${(error as NodeJS.ErrnoException).code ?? String(error)}`);
  }
}
