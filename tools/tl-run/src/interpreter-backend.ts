// The interpreter backend: the reference interpreter runs the kernel at a stage of the lowering, on the host
// arguments, with each stage's calling convention:
//   tl    the tl.func, once per work-group (group ids 0 .. groups-1), on the same arguments (runKernel);
//   krnl  the kernel's func.func the same way (its flow.dispatch.workgroup.id / count are the launch's), or, when
//         lower-to-krnl made it a host function (the kernel's arguments, then the number of work-groups), that once;
//   gpu   the host function of the kernel's name, once, with the number of work-groups last: it launches the
//         gpu.func on every work-item of every work-group (gpu.launch_func).
// Groups are tl GroupValues at every stage (flow's !flow.group takes any runtime group).
import { runKernel } from '@tlir/dialect-tl';
import { registerAllInterpreters } from '@tlir/registry';
import { getSymbolName, IndexType, type Operation } from '@tlir/ir';
import { Interpreter, type InterpreterRegistry, type RuntimeValue } from '@tlir/interpreter';
import type { NdArray } from '@tlir/runtime';
import type { HostArguments } from './host-arguments.js';
import { arraysAfterRun, interpreterArguments } from './interpreter-values.js';
import type { KernelSignature } from './kernel-signature.js';
import type { Stage } from './options.js';
import { ToolFailure } from './tool-failure.js';

/** Registers the implementations of every dialect of every stage into `registry`. */
export const registerStageInterpreters = registerAllInterpreters;

/** Whether `fn` takes the kernel's arguments and then the number of work-groups (an index): a host function. */
function isHostFunction(fn: Operation, kernelArguments: number): boolean {
  const args = fn.regions[0]?.firstBlock?.args ?? [];
  return args.length === kernelArguments + 1 && args[kernelArguments]!.type instanceof IndexType;
}

export interface InterpreterRun {
  /** The memref and group arguments after the run, by name. */
  readonly arrays: Map<string, NdArray>;
  /** How long the interpreter ran (the conversion of arguments excluded). */
  readonly seconds: number;
}

/**
 * Runs `fn`, the kernel at `stage`, on fresh copies of the host arguments and returns the arrays after the run.
 * A runtime error is a ToolFailure with its diagnostic (located at the op, with a note naming the work-group or
 * work-item).
 */
export function runInInterpreter(fn: Operation, stage: Stage, signature: KernelSignature, host: HostArguments, registry: InterpreterRegistry): InterpreterRun {
  const parameters = signature.parameters;
  const values = interpreterArguments(parameters, parameters.map((p) => p.elementType), host);
  const start = performance.now();
  if (stage === 'tl') {
    const r = runKernel(fn, values, { groups: host.groups, registry });
    if (!r.ok) throw ToolFailure.located([r.diagnostic]);
  } else if (isHostFunction(fn, values.length)) {
    const r = new Interpreter(registry).call(fn, [...values, host.groups]);
    if (!r.ok) throw ToolFailure.located([r.diagnostic]);
  } else {
    runPerWorkGroup(fn, values, host.groups, registry);
  }
  const seconds = (performance.now() - start) / 1000;
  return { arrays: arraysAfterRun(parameters, host, values), seconds };
}

/** A kernel function run once per work-group, as runKernel runs a tl.func. */
function runPerWorkGroup(fn: Operation, values: readonly RuntimeValue[], groups: number, registry: InterpreterRegistry): void {
  const interpreter = new Interpreter(registry);
  for (let g = 0; g < groups; g++) {
    const r = interpreter.call(fn, values, { groupId: g, groupCount: groups });
    if (!r.ok) {
      r.diagnostic.attachNote(fn.loc, `in work-group ${g} of ${groups} of @${getSymbolName(fn)}`);
      throw ToolFailure.located([r.diagnostic]);
    }
  }
}
