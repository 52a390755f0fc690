import {
  AnyType,
  AutomaticAllocationScope,
  Index,
  IndexType,
  IntegerAttr,
  IntegerType,
  LoopLikeOpInterface,
  DenseArrayAttr,
  type Context,
  SingleBlockImplicitTerminator,
  SizedRegion,
  Variadic,
  defineOp,
  ensureTerminator,
  type Operation,
  type UnresolvedOperand,
  type Value,
} from '@tlir/ir';
import { RecursiveMemoryEffects, RewritePattern, getConstantValue, type PatternRewriter } from '@tlir/rewrite';
import { ReduceOp } from './reduce-op.js';
import { isDefinedOutside } from './region-inlining.js';
import { printAttrDict, printOptionalArrowTypeList } from './syntax.js';
import { constantTripCount } from './trip-count.js';

/**
 * The dimensions of an scf.parallel whose trip count is known to be 0 or 1 (MLIR's
 * ParallelOpSingleOrZeroIterationDimsFolder): a dimension that never runs makes the loop its inits; one that runs
 * once is dropped, its induction variable replaced by its lower bound; when none is left, the body takes the
 * loop's place, each reduction combining the init with the value reduced.
 *
 * Unlike MLIR 22, which rebuilds the loop without its discardable attributes, a loop that has some (a work-item
 * mapping, `krnl.mapping`, names one processor per dimension) only loses its empty dimensions: dropping one
 * dimension would leave the mapping wrong, and inlining a mapped loop would change which work-items run it.
 */
class ParallelOpSingleOrZeroIterationDimsFolder extends RewritePattern {
  constructor() {
    super('scf.parallel');
  }

  matchAndRewrite(op: Operation, rewriter: PatternRewriter): boolean {
    const loop = ParallelOp.wrap(op);
    const lbs = loop.lowerBound;
    const ubs = loop.upperBound;
    const steps = loop.step;
    const kept: number[] = [];
    let single = 0;
    for (let d = 0; d < lbs.length; d++) {
      const trips = constantTripCount(lbs[d]!, ubs[d]!, steps[d]!);
      if (trips === 0n) {
        rewriter.replaceOp(op, loop.initVals);
        return true;
      }
      if (trips === 1n) single++;
      else kept.push(d);
    }
    if (single === 0) return rewriter.notifyMatchFailure(op, 'no dimension runs once or never');
    if (op.attributes.size !== 0) return rewriter.notifyMatchFailure(op, 'the loop has attributes (a mapping) that name its dimensions');
    const body = loop.region.firstBlock!;
    const ivValues = (newIvs: readonly Value[]): Value[] => body.args.map((_, d) => (kept.includes(d) ? newIvs[kept.indexOf(d)]! : lbs[d]!));

    if (kept.length === 0) {
      const inits = loop.initVals;
      const reduce = body.lastOp!;
      rewriter.inlineBlockBefore(body, op.parentBlock!, op, ivValues([]));
      const reduced = reduce.operands;
      const results: Value[] = [];
      for (let i = 0; i < inits.length; i++) {
        const block = reduce.regions[i]!.firstBlock!;
        const ret = block.lastOp!;
        rewriter.inlineBlockBefore(block, op.parentBlock!, op, [inits[i]!, reduced[i]!]);
        results.push(ret.getOperand(0));
        rewriter.eraseOp(ret);
      }
      rewriter.eraseOp(reduce);
      rewriter.replaceOp(op, results);
      return true;
    }

    const newLoop = ParallelOp.create(rewriter, {
      lowerBound: kept.map((d) => lbs[d]!),
      upperBound: kept.map((d) => ubs[d]!),
      step: kept.map((d) => steps[d]!),
      initVals: loop.initVals,
      results: op.resultTypes,
      loc: op.loc,
    });
    const newBody = rewriter.withInsertionPoint(() =>
      rewriter.createBlock(
        newLoop.region,
        kept.map((d) => body.args[d]!.type),
        kept.map((d) => body.args[d]!.loc),
      ),
    );
    rewriter.mergeBlocks(body, newBody, ivValues(newBody.args));
    rewriter.replaceOp(op, newLoop.op.results);
    return true;
  }
}

/**
 * An scf.parallel whose body is only another scf.parallel (MLIR's MergeNestedParallelLoops): neither has reductions,
 * and the inner loop's bounds and steps are defined outside the outer one. The two become one loop over the outer
 * dimensions followed by the inner ones. Loops with discardable attributes (a mapping) are left alone, as the
 * dimension folder above leaves them.
 */
