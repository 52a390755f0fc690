// The stages of the lowering tl-run runs a kernel at, and how IR goes from one to a later one: the front end's IR
// (tl), after the lower-to-krnl pipeline (krnl: func.func kernels of krnl loop nests, scf, memref, arith and flow
// ops), after convert-krnl-to-scf (scf: the same kernels as scf loops) and after lower-to-gpu as well (gpu: gpu.module
// kernels and a host function of the kernel's name that launches them). The passes are tl-opt's.
import { KrnlDialect } from '@tlir/dialect-krnl';
import { TlDialect } from '@tlir/dialect-tl';
import { ModuleOp as GpuModuleOp } from '@tlir/dialect-gpu';
import { SymbolTable, type Operation } from '@tlir/ir';
import { parsePassPipeline, PipelineSyntaxError, type PassRegistry } from '@tlir/pass';
import { STAGES, type Stage } from './options.js';
import { ToolFailure } from './tool-failure.js';

/** The stage of a module: tl while it holds a tl op, gpu once it holds a gpu.module, krnl while it holds krnl ops, else scf. */
export function detectStage(module: Operation): Stage {
  let tl = false;
  let gpu = false;
  let krnl = false;
  module.walk((op) => {
    if (op.name.startsWith(`${TlDialect.name}.`)) tl = true;
    else if (GpuModuleOp.is(op)) gpu = true;
    else if (op.name.startsWith(`${KrnlDialect.name}.`)) krnl = true;
  });
  return tl ? 'tl' : gpu ? 'gpu' : krnl ? 'krnl' : 'scf';
}

export const stageIndex = (s: Stage): number => STAGES.indexOf(s);

/** The pipeline that lowers a module at stage `from` to stage `to` (undefined when they are the same). */
export function stagePipeline(from: Stage, to: Stage, lowerToKrnlOptions: string): string | undefined {
  const steps: string[] = [];
  const krnl = lowerToKrnlOptions.trim() === '' ? 'lower-to-krnl' : `lower-to-krnl{${lowerToKrnlOptions}}`;
  if (stageIndex(from) < stageIndex('krnl') && stageIndex(to) >= stageIndex('krnl')) steps.push(krnl);
  // lower-to-gpu starts with convert-krnl-to-scf, canonicalize and cse: the scf stage is that prefix.
  if (to === 'scf' && from !== 'scf') steps.push('convert-krnl-to-scf', 'canonicalize', 'cse');
  if (to === 'gpu' && from !== 'gpu') steps.push('lower-to-gpu');
  return steps.length ? `builtin.module(${steps.join(',')})` : undefined;
}

/**
 * Lowers `module` (verified, at stage `from`) in place to `to` and returns the function of the kernel's name there.
 * Diagnostics of the passes go to the module's context; a failing pass, or a bad --lower-to-krnl option, is a
 * ToolFailure; so is a stage earlier than the input's.
 */
export function lowerToStage(module: Operation, kernel: string, from: Stage, to: Stage, lowerToKrnlOptions: string, registry: PassRegistry): Operation {
  if (stageIndex(to) < stageIndex(from)) {
    throw ToolFailure.message(`--stage ${to}: the input is ${from} IR, which runs at the ${from} stage or later (stages only go forward)`);
  }
  const pipeline = stagePipeline(from, to, lowerToKrnlOptions);
  if (pipeline !== undefined) {
    const pm = parsePassPipeline(pipeline, registry);
    if (pm instanceof PipelineSyntaxError) {
      throw ToolFailure.message(`--lower-to-krnl=${lowerToKrnlOptions}: ${pm.format().trim()}`);
    }
    // The passes report their errors to the module's context, which the caller prints.
    if (!pm.run(module)) throw new ToolFailure([]);
  }
  return kernelFunction(module, kernel, to);
}

/** The function of the kernel's name at `stage` (the tl.func, the kernel's func.func or the host function). */
export function kernelFunction(module: Operation, kernel: string, stage: Stage): Operation {
  const fn = new SymbolTable(module).lookup(kernel);
  if (!fn) throw ToolFailure.message(`no function @${kernel} at the ${stage} stage`);
  return fn;
}
