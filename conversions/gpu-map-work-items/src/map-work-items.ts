// Dealing a kernel's work to its work-items (docs/lowering-to-gpu.md, "Work-items"). Before, a gpu.func kernel
// reads as the program of its whole work-group, in program order; after, it is the program of one work-item:
//
// - an scf.parallel loop with `krnl.mapping = [#krnl<processor workitem_x>]` runs iteration `lb + t * step` on the
//   work-item of thread id `t` along x, then every `bx` iterations further on (`scf.for %i = lb + t*step to ub step
//   bx*step`); when the loop never has more iterations than work-items along x, `scf.if (lb + t*step < ub)`. Where
//   `lb + t*step` could pass 2^31 (a 32-bit index wraps there: WGSL's), the test is `t*step < ub - lb` instead, and
//   the loop runs under it (see iterationExists).
//   `workgroup_*` mappings use the block id and the grid size; a loop without a mapping is dealt over the linear id
//   of the work-items it may still use (x fastest). Nested loops take further dimensions.
// - code outside parallel loops belongs to the whole work-group: what only computes values, reads memory or writes
//   a work-item's private memory is replicated (every work-item runs it); a loop that writes shared memory with
//   independent iterations (loop-independence.ts: a tile-buffer copy, a memset) is dealt over the linear id of the
//   work-items; any other write to shared memory runs on the first work-item only (`scf.if` of the ids being 0),
//   so that no work-item repeats another's store.
//
// Barriers are gpu-insert-barriers' job: this pass leaves the work-items racing.
import { AddIOp, AndIOp, CmpIOp, CmpIPredicateAttr, ConstantOp, MulIOp, SubIOp } from '@tlir/dialect-arith';
import { parallelLoopMapping, type Processor } from '@tlir/dialect-krnl';
import { AllReduceOp, BarrierOp, ShuffleOp, SubgroupReduceOp } from '@tlir/dialect-gpu';
import { ExecuteRegionOp, ForOp, IfOp, IndexSwitchOp, ParallelOp, ReduceOp, WhileOp, YieldOp } from '@tlir/dialect-scf';
import type { Size3 } from '@tlir/dialect-flow';
import { Builder, getMemoryAccesses, IndexType, IntegerAttr, IntegerType, Terminator, type Block, type Location, type Operation, type Value } from '@tlir/ir';
import { getMemoryEffects } from '@tlir/rewrite';
import { kernelBlockSize, isDistributableLoop, memoryRoot, constantIndex, nonNegativeSpan, tripCountBound, valueRange } from '@tlir/gpu-kernel-analysis';
import { WorkItemIds } from './work-item-ids.js';
import type { ThreadDims } from '@tlir/gpu-kernel-analysis';

/** Region ops every work-item may run alike, whose regions the mapping enters. */
const REPLICATED_CONTROL = [ForOp, IfOp, WhileOp, ExecuteRegionOp, IndexSwitchOp] as const;
/** Region ops that are cheap to replicate even when they hold shared writes (their regions run at most once). */
const BRANCHES = [IfOp, ExecuteRegionOp, IndexSwitchOp] as const;
/** Ops every work-item of a work-group must reach together: never put on one work-item. */
const COLLECTIVE_OPS = [BarrierOp, AllReduceOp, SubgroupReduceOp, ShuffleOp] as const;
/** Whether `op` is of one of `defs`. */
const isOneOf = (defs: readonly { is(op: Operation): boolean }[], op: Operation): boolean => defs.some((d) => d.is(op));


/** Whether `op` (not counting nested ops) writes memory another work-item could see, or may write anything. */
function writesSharedMemory(op: Operation): boolean {
  if (isOneOf(COLLECTIVE_OPS, op)) return false;
  // The ops that say which memref they access (MemoryAccessOpInterface): where the memref they write (or free) lives.
  const accesses = getMemoryAccesses(op);
  if (accesses) return accesses.some((a) => (a.write || a.free) && memoryRoot(a.memref).space !== 'private');
  if (op.numRegions > 0 && isOneOf(REPLICATED_CONTROL, op)) return false;
  const effects = getMemoryEffects(op);
  return effects === undefined || effects.includes('write') || effects.includes('free');
}

/** Whether `op` or an op nested in it writes shared memory. */
function writesSharedMemoryNested(op: Operation): boolean {
  let found = false;
  op.walk((o) => {
    if (!writesSharedMemory(o)) return undefined;
    found = true;
    return 'interrupt';
  });
  return found;
}

/** Whether `op` holds work dealt to work-items, or ops all work-items must reach together. */
function holdsWorkItemCode(op: Operation): boolean {
  let found = false;
  op.walk((o) => {
    if (o === op || (!ParallelOp.is(o) && !isOneOf(COLLECTIVE_OPS, o))) return undefined;
    found = true;
    return 'interrupt';
  });
  return found;
}

