import {
  AnyType,
  I1,
  IntegerAttr,
  IntegerType,
  MaxSizedRegion,
  NoRegionArguments,
  RegionBranchOpInterface,
  SingleBlockImplicitTerminator,
  SizedRegion,
  Variadic,
  defineOp,
  ensureTerminator,
  type Block,
  type OpResult,
  type Operation,
  type Type,
  type Value,
} from '@tlir/ir';
import { AndIOp, ConstantOp, SelectOp, XOrIOp } from '@tlir/dialect-arith';
import { RecursiveMemoryEffects, RecursivelySpeculatable, RewritePattern, getConstantValue, materializeConstant, type PatternRewriter } from '@tlir/rewrite';
import { replaceOpWithRegion } from './region-inlining.js';
import { printAttrDict } from './syntax.js';
import { constantIntValue } from './trip-count.js';
import { YieldOp } from './yield-op.js';

// ---- canonicalization (MLIR 22's IfOp::fold and IfOp patterns, in MLIR's order) -----------------------------------

/** The block of a region of scf.if (null for an absent else), and the scf.yield ending it. */
const thenBlock = (op: Operation): Block => op.regions[0]!.firstBlock!;
const elseBlock = (op: Operation): Block | null => op.regions[1]!.firstBlock;
const yieldOf = (block: Block): Operation => block.lastOp!;

/** The value of an i1 constant (MLIR's `m_Constant(&boolAttr)`), else undefined. */
function constantBool(value: Value): boolean | undefined {
  const type = value.type;
  if (!(type instanceof IntegerType) || type.width !== 1) return undefined;
  const v = constantIntValue(value);
  return v === undefined ? undefined : v !== 0n;
}

/** `x` when `value` is `arith.xori x, true` (not x), else undefined. */
function negated(value: Value): Value | undefined {
  const def = value.definingOp;
  const xor = def ? XOrIOp.match(def) : undefined;
  return xor && constantIntValue(xor.rhs, true) === 1n ? xor.lhs : undefined;
}

/** Whether the patterns may build arith ops: the arith dialect is loaded (MLIR's scf dialect depends on it). */
const hasArith = (rewriter: PatternRewriter): boolean => rewriter.context.getDialect('arith') !== undefined;

/** Replaces the scf.yield `terminator` by one of `values`. */
function replaceYield(rewriter: PatternRewriter, terminator: Operation, values: readonly Value[]): void {
  rewriter.withInsertionPoint(() => {
    rewriter.setInsertionPointAfter(terminator);
    YieldOp.create(rewriter, { results: [...values], loc: terminator.loc });
  });
  rewriter.eraseOp(terminator);
}

/** A new scf.if on `condition` with results of `types` and empty regions, before the insertion point. */
function newIf(rewriter: PatternRewriter, condition: Value, types: readonly Type[], loc: Operation['loc']): Operation {
  return IfOp.create(rewriter, { condition, results: [...types], loc }).op;
}

/**
 * Two scf.if in a row on the same condition, or on a condition and its negation, become one (MLIR's CombineIfs):
 * the second one's then and else blocks are appended to the first one's (swapped for a negation), its uses of the
 * first one's results replaced by the values they yield there.
 */
class CombineIfs extends RewritePattern {
  constructor() {
    super('scf.if');
  }

