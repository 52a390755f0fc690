import { AnyRegion, AnyType, FunctionOpInterface, RegionBranchOpInterface, UnitAttr, Variadic, defineOp, type Operation, type Value } from '@tlir/ir';
import { RecursiveMemoryEffects, RewritePattern, type PatternRewriter } from '@tlir/rewrite';
import { inlineRegionWithBranches, isDefinedOutside, replaceOpWithRegion } from './region-inlining.js';
import { printAttrDict, printOptionalArrowTypeList } from './syntax.js';
import { YieldOp } from './yield-op.js';

/**
 * An scf.execute_region whose region is a single block, without `no_inline`, is replaced by that block's ops (MLIR's
 * SingleBlockExecuteInliner): its results by what the block yields.
 */
class SingleBlockExecuteInliner extends RewritePattern {
  constructor() {
    super('scf.execute_region');
  }

  matchAndRewrite(op: Operation, rewriter: PatternRewriter): boolean {
    const region = op.regions[0]!;
    if (region.firstBlock === null || region.firstBlock !== region.lastBlock) return rewriter.notifyMatchFailure(op, 'not a single block');
    if (ExecuteRegionOp.wrap(op).no_inline) return rewriter.notifyMatchFailure(op, 'no_inline');
    replaceOpWithRegion(rewriter, op, region);
    return true;
  }
}

/**
 * An scf.execute_region without `no_inline` directly in a function (or in another scf.execute_region), whose region
 * can hold several blocks, is replaced by its blocks (MLIR's MultiBlockExecuteInliner): the block is split at the
 * op, a `cf.br` enters the region's entry block, each `scf.yield` becomes a `cf.br` to the rest of the block, and
 * the op's results become that block's arguments.
 */
class MultiBlockExecuteInliner extends RewritePattern {
  constructor() {
    super('scf.execute_region');
  }

  matchAndRewrite(op: Operation, rewriter: PatternRewriter): boolean {
    const parent = op.parentOp;
    if (!parent || (parent.opName.getInterface(FunctionOpInterface) === undefined && !ExecuteRegionOp.is(parent))) {
      return rewriter.notifyMatchFailure(op, 'not directly in a function or an scf.execute_region');
    }
    if (ExecuteRegionOp.wrap(op).no_inline) return rewriter.notifyMatchFailure(op, 'no_inline');
    if (op.regions[0]!.firstBlock === null) return rewriter.notifyMatchFailure(op, 'no block');
    inlineRegionWithBranches(rewriter, op);
    return true;
  }
}

/** The scf.yield ops ending the blocks of `op`'s region. */
function yieldsOf(op: Operation): Operation[] {
  const yields: Operation[] = [];
  for (const block of op.regions[0]!.blocks()) {
    const last = block.lastOp;
    if (last && YieldOp.is(last)) yields.push(last);
  }
  return yields;
}

/**
 * Rebuilds the scf.execute_region `op` with the results `replacements` leaves undefined: the others are replaced
 * by the values it gives (null: unused, nothing to replace them with), and dropped from every scf.yield of the
 * region, which moves to the new op.
 */
function dropResults(op: Operation, yields: readonly Operation[], replacements: readonly (Value | null | undefined)[], rewriter: PatternRewriter): void {
  const kept = op.results.filter((_, i) => replacements[i] === undefined);
  const replacement = ExecuteRegionOp.create(rewriter, {
    results: kept.map((r) => r.type),
    no_inline: ExecuteRegionOp.wrap(op).no_inline,
    attributes: op.attributes,
    loc: op.loc,
  }).op;
  rewriter.inlineRegionBefore(op.regions[0]!, replacement.regions[0]!, null);
  for (const y of yields) {
    const values = kept.map((r) => y.getOperand(r.index));
    rewriter.modifyOpInPlace(y, () => y.setOperands(values));
  }
  // A result of `op` kept (one a duplicate stands for) is its new result; an unused result is "replaced" by itself:
  // it has no use to move.
  const renewed = (r: Value): Value => replacement.results[kept.indexOf(r as (typeof kept)[number])]!;
  rewriter.replaceOp(
    op,
    op.results.map((r) => {
      const by = replacements[r.index];
      if (by === undefined) return renewed(r);
      if (by === null) return r;
      return by.definingOp === op ? renewed(by) : by;
    }),
  );
}

/**
 * Results of an scf.execute_region that every scf.yield of its region gives the same value defined outside the op
 * (MLIR 22's canonicalization): they are that value, and the op is rebuilt without them.
 */
class RemoveResultsYieldedFromOutside extends RewritePattern {
  constructor() {
    super('scf.execute_region');
  }

  matchAndRewrite(op: Operation, rewriter: PatternRewriter): boolean {
    if (op.numResults === 0) return rewriter.notifyMatchFailure(op, 'no results');
    const yields = yieldsOf(op);
    if (yields.length === 0) return rewriter.notifyMatchFailure(op, 'no scf.yield in the region');
    const outside: (Value | undefined)[] = op.results.map((_, i) => {
      const v = yields[0]!.getOperand(i);
      return isDefinedOutside(v, op) && yields.every((y) => y.getOperand(i) === v) ? v : undefined;
    });
    if (outside.every((v) => v === undefined)) return rewriter.notifyMatchFailure(op, 'every result is computed in the region');
    dropResults(op, yields, outside, rewriter);
    return true;
  }
}

