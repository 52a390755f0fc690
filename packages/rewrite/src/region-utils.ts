import { BranchOpInterface, GraphRegion, IsolatedFromAbove, Terminator, type Block, type Operation, type Region, type Value } from '@tlir/ir';
import { dropRedundantArguments, mergeIdenticalBlocks } from './block-merging.js';
import type { PatternRewriter } from './rewriter.js';
import { isOpTriviallyDead, wouldOpBeTriviallyDead } from './side-effects.js';

/**
 * Erases the blocks of `regions` (and of the regions nested in them) that cannot be reached from their region's
 * entry block, as MLIR's eraseUnreachableBlocks. Returns whether any block was erased.
 */
export function eraseUnreachableBlocks(rewriter: PatternRewriter, regions: Iterable<Region>): boolean {
  let changed = false;
  const worklist: Region[] = [...regions];
  while (worklist.length) {
    const region = worklist.pop()!;
    const entry = region.firstBlock;
    if (!entry) continue;
    if (entry.nextBlock !== null && eraseUnreachableBlocksOf(rewriter, region)) changed = true;
    for (let b: Block | null = region.firstBlock; b !== null; b = b.nextBlock) pushNestedRegions(b, worklist);
  }
  return changed;
}

const NO_BLOCKS: readonly Block[] = Object.freeze([]);

/** The blocks of `region` (not of the regions nested in it) that its entry block does not reach, in order. */
export function unreachableBlocksOf(region: Region): readonly Block[] {
  const entry = region.firstBlock;
  // A region of one block (most of them: the driver's fill asks for every region) has none, and allocates nothing.
  if (entry === null || entry.nextBlock === null) return NO_BLOCKS;
  const reachable = new Set<Block>([entry]);
  const stack: Block[] = [entry];
  while (stack.length) {
    for (const s of stack.pop()!.successors) {
      if (s.parentRegion === region && !reachable.has(s)) {
        reachable.add(s);
        stack.push(s);
      }
    }
  }
  const dead: Block[] = [];
  for (let b: Block | null = region.firstBlock; b !== null; b = b.nextBlock) if (!reachable.has(b)) dead.push(b);
  return dead;
}

/** Erases the blocks of `region` (not of the regions nested in it) that its entry block does not reach. */
function eraseUnreachableBlocksOf(rewriter: PatternRewriter, region: Region): boolean {
  const dead = unreachableBlocksOf(region);
  if (!dead.length) return false;
  // Unreachable blocks may use each other's values and branch to each other: drop those references first.
  for (const b of dead) b.dropAllReferences();
  for (const b of dead) rewriter.eraseBlock(b);
  return true;
}

function pushNestedRegions(block: Block, out: Region[]): void {
  for (let o: Operation | null = block.firstOp; o !== null; o = o.nextOperation) {
    const regions = o.regions;
    for (let i = 0; i < regions.length; i++) out.push(regions[i]!);
  }
}

let liveStamp = 0;

/**
 * What region DCE proved live: ops (stamped in their `markSlot` with this run's number), and block arguments (an op
 * result is live when its op is, as in MLIR).
 *
 * `changed` says whether another pass is needed: MLIR repeats its passes until one proves nothing new live; here
 * only a fact that contradicts an answer already given counts (something found dead when asked on behalf of a
 * user, and proved live afterwards), which reaches the same fixpoint, usually in one pass instead of two. Ops found
 * dead that way are stamped with the negated run number.
 */
class LiveMap {
  changed = false;
  /** In the current pass: the ops found dead, and the regions of more than one block (reachable ones). */
  deadOps = 0;
  multiBlockRegions: Region[] = [];
  /**
   * Set while the first pass also erases each region's unreachable blocks (`simplifyRegions`) before it looks at
   * the region; `erasedBlocks` says whether it erased any.
   */
  eraseUnreachable: PatternRewriter | undefined = undefined;
  erasedBlocks = false;
  /**
   * The isolated-from-above ops whose regions were not walked because nothing in them can be dead (see
   * `nothingDeadInside`): every op in them counts as live.
   */
  readonly allLive = new Set<Operation>();
  /** The caller's knowledge of ops in which nothing changed since an earlier walk found nothing (see SimplifyRegionsHooks). */
  unchanged: ((op: Operation) => boolean) | undefined = undefined;
  /** Told of each block that loses arguments (see SimplifyRegionsHooks). */
  onArgumentsErased: ((block: Block) => void) | undefined = undefined;
  private readonly stamp = ++liveStamp;
  private readonly args = new Set<Value>();
  private readonly deadArgs = new Set<Value>();

