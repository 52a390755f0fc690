// The rows a loop dealt to work-items writes, so that two such loops writing one buffer can be seen not to meet:
// a tile-buffer copy writes rows [0, n) and its padding rows [n, tile) (convert-krnl-to-scf bounds both loops by
// the same value n), so the padding need not wait for the copy. A loop `scf.for %r = base + f(ids) to ub` (f >= 0,
// as gpu-map-work-items deals loops) whose stores all index one dimension with `%r` (or `%r + x`, x the same
// outside value) writes rows of [base, ub) of that dimension only. Its loads indexed the same way read rows of it
// only: a round of a foreach that reads and writes its own elements (`x[i] = x[i] + g`) touches rows that no other
// round touches, so the rounds need no barrier between them.
import type { Operation, Value } from '@tlir/ir';
import { constantIndex, offsetFrom, spanBound } from './trip-count-bound.js';
import type { ThreadDependence } from './thread-dependence.js';
import { AtomicRMWOp, CopyOp, GenericAtomicRMWOp, LoadOp, StoreOp } from '@tlir/dialect-memref';
import { AddIOp, AndIOp, CmpIOp, CmpIPredicateAttr, ConstantOp as ArithConstantOp, MinUIOp, MulIOp, SubIOp } from '@tlir/dialect-arith';
import { ForOp, IfOp } from '@tlir/dialect-scf';
import { ThreadIdOp } from '@tlir/dialect-gpu';

/**
 * Rows `[lower + offset, upper + offset)` of dimension `position` of `memref`; `previousIterationOf`: rows of an
 * earlier iteration of that loop (the lower and upper values were the loop's induction variable then), and
 * `opaque` when they lay within no one iteration and their values may have been others then: nothing is known of
 * them.
 */
export interface RowRange {
  readonly memref: Value;
  readonly position: number;
  readonly offset: Value | undefined;
  readonly lower: Value | number;
  readonly upper: Value;
  /** The rows also lie within `[lower + offset, lower + offset + limit)` (a tile's point loop, `min(T, ub - lower)`). */
  readonly limit?: number;
  readonly previousIterationOf?: Operation;
  readonly opaque?: boolean;
}

/** Whether `v` is built from work-item ids and non-negative constants by additions and multiplications (so >= 0). */
function nonNegativeIdExpression(v: Value, depth = 0): boolean {
  if (depth > 8) return false;
  const def = v.definingOp;
  if (!def) return false;
  if (ThreadIdOp.is(def)) return true;
  if (ArithConstantOp.is(def)) return (constantIndex(v) ?? -1) >= 0;
  if (AddIOp.is(def) || MulIOp.is(def)) return def.operands.every((o) => nonNegativeIdExpression(o, depth + 1));
  return false;
}

/** The uniform start of a dealt loop's range: `lb` is `base + f(ids)` or `f(ids)` (base 0). */
function baseOf(lb: Value, deps: ThreadDependence): Value | number | undefined {
  if (nonNegativeIdExpression(lb)) return 0;
  const def = lb.definingOp;
  if (!def || !AddIOp.is(def)) return undefined;
  const [a, b] = def.operands as [Value, Value];
  if (deps.of(a) === 0 && nonNegativeIdExpression(b)) return a;
  if (deps.of(b) === 0 && nonNegativeIdExpression(a)) return b;
  return undefined;
}

/** `x` when `index` is `iv + x` or `x + iv` with x defined outside `loop`; `null` for `iv` itself. */
function pinned(index: Value, isIv: (v: Value) => boolean, loop: Operation): Value | null | undefined {
  if (isIv(index)) return null;
  const def = index.definingOp;
  if (!def || !AddIOp.is(def)) return undefined;
  const [a, b] = def.operands as [Value, Value];
  const outside = (v: Value): boolean => {
    const owner = v.definingOp ?? v.parentBlock?.parentOp;
    return !owner || !loop.isAncestor(owner);
  };
  if (isIv(a) && outside(b)) return b;
  if (isIv(b) && outside(a)) return a;
  return undefined;
}

/** The uniform part of a dealt step's range, and the values its accesses are indexed with (see dealtRows). */
interface DealtRows {
  /** Whether `v` is the index of the work-item's iteration. */
  readonly isIv: (v: Value) => boolean;
  readonly lower: Value | number;
  readonly upper: Value;
  /** The rows also lie within `[lower, lower + limit)`. */
  readonly limit?: number;
}

/** `[u, l]` when `v` is `u - l`. */
function difference(v: Value): [Value, Value] | undefined {
  const def = v.definingOp;
  return def && SubIOp.is(def) ? (def.operands as [Value, Value]) : undefined;
}

/** Whether `v` is `a + b` or `b + a`. */
function isSum(v: Value, a: Value, b: Value): boolean {
  const def = v.definingOp;
  if (!def || !AddIOp.is(def)) return false;
  const [x, y] = def.operands as [Value, Value];
  return (x === a && y === b) || (x === b && y === a);
}

