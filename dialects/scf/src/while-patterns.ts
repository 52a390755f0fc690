// The canonicalization patterns of scf.while, MLIR 22's set: the condition is known true in the "after" region (as
// is a comparison the condition repeats there), loop-invariant "before" arguments and loop-invariant values passed
// to the "after" region go, unused results and arguments go, duplicated values passed on are passed once, and values
// passed on in a permuted order of the "before" arguments are put in that order. A rewritten loop
// is a new scf.while (without the old one's discardable attributes, as MLIR builds it), the old blocks merged into
// the new ones.
import { CmpIOp, CmpIPredicateAttr, ConstantOp, type CmpIPredicate } from '@tlir/dialect-arith';
import { IntegerAttr, type Block, type Location, type Operation, type Type, type Value } from '@tlir/ir';
import { RewritePattern, type PatternRewriter } from '@tlir/rewrite';
// The loop's own definition builds the new loop (`op.opName.def`): a value import of while-op.ts, which holds these
// patterns, would be a circle.
import type { WhileOp } from './while-op.js';

/** The values scf.condition passes on (its operands after the condition). */
const passedOn = (condition: Operation): Value[] => condition.operands.slice(1);

/** The parts of a well-formed scf.while a pattern reads. */
interface WhileParts {
  readonly before: Block;
  readonly after: Block;
  /** The scf.condition ending the "before" block. */
  readonly condition: Operation;
  /** The scf.yield ending the "after" block. */
  readonly yieldOp: Operation;
}

/** A pattern on scf.while: it sees the loop's parts, and leaves a loop the verifier would reject alone. */
abstract class WhilePattern extends RewritePattern {
  constructor() {
    super('scf.while');
  }

  matchAndRewrite(op: Operation, rewriter: PatternRewriter): boolean {
    const before = op.regions[0]?.firstBlock;
    const after = op.regions[1]?.firstBlock;
    if (!before?.lastOp || !after?.lastOp) return rewriter.notifyMatchFailure(op, 'malformed');
    return this.rewrite(op, rewriter, { before, after, condition: before.lastOp, yieldOp: after.lastOp });
  }

  protected abstract rewrite(op: Operation, rewriter: PatternRewriter, parts: WhileParts): boolean;
}

/** Block arguments to make: their types and locations. */
interface Args {
  readonly types: readonly Type[];
  readonly locs: readonly Location[];
}

/**
 * A new scf.while of `results` on `inits` before `op`, with a block of the given arguments in each region (null: the
 * region is left empty, for the old one's block to move into).
 */
function newWhile(rewriter: PatternRewriter, op: Operation, inits: readonly Value[], results: readonly Type[], beforeArgs: Args | null, afterArgs: Args | null): { op: Operation; before: Block; after: Block } {
  rewriter.setInsertionPoint(op);
  const definition = op.opName.def as unknown as typeof WhileOp;
  const loop = definition.create(rewriter, { inits: [...inits], results: [...results], loc: op.loc }).op;
  const [before, after] = rewriter.withInsertionPoint(() => [
    beforeArgs ? rewriter.createBlock(loop.regions[0]!, beforeArgs.types, beforeArgs.locs) : undefined,
    afterArgs ? rewriter.createBlock(loop.regions[1]!, afterArgs.types, afterArgs.locs) : undefined,
  ]);
  return { op: loop, before: before!, after: after! };
}

const argsOf = (values: readonly Value[], locs: readonly Location[]): Args => ({ types: values.map((v) => v.type), locs });

const typesOf = (values: readonly Value[]): Type[] => values.map((v) => v.type);

/** Replaces the operands of `terminator` after its first `skip` ones. */
function setTail(rewriter: PatternRewriter, terminator: Operation, skip: number, values: readonly Value[]): void {
  const head = terminator.operands.slice(0, skip);
  rewriter.modifyOpInPlace(terminator, () => terminator.setOperands([...head, ...values]));
}

/**
 * A "before" argument is loop-invariant when the after region yields it its init again, or yields an "after"
 * argument the condition passed that argument (or its init) to: it is its init, and goes (MLIR's
 * RemoveLoopInvariantArgsFromBeforeBlock).
 */
