// The schedule of every kernel and collective of a module: the lowering's options (the default schedule), then the
// `schedule` attributes the tl ops carry (a discardable attribute holding options text, MLIR form:
// `tl.gemm ... {schedule = "tile-m=16 register-m=2"}`), then the entries of a schedule file, in that order. Each
// collective gets the options its loop nest is built with; the work-group size stays the kernel's.
import { FileLineColLoc, StringAttr, getSymbolName, type Location, type Operation } from '@tlir/ir';
import { FuncOp as TlFuncOp } from '@tlir/dialect-tl';
import { optionsProblemOf, type TlToKrnlOptions } from './options.js';
import { collectiveScheduleProblem } from './schedule-applicability.js';
import { parseOverrides, type CollectiveEntry, type CollectiveSelector, type KernelSelector, type ScheduleError, type ScheduleFile, type ScheduleOverrides } from './schedule-file.js';

/** The discardable attribute of a tl op (tl.func or a collective) that holds its schedule as options text. */
export const SCHEDULE_ATTR = 'schedule';

/** Where a collective's options come from. */
export type ScheduleSource = 'default' | 'options' | 'attribute' | 'file';

export interface OpSchedule {
  readonly options: TlToKrnlOptions;
  /** Whether the user chose them (options other than the defaults, an attribute, a file entry): warnings then. */
  readonly chosen: boolean;
}

export interface SchedulePlan {
  /** The options of a tl.func or a collective (the lowering's options for anything else). */
  of(op: Operation): TlToKrnlOptions;
  /** Whether the user chose the schedule of `op`. */
  chosen(op: Operation): boolean;
  /** The collectives of each kernel, in source order. */
  readonly kernels: readonly { readonly fn: Operation; readonly collectives: readonly Operation[] }[];
}

const COLLECTIVE_NAMES = ['tl.gemm', 'tl.gemv', 'tl.ger', 'tl.hadamard_product', 'tl.axpby', 'tl.sum'];
const isCollective = (op: Operation): boolean => COLLECTIVE_NAMES.includes(op.name);

function kernelMatches(s: KernelSelector, fn: Operation, index: number): boolean {
  return s.kind === 'all' || (s.kind === 'index' ? s.index === index : getSymbolName(fn) === s.name);
}

function collectiveMatches(s: CollectiveSelector, op: Operation, index: number, nth: number): boolean {
  if (s.kind === 'all') return true;
  if (s.kind === 'index') return s.index === index;
  if (s.kind === 'line') return op.loc.fileLoc()?.line === s.line;
  return op.name === `tl.${s.op}` && nth === s.nth;
}

/** An attribute's overrides, located at the op (the text's offsets cannot be pointed at in the IR). */
function attributeOverrides(op: Operation, where: 'kernel' | 'collective'): ScheduleOverrides | ScheduleError | undefined {
  const attr = op.getAttr(SCHEDULE_ATTR);
  if (attr === undefined) return undefined;
  if (!(attr instanceof StringAttr)) return { loc: op.loc, message: `the '${SCHEDULE_ATTR}' attribute must be a string of lower-to-krnl options, got ${attr}` };
  const r = parseOverrides(attr.value, () => op.loc, where);
  return 'message' in r ? { loc: r.loc, message: `in the '${SCHEDULE_ATTR}' attribute: ${r.message}` } : r;
}

const merge = (base: TlToKrnlOptions, o: ScheduleOverrides): TlToKrnlOptions => ({ ...base, ...o.values }) as TlToKrnlOptions;

/**
 * The schedule of every tl.func and collective in `root`, or the errors (located in the schedule file or at the op
 * whose attribute is wrong). `defaults` are the lowering's options, `customized` whether they differ from tl-to-krnl's
 * own defaults. Entries of the file that name nothing are warnings.
 */
