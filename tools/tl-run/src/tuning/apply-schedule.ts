// A candidate schedule put on a kernel's tl IR as `schedule` attributes (the tl.func's work-group size, each
// collective's options), which the lowering reads ahead of a schedule file (docs/research.md). Also the facts the
// tuner needs of the kernel before compiling: its collectives and their output sizes. Browser-safe.
import { chooseWorkGroupSize, collectiveScheduleProblem, planSchedules, SCHEDULE_ATTR, TL_TO_KRNL_OPTIONS, type TlToKrnlOptions } from '@tlir/conversion-tl-to-krnl';
import { DYNAMIC, FuncOp as TlFuncOp, TlMemrefType } from '@tlir/dialect-tl';
import { getSymbolName, StringAttr, type Context, type Operation } from '@tlir/ir';
import { defaultOptions } from '@tlir/pass';
import { scheduleTexts, type Candidate, type CollectiveShape, type KnobValue } from './search-space.js';

/** The collectives of the kernel named `kernel` in `module`, in source order (as schedule files count them). */
export function kernelCollectives(module: Operation, kernel: string): { fn: Operation; collectives: readonly Operation[] } | undefined {
  const { plan } = planSchedules(module, defaultOptions(TL_TO_KRNL_OPTIONS), false, undefined);
  return plan.kernels.find(({ fn }) => getSymbolName(fn) === kernel);
}

/** The work-group size the lowering gives the kernel `fn` for a uniform candidate's knobs (no work-group-size). */
export function loweringWorkGroupSize(fn: Operation): (knobs: Readonly<Record<string, KnobValue>>) => readonly [number, number] | undefined {
  const defaults = defaultOptions(TL_TO_KRNL_OPTIONS);
  return (knobs) => (TlFuncOp.is(fn) ? chooseWorkGroupSize(TlFuncOp.wrap(fn), { ...defaults, ...knobs } as TlToKrnlOptions) : undefined);
}

const ELEMENT_BYTES: Record<string, number> = { f64: 8, i64: 8, index: 8, f16: 2 };

/** What the search space needs of a collective: its output's static sizes and its elements' width. */
export function collectiveShape(op: Operation): CollectiveShape {
  const out = op.numOperands ? op.getOperand(op.numOperands - 1) : undefined;
  const type = out?.type;
  const defaults = defaultOptions(TL_TO_KRNL_OPTIONS);
  const scheduleProblem: CollectiveShape['scheduleProblem'] = (knobs, here) =>
    collectiveScheduleProblem(op, { ...defaults, ...knobs } as TlToKrnlOptions, here ? new Set(Object.keys(knobs)) : new Set());
  if (!type || !TlMemrefType.is(type)) return { name: op.name, rows: undefined, columns: undefined, elementBytes: 4, scheduleProblem };
  const size = (mode: number): number | undefined => {
    const n = type.shape[mode];
    if (n === undefined) return mode === 0 ? 0 : 1;
    return n === DYNAMIC ? undefined : n;
  };
  return { name: op.name, rows: size(0), columns: size(1), elementBytes: ELEMENT_BYTES[String(type.elementType)] ?? 4, scheduleProblem };
}

/**
 * Puts `candidate` on the kernel as schedule attributes (replacing any the kernel had): a uniform candidate's knobs
 * (the same on every collective) on the tl.func, as `--lower-to-krnl` would give them, so that the lowering derives
 * the work-group size and tiles from them where the candidate leaves the size to it; other candidates' knobs on each
 * collective. (On a collective alone, `register-m=16` kept the kernel's 16x1 work-group of the default register
 * tile, with 12 of its 16 work-items idle, where the option gives 4x1: bench/README.md, "Tuned schedules".)
 */
export function applySchedule(ctx: Context, kernel: { fn: Operation; collectives: readonly Operation[] }, candidate: Candidate): void {
  const { kernelText, collectiveTexts } = scheduleTexts(candidate);
  if (kernelText) kernel.fn.setAttr(SCHEDULE_ATTR, StringAttr.get(ctx, kernelText));
  kernel.collectives.forEach((op, i) => {
    const text = collectiveTexts[i];
    if (text) op.setAttr(SCHEDULE_ATTR, StringAttr.get(ctx, text));
  });
}
