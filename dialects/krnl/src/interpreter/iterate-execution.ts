// krnl.iterate and krnl.get_induction_var_value on runtime values: the loops of the schedule (see
// schedule/iterate-schedule.ts) run one inside the other, outermost first, each over the range of
// schedule/loop-range.ts; parallel loops run in order (one of the orders they allow), unrolled loops as loops.
import type { BlockArgument, Operation, Value } from '@tlir/ir';
import { fault, type ExecutionContext, type RuntimeValue } from '@tlir/interpreter';
import { NUMBER_ALGEBRA } from '../index-algebra.js';
import { iterateBindings } from '../iterate-op.js';
import { analyzeIterateTree, outermostIterate, type IterateSchedule } from '../schedule/iterate-schedule.js';
import { loopRange, type RangeEnvironment } from '../schedule/loop-range.js';
import type { LoopNode } from '../schedule/loop-tree.js';
import { describeProblem } from '../schedule/schedule-problem.js';

/** An induction variable whose value is the index of a loop of this krnl.iterate. */
interface InductionVariableSlot {
  readonly leaf: LoopNode;
  readonly arg: BlockArgument;
  /** The position among this op's body arguments, or -1 for an induction variable of an enclosing krnl.iterate. */
  readonly position: number;
}

interface IterationPlan {
  readonly schedule: IterateSchedule;
  readonly slots: readonly InductionVariableSlot[];
}

/** What krnl.iterate ops share during one run: the schedules, the current bounds and indices. */
class LoopRunState {
  readonly plans = new Map<Operation, IterationPlan>();
  /** The bounds of the original loops bound by the krnl.iterate ops running. */
  readonly bounds = new Map<LoopNode, { lb: number; ub: number }>();
  /** The current index of each running leaf, by handle (what krnl.get_induction_var_value reads). */
  readonly indices = new Map<Value, number>();

  readonly env: RangeEnvironment<number> = {
    bounds: (original) => this.bounds.get(original) ?? fault(`internal: the bounds of ${original.describe()} are not known`),
    index: (leaf) => this.indices.get(leaf.handle) ?? fault(`internal: ${leaf.describe()} is not running`),
  };

  /** The plan of a krnl.iterate: its schedule (the tree it belongs to is analysed on first use). */
  plan(op: Operation): IterationPlan {
    let plan = this.plans.get(op);
    if (plan) return plan;
    const analysis = analyzeIterateTree(outermostIterate(op));
    if (!analysis.ok) fault(`the loop schedule cannot run: ${describeProblem(analysis.problems[0]!)}`);
    for (const [iterate, schedule] of analysis.schedules) this.plans.set(iterate, { schedule, slots: slotsOf(schedule) });
    plan = this.plans.get(op);
    if (!plan) fault('internal: the krnl.iterate has no schedule');
    return plan;
  }
}

/** The induction variables (of this op and of enclosing ones) that take the index of a loop this op runs. */
function slotsOf(schedule: IterateSchedule): InductionVariableSlot[] {
  const runs = new Set(schedule.loops.map((l) => l.node));
  const slots: InductionVariableSlot[] = [];
  for (let s: IterateSchedule | undefined = schedule; s; s = s.parent) {
    const args = s.op.regions[0]!.firstBlock!.args;
    s.inductionVariableLoops.forEach((leaf, i) => {
      if (runs.has(leaf)) slots.push({ leaf, arg: args[i]!, position: s === schedule ? i : -1 });
    });
  }
  return slots;
}

const STATE = {};
const loopState = (ctx: ExecutionContext): LoopRunState => ctx.state(STATE, () => new LoopRunState());

/**
 * Runs a krnl.iterate: the body once per iteration of the loops it runs (once when it runs none), the
 * loop-carried values passed from one iteration to the next; returns their final values.
 */
export function runIterate(op: Operation, operands: readonly RuntimeValue[], ctx: ExecutionContext): RuntimeValue[] {
  const state = loopState(ctx);
  const { schedule, slots } = state.plan(op);
  const bindings = iterateBindings(op);
  const savedBounds = schedule.nest.roots.map((root, i) => {
    const b = bindings[i]!;
    const bound = (v: number | Value): number => (typeof v === 'number' ? v : (ctx.get(v) as number));
    const saved = state.bounds.get(root);
    state.bounds.set(root, { lb: bound(b.lowerBound), ub: bound(b.upperBound) });
    return saved;
  });
  const loops = schedule.loops;
  const savedIndices = loops.map((l) => state.indices.get(l.node.handle));
  const body = op.regions[0]!;
  // The body's induction variables: NaN for those whose loop does not run here (the schedule's analysis checked
  // that nothing reads them where they have no value; a nested krnl.iterate sets them when it runs their loop).
  const args: RuntimeValue[] = [...bindings.map(() => NaN), ...operands.slice(operands.length - op.numResults)];
  const run = (depth: number): void => {
    if (depth === loops.length) {
      for (const s of slots) {
        const index = state.indices.get(s.leaf.handle)!;
        if (s.position >= 0) args[s.position] = index;
        else ctx.set(s.arg, index);
      }
      const exit = ctx.runRegion(body, args);
      for (let i = 0; i < exit.values.length; i++) args[bindings.length + i] = exit.values[i]!;
      return;
    }
    const leaf = loops[depth]!.node;
    const { start, end, step } = loopRange(leaf, NUMBER_ALGEBRA, state.env);
    for (let i = start; i < end; i += step) {
      state.indices.set(leaf.handle, i);
      run(depth + 1);
    }
  };
  try {
    run(0);
  } finally {
    loops.forEach((l, i) => restore(state.indices, l.node.handle, savedIndices[i]));
    schedule.nest.roots.forEach((root, i) => restore(state.bounds, root, savedBounds[i]));
  }
  return args.slice(bindings.length);
}

function restore<K, V>(map: Map<K, V>, key: K, saved: V | undefined): void {
  if (saved === undefined) map.delete(key);
  else map.set(key, saved);
}

/** krnl.get_induction_var_value: the current index of each loop (the first index of the tile for a tile loop). */
export function inductionVariableValues(op: Operation, ctx: ExecutionContext): number[] {
  const indices = loopState(ctx).indices;
  return op.operands.map((handle, i) => indices.get(handle) ?? fault(`loop #${i} is not running here`));
}
