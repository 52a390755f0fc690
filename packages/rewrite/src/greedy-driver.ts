import { Attribute, Commutative, ConstantLike, IsolatedFromAbove, Operation, type Block, type InsertionPoint, type OpFoldResult, type OperationName, type Region, type Value } from '@tlir/ir';
import { ConstantFolder, constantOpValue, foldOperation, materializeConstant } from './fold.js';
import { freezePatterns, type FrozenRewritePatternSet, type PatternsInput } from './pattern.js';
import { simplifyRegions, unreachableBlocksOf, type SimplifyRegionsHooks } from './region-utils.js';
import { PatternRewriter, type RewriterListener } from './rewriter.js';
import { isOpTriviallyDead } from './side-effects.js';

/** How far the greedy driver may go beyond the ops it started with (MLIR's GreedyRewriteStrictness). */
export type GreedyRewriteStrictness = 'any-op' | 'existing-and-new-ops' | 'existing-ops';

/** Control-flow clean-up between iterations (MLIR's GreedySimplifyRegionLevel). */
export type RegionSimplificationLevel = 'disabled' | 'normal' | 'aggressive';

/** How the greedy driver runs (MLIR's GreedyRewriteConfig); every field has a default. */
export interface GreedyRewriteConfig {
  /** Seed the worklist in pre-order, so ops are processed top-down (default false: bottom-up, users first). */
  topDown?: boolean;
  /** Maximum number of iterations (worklist fill + drain); -1: no limit. Default 10. */
  maxIterations?: number;
  /** Maximum number of successful pattern applications per iteration; -1: no limit (default). */
  maxNumRewrites?: number;
  /** Erase unreachable blocks after each iteration (default 'normal'). */
  regionSimplification?: RegionSimplificationLevel;
  /** Fold ops through their definitions' fold hooks (default true). */
  fold?: boolean;
  /** Unique constants and hoist them to the entry block of their insertion region (default true). */
  cseConstants?: boolean;
  /** Which ops may be rewritten (default 'any-op'). */
  strictMode?: GreedyRewriteStrictness;
  /** Told about every change, besides the driver itself. */
  listener?: RewriterListener;
  /** What to do when the iteration limit is reached without a fixpoint (default 'warning' on the root op). */
  nonConvergence?: 'ignore' | 'warning' | 'error';
  /**
   * Isolated-from-above ops directly in the regions rewritten, opaque to the patterns (`opaqueToPatterns`), whose
   * insides the patterns were already applied to until nothing changed, with this configuration (a pass's
   * interleaved runs, see PassRun.interleaved): the driver leaves their insides out, as it leaves out those of a
   * function that the previous iteration did not change.
   */
  convergedIsolatedOps?: ReadonlySet<Operation>;
  /**
   * An earlier run of the same patterns over part of the IR (an interleaved run on one of `convergedIsolatedOps`)
   * reached the iteration limit: this run reports it as its own non-convergence (`nonConvergence`, `converged`).
   */
  unconvergedBefore?: boolean;
}

/**
 * Whether the greedy driver can change an op named `name` only by erasing it: no fold hook, not commutative
 * (operands are sorted), no pattern in `patterns`.
 */
export function opaqueToPatterns(name: OperationName, patterns: FrozenRewritePatternSet): boolean {
  return name.def?.fold === undefined && !name.hasTrait(Commutative) && patterns.patternsFor(name).length === 0;
}

/** What a greedy rewrite did. */
export interface GreedyRewriteResult {
  /** Whether a fixpoint was reached (the last iteration changed nothing). */
  converged: boolean;
  /** Whether the IR changed at all. */
  changed: boolean;
  /** Iterations run. */
  iterations: number;
}

/**
 * A LIFO worklist of operations with O(1) membership test and removal (removed entries become null and are
 * skipped), as in MLIR's greedy driver. An op's position is kept in its `worklistSlot` (not cleaned on pop): an op
 * is in the list when the entry at its recorded position is still that op, and that position was not popped.
 *
 * MLIR fills the list in pre-order and reverses it, so that popping from the back processes the ops in order. Here
 * `reverse` only marks the filled part as read from the front (`front` up to `filledEnd`), which processes it in the
 * same order without touching every op again: what is pushed afterwards goes on the back and is popped first, as
 * it would be on top of the reversed list.
 */
