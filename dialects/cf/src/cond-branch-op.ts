import { AnySuccessor, AnyType, BranchOpInterface, DenseArrayAttr, DenseI32ArrayAttr, I1, IntegerAttr, IntegerType, OptionalAttr, Pure, Terminator, Variadic, defineOp, type Operation, type Value } from '@tlir/ir';
import { ConstantOp, SelectOp } from '@tlir/dialect-arith';
import { definePattern, getConstantValue, type PatternRewriter } from '@tlir/rewrite';
import { BranchOp } from './branch-op.js';
import { collapseBranch, sameValues } from './collapse-branch.js';
import { isConstantBool } from './constant-condition.js';

const SEGMENTS = 'operandSegmentSizes';

/**
 * `cf.cond_br %c, ^bb1(%a : i32), ^bb2`: branches to the first block when `%c` is true, else to the second, each with
 * its own operands. `weights([3, 5])` gives the branch weights of the two ways.
 */
export const CondBranchOp = defineOp('cf.cond_br', {
  summary: 'Conditional branch operation',
  description: `
The \`cf.cond_br\` terminator operation represents a conditional branch on a boolean (1-bit integer) value. If the
bit is set, then the first destination is jumped to; if it is false, the second destination is chosen. The count
and types of operands must align with the arguments in the corresponding target blocks.

The MLIR conditional branch operation is not allowed to target the entry block for a region. The two destinations
of the conditional branch operation are allowed to be the same.

Example:

\`\`\`mlir
func.func @select(%a: i32, %b: i32, %flag: i1) -> i32 {
  // Both targets are the same, operands differ
  cf.cond_br %flag, ^bb1(%a : i32), ^bb1(%b : i32)

^bb1(%x : i32) :
  return %x : i32
}
\`\`\`
`,
  operands: { condition: I1, trueDestOperands: Variadic(AnyType), falseDestOperands: Variadic(AnyType) },
  properties: { branch_weights: OptionalAttr(DenseI32ArrayAttr) },
  successors: { trueDest: AnySuccessor, falseDest: AnySuccessor },
  traits: [Pure, Terminator],
  interfaces: [
    BranchOpInterface.implement({
      getSuccessorOperandRange(op, index) {
        const seg = segmentsOf(op);
        return index === 0 ? [1, seg[1]] : [1 + seg[1], seg[2]];
      },
      eraseSuccessorOperand(op, index, i) {
        const seg = segmentsOf(op);
        op.eraseOperand(index === 0 ? 1 + i : 1 + seg[1] + i);
        seg[index + 1]--;
        setSegments(op, seg);
      },
      appendSuccessorOperands(op, index, values) {
        const seg = segmentsOf(op);
        op.insertOperands(index === 0 ? 1 + seg[1] : 1 + seg[1] + seg[2], values);
        seg[index + 1] += values.length;
        setSegments(op, seg);
      },
    }),
  ],
  assemblyFormat:
    '$condition (`weights` `(` $branch_weights^ `)`)? `,` ' +
    '$trueDest (`(` $trueDestOperands^ `:` type($trueDestOperands) `)`)? `,` ' +
    '$falseDest (`(` $falseDestOperands^ `:` type($falseDestOperands) `)`)? attr-dict',
  verify(c) {
    // MLIR's WeightedBranchOpInterface verification.
    const weights = c.branch_weights;
    if (weights && weights.values.length !== 2) {
      c.op.emitOpError(`expects number of branch weights to match number of successors: ${weights.values.length} vs 2`);
      return false;
    }
    return true;
  },
});

function segmentsOf(op: Operation): [number, number, number] {
  const attr = op.getProperty(SEGMENTS);
  const v = attr instanceof DenseArrayAttr ? attr.values : [1, 0, 0];
  return [Number(v[0]), Number(v[1]), Number(v[2])];
}

function setSegments(op: Operation, seg: readonly number[]): void {
  const ctx = op.context;
  op.setProperty(SEGMENTS, DenseArrayAttr.get(ctx, IntegerType.get(ctx, 32), seg));
}

/** Replaces `op` by `cf.br dest(operands)`. */
function replaceWithBranch(rewriter: PatternRewriter, op: Operation, dest: Operation['successors'][number], operands: readonly Value[]): void {
  rewriter.setInsertionPoint(op);
  const br = BranchOp.create(rewriter, { dest, destOperands: operands, loc: op.loc });
  rewriter.replaceOp(op, br.op);
}

/** `cf.cond_br true, ^bb1, ^bb2` is `cf.br ^bb1`; on false, `cf.br ^bb2` (MLIR's SimplifyConstCondBranchPred). */
export const SimplifyConstCondBranchPred = definePattern(
  CondBranchOp,
  (c, rewriter): boolean => {
    const value = getConstantValue(c.condition);
    if (isConstantBool(value, true)) replaceWithBranch(rewriter, c.op, c.trueDest, c.trueDestOperands);
    else if (isConstantBool(value, false)) replaceWithBranch(rewriter, c.op, c.falseDest, c.falseDestOperands);
    else return rewriter.notifyMatchFailure(c.op, 'the condition is not a constant');
    return true;
  },
  { debugName: 'SimplifyConstCondBranchPred' },
);

