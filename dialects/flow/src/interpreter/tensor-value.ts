// The runtime value of a ranked tensor (`tensor<4x?xf32>`): its sizes and its elements in row-major order. Tensors
// are values: an op that "changes" one makes a new tensor, so a TensorValue's elements are never written after the
// op that made it returns.
import { DYNAMIC, RankedTensorType, elementCount, packedStrides, type Type } from '@tlir/ir';
import { Memory, fault, type ExecutionContext, type RuntimeObject, type RuntimeValue } from '@tlir/interpreter';

/** `4x3` (`scalar` for rank 0). */
export const shapeText = (shape: readonly number[]): string => (shape.length ? shape.join('x') : 'scalar');

export class TensorValue implements RuntimeObject {
  readonly runtimeKind = 'tensor';

  /** A tensor over `memory` (row-major, exactly `elementCount(shape)` elements). */
  constructor(
    readonly elementType: Type,
    readonly shape: readonly number[],
    readonly memory: Memory,
  ) {
    if (memory.length !== elementCount(shape)) throw new Error(`a tensor of shape ${shapeText(shape)} over ${memory.length} elements`);
  }

  /**
   * A new tensor whose elements are undefined until written: reading one never written is a runtime error. Only the
   * op making the tensor writes them (`TensorValue.build`). Its memory is labelled with the op running in `ctx`.
   */
  static uninitialized(ctx: ExecutionContext, elementType: Type, shape: readonly number[]): TensorValue {
    for (const d of shape) if (!Number.isSafeInteger(d) || d < 0) fault(`cannot make a tensor of shape ${shapeText(shape)}`);
    return new TensorValue(elementType, [...shape], ctx.allocate(elementType, elementCount(shape), 'program'));
  }

  /** A new tensor whose element at row-major position `i` is `element(i)`. */
  static build(ctx: ExecutionContext, elementType: Type, shape: readonly number[], element: (i: number) => number | bigint): TensorValue {
    const t = TensorValue.uninitialized(ctx, elementType, shape);
    for (let i = 0; i < t.memory.length; i++) t.memory.store(i, element(i));
    return t;
  }

  /** A tensor holding host data (row-major), for arguments: `TensorValue.fromHost(f32, [2, 2], [1, 2, 3, 4])`. */
  static fromHost(elementType: Type, shape: readonly number[], data: ArrayLike<number | bigint | boolean>, label = 'tensor'): TensorValue {
    if (data.length !== elementCount(shape)) fault(`${label}: ${data.length} elements for shape ${shapeText(shape)}`);
    return new TensorValue(elementType, [...shape], Memory.fromValues(elementType, data, label));
  }

  get rank(): number {
    return this.shape.length;
  }

  get size(): number {
    return this.memory.length;
  }

  /** The row-major position of `indices`; a RuntimeFault when one is out of bounds. */
  position(indices: readonly number[]): number {
    if (indices.length !== this.shape.length) fault(`${indices.length} indices for a tensor of rank ${this.shape.length}`);
    let p = 0;
    for (let k = 0; k < indices.length; k++) {
      const i = indices[k]!;
      const d = this.shape[k]!;
      if (!(i >= 0 && i < d)) fault(`index ${i} is out of bounds for dimension ${k} of size ${d} (tensor ${shapeText(this.shape)})`);
      p = p * d + i;
    }
    return p;
  }

  /** Element `i` in row-major order (a RuntimeFault if it was never written). */
  at(i: number): number | bigint {
    return this.memory.load(i);
  }

  /** A copy with its own memory (the elements never written stay so). */
  copy(label = this.memory.label): TensorValue {
    return new TensorValue(this.elementType, this.shape, this.memory.clone(label));
  }

  /** The same elements with another shape of as many elements. */
  withShape(shape: readonly number[]): TensorValue {
    if (elementCount(shape) !== this.size) fault(`cannot view ${this.size} elements (tensor ${shapeText(this.shape)}) as ${shapeText(shape)}`);
    return new TensorValue(this.elementType, [...shape], this.memory);
  }

  /** The elements in row-major order. */
  toArray(): (number | bigint)[] {
    return Array.from({ length: this.size }, (_, i) => this.memory.load(i));
  }

  describe(): string {
    return `tensor ${shapeText(this.shape)} of ${this.elementType}`;
  }
}

export function isTensorValue(v: RuntimeValue): v is TensorValue {
  return v instanceof TensorValue;
}

/**
 * What is wrong with `shape` (of elements of `elementType`) as the shape of a value of the tensor `type`, or
 * undefined: the element type, the rank and the static sizes must agree.
 */
export function tensorShapeProblem(type: RankedTensorType, elementType: Type, shape: readonly number[]): string | undefined {
  if (elementType !== type.elementType) return `the element type is ${elementType}, not ${type.elementType}`;
  if (shape.length !== type.shape.length) return `the rank is ${shape.length}, not ${type.shape.length}`;
  for (let i = 0; i < shape.length; i++) {
    const d = type.shape[i]!;
    if (d !== DYNAMIC && d !== shape[i]) return `dimension ${i} has size ${shape[i]}, not ${d}`;
  }
  return undefined;
}

/** The registry's check of tensor values (null for types other than ranked tensors). */
export function tensorValueCheck(type: Type, v: RuntimeValue): string | undefined | null {
  if (!(type instanceof RankedTensorType)) return null;
  if (!isTensorValue(v)) return `expected a tensor, got ${typeof v === 'object' ? v.describe() : typeof v}`;
  return tensorShapeProblem(type, v.elementType, v.shape);
}

/** The shape of a value of `type` whose dynamic sizes are `dims` (in order); a RuntimeFault for a negative size. */
export function shapeOf(type: RankedTensorType, dims: readonly RuntimeValue[]): number[] {
  let next = 0;
  return type.shape.map((d) => {
    if (d !== DYNAMIC) return d;
    const v = dims[next++];
    if (typeof v !== 'number') fault(`internal: a dynamic size of ${type} is missing`);
    if (v < 0) fault(`a negative size (${v}) for a dimension of ${type}`);
    return v;
  });
}

/** A RuntimeFault unless `tensor` has the shape `type` with `dims` gives (what the op says its operand is). */
export function checkTensorShape(tensor: TensorValue, type: RankedTensorType, dims: readonly RuntimeValue[], what: string): void {
  const expected = shapeOf(type, dims);
  if (expected.length !== tensor.rank || expected.some((d, i) => d !== tensor.shape[i])) {
    fault(`${what} has shape ${shapeText(tensor.shape)}, but the op gives ${shapeText(expected)} (${type} with its dynamic sizes)`);
  }
}
