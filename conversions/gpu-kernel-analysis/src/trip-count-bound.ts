// A bound on how many iterations a loop `lb to ub step s` runs, read from how its bounds are computed (the forms
// convert-krnl-to-scf makes: `ub = lb + c`, a tile's end `ub = lb + minui(c, n - lb)`, constants; and
// `ub = min(lb + c, n)`). A loop dealt to work-items needs no
// loop of its own when it never runs more iterations than there are work-items: each work-item runs at most one.
import { IntegerAttr, type Value } from '@tlir/ir';
import { getConstantValue } from '@tlir/rewrite';
import { AddIOp, MaxSIOp, MinSIOp, MinUIOp } from '@tlir/dialect-arith';

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

/**
 * `[low, high]` when `v` is a constant in it or `minui(c, x)` (either order) of a constant `0 <= c` (then
 * `0 <= v <= c`, as an unsigned and as a signed number), else undefined.
 */
export function nonNegativeRange(v: Value): { readonly low: number; readonly high: number } | undefined {
  const c = constantIndex(v);
  if (c !== undefined) return c >= 0 ? { low: c, high: c } : undefined;
  const def = v.definingOp;
  if (!def || !MinUIOp.is(def)) return undefined;
  const bounds = def.operands.map(constantIndex).filter((x): x is number => x !== undefined && x >= 0);
  return bounds.length ? { low: 0, high: Math.min(...bounds) } : undefined;
}

/**
 * The values `v` may take, `[low, high]`, when the way it is computed shows them: a constant, and minsi / maxsi /
 * minui of values with known ranges (as convert-krnl-to-scf bounds a tile copy's rows, `max(min(n - t, T), 0)`).
 */
export function valueRange(v: Value, depth = 0): { readonly low: number; readonly high: number } | undefined {
  const c = constantIndex(v);
  if (c !== undefined) return { low: c, high: c };
  const def = v.definingOp;
  if (!def || depth > 8) return undefined;
  if (MinUIOp.is(def)) return nonNegativeRange(v);
  if (!MinSIOp.is(def) && !MaxSIOp.is(def)) return undefined;
  const [a, b] = def.operands.map((o) => valueRange(o, depth + 1));
  if (MinSIOp.is(def)) {
    // min(a, b) <= the high of either, and >= the lower low when both are known.
    const high = Math.min(a?.high ?? Infinity, b?.high ?? Infinity);
    return a && b ? { low: Math.min(a.low, b.low), high } : high === Infinity ? undefined : { low: -Infinity, high };
  }
  const low = Math.max(a?.low ?? -Infinity, b?.low ?? -Infinity);
  return a && b ? { low, high: Math.max(a.high, b.high) } : low === -Infinity ? undefined : { low, high: Infinity };
}

/**
 * `m` when `ub` is `lb + m` (either order) with `m` non-negative by construction (nonNegativeRange): the loop
 * `lb to ub` then runs over `[lb, lb + m)`, whatever the width its sum is computed in.
 */
export function nonNegativeSpan(lb: Value, ub: Value): Value | undefined {
  const def = ub.definingOp;
  if (!def || !AddIOp.is(def)) return undefined;
  const [a, b] = def.operands as [Value, Value];
  if (a === lb && nonNegativeRange(b)) return b;
  if (b === lb && nonNegativeRange(a)) return a;
  return undefined;
}

/** An upper bound on `ub - lb`, when the way they are computed shows one. */
export function spanBound(lb: Value, ub: Value): number | undefined {
  const l = constantIndex(lb);
  const u = constantIndex(ub);
  if (l !== undefined && u !== undefined) return u - l;
  const direct = offsetFrom(ub, lb);
  if (direct !== undefined) return direct;
  const span = nonNegativeSpan(lb, ub);
  if (span) return nonNegativeRange(span)!.high;
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
