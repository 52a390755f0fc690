// krnl.load, krnl.store, krnl.memset and krnl.memcpy on memref views (load and store also on sequences).
import type { Operation } from '@tlir/ir';
import { MemrefView, fault, type RuntimeValue, rowMajorIndices } from '@tlir/interpreter';
import { loadElement, storeElement } from './sequence-ops.js';
import { SequenceValue } from './sequence-value.js';

/** krnl.load: an element of a memref, or of a sequence (a memref of memrefs). */
export function load(op: Operation, [m, ...indices]: readonly RuntimeValue[]): RuntimeValue[] {
  if (m instanceof SequenceValue) return loadElement(op, m, indices);
  return [(m as MemrefView).load(indices as number[])];
}

/** krnl.store: an element into a memref, or into a sequence (a memref of memrefs). */
export function store(op: Operation, [value, m, ...indices]: readonly RuntimeValue[]): void {
  if (m instanceof SequenceValue) return storeElement(op, value!, m, indices);
  (m as MemrefView).store(indices as number[], value as number | bigint);
}

/** krnl.memset: every element of the view (in row-major order). */
export function memset([m, value]: readonly RuntimeValue[]): void {
  const view = m as MemrefView;
  rowMajorIndices(view.sizes, (idx) => view.store(idx, value as number | bigint));
}

/**
 * krnl.memcpy: `num_elems` elements, one after the other in ascending order, from the source's memory to the
 * destination's, starting `src_offset` and `dest_offset` elements after each view's first element as laid out in
 * memory (the view's offset); both ranges must lie within the addresses of their view.
 */
export function memcpy(op: Operation, [d, s, n, destOffset, srcOffset]: readonly RuntimeValue[]): void {
  const dest = d as MemrefView;
  const src = s as MemrefView;
  const count = Number(n as bigint);
  if (count < 0) fault(`cannot copy ${count} elements`);
  if (count === 0) return;
  const range = (view: MemrefView, offset: number, what: string): number => {
    const first = view.offset + offset;
    const span = view.addressRange();
    if (!span || first < span.first || first + count - 1 > span.last) {
      fault(`${op.name}: the ${count} elements at offset ${offset} of the ${what} are not all within it (${view.describe()})`);
    }
    return first;
  };
  const to = range(dest, destOffset as number, 'destination');
  const from = range(src, srcOffset as number, 'source');
  for (let t = 0; t < count; t++) dest.memory.store(to + t, src.memory.load(from + t));
}
