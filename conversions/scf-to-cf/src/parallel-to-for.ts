// scf.parallel and scf.forall as nests of scf.for (MLIR's ParallelLowering and ForallLowering), which lower-loops.ts
// then lowers: the iterations of a parallel loop may run in any order, so running them in order is one lawful way.
import { ConstantOp } from '@tlir/dialect-arith';
import { ForOp, ParallelOp, ReduceOp, YieldOp, type ForallOp } from '@tlir/dialect-scf';
import { DYNAMIC, Diagnostic, IndexType, IntegerAttr, staticIndices, type Attribute, type Value, type ViewOf } from '@tlir/ir';
import type { PatternRewriter } from '@tlir/rewrite';

/**
 * `scf.parallel`: one `scf.for` per induction variable, the outermost first, each carrying the reductions' running
 * values; the innermost body is the parallel body followed by the reductions' regions, each combining the running
 * value with the value reduced, and yields the combined values. Returns the new loops, the outermost first.
 */
export function parallelToFor(p: ViewOf<typeof ParallelOp>, rewriter: PatternRewriter): ViewOf<typeof ForOp>[] {
  const op = p.op;
  const loc = op.loc;
  const body = op.regions[0]!.firstBlock!;
  const reduce = body.lastOp!;
  rewriter.setInsertionPoint(op);
  let iterArgs: Value[] = [...p.initVals];
  const ivs: Value[] = [];
  const loops: ViewOf<typeof ForOp>[] = [];
  let loopResults: Value[] = [...iterArgs];
  const index = IndexType.get(rewriter.context);
  p.lowerBound.forEach((lower, d) => {
    const types = iterArgs.map((v) => v.type);
    const loop = ForOp.create(rewriter, { lowerBound: lower, upperBound: p.upperBound[d]!, step: p.step[d]!, initArgs: iterArgs, results: types, loc });
    // As MLIR's builder: the induction variable at the loop's location, each loop-carried value at its init's.
    const block = rewriter.createBlock(loop.op.regions[0]!, [index, ...types], [loc, ...iterArgs.map((v) => v.loc)]);
    // A loop without loop-carried values has its (empty) yield from the start, as MLIR's builder gives it.
    if (types.length === 0) YieldOp.create(rewriter, { results: [], loc });
    loops.push(loop);
    ivs.push(block.args[0]!);
    iterArgs = block.args.slice(1);
    if (d === 0) {
      loopResults = [...loop.op.results];
    } else if (loop.op.numResults > 0) {
      // The enclosing loop yields this one's results (its body was empty until now).
      rewriter.setInsertionPointAfter(loop.op);
      YieldOp.create(rewriter, { results: [...loop.op.results], loc });
    }
    rewriter.setInsertionPointToStart(block);
  });
  // The reductions, each with the running value and the value reduced, before the reduce op; then the body.
  const yieldOperands: Value[] = [];
  op.results.forEach((_, i) => {
    const reduction = reduce.regions[i]!.firstBlock!;
    const running = iterArgs[yieldOperands.length]!;
    const returned = reduction.lastOp!;
    yieldOperands.push(returned.operands[0]!);
    rewriter.eraseOp(returned);
    rewriter.inlineBlockBefore(reduction, body, reduce, [running, reduce.operands[i]!]);
  });
  rewriter.eraseOp(reduce);
  const innermost = loops.length ? loops[loops.length - 1]!.op.regions[0]!.firstBlock! : undefined;
  if (innermost) {
    if (!innermost.firstOp) rewriter.mergeBlocks(body, innermost, ivs);
    else rewriter.inlineBlockBefore(body, innermost, innermost.lastOp, ivs);
    if (yieldOperands.length) {
      rewriter.setInsertionPointToEnd(innermost);
      YieldOp.create(rewriter, { results: yieldOperands, loc });
    }
  }
  rewriter.replaceOp(op, loopResults);
  return loops;
}

/**
 * `scf.forall` without shared outputs: the `scf.parallel` of its bounds (static ones as `arith.constant`s, all lower
 * bounds, then the upper bounds, then the steps), whose body is the forall's without its empty terminator. Returns
 * undefined after an error at a forall with shared outputs (tensors: nothing to lower them to here).
 */
export function forallToParallel(f: ViewOf<typeof ForallOp>, rewriter: PatternRewriter): ViewOf<typeof ParallelOp> | undefined {
  const op = f.op;
  const loc = op.loc;
  if (f.outputs.length > 0) {
    op.context.diagnostics.emit(new Diagnostic('error', loc, 'only fully bufferized scf.forall ops can be lowered to scf.parallel'));
    return undefined;
  }
  rewriter.setInsertionPoint(op);
  const index = IndexType.get(rewriter.context);
  const mixed = (statics: Attribute, dynamics: readonly Value[]): Value[] => {
    let next = 0;
    return staticIndices(statics).map((v) =>
      v === DYNAMIC
        ? dynamics[next++]!
        : ConstantOp.create(rewriter, { value: IntegerAttr.get(rewriter.context, index, v), result: index, loc }).result,
    );
  };
  const lowerBound = mixed(f.staticLowerBound, f.dynamicLowerBound);
  const upperBound = mixed(f.staticUpperBound, f.dynamicUpperBound);
  const step = mixed(f.staticStep, f.dynamicStep);
  const parallel = ParallelOp.create(rewriter, { lowerBound, upperBound, step, initVals: [], results: [], loc });
  const region = parallel.op.regions[0]!;
  const body = op.regions[0]!.firstBlock!;
  const block = rewriter.createBlock(region, body.args.map((a) => a.type), body.args.map((a) => a.loc));
  ReduceOp.create(rewriter, { operands: [], reductions: 0, loc });
  // The forall's terminator (scf.forall.in_parallel, empty without outputs) goes; the rest moves in.
  rewriter.eraseOp(body.lastOp!);
  rewriter.inlineBlockBefore(body, block, block.lastOp, block.args);
  rewriter.replaceOp(op, []);
  return parallel;
}