/** The range of `for %iv = lb to ub` dealt to work-items from a uniform base to a uniform bound. */
function rangeFrom(start: Value, ub: Value, iv: Value, deps: ThreadDependence): DealtRows | undefined {
  if (deps.of(start) === 0 || deps.of(ub) !== 0) return undefined;
  const lower = baseOf(start, deps);
  return lower === undefined ? undefined : { isIv: (v) => v === iv, lower, upper: ub };
}

/**
 * The range of the iteration an `scf.if` runs on the work-items whose condition holds (gpu-map-work-items' forms of
 * a loop of at most one iteration per work-item):
 * - `start < ub` (`start` = base + f(ids)): rows [base, ub) indexed by `start`;
 * - `off < ub - lb` (unsigned, or signed; `off` = f(ids) >= 0), alone or with `lb < ub`: rows [lb, ub) indexed by
 *   `lb + off`; `off < minui(c, ub - lb)`: the same rows, also within [lb, lb + c) (a tile's point loop). (This
 *   is how gpu-map-work-items tests `lb + off < ub` where the sum could wrap in a 32-bit index.)
 */
function guardRange(condition: Value, deps: ThreadDependence): DealtRows | undefined {
  const def = condition.definingOp;
  if (def && AndIOp.is(def)) return guardRange(def.operands[0]!, deps) ?? guardRange(def.operands[1]!, deps);
  if (!def || !CmpIOp.is(def)) return undefined;
  const predicate = CmpIPredicateAttr.symbolize(CmpIOp.wrap(def).predicate);
  const [x, y] = def.operands as [Value, Value];
  if (nonNegativeIdExpression(x) && (predicate === 'slt' || predicate === 'ult')) {
    let within: [Value, Value] | undefined = difference(y);
    let limit: number | undefined;
    const min = y.definingOp;
    if (!within && min && MinUIOp.is(min)) {
      const [p, q] = min.operands as [Value, Value];
      const [d, c] = difference(p) ? [p, constantIndex(q)] : [q, constantIndex(p)];
      within = difference(d);
      limit = c !== undefined && c >= 0 ? c : undefined;
      if (limit === undefined) within = undefined;
    }
    // The rows of `lb + off` when that sum is computed (gpu-map-work-items computes it before the test); else
    // `off < y` is read as below, the loop from 0 (`y` is then the bound, whatever computes it).
    if (within && [...x.users()].some((o) => AddIOp.is(o) && isSum(o.results[0]!, within![1], x))) {
      const [u, l] = within;
      if (deps.of(u) !== 0 || deps.of(l) !== 0) return undefined;
      return { isIv: (v) => isSum(v, l, x), lower: l, upper: u, ...(limit !== undefined ? { limit } : {}) };
    }
  }
  return predicate === 'slt' ? rangeFrom(x, y, x, deps) : undefined;
}

/** The memref ops besides memref.store that write memory: a loop with one of them writes rows this cannot tell. */
const OTHER_WRITES = [AtomicRMWOp, GenericAtomicRMWOp, CopyOp] as const;

/**
 * The range of `step` when it is a loop dealt to work-items from a uniform base to a uniform bound: `scf.for %iv =
 * lb to ub` (its accesses indexed by the induction variable), that loop under an `scf.if` of its first iteration
 * existing, or an `scf.if` a loop of at most one iteration per work-item becomes (guardRange).
 */
function dealtRows(step: Operation, deps: ThreadDependence): DealtRows | undefined {
  if (step.numResults > 0) return undefined;
  if (ForOp.is(step)) {
    const [lb, ub] = step.operands as [Value, Value];
    const iv = step.regions[0]?.firstBlock?.args[0];
    return iv ? rangeFrom(lb, ub, iv, deps) : undefined;
  }
  if (!IfOp.is(step) || step.regions[1]?.firstBlock?.firstOp?.nextOperation) return undefined;
  const then = step.regions[0]?.firstBlock;
  const only = then?.firstOp;
  // A dealt loop under the scf.if of its first iteration: the condition only narrows the loop's range.
  if (only && ForOp.is(only) && only.nextOperation === then.lastOp && only.nextOperation !== only) return dealtRows(only, deps);
  return guardRange(step.operands[0]!, deps);
}

/** The rows an access of `memref` at `indices` inside `step` touches: one dimension pinned to the iv, else none. */
function pinnedRows(step: Operation, dealt: DealtRows, memref: Value, indices: readonly Value[]): RowRange | undefined {
  const owner = memref.definingOp ?? memref.parentBlock?.parentOp;
  if (owner && step.isAncestor(owner)) return undefined;
  const position = indices.findIndex((i) => pinned(i, dealt.isIv, step) !== undefined);
  if (position < 0) return undefined;
  const offset = pinned(indices[position]!, dealt.isIv, step) ?? undefined;
  return { memref, position, offset, lower: dealt.lower, upper: dealt.upper, ...(dealt.limit !== undefined ? { limit: dealt.limit } : {}) };
}

