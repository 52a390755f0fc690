/**
 * Copies between a host array (dense, C or Fortran order) and a memref's place in a storage buffer of 32-bit
 * words (its strides and offset): element (i0, i1, ...) of the array is element (i0, i1, ...) of the memref.
 * Narrow integers are widened to one word each (sign-extended) on the way up and truncated on the way down;
 * i1 elements are 0 or 1.
 */
import { denseStrides, type NdArray } from './nd-array.js';
import type { ResolvedLayout } from './memref-layout.js';

/** A storage buffer's contents: f32 words, or i32 words (also used for u32 buffers: the same bits). */
export type WordArray = Float32Array | Int32Array;

/**
 * Visits the element pairs (host index, buffer index) of an array of this shape in this order laid out as
 * `layout` from `base`, the host array's fastest dimension innermost.
 */
function forEachElementPair(array: NdArray, layout: ResolvedLayout, base: number, visit: (host: number, device: number) => void): void {
  const rank = array.shape.length;
  if (array.data.length === 0) return;
  const hostStrides = denseStrides(array.shape, array.order);
  const dims = array.order === 'F' ? [...Array(rank).keys()] : [...Array(rank).keys()].reverse();
  const index = new Array<number>(rank).fill(0);
  let host = 0;
  let device = base + layout.offset;
  for (;;) {
    visit(host, device);
    let level = 0;
    for (; level < rank; level++) {
      const k = dims[level]!;
      if (++index[k]! < array.shape[k]!) {
        host += hostStrides[k]!;
        device += layout.strides[k]!;
        break;
      }
      host -= hostStrides[k]! * (array.shape[k]! - 1);
      device -= layout.strides[k]! * (array.shape[k]! - 1);
      index[k] = 0;
    }
    if (level === rank) return;
  }
}

/** Writes the array's elements into `words` at their places in the layout, from element `base`. */
export function packIntoWords(array: NdArray, layout: ResolvedLayout, words: WordArray, base: number): void {
  const src = array.data as ArrayLike<number>;
  if (typeof (array.data as ArrayLike<unknown>)[0] === 'bigint') throw new TypeError('64-bit integer arrays cannot be stored in 32-bit words');
  if (array.dtype === 'bool') forEachElementPair(array, layout, base, (h, d) => void (words[d] = src[h]! === 0 ? 0 : 1));
  else forEachElementPair(array, layout, base, (h, d) => void (words[d] = src[h]!));
}

/** Reads the array's elements back from their places in `words` (from element `base`) into the array's data. */
export function unpackFromWords(array: NdArray, layout: ResolvedLayout, words: WordArray, base: number): void {
  const dst = array.data as { [i: number]: number };
  if (array.dtype === 'bool') forEachElementPair(array, layout, base, (h, d) => void (dst[h] = words[d]! & 1));
  else forEachElementPair(array, layout, base, (h, d) => void (dst[h] = words[d]!));
}