class MergeNestedParallelLoops extends RewritePattern {
  constructor() {
    super('scf.parallel');
  }

  matchAndRewrite(op: Operation, rewriter: PatternRewriter): boolean {
    const outer = ParallelOp.wrap(op);
    const body = outer.region.firstBlock!;
    const innerOp = body.firstOp;
    if (!innerOp || innerOp.nextOperation !== body.lastOp || !ParallelOp.is(innerOp)) return rewriter.notifyMatchFailure(op, 'the body is not a single scf.parallel');
    if (op.numResults !== 0 || innerOp.numResults !== 0) return rewriter.notifyMatchFailure(op, 'a loop has reductions');
    if (op.attributes.size !== 0 || innerOp.attributes.size !== 0) return rewriter.notifyMatchFailure(op, 'a loop has attributes (a mapping)');
    const inner = ParallelOp.wrap(innerOp);
    const bounds = [...inner.lowerBound, ...inner.upperBound, ...inner.step];
    if (!bounds.every((v) => isDefinedOutside(v, op))) {
      return rewriter.notifyMatchFailure(op, 'the inner bounds depend on the outer loop');
    }
    const innerBody = inner.region.firstBlock!;
    const merged = ParallelOp.create(rewriter, {
      lowerBound: [...outer.lowerBound, ...inner.lowerBound],
      upperBound: [...outer.upperBound, ...inner.upperBound],
      step: [...outer.step, ...inner.step],
      initVals: [],
      results: [],
      loc: op.loc,
    });
    const ivs = [...body.args, ...innerBody.args];
    const newBody = rewriter.withInsertionPoint(() =>
      rewriter.createBlock(
        merged.region,
        ivs.map((v) => v.type),
        ivs.map((v) => v.loc),
      ),
    );
    rewriter.mergeBlocks(innerBody, newBody, newBody.args.slice(body.numArguments));
    body.args.forEach((arg, i) => rewriter.replaceAllUsesWith(arg, newBody.args[i]!));
    rewriter.eraseOp(op);
    return true;
  }
}

/**
 * `%r = scf.parallel (%i, %j) = (%lb0, %lb1) to (%ub0, %ub1) step (%s0, %s1) init (%zero) -> f32 { ... scf.reduce(%v :
 * f32) { ... } }`: a loop nest whose iterations may run in any order or in parallel, combining values with the
 * reductions of its `scf.reduce` terminator.
 */