class Worklist {
  private list: (Operation | null)[] = [];
  /** The part read from the front: entries before `front` are popped; `filledEnd` is 0 unless reversed. */
  private front = 0;
  private filledEnd = 0;

  clear(): void {
    this.list = [];
    this.front = 0;
    this.filledEnd = 0;
  }

  private has(op: Operation): number {
    const i = op.worklistSlot;
    return i >= 0 && i < this.list.length && this.list[i] === op && (i >= this.filledEnd || i >= this.front) ? i : -1;
  }

  push(op: Operation): void {
    if (this.has(op) >= 0) return;
    op.worklistSlot = this.list.length;
    this.list.push(op);
  }

  /** The next op, or undefined when the worklist is empty. */
  pop(): Operation | undefined {
    const list = this.list;
    while (list.length > this.filledEnd) {
      const op = list.pop()!;
      if (op !== null) return op;
    }
    while (this.front < this.filledEnd) {
      const op = list[this.front++]!;
      if (op !== null) return op;
    }
    // Empty: the filled part is all popped, what is pushed next starts a plain stack.
    if (this.filledEnd !== 0) this.clear();
    return undefined;
  }

  remove(op: Operation): void {
    const i = this.has(op);
    if (i >= 0) this.list[i] = null;
  }

  /** Makes the ops pushed so far come out in the order they were pushed (see above). */
  reverse(): void {
    this.front = 0;
    this.filledEnd = this.list.length;
  }
}

/**
 * The greedy worklist driver for one region (MLIR's RegionPatternRewriteDriver). Each iteration fills the
 * worklist with the region's ops (uniquing and hoisting constants on the way), then processes ops until the
 * worklist is empty: a trivially dead op is erased; otherwise the op is folded, or else the best matching
 * pattern is applied. Whatever a change touches (new ops, modified ops, users of replaced values, defining ops
 * of operands that lost a use) goes back on the worklist. Iterations repeat until one changes nothing.
 */
class GreedyPatternRewriteDriver implements RewriterListener {
  private readonly rewriter: PatternRewriter;
  private readonly worklist = new Worklist();
  private readonly strictOps: Set<Operation> | undefined;
  private readonly maxIterations: number;
  private readonly maxNumRewrites: number;
  private readonly fold: boolean;
  private readonly cseConstants: boolean;
  private readonly strictMode: GreedyRewriteStrictness;
  private readonly listener: RewriterListener | undefined;
  /**
   * The constants uniqued so far, kept across iterations (as MLIR's driver keeps its OperationFolder): the
   * constants it owns sit at the front of their region's entry block, where each iteration's walk meets them
   * first, so a fresh folder would make the same choices. Erased constants are dropped from it (onOperationErased).
   */
  private readonly folder: ConstantFolder | undefined;
  private anyChange = false;
  /**
   * Unchanged isolated ops (see `skipsInside`): the ops of the driver's region (its top-level ops) that changed in
   * the current iteration after the worklist was filled (`changedTops`, or any op when `changeUnplaced`), and those of
   * the previous iteration (`previousChangedTops`; undefined: every op counts as changed, so nothing is skipped).
   */
  private changedTops = new Set<Operation>();
  private changeUnplaced = false;
  private previousChangedTops: Set<Operation> | undefined = undefined;
  /** The iteration under way, from 1. */
  private iteration = 0;
  /** Tracking changes since the fill (the fill's own changes precede every op's processing). */
  private trackChanges = false;
  /** The region's ops whose contents this iteration skipped and which changed all the same (see `noteChange`). */
  private changedWhileSkipped: Operation[] | undefined = undefined;
  /** Set when one of those was not erased: skipping stops for the rest of the run (see `noteChange`). */
  private skipUnsound = false;
  /**
   * What this iteration's fill met of unreachable blocks (see `eraseUnreachable`): the region's ops with a region
   * inside them that has some, and whether the driver's region itself has some.
   */
  private unreachableTops: Set<Operation> | undefined = undefined;
  private unreachableInRegion = false;
  private readonly simplifyHooks: SimplifyRegionsHooks = {
    unchanged: (op) => this.skipsInside(op) && !this.changedTops.has(op),
    onArgumentsErased: (block) => this.noteChange(block.parentOp),
  };

