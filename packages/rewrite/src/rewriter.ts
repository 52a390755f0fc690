import {
  Block,
  Builder,
  Operation,
  type BuilderListener,
  type Context,
  type InsertionPoint,
  type IRMapping,
  type OpOperand,
  type OperationInit,
  type OperationState,
  type Region,
  type Value,
} from '@tlir/ir';

/**
 * Told about every change a rewriter makes (MLIR's RewriterBase::Listener). Drivers use it to keep their
 * worklists up to date; tools use it to trace or count rewrites. Every hook is optional.
 */
export interface RewriterListener extends BuilderListener {
  /** `op` was inserted: created, cloned or moved (then `previous` is where it was: its old block and next op). */
  onOperationInserted?(op: Operation, previous?: InsertionPoint): void;
  onBlockInserted?(block: Block): void;
  /** `op` was changed in place (operands, attributes, properties, successors, location). */
  onOperationModified?(op: Operation): void;
  /** The uses of `op`'s results are about to be replaced with `replacement` (one value per result). */
  onOperationReplaced?(op: Operation, replacement: readonly Value[]): void;
  /** `op` is about to be erased (it is still intact); ops nested in it are reported first, innermost first. */
  onOperationErased?(op: Operation): void;
  /** `block` is about to be erased (its ops have been reported already). */
  onBlockErased?(block: Block): void;
  /** A pattern gave up on `op`, for this reason (for tracing; nothing was changed). */
  onMatchFailure?(op: Operation, reason: string): void;
}

/** Forwards every notification to several listeners, in order. */
export function combineListeners(...listeners: (RewriterListener | undefined)[]): RewriterListener | undefined {
  const ls = listeners.filter((l): l is RewriterListener => l !== undefined);
  if (ls.length <= 1) return ls[0];
  return {
    onOperationInserted: (op, previous) => ls.forEach((l) => l.onOperationInserted?.(op, previous)),
    onBlockInserted: (b) => ls.forEach((l) => l.onBlockInserted?.(b)),
    onOperationModified: (op) => ls.forEach((l) => l.onOperationModified?.(op)),
    onOperationReplaced: (op, r) => ls.forEach((l) => l.onOperationReplaced?.(op, r)),
    onOperationErased: (op) => ls.forEach((l) => l.onOperationErased?.(op)),
    onBlockErased: (b) => ls.forEach((l) => l.onBlockErased?.(b)),
    onMatchFailure: (op, reason) => ls.forEach((l) => l.onMatchFailure?.(op, reason)),
  };
}

/**
 * A Builder through which patterns make every change to the IR, so that the driver running them (and any
 * listener) sees each one: creating and inserting ops, replacing, erasing, modifying in place, moving ops
 * and blocks. Changing the IR behind its back (calling `op.erase()` or `op.setOperand` directly) leaves the
 * driver's view stale: use `modifyOpInPlace` for in-place edits.
 */
export class PatternRewriter extends Builder {
  declare listener: RewriterListener | undefined;

  constructor(context: Context, listener?: RewriterListener) {
    super(context);
    this.listener = listener;
  }

  // ---- creation -------------------------------------------------------------------------------------------

  /** Creates `init` right before `op` and replaces `op` with it (its results replace `op`'s, in order). */
  replaceOpWithNewOp(op: Operation, init: OperationInit | OperationState): Operation {
    const newOp = this.withInsertionPoint(() => {
      this.setInsertionPoint(op);
      return this.create('loc' in init && init.loc ? init : { ...init, loc: op.loc });
    });
    this.replaceOp(op, newOp);
    return newOp;
  }

  /** Clones `op` at the insertion point; the listener hears of the clone and of every op nested in it. */
  override clone(op: Operation, mapping?: IRMapping): Operation {
    const c = this.insert(op.clone(mapping));
    if (this.listener?.onOperationInserted && this.insertionBlock !== undefined) {
      for (const r of c.regions) {
        for (let b = r.firstBlock; b !== null; b = b.nextBlock) {
          for (let o = b.firstOp; o !== null; o = o.nextOperation) o.walk((n) => this.listener!.onOperationInserted!(n), 'pre');
        }
      }
    }
    return c;
  }

