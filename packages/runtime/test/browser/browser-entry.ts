// The page script of the headless-browser test: the runtime's browser path (navigator.gpu), bundled by esbuild
// from the package's sources. It runs a kernel given as a KernelSource and hands the results back.
import { acquireBrowserDevice, GpuRuntimeError, ndarray, type KernelSource } from '../../src/index.js';

export interface AxpyOutcome {
  readonly y?: number[];
  readonly summary?: string;
  readonly recipe?: string;
  readonly timing?: string;
  readonly error?: string;
}

async function runAxpy(source: KernelSource, x: number[], y: number[], alpha: number): Promise<AxpyOutcome> {
  let gpu;
  try {
    gpu = await acquireBrowserDevice();
    const kernel = await gpu.loadKernel(source);
    const yArray = ndarray(Float32Array.from(y));
    const result = await kernel.launch({ alpha, x: ndarray(Float32Array.from(x)), y: yArray }, { groups: Math.ceil(y.length / 64) });
    return { y: [...yArray.data], summary: gpu.report.summary, recipe: gpu.report.recipe, timing: result.timing.method };
  } catch (error) {
    return { error: error instanceof GpuRuntimeError ? error.message : `unexpected: ${String(error)}` };
  } finally {
    gpu?.release();
  }
}

(globalThis as unknown as { runAxpy: typeof runAxpy }).runAxpy = runAxpy;
