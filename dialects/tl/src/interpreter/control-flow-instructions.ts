import type { Region } from '@tlir/ir';
import { ControlTransfer, callBody, fault, type ExecutionContext, type InterpreterRegistry, type RuntimeValue } from '@tlir/interpreter';
import { ForOp, ForeachOp, IfOp, YieldOp } from '../control-flow-ops.js';
import { FuncOp } from '../func-op.js';

type Scalar = number | bigint;

/**
 * Runs a loop body for from, from + step, ... while below `to`. The loop variable is computed exactly (it is
 * always below `to`, so it fits the type): a loop to the largest value of its type ends.
 */
function loop(body: Region, ctx: ExecutionContext, from: Scalar, to: Scalar, step: Scalar): void {
  if (typeof from === 'bigint') {
    for (let i = from; i < (to as bigint); i += step as bigint) ctx.runRegion(body, [i]);
  } else {
    for (let i = from; i < (to as number); i += step as number) ctx.runRegion(body, [i]);
  }
}

/**
 * for, foreach, if, yield, and calls of a tl.func.
 *
 * A work-group runs as one sequential thread of control: replicated instructions of a mixed region compute the
 * same value on every work-item, so computing them once is the same; foreach spreads its iterations over the
 * work-items without order guarantees, and running them in order is one of the allowed orders, so a race-free
 * kernel gets the same results as on any device.
 */
export function registerControlFlowInstructions(registry: InterpreterRegistry): void {
  registry.registerImpl(ForOp, (op, [from, to, step], ctx) => {
    const s = (step ?? (typeof from === 'bigint' ? 1n : 1)) as Scalar;
    if (s <= 0) fault(`for: the step must be positive, got ${s}`);
    loop(op.op.regions[0]!, ctx, from as Scalar, to as Scalar, s);
  });
  registry.registerImpl(ForeachOp, (op, [from, to], ctx) => {
    loop(op.op.regions[0]!, ctx, from as Scalar, to as Scalar, typeof from === 'bigint' ? 1n : 1);
  });
  registry.registerImpl(IfOp, (op, [condition], ctx) => {
    const region = op.op.regions[condition ? 0 : 1]!;
    if (region.empty) return [] as RuntimeValue[];
    return ctx.runRegion(region, []).values;
  });
  registry.registerImpl(YieldOp, (_op, values) => ControlTransfer.yield(values));
  registry.registerCallableImpl(FuncOp, (fn, args, ctx) => {
    callBody(fn.op, args, ctx);
    return [];
  });
}