class RemoveLoopInvariantArgsFromBeforeBlock extends WhilePattern {
  protected rewrite(op: Operation, rewriter: PatternRewriter, { before, after, condition, yieldOp }: WhileParts): boolean {
    const passed = passedOn(condition);
    const yielded = yieldOp.operands;
    const inits = op.operands;
    const invariant = inits.map((init, i) => {
      const y = yielded[i];
      if (y === undefined) return false;
      if (y === init) return true;
      const arg = after.args.find((a) => a === y);
      if (arg === undefined) return false;
      const c = passed[arg.index];
      return c === before.args[i] || c === init;
    });
    if (!invariant.some(Boolean)) return rewriter.notifyMatchFailure(op, 'no loop-invariant argument');
    const kept = inits.map((_, i) => i).filter((i) => !invariant[i]);
    setTail(
      rewriter,
      yieldOp,
      0,
      kept.map((i) => yielded[i]!),
    );
    const loop = newWhile(
      rewriter,
      op,
      kept.map((i) => inits[i]!),
      op.results.map((r) => r.type),
      { types: kept.map((i) => yielded[i]!.type), locs: kept.map((i) => before.args[i]!.loc) },
      null,
    );
    rewriter.mergeBlocks(
      before,
      loop.before,
      inits.map((init, i) => (invariant[i] ? init : loop.before.args[kept.indexOf(i)]!)),
    );
    // The "after" block moves as it is.
    rewriter.inlineRegionBefore(op.regions[1]!, loop.op.regions[1]!, null);
    rewriter.replaceOp(op, loop.op.results);
    return true;
  }
}

/**
 * A value the condition passes on that is defined outside the "before" block is the same in every iteration: the
 * "after" argument and the result it becomes are that value, and go (MLIR's RemoveLoopInvariantValueYielded).
 */
class RemoveLoopInvariantValueYielded extends WhilePattern {
  protected rewrite(op: Operation, rewriter: PatternRewriter, { before, after, condition }: WhileParts): boolean {
    const passed = passedOn(condition);
    const outside = passed.map((v) => v.parentBlock !== before);
    if (!outside.some(Boolean)) return rewriter.notifyMatchFailure(op, 'every value passed on is computed in the loop');
    const kept = passed.map((_, i) => i).filter((i) => !outside[i]);
    setTail(
      rewriter,
      condition,
      1,
      kept.map((i) => passed[i]!),
    );
    const types = kept.map((i) => passed[i]!.type);
    const loop = newWhile(rewriter, op, op.operands, types, null, { types, locs: kept.map((i) => after.args[i]!.loc) });
    rewriter.mergeBlocks(
      after,
      loop.after,
      passed.map((v, i) => (outside[i] ? v : loop.after.args[kept.indexOf(i)]!)),
    );
    rewriter.inlineRegionBefore(op.regions[0]!, loop.op.regions[0]!, null);
    rewriter.replaceOp(
      op,
      passed.map((v, i) => (outside[i] ? v : loop.op.results[kept.indexOf(i)]!)),
    );
    return true;
  }
}

/** In the "after" region the condition is true: an "after" argument the condition passes itself to is `true` (MLIR's WhileConditionTruth). */
class WhileConditionTruth extends WhilePattern {
  protected rewrite(op: Operation, rewriter: PatternRewriter, { after, condition }: WhileParts): boolean {
    if (rewriter.context.getDialect('arith') === undefined) return rewriter.notifyMatchFailure(op, 'the arith dialect is not loaded');
    const cond = condition.getOperand(0);
    const args = after.args;
    let truth: Value | undefined;
    let replaced = false;
    passedOn(condition).forEach((v, i) => {
      const arg = args[i];
      if (v !== cond || arg === undefined || !arg.hasUses) return;
      rewriter.setInsertionPoint(op);
      truth ??= ConstantOp.create(rewriter, { value: IntegerAttr.getBool(rewriter.context, true), result: cond.type, loc: op.loc }).result;
      rewriter.replaceAllUsesWith(arg, truth);
      replaced = true;
    });
    return replaced || rewriter.notifyMatchFailure(op, 'the condition is not passed on, or not used');
  }
}

const INVERSE: Record<CmpIPredicate, CmpIPredicate> = {
  eq: 'ne',
  ne: 'eq',
  slt: 'sge',
  sge: 'slt',
  sle: 'sgt',
  sgt: 'sle',
  ult: 'uge',
  uge: 'ult',
  ule: 'ugt',
  ugt: 'ule',
};

