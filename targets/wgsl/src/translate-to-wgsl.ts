// The WGSL translation of a module (docs/wgsl.md): every kernel gpu.func of its gpu.modules (or one, by name) to a
// WGSL module and the manifest @tlir/runtime loads it with. Problems are reported as located diagnostics to the
// module's context, as passes report them; the result is undefined when there was any.
import { FuncOp, isKernel } from '@tlir/dialect-gpu';
import { Diagnostic, FileLineColLoc, getSymbolName, type Operation } from '@tlir/ir';
import type { SourceLineReader } from './kernel-arguments.js';
import type { WgslFeatures } from './scalar-types.js';
import { translateKernel, type TranslatedKernel } from './translate-kernel.js';

/** The WebGPU features the translation may use when the adapter has them. */
export const WGSL_FEATURES = ['shader-f16', 'subgroups'] as const;
export type WgslFeatureName = (typeof WGSL_FEATURES)[number];

export interface WgslTranslationOptions {
  /** Features of the adapter the WGSL is for; without them f16 and subgroup ops are errors. Default: none. */
  readonly features?: readonly WgslFeatureName[];
  /** Translate only the kernel of this name. */
  readonly kernel?: string;
  /**
   * Reads lines of the kernel's sources that the context does not hold, to find argument names at the positions
   * their locations give (`%A` in `func @k(%A: ...)`); the manifest names an argument `argN` otherwise.
   */
  readonly sourceLine?: SourceLineReader;
  /**
   * Check every load, store and view against its memref's sizes and record the first access out of bounds, for
   * the runtime to report at its source line (`--bounds-check`; the manifest's boundsCheck). Default: off, the
   * fast kernel.
   */
  readonly boundsCheck?: boolean;
  /**
   * Test after each loop whether the adapter ended it before its condition did (Mesa's llvmpipe ends a work-item's
   * loops after 65,535 iterations), and record the first such loop for the runtime to report at its source line
   * (`--loop-check`; loop-checks.ts). Default: off.
   */
  readonly loopCheck?: boolean;
}

/** The kernel gpu.funcs of `module` (in its gpu.modules, or `module` itself when it is a gpu.module). */
export function findKernels(module: Operation): Operation[] {
  const kernels: Operation[] = [];
  module.walk((op) => {
    if (!FuncOp.is(op)) return undefined;
    if (isKernel(op)) kernels.push(op);
    return 'skip';
  }, 'pre');
  return kernels;
}

/**
 * Translates the kernels of `module`. Returns them in module order, or undefined after reporting errors (no kernel,
 * an unknown kernel name, or anything a kernel has that WGSL cannot express).
 */
export function translateToWgsl(module: Operation, options: WgslTranslationOptions = {}): TranslatedKernel[] | undefined {
  const ctx = module.context;
  const features: WgslFeatures = {
    shaderF16: options.features?.includes('shader-f16') ?? false,
    subgroups: options.features?.includes('subgroups') ?? false,
  };
  let kernels = findKernels(module);
  // A tensor-language module has no position of its own (line 0, which prints no source line or caret): its file's
  // first line stands for it, as an MLIR module's first line does.
  const where = module.loc instanceof FileLineColLoc && module.loc.line === 0 ? new FileLineColLoc(module.loc.file, 1, 1) : module.loc;
  const fail = (message: string): undefined => {
    ctx.diagnostics.emit(new Diagnostic('error', where, message));
    return undefined;
  };
  if (options.kernel !== undefined) {
    const all = kernels;
    kernels = kernels.filter((k) => getSymbolName(k) === options.kernel);
    if (kernels.length === 0) {
      return fail(`no kernel named '${options.kernel}'${all.length ? ` (the kernels: ${all.map((k) => `@${getSymbolName(k)}`).join(', ')})` : ''}`);
    }
  }
  if (kernels.length === 0) return fail('no kernel to translate: the input has no gpu.func with the kernel attribute (run --lower-to-gpu first)');
  const extra = options.sourceLine;
  const sourceLine = (file: string, line: number): string | undefined => ctx.sources.getLine(file, line) ?? extra?.(file, line);
  const translated: TranslatedKernel[] = [];
  let ok = true;
  for (const kernel of kernels) {
    const result = translateKernel(ctx, kernel, { features, sourceLine, ...(options.boundsCheck ? { boundsCheck: true } : {}), ...(options.loopCheck ? { loopCheck: true } : {}) });
    if (result) translated.push(result);
    else ok = false;
  }
  return ok ? translated : undefined;
}
