// The tl-to-krnl pass (the lower-to-krnl pipeline adds canonicalize and cse, in @tlir/pipelines):
// `tl-opt kernel.tl --lower-to-krnl`, `tl-opt kernel.tl -p 'builtin.module(tl-to-krnl{tile-m=32 copy=false})'`.
import { ArithDialect } from '@tlir/dialect-arith';
import { FlowDialect } from '@tlir/dialect-flow';
import { FuncDialect } from '@tlir/dialect-func';
import { KrnlDialect } from '@tlir/dialect-krnl';
import { MemRefDialect } from '@tlir/dialect-memref';
import { ScfDialect } from '@tlir/dialect-scf';
import { fileSystem, NO_FILE_SYSTEM } from './file-access.js';
import { Diagnostic, UnknownLoc, type Context, type Operation } from '@tlir/ir';
import { defaultOptions, definePass } from '@tlir/pass';
import type { CollectiveModel } from './collective-model.js';
import { parseScheduleFile, type ScheduleError, type ScheduleFile } from './schedule-file.js';
import { planSchedules } from './schedule-plan.js';
import { ScheduleRecorder, scheduleWarnings } from './schedule-report.js';
import type { TileConfig } from './tile-config.js';
import { ConversionTarget, applyPartialConversion, type ConversionPatternLike } from '@tlir/rewrite';
import { collectiveView } from './collective-model.js';
import { collectivePatterns, collectiveProblem, gemmFusions, outputExtentBounds } from './collective-patterns.js';
import { findGemmFusions } from './gemm-fusion.js';
import { controlFlowPatterns } from './control-flow-patterns.js';
import { functionPattern } from './function-pattern.js';
import { memoryPatterns } from './memory-patterns.js';
import { TL_TO_KRNL_OPTIONS, optionsAndScheduleProblem, optionsProblem, packedGroupsProblem, workGroupSizeProblem, type TlToKrnlOptions } from './options.js';
import { chooseWorkGroupSize } from './work-group-size.js';
import { scalarPatterns } from './scalar-patterns.js';
import { tlToKrnlTypeConverter } from './type-conversion.js';
import { viewPatterns } from './view-patterns.js';
import type { ExtentBounds } from './tile-config.js';
import { FuncOp as TlFuncOp } from '@tlir/dialect-tl';

/** The dialects the lowered IR uses. */
const TARGET_DIALECTS = [FuncDialect, ArithDialect, ScfDialect, MemRefDialect, KrnlDialect, FlowDialect];

/**
 * Lowers every tl op in `root` (docs/lowering-tl-to-krnl.md). Returns false after reporting what could not be
 * lowered (a bad option, an atomic update it cannot express, an op left over), with its location.
 */