const DIMENSION_NAMES = ['x', 'y', 'z'] as const;

/** 2^31: a 32-bit index (WGSL's) holds [-2^31, 2^31). */
const INT32_LIMIT = 2 ** 31;

/** How one dimension of a parallel loop is dealt: the id of the work-item (or group) and how many there are. */
interface Dealing {
  readonly id: Value;
  readonly count: number | Value;
}

class WorkItemMapper {
  private readonly b: Builder;
  private readonly all: ThreadDims;
  ok = true;

  constructor(
    readonly kernel: Operation,
    readonly size: Size3,
    readonly ids: WorkItemIds,
  ) {
    this.b = new Builder(kernel.context);
    this.all = size.reduce((m, s, d) => (s > 1 ? m | (1 << d) : m), 0);
  }

  private fail(op: Operation, message: string): void {
    op.emitError(`gpu-map-work-items: ${message}`);
    this.ok = false;
  }

  private get index(): IndexType {
    return IndexType.get(this.b.context);
  }

  /** The dimensions of work-items not yet used by the parallel loops around. */
  private free(used: ThreadDims): ThreadDims {
    return this.all & ~used;
  }

  private constant(n: number, loc: Location): Value {
    return ConstantOp.create(this.b, { value: IntegerAttr.get(this.b.context, this.index, n), result: this.index, loc }).result;
  }

  private add(a: Value, c: Value, loc: Location): Value {
    if (constantIndex(c) === 0) return a;
    if (constantIndex(a) === 0) return c;
    return AddIOp.create(this.b, { lhs: a, rhs: c, result: this.index, loc }).result;
  }

  private mul(a: Value, c: Value | number, loc: Location): Value {
    const [x, y] = [constantIndex(a), typeof c === 'number' ? c : constantIndex(c)];
    if (x !== undefined && y !== undefined) return this.constant(x * y, loc);
    if (y === 1) return a;
    if (x === 1 && typeof c !== 'number') return c;
    return MulIOp.create(this.b, { lhs: a, rhs: typeof c === 'number' ? this.constant(c, loc) : c, result: this.index, loc }).result;
  }

  mapBlock(block: Block, used: ThreadDims): void {
    for (const op of block.opsArray()) this.mapOp(op, used);
  }

  private mapOp(op: Operation, used: ThreadDims): void {
    if (op.hasTrait(Terminator)) return;
    if (ParallelOp.is(op)) return this.mapParallel(op, used);
    if (op.numRegions > 0 && holdsWorkItemCode(op)) {
      if (!isOneOf(REPLICATED_CONTROL, op)) return this.fail(op, `'${op.name}' holds parallel loops or barriers, which only scf control flow may hold`);
      for (const r of op.regions) for (let b = r.firstBlock; b; b = b.nextBlock) this.mapBlock(b, used);
      return;
    }
    const free = this.free(used);
    if (free === 0 || !writesSharedMemoryNested(op)) return;
    if (ForOp.is(op) && isDistributableLoop(op)) return this.distributeLoop(op, free);
    if (isOneOf(BRANCHES, op)) {
      for (const r of op.regions) for (let b = r.firstBlock; b; b = b.nextBlock) this.mapBlock(b, used);
      return;
    }
    this.guard(op, free);
  }

  /** `scf.if (first work-item along free) { op }`. */
  private guard(op: Operation, free: ThreadDims): void {
    if (op.results.some((r) => r.numUses > 0)) {
      return this.fail(op, `'${op.name}' writes shared memory, so one work-item must run it, but every work-item uses its results`);
    }
    const first = this.ids.isFirst(free);
    this.b.setInsertionPoint(op);
    const guard = IfOp.create(this.b, { condition: first, results: [], loc: op.loc }).op;
    const then = this.b.createBlock(guard.regions[0]!);
    this.b.setInsertionPointToEnd(then);
    const yieldOp = YieldOp.create(this.b, { results: [], loc: op.loc }).op;
    op.moveBefore(yieldOp);
  }