/** A way that leads to a block that only branches on goes straight on (MLIR's SimplifyPassThroughCondBranch). */
export const SimplifyPassThroughCondBranch = definePattern(
  CondBranchOp,
  (c, rewriter): boolean => {
    const t = { dest: c.trueDest, operands: c.trueDestOperands };
    const f = { dest: c.falseDest, operands: c.falseDestOperands };
    const t2 = collapseBranch(t);
    const f2 = collapseBranch(f);
    if (!t2 && !f2) return rewriter.notifyMatchFailure(c.op, 'neither destination only branches on');
    const nt = t2 ?? t;
    const nf = f2 ?? f;
    rewriter.setInsertionPoint(c.op);
    const weights = c.branch_weights;
    const replacement = CondBranchOp.create(rewriter, {
      condition: c.condition,
      trueDest: nt.dest,
      trueDestOperands: nt.operands,
      falseDest: nf.dest,
      falseDestOperands: nf.operands,
      ...(weights ? { branch_weights: weights } : {}),
      loc: c.op.loc,
    });
    rewriter.replaceOp(c.op, replacement.op);
    return true;
  },
  { debugName: 'SimplifyPassThroughCondBranch' },
);

/**
 * Both ways to the same block: with the same operands, a `cf.br`; else, when this block is the destination's only
 * predecessor, a `cf.br` passing an `arith.select` of each pair that differs (MLIR's
 * SimplifyCondBranchIdenticalSuccessors).
 */
export const SimplifyCondBranchIdenticalSuccessors = definePattern(
  CondBranchOp,
  (c, rewriter): boolean => {
    const op = c.op;
    const dest = c.trueDest;
    if (dest !== c.falseDest) return rewriter.notifyMatchFailure(op, 'different destinations');
    const ts = c.trueDestOperands;
    const fs = c.falseDestOperands;
    if (sameValues(ts, fs)) {
      replaceWithBranch(rewriter, op, dest, ts);
      return true;
    }
    if (dest.uniquePredecessor !== op.parentBlock) return rewriter.notifyMatchFailure(op, 'the destination has other predecessors');
    rewriter.setInsertionPoint(op);
    const merged = ts.map((t, i) => {
      const f = fs[i]!;
      return t === f ? t : SelectOp.create(rewriter, { condition: c.condition, true_value: t, false_value: f, result: t.type, loc: op.loc }).result;
    });
    replaceWithBranch(rewriter, op, dest, merged);
    return true;
  },
  { debugName: 'SimplifyCondBranchIdenticalSuccessors' },
);

/**
 * A `cf.cond_br` in a block whose single predecessor branched on the same condition to it: the way is known
 * (MLIR's SimplifyCondBranchFromCondBranchOnSameCondition).
 */
export const SimplifyCondBranchFromCondBranchOnSameCondition = definePattern(
  CondBranchOp,
  (c, rewriter): boolean => {
    const op = c.op;
    const block = op.parentBlock!;
    const pred = block.singlePredecessor;
    const predTerminator = pred?.lastOp;
    const predBranch = predTerminator ? CondBranchOp.match(predTerminator) : undefined;
    if (!predBranch || predBranch.condition !== c.condition) return rewriter.notifyMatchFailure(op, 'no single predecessor branching on the same condition');
    if (block === predBranch.trueDest) replaceWithBranch(rewriter, op, c.trueDest, c.trueDestOperands);
    else replaceWithBranch(rewriter, op, c.falseDest, c.falseDestOperands);
    return true;
  },
  { debugName: 'SimplifyCondBranchFromCondBranchOnSameCondition' },
);

/**
 * In a destination reached only from this branch, the condition is known: its uses in that block become the
 * constant true (false) (MLIR's CondBranchTruthPropagation).
 */
export const CondBranchTruthPropagation = definePattern(
  CondBranchOp,
  (c, rewriter): boolean => {
    const op = c.op;
    const condition = c.condition;
    let replaced = false;
    const propagate = (dest: Operation['successors'][number], value: boolean): void => {
      if (dest.singlePredecessor === null) return;
      let constant: Value | undefined;
      for (let u = condition.firstUse; u !== null; ) {
        const next = u.nextUse;
        const user = u.owner;
        if (user.parentBlock === dest) {
          replaced = true;
          if (constant === undefined) {
            rewriter.setInsertionPoint(op);
            const i1 = IntegerType.get(op.context, 1);
            constant = ConstantOp.create(rewriter, { value: IntegerAttr.getBool(op.context, value), result: i1, loc: op.loc }).result;
          }
          const use = u;
          const v = constant;
          rewriter.modifyOpInPlace(user, () => use.set(v));
        }
        u = next;
      }
    };
    propagate(c.trueDest, true);
    propagate(c.falseDest, false);
    return replaced || rewriter.notifyMatchFailure(op, 'the condition is not used in a destination reached only from here');
  },
  { debugName: 'CondBranchTruthPropagation' },
);