  // ---- replacing ------------------------------------------------------------------------------------------

  /** Replaces the results of `op` with `values` (or another op's results) and erases `op`. */
  replaceOp(op: Operation, values: readonly Value[] | Operation): void {
    const vs = values instanceof Operation ? values.results : values;
    if (vs.length !== op.numResults) throw new Error(`replacing ${op.numResults} results of '${op.name}' with ${vs.length} values`);
    this.replaceAllOpUsesWith(op, vs);
    this.eraseOp(op);
  }

  /** Replaces every use of `op`'s results (the op stays); the listener hears of the replacement. */
  replaceAllOpUsesWith(op: Operation, values: readonly Value[] | Operation): void {
    const vs = values instanceof Operation ? values.results : values;
    if (vs.length !== op.numResults) throw new Error(`replacing ${op.numResults} results of '${op.name}' with ${vs.length} values`);
    this.listener?.onOperationReplaced?.(op, vs);
    for (let i = 0; i < vs.length; i++) this.replaceAllUsesWith(op.getResult(i), vs[i]!);
  }

  /** Makes every use of `from` use `to`; each user is reported as modified. */
  replaceAllUsesWith(from: Value, to: Value): void {
    if (from === to) return;
    const l = this.listener?.onOperationModified;
    if (!l) return from.replaceAllUsesWith(to);
    while (from.firstUse !== null) {
      const use = from.firstUse;
      use.set(to);
      l.call(this.listener, use.owner);
    }
  }

  /** Replaces the uses of `from` for which `pred` holds. */
  replaceUsesWithIf(from: Value, to: Value, pred: (use: OpOperand) => boolean): void {
    for (const use of from.uses()) {
      if (!pred(use)) continue;
      use.set(to);
      this.listener?.onOperationModified?.(use.owner);
    }
  }

  /** Replaces every use of `from` except those in `except`. */
  replaceAllUsesExcept(from: Value, to: Value, except: Operation): void {
    this.replaceUsesWithIf(from, to, (u) => u.owner !== except);
  }

  // ---- erasing --------------------------------------------------------------------------------------------

  /**
   * Erases `op` and everything nested in it; its results must be unused. The listener hears of each nested op
   * (innermost and last first), then of `op`.
   */
  eraseOp(op: Operation): void {
    if (!op.useEmpty) {
      const r = op.results.find((x) => x.hasUses)!;
      throw new Error(`cannot erase '${op.name}': result #${r.index} still has uses`);
    }
    const l = this.listener;
    if (l?.onOperationErased || l?.onBlockErased) this.notifyErasedTree(op, l);
    op.erase();
  }

  /** Erases `block` and its ops; nothing outside it may use its values or branch to it. */
  eraseBlock(block: Block): void {
    const l = this.listener;
    if (l?.onOperationErased || l?.onBlockErased) {
      for (let o = block.lastOp; o !== null; o = o.prevOperation) this.notifyErasedTree(o, l);
      l.onBlockErased?.(block);
    }
    block.erase();
  }

  private notifyErasedTree(op: Operation, l: RewriterListener): void {
    for (let i = op.regions.length - 1; i >= 0; i--) {
      for (let b = op.regions[i]!.lastBlock; b !== null; b = b.prevBlock) {
        for (let o = b.lastOp; o !== null; o = o.prevOperation) this.notifyErasedTree(o, l);
        l.onBlockErased?.(b);
      }
    }
    l.onOperationErased?.(op);
  }

  // ---- in-place modification ------------------------------------------------------------------------------

  /** Runs `fn`, which changes `op` in place (operands, attributes, ...), and reports `op` as modified. */
  modifyOpInPlace<T>(op: Operation, fn: () => T): T {
    const result = fn();
    this.listener?.onOperationModified?.(op);
    return result;
  }

  /** Reports `op` as modified after an in-place change made directly (prefer `modifyOpInPlace`). */
  notifyOperationModified(op: Operation): void {
    this.listener?.onOperationModified?.(op);
  }