/**
 * Results of an scf.execute_region that every scf.yield gives the same value as it gives an earlier result are that
 * earlier result (MLIR 22's canonicalization): the op is rebuilt without them.
 */
class RemoveDuplicatedResults extends RewritePattern {
  constructor() {
    super('scf.execute_region');
  }

  matchAndRewrite(op: Operation, rewriter: PatternRewriter): boolean {
    if (op.numResults < 2) return rewriter.notifyMatchFailure(op, 'fewer than two results');
    const yields = yieldsOf(op);
    if (yields.length === 0) return rewriter.notifyMatchFailure(op, 'no scf.yield in the region');
    const same = (i: number, j: number): boolean => yields.every((y) => y.getOperand(i) === y.getOperand(j));
    const earlier: (Value | undefined)[] = op.results.map((_, j) => {
      for (let i = 0; i < j; i++) if (same(i, j)) return op.getResult(i);
      return undefined;
    });
    if (earlier.every((v) => v === undefined)) return rewriter.notifyMatchFailure(op, 'no result duplicates another');
    // A result kept stands for those that duplicate it: they are replaced by its replacement.
    dropResults(op, yields, earlier, rewriter);
    return true;
  }
}

/** Results of an scf.execute_region that nothing uses are dropped (MLIR 22's canonicalization). */
class RemoveUnusedResults extends RewritePattern {
  constructor() {
    super('scf.execute_region');
  }

  matchAndRewrite(op: Operation, rewriter: PatternRewriter): boolean {
    if (op.numResults === 0 || op.results.every((r) => r.firstUse !== null)) return rewriter.notifyMatchFailure(op, 'every result is used');
    const yields = yieldsOf(op);
    if (yields.length === 0) return rewriter.notifyMatchFailure(op, 'no scf.yield in the region');
    dropResults(op, yields, op.results.map((r) => (r.firstUse === null ? null : undefined)), rewriter);
    return true;
  }
}

/** `%r = scf.execute_region -> i32 { ... }`: runs its region (of any number of blocks) once. */
export const ExecuteRegionOp = defineOp('scf.execute_region', {
  summary: 'operation that executes its region exactly once',
  description: `
The \`scf.execute_region\` operation is used to allow multiple blocks within SCF and other operations which can hold
only one block. The \`scf.execute_region\` operation executes the region held exactly once and cannot have any
operands. As such, its region has no arguments. All SSA values that dominate the op can be accessed inside the
op. The op's region can have multiple blocks and the blocks can have multiple distinct terminators. Values
returned from this op's region define the op's results. With \`no_inline\`, canonicalization keeps the op.

Example:

\`\`\`mlir
%v = scf.execute_region -> i64 {
  cf.cond_br %cond, ^bb1, ^bb2
^bb1:
  %c1 = arith.constant 1 : i64
  cf.br ^bb3(%c1 : i64)
^bb2:
  %c2 = arith.constant 2 : i64
  cf.br ^bb3(%c2 : i64)
^bb3(%x : i64):
  scf.yield %x : i64
}
\`\`\`
`,
  results: { results: Variadic(AnyType) },
  properties: { no_inline: UnitAttr },
  regions: { region: AnyRegion },
  // Its effects are those of its region (MLIR's RecursiveMemoryEffects): unused and effect-free, it is dead.
  traits: [RecursiveMemoryEffects],
  canonicalize: [new SingleBlockExecuteInliner(), new MultiBlockExecuteInliner(), new RemoveResultsYieldedFromOutside(), new RemoveDuplicatedResults(), new RemoveUnusedResults()],
  interfaces: [
    RegionBranchOpInterface.implement({
      getSuccessorRegions: (op, from) => (from ? ['parent'] : [op.regions[0]!]),
      getSuccessorInputs: (op, successor) => (successor === 'parent' ? op.results : []),
    }),
  ],
  parse(p, state) {
    const types = p.parseOptionalArrowTypeList();
    if (types) state.resultTypes.push(...types);
    if (p.parseOptionalKeyword('no_inline')) state.addAttribute('no_inline', UnitAttr.get(p.context));
    p.parseRegion(state.addRegion());
    p.parseOptionalAttrDict(state.attributes);
    return true;
  },
  print(e, p) {
    const op = e.op;
    printOptionalArrowTypeList(p, op.resultTypes);
    p.write(' ');
    if (e.no_inline) p.write('no_inline ');
    p.printRegion(op.regions[0]!, { printEntryBlockArgs: false, printBlockTerminators: true });
    printAttrDict(p, op, ['no_inline']);
  },
  verify(e) {
    const region = e.region;
    if (region.empty) {
      e.op.emitOpError('region needs to have at least one block');
      return false;
    }
    if (region.firstBlock!.numArguments > 0) {
      e.op.emitOpError('region cannot have any arguments');
      return false;
    }
    return true;
  },
});
