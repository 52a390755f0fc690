import {
  AnySignlessIntegerOrIndex,
  AnyType,
  AutomaticAllocationScope,
  IndexType,
  IntegerAttr,
  LoopLikeOpInterface,
  RegionBranchOpInterface,
  SameAs,
  SingleBlockImplicitTerminator,
  SizedRegion,
  UnitAttr,
  Variadic,
  defineOp,
  ensureTerminator,
  type Operation,
  type Value,
} from '@tlir/ir';
import { ConditionallySpeculatable, RecursiveMemoryEffects, RewritePattern, getConstantValue, type PatternRewriter } from '@tlir/rewrite';
import { isDefinedOutside, replaceOpWithRegion } from './region-inlining.js';
import { YieldOp } from './yield-op.js';
import { parseAssignmentList, printAttrDict, printInitializationList } from './syntax.js';
import { constantTripCount } from './trip-count.js';

const EMPTY: readonly Value[] = Object.freeze([]);

/** The body's arguments after the induction variable (the loop-carried values). */
function regionIterArgs(op: Operation): readonly Value[] {
  const block = op.regions[0]?.firstBlock;
  return block && block.numArguments > 1 ? block.args.slice(1) : EMPTY;
}

/** The operands of the body's terminator, when it is an scf.yield. */
function yieldedValues(op: Operation): readonly Value[] {
  const last = op.regions[0]?.firstBlock?.lastOp;
  return last && YieldOp.is(last) ? last.operands : EMPTY;
}

// ---- canonicalization (MLIR 22's ForOpIterArgsFolder and SimplifyTrivialLoops) ------------------------------------

/**
 * The loop-carried values that only pass each other's values around (MLIR 22's iter_args cycles): a set in which
 * each one is yielded the iter_arg of another member (`scf.yield %b, %a` for `iter_args(%a = %x, %b = %x)`), all
 * with the same init. Every member then holds that init in every iteration. Returns their indices.
 */
function constantCycles(inits: readonly Value[], iterArgs: readonly Value[], yielded: readonly Value[]): Set<number> {
  const n = inits.length;
  // next[i]: the carried value whose iter_arg the body yields for i, or -1.
  const next = yielded.slice(0, n).map((v) => iterArgs.indexOf(v));
  const inSet = next.map((j) => j >= 0);
  // Keep only the values that yield a member: the largest set closed under `next`.
  for (let changed = true; changed; ) {
    changed = false;
    for (let i = 0; i < n; i++) {
      if (inSet[i] && !inSet[next[i]!]) {
        inSet[i] = false;
        changed = true;
      }
    }
  }
  // Within it, a value holds its init when every value it reaches (following `next`) has that same init.
  const result = new Set<number>();
  for (let i = 0; i < n; i++) {
    if (!inSet[i]) continue;
    let same = true;
    const seen = new Set<number>();
    for (let j = i; !seen.has(j); j = next[j]!) {
      seen.add(j);
      if (inits[j] !== inits[i]) same = false;
    }
    // In iteration k, value i holds the init of the value k steps along `next`: all are the same init.
    if (same) result.add(i);
  }
  return result;
}

/**
 * Removes the loop-carried values whose value is known without running the loop (MLIR's ForOpIterArgsFolder):
 *
 * - one the body yields unchanged (`scf.yield %acc` for the iter_arg `%acc`), or one whose init is what the body
 *   yields: it keeps its init throughout, so the iter_arg and the result are the init;
 * - values that only pass each other's iter_args around, all with the same init (see `constantCycles`): each keeps
 *   that init;
 * - one used neither in the body nor after the loop: it is dropped;
 * - one with the same init and the same yielded value as an earlier one: it is that one.
 *
 * The loop is rebuilt with the others (its body moved, not cloned), keeping its properties and attributes.
 */
class ForOpIterArgsFolder extends RewritePattern {
  constructor() {
    super('scf.for');
  }

