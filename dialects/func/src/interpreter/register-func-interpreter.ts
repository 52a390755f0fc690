// The func dialect's implementations for the reference interpreter (docs/interpreter.md): calling a func.func,
// returning from it, direct and indirect calls and function values.
import { getSymbolName, type Operation, type SymbolRefAttr } from '@tlir/ir';
import { ControlTransfer, callBody, fault, type ExecutionContext, type InterpreterRegistry, type RuntimeValue } from '@tlir/interpreter';
import { FunctionValue, functionValueProblem } from './function-value.js';

/** The func.func `ref` names, seen from `from`; a runtime error when there is none. */
function lookupFunction(ctx: ExecutionContext, from: Operation, ref: SymbolRefAttr): Operation {
  const fn = ctx.lookupSymbol(from, ref);
  if (!fn) fault(`no function ${ref} is visible from '${from.name}'`);
  if (fn.name !== 'func.func') fault(`${ref} is a '${fn.name}', not a 'func.func'`);
  return fn;
}

/** Calls a func.func: its body runs in a new frame; its results are what its func.return returns. */
function callFunction(fn: Operation, args: readonly RuntimeValue[], ctx: ExecutionContext): readonly RuntimeValue[] {
  if (fn.regions[0]?.empty ?? true) fault(`cannot call @${getSymbolName(fn)}: it is an external declaration (no body to run)`);
  return callBody(fn, args, ctx);
}

/** Registers the call of a func.func and the implementations of func's ops, and the check of function values. */
export function registerFuncInterpreter(registry: InterpreterRegistry): InterpreterRegistry {
  registry.registerCallable('func.func', callFunction);
  registry.register('func.return', (_op, operands) => ControlTransfer.return(operands));
  registry.register('func.call', (op, operands, ctx) => ctx.call(lookupFunction(ctx, op, op.getProperty('callee') as SymbolRefAttr), operands));
  registry.register('func.constant', (op, _operands, ctx) => [new FunctionValue(lookupFunction(ctx, op, op.getProperty('value') as SymbolRefAttr))]);
  registry.register('func.call_indirect', (_op, [callee, ...args], ctx) => {
    if (!(callee instanceof FunctionValue)) fault(`the callee of an indirect call is not a function`);
    return ctx.call(callee.fn, args);
  });
  registry.registerValueCheck(functionValueProblem);
  return registry;
}
