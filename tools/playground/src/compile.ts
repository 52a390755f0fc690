// The compilation the page shows: parse the input (tensor language or MLIR), verify it, run the pass pipeline with an
// instrumentation that keeps the module after every pass and how long the pass took, and translate the gpu kernels
// to WGSL. The same steps as tl-opt and tl-translate, with the same diagnostics; it runs in the page's Web Worker
// (and in Node, for the tests).
import { AsmPrinter, Context, verify, type Diagnostic, type Operation } from '@tlir/ir';
import { parseSourceString } from '@tlir/ir';
import { parseTensorLanguage } from '@tlir/frontend-tl';
import { parsePassPipeline, PipelineSyntaxError, type Pass, type PassInstrumentation, type PassRegistry } from '@tlir/pass';
import { createPassRegistry, DEFAULT_DIALECTS } from '@tlir/registry';
import { findKernels, manifestToJson, translateToWgsl } from '@tlir/target-wgsl';
import { pageDiagnostic, unlocatedDiagnostic } from './diagnostics.js';
import { locatedText, type LocatedText } from './ir-text.js';
import type { CompileRequest, CompileResult, PassEntry, WgslKernel } from './protocol.js';

let registry: PassRegistry | undefined;

/** The registry of every pass and pipeline tlir ships (made once). */
export function passRegistry(): PassRegistry {
  return (registry ??= createPassRegistry());
}

/**
 * The module as the page shows it: printed with locations, which are then kept beside the lines, and with the
 * kernel's names (%A, %alpha), as tl-opt prints a `.tl` input.
 */
export function showModule(module: Operation, file: string): LocatedText {
  return locatedText(AsmPrinter.print(module, { debugInfo: true, nameLocAsPrefix: true }), file);
}

/** The top-level op of `op`. */
function topOf(op: Operation): Operation {
  let top = op;
  while (top.parentOp) top = top.parentOp;
  return top;
}

/**
 * Keeps the module after each pass, one entry per pass of the pipeline (a pass nested under ops that runs on each
 * of them is one entry, its times added), in the order the passes first ran.
 */
class PassRecorder implements PassInstrumentation {
  readonly entries: { pass: Pass; milliseconds: number; ir: LocatedText | undefined; failed: boolean; op: Operation }[] = [];
  private readonly byPass = new Map<Pass, (typeof this.entries)[number]>();
  private started = 0;

  constructor(private readonly file: string) {}

  runBeforePass(): void {
    this.started = performance.now();
  }

  private record(pass: Pass, op: Operation, failed: boolean): void {
    const elapsed = performance.now() - this.started;
    let entry = this.byPass.get(pass);
    if (!entry) {
      entry = { pass, milliseconds: 0, ir: undefined, failed: false, op: topOf(op) };
      this.byPass.set(pass, entry);
      this.entries.push(entry);
    }
    entry.milliseconds += elapsed;
    entry.failed ||= failed;
  }

  runAfterPass(pass: Pass, op: Operation): void {
    this.record(pass, op, false);
    // Printed here, not at the end: later passes change the module in place. (Not timed with the pass.)
    this.byPass.get(pass)!.ir = showModule(topOf(op), this.file);
  }

  runAfterPassFailed(pass: Pass, op: Operation): void {
    this.record(pass, op, true);
    this.byPass.get(pass)!.ir = showModule(topOf(op), this.file);
  }
}

/** Compiles `request`; never throws for bad input (it comes back as diagnostics). */
export function compile(request: CompileRequest): CompileResult {
  const start = performance.now();
  const file = request.filename;
  const ctx = new Context({ dialects: [...DEFAULT_DIALECTS] });
  const reported: Diagnostic[] = [];
  ctx.diagnostics.addHandler((d) => void reported.push(d));
  const diagnostics = (): CompileResult['diagnostics'] => reported.map((d) => pageDiagnostic(d, ctx.sources, file));
  const failed = (input: LocatedText | undefined, passes: PassEntry[] = [], extra: CompileResult['diagnostics'] = []): CompileResult => ({
    ok: false,
    diagnostics: [...diagnostics(), ...extra],
    input,
    passes,
    wgsl: [],
    wgslNote: undefined,
    milliseconds: performance.now() - start,
  });

  const module = request.language === 'tl' ? parseTensorLanguage(ctx, request.source, file) : parseSourceString(ctx, request.source, file);
  if (!module || !verify(module)) return failed(undefined);
  const input = showModule(module, file);

  const passes: PassEntry[] = [];
  if (request.pipeline.trim() !== '') {
    const pm = parsePassPipeline(request.pipeline, passRegistry());
    if (pm instanceof PipelineSyntaxError) return failed(input, [], [unlocatedDiagnostic(`<unknown>:0: error: ${pm.format()}`)]);
    const recorder = new PassRecorder(file);
    pm.addInstrumentation(recorder);
    let output = '';
    pm.output = (text) => void (output += text);
    const ok = pm.run(module);
    let before = input.text;
    for (const e of recorder.entries) {
      const ir = e.ir ?? input;
      passes.push({ argument: e.pass.argument, name: e.pass.name, milliseconds: e.milliseconds, ir, changed: ir.text !== before, failed: e.failed });
      before = ir.text;
    }
    const extra = output ? [{ severity: 'remark' as const, message: output.trim(), line: 0, column: 0, rendered: output }] : [];
    if (!ok) return failed(input, passes, extra);
  }

  const wgsl: WgslKernel[] = [];
  let wgslNote: string | undefined;
  let ok = true;
  if (findKernels(module).length > 0) {
    const translated = translateToWgsl(module, { sourceLine: (f, l) => ctx.sources.getLine(f, l) });
    if (translated) for (const k of translated) wgsl.push({ name: k.name, wgsl: k.wgsl, manifest: manifestToJson(k.manifest) });
    else {
      ok = false;
      wgslNote = 'the gpu kernels could not be translated to WGSL (the diagnostics say why)';
    }
  } else wgslNote = 'no gpu kernels yet: the pipeline did not reach gpu.module (lower-to-gpu makes them)';
  return { ok, diagnostics: diagnostics(), input, passes, wgsl, wgslNote, milliseconds: performance.now() - start };
}