  constructor(
    private readonly region: Region,
    private readonly patterns: FrozenRewritePatternSet,
    private readonly config: GreedyRewriteConfig,
  ) {
    const parent = region.parentOp;
    if (!parent) throw new Error('applyPatternsGreedily: the region has no parent op');
    this.rewriter = new PatternRewriter(parent.context, this);
    this.maxIterations = config.maxIterations ?? 10;
    this.maxNumRewrites = config.maxNumRewrites ?? -1;
    this.fold = config.fold ?? true;
    this.cseConstants = config.cseConstants ?? true;
    this.strictMode = config.strictMode ?? 'any-op';
    this.listener = config.listener;
    this.folder = this.cseConstants ? new ConstantFolder(this.rewriter) : undefined;
    if (this.strictMode !== 'any-op') {
      const ops = (this.strictOps = new Set());
      forEachOpIn(region, (op) => void ops.add(op), 'post');
    }
  }

  run(): GreedyRewriteResult {
    try {
      return this.iterate();
    } finally {
      // The constants' slots go back, for the next driver's folder (fold.ts, ConstantFolder.release).
      this.folder?.release();
    }
  }

  private iterate(): GreedyRewriteResult {
    let continueRewrites = false;
    do {
      if (this.maxIterations !== -1 && this.iteration >= this.maxIterations) break;
      this.iteration++;
      this.worklist.clear();
      this.trackChanges = false;
      this.populate();
      this.trackChanges = true;
      // As MLIR's driver, at every level of region simplification: unreachable blocks go before the worklist is
      // processed (their ops may use their own results, `%x = arith.addi %x, %c0`, on which folds and patterns
      // could go on forever).
      const erasedBlocks = this.eraseUnreachable();
      const drained = this.processWorklist();
      continueRewrites = drained.changed || erasedBlocks;
      if ((this.config.regionSimplification ?? 'normal') !== 'disabled') {
        // MLIR's simplifyRegions: unreachable blocks, then dead ops and block arguments.
        const level = this.config.regionSimplification === 'aggressive' ? 'aggressive' : 'normal';
        continueRewrites = simplifyRegions(this.rewriter, [this.region], this.simplifyHooks, level) || continueRewrites;
      }
      if (this.changedWhileSkipped !== undefined) {
        if (this.changedWhileSkipped.some((op) => !op.isErased)) this.skipUnsound = true;
        this.changedWhileSkipped = undefined;
      }
      // What the next iteration may skip: only known when every op was processed (no rewrite limit reached).
      this.previousChangedTops = drained.complete && !this.changeUnplaced && !this.skipUnsound ? this.changedTops : undefined;
      this.changedTops = new Set();
      this.changeUnplaced = false;
    } while (continueRewrites);
    return { converged: !continueRewrites, changed: this.anyChange, iterations: this.iteration };
  }

  /** Fills the worklist with the region's ops; constants are uniqued and hoisted first (MLIR's order). */
  private populate(): void {
    this.unreachableTops = undefined;
    this.unreachableInRegion = unreachableBlocksOf(this.region).length !== 0;
    const folder = this.folder;
    // Whether `op` was a duplicate constant, now erased.
    const erasedAsDuplicate = (op: Operation): boolean => {
      if (!folder || !op.hasTrait(ConstantLike)) return false;
      const value = constantOpValue(op);
      if (value === undefined) return false;
      const moved = op.parentBlock;
      const before = op.prevOperation;
      const kept = folder.insertKnownConstant(op, value);
      if (!kept || op.parentBlock !== moved || op.prevOperation !== before) this.anyChange = true;
      return !kept;
    };
    // The region's ops one by one: the contents of those unchanged since an iteration that changed nothing in them
    // are left out (see `skipsInside`); the ops themselves are not.
    if (!this.config.topDown) {
      const visit = (op: Operation): void => {
        if (op.regions.length !== 0) this.noteUnreachableIn(op);
        if (!erasedAsDuplicate(op)) this.addToWorklist(op);
      };
      for (let b = this.region.firstBlock; b !== null; ) {
        const nextBlock = b.nextBlock;
        for (let op = b.firstOp; op !== null; ) {
          const next = op.nextOperation;
          if (!this.skipsInside(op)) forEachOpInRegions(op, visit, 'post');
          visit(op);
          op = next;
        }
        b = nextBlock;
      }
    } else {
      // In pre-order an op's ancestors are already in the worklist: add the op alone.
      const visit = (op: Operation): 'skip' | undefined => {
        if (op.regions.length !== 0) this.noteUnreachableIn(op);
        if (erasedAsDuplicate(op)) return 'skip';
        this.addSingle(op);
        return undefined;
      };
      for (let b = this.region.firstBlock; b !== null; ) {
        const nextBlock = b.nextBlock;
        for (let op = b.firstOp; op !== null; ) {
          const next = op.nextOperation;
          if (visit(op) !== 'skip' && !op.isErased && !this.skipsInside(op)) forEachOpInRegions(op, visit, 'pre');
          op = next;
        }
        b = nextBlock;
      }
      // Popping from the back then processes the ops in order.
      this.worklist.reverse();
    }
  }