  /** Whether `op` is live, without recording the answer (the op asks about itself). */
  peekOp(op: Operation): boolean {
    return op.markSlot === this.stamp;
  }
  peekValue(v: Value): boolean {
    const def = v.definingOp;
    return def !== null ? def.markSlot === this.stamp : this.args.has(v);
  }
  /** Whether `op` is live, recording a "no" (another value's liveness depends on it). */
  isLiveOp(op: Operation): boolean {
    if (op.markSlot === this.stamp) return true;
    op.markSlot = -this.stamp;
    return false;
  }
  isLiveValue(v: Value): boolean {
    const def = v.definingOp;
    if (def !== null) return this.isLiveOp(def);
    if (this.args.has(v)) return true;
    this.deadArgs.add(v);
    return false;
  }
  setLiveOp(op: Operation): void {
    const m = op.markSlot;
    if (m === this.stamp) return;
    if (m === -this.stamp) this.changed = true;
    op.markSlot = this.stamp;
  }
  setLiveValue(v: Value): void {
    const def = v.definingOp;
    if (def !== null) return this.setLiveOp(def);
    if (this.args.has(v)) return;
    if (this.deadArgs.has(v)) this.changed = true;
    this.args.add(v);
  }
}

/** The blocks of `region` reachable from its entry, in post-order (successors before their predecessors). */
function postOrder(region: Region): Block[] {
  const entry = region.firstBlock;
  if (entry === null) return [];
  if (entry.nextBlock === null) return [entry];
  const out: Block[] = [];
  const seen = new Set<Block>([entry]);
  const stack: { block: Block; succs: Block[]; next: number }[] = [{ block: entry, succs: entry.successors, next: 0 }];
  while (stack.length) {
    const top = stack[stack.length - 1]!;
    if (top.next < top.succs.length) {
      const s = top.succs[top.next++]!;
      if (!seen.has(s)) {
        seen.add(s);
        stack.push({ block: s, succs: s.successors, next: 0 });
      }
    } else {
      out.push(top.block);
      stack.pop();
    }
  }
  return out;
}

/** The block argument a successor operand of a branch feeds, or undefined for its other operands. */
function successorArgumentOf(owner: Operation, operandIndex: number): Value | undefined {
  const branch = BranchOpInterface.get(owner);
  if (!branch) return undefined;
  for (let s = 0; s < owner.numSuccessors; s++) {
    const [start, count] = branch.getSuccessorOperandRange(owner, s);
    if (operandIndex >= start && operandIndex < start + count) return owner.getSuccessor(s).args[operandIndex - start];
  }
  return undefined;
}

function processValue(value: Value, live: LiveMap): void {
  for (let u = value.firstUse; u !== null; u = u.nextUse) {
    const owner = u.owner;
    // A successor operand is live only when the block argument it feeds is (each is an operand of its own phi).
    if (owner.hasTrait(Terminator)) {
      const arg = successorArgumentOf(owner, u.index);
      if (arg !== undefined && !live.isLiveValue(arg)) continue;
    }
    if (live.isLiveOp(owner)) {
      live.setLiveValue(value);
      return;
    }
  }
}

function propagateTerminatorLiveness(op: Operation, live: LiveMap): void {
  live.setLiveOp(op);
  const branch = BranchOpInterface.get(op);
  // The arguments of a successor whose operands cannot be told apart are all live.
  if (!branch) {
    for (const s of op.successors) for (const a of s.args) live.setLiveValue(a);
  }
}

/**
 * Whether no op nested in `op` (an isolated-from-above op) can be dead, without propagating liveness: true when
 * each of its regions, at every depth, is a single block of an SSA region and no op in them is trivially dead
 * (unused and erasable). Liveness then has nothing to find: a dead op's users are dead ops, which come after it
 * (SSA dominance, in one block or in the regions of an op after it), so the last dead op in that order would have
 * no user, and be trivially dead; block arguments (of entry blocks only) are not tracked. Isolation keeps the
 * values defined inside from being used outside, and the other way round. A single read-only walk, where
 * propagating liveness touches every user and marks every op: the usual case once the patterns are done (region
 * DCE runs after every iteration of the greedy driver).
 */
