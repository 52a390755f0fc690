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
import { AddIOp, CmpIOp, ConstantOp as ArithConstantOp, MulIOp } from '@tlir/dialect-arith';
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
function pinned(index: Value, iv: Value, loop: Operation): Value | null | undefined {
  if (index === iv) return null;
  const def = index.definingOp;
  if (!def || !AddIOp.is(def)) return undefined;
  const [a, b] = def.operands as [Value, Value];
  const outside = (v: Value): boolean => {
    const owner = v.definingOp ?? v.parentBlock?.parentOp;
    return !owner || !loop.isAncestor(owner);
  };
  if (a === iv && outside(b)) return b;
  if (b === iv && outside(a)) return a;
  return undefined;
}

/**
 * The range a loop dealt to work-items runs over, and the value its stores are indexed with: `scf.for %iv = lb to
 * ub` (the induction variable), or the `scf.if (start < ub)` a loop of at most one iteration per work-item becomes
 * (`start`).
 */
function dealtRange(step: Operation, deps: ThreadDependence): { start: Value; ub: Value; iv: Value } | undefined {
  if (step.numResults > 0) return undefined;
  if (ForOp.is(step)) {
    const [lb, ub] = step.operands as [Value, Value];
    const iv = step.regions[0]?.firstBlock?.args[0];
    return iv ? { start: lb, ub, iv } : undefined;
  }
  if (!IfOp.is(step) || step.regions[1]?.firstBlock?.firstOp?.nextOperation) return undefined;
  const cond = step.operands[0]!.definingOp;
  if (!cond || !CmpIOp.is(cond) || Number(CmpIOp.wrap(cond).predicate.value) !== 2) return undefined;
  const [start, ub] = cond.operands as [Value, Value];
  return { start, ub, iv: start };
}

/** The memref ops besides memref.store that write memory: a loop with one of them writes rows this cannot tell. */
const OTHER_WRITES = [AtomicRMWOp, GenericAtomicRMWOp, CopyOp] as const;

/** The uniform part of a dealt step's range, and the value its accesses are indexed with (see dealtRange). */
interface DealtRows {
  readonly iv: Value;
  readonly lower: Value | number;
  readonly upper: Value;
}

/** The range of `step` when it is a loop dealt to work-items from a uniform base to a uniform bound. */
function dealtRows(step: Operation, deps: ThreadDependence): DealtRows | undefined {
  const range = dealtRange(step, deps);
  if (!range) return undefined;
  const { start: lb, ub, iv } = range;
  if (deps.of(lb) === 0 || deps.of(ub) !== 0) return undefined;
  const lower = baseOf(lb, deps);
  return lower === undefined ? undefined : { iv, lower, upper: ub };
}

/** The rows an access of `memref` at `indices` inside `step` touches: one dimension pinned to the iv, else none. */
function pinnedRows(step: Operation, dealt: DealtRows, memref: Value, indices: readonly Value[]): RowRange | undefined {
  const owner = memref.definingOp ?? memref.parentBlock?.parentOp;
  if (owner && step.isAncestor(owner)) return undefined;
  const position = indices.findIndex((i) => pinned(i, dealt.iv, step) !== undefined);
  if (position < 0) return undefined;
  return { memref, position, offset: pinned(indices[position]!, dealt.iv, step) ?? undefined, lower: dealt.lower, upper: dealt.upper };
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
  const span = spanBound(iv, r.upper);
  return c !== undefined && c >= 0 && span !== undefined && span <= step;
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
    a.previousIterationOf === b.previousIterationOf &&
    a.opaque === b.opaque
  );
}