/**
 * When the condition is an `arith.cmpi` of a value the condition passes on, the same comparison of the "after"
 * argument (against the same other operand) is true there, and its inverse false (MLIR's WhileCmpCond).
 */
class WhileCmpCond extends WhilePattern {
  protected rewrite(op: Operation, rewriter: PatternRewriter, { after, condition }: WhileParts): boolean {
    const cmpOp = condition.getOperand(0).definingOp;
    if (!cmpOp || !CmpIOp.is(cmpOp)) return rewriter.notifyMatchFailure(op, 'the condition is not an arith.cmpi');
    const predicate = CmpIPredicateAttr.symbolize(CmpIOp.wrap(cmpOp).predicate);
    if (predicate === undefined) return rewriter.notifyMatchFailure(op, 'an unknown predicate');
    const args = after.args;
    let changed = false;
    passedOn(condition).forEach((v, i) => {
      const arg = args[i];
      if (arg === undefined) return;
      for (let side = 0; side < 2; side++) {
        if (v !== cmpOp.getOperand(side)) continue;
        for (const use of [...arg.uses()]) {
          const user = use.owner;
          if (!CmpIOp.is(user) || user.getOperand(1 - side) !== cmpOp.getOperand(1 - side)) continue;
          const other = CmpIPredicateAttr.symbolize(CmpIOp.wrap(user).predicate);
          const truth = other === predicate ? true : other === INVERSE[predicate] ? false : undefined;
          if (truth === undefined) continue;
          rewriter.setInsertionPoint(user);
          const constant = ConstantOp.create(rewriter, { value: IntegerAttr.getBool(rewriter.context, truth), result: user.getResult(0).type, loc: user.loc });
          rewriter.replaceOp(user, [constant.result]);
          changed = true;
        }
      }
    });
    return changed || rewriter.notifyMatchFailure(op, 'no comparison repeats the condition');
  }
}

/** A result that nothing uses, whose "after" argument nothing uses either, goes (MLIR's WhileUnusedResult). */
class WhileUnusedResult extends WhilePattern {
  protected rewrite(op: Operation, rewriter: PatternRewriter, { after, condition }: WhileParts): boolean {
    const passed = passedOn(condition);
    const unused = op.results.map((r, i) => !r.hasUses && !after.args[i]!.hasUses);
    if (!unused.some(Boolean)) return rewriter.notifyMatchFailure(op, 'every result or its argument is used');
    const kept = op.results.map((_, i) => i).filter((i) => !unused[i]);
    setTail(
      rewriter,
      condition,
      1,
      kept.map((i) => passed[i]!),
    );
    const types = kept.map((i) => op.results[i]!.type);
    const loop = newWhile(rewriter, op, op.operands, types, null, { types, locs: kept.map((i) => op.results[i]!.loc) });
    rewriter.inlineRegionBefore(op.regions[0]!, loop.op.regions[0]!, null);
    // An unused argument has nothing to be replaced by: it stands for itself.
    rewriter.mergeBlocks(
      after,
      loop.after,
      after.args.map((a, i) => (unused[i] ? a : loop.after.args[kept.indexOf(i)]!)),
    );
    rewriter.replaceOp(
      op,
      op.results.map((r, i) => (unused[i] ? r : loop.op.results[kept.indexOf(i)]!)),
    );
    return true;
  }
}

/** A value the condition passes on twice is passed once (MLIR's WhileRemoveDuplicatedResults). */
class WhileRemoveDuplicatedResults extends WhilePattern {
  protected rewrite(op: Operation, rewriter: PatternRewriter, { before, after, condition }: WhileParts): boolean {
    const passed = passedOn(condition);
    const unique: Value[] = [];
    const position = passed.map((v) => {
      const at = unique.indexOf(v);
      if (at >= 0) return at;
      unique.push(v);
      return unique.length - 1;
    });
    if (unique.length === passed.length) return rewriter.notifyMatchFailure(op, 'no value is passed on twice');
    const types = typesOf(unique);
    const loop = newWhile(rewriter, op, op.operands, types, argsOf(before.args, before.args.map((a) => a.loc)), { types, locs: types.map(() => op.loc) });
    setTail(rewriter, condition, 1, unique);
    rewriter.mergeBlocks(before, loop.before, loop.before.args);
    rewriter.mergeBlocks(
      after,
      loop.after,
      position.map((p) => loop.after.args[p]!),
    );
    rewriter.replaceOp(
      op,
      position.map((p) => loop.op.results[p]!),
    );
    return true;
  }
}