  /** Records (for `eraseUnreachable`) whether a region of `op`, an op the fill met, has unreachable blocks. */
  private noteUnreachableIn(op: Operation): void {
    const regions = op.regions;
    for (let i = 0; i < regions.length; i++) {
      if (unreachableBlocksOf(regions[i]!).length === 0) continue;
      let top = op;
      while (top.parentRegion !== this.region && top.parentOp !== null) top = top.parentOp;
      (this.unreachableTops ??= new Set()).add(top);
      return;
    }
  }

  /**
   * Erases the unreachable blocks of the driver's region and of the regions nested in it, in the order and with
   * the notifications of MLIR's `eraseUnreachableBlocks` as its driver calls it before processing the worklist:
   * regions from a stack (the driver's region first; a region's nested regions pushed in order, so the last is
   * looked at first), a region's dead blocks in order, each block's values dropped before its ops are erased last
   * to first. An erased op puts the ops defining its remaining operands on the worklist as any erasure does
   * (`addOperandsToWorklist`); those defined in the dead blocks count as dropped, as in MLIR. Only the region's ops
   * in which the fill met unreachable blocks are looked into (the others have none; the fill does not change
   * control flow). Returns whether a block was erased.
   */
  private eraseUnreachable(): boolean {
    const tops = this.unreachableTops;
    if (!this.unreachableInRegion && tops === undefined) return false;
    let erased = false;
    const stack: Region[] = [this.region];
    while (stack.length) {
      const region = stack.pop()!;
      if (this.eraseDeadBlocks(region)) erased = true;
      for (let b = region.firstBlock; b !== null; b = b.nextBlock) {
        for (let o = b.firstOp; o !== null; o = o.nextOperation) {
          if (region === this.region && tops?.has(o) !== true) continue;
          const regions = o.regions;
          for (let i = 0; i < regions.length; i++) stack.push(regions[i]!);
        }
      }
    }
    return erased;
  }

  /** Erases the blocks of `region` its entry does not reach (see `eraseUnreachable`); whether there were any. */
  private eraseDeadBlocks(region: Region): boolean {
    const dead = unreachableBlocksOf(region);
    if (dead.length === 0) return false;
    const dropped = new Set<Value>();
    const gone = new Set<Operation>();
    for (const block of dead) {
      addDefinedValues(block, dropped);
      for (let o = block.lastOp; o !== null; o = o.prevOperation) this.eraseTreeOf(o, dropped, gone);
      this.onBlockErased(block);
    }
    // Dead blocks may branch to each other and use each other's values: their references go first.
    for (const block of dead) block.dropAllReferences();
    for (const block of dead) block.erase();
    return true;
  }

  /** The erasure notifications of `op` and of the ops nested in it (nested first, last to first). */
  private eraseTreeOf(op: Operation, dropped: Set<Value>, gone: Set<Operation>): void {
    for (let i = op.regions.length - 1; i >= 0; i--) {
      for (let b = op.regions[i]!.lastBlock; b !== null; b = b.prevBlock) {
        for (let o = b.lastOp; o !== null; o = o.prevOperation) this.eraseTreeOf(o, dropped, gone);
        this.onBlockErased(b);
      }
    }
    this.handleErased(op, dropped, gone);
    gone.add(op);
  }