/**
 * The rows each buffer `step` writes, by memref: defined when `step` is a loop dealt to work-items whose stores
 * all pin one dimension to its induction variable; undefined otherwise.
 */
export function writtenRows(step: Operation, deps: ThreadDependence): RowRange[] | undefined {
  const dealt = dealtRows(step, deps);
  if (!dealt) return undefined;
  const ranges: RowRange[] = [];
  let ok = true;
  step.walk((op) => {
    if (!ok || op === step) return;
    if (!StoreOp.is(op)) {
      if (OTHER_WRITES.some((def) => def.is(op))) ok = false;
      return;
    }
    const rows = pinnedRows(step, dealt, op.operands[1]!, op.operands.slice(2));
    if (rows) ranges.push(rows);
    else ok = false;
  });
  return ok ? ranges : undefined;
}

/**
 * The rows each memref.load in `step` reads, by load, when `step` is a loop dealt to work-items: the loads that
 * index one dimension with its induction variable (or `iv + x`, x from outside the step), as writtenRows's stores,
 * of a memref from outside the step. A load missing from the map reads rows this cannot tell; undefined when `step`
 * is not such a loop. (What else in the step reads memory is the caller's to see.)
 */
export function loadedRows(step: Operation, deps: ThreadDependence): Map<Operation, RowRange> | undefined {
  const dealt = dealtRows(step, deps);
  if (!dealt) return undefined;
  const rows = new Map<Operation, RowRange>();
  step.walk((op) => {
    if (op === step || !LoadOp.is(op)) return;
    const r = pinnedRows(step, dealt, op.operands[0]!, op.operands.slice(1));
    if (r) rows.set(op, r);
  });
  return rows;
}

const constantOf = (v: Value | number): number | undefined => (typeof v === 'number' ? v : constantIndex(v));
/** The same SSA value, or the same constant. */
const same = (a: Value | number, b: Value | number): boolean => a === b || (constantOf(a) !== undefined && constantOf(a) === constantOf(b));

/** Whether `v` is the same in every iteration of `loop`: a constant, or a value defined outside the loop. */
function invariantIn(v: Value | number | undefined, loop: Operation): boolean {
  if (v === undefined || typeof v === 'number') return true;
  const owner = v.definingOp ?? v.parentBlock?.parentOp;
  return !owner || !loop.isAncestor(owner);
}

/**
 * Whether the rows lie within one iteration of `loop` (a loop of a positive constant step s and induction variable
 * iv): `[iv + c, u)` with c >= 0 and u <= iv + s (u = iv + c', or a min() of such), of a memref and at an offset
 * that are the same in every iteration. Rows of different iterations of the loop are then disjoint.
 */
function withinIteration(r: RowRange, loop: Operation): boolean {
  const iv = loop.regions[0]?.firstBlock?.args[0];
  const step = constantIndex(loop.operands[2]!);
  if (!iv || step === undefined || step <= 0 || typeof r.lower === 'number' || r.opaque) return false;
  if (!invariantIn(r.memref, loop) || !invariantIn(r.offset, loop)) return false;
  const c = offsetFrom(r.lower, iv);
  if (c === undefined || c < 0) return false;
  const span = spanBound(iv, r.upper);
  return (span !== undefined && span <= step) || (r.limit !== undefined && c + r.limit <= step);
}

/**
 * The rows as an earlier iteration of `loop` touched them: marked so when they lie within one iteration; as they
 * are when their values are the same in every iteration (the same rows then); else opaque.
 */
export function asPreviousIteration(r: RowRange, loop: Operation): RowRange {
  if (withinIteration(r, loop)) return { ...r, previousIterationOf: loop };
  if (!r.opaque && invariantIn(r.memref, loop) && invariantIn(r.offset, loop) && invariantIn(r.lower, loop) && invariantIn(r.upper, loop)) return r;
  return { ...r, opaque: true };
}

/** Whether two row ranges of one memref cannot share an element (one ends where the other starts). */
export function disjointRows(a: RowRange, b: RowRange): boolean {
  if (a.opaque || b.opaque) return false;
  if (a.memref !== b.memref || a.position !== b.position || a.offset !== b.offset) return false;
  // Rows of an earlier iteration of a loop, and rows within the current one.
  const loop = a.previousIterationOf ?? b.previousIterationOf;
  if (loop && (a.previousIterationOf === undefined || b.previousIterationOf === undefined)) {
    const current = a.previousIterationOf ? b : a;
    if (withinIteration(current, loop)) return true;
  }
  if (a.previousIterationOf !== b.previousIterationOf) return false;
  return same(a.upper, b.lower) || same(b.upper, a.lower);
}

/** Whether two row ranges are the same rows of the same memref. */
export function sameRows(a: RowRange, b: RowRange): boolean {
  return (
    a.memref === b.memref &&
    a.position === b.position &&
    a.offset === b.offset &&
    same(a.lower, b.lower) &&
    a.upper === b.upper &&
    a.limit === b.limit &&
    a.previousIterationOf === b.previousIterationOf &&
    a.opaque === b.opaque
  );
}
