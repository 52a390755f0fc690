// scf.if, scf.index_switch and scf.execute_region as blocks and branches (MLIR's IfLowering, IndexSwitchLowering and
// ExecuteRegionLowering): each region is moved into the enclosing region before a continuation block, its
// `scf.yield` becoming a branch there, and the op's results the continuation's arguments.
import { IndexCastOp } from '@tlir/dialect-arith';
import { BranchOp, CondBranchOp, SwitchOp } from '@tlir/dialect-cf';
import { IfOp, IndexSwitchOp, inlineRegionWithBranches, type ExecuteRegionOp } from '@tlir/dialect-scf';
import { DenseArrayAttr, DenseElementsAttr, IntegerType, VectorType, type Block, type Location, type Region, type ViewOf } from '@tlir/ir';
import type { PatternRewriter } from '@tlir/rewrite';

/** Ends `region`'s last block with a branch to `dest` passing what its `scf.yield` yields (the yield is erased). */
function branchFromYield(region: Region, dest: Block, loc: Location | undefined, rewriter: PatternRewriter): void {
  const terminator = region.lastBlock!.lastOp!;
  rewriter.setInsertionPoint(terminator);
  BranchOp.create(rewriter, { dest, destOperands: [...terminator.operands], loc: loc ?? terminator.loc });
  rewriter.eraseOp(terminator);
}

/**
 * `scf.if`: a conditional branch to the "then" region or to the "else" region (to the continuation when there is
 * none). An if with results continues in a block taking them as arguments, which branches to the ops after it.
 */
export function lowerIf(ifOp: ViewOf<typeof IfOp>, rewriter: PatternRewriter): void {
  const op = ifOp.op;
  const loc = op.loc;
  const condBlock = op.parentBlock!;
  const region = condBlock.parentRegion!;
  const remainingOpsBlock = rewriter.splitBlock(condBlock, op);
  let continueBlock = remainingOpsBlock;
  if (op.numResults > 0) {
    continueBlock = rewriter.createBlock(region, op.resultTypes, op.resultTypes.map(() => loc), remainingOpsBlock);
    BranchOp.create(rewriter, { dest: remainingOpsBlock, destOperands: [], loc });
  }
  const thenRegion = op.regions[0]!;
  const thenBlock = thenRegion.firstBlock!;
  branchFromYield(thenRegion, continueBlock, loc, rewriter);
  rewriter.inlineRegionBefore(thenRegion, region, continueBlock);
  let elseBlock = continueBlock;
  const elseRegion = op.regions[1]!;
  if (elseRegion.firstBlock) {
    elseBlock = elseRegion.firstBlock;
    branchFromYield(elseRegion, continueBlock, loc, rewriter);
    rewriter.inlineRegionBefore(elseRegion, region, continueBlock);
  }
  rewriter.setInsertionPointToEnd(condBlock);
  CondBranchOp.create(rewriter, { condition: ifOp.condition, trueDest: thenBlock, trueDestOperands: [], falseDest: elseBlock, falseDestOperands: [], loc });
  rewriter.replaceOp(op, continueBlock.args);
}

/**
 * `scf.index_switch`: the index cast to i64 and a `cf.switch` on it, to the case regions and the default one; the
 * results are the arguments of the block after the op. MLIR 22 cast to i32, which sent an index or a case value past
 * 2^31 to the wrong case; later MLIR casts to i64 (llvm-project issue 111589), and so does tlir.
 */
export function lowerIndexSwitch(s: ViewOf<typeof IndexSwitchOp>, rewriter: PatternRewriter): void {
  const op = s.op;
  const loc = op.loc;
  const cases = (s.cases as DenseArrayAttr).values.map((v) => BigInt(v));
  const condBlock = op.parentBlock!;
  const region = condBlock.parentRegion!;
  const continueBlock = rewriter.splitBlock(condBlock, op);
  const results = op.resultTypes.map((t) => continueBlock.addArgument(t, loc));
  const convert = (r: Region): Block => {
    const block = r.firstBlock!;
    branchFromYield(r, continueBlock, undefined, rewriter);
    rewriter.inlineRegionBefore(r, region, continueBlock);
    return block;
  };
  const [defaultRegion, ...caseRegions] = op.regions;
  const caseBlocks = caseRegions.map(convert);
  const defaultBlock = convert(defaultRegion!);
  rewriter.setInsertionPointToEnd(condBlock);
  const ctx = op.context;
  const i64 = IntegerType.get(ctx, 64);
  const flag = IndexCastOp.create(rewriter, { in: s.arg, out: i64, loc }).out;
  SwitchOp.create(rewriter, {
    flag,
    defaultOperands: [],
    caseOperands: [],
    ...(cases.length ? { case_values: DenseElementsAttr.get(ctx, VectorType.get(ctx, [cases.length], i64), cases) } : {}),
    case_operand_segments: DenseArrayAttr.get(ctx, IntegerType.get(ctx, 32), cases.map(() => 0)),
    defaultDestination: defaultBlock,
    caseDestinations: caseBlocks,
    loc,
  });
  rewriter.replaceOp(op, results);
}

/**
 * `scf.execute_region`: a branch to the region's entry, each `scf.yield` a branch to the block after the op, which
 * takes the results as arguments.
 */
export function lowerExecuteRegion(e: ViewOf<typeof ExecuteRegionOp>, rewriter: PatternRewriter): void {
  inlineRegionWithBranches(rewriter, e.op, e.op.loc);
}