export const ParallelOp = defineOp('scf.parallel', {
  summary: 'parallel for operation',
  description: `
The \`scf.parallel\` operation represents a loop nest taking 4 groups of SSA values as operands that represent the
lower bounds, upper bounds, steps and initial values, respectively. The operation defines a variadic number of SSA
values for its induction variables (all of type \`index\`). The steps are required to be positive; the lower and
upper bounds specify a half-open range. The iterations may run in any order or in parallel.

The body region must contain exactly one block that terminates with a \`scf.reduce\` operation. The i-th result is
associated with the i-th initial value, the i-th operand of the \`scf.reduce\` (the value to be reduced) and its
i-th region (the reduction function). Without reductions, the parser inserts the terminator when it is absent.

Example:

\`\`\`mlir
%init = arith.constant 0.0 : f32
%r:2 = scf.parallel (%iv) = (%lb) to (%ub) step (%step) init (%init, %init) -> f32, f32 {
  %elem_to_reduce1 = memref.load %buffer1[%iv] : memref<100xf32>
  %elem_to_reduce2 = memref.load %buffer2[%iv] : memref<100xf32>
  scf.reduce(%elem_to_reduce1, %elem_to_reduce2 : f32, f32) {
  ^bb0(%lhs : f32, %rhs: f32):
    %res = arith.addf %lhs, %rhs : f32
    scf.reduce.return %res : f32
  }, {
  ^bb0(%lhs : f32, %rhs: f32):
    %res = arith.mulf %lhs, %rhs : f32
    scf.reduce.return %res : f32
  }
}
\`\`\`
`,
  operands: { lowerBound: Variadic(Index), upperBound: Variadic(Index), step: Variadic(Index), initVals: Variadic(AnyType) },
  results: { results: Variadic(AnyType) },
  regions: { region: SizedRegion(1) },
  traits: [SingleBlockImplicitTerminator('scf.reduce'), AutomaticAllocationScope, RecursiveMemoryEffects],
  canonicalize: [new ParallelOpSingleOrZeroIterationDimsFolder(), new MergeNestedParallelLoops()],
  interfaces: [LoopLikeOpInterface.implement({})],
  parse(p, state) {
    const ctx = p.context;
    const index = IndexType.get(ctx);
    const ivs = p.parseArgumentList('paren');
    p.parseEqual();
    // The bounds and steps: one per induction variable (MLIR's parseOperandList with a required count).
    const bounds = (): UnresolvedOperand[] => {
      const list = p.parseOperandList('paren', ivs.length);
      for (const o of list) state.operands.push(p.resolveOperand(o, index));
      return list;
    };
    const lower = bounds();
    p.parseKeyword('to');
    const upper = bounds();
    p.parseKeyword('step');
    const steps = bounds();
    let inits: UnresolvedOperand[] = [];
    if (p.parseOptionalKeyword('init')) inits = p.parseOperandList('paren');
    const types = p.parseOptionalArrowTypeList();
    if (types) state.resultTypes.push(...types);
    for (const iv of ivs) iv.type = index;
    const body = state.addRegion();
    p.parseRegion(body, ivs);
    state.addAttribute('operandSegmentSizes', segmentSizes(ctx, [lower.length, upper.length, steps.length, inits.length]));
    p.parseOptionalAttrDict(state.attributes);
    state.operands.push(...p.resolveOperands(inits, state.resultTypes, p.getNameLoc()));
    ensureTerminator(ctx, body, 'scf.reduce', state.loc);
    return true;
  },
  print(par, p) {
    const op = par.op;
    const body = op.regions[0]!;
    p.write(' (');
    p.printOperands(body.firstBlock?.args ?? []);
    p.write(') = (');
    p.printOperands(par.lowerBound);
    p.write(') to (');
    p.printOperands(par.upperBound);
    p.write(') step (');
    p.printOperands(par.step);
    p.write(')');
    const inits = par.initVals;
    if (inits.length) {
      p.write(' init (');
      p.printOperands(inits);
      p.write(')');
    }
    printOptionalArrowTypeList(p, op.resultTypes);
    p.write(' ');
    p.printRegion(body, { printEntryBlockArgs: false });
    printAttrDict(p, op, ['operandSegmentSizes']);
  },
  verify(par) {
    const op = par.op;
    const fail = (message: string): false => {
      op.emitOpError(message);
      return false;
    };
    const steps = par.step;
    if (steps.length === 0) return fail('needs at least one tuple element for lowerBound, upperBound and step');
    for (const s of steps) {
      const c = getConstantValue(s);
      if (c instanceof IntegerAttr && c.value <= 0n) return fail('constant step operand must be positive');
    }
    const body = op.regions[0]!.firstBlock!;
    if (body.numArguments !== steps.length) {
      return fail(`expects the same number of induction variables: ${body.numArguments} as bound and step values: ${steps.length}`);
    }
    for (const arg of body.args) if (!(arg.type instanceof IndexType)) return fail('expects arguments for the induction variable to be of index type');
    const reduce = body.lastOp;
    if (!reduce || !ReduceOp.is(reduce)) {
      const d = op.emitOpError("expects body to terminate with 'scf.reduce'");
      if (reduce) d.attachNote(reduce.loc, 'terminator here');
      return false;
    }
    const numResults = op.numResults;
    const numReductions = reduce.numRegions;
    const numInits = par.initVals.length;
    if (numResults !== numReductions) return fail(`expects number of results: ${numResults} to be the same as number of reductions: ${numReductions}`);
    if (numResults !== numInits) return fail(`expects number of results: ${numResults} to be the same as number of initial values: ${numInits}`);
    // A mismatch in the reduce's operands is reported by the reduce.
    if (reduce.numOperands !== numInits) return true;
    for (let i = 0; i < numReductions; i++) {
      const result = op.results[i]!.type;
      const operand = reduce.getOperand(i).type;
      if (result !== operand) {
        reduce.emitOpError(`expects type of ${i}-th reduction operand: '${operand}' to be the same as the ${i}-th result type: '${result}'`);
        return false;
      }
    }
    return true;
  },
});

function segmentSizes(ctx: Context, sizes: number[]): DenseArrayAttr {
  return DenseArrayAttr.get(ctx, IntegerType.get(ctx, 32), sizes);
}
