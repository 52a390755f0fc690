/**
 * Host arrays: a dense typed array with a shape and an element order. This is what kernels read and write on
 * the host side and what .npy files hold. Element (i, j, ...) of an array is element (i, j, ...) of the memref
 * it is bound to, whatever the order; the order only says where that element is in `data`.
 */
import { elementCount, packedStrides } from '@tlir/ir';
import {
  allocateTypedArray,
  dtypeOfTypedArray,
  numpyName,
  typedArrayHoldsDType,
  type DType,
  type DTypeOfTypedArray,
  type HostTypedArray,
  type TypedArrayOfDType,
} from './dtype.js';

/**
 * Where element (i0, i1, ...) lies in `data`: 'F' (Fortran, column-major: i0 varies fastest, the layout of a
 * memref's default packed strides) or 'C' (row-major: the last index varies fastest, numpy's default).
 */
export type ArrayOrder = 'C' | 'F';

export interface NdArray<D extends DType = DType> {
  readonly dtype: D;
  /** The size of each dimension; `[]` for a single element. */
  readonly shape: readonly number[];
  readonly order: ArrayOrder;
  /** Exactly `elementCount(shape)` elements, in `order`. */
  readonly data: TypedArrayOfDType[D];
}

/** The number of elements of an array of this shape (1 for `[]`): @tlir/ir's, part of the runtime's API. */
export { elementCount };

/** The element strides of a dense array of this shape in this order ('F': column-major, 'C': row-major). */
export function denseStrides(shape: readonly number[], order: ArrayOrder): number[] {
  return packedStrides(shape, order === 'F' ? 'column-major' : 'row-major');
}

/** Formats a shape as the tensor language writes sizes: `4x3`, `scalar` for `[]`. */
export function formatShape(shape: readonly (number | null)[]): string {
  return shape.length === 0 ? 'scalar' : shape.map((s) => (s === null ? '?' : String(s))).join('x');
}

export interface NdArrayOptions<D extends DType> {
  /** Default 'F' (column-major, the memref default). */
  order?: ArrayOrder;
  /** Default: the typed array's own kind; say 'bool' for a Uint8Array of booleans. */
  dtype?: D;
}

/**
 * An array over `data` (not copied), one-dimensional unless a shape is given. Throws a TypeError when the data is not a typed array of the dtype, the
 * shape is not a list of non-negative integers, or the lengths disagree.
 */
export function ndarray<A extends HostTypedArray, D extends DTypeOfTypedArray<A> = DTypeOfTypedArray<A>>(
  data: A,
  shape: readonly number[] = [data.length],
  options: NdArrayOptions<D> = {},
): NdArray<D> {
  const own = dtypeOfTypedArray(data);
  if (own === undefined) throw new TypeError('ndarray: data must be a typed array (Float32Array, Int32Array, ...)');
  const dtype = (options.dtype ?? own) as D;
  if (!typedArrayHoldsDType(data, dtype)) {
    throw new TypeError(`ndarray: a ${data.constructor.name} cannot hold ${numpyName(dtype)} elements`);
  }
  for (const size of shape) {
    if (!Number.isSafeInteger(size) || size < 0) {
      throw new TypeError(`ndarray: shape [${shape.join(', ')}] is not a list of non-negative integers`);
    }
  }
  const count = elementCount(shape);
  if (data.length !== count) {
    throw new TypeError(`ndarray: shape ${formatShape(shape)} has ${count} elements, the data ${data.length}`);
  }
  return { dtype, shape: [...shape], order: options.order ?? 'F', data: data as unknown as TypedArrayOfDType[D] };
}

/** A zero-filled array. */
export function zeros<D extends DType>(dtype: D, shape: readonly number[], order: ArrayOrder = 'F'): NdArray<D> {
  const data = allocateTypedArray(dtype, elementCount(shape));
  return { dtype, shape: [...shape], order, data };
}

/** The position in `data` of element `index` (one index per dimension, each within its size). */
export function dataIndex(array: NdArray, index: readonly number[]): number {
  if (index.length !== array.shape.length) {
    throw new RangeError(`index [${index.join(', ')}] has ${index.length} entries; the array has ${array.shape.length} dimensions`);
  }
  const strides = denseStrides(array.shape, array.order);
  let at = 0;
  for (let k = 0; k < index.length; k++) {
    const i = index[k]!;
    if (!Number.isInteger(i) || i < 0 || i >= array.shape[k]!) {
      throw new RangeError(`index [${index.join(', ')}] is outside shape ${formatShape(array.shape)}`);
    }
    at += i * strides[k]!;
  }
  return at;
}

/** Element `index` of the array. */
export function getElement<D extends DType>(array: NdArray<D>, index: readonly number[]): TypedArrayOfDType[D][number] {
  return array.data[dataIndex(array, index)] as TypedArrayOfDType[D][number];
}

/** The same elements in the other order (a copy); the array itself when it already has that order. */
export function withOrder<D extends DType>(array: NdArray<D>, order: ArrayOrder): NdArray<D> {
  if (array.order === order) return array;
  if (array.shape.length <= 1) return { ...array, order }; // one dimension: the same data in either order
  const result = zeros(array.dtype, array.shape, order);
  const from = denseStrides(array.shape, array.order);
  const to = denseStrides(array.shape, order);
  const src = array.data as unknown as ArrayLike<number | bigint> & { length: number };
  const dst = result.data as unknown as { [i: number]: number | bigint };
  forEachIndex(array.shape, (index) => {
    let a = 0;
    let b = 0;
    for (let k = 0; k < index.length; k++) {
      a += index[k]! * from[k]!;
      b += index[k]! * to[k]!;
    }
    dst[b] = src[a]!;
  });
  return result;
}

/** Calls `visit` with every index of the shape, the first dimension varying fastest (the index array is reused). */
export function forEachIndex(shape: readonly number[], visit: (index: readonly number[]) => void): void {
  if (elementCount(shape) === 0) return;
  const index = new Array<number>(shape.length).fill(0);
  for (;;) {
    visit(index);
    let k = 0;
    while (k < shape.length) {
      if (++index[k]! < shape[k]!) break;
      index[k] = 0;
      k++;
    }
    if (k === shape.length) return;
  }
}