  /**
   * Whether this iteration leaves out the contents of `op`, one of the region's ops: it is isolated from above, and
   * nothing changed in it since the filling of an iteration that processed every op in it. Processing those ops
   * again would change nothing either: the previous iteration saw each of them in the state they are in now, and
   * found nothing to do (no op dead, no fold, no pattern; region simplification erased nothing), and what a fold or
   * pattern of an op inside may look at is inside too (values do not cross the boundary; a pattern must not read
   * or change another isolated op's contents, as in MLIR, where a pass on isolated ops runs them in parallel). The
   * other ops are then visited in the order and with the outcomes they would have had (an op that changes nothing
   * adds nothing to the worklist), so the result is the same, while the iterations after the first only walk the
   * functions that changed. The constants inside stay known to the folder from their earlier filling.
   *
   * The first iteration leaves out the insides of `config.convergedIsolatedOps` the same way: an earlier run of the
   * same patterns found nothing more to do in them.
   */
  private skipsInside(op: Operation): boolean {
    if (op.regions.length === 0 || op.parentRegion !== this.region) return false;
    const previous = this.previousChangedTops;
    if (previous === undefined) {
      if (this.iteration !== 1 || this.config.convergedIsolatedOps?.has(op) !== true) return false;
    } else if (previous.has(op)) return false;
    // The op itself is processed: only when that cannot change it (no fold, no pattern; it may be erased as dead)
    // are its contents sure to be seen in the state the previous iteration saw them in.
    const name = op.opName;
    return name.hasTrait(IsolatedFromAbove) && opaqueToPatterns(name, this.patterns);
  }

  /**
   * Records a change to `op` (or to something in it) for `skipsInside`: its ancestor among the region's ops changed.
   * A change outside any of them, or to an op whose contents this iteration skipped (a pattern that reached across
   * an isolated op's boundary), leaves nothing to be skipped from then on.
   */
  private noteChange(op: Operation | null): void {
    if (!this.trackChanges) return;
    const scope = this.region;
    let top = op;
    while (top !== null && top.parentRegion !== scope) top = top.parentOp;
    if (top === null) {
      this.changeUnplaced = true;
      return;
    }
    const changed = this.changedTops;
    if (changed.has(top)) return;
    // A change inside an op whose contents this iteration left out, other than its erasure (checked at the end of
    // the iteration): a pattern reached across an isolated op's boundary, which the skipping relies on not happening.
    if (this.skipsInside(top)) (this.changedWhileSkipped ??= []).push(top);
    changed.add(top);
  }

  /** Processes the worklist: whether anything changed, and whether every op in it was processed. */
  private processWorklist(): { changed: boolean; complete: boolean } {
    let changed = false;
    let numRewrites = 0;
    const rewriter = this.rewriter;
    for (;;) {
      if (this.maxNumRewrites !== -1 && numRewrites >= this.maxNumRewrites) return { changed, complete: false };
      const op = this.worklist.pop();
      if (op === undefined) break;
      if (op.isErased) continue; // erased behind the rewriter's back

      if (isOpTriviallyDead(op)) {
        rewriter.eraseOp(op);
        changed = true;
        continue;
      }

      // Constants are not folded: they would fold to their value and be materialized again, forever.
      if (this.fold && !op.hasTrait(ConstantLike)) {
        const outcome = foldOperation(op);
        if (outcome === 'in-place') {
          rewriter.notifyOperationModified(op);
          changed = true;
          continue;
        }
        if (outcome !== undefined && this.replaceWithFoldResults(op, outcome)) {
          changed = true;
          continue;
        }
      }

      // Most ops have no pattern (constants, loads, stores, calls, functions): nothing to set up for them.
      if (this.patterns.patternsFor(op.opName).length === 0) continue;
      rewriter.setInsertionPoint(op);
      rewriter.setLocFrom(op);
      // Where the op is, before the pattern may move or erase it.
      const block = op.parentBlock;
      if (this.patterns.matchAndRewrite(op, rewriter)) {
        changed = true;
        numRewrites++;
        // The rewriter heard of each change; the op's surroundings count as changed too (a pattern that changed
        // something without telling the rewriter is a bug, but not one to make the skipping wrong).
        if (!op.isErased) this.noteChange(op);
        else if (block !== null && block.parentRegion !== this.region) this.noteChange(block.parentOp);
      }
    }
    return { changed, complete: true };
  }