export function lowerTlToKrnl(root: Operation, options: TlToKrnlOptions, hooks: LoweringHooks = {}): boolean {
  const ctx = root.context;
  const problem = optionsProblem(options);
  if (problem) {
    // Reported at the first kernel the options would shape (a module without kernels has nothing to lower).
    let kernel: Operation | undefined;
    root.walk((op) => {
      if (!TlFuncOp.is(op)) return undefined;
      kernel = op;
      return 'interrupt';
    });
    if (!kernel) return true;
    // The options are at fault, not the kernel: no dump of its IR.
    kernel.emit('error', `tl-to-krnl: ${problem}`);
    return false;
  }
  // The schedule: these options, then the ops' schedule attributes, then the schedule file's entries.
  let file: ScheduleFile | undefined;
  if (options.schedule !== '') {
    const read = readScheduleFile(options.schedule, ctx);
    if ('message' in read) {
      ctx.diagnostics.emit(new Diagnostic('error', read.loc, `tl-to-krnl: ${read.message}`));
      return false;
    }
    file = read;
  }
  const customized = Object.entries(options).some(([k, v]) => !['schedule', 'print-schedule'].includes(k) && JSON.stringify(v) !== JSON.stringify(DEFAULTS[k as keyof TlToKrnlOptions]));
  const { plan, errors, warnings } = planSchedules(root, options, customized, file);
  for (const w of warnings) ctx.diagnostics.emit(new Diagnostic('warning', w.loc, `tl-to-krnl: ${w.message}`));
  for (const e of errors) ctx.diagnostics.emit(new Diagnostic('error', e.loc, `tl-to-krnl: ${e.message}`));
  if (errors.length) return false;
  for (const d of TARGET_DIALECTS) ctx.loadDialect(d);
  let ok = true;
  // The work-group size each kernel gets (the option, its attribute or the heuristic) must be one WebGPU launches.
  const recorder = new ScheduleRecorder();
  root.walk((op) => {
    if (!TlFuncOp.is(op)) return;
    const own = plan.of(op);
    const [x, y] = chooseWorkGroupSize(TlFuncOp.wrap(op), own);
    const groups = own['groups-per-work-group'];
    recorder.kernel(op, [x, y], groups);
    const p = workGroupSizeProblem(x, y, own['max-invocations']);
    if (p) {
      op.emit('error', `tl-to-krnl: the work-group size of this kernel: ${p}`);
      ok = false;
    }
    const packed = p ? undefined : packedGroupsProblem(x, y, groups, own['max-invocations']);
    if (packed) {
      op.emit('error', `tl-to-krnl: groups-per-work-group=${groups} on this kernel: ${packed}`);
      ok = false;
    }
  });
  // Each collective: what cannot be lowered, and (before any op is rewritten) the static bounds of its output's
  // extents, read from the tl views.
  const outputBounds = new Map<Operation, ExtentBounds>();
  root.walk((op) => {
    if (!collectiveView(op)) return;
    const p = collectiveProblem(op);
    if (p) {
      op.emitOpError(p);
      ok = false;
    }
    outputBounds.set(op, outputExtentBounds(op));
  });
  if (!ok) return false;
  const typeConverter = tlToKrnlTypeConverter(ctx);
  const scheduling = {
    optionsOf: (op: Operation) => plan.of(op),
    chosen: (op: Operation, model: CollectiveModel, config: TileConfig, size: readonly [number, number]) => {
      recorder.collective(op, config);
      // Said only of schedules the user chose: the default heuristics are the lowering's business.
      if (plan.chosen(op)) for (const w of scheduleWarnings(model, config, size)) ctx.diagnostics.emit(new Diagnostic('warning', op.loc, w));
    },
    fused: (op: Operation) => recorder.fused(op),
  };
  const patterns: ConversionPatternLike[] = [
    functionPattern(typeConverter, (fn) => plan.of(fn)),
    ...scalarPatterns(),
    ...controlFlowPatterns(),
    ...memoryPatterns(typeConverter),
    ...viewPatterns(typeConverter),
    ...collectivePatterns(typeConverter, scheduling, outputBounds, gemmFusions(findGemmFusions(root, (op) => plan.of(op)))),
  ];
  const target = new ConversionTarget().addIllegalDialect('tl');
  const converted = applyPartialConversion(root, target, patterns);
  if (converted && options['print-schedule']) hooks.printSchedule?.(recorder.print(plan));
  return converted;
}

/** What the lowering tells its caller besides the IR. */
export interface LoweringHooks {
  /** Receives the chosen schedule (print-schedule), in the schedule file syntax. */
  printSchedule?(text: string): void;
}

const DEFAULTS = defaultOptions(TL_TO_KRNL_OPTIONS);

/** Reads and parses a schedule file (kept in the context's sources, so that its lines show under diagnostics). */
function readScheduleFile(path: string, ctx: Context): ScheduleFile | ScheduleError {
  const fs = fileSystem();
  if (!fs) return { loc: UnknownLoc.instance, message: NO_FILE_SYSTEM };
  let text: string;
  try {
    text = fs.readFileSync(path, 'utf8');
  } catch (e) {
    return { loc: UnknownLoc.instance, message: `could not read the schedule file '${path}': ${(e as { code?: string }).code === 'ENOENT' ? 'no such file' : e instanceof Error ? e.message : String(e)}` };
  }
  ctx.sources.addBuffer(path, text);
  return parseScheduleFile(path, text);
}

export const TlToKrnlPass = definePass({
  argument: 'tl-to-krnl',
  summary: 'Lower the tensor language to krnl loop nests, scf, memref, arith and flow',
  description: `
Kernels become func.func (with their work-group size as \`work_group_size\`), replicated scalar instructions arith,
for and if scf.for and scf.if, views memref views with explicit strides, load and store krnl.load and krnl.store,
alloca memref.alloca, group_id and group_size flow.dispatch.workgroup.id and count, groups !flow.group, foreach a
krnl loop spread over the work-items, and every collective a tiled krnl loop nest. See docs/lowering-tl-to-krnl.md.
`,
  anchor: 'builtin.module',
  options: TL_TO_KRNL_OPTIONS,
  validate: optionsAndScheduleProblem,
  statistics: { 'num-kernels': 'Number of kernels lowered' },
  run(module, pass) {
    let kernels = 0;
    module.walk((op) => void (TlFuncOp.is(op) && kernels++));
    if (!lowerTlToKrnl(module, pass.options, { printSchedule: (text) => pass.write(text) })) return pass.signalPassFailure();
    pass.statistics['num-kernels'].value += kernels;
  },
});

