// The krnl dialect's implementations for the reference interpreter (docs/interpreter.md).
import { ControlTransfer, fault, type InterpreterRegistry } from '@tlir/interpreter';
import { MATH_EQUIVALENTS } from '../scalar-math-ops.js';
import { globalConstant } from './global-memory.js';
import { inductionVariableValues, runIterate } from './iterate-execution.js';
import { loopHandleProblem, loopHandles } from './loop-handle-value.js';
import { matmul } from './matmul.js';
import { load, memcpy, memset, store } from './memory-access.js';
import { dim, getRef, shape } from './memref-views.js';
import { randomNormal } from './random-normal.js';
import { call, defaultWrite, print, printTensor, vectorTypeCast, type KrnlInterpreterOptions } from './runtime-ops.js';
import { seqAlloc, seqDealloc, seqExtract, seqStore } from './sequence-ops.js';
import { findIndex, strlen, strncmp } from './string-ops.js';
import { sequenceValueProblem } from './sequence-value.js';
import { stringValueProblem } from './string-value.js';
import { copyFromTileBuffer, copyToTileBuffer } from './tile-buffer-copies.js';

/**
 * Registers the implementation of every krnl op and the check of `!krnl.loop` values. The scalar math ops run the
 * math dialect's implementations (register them too: registerMathInterpreter); the memref values are those of the
 * memref dialect's implementations (registerMemRefInterpreter checks them).
 */
export function registerKrnlInterpreter(registry: InterpreterRegistry, options: KrnlInterpreterOptions = {}): InterpreterRegistry {
  // The schedule: loop handles are names; krnl.iterate reads the schedule from the IR.
  registry.register('krnl.define_loops', (op) => loopHandles(op));
  registry.register('krnl.block', (op) => loopHandles(op));
  for (const name of ['krnl.permute', 'krnl.unroll', 'krnl.parallel', 'krnl.specialized_kernel']) registry.register(name, () => []);
  registry.register('krnl.iterate', runIterate);
  registry.register('krnl.get_induction_var_value', (op, _operands, ctx) => inductionVariableValues(op, ctx));
  registry.register('krnl.yield', (_op, values) => ControlTransfer.yield(values));
  registry.register('krnl.terminate', () => ControlTransfer.yield());
  // Memory.
  registry.register('krnl.load', load);
  registry.register('krnl.store', store);
  registry.register('krnl.memset', (_op, operands) => memset(operands));
  registry.register('krnl.memcpy', memcpy);
  registry.register('krnl.copy_to_tile_buffer', copyToTileBuffer);
  registry.register('krnl.copy_from_tile_buffer', copyFromTileBuffer);
  registry.register('krnl.matmul', matmul);
  registry.register('krnl.getref', getRef);
  registry.register('krnl.dim', dim);
  registry.register('krnl.shape', shape);
  registry.register('krnl.global', globalConstant);
  // Scalar math: the math dialect's functions.
  for (const [name, mathName] of Object.entries(MATH_EQUIVALENTS)) {
    registry.register(name, (op, operands, ctx) => {
      const impl = ctx.registry.lookup(mathName) ?? fault(`${name} computes ${mathName}: register the math dialect's implementations (registerMathInterpreter)`);
      return impl(op, operands, ctx);
    });
  }
  // Regions.
  for (const name of ['krnl.region', 'krnl.movable']) registry.register(name, (op, _operands, ctx) => void ctx.runRegion(op.regions[0]!, []));
  // The runtime.
  const write = options.write ?? defaultWrite;
  registry.register('krnl.print', (op, operands) => print(op, operands, write));
  registry.register('krnl.print_tensor', (op, operands) => printTensor(op, operands, write));
  registry.register('krnl.call', (op, operands) => call(op, operands, options.externalFunctions));
  for (const name of ['krnl.runtime_instrument', 'krnl.entry_point']) registry.register(name, () => []);
  registry.register('krnl.random_normal', randomNormal);
  registry.register('krnl.vector_type_cast', vectorTypeCast);
  // Sequences (memrefs of memrefs) and strings.
  registry.register('krnl.seqalloc', seqAlloc);
  registry.register('krnl.seqdealloc', seqDealloc);
  registry.register('krnl.seqextract', seqExtract);
  registry.register('krnl.seqstore', seqStore);
  registry.register('krnl.strlen', strlen);
  registry.register('krnl.strncmp', strncmp);
  registry.register('krnl.find_index', findIndex);
  registry.registerValueCheck(loopHandleProblem);
  registry.registerValueCheck(stringValueProblem);
  registry.registerValueCheck(sequenceValueProblem);
  return registry;
}