  /** Replaces `op` by its fold results, materializing constants before it; false if a constant cannot be made. */
  private replaceWithFoldResults(op: Operation, results: readonly OpFoldResult[]): boolean {
    const rewriter = this.rewriter;
    rewriter.setInsertionPoint(op);
    const replacements: Value[] = [];
    for (let i = 0; i < results.length; i++) {
      const v = this.foldResultValue(op, i, results[i]!);
      if (v === undefined) {
        // The constants made for the results before this one go again.
        for (let k = 0; k < i; k++) if (results[k] instanceof Attribute) rewriter.eraseOp(replacements[k]!.definingOp!);
        return false;
      }
      replacements.push(v);
    }
    rewriter.replaceOp(op, replacements);
    return true;
  }

  /**
   * The value that replaces result `i` of `op`, folded to `r`: `r` itself, or a constant made for it at the
   * rewriter's insertion point (undefined when the dialect cannot make one). (getResult rather than `results`,
   * which keeps a list on the op.)
   */
  private foldResultValue(op: Operation, i: number, r: OpFoldResult): Value | undefined {
    const type = op.getResult(i).type;
    if (r instanceof Attribute) return materializeConstant(this.rewriter, op.opName.dialect, r, type, op.loc)?.getResult(0);
    if (r.type !== type) throw new Error(`fold of '${op.name}' replaced result #${i} of type ${type} with a value of type ${r.type}`);
    return r;
  }

  // ---- worklist upkeep ------------------------------------------------------------------------------------

  /** Adds `op` and its ancestors up to the driver's region (nothing when `op` is outside it). */
  private addToWorklist(op: Operation): void {
    const scope = this.region;
    // Is `op` inside the scope? (No allocation: this runs for every op, most of them nested in functions.)
    let region: Region | null = op.parentRegion;
    while (region !== null && region !== scope) region = region.parentOp?.parentRegion ?? null;
    if (region === null) return;
    for (let o: Operation | null = op; o !== null && o !== scope.parentOp; o = o.parentOp) this.addSingle(o);
  }

  private addSingle(op: Operation): void {
    if (this.strictOps === undefined || this.strictOps.has(op)) this.worklist.push(op);
  }

  /**
   * The defining ops of `op`'s operands that will have at most one user other than `op` once it is gone: they
   * may be dead or simpler then (MLIR's addOperandsToWorklist; `op`'s own uses, however many, do not count).
   */
  private addOperandsToWorklist(op: Operation, dropped?: Set<Value>, gone?: Set<Operation>): void {
    for (const v of op.operandValues) {
      const def = v.definingOp;
      if (def === null || dropped?.has(v) === true) continue;
      let otherUser: Operation | null = null;
      let moreThanOne = false;
      for (let u = v.firstUse; u !== null; u = u.nextUse) {
        const user = u.owner;
        if (user === op || user === otherUser || gone?.has(user) === true) continue;
        if (otherUser === null) {
          otherUser = user;
          continue;
        }
        moreThanOne = true;
        break;
      }
      if (!moreThanOne) this.addToWorklist(def);
    }
  }

  onOperationInserted(op: Operation, previous?: InsertionPoint): void {
    this.anyChange = true;
    this.noteChange(op);
    if (previous !== undefined) this.noteChange(previous.block.parentOp);
    this.listener?.onOperationInserted?.(op, previous);
    if (this.strictMode === 'existing-and-new-ops') this.strictOps!.add(op);
    this.addToWorklist(op);
  }

  onBlockInserted(block: Block): void {
    this.anyChange = true;
    this.noteChange(block.parentOp);
    this.listener?.onBlockInserted?.(block);
  }

  onOperationModified(op: Operation): void {
    this.anyChange = true;
    this.noteChange(op);
    this.listener?.onOperationModified?.(op);
    this.addToWorklist(op);
  }

  onOperationReplaced(op: Operation, replacement: readonly Value[]): void {
    this.anyChange = true;
    this.noteChange(op);
    this.listener?.onOperationReplaced?.(op, replacement);
  }

