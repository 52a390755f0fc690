// scf.parallel and scf.forall: loop nests whose iterations may run in any order or at once. The interpreter runs
// them one after the other, in lexicographic order of the induction variables (the first one outermost), which is
// one of the allowed executions: a program without races gets the same results as on any machine.
import { DYNAMIC, staticIndices, type Operation } from '@tlir/ir';
import { fault, type ExecutionContext, type RuntimeValue } from '@tlir/interpreter';

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

/** The operand groups of an op with operandSegmentSizes. */
function operandGroups(op: Operation, operands: readonly RuntimeValue[]): RuntimeValue[][] {
  const groups: RuntimeValue[][] = [];
  let start = 0;
  for (const n of staticIndices(op.getProperty('operandSegmentSizes'))) {
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
export function runParallelLoop(op: Operation, operands: readonly RuntimeValue[], ctx: ExecutionContext): RuntimeValue[] {
  const [lbs, ubs, steps, inits] = operandGroups(op, operands) as [number[], number[], number[], RuntimeValue[]];
  const accumulators = [...inits];
  forEachPoint(lbs, ubs, steps, 'scf.parallel', (ivs) => {
    const exit = ctx.runRegion(op.regions[0]!, ivs);
    const reduce = exit.terminator;
    if (!reduce || reduce.name !== 'scf.reduce') fault(`internal: the body of scf.parallel ended without scf.reduce`);
    for (let j = 0; j < accumulators.length; j++) {
      accumulators[j] = ctx.runRegion(reduce.regions[j]!, [accumulators[j]!, exit.values[j]!]).values[0]!;
    }
  });
  return accumulators;
}

/** scf.forall without shared outputs (those are tensors, which the interpreter does not have). */
export function runForallLoop(op: Operation, operands: readonly RuntimeValue[], ctx: ExecutionContext): RuntimeValue[] {
  const [lbValues, ubValues, stepValues, outputs] = operandGroups(op, operands);
  if (outputs!.length > 0) fault(`scf.forall with shared outputs (tensors) is not supported by the interpreter`);
  const mixed = (property: string, dynamic: readonly RuntimeValue[]): number[] => {
    let next = 0;
    return staticIndices(op.getProperty(property)).map((v) => (v === DYNAMIC ? (dynamic[next++] as number) : v));
  };
  const ubs = mixed('staticUpperBound', ubValues!);
  // The normalized form (`in (...)`) has lower bounds 0 and steps 1.
  const lbs = op.getProperty('staticLowerBound') ? mixed('staticLowerBound', lbValues!) : ubs.map(() => 0);
  const steps = op.getProperty('staticStep') ? mixed('staticStep', stepValues!) : ubs.map(() => 1);
  forEachPoint(lbs, ubs, steps, 'scf.forall', (ivs) => ctx.runRegion(op.regions[0]!, ivs));
  return [];
}