  matchAndRewrite(op: Operation, rewriter: PatternRewriter): boolean {
    const prev = op.prevOperation;
    if (!prev || !IfOp.is(prev)) return rewriter.notifyMatchFailure(op, 'not after another scf.if');
    const next = IfOp.wrap(op);
    const first = IfOp.wrap(prev);
    let nextThen: Block | null = null;
    let nextElse: Block | null = null;
    if (next.condition === first.condition) {
      nextThen = thenBlock(op);
      nextElse = elseBlock(op);
    }
    if (negated(next.condition) === first.condition || negated(first.condition) === next.condition) {
      nextElse = thenBlock(op);
      nextThen = elseBlock(op);
    }
    if (!nextThen && !nextElse) return rewriter.notifyMatchFailure(op, 'the conditions are unrelated');

    const prevThenYielded = yieldOf(thenBlock(prev)).operands;
    const prevElse = elseBlock(prev);
    const prevElseYielded = prevElse ? yieldOf(prevElse).operands : [];
    const count = Math.min(prev.numResults, prevThenYielded.length, prevElseYielded.length);
    for (let i = 0; i < count; i++) {
      for (const use of [...prev.results[i]!.uses()]) {
        const owner = use.owner;
        const to = nextThen?.parentRegion!.isAncestorOf(owner) ? prevThenYielded[i] : nextElse?.parentRegion!.isAncestorOf(owner) ? prevElseYielded[i] : undefined;
        if (to) rewriter.modifyOpInPlace(owner, () => use.set(to));
      }
    }

    const combined = newIf(rewriter, first.condition, [...prev.resultTypes, ...op.resultTypes], op.loc);
    const combinedThen = combined.regions[0]!;
    const combinedElse = combined.regions[1]!;
    rewriter.inlineRegionBefore(prev.regions[0]!, combinedThen, null);
    if (nextThen) {
      const block = combinedThen.firstBlock!;
      const firstYield = yieldOf(block);
      const secondYield = yieldOf(nextThen);
      rewriter.mergeBlocks(nextThen, block);
      rewriter.withInsertionPoint(() => {
        rewriter.setInsertionPointToEnd(block);
        YieldOp.create(rewriter, { results: [...firstYield.operands, ...secondYield.operands], loc: secondYield.loc });
      });
      rewriter.eraseOp(firstYield);
      rewriter.eraseOp(secondYield);
    }
    rewriter.inlineRegionBefore(prev.regions[1]!, combinedElse, null);
    if (nextElse) {
      if (combinedElse.empty) rewriter.inlineRegionBefore(nextElse.parentRegion!, combinedElse, null);
      else {
        const block = combinedElse.firstBlock!;
        const firstYield = yieldOf(block);
        const secondYield = yieldOf(nextElse);
        rewriter.mergeBlocks(nextElse, block);
        rewriter.withInsertionPoint(() => {
          rewriter.setInsertionPointToEnd(block);
          YieldOp.create(rewriter, { results: [...firstYield.operands, ...secondYield.operands], loc: secondYield.loc });
        });
        rewriter.eraseOp(firstYield);
        rewriter.eraseOp(secondYield);
      }
    }
    const results = combined.results;
    rewriter.replaceOp(prev, results.slice(0, prev.numResults));
    rewriter.replaceOp(op, results.slice(results.length - op.numResults));
    return true;
  }
}

/**
 * An scf.if whose then block holds nothing but another scf.if (and whose else blocks, if any, only yield) becomes
 * one scf.if on the conjunction of the conditions (MLIR's CombineNestedIfs). A value the outer one yields from
 * outside both is chosen by an arith.select on the outer condition.
 */
class CombineNestedIfs extends RewritePattern {
  constructor() {
    super('scf.if');
  }

