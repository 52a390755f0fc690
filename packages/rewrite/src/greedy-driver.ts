import { Attribute, ConstantLike, Operation, type Block, type InsertionPoint, type OpFoldResult, type Region, type Value } from '@tlir/ir';
import { ConstantFolder, constantOpValue, foldOperation, materializeConstant } from './fold.js';
import { freezePatterns, type FrozenRewritePatternSet, type PatternsInput } from './pattern.js';
import { simplifyRegions } from './region-utils.js';
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
    let continueRewrites = false;
    let iteration = 0;
    do {
      if (this.maxIterations !== -1 && iteration >= this.maxIterations) break;
      iteration++;
      this.worklist.clear();
      this.populate();
      continueRewrites = this.processWorklist();
      if ((this.config.regionSimplification ?? 'normal') !== 'disabled') {
        // MLIR's simplifyRegions: unreachable blocks, then dead ops and block arguments.
        continueRewrites = simplifyRegions(this.rewriter, [this.region]) || continueRewrites;
      }
    } while (continueRewrites);
    return { converged: !continueRewrites, changed: this.anyChange, iterations: iteration };
  }

  /** Fills the worklist with the region's ops; constants are uniqued and hoisted first (MLIR's order). */
  private populate(): void {
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
    if (!this.config.topDown) {
      forEachOpIn(this.region, (op) => {
        if (!erasedAsDuplicate(op)) this.addToWorklist(op);
      }, 'post');
    } else {
      // In pre-order an op's ancestors are already in the worklist: add the op alone.
      forEachOpIn(this.region, (op) => {
        if (erasedAsDuplicate(op)) return 'skip';
        this.addSingle(op);
        return undefined;
      }, 'pre');
      // Popping from the back then processes the ops in order.
      this.worklist.reverse();
    }
  }

  private processWorklist(): boolean {
    let changed = false;
    let numRewrites = 0;
    const rewriter = this.rewriter;
    for (;;) {
      if (this.maxNumRewrites !== -1 && numRewrites >= this.maxNumRewrites) break;
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
      if (this.patterns.matchAndRewrite(op, rewriter)) {
        changed = true;
        numRewrites++;
      }
    }
    return changed;
  }

  /** Replaces `op` by its fold results, materializing constants before it; false if a constant cannot be made. */
  private replaceWithFoldResults(op: Operation, results: readonly OpFoldResult[]): boolean {
    const rewriter = this.rewriter;
    rewriter.setInsertionPoint(op);
    const replacements: Value[] = [];
    const created: Operation[] = [];
    for (let i = 0; i < results.length; i++) {
      const r = results[i]!;
      const type = op.getResult(i).type;
      if (!(r instanceof Attribute)) {
        if (r.type !== type) throw new Error(`fold of '${op.name}' replaced result #${i} of type ${type} with a value of type ${r.type}`);
        replacements.push(r);
        continue;
      }
      const c = materializeConstant(rewriter, op.opName.dialect, r, type, op.loc);
      if (!c) {
        for (const x of created) rewriter.eraseOp(x);
        return false;
      }
      created.push(c);
      replacements.push(c.results[0]!);
    }
    rewriter.replaceOp(op, replacements);
    return true;
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
  private addOperandsToWorklist(op: Operation): void {
    for (const v of op.operandValues) {
      const def = v.definingOp;
      if (def === null) continue;
      let otherUser: Operation | null = null;
      let moreThanOne = false;
      for (let u = v.firstUse; u !== null; u = u.nextUse) {
        const user = u.owner;
        if (user === op || user === otherUser) continue;
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
    this.listener?.onOperationInserted?.(op, previous);
    if (this.strictMode === 'existing-and-new-ops') this.strictOps!.add(op);
    this.addToWorklist(op);
  }

  onBlockInserted(block: Block): void {
    this.anyChange = true;
    this.listener?.onBlockInserted?.(block);
  }

  onOperationModified(op: Operation): void {
    this.anyChange = true;
    this.listener?.onOperationModified?.(op);
    this.addToWorklist(op);
  }

  onOperationReplaced(op: Operation, replacement: readonly Value[]): void {
    this.anyChange = true;
    this.listener?.onOperationReplaced?.(op, replacement);
  }

  onOperationErased(op: Operation): void {
    this.anyChange = true;
    this.listener?.onOperationErased?.(op);
    this.addOperandsToWorklist(op);
    this.worklist.remove(op);
    // Only constants are the folder's (a trait flag is cheaper than its map, and most erased ops are not).
    if (this.folder !== undefined && op.hasTrait(ConstantLike)) this.folder.notifyRemoval(op);
    this.strictOps?.delete(op);
  }

  onBlockErased(block: Block): void {
    this.anyChange = true;
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
        if (fn(op) !== 'skip' && !op.isErased) for (const r of op.regions) forEachOpIn(r, fn, order);
      } else {
        for (const r of op.regions) forEachOpIn(r, fn, order);
        fn(op);
      }
      op = next;
    }
    b = nextBlock;
  }
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
  const result: GreedyRewriteResult = { converged: true, changed: false, iterations: 0 };
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