  /**
   * Whether the iteration `lb + off` of a loop ending at `ub` exists (`off >= 0`, the work-item's offset from the
   * loop's start), tested without computing `lb + off`, which passes the index type's largest value (and wraps:
   * WGSL's index is 32 bits) when `ub` is near it:
   * - `ub = lb + m` with `m >= 0` by construction (a constant, or a tile's end `lb + minui(T, n - lb)`, as
   *   convert-krnl-to-scf makes it): `off < m`;
   * - otherwise `lb < ub` and `off < ub - lb` unsigned (with `lb < ub`, `ub - lb` is exact as an unsigned number).
   */
  private iterationExists(lb: Value, ub: Value, off: Value, loc: Location): Value {
    const i1 = IntegerType.get(this.b.context, 1);
    const cmp = (predicate: 'slt' | 'ult', lhs: Value, rhs: Value): Value =>
      CmpIOp.create(this.b, { predicate: CmpIPredicateAttr.get(this.b.context, predicate), lhs, rhs, result: i1, loc }).result;
    const span = nonNegativeSpan(lb, ub);
    if (span) return cmp('slt', off, span);
    const nonEmpty = cmp('slt', lb, ub);
    const left = SubIOp.create(this.b, { lhs: ub, rhs: lb, result: this.index, loc }).result;
    return AndIOp.create(this.b, { lhs: nonEmpty, rhs: cmp('ult', off, left), result: i1, loc }).result;
  }

  /**
   * Whether `lb + id * step` stays below 2^31 for every id of `dealing`: `lb` is 0, or its range and the largest
   * offset (a constant step, a known number of work-items) leave room. Then `lb + off < ub` may be tested as such.
   */
  private startCannotWrap(lb: Value, step: Value, dealing: Dealing): boolean {
    if (constantIndex(lb) === 0) return true;
    const range = valueRange(lb);
    const s = constantIndex(step);
    if (!range || s === undefined || s < 0 || typeof dealing.count !== 'number') return false;
    return range.low >= -INT32_LIMIT && range.high + (dealing.count - 1) * s < INT32_LIMIT;
  }

  /** `scf.if (condition)` at the builder's insertion point, with an empty then block (ended by its yield). */
  private ifThen(condition: Value, loc: Location): Block {
    const guard = IfOp.create(this.b, { condition, results: [], loc }).op;
    return this.b.withInsertionPoint(() => {
      const then = this.b.createBlock(guard.regions[0]!);
      this.b.setInsertionPointToEnd(then);
      YieldOp.create(this.b, { results: [], loc });
      return then;
    });
  }

  /**
   * A loop over `lb to ub step step` dealt by `dealing`, built at the builder's insertion point: the block its body
   * goes in (before its terminator) and the induction variable. A work-item runs iterations `lb + off`, `lb + off +
   * stride`, ... (`off = id * step`, `stride = count * step`): under `scf.if` of the first one existing when no
   * work-item runs more than one, else in `scf.for %i = lb + off to ub step stride` (whose increment the WGSL
   * translation keeps from wrapping), itself under that `scf.if` unless `lb + off` cannot wrap (`lb = 0`).
   */
  private dealtLoop(lb: Value, ub: Value, step: Value, dealing: Dealing, loc: Location): { block: Block; iv: Value } {
    const off = this.mul(dealing.id, step, loc);
    const start = this.add(lb, off, loc);
    const exact = this.startCannotWrap(lb, step, dealing);
    const first = (): Value =>
      exact
        ? CmpIOp.create(this.b, { predicate: CmpIPredicateAttr.get(this.b.context, 'slt'), lhs: start, rhs: ub, result: IntegerType.get(this.b.context, 1), loc }).result
        : this.iterationExists(lb, ub, off, loc);
    const bound = tripCountBound(lb, ub, step);
    if (typeof dealing.count === 'number' && bound !== undefined && bound <= dealing.count) {
      // No work-item runs more than one iteration.
      return { block: this.ifThen(first(), loc), iv: start };
    }
    const stride = this.mul(step, dealing.count, loc);
    if (!exact) this.b.setInsertionPoint(this.ifThen(first(), loc).lastOp!);
    const loop = ForOp.create(this.b, { lowerBound: start, upperBound: ub, step: stride, initArgs: [], results: [], loc }).op;
    const block = this.b.withInsertionPoint(() => {
      const body = this.b.createBlock(loop.regions[0]!, [this.index], [loc]);
      this.b.setInsertionPointToEnd(body);
      YieldOp.create(this.b, { results: [], loc });
      return body;
    });
    return { block, iv: block.args[0]! };
  }

  /** How dimension `k` of a parallel loop mapped to `processor` is dealt; updates the used dimensions. */
  private dealing(op: Operation, processor: Processor | undefined, k: number, used: { dims: ThreadDims }): Dealing | undefined {
    if (processor?.startsWith('workitem_')) {
      const d = DIMENSION_NAMES.indexOf(processor.slice(9) as 'x');
      if (used.dims & (1 << d)) {
        this.fail(op, `the loop is mapped to work-items along ${DIMENSION_NAMES[d]}, which a parallel loop around it already deals`);
        return undefined;
      }
      used.dims |= 1 << d;
      return { id: this.ids.threadId(d), count: this.size[d]! };
    }
    if (processor?.startsWith('workgroup_')) {
      const d = DIMENSION_NAMES.indexOf(processor.slice(10) as 'x');
      return { id: this.ids.blockId(d), count: this.ids.gridDim(d) };
    }
    if (k > 0) return { id: this.ids.constant(0), count: 1 };
    const free = this.free(used.dims);
    used.dims |= free;
    return { id: this.ids.linearId(free), count: this.ids.count(free) };
  }