  matchAndRewrite(op: Operation, rewriter: PatternRewriter): boolean {
    const loop = ForOp.wrap(op);
    const inits = loop.initArgs;
    const n = inits.length;
    if (n === 0) return rewriter.notifyMatchFailure(op, 'no loop-carried values');
    const body = loop.region.firstBlock!;
    const terminator = body.lastOp!;
    const iterArgs = body.args.slice(1);
    const yielded = terminator.operands;
    const results = op.results;
    // For each carried value: 'init' (replaced by its init), 'keep', or the index of the kept value it duplicates.
    const fate: ('init' | 'keep' | number)[] = [];
    const cycles = constantCycles(inits, iterArgs, yielded);
    for (let i = 0; i < n; i++) {
      const arg = iterArgs[i]!;
      if (yielded[i] === arg || yielded[i] === inits[i] || cycles.has(i) || (!arg.hasUses && !results[i]!.hasUses)) {
        fate.push('init');
        continue;
      }
      let same = -1;
      for (let j = 0; j < i && same < 0; j++) if (fate[j] === 'keep' && inits[j] === inits[i] && yielded[j] === yielded[i]) same = j;
      fate.push(same >= 0 ? same : 'keep');
    }
    const kept: number[] = [];
    fate.forEach((f, i) => f === 'keep' && kept.push(i));
    if (kept.length === n) return rewriter.notifyMatchFailure(op, 'every loop-carried value is needed');

    const iv = body.args[0]!;
    const newLoop = ForOp.create(rewriter, {
      lowerBound: loop.lowerBound,
      upperBound: loop.upperBound,
      step: loop.step,
      initArgs: kept.map((i) => inits[i]!),
      results: kept.map((i) => results[i]!.type),
      unsignedCmp: loop.unsignedCmp,
      attributes: op.attributes,
      loc: op.loc,
    });
    const newBody = rewriter.withInsertionPoint(() =>
      rewriter.createBlock(newLoop.region, [iv.type, ...kept.map((i) => iterArgs[i]!.type)], [iv.loc, ...kept.map((i) => iterArgs[i]!.loc)]),
    );
    const argFor = (i: number): Value => {
      const f = fate[i]!;
      if (f === 'init') return inits[i]!;
      return newBody.args[1 + kept.indexOf(f === 'keep' ? i : f)]!;
    };
    const resultFor = (i: number): Value => {
      const f = fate[i]!;
      if (f === 'init') return inits[i]!;
      return newLoop.op.results[kept.indexOf(f === 'keep' ? i : f)]!;
    };
    rewriter.mergeBlocks(body, newBody, [newBody.args[0]!, ...iterArgs.map((_, i) => argFor(i))]);
    rewriter.modifyOpInPlace(terminator, () => terminator.setOperands(kept.map((i) => terminator.getOperand(i))));
    rewriter.replaceOp(op, results.map((_, i) => resultFor(i)));
    return true;
  }
}

/**
 * Loops whose trip count is known from constants (MLIR's SimplifyTrivialLoops; see `constantTripCount`): a loop that
 * never runs is replaced by its inits; a loop that runs once by its body, the induction variable being the lower
 * bound and the iter_args the inits, its results the values its body yields; a loop that runs more than once with
 * an empty body that yields values defined outside it, by those values.
 */
class SimplifyTrivialLoops extends RewritePattern {
  constructor() {
    super('scf.for');
  }

  matchAndRewrite(op: Operation, rewriter: PatternRewriter): boolean {
    const loop = ForOp.wrap(op);
    const trips = constantTripCount(loop.lowerBound, loop.upperBound, loop.step, loop.unsignedCmp !== undefined);
    if (trips === undefined) return rewriter.notifyMatchFailure(op, 'the trip count is not known');
    if (trips === 0n) {
      rewriter.replaceOp(op, loop.initArgs);
      return true;
    }
    if (trips === 1n) {
      replaceOpWithRegion(rewriter, op, loop.region, [loop.lowerBound, ...loop.initArgs]);
      return true;
    }
    const body = loop.region.firstBlock!;
    if (body.firstOp !== body.lastOp) return rewriter.notifyMatchFailure(op, 'the loop runs more than once and its body is not empty');
    const yielded = body.lastOp!.operands;
    if (!yielded.every((v) => isDefinedOutside(v, op))) return rewriter.notifyMatchFailure(op, 'the loop yields values it defines');
    rewriter.replaceOp(op, yielded);
    return true;
  }
}

