// The meaning of arith's float ops on runtime values: IEEE 754 in the type's precision. Every result is computed
// on the exact double values and rounded once to the type, which for +, -, *, / and fmod is the correctly rounded
// result of the type (a double has more than twice the precision of every narrower kind); NaNs follow the
// folders' APFloat rules (fold/apfloat.ts), so interpreting and folding agree.
import type { FloatKind } from '@tlir/ir';
import { roundToKind } from '@tlir/interpreter';
import * as F from '../fold/apfloat.js';
import { AddFOp, DivFOp, MaximumFOp, MaxNumFOp, MinimumFOp, MinNumFOp, MulFOp, RemFOp, SubFOp } from '../float-ops.js';

/** A float op on two values of `kind`, giving a value of `kind`. */
export type FloatBinary = (kind: FloatKind, a: number, b: number) => number;

/** An arithmetic op: `f` on the doubles, NaNs as APFloat propagates them, rounded to the kind. */
const rounded =
  (f: (a: number, b: number) => number): FloatBinary =>
  (kind, a, b) =>
    roundToKind(kind, F.withNaNRules(f(a, b), a, b));

/** The definitions of arith's float binary ops: each has operands `lhs`, `rhs` and a `result`. */
export type FloatBinaryOp =
  | typeof AddFOp
  | typeof SubFOp
  | typeof MulFOp
  | typeof DivFOp
  | typeof RemFOp
  | typeof MaximumFOp
  | typeof MinimumFOp
  | typeof MaxNumFOp
  | typeof MinNumFOp;

export const addf = rounded((a, b) => a + b);
export const mulf = rounded((a, b) => a * b);
export const divf = rounded((a, b) => a / b);

/** arith's float binary ops, by definition. min/max give one of their operands, so there is nothing to round. */
export const FLOAT_BINARY: ReadonlyMap<FloatBinaryOp, FloatBinary> = new Map<FloatBinaryOp, FloatBinary>([
  [AddFOp, addf],
  [SubFOp, rounded((a, b) => a - b)],
  [MulFOp, mulf],
  [DivFOp, divf],
  // JavaScript's % is C's fmod: exact, with the sign of the dividend.
  [RemFOp, rounded((a, b) => a % b)],
  [MaximumFOp, (_kind, a, b) => F.maximum(a, b)],
  [MinimumFOp, (_kind, a, b) => F.minimum(a, b)],
  [MaxNumFOp, (_kind, a, b) => F.maxnum(a, b)],
  [MinNumFOp, (_kind, a, b) => F.minnum(a, b)],
]);
