import { InterpreterRegistry } from '@tlir/interpreter';
import { registerCollectiveInstructions } from './collective-instructions.js';
import { registerControlFlowInstructions } from './control-flow-instructions.js';
import { tlValueProblem } from './kernel-values.js';
import { registerMemoryInstructions } from './memory-instructions.js';
import { registerScalarInstructions } from './scalar-instructions.js';
import { registerViewInstructions } from './view-instructions.js';

/** Registers the interpreter implementations of every tl op, the call of a tl.func and the checks of tl types. */
export function registerTlInterpreter(registry: InterpreterRegistry): InterpreterRegistry {
  registerScalarInstructions(registry);
  registerViewInstructions(registry);
  registerMemoryInstructions(registry);
  registerCollectiveInstructions(registry);
  registerControlFlowInstructions(registry);
  registry.registerValueCheck(tlValueProblem);
  return registry;
}

/** A new registry that knows the tl dialect. */
export function tlInterpreterRegistry(): InterpreterRegistry {
  return registerTlInterpreter(new InterpreterRegistry());
}