function nothingDeadInside(op: Operation): boolean {
  const regions = op.regions;
  for (let i = 0; i < regions.length; i++) {
    const entry = regions[i]!.firstBlock;
    if (entry === null) continue;
    if (entry.nextBlock !== null) return false;
    for (let o = entry.firstOp; o !== null; o = o.nextOperation) {
      if (!o.isRegistered || isOpTriviallyDead(o)) return false;
      if (o.regions.length !== 0 && (o.hasTrait(GraphRegion) || !nothingDeadInside(o))) return false;
    }
  }
  return true;
}

function propagateOpLiveness(op: Operation, live: LiveMap): void {
  const regions = op.regions;
  if (
    regions.length !== 0 &&
    op.hasTrait(IsolatedFromAbove) &&
    ((live.unchanged !== undefined && live.unchanged(op)) || (!op.hasTrait(GraphRegion) && nothingDeadInside(op)))
  ) {
    live.allLive.add(op);
  }
  else for (let i = 0; i < regions.length; i++) propagateRegionLiveness(regions[i]!, live);
  if (op.hasTrait(Terminator)) return propagateTerminatorLiveness(op, live);
  if (live.peekOp(op)) return;
  if (!wouldOpBeTriviallyDead(op)) {
    live.setLiveOp(op);
    return;
  }
  const results = op.results;
  for (let i = 0; i < results.length; i++) processValue(results[i]!, live);
  // Final for this pass: only the op's own visit proves it live.
  if (!live.peekOp(op)) live.deadOps++;
}

function propagateRegionLiveness(region: Region, live: LiveMap): void {
  const entry = region.firstBlock;
  if (entry === null) return;
  if (entry.nextBlock !== null) {
    if (live.eraseUnreachable !== undefined && eraseUnreachableBlocksOf(live.eraseUnreachable, region)) live.erasedBlocks = true;
    live.multiBlockRegions.push(region);
  }
  for (const block of postOrder(region)) {
    // Uses before definitions: the ops from the last, then the arguments.
    for (let op = block.lastOp; op !== null; op = op.prevOperation) propagateOpLiveness(op, live);
    // The entry block's arguments belong to the region's op: they are not tracked.
    if (block.isEntryBlock) continue;
    for (const a of block.args) if (!live.peekValue(a)) processValue(a, live);
  }
}

/** Erases the successor operands of `terminator` whose block arguments are dead. */
function eraseDeadSuccessorOperands(terminator: Operation | null, live: LiveMap): void {
  if (terminator === null) return;
  const branch = BranchOpInterface.get(terminator);
  if (!branch) return;
  for (let s = terminator.numSuccessors - 1; s >= 0; s--) {
    const dest = terminator.getSuccessor(s);
    const [, count] = branch.getSuccessorOperandRange(terminator, s);
    for (let i = count - 1; i >= 0; i--) if (!live.peekValue(dest.args[i]!)) branch.eraseSuccessorOperand(terminator, s, i);
  }
}

/**
 * Erases the arguments of `block` (not an entry block) that nothing live uses. The branches' operands that fed them
 * are gone already (eraseDeadSuccessorOperands). Not a change the rewriter hears of (nor one MLIR counts), so the
 * caller's hook is told.
 */
function eraseDeadArguments(block: Block, live: LiveMap): void {
  let erased = false;
  for (let i = block.numArguments - 1; i >= 0; i--) {
    if (!live.peekValue(block.args[i]!)) {
      block.eraseArgument(i);
      erased = true;
    }
  }
  if (erased && live.onArgumentsErased !== undefined) live.onArgumentsErased(block);
}

