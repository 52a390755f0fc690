// Where tl-run reads and writes: the process by default; tests can capture.
import { mkdirSync, readFileSync } from 'node:fs';
import type { NdArray } from '@tlir/runtime';
import { readNpyFile, writeNpyFile } from '@tlir/runtime/node';

export interface RunIO {
  readFile(path: string): string;
  readStdin(): string;
  /** The array in a .npy file; throws an NpyError. */
  readNpy(path: string): NdArray;
  /** Writes a .npy file; throws an NpyError. */
  writeNpy(path: string, array: NdArray): void;
  /** Creates a directory and its parents (nothing when it exists). */
  makeDirectory(path: string): void;
  stdout(text: string): void;
  stderr(text: string): void;
}

export const processRunIO: RunIO = {
  readFile: (path) => readFileSync(path, 'utf8'),
  readStdin: () => readFileSync(0, 'utf8'),
  readNpy: readNpyFile,
  writeNpy: writeNpyFile,
  makeDirectory: (path) => void mkdirSync(path, { recursive: true }),
  stdout: (text) => void process.stdout.write(text),
  stderr: (text) => void process.stderr.write(text),
};