/** A "before" argument nothing uses goes, with its init and the value yielded for it (MLIR's WhileRemoveUnusedArgs). */
class WhileRemoveUnusedArgs extends WhilePattern {
  protected rewrite(op: Operation, rewriter: PatternRewriter, { before, after, yieldOp }: WhileParts): boolean {
    if (before.args.every((a) => a.hasUses)) return rewriter.notifyMatchFailure(op, 'no argument to remove');
    const kept = before.args.map((_, i) => i).filter((i) => before.args[i]!.hasUses);
    const newInits = kept.map((i) => op.getOperand(i));
    const newYields = kept.map((i) => yieldOp.getOperand(i));
    for (let i = before.args.length - 1; i >= 0; i--) if (!before.args[i]!.hasUses) before.eraseArgument(i);
    const loop = newWhile(
      rewriter,
      op,
      newInits,
      op.results.map((r) => r.type),
      argsOf(newInits, newInits.map(() => op.loc)),
      { types: op.results.map((r) => r.type), locs: op.results.map(() => op.loc) },
    );
    setTail(rewriter, yieldOp, 0, newYields);
    rewriter.mergeBlocks(before, loop.before, loop.before.args);
    rewriter.mergeBlocks(after, loop.after, loop.after.args);
    rewriter.replaceOp(op, loop.op.results);
    return true;
  }
}

/**
 * When the condition passes on the "before" arguments themselves in another order (each once), it passes them in
 * their order, the "after" arguments and results permuted alike (MLIR's WhileOpAlignBeforeArgs).
 */
class WhileOpAlignBeforeArgs extends WhilePattern {
  protected rewrite(op: Operation, rewriter: PatternRewriter, { before, after, condition }: WhileParts): boolean {
    const passed = passedOn(condition);
    const args = before.args;
    if (passed.length === args.length && passed.every((v, i) => v === args[i])) return rewriter.notifyMatchFailure(op, 'already in order');
    if (new Set(passed).size !== passed.length) return rewriter.notifyMatchFailure(op, 'a value is passed on twice');
    if (passed.length !== args.length) return rewriter.notifyMatchFailure(op, 'not the "before" arguments');
    // mapping[k] = i: the k-th value passed on is the i-th "before" argument.
    const mapping: number[] = [];
    for (const v of passed) {
      const i = args.indexOf(v as (typeof args)[number]);
      if (i < 0) return rewriter.notifyMatchFailure(op, 'not the "before" arguments');
      mapping.push(i);
    }
    setTail(rewriter, condition, 1, [...args]);
    const types: Type[] = new Array(args.length);
    mapping.forEach((i, k) => (types[i] = op.results[k]!.type));
    const loop = newWhile(rewriter, op, op.operands, types, argsOf(args, args.map((a) => a.loc)), { types, locs: types.map(() => op.loc) });
    rewriter.mergeBlocks(before, loop.before, loop.before.args);
    rewriter.mergeBlocks(
      after,
      loop.after,
      mapping.map((i) => loop.after.args[i]!),
    );
    rewriter.replaceOp(
      op,
      mapping.map((i) => loop.op.results[i]!),
    );
    return true;
  }
}

/**
 * scf.while's canonicalization patterns. MLIR's source lists the loop-invariant ones first; mlir-opt 22's results
 * are those of trying the condition's first (a comparison the condition repeats in the "after" region is known
 * before the invariant arguments go: dialects/scf/test/canonicalize-while.mlir), and so is this order.
 */
export function whileCanonicalizationPatterns(): RewritePattern[] {
  return [
    new WhileConditionTruth(),
    new WhileCmpCond(),
    new RemoveLoopInvariantArgsFromBeforeBlock(),
    new RemoveLoopInvariantValueYielded(),
    new WhileUnusedResult(),
    new WhileRemoveDuplicatedResults(),
    new WhileRemoveUnusedArgs(),
    new WhileOpAlignBeforeArgs(),
  ];
}
