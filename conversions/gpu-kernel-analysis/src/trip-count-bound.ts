// A bound on how many iterations a loop `lb to ub step s` runs, read from how its bounds are computed (the forms
// convert-krnl-to-scf makes: `ub = lb + c`, `ub = min(lb + c, n)`, constants). A loop dealt to work-items needs no
// loop of its own when it never runs more iterations than there are work-items: each work-item runs at most one.
import { IntegerAttr, type Value } from '@tlir/ir';
import { getConstantValue } from '@tlir/rewrite';
import { AddIOp, MinSIOp, MinUIOp } from '@tlir/dialect-arith';

/** The value of an index or integer constant, if `v` is one. */
export function constantIndex(v: Value): number | undefined {
  const c = getConstantValue(v);
  return c instanceof IntegerAttr ? Number(c.value) : undefined;
}

/** `c` when `v` is `base + c` (or `c + base`) with a constant `c`; 0 when `v` is `base`. */
export function offsetFrom(v: Value, base: Value): number | undefined {
  if (v === base) return 0;
  const def = v.definingOp;
  if (!def || !AddIOp.is(def)) return undefined;
  const [a, b] = def.operands as [Value, Value];
  if (a === base) return constantIndex(b);
  if (b === base) return constantIndex(a);
  return undefined;
}

/** An upper bound on `ub - lb`, when the way they are computed shows one. */
export function spanBound(lb: Value, ub: Value): number | undefined {
  const l = constantIndex(lb);
  const u = constantIndex(ub);
  if (l !== undefined && u !== undefined) return u - l;
  const direct = offsetFrom(ub, lb);
  if (direct !== undefined) return direct;
  const def = ub.definingOp;
  if (def && (MinSIOp.is(def) || MinUIOp.is(def))) {
    const bounds = def.operands.map((o) => spanBound(lb, o)).filter((x): x is number => x !== undefined);
    return bounds.length ? Math.min(...bounds) : undefined;
  }
  return undefined;
}

/** An upper bound on the trip count of `lb to ub step step` (step a positive constant), or undefined. */
export function tripCountBound(lb: Value, ub: Value, step: Value): number | undefined {
  const s = constantIndex(step);
  if (s === undefined || s <= 0) return undefined;
  const span = spanBound(lb, ub);
  if (span === undefined) return undefined;
  return span <= 0 ? 0 : Math.ceil(span / s);
}
