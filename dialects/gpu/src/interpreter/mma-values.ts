// The runtime value of !gpu.mma_matrix: the whole matrix, row-major. A subgroup holds one matrix together; in the
// interpreter every work-item holds all of it (the loads and stores are done once for the subgroup, see mma-ops.ts).
import type { Type } from '@tlir/ir';
import { describeRuntimeValue, type RuntimeObject, type RuntimeValue } from '@tlir/interpreter';
import { MMAMatrixType } from '../mma-matrix-type.js';

export class MMAMatrixValue implements RuntimeObject {
  readonly runtimeKind = 'gpu.mma_matrix';

  constructor(
    readonly rows: number,
    readonly cols: number,
    /** Row-major, in the canonical form of the element type. */
    readonly elements: readonly (number | bigint)[],
  ) {}

  at(r: number, c: number): number | bigint {
    return this.elements[r * this.cols + c]!;
  }

  equals(other: MMAMatrixValue): boolean {
    return this.rows === other.rows && this.cols === other.cols && this.elements.every((e, i) => Object.is(e, other.elements[i]) || e === other.elements[i]);
  }

  describe(): string {
    return `an mma matrix ${this.rows}x${this.cols}`;
  }
}

/** The value check of !gpu.mma_matrix: a matrix of the type's shape (null for other types). */
export function mmaValueProblem(type: Type, v: RuntimeValue): string | undefined | null {
  if (!MMAMatrixType.is(type)) return null;
  if (!(v instanceof MMAMatrixValue)) return `expected an mma matrix, got ${describeRuntimeValue(v)}`;
  const [rows, cols] = type.shape;
  if (v.rows !== rows || v.cols !== cols) return `expected a ${rows}x${cols} matrix, got ${v.rows}x${v.cols}`;
  return undefined;
}