  matchAndRewrite(op: Operation, rewriter: PatternRewriter): boolean {
    if (!hasArith(rewriter)) return rewriter.notifyMatchFailure(op, 'the arith dialect is not loaded');
    const outerThen = thenBlock(op);
    const nested = outerThen.firstOp!;
    if (nested.nextOperation !== outerThen.lastOp || !IfOp.is(nested)) return rewriter.notifyMatchFailure(op, 'the then block is not a single scf.if');
    const outerElse = elseBlock(op);
    if (outerElse && outerElse.firstOp !== outerElse.lastOp) return rewriter.notifyMatchFailure(op, 'the else block does more than yield');
    const nestedElse = elseBlock(nested);
    if (nestedElse && nestedElse.firstOp !== nestedElse.lastOp) return rewriter.notifyMatchFailure(op, 'the nested else block does more than yield');

    const thenYield = [...yieldOf(outerThen).operands];
    const elseYield = outerElse ? [...yieldOf(outerElse).operands] : [];
    const toSelect: number[] = [];
    for (let i = 0; i < thenYield.length; i++) {
      const v = thenYield[i]!;
      if (v.definingOp === nested) {
        const index = (v as OpResult).index;
        if (yieldOf(nestedElse!).getOperand(index) !== elseYield[i]) return rewriter.notifyMatchFailure(op, 'the else values differ');
        thenYield[i] = yieldOf(thenBlock(nested)).getOperand(index);
        continue;
      }
      if (v.parentBlock?.parentRegion === op.regions[0]) return rewriter.notifyMatchFailure(op, 'a value is defined in the then block');
      toSelect.push(i);
    }

    const outer = IfOp.wrap(op);
    const condition = AndIOp.create(rewriter, { lhs: outer.condition, rhs: IfOp.wrap(nested).condition, result: outer.condition.type, loc: op.loc }).result;
    const combined = newIf(rewriter, condition, op.resultTypes, op.loc);
    const block = rewriter.withInsertionPoint(() => rewriter.createBlock(combined.regions[0]!));
    const results: Value[] = [...combined.results];
    rewriter.withInsertionPoint(() => {
      rewriter.setInsertionPoint(combined);
      for (const i of toSelect) {
        results[i] = SelectOp.create(rewriter, { condition: outer.condition, true_value: thenYield[i]!, false_value: elseYield[i]!, loc: op.loc }).result;
      }
    });
    rewriter.mergeBlocks(thenBlock(nested), block);
    replaceYield(rewriter, yieldOf(block), thenYield);
    if (elseYield.length) {
      rewriter.withInsertionPoint(() => {
        rewriter.createBlock(combined.regions[1]!);
        YieldOp.create(rewriter, { results: elseYield, loc: op.loc });
      });
    }
    rewriter.replaceOp(op, results);
    return true;
  }
}

/**
 * In the then region the condition is true, in the else region false (MLIR's ConditionPropagation): uses of the
 * condition there become constants.
 */
class ConditionPropagation extends RewritePattern {
  constructor() {
    super('scf.if');
  }

  matchAndRewrite(op: Operation, rewriter: PatternRewriter): boolean {
    const condition = IfOp.wrap(op).condition;
    if (getConstantValue(condition) !== undefined) return rewriter.notifyMatchFailure(op, 'the condition is a constant');
    if (!hasArith(rewriter)) return rewriter.notifyMatchFailure(op, 'the arith dialect is not loaded');
    let constantTrue: Value | undefined;
    let constantFalse: Value | undefined;
    const i1 = condition.type;
    const make = (b: boolean): Value => ConstantOp.create(rewriter, { value: IntegerAttr.getBool(rewriter.context, b), result: i1, loc: op.loc }).result;
    let changed = false;
    for (const use of [...condition.uses()]) {
      const owner = use.owner;
      let to: Value | undefined;
      if (op.regions[0]!.isAncestorOf(owner)) to = constantTrue ??= make(true);
      else if (op.regions[1]!.isAncestorOf(owner)) to = constantFalse ??= make(false);
      if (!to) continue;
      rewriter.modifyOpInPlace(owner, () => use.set(to));
      changed = true;
    }
    return changed || rewriter.notifyMatchFailure(op, 'the condition is not used inside');
  }
}

/**
 * The results whose yielded values are both defined outside the scf.if become `arith.select`s on the condition
 * (or the value itself when both branches yield the same one); the scf.if keeps the others (MLIR's
 * ConvertTrivialIfToSelect).
 */
class ConvertTrivialIfToSelect extends RewritePattern {
  constructor() {
    super('scf.if');
  }