function deleteDeadness(rewriter: PatternRewriter, regions: readonly Region[], live: LiveMap): boolean {
  let erased = false;
  for (const region of regions) {
    const entry = region.firstBlock;
    if (entry === null) continue;
    const singleBlock = entry.nextBlock === null;
    for (const block of postOrder(region)) {
      if (!singleBlock) eraseDeadSuccessorOperands(block.lastOp, live);
      for (let op = block.lastOp; op !== null; ) {
        const prev = op.prevOperation;
        if (!live.peekOp(op)) {
          erased = true;
          // Graph regions may use a dead op's results in ops not erased yet: those uses go first.
          for (const r of op.results) while (r.firstUse !== null) r.firstUse.owner.dropAllReferences();
          rewriter.eraseOp(op);
        } else if (op.regions.length !== 0 && !live.allLive.has(op)) {
          erased = deleteDeadness(rewriter, op.regions, live) || erased;
        }
        op = prev;
      }
    }
    for (let b = entry.nextBlock; b !== null; b = b.nextBlock) eraseDeadArguments(b, live);
  }
  return erased;
}

/** What a caller that tracks changes (the greedy driver) tells `simplifyRegions` and learns from it. */
export interface SimplifyRegionsHooks {
  /**
   * Whether nothing changed in the isolated-from-above `op` since an earlier `simplifyRegions` erased nothing in it
   * (and told of no arguments erased): its regions are then not walked, as nothing in them can be dead or unreachable
   * (liveness inside an isolated op depends on that op's contents alone).
   */
  unchanged?: (op: Operation) => boolean;
  /**
   * Told of a block whose arguments changed (dead ones erased with the operands branches passed them; at the
   * aggressive level also arguments added by block merging or dropped as redundant): a change the rewriter's
   * listener does not hear of (MLIR does not count it as one either).
   */
  onArgumentsErased?: (block: Block) => void;
}

/**
 * MLIR's simplifyRegions at its normal level (and, at the aggressive one, block merging after it: see
 * block-merging.ts): `eraseUnreachableBlocks`, then `runRegionDCE`, over `regions` and the
 * regions nested in them, in one walk: each region's unreachable blocks are erased when liveness first reaches the
 * region (before its blocks are looked at, and before the ops around it that dominate it), which leaves what the two
 * in turn would. Returns whether a block or an op was erased.
 */
export function simplifyRegions(
  rewriter: PatternRewriter,
  regions: readonly Region[],
  hooks?: SimplifyRegionsHooks,
  level: 'normal' | 'aggressive' = 'normal',
): boolean {
  const live = new LiveMap();
  live.eraseUnreachable = rewriter;
  live.unchanged = hooks?.unchanged;
  live.onArgumentsErased = hooks?.onArgumentsErased;
  const erasedOps = regionDCE(rewriter, regions, live);
  let changed = live.erasedBlocks || erasedOps;
  if (level === 'aggressive') {
    // MLIR's aggressive level: identical blocks merged, then arguments every predecessor passes the same value dropped.
    if (mergeIdenticalBlocks(rewriter, regions, hooks?.onArgumentsErased)) changed = true;
    if (dropRedundantArguments(rewriter, regions, hooks?.onArgumentsErased)) changed = true;
  }
  return changed;
}

/**
 * Erases the ops whose results nothing live uses and that have no other effect, and the arguments of non-entry
 * blocks that nothing live uses, with the operands branches pass them (MLIR's runRegionDCE). Liveness is propagated
 * to a fixpoint (see LiveMap) over the regions and the regions nested in them: a value is live when a live op uses it, a successor
 * operand only when the argument it feeds is live. Returns whether an op was erased (as MLIR, dropping arguments
 * alone does not count).
 */
export function runRegionDCE(rewriter: PatternRewriter, regions: readonly Region[]): boolean {
  return regionDCE(rewriter, regions, new LiveMap());
}

function regionDCE(rewriter: PatternRewriter, regions: readonly Region[], live: LiveMap): boolean {
  do {
    live.changed = false;
    live.deadOps = 0;
    live.multiBlockRegions = [];
    for (const region of regions) propagateRegionLiveness(region, live);
    // Unreachable blocks are gone after the first pass.
    live.eraseUnreachable = undefined;
  } while (live.changed);
  if (live.deadOps !== 0) return deleteDeadness(rewriter, regions, live);
  // No op to erase (the usual case once the patterns are done): what deleteDeadness would do is only in the regions
  // with several blocks, whose dead arguments and successor operands go.
  for (const region of live.multiBlockRegions) {
    for (const block of postOrder(region)) eraseDeadSuccessorOperands(block.lastOp, live);
    for (let b = region.firstBlock!.nextBlock; b !== null; b = b.nextBlock) eraseDeadArguments(b, live);
  }
  return false;
}
