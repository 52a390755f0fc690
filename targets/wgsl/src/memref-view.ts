// A memref as the translation knows it: not a WGSL value (WGSL cannot hold a pointer with a shape) but a description
// known while translating: the buffer it views and i32 expressions for where it starts, its offset, sizes and
// strides (docs/wgsl.md, "Memrefs"). Element (i0, i1, ...) is element `base + offset + i0*stride0 + i1*stride1 ...`
// of the buffer, where `base` is 0 except for a group's member, which starts where the group's offset table says.
import { IndexExpression } from './index-expression.js';
import type { ScalarRepr } from './scalar-types.js';

/** A WGSL array variable that memrefs view. */
export interface BufferInfo {
  /** The WGSL variable. */
  readonly name: string;
  /** Where it lives: a storage buffer (arguments, groups), workgroup memory, or the work-item's function scope. */
  readonly space: 'storage' | 'workgroup' | 'function';
  /** The element type's representation. */
  readonly element: ScalarRepr;
  /** Every access goes through atomicLoad/atomicStore on `atomic<u32>` (the buffer is updated atomically). */
  readonly atomic: boolean;
  /** A single element of the work-item's function scope: a plain `var` (no array), its only index 0. */
  readonly scalar?: boolean;
  /** An array of vectors of this many elements (a read-only argument that aligned vector loads read; vector-translation.ts). */
  readonly vector?: number;
}

/**
 * A view's parts are read through methods: a kernel argument's come from its dope vector, whose words are given out
 * only when read.
 */
export interface MemrefView {
  readonly buffer: BufferInfo;
  /** Where the memref's own allocation starts in the buffer (a group member's table entry, else 0). */
  readonly base: IndexExpression;
  readonly rank: number;
  /** The layout offset (MLIR's: what extract_strided_metadata gives), counted from `base`. */
  offset(): IndexExpression;
  size(k: number): IndexExpression;
  stride(k: number): IndexExpression;
}

/** A view whose parts are all known. */
export function fixedView(
  buffer: BufferInfo,
  base: IndexExpression,
  offset: IndexExpression,
  sizes: readonly IndexExpression[],
  strides: readonly IndexExpression[],
): MemrefView {
  return { buffer, base, rank: sizes.length, offset: () => offset, size: (k) => sizes[k]!, stride: (k) => strides[k]! };
}

/** The buffer index of element `indices` of `view`. */
export function elementIndex(view: MemrefView, indices: readonly IndexExpression[]): IndexExpression {
  let at = view.base.add(view.offset());
  indices.forEach((index, k) => {
    at = at.add(index.mul(view.stride(k)));
  });
  return at;
}

/** The WGSL type of the buffer's array elements. */
export function bufferElementType(buffer: BufferInfo): string {
  return buffer.atomic ? 'atomic<u32>' : buffer.vector !== undefined ? `vec${buffer.vector}<${buffer.element.memory}>` : buffer.element.memory;
}

/** The WGSL place of the element at buffer index `at`: `name[at]`, or `name` for a scalar variable. */
function elementPlace(buffer: BufferInfo, at: IndexExpression): string {
  // An array of vectors (2 or 4 elements): element at is component at % n of vector at / n (a shift and a mask:
  // buffer indices are never negative).
  if (buffer.vector !== undefined) return `${buffer.name}[(${at.toWgsl()}) >> ${Math.log2(buffer.vector)}u][(${at.toWgsl()}) & ${buffer.vector - 1}i]`;
  return buffer.scalar ? buffer.name : `${buffer.name}[${at.toWgsl()}]`;
}

/** WGSL reading the element at buffer index `at`, as a value of the element's representation. */
export function loadElement(buffer: BufferInfo, at: IndexExpression): string {
  const place = elementPlace(buffer, at);
  const word = buffer.atomic ? `bitcast<${buffer.element.memory}>(atomicLoad(&${place}))` : place;
  return fromMemoryWord(word, buffer.element);
}

/** WGSL statement writing `value` (of the element's representation) at buffer index `at`. */
export function storeElement(buffer: BufferInfo, at: IndexExpression, value: string): string {
  const place = elementPlace(buffer, at);
  const word = toMemoryWord(value, buffer.element);
  return buffer.atomic ? `atomicStore(&${place}, bitcast<u32>(${word}));` : `${place} = ${word};`;
}

/** A memory word (i32 for integers, the float type for floats) as a value of `repr`. */
export function fromMemoryWord(word: string, repr: ScalarRepr): string {
  return repr.wgsl === 'bool' ? `(${word} != 0i)` : word;
}

/** A value of `repr` as the memory word that holds it (i1 as 0 or 1). */
export function toMemoryWord(value: string, repr: ScalarRepr): string {
  return repr.wgsl === 'bool' ? `select(0i, 1i, ${value})` : value;
}

/** The number of elements a static layout reaches from the buffer's start: offset + sum((size - 1) * stride) + 1. */
export function staticExtent(sizes: readonly number[], strides: readonly number[], offset: number): number {
  if (sizes.includes(0)) return offset;
  let extent = offset + 1;
  sizes.forEach((s, k) => {
    extent += (s - 1) * strides[k]!;
  });
  return extent;
}
