// The scf dialect's implementations for the reference interpreter (docs/interpreter.md), each registered for its
// op definition.
import { staticIndices } from '@tlir/ir';
import { ControlTransfer, type InterpreterRegistry, type RuntimeValue } from '@tlir/interpreter';
import { ConditionOp } from '../condition-op.js';
import { ExecuteRegionOp } from '../execute-region-op.js';
import { ForOp } from '../for-op.js';
import { ForallOp, InParallelOp } from '../forall-op.js';
import { IfOp } from '../if-op.js';
import { IndexSwitchOp } from '../index-switch-op.js';
import { ParallelOp } from '../parallel-op.js';
import { ReduceOp, ReduceReturnOp } from '../reduce-op.js';
import { WhileOp } from '../while-op.js';
import { YieldOp } from '../yield-op.js';
import { runForLoop } from './for-loop.js';
import { runForallLoop, runParallelLoop } from './parallel-loops.js';

/** Registers the implementation of every scf op (scf.forall without shared outputs: those are tensors). */
export function registerScfInterpreter(registry: InterpreterRegistry): InterpreterRegistry {
  registry.registerImpl(ForOp, runForLoop);
  registry.registerImpl(IfOp, (op, [condition], ctx) => {
    const region = condition ? op.thenRegion : op.elseRegion;
    return region.empty ? [] : ctx.runRegion(region, []).values;
  });
  // before: its scf.condition passes the condition and the values; while true, after runs on them and its
  // scf.yield gives the next values of before; when false, the values are the results.
  registry.registerImpl(WhileOp, (op, inits, ctx) => {
    let args: readonly RuntimeValue[] = inits;
    for (;;) {
      const [condition, ...values] = ctx.runRegion(op.before, args).values;
      if (!condition) return values;
      args = ctx.runRegion(op.after, values).values;
    }
  });
  registry.registerImpl(ConditionOp, (_op, operands) => ControlTransfer.yield(operands));
  registry.registerImpl(YieldOp, (_op, operands) => ControlTransfer.yield(operands));
  registry.registerImpl(ExecuteRegionOp, (op, _operands, ctx) => ctx.runRegion(op.region, []).values);
  // The region of the first case equal to the argument, else the default region.
  registry.registerImpl(IndexSwitchOp, (op, [arg], ctx) => {
    const i = staticIndices(op.cases).indexOf(arg as number);
    return ctx.runRegion(i < 0 ? op.defaultRegion : op.caseRegions[i]!, []).values;
  });
  registry.registerImpl(ParallelOp, runParallelLoop);
  registry.registerImpl(ReduceOp, (_op, operands) => ControlTransfer.yield(operands));
  registry.registerImpl(ReduceReturnOp, (_op, operands) => ControlTransfer.yield(operands));
  registry.registerImpl(ForallOp, runForallLoop);
  registry.registerImpl(InParallelOp, () => ControlTransfer.yield());
  return registry;
}