  matchAndRewrite(op: Operation, rewriter: PatternRewriter): boolean {
    if (op.numResults === 0) return rewriter.notifyMatchFailure(op, 'no results');
    if (!hasArith(rewriter)) return rewriter.notifyMatchFailure(op, 'the arith dialect is not loaded');
    const thenRegion = op.regions[0]!;
    const elseRegion = op.regions[1]!;
    const thenYielded = yieldOf(thenBlock(op)).operands;
    const elseYielded = yieldOf(elseBlock(op)!).operands;
    const inside = (i: number): boolean => thenYielded[i]!.parentBlock?.parentRegion === thenRegion || elseYielded[i]!.parentBlock?.parentRegion === elseRegion;
    const kept: Type[] = [];
    for (let i = 0; i < op.numResults; i++) if (inside(i)) kept.push(op.results[i]!.type);
    if (kept.length === op.numResults) return rewriter.notifyMatchFailure(op, 'every yielded value is defined inside');

    const condition = IfOp.wrap(op).condition;
    const replacement = newIf(rewriter, condition, kept, op.loc);
    rewriter.inlineRegionBefore(thenRegion, replacement.regions[0]!, null);
    rewriter.inlineRegionBefore(elseRegion, replacement.regions[1]!, null);
    const results: Value[] = [];
    const trueYields: Value[] = [];
    const falseYields: Value[] = [];
    rewriter.withInsertionPoint(() => {
      rewriter.setInsertionPoint(replacement);
      for (let i = 0; i < op.numResults; i++) {
        const t = thenYielded[i]!;
        const f = elseYielded[i]!;
        if (t.parentBlock?.parentRegion === replacement.regions[0] || f.parentBlock?.parentRegion === replacement.regions[1]) {
          results.push(replacement.results[trueYields.length]!);
          trueYields.push(t);
          falseYields.push(f);
        } else if (t === f) results.push(t);
        else results.push(SelectOp.create(rewriter, { condition, true_value: t, false_value: f, loc: op.loc }).result);
      }
    });
    replaceYield(rewriter, yieldOf(thenBlock(replacement)), trueYields);
    replaceYield(rewriter, yieldOf(elseBlock(replacement)!), falseYields);
    rewriter.replaceOp(op, results);
    return true;
  }
}

/** An else block that only yields, of an scf.if without results, is removed (MLIR's RemoveEmptyElseBranch). */
class RemoveEmptyElseBranch extends RewritePattern {
  constructor() {
    super('scf.if');
  }

  matchAndRewrite(op: Operation, rewriter: PatternRewriter): boolean {
    if (op.numResults !== 0) return rewriter.notifyMatchFailure(op, 'the scf.if has results');
    const block = elseBlock(op);
    if (!block || block.firstOp !== block.lastOp) return rewriter.notifyMatchFailure(op, 'no else block, or one that does more than yield');
    rewriter.modifyOpInPlace(op, () => rewriter.eraseBlock(block));
    return true;
  }
}

/** An scf.if on a constant condition is replaced by the region that runs, or erased (MLIR's RemoveStaticCondition). */
class RemoveStaticCondition extends RewritePattern {
  constructor() {
    super('scf.if');
  }

  matchAndRewrite(op: Operation, rewriter: PatternRewriter): boolean {
    const condition = constantBool(IfOp.wrap(op).condition);
    if (condition === undefined) return rewriter.notifyMatchFailure(op, 'the condition is not a constant');
    if (condition) replaceOpWithRegion(rewriter, op, op.regions[0]!);
    else if (!op.regions[1]!.empty) replaceOpWithRegion(rewriter, op, op.regions[1]!);
    else rewriter.eraseOp(op);
    return true;
  }
}

/** An scf.if some of whose results are unused is rebuilt without them (MLIR's RemoveUnusedResults). */
class RemoveUnusedResults extends RewritePattern {
  constructor() {
    super('scf.if');
  }

  matchAndRewrite(op: Operation, rewriter: PatternRewriter): boolean {
    const used = op.results.filter((r) => r.hasUses);
    if (used.length === op.numResults) return rewriter.notifyMatchFailure(op, 'every result is used');
    const replacement = newIf(rewriter, IfOp.wrap(op).condition, used.map((r) => r.type), op.loc);
    for (let i = 0; i < 2; i++) {
      rewriter.inlineRegionBefore(op.regions[i]!, replacement.regions[i]!, null);
      const terminator = yieldOf(replacement.regions[i]!.firstBlock!);
      const values = used.map((r) => terminator.getOperand(r.index));
      rewriter.modifyOpInPlace(terminator, () => terminator.setOperands(values));
    }
    used.forEach((r, i) => rewriter.replaceAllUsesWith(r, replacement.results[i]!));
    rewriter.eraseOp(op);
    return true;
  }
}

