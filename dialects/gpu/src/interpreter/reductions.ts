// How gpu.all_reduce and gpu.subgroup_reduce combine values: each reduction is the arith op of its name (MLIR's
// AllReduceOperation mirrors the arith ops), computed by arith's own semantics, values combined left to right in
// the order of the work-items' linear ids.
import { FloatType, type Type } from '@tlir/ir';
import { applyAtomicRMWKind } from '@tlir/dialect-arith';
import { fault, isRuntimeObject, type RuntimeValue } from '@tlir/interpreter';
import type { AllReduceOperation } from '../gpu-attributes.js';

/** The arith kind (memref.atomic_rmw's names, which applyAtomicRMWKind computes) of each reduction. */
const ARITH_KINDS: Readonly<Record<AllReduceOperation, string | { readonly integer: string; readonly float: string }>> = {
  add: { integer: 'addi', float: 'addf' },
  mul: { integer: 'muli', float: 'mulf' },
  minui: 'minu',
  minsi: 'mins',
  maxui: 'maxu',
  maxsi: 'maxs',
  and: 'andi',
  or: 'ori',
  xor: 'xori',
  minnumf: 'minnumf',
  maxnumf: 'maxnumf',
  minimumf: 'minimumf',
  maximumf: 'maximumf',
};

/** `a op b` in `type`, as the arith op of the reduction computes it. */
export function combine(op: AllReduceOperation, type: Type, a: number | bigint, b: number | bigint): number | bigint {
  const kind = ARITH_KINDS[op];
  const name = typeof kind === 'string' ? kind : type instanceof FloatType ? kind.float : kind.integer;
  return applyAtomicRMWKind(name, type, a, b);
}

/** A scalar runtime value of a reduction (vectors have none in the interpreter). */
export function reductionScalar(op: string, type: Type, v: RuntimeValue): number | bigint {
  if (isRuntimeObject(v)) fault(`'${op}' of ${type}: the interpreter has scalar values only (no vectors)`);
  return v;
}

/** The reduction of `values` (at least one), left to right. */
export function reduce(op: AllReduceOperation, type: Type, values: readonly (number | bigint)[]): number | bigint {
  let acc = values[0]!;
  for (let i = 1; i < values.length; i++) acc = combine(op, type, acc, values[i]!);
  return acc;
}