  onOperationErased(op: Operation): void {
    this.handleErased(op);
  }

  /**
   * What an erasure of `op` means to the driver. Erasing unreachable blocks gives the values `dropped` (defined in
   * the blocks going, whose uses MLIR drops first) and the ops `gone` before (notified, not yet unlinked).
   */
  private handleErased(op: Operation, dropped?: Set<Value>, gone?: Set<Operation>): void {
    this.anyChange = true;
    this.noteChange(op);
    this.listener?.onOperationErased?.(op);
    this.addOperandsToWorklist(op, dropped, gone);
    this.worklist.remove(op);
    // Only constants are the folder's (a trait flag is cheaper than its map, and most erased ops are not).
    if (this.folder !== undefined && op.hasTrait(ConstantLike)) this.folder.notifyRemoval(op);
    this.strictOps?.delete(op);
  }

  onBlockErased(block: Block): void {
    this.anyChange = true;
    this.noteChange(block.parentOp);
    this.listener?.onBlockErased?.(block);
  }

  onMatchFailure(op: Operation, reason: string): void {
    this.listener?.onMatchFailure?.(op, reason);
  }
}

/**
 * Visits the ops of `region` (not its parent) in pre- or post-order. The callback may erase or move the op it
 * is given (the next op is taken before); in pre-order, 'skip' leaves its regions out.
 */
function forEachOpIn(region: Region, fn: (op: Operation) => 'skip' | void | undefined, order: 'pre' | 'post'): void {
  for (let b = region.firstBlock; b !== null; ) {
    const nextBlock = b.nextBlock;
    for (let op = b.firstOp; op !== null; ) {
      const next = op.nextOperation;
      if (order === 'pre') {
        if (fn(op) !== 'skip' && !op.isErased) forEachOpInRegions(op, fn, order);
      } else {
        forEachOpInRegions(op, fn, order);
        fn(op);
      }
      op = next;
    }
    b = nextBlock;
  }
}

/** `forEachOpIn` for each region of `op` (an indexed loop: an iterator per op visited adds up, 9 MB a run here). */
function forEachOpInRegions(op: Operation, fn: (op: Operation) => 'skip' | void | undefined, order: 'pre' | 'post'): void {
  const regions = op.regions;
  for (let i = 0; i < regions.length; i++) forEachOpIn(regions[i]!, fn, order);
}

/**
 * Applies `patterns` greedily, with folding and dead-code removal, to the ops inside `target` (each region of an
 * op, or one region), until nothing changes or `config.maxIterations` is reached. The op itself is not
 * rewritten. Its regions should be isolated from above (the driver may hoist constants to their entry blocks).
 * Reports non-convergence as `config.nonConvergence` says (a warning on the op by default).
 */
export function applyPatternsGreedily(target: Operation | Region, patterns: PatternsInput, config: GreedyRewriteConfig = {}): GreedyRewriteResult {
  const frozen = freezePatterns(patterns);
  const regions = target instanceof Operation ? target.regions : [target];
  const result: GreedyRewriteResult = { converged: config.unconvergedBefore !== true, changed: false, iterations: 0 };
  for (const region of regions) {
    const r = new GreedyPatternRewriteDriver(region, frozen, config).run();
    result.converged &&= r.converged;
    result.changed ||= r.changed;
    result.iterations = Math.max(result.iterations, r.iterations);
  }
  const report = config.nonConvergence ?? 'warning';
  if (!result.converged && report !== 'ignore') {
    const op = target instanceof Operation ? target : target.parentOp!;
    op.emit(report, `greedy pattern rewrite did not converge after ${config.maxIterations ?? 10} iterations`);
  }
  return result;
}

/** Adds the values defined in `block` (its arguments, its ops' results, and those of the blocks nested in them). */
function addDefinedValues(block: Block, out: Set<Value>): void {
  for (const a of block.args) out.add(a);
  for (let o = block.firstOp; o !== null; o = o.nextOperation) {
    for (let i = 0; i < o.numResults; i++) out.add(o.getResult(i));
    const regions = o.regions;
    for (let i = 0; i < regions.length; i++) for (let b = regions[i]!.firstBlock; b !== null; b = b.nextBlock) addDefinedValues(b, out);
  }
}
