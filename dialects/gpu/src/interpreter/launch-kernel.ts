// Launching a kernel from the host API (what gpu.launch_func does from IR): tests and tools run a gpu.func on a grid
// with host values.
import type { Operation } from '@tlir/ir';
import { fault, type InterpretOptions, type InterpretResult, type Interpreter, type RuntimeValue } from '@tlir/interpreter';
import { runLaunch } from './launch-scheduler.js';
import { type Dim3 } from './work-item.js';
import { gpuInterpreterOptions } from './register-gpu-interpreter.js';
import { kernelBody, launchGeometry } from './launch-ops.js';

/** The sizes of a launch from the host API: x, or [x, y, z]. */
export interface KernelLaunch {
  readonly grid: number | Dim3;
  readonly block: number | Dim3;
  readonly cluster?: number | Dim3;
  /** The subgroup size of the launch (default: the one registerGpuInterpreter was given, 32 by default). */
  readonly subgroupSize?: number;
  /** Whether to report data races (default: as registerGpuInterpreter was told, off by default). */
  readonly detectRaces?: boolean;
}

const dim3 = (d: number | Dim3): Dim3 => (typeof d === 'number' ? [d, 1, 1] : d);

/**
 * Runs `kernel` (a gpu.func, or any function with a body) on the grid of `launch` with `args`, in a new run of
 * `interpreter` (whose registry has the gpu implementations and those of the ops the kernel uses). Memory arguments
 * are shared with the host: what the kernel stores is in them afterwards. Runtime errors are diagnostics, located
 * at the op, with a note naming the work-item.
 */
export function launchKernel(interpreter: Interpreter, kernel: Operation, args: readonly RuntimeValue[], launch: KernelLaunch, options: InterpretOptions = {}): InterpretResult {
  return interpreter.run(
    kernel,
    (ctx) => {
      const geometry = launchGeometry(
        [...dim3(launch.grid)],
        [...dim3(launch.block)],
        launch.cluster === undefined ? undefined : [...dim3(launch.cluster)],
        launch.subgroupSize ?? gpuInterpreterOptions(interpreter.registry).subgroupSize,
      );
      const problem = interpreter.argumentProblem(kernel, args);
      if (problem) fault(problem);
      const name = `@${String(kernel.getAttr('sym_name')).slice(1, -1)}`;
      runLaunch(ctx, geometry, kernelBody(kernel, kernel, args, geometry, name), { detectRaces: launch.detectRaces ?? gpuInterpreterOptions(interpreter.registry).detectRaces });
      return [];
    },
    options,
  );
}
