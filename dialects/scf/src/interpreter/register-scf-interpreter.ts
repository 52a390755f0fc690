// The scf dialect's implementations for the reference interpreter (docs/interpreter.md).
import { staticIndices } from '@tlir/ir';
import { ControlTransfer, type InterpreterRegistry, type RuntimeValue } from '@tlir/interpreter';
import { runForLoop } from './for-loop.js';
import { runForallLoop, runParallelLoop } from './parallel-loops.js';

/** Registers the implementation of every scf op (scf.forall without shared outputs: those are tensors). */
export function registerScfInterpreter(registry: InterpreterRegistry): InterpreterRegistry {
  registry.register('scf.for', runForLoop);
  registry.register('scf.if', (op, [condition], ctx) => {
    const region = op.regions[condition ? 0 : 1]!;
    return region.empty ? [] : ctx.runRegion(region, []).values;
  });
  // before: its scf.condition passes the condition and the values; while true, after runs on them and its
  // scf.yield gives the next values of before; when false, the values are the results.
  registry.register('scf.while', (op, inits, ctx) => {
    let args: readonly RuntimeValue[] = inits;
    for (;;) {
      const [condition, ...values] = ctx.runRegion(op.regions[0]!, args).values;
      if (!condition) return values;
      args = ctx.runRegion(op.regions[1]!, values).values;
    }
  });
  registry.register('scf.condition', (_op, operands) => ControlTransfer.yield(operands));
  registry.register('scf.yield', (_op, operands) => ControlTransfer.yield(operands));
  registry.register('scf.execute_region', (op, _operands, ctx) => ctx.runRegion(op.regions[0]!, []).values);
  // The region of the first case equal to the argument, else the default region (the op's first).
  registry.register('scf.index_switch', (op, [arg], ctx) => {
    const i = staticIndices(op.getProperty('cases')).indexOf(arg as number);
    return ctx.runRegion(op.regions[i < 0 ? 0 : i + 1]!, []).values;
  });
  registry.register('scf.parallel', runParallelLoop);
  registry.register('scf.reduce', (_op, operands) => ControlTransfer.yield(operands));
  registry.register('scf.reduce.return', (_op, operands) => ControlTransfer.yield(operands));
  registry.register('scf.forall', runForallLoop);
  registry.register('scf.forall.in_parallel', () => ControlTransfer.yield());
  return registry;
}
