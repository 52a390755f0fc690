// The runtime value of a krnl sequence (a memref of memrefs, onnx-mlir's lowering of ONNX sequences): a table of
// memref views, one slot per position, empty until an element is stored there.
import { MemRefType, UnrankedMemRefType, formatLocationPrefix, type Operation, type Type } from '@tlir/ir';
import { MemrefView, fault, type RuntimeObject, type RuntimeValue } from '@tlir/interpreter';

export class SequenceValue implements RuntimeObject {
  readonly runtimeKind = 'krnl.sequence';
  private readonly slots: (MemrefView | undefined)[];
  private freedBecause: string | undefined;

  constructor(
    readonly sizes: readonly number[],
    readonly label: string,
  ) {
    this.slots = new Array<MemrefView | undefined>(sizes.reduce((a, b) => a * b, 1)).fill(undefined);
  }

  describe(): string {
    return `sequence ${this.sizes.join('x')} (${this.label})`;
  }

  /** The slot of a position; a RuntimeFault for a freed sequence or a position outside it. */
  private slot(indices: readonly number[]): number {
    if (this.freedBecause !== undefined) fault(`access to ${this.describe()} after it was ${this.freedBecause}`);
    if (indices.length !== this.sizes.length) fault(`${indices.length} positions for a sequence of rank ${this.sizes.length}`);
    let s = 0;
    for (let k = 0; k < indices.length; k++) {
      const i = indices[k]!;
      if (i < 0) fault(`position ${i} of ${this.describe()} is negative (negative ONNX positions are made non-negative before the krnl sequence ops)`);
      if (i >= this.sizes[k]!) fault(`position ${i} is out of bounds for ${this.describe()} of length ${this.sizes[k]}`);
      s = s * this.sizes[k]! + i;
    }
    return s;
  }

  /** The element at a position; a RuntimeFault if none was stored there. */
  get(indices: readonly number[]): MemrefView {
    const e = this.slots[this.slot(indices)];
    if (e === undefined) fault(`position ${indices.join(', ')} of ${this.describe()} holds no element (never stored)`);
    return e;
  }

  set(indices: readonly number[], element: MemrefView): void {
    this.slots[this.slot(indices)] = element;
  }

  /** Frees the sequence and the elements it holds (krnl.seqdealloc: a deep deallocation). */
  free(op: Operation): void {
    if (this.freedBecause !== undefined) fault(`${op.name} of ${this.describe()}, which was already ${this.freedBecause}`);
    const reason = `freed by ${op.name} at ${formatLocationPrefix(op.loc)}`;
    for (const e of this.slots) e?.memory.free(reason);
    this.freedBecause = reason;
  }
}

/** The value check of memrefs of memrefs (registered with the implementations): a sequence of the type's rank. */
export function sequenceValueProblem(type: Type, v: RuntimeValue): string | undefined | null {
  if (!(type instanceof MemRefType || type instanceof UnrankedMemRefType)) return null;
  if (!(type.elementType instanceof MemRefType || type.elementType instanceof UnrankedMemRefType)) return null;
  if (!(v instanceof SequenceValue)) return `expected a krnl sequence (a memref of memrefs), got ${typeof v === 'object' ? v.describe() : v}`;
  if (type instanceof MemRefType && type.shape.length !== v.sizes.length) return `expected a sequence of rank ${type.shape.length}, got ${v.describe()}`;
  return undefined;
}