/**
 * A used result of an scf.if that both branches yield the same values for as they yield for an earlier result is
 * that earlier result (MLIR 22 removes duplicated results): its uses move there, and RemoveUnusedResults drops it.
 */
class RemoveDuplicatedResults extends RewritePattern {
  constructor() {
    super('scf.if');
  }

  matchAndRewrite(op: Operation, rewriter: PatternRewriter): boolean {
    const other = elseBlock(op);
    if (op.numResults < 2 || !other) return rewriter.notifyMatchFailure(op, 'fewer than two results');
    const thenYielded = yieldOf(thenBlock(op)).operands;
    const elseYielded = yieldOf(other).operands;
    let changed = false;
    for (let j = 1; j < op.numResults; j++) {
      const result = op.getResult(j);
      if (!result.hasUses) continue;
      for (let i = 0; i < j; i++) {
        if (thenYielded[i] !== thenYielded[j] || elseYielded[i] !== elseYielded[j]) continue;
        rewriter.replaceAllUsesWith(result, op.getResult(i));
        changed = true;
        break;
      }
    }
    return changed || rewriter.notifyMatchFailure(op, 'no used result duplicates another');
  }
}

/**
 * Results the scf.if need not compute (MLIR's ReplaceIfYieldWithConditionOrValue): one both branches yield the same
 * value for is that value; one yielding true then and false else is the condition; false then and true else, its
 * negation (`arith.xori %cond, true`).
 */
class ReplaceIfYieldWithConditionOrValue extends RewritePattern {
  constructor() {
    super('scf.if');
  }

  matchAndRewrite(op: Operation, rewriter: PatternRewriter): boolean {
    if (op.numResults === 0) return rewriter.notifyMatchFailure(op, 'no results');
    const condition = IfOp.wrap(op).condition;
    const thenYielded = yieldOf(thenBlock(op)).operands;
    const elseYielded = yieldOf(elseBlock(op)!).operands;
    let changed = false;
    for (let i = 0; i < op.numResults; i++) {
      const t = thenYielded[i]!;
      const f = elseYielded[i]!;
      const result = op.results[i]!;
      if (t === f) {
        if (result.hasUses) {
          rewriter.replaceAllUsesWith(result, t);
          changed = true;
        }
        continue;
      }
      const tb = constantBool(t);
      const fb = constantBool(f);
      if (tb === undefined || fb === undefined || !result.hasUses) continue;
      if (!tb && fb) {
        const one = materializeConstant(rewriter, t.definingOp!.opName.dialect, IntegerAttr.getBool(rewriter.context, true), t.type, op.loc);
        if (!one || !hasArith(rewriter)) continue;
        const not = XOrIOp.create(rewriter, { lhs: condition, rhs: one.results[0]!, result: condition.type, loc: op.loc }).result;
        rewriter.replaceAllUsesWith(result, not);
        changed = true;
      } else if (tb && !fb) {
        rewriter.replaceAllUsesWith(result, condition);
        changed = true;
      }
    }
    return changed || rewriter.notifyMatchFailure(op, 'no result to replace');
  }
}

/** `scf.if (not %c)` with an else block: `scf.if %c` with the blocks swapped (MLIR's IfOp::fold). */
function foldNegatedCondition(op: Operation): [] | undefined {
  if (op.regions[1]!.empty) return undefined;
  const condition = negated(op.getOperand(0));
  if (!condition) return undefined;
  op.setOperand(0, condition);
  const thenRegion = op.regions[0]!;
  const elseRegion = op.regions[1]!;
  const a = thenRegion.firstBlock!;
  const b = elseRegion.firstBlock!;
  a.remove();
  b.remove();
  thenRegion.pushBack(b);
  elseRegion.pushBack(a);
  return [];
}