  // ---- moving ops and blocks ------------------------------------------------------------------------------

  /** Moves `op` right before `anchor` (possibly into another block). */
  moveOpBefore(op: Operation, anchor: Operation): void {
    const previous = this.positionOf(op);
    op.moveBefore(anchor);
    this.listener?.onOperationInserted?.(op, previous);
  }

  /** Moves `op` right after `anchor`. */
  moveOpAfter(op: Operation, anchor: Operation): void {
    const previous = this.positionOf(op);
    op.moveAfter(anchor);
    this.listener?.onOperationInserted?.(op, previous);
  }

  /** Moves `op` to the end of `block` (before `before` when given). */
  moveOpToBlock(op: Operation, block: Block, before: Operation | null = null): void {
    const previous = this.positionOf(op);
    op.remove();
    block.insertBefore(op, before);
    this.listener?.onOperationInserted?.(op, previous);
  }

  /**
   * Moves the ops of `source` into `dest` before `before` (null: at the end), replacing the uses of `source`'s
   * arguments with `argValues`, then erases `source`, which must have no predecessors.
   */
  inlineBlockBefore(source: Block, dest: Block, before: Operation | null, argValues: readonly Value[] = []): void {
    if (argValues.length !== source.numArguments) {
      throw new Error(`inlining a block of ${source.numArguments} arguments with ${argValues.length} values`);
    }
    if (!source.hasNoPredecessors) throw new Error('cannot inline a block that still has predecessors');
    if (before && before.parentBlock !== dest) throw new Error('inlineBlockBefore: the insertion point is not in the destination block');
    source.args.forEach((a, i) => this.replaceAllUsesWith(a, argValues[i]!));
    const l = this.listener?.onOperationInserted;
    for (let op = source.firstOp; op !== null; ) {
      const next: Operation | null = op.nextOperation;
      const previous = l ? this.positionOf(op) : undefined;
      op.remove();
      dest.insertBefore(op, before);
      l?.call(this.listener, op, previous);
      op = next;
    }
    this.eraseBlock(source);
  }

  /** Appends the ops of `source` to `dest` (see `inlineBlockBefore`); `source` is erased. */
  mergeBlocks(source: Block, dest: Block, argValues: readonly Value[] = []): void {
    this.inlineBlockBefore(source, dest, null, argValues);
  }

  /** Moves `before` and the ops after it in its block into a new block inserted after `block`; returns it. */
  splitBlock(block: Block, before: Operation | null): Block {
    const region = block.parentRegion;
    if (!region) throw new Error('splitBlock: the block is not in a region');
    const nb = new Block();
    region.insertAfter(nb, block);
    this.listener?.onBlockInserted?.(nb);
    const l = this.listener?.onOperationInserted;
    for (let op = before; op !== null; ) {
      if (op.parentBlock !== block) throw new Error('splitBlock: the split point is not in the block');
      const next: Operation | null = op.nextOperation;
      const previous = l ? this.positionOf(op) : undefined;
      op.remove();
      nb.append(op);
      l?.call(this.listener, op, previous);
      op = next;
    }
    return nb;
  }

  /** Moves the blocks of `region` into `parent` before `before` (null: at the end). */
  inlineRegionBefore(region: Region, parent: Region, before: Block | null): void {
    for (let b = region.firstBlock; b !== null; ) {
      const next: Block | null = b.nextBlock;
      b.remove();
      parent.insertBefore(b, before);
      this.listener?.onBlockInserted?.(b);
      b = next;
    }
  }

  // ---- failure --------------------------------------------------------------------------------------------

  /** Records why a pattern did not apply (for tracing) and returns false, so `return rewriter.notifyMatchFailure(...)`. */
  notifyMatchFailure(op: Operation, reason: string): false {
    this.listener?.onMatchFailure?.(op, reason);
    return false;
  }

  private positionOf(op: Operation): InsertionPoint | undefined {
    return op.parentBlock ? { block: op.parentBlock, before: op.nextOperation } : undefined;
  }
}
