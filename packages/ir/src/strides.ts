// The strides and element counts of packed (dense) shapes, in either order: the tensor language's column-major
// default and MLIR's row-major one. One place for what the tensor language's types, the interpreter's memory views,
// the flow dialect's tensors and the WebGPU runtime's arrays all compute.
import { DYNAMIC } from './builtin-types.js';

/** Column-major: the first index is contiguous (Fortran, the tensor language); row-major: the last one (C, MLIR). */
export type PackedOrder = 'column-major' | 'row-major';

/**
 * The strides of a packed array of `shape` in `order`. A dynamic size (`dynamic`: MLIR's `DYNAMIC` unless the caller
 * has its own marker, as the tensor language's types do) makes every stride after it dynamic, as a type's layout is
 * then only known at run time.
 */
export function packedStrides(shape: readonly number[], order: PackedOrder, dynamic: number = DYNAMIC): number[] {
  const strides = new Array<number>(shape.length);
  let stride = 1;
  const step = (i: number): void => {
    strides[i] = stride;
    const size = shape[i]!;
    stride = stride === dynamic || size === dynamic ? dynamic : stride * size;
  };
  if (order === 'column-major') for (let i = 0; i < shape.length; i++) step(i);
  else for (let i = shape.length - 1; i >= 0; i--) step(i);
  return strides;
}

/** The number of elements of a shape of known sizes (1 for rank 0). */
export function elementCount(shape: readonly number[]): number {
  let n = 1;
  for (const size of shape) n *= size;
  return n;
}