export function planSchedules(
  root: Operation,
  defaults: TlToKrnlOptions,
  customized: boolean,
  file: ScheduleFile | undefined,
): { plan: SchedulePlan; errors: ScheduleError[]; warnings: ScheduleError[] } {
  const schedules = new Map<Operation, OpSchedule>();
  const errors: ScheduleError[] = [];
  const used = new Set<object>();
  const kernels: { fn: Operation; collectives: Operation[] }[] = [];
  root.walk((op) => {
    if (TlFuncOp.is(op)) kernels.push({ fn: op, collectives: [] });
    else if (isCollective(op)) kernels[kernels.length - 1]?.collectives.push(op);
  }, 'pre');
  /** The problem of a set of options, at the place that set the blamed option last. */
  const check = (options: TlToKrnlOptions, places: Map<string, Location>, op: Operation, setHere?: ReadonlySet<string>): boolean => {
    const p = optionsProblemOf(options) ?? (setHere && collectiveScheduleProblem(op, options, setHere));
    if (!p) return true;
    errors.push({ loc: places.get(p.option) ?? op.loc, message: `schedule of this ${TlFuncOp.is(op) ? 'kernel' : `'${op.name}'`}: for the --${p.option} option: ${p.message}` });
    return false;
  };
  kernels.forEach(({ fn, collectives }, k) => {
    let options = defaults;
    let chosen = customized;
    const places = new Map<string, Location>();
    const apply = (o: ScheduleOverrides, entry?: object): void => {
      options = merge(options, o);
      for (const [name, loc] of Object.entries(o.at)) places.set(name, loc);
      chosen = true;
      if (entry) used.add(entry);
    };
    const attr = attributeOverrides(fn, 'kernel');
    if (attr && 'message' in attr) errors.push(attr);
    else if (attr) apply(attr);
    const entries: CollectiveEntry[] = [...(file?.everyKernel ?? [])];
    for (const entry of file?.kernels ?? []) {
      if (!kernelMatches(entry.kernel, fn, k)) continue;
      apply(entry.overrides, entry);
      entries.push(...entry.collectives);
    }
    if (!check(options, places, fn)) return;
    schedules.set(fn, { options, chosen });
    const seen = new Map<string, number>();
    collectives.forEach((op, i) => {
      const nth = seen.get(op.name) ?? 0;
      seen.set(op.name, nth + 1);
      let own = options;
      let ownChosen = chosen;
      const ownPlaces = new Map(places);
      const setHere = new Set<string>();
      const applyOwn = (o: ScheduleOverrides, entry?: object): void => {
        own = merge(own, o);
        for (const name of Object.keys(o.values)) setHere.add(name);
        for (const [name, loc] of Object.entries(o.at)) ownPlaces.set(name, loc);
        ownChosen = true;
        if (entry) used.add(entry);
      };
      const a = attributeOverrides(op, 'collective');
      if (a && 'message' in a) errors.push(a);
      else if (a) applyOwn(a);
      for (const entry of entries) if (collectiveMatches(entry.collective, op, i, nth)) applyOwn(entry.overrides, entry);
      if (check(own, ownPlaces, op, setHere)) schedules.set(op, { options: own, chosen: ownChosen });
    });
  });
  const warnings: ScheduleError[] = [];
  const names = kernels.map(({ fn }) => `@${getSymbolName(fn)}`).join(', ');
  for (const entry of file?.kernels ?? []) {
    if (!used.has(entry) && !kernels.some(({ fn }, k) => kernelMatches(entry.kernel, fn, k))) {
      warnings.push({ loc: entry.loc, message: `this entry names no kernel (the kernels: ${names || 'none'})` });
    }
    for (const c of entry.collectives) if (!used.has(c)) warnings.push({ loc: c.loc, message: 'this entry names no collective of its kernels' });
  }
  for (const c of file?.everyKernel ?? []) if (!used.has(c)) warnings.push({ loc: c.loc, message: 'this entry names no collective' });
  return {
    plan: {
      of: (op) => schedules.get(op)?.options ?? defaults,
      chosen: (op) => schedules.get(op)?.chosen ?? customized,
      kernels,
    },
    errors,
    warnings,
  };
}

/** A schedule file's location, for errors about the file as a whole. */
export const fileLoc = (file: string): Location => new FileLineColLoc(file, 1, 1);
