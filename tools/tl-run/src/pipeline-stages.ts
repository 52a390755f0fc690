// The stages of the lowering tl-run can run a kernel at: the front end's IR (tl), after the lower-to-krnl pipeline
// (krnl: func.func kernels of krnl loop nests, scf, memref, arith and flow ops) and after lower-to-gpu as well (gpu:
// gpu.module kernels and a host function of the kernel's name that launches them). The passes are tl-opt's.
import { SymbolTable, type Operation } from '@tlir/ir';
import { parsePassPipeline, PipelineSyntaxError } from '@tlir/pass';
import { createPassRegistry } from '@tlir/registry';
import type { Stage } from './options.js';
import { ToolFailure } from './tool-failure.js';

/** The pipeline that lowers a tl module to `stage` (undefined for tl). */
export function stagePipeline(stage: Stage, lowerToKrnlOptions: string): string | undefined {
  if (stage === 'tl') return undefined;
  const krnl = lowerToKrnlOptions.trim() === '' ? 'lower-to-krnl' : `lower-to-krnl{${lowerToKrnlOptions}}`;
  return `builtin.module(${krnl}${stage === 'gpu' ? ',lower-to-gpu' : ''})`;
}

/**
 * Lowers `module` (parsed from the tensor language, verified) in place to `stage` and returns the function of the
 * kernel's name there. Diagnostics of the passes go to the module's context; a failing pass, or a bad
 * --lower-to-krnl option, is a ToolFailure.
 */
export function lowerToStage(module: Operation, kernel: string, stage: Stage, lowerToKrnlOptions: string): Operation {
  const pipeline = stagePipeline(stage, lowerToKrnlOptions);
  if (pipeline !== undefined) {
    const pm = parsePassPipeline(pipeline, createPassRegistry());
    if (pm instanceof PipelineSyntaxError) {
      throw ToolFailure.message(`--lower-to-krnl=${lowerToKrnlOptions}: ${pm.format().trim()}`);
    }
    // The passes report their errors to the module's context, which the caller prints.
    if (!pm.run(module)) throw new ToolFailure([]);
  }
  const fn = new SymbolTable(module).lookup(kernel);
  if (!fn) throw ToolFailure.message(`internal: no function @${kernel} after lowering to the ${stage} stage`);
  return fn;
}