  private mapParallel(op: Operation, usedOutside: ThreadDims): void {
    const body = op.regions[0]!.firstBlock!;
    const n = body.numArguments;
    if (op.numResults > 0 || op.operands.length > 3 * n) return this.fail(op, 'a parallel loop with reductions cannot be dealt to work-items');
    const mapping = parallelLoopMapping(op);
    if (mapping && mapping.length !== n) return this.fail(op, `the loop has ${n} dimensions but its krnl.mapping names ${mapping.length} processors`);
    const used = { dims: usedOutside };
    const dealings: Dealing[] = [];
    for (let k = 0; k < n; k++) {
      const d = this.dealing(op, mapping?.[k], k, used);
      if (!d) return;
      dealings.push(d);
    }
    const loc = op.loc;
    this.b.setInsertionPoint(op);
    let inner: Block | undefined;
    const ivs: Value[] = [];
    for (let k = 0; k < n; k++) {
      const { block, iv } = this.dealtLoop(op.operands[k]!, op.operands[n + k]!, op.operands[2 * n + k]!, dealings[k]!, loc);
      ivs.push(iv);
      inner = block;
      this.b.setInsertionPoint(block.lastOp!);
    }
    const terminator = inner!.lastOp!;
    for (const o of body.opsArray()) {
      if (o === body.lastOp && ReduceOp.is(o)) continue;
      o.moveBefore(terminator);
    }
    body.args.forEach((a, k) => a.replaceAllUsesWith(ivs[k]!));
    op.erase();
    this.mapDealtBody(inner!, used.dims);
  }

  /**
   * The body of a loop dealt along some dimensions runs on every work-item along the others. When it writes shared
   * memory and deals nothing further, the first work-item along the others runs all of it: the others would only
   * repeat its work (and read what it writes meanwhile).
   */
  private mapDealtBody(block: Block, used: ThreadDims): void {
    const free = this.free(used);
    const ops = block.opsArray().filter((o) => !o.hasTrait(Terminator));
    if (free === 0 || !ops.some((o) => writesSharedMemoryNested(o)) || ops.some((o) => holdsWorkItemCode(o) || ParallelOp.is(o))) {
      return this.mapBlock(block, used);
    }
    const loc = ops[0]!.loc;
    this.b.setInsertionPoint(block.lastOp!);
    const guard = IfOp.create(this.b, { condition: this.ids.isFirst(free), results: [], loc }).op;
    const then = this.b.createBlock(guard.regions[0]!);
    this.b.setInsertionPointToEnd(then);
    const yieldOp = YieldOp.create(this.b, { results: [], loc }).op;
    for (const o of ops) o.moveBefore(yieldOp);
  }

  /** A loop of the work-group with independent iterations, dealt over the linear id of the `free` work-items. */
  private distributeLoop(loop: Operation, free: ThreadDims): void {
    const [lb, ub, step] = loop.operands as [Value, Value, Value];
    const loc = loop.loc;
    this.b.setInsertionPoint(loop);
    const { block, iv } = this.dealtLoop(lb, ub, step, { id: this.ids.linearId(free), count: this.ids.count(free) }, loc);
    const body = loop.regions[0]!.firstBlock!;
    const terminator = block.lastOp!;
    for (const o of body.opsArray()) {
      if (o === body.lastOp && YieldOp.is(o)) continue;
      o.moveBefore(terminator);
    }
    body.args[0]!.replaceAllUsesWith(iv);
    loop.erase();
  }
}

/**
 * Deals the work of a gpu.func kernel to its work-items (its known_block_size). Returns false after reporting what
 * cannot be dealt (no known block size, reductions, nested loops mapped to one dimension ...).
 */
export function mapWorkItems(kernel: Operation): boolean {
  const size = kernelBlockSize(kernel);
  if (!size) {
    kernel.emitError('gpu-map-work-items: the kernel has no known_block_size: the work-group size its work is dealt to');
    return false;
  }
  const entry = kernel.regions[0]?.firstBlock;
  if (!entry) return true;
  const mapper = new WorkItemMapper(kernel, size, new WorkItemIds(kernel, size, kernel.loc));
  for (const r of kernel.regions) for (let b = r.firstBlock; b; b = b.nextBlock) mapper.mapBlock(b, 0);
  return mapper.ok;
}
