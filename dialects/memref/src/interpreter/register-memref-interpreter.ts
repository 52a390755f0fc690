// The memref dialect's implementations for the reference interpreter (docs/interpreter.md).
import type { InterpreterRegistry } from '@tlir/interpreter';
import { registerAccessOps } from './access-ops.js';
import { registerAllocationOps } from './allocation-ops.js';
import { memrefValueProblem } from './memref-values.js';
import { registerTransferOps } from './transfer-ops.js';
import { registerViewOps } from './view-ops.js';

/** Registers the implementation of every memref op (but memref.view) and the check of memref values. */
export function registerMemRefInterpreter(registry: InterpreterRegistry): InterpreterRegistry {
  registerAllocationOps(registry);
  registerAccessOps(registry);
  registerViewOps(registry);
  registerTransferOps(registry);
  registry.registerValueCheck(memrefValueProblem);
  return registry;
}