/**
 * `%r = scf.if %c -> (i32) { scf.yield %a : i32 } else { scf.yield %b : i32 }`: runs the then region or the (optional)
 * else region, and yields the results of the one that ran.
 */
export const IfOp = defineOp('scf.if', {
  summary: 'if-then-else operation',
  description: `
The \`scf.if\` operation represents an if-then-else construct for conditionally executing two regions of code. The
operand to an if operation is a boolean value. \`scf.if\` may also produce results: which values are returned
depends on which execution path is taken, and the \`else\` region is then required.

The "then" region has exactly 1 block. The "else" region may have 0 or 1 block. The blocks are always terminated
with \`scf.yield\`. If \`scf.if\` defines no values, the \`scf.yield\` can be left out, and will be inserted implicitly.
Otherwise, it must be explicit. The types of the yielded values must match the result types of the \`scf.if\`.

Example:

\`\`\`mlir
%x, %y = scf.if %b -> (f32, f32) {
  scf.yield %x_true, %y_true : f32, f32
} else {
  scf.yield %x_false, %y_false : f32, f32
}
\`\`\`
`,
  operands: { condition: I1 },
  results: { results: Variadic(AnyType) },
  regions: { thenRegion: SizedRegion(1), elseRegion: MaxSizedRegion(1) },
  traits: [SingleBlockImplicitTerminator('scf.yield'), NoRegionArguments, RecursiveMemoryEffects, RecursivelySpeculatable],
  fold: ({ op }) => foldNegatedCondition(op.op),
  canonicalize: [
    new CombineIfs(),
    new CombineNestedIfs(),
    new ConditionPropagation(),
    new ConvertTrivialIfToSelect(),
    new RemoveEmptyElseBranch(),
    new RemoveStaticCondition(),
    new RemoveUnusedResults(),
    new ReplaceIfYieldWithConditionOrValue(),
    new RemoveDuplicatedResults(),
  ],
  interfaces: [
    RegionBranchOpInterface.implement({
      getSuccessorRegions(op, from) {
        if (from) return ['parent'];
        const elseRegion = op.regions[1]!;
        return [op.regions[0]!, elseRegion.empty ? 'parent' : elseRegion];
      },
      getSuccessorInputs: (op, successor) => (successor === 'parent' ? op.results : []),
    }),
  ],
  parse(p, state) {
    const ctx = p.context;
    const thenRegion = state.addRegion();
    const elseRegion = state.addRegion();
    const cond = p.parseOperand();
    state.operands.push(p.resolveOperand(cond, IntegerType.get(ctx, 1)));
    const types = p.parseOptionalArrowTypeList();
    if (types) state.resultTypes.push(...types);
    p.parseRegion(thenRegion);
    ensureTerminator(ctx, thenRegion, 'scf.yield', state.loc);
    if (p.parseOptionalKeyword('else')) {
      p.parseRegion(elseRegion);
      ensureTerminator(ctx, elseRegion, 'scf.yield', state.loc);
    }
    p.parseOptionalAttrDict(state.attributes);
    return true;
  },
  print(i, p) {
    const op = i.op;
    p.write(' ');
    p.printOperand(i.condition);
    const hasResults = op.numResults !== 0;
    if (hasResults) {
      p.write(' -> (');
      p.printTypes(op.resultTypes);
      p.write(')');
    }
    p.write(' ');
    p.printRegion(op.regions[0]!, { printEntryBlockArgs: false, printBlockTerminators: hasResults });
    const elseRegion = op.regions[1]!;
    if (!elseRegion.empty) {
      p.write(' else ');
      p.printRegion(elseRegion, { printEntryBlockArgs: false, printBlockTerminators: hasResults });
    }
    printAttrDict(p, op);
  },
  verify(i) {
    if (i.op.numResults !== 0 && i.elseRegion.empty) {
      i.op.emitOpError('must have an else block if defining values');
      return false;
    }
    return true;
  },
});
