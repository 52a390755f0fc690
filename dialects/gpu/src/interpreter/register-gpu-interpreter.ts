// The gpu dialect's part of the reference interpreter (docs/interpreter.md).
import { getSymbolName } from '@tlir/ir';
import { callBody, fault, isRuntimeObject, type InterpreterRegistry } from '@tlir/interpreter';
import { AsyncTokenType } from '../async-token-type.js';
import { FuncOp, funcAttributions } from '../func-op.js';
import { ModuleOp } from '../module-op.js';
import { AsyncTokenValue } from './async-token-value.js';
import { registerCollectiveOps } from './cooperative-ops.js';
import { defaultPrintfOutput, registerHostOps, type PrintfOutput } from './host-ops.js';
import { registerIdOps } from './id-ops.js';
import { registerLaunchOps } from './launch-ops.js';
import { registerMmaOps } from './mma-ops.js';
import { mmaValueProblem } from './mma-values.js';

/** How the gpu implementations behave. */
export interface GpuInterpreterOptions {
  /**
   * The number of work-items of a subgroup (default 32): consecutive linear ids (x fastest) form a subgroup, the
   * last one of a block partial when the block size is not a multiple.
   */
  readonly subgroupSize?: number;
  /** Where gpu.printf writes (default: stdout). */
  readonly printf?: PrintfOutput;
  /**
   * Report data races between the work-items of a block (default false): two accesses to one element of the
   * kernel's memrefs or workgroup memory by different work-items without a barrier between, when their order
   * changes what is computed. A missing barrier is then an error whatever order the work-items run in.
   */
  readonly detectRaces?: boolean;
}

/** The subgroup size the gpu interpreter uses unless told otherwise. */
export const DEFAULT_SUBGROUP_SIZE = 32;

const configured = new WeakMap<InterpreterRegistry, { readonly subgroupSize: number; readonly detectRaces: boolean }>();

/** The gpu options a registry was given (by registerGpuInterpreter). */
export function gpuInterpreterOptions(registry: InterpreterRegistry): { readonly subgroupSize: number; readonly detectRaces: boolean } {
  const o = configured.get(registry);
  if (!o) throw new Error('the registry has no gpu implementations: call registerGpuInterpreter first');
  return o;
}

/**
 * Registers the implementation of every gpu op but gpu.module and gpu.func (symbols: running them does nothing),
 * how a gpu.func is called (a device function), and the checks of !gpu.async.token and !gpu.mma_matrix values.
 */
export function registerGpuInterpreter(registry: InterpreterRegistry, options: GpuInterpreterOptions = {}): InterpreterRegistry {
  const subgroupSize = options.subgroupSize ?? DEFAULT_SUBGROUP_SIZE;
  if (!Number.isSafeInteger(subgroupSize) || subgroupSize < 1) throw new Error(`the subgroup size must be a positive integer, got ${subgroupSize}`);
  const detectRaces = options.detectRaces ?? false;
  configured.set(registry, { subgroupSize, detectRaces });
  registerIdOps(registry);
  registerCollectiveOps(registry);
  registerLaunchOps(registry, subgroupSize, { detectRaces });
  registerHostOps(registry, options.printf ?? defaultPrintfOutput);
  registerMmaOps(registry);
  registry.registerImpl(ModuleOp, () => []);
  registry.registerImpl(FuncOp, () => []);
  registry.registerCallableImpl(FuncOp, ({ op: fn }, args, ctx) => {
    const { workgroup, private: priv } = funcAttributions(fn);
    if (workgroup.length || priv.length) fault(`a call of @${getSymbolName(fn)}, a gpu.func with memory attributions (only a launch gives them memory)`);
    return callBody(fn, args, ctx);
  });
  registry.registerValueCheck((type, value) => {
    if (!AsyncTokenType.is(type)) return null;
    return value instanceof AsyncTokenValue ? undefined : `expected an async token, got ${isRuntimeObject(value) ? value.describe() : String(value)}`;
  });
  registry.registerValueCheck(mmaValueProblem);
  return registry;
}
