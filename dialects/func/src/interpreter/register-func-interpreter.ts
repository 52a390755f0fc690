// The func dialect's implementations for the reference interpreter (docs/interpreter.md): calling a func.func,
// returning from it, direct and indirect calls and function values.
import { getSymbolName, type Operation, type SymbolRefAttr } from '@tlir/ir';
import { ControlTransfer, callBody, fault, type ExecutionContext, type InterpreterRegistry } from '@tlir/interpreter';
import { CallIndirectOp } from '../call-indirect-op.js';
import { CallOp } from '../call-op.js';
import { ConstantOp } from '../constant-op.js';
import { FuncOp } from '../func-op.js';
import { ReturnOp } from '../return-op.js';
import { FunctionValue, functionValueProblem } from './function-value.js';

/** The func.func `ref` names, seen from `from`; a runtime error when there is none. */
function lookupFunction(ctx: ExecutionContext, from: Operation, ref: SymbolRefAttr): Operation {
  const fn = ctx.lookupSymbol(from, ref);
  if (!fn) fault(`no function ${ref} is visible from '${from.name}'`);
  if (!FuncOp.is(fn)) fault(`${ref} is a '${fn.name}', not a 'func.func'`);
  return fn;
}

/** Registers the call of a func.func and the implementations of func's ops, and the check of function values. */
export function registerFuncInterpreter(registry: InterpreterRegistry): InterpreterRegistry {
  // A func.func's body runs in a new frame; its results are what its func.return returns.
  registry.registerCallableImpl(FuncOp, (fn, args, ctx) => {
    if (fn.body.empty) fault(`cannot call @${getSymbolName(fn.op)}: it is an external declaration (no body to run)`);
    return callBody(fn.op, args, ctx);
  });
  registry.registerImpl(ReturnOp, (_op, operands) => ControlTransfer.return(operands));
  registry.registerImpl(CallOp, (op, operands, ctx) => ctx.call(lookupFunction(ctx, op.op, op.callee), operands));
  registry.registerImpl(ConstantOp, (op, _operands, ctx) => [new FunctionValue(lookupFunction(ctx, op.op, op.value))]);
  registry.registerImpl(CallIndirectOp, (_op, [callee, ...args], ctx) => {
    if (!(callee instanceof FunctionValue)) fault(`the callee of an indirect call is not a function`);
    return ctx.call(callee.fn, args);
  });
  registry.registerValueCheck(functionValueProblem);
  return registry;
}
