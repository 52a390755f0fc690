// scf.parallel and scf.forall: loop nests whose iterations may run in any order or at once. The interpreter runs
// them one after the other, in lexicographic order of the induction variables (the first one outermost), which is
// one of the allowed executions: a program without races gets the same results as on any machine.
import { DYNAMIC, staticIndices, type Attribute, type ViewOf } from '@tlir/ir';
import { fault, type ExecutionContext, type RuntimeValue } from '@tlir/interpreter';
import type { ForallOp } from '../forall-op.js';
import type { ParallelOp } from '../parallel-op.js';
import { ReduceOp } from '../reduce-op.js';

/** Calls `visit` with every point of the iteration space, the last dimension varying fastest. */
function forEachPoint(lbs: readonly number[], ubs: readonly number[], steps: readonly number[], what: string, visit: (ivs: number[]) => void): void {
  steps.forEach((s, k) => s <= 0 && fault(`the step of dimension ${k} of ${what} must be positive, got ${s}`));
  if (lbs.some((lb, k) => lb >= ubs[k]!)) return;
  const ivs = [...lbs];
  for (;;) {
    visit([...ivs]);
    let k = ivs.length - 1;
    for (; k >= 0; k--) {
      ivs[k] += steps[k]!;
      if (ivs[k]! < ubs[k]!) break;
      ivs[k] = lbs[k]!;
    }
    if (k < 0) return;
  }
}

/** The runtime values of an op's operand groups, whose sizes are `sizes` (the lengths of the view's groups). */
function operandGroups(sizes: readonly number[], operands: readonly RuntimeValue[]): RuntimeValue[][] {
  const groups: RuntimeValue[][] = [];
  let start = 0;
  for (const n of sizes) {
    groups.push(operands.slice(start, start + n));
    start += n;
  }
  return groups;
}

/**
 * scf.parallel: the body at every point; then its scf.reduce's values are combined into the results, each by its
 * reduction region with the value so far on the left and the new one on the right (so in iteration order, as
 * MLIR's lowering to scf.for combines them).
 */
export function runParallelLoop(op: ViewOf<typeof ParallelOp>, operands: readonly RuntimeValue[], ctx: ExecutionContext): RuntimeValue[] {
  const sizes = [op.lowerBound.length, op.upperBound.length, op.step.length, op.initVals.length];
  const [lbs, ubs, steps, inits] = operandGroups(sizes, operands) as [number[], number[], number[], RuntimeValue[]];
  const body = op.region;
  const accumulators = [...inits];
  forEachPoint(lbs, ubs, steps, 'scf.parallel', (ivs) => {
    const exit = ctx.runRegion(body, ivs);
    const reduce = exit.terminator;
    if (!reduce || !ReduceOp.is(reduce)) fault(`internal: the body of scf.parallel ended without scf.reduce`);
    for (let j = 0; j < accumulators.length; j++) {
      accumulators[j] = ctx.runRegion(reduce.regions[j]!, [accumulators[j]!, exit.values[j]!]).values[0]!;
    }
  });
  return accumulators;
}

/** scf.forall without shared outputs (those are tensors, which the interpreter does not have). */
export function runForallLoop(op: ViewOf<typeof ForallOp>, operands: readonly RuntimeValue[], ctx: ExecutionContext): RuntimeValue[] {
  const sizes = [op.dynamicLowerBound.length, op.dynamicUpperBound.length, op.dynamicStep.length, op.outputs.length];
  const [lbValues, ubValues, stepValues, outputs] = operandGroups(sizes, operands);
  if (outputs!.length > 0) fault(`scf.forall with shared outputs (tensors) is not supported by the interpreter`);
  const mixed = (list: Attribute | undefined, dynamic: readonly RuntimeValue[]): number[] => {
    let next = 0;
    return staticIndices(list).map((v) => (v === DYNAMIC ? (dynamic[next++] as number) : v));
  };
  const ubs = mixed(op.staticUpperBound, ubValues!);
  // The normalized form (`in (...)`) has lower bounds 0 and steps 1.
  const lbs = op.staticLowerBound ? mixed(op.staticLowerBound, lbValues!) : ubs.map(() => 0);
  const steps = op.staticStep ? mixed(op.staticStep, stepValues!) : ubs.map(() => 1);
  const body = op.region;
  forEachPoint(lbs, ubs, steps, 'scf.forall', (ivs) => ctx.runRegion(body, ivs));
  return [];
}