/**
 * `%r = scf.for %i = %lb to %ub step %s iter_args(%acc = %init) -> (f32) { ... scf.yield %next : f32 }`: a loop
 * over integers from `%lb` (inclusive) to `%ub` (exclusive) by `%s`, carrying values from one iteration to the
 * next; `: i32` after the step for integer bounds, `unsigned` to compare them as unsigned.
 */
export const ForOp = defineOp('scf.for', {
  summary: 'for operation',
  description: `
The \`scf.for\` operation represents a loop taking 3 SSA values as operands that represent the lower bound, upper
bound and step respectively. The operation defines an SSA value for its induction variable. It has one region
capturing the loop body. The induction variable is represented as an argument of this region. This SSA value is a
signless integer or index. The step is a value of the same type but required to be positive; the lower and upper
bounds specify a half-open range (compared signed, or unsigned with \`unsigned\`).

The body region must contain exactly one block that terminates with \`scf.yield\`; the parser inserts it when it is
absent from the custom form and the loop has no loop-carried values.

\`scf.for\` can also carry values from one iteration to the next (\`iter_args\`): the region has one argument per
carried value after the induction variable, the \`scf.yield\` passes the values of the next iteration, and the
results of the \`scf.for\` are the values after the last iteration.

Example:

\`\`\`mlir
%sum = scf.for %iv = %lb to %ub step %step iter_args(%sum_iter = %sum_0) -> (f32) {
  %t = memref.load %buffer[%iv] : memref<1024xf32>
  %sum_next = arith.addf %sum_iter, %t : f32
  scf.yield %sum_next : f32
}
scf.for unsigned %iv_32 = %lb_32 to %ub_32 step %step_32 : i32 {
}
\`\`\`
`,
  operands: {
    lowerBound: AnySignlessIntegerOrIndex,
    upperBound: SameAs('lowerBound', AnySignlessIntegerOrIndex),
    step: SameAs('lowerBound', AnySignlessIntegerOrIndex),
    initArgs: Variadic(AnyType),
  },
  results: { results: Variadic(AnyType) },
  properties: { unsignedCmp: UnitAttr },
  regions: { region: SizedRegion(1) },
  traits: [SingleBlockImplicitTerminator('scf.yield'), AutomaticAllocationScope, RecursiveMemoryEffects],
  canonicalize: [new ForOpIterArgsFolder(), new SimplifyTrivialLoops()],
  interfaces: [
    // As MLIR's ForOp: a loop of step 1 ends for any bounds, so it may be speculated when its body may; with another
    // step it might not end.
    ConditionallySpeculatable.implement({
      getSpeculatability: (op) => {
        const step = getConstantValue(op.getOperand(2));
        return step instanceof IntegerAttr && step.value === 1n ? 'recursively-speculatable' : 'not-speculatable';
      },
    }),
    LoopLikeOpInterface.implement({
      getInits: (op) => op.operands.slice(3),
      getRegionIterArgs: regionIterArgs,
      // MLIR counts the body's arguments minus the induction variable, -1 for a body without arguments.
      getNumRegionIterArgs: (op) => (op.regions[0]?.firstBlock?.numArguments ?? 0) - 1,
      getYieldedValues: yieldedValues,
      getLoopResults: (op) => op.results,
    }),
    RegionBranchOpInterface.implement({
      // Into the body or back to the op, from the op and from the body (MLIR 22 does not narrow them by a
      // constant trip count).
      getSuccessorRegions: (op) => [op.regions[0]!, 'parent'],
      getEntrySuccessorOperands: (op) => op.operands.slice(3),
      getSuccessorInputs: (op, successor) => (successor === 'parent' ? op.results : regionIterArgs(op)),
    }),
  ],
  parse(p, state) {
    const ctx = p.context;
    if (p.parseOptionalKeyword('unsigned')) state.addAttribute('unsignedCmp', UnitAttr.get(ctx));
    const iv = p.parseArgument();
    p.parseEqual();
    const lb = p.parseOperand();
    p.parseKeyword('to');
    const ub = p.parseOperand();
    p.parseKeyword('step');
    const step = p.parseOperand();
    const regionArgs = [iv];
    let inits: ReturnType<typeof parseAssignmentList>['operands'] = [];
    if (p.parseOptionalKeyword('iter_args')) {
      const list = parseAssignmentList(p);
      regionArgs.push(...list.args);
      inits = list.operands;
      state.resultTypes.push(...p.parseArrowTypeList());
    }
    if (regionArgs.length !== state.resultTypes.length + 1) {
      p.emitCustomOpError('mismatch in number of loop-carried values and defined values', p.getNameLoc());
    }
    const type = p.parseOptionalColon() ? p.parseType() : IndexType.get(ctx);
    iv.type = type;
    for (let i = 1; i < regionArgs.length; i++) regionArgs[i]!.type = state.resultTypes[i - 1];
    const body = state.addRegion();
    p.parseRegion(body, regionArgs);
    ensureTerminator(ctx, body, 'scf.yield', state.loc);
    // As MLIR: the operands are resolved after the body, so that a use of a value defined inside is an error.
    state.operands.push(p.resolveOperand(lb, type), p.resolveOperand(ub, type), p.resolveOperand(step, type));
    for (let i = 0; i < inits.length; i++) state.operands.push(p.resolveOperand(inits[i]!, state.resultTypes[i]!));
    p.parseOptionalAttrDict(state.attributes);
    return true;
  },
  print(f, p) {
    const op = f.op;
    const body = op.regions[0]!;
    const iv = body.firstBlock?.args[0];
    if (f.unsignedCmp) p.write(' unsigned');
    p.write(' ');
    if (iv) p.printOperand(iv);
    p.write(' = ');
    p.printOperand(f.lowerBound);
    p.write(' to ');
    p.printOperand(f.upperBound);
    p.write(' step ');
    p.printOperand(f.step);
    const inits = f.initArgs;
    printInitializationList(p, regionIterArgs(op), inits, ' iter_args');
    if (inits.length) {
      p.write(' -> (');
      p.printTypes(inits.map((v) => v.type));
      p.write(')');
    }
    p.write(' ');
    if (iv && !(iv.type instanceof IndexType)) {
      p.write(' : ');
      p.printType(iv.type);
      p.write(' ');
    }
    p.printRegion(body, { printEntryBlockArgs: false, printBlockTerminators: inits.length !== 0 });
    printAttrDict(p, op, ['unsignedCmp']);
  },
  verify(f) {
    if (f.initArgs.length !== f.results.length) {
      f.op.emitOpError('mismatch in number of loop-carried values and defined values');
      return false;
    }
    return true;
  },
  verifyRegions(f) {
    const op = f.op;
    const block = op.regions[0]!.firstBlock!;
    if (block.args[0]?.type !== f.lowerBound.type) {
      op.emitOpError('expected induction variable to be same type as bounds and step');
      return false;
    }
    const iterArgs = regionIterArgs(op);
    const inits = f.initArgs;
    if (iterArgs.length !== op.numResults) {
      op.emitOpError('mismatch in number of basic block args and defined values');
      return false;
    }
    for (let i = 0; i < inits.length; i++) {
      const result = op.results[i]!.type;
      if (inits[i]!.type !== result) {
        op.emitOpError(`types mismatch between ${i}th iter operand and defined value`);
        return false;
      }
      if (iterArgs[i]!.type !== result) {
        op.emitOpError(`types mismatch between ${i}th iter region arg and defined value`);
        return false;
      }
    }
    return true;
  },
});
