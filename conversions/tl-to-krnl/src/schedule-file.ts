// Schedule files: the schedule of each kernel and collective, written apart from the kernel (as MLIR's transform
// dialect keeps a schedule apart from its payload) and given to `--lower-to-krnl='schedule=FILE'`. One entry a line,
// `;` starts a comment; the options are lower-to-krnl's, in its syntax (docs/research.md):
//
//   kernel @batched_gemm work-group-size=8,8         the kernel named batched_gemm (also #0: the first; *: every one)
//     collective 0 tile-m=32 tile-n=32 register-m=4   its first collective (0-based, in source order)
//     collective gemm#1 copy=true                      its second gemm (gemm: the first)
//     collective line 21 tile-k=16                     the collective on line 21 of the kernel's source
//
// `collective` entries belong to the `kernel` entry above them (before any: to every kernel).
import { FileLineColLoc, type Location } from '@tlir/ir';
import { OptionError, optionOffset, parseOptions } from '@tlir/pass';
import { TL_TO_KRNL_OPTIONS, type TlToKrnlOptions } from './options.js';

/** Which kernels an entry names. */
export type KernelSelector = { readonly kind: 'name'; readonly name: string } | { readonly kind: 'index'; readonly index: number } | { readonly kind: 'all' };

/** Which collectives of a kernel an entry names. */
export type CollectiveSelector =
  | { readonly kind: 'index'; readonly index: number }
  | { readonly kind: 'line'; readonly line: number }
  | { readonly kind: 'op'; readonly op: string; readonly nth: number }
  | { readonly kind: 'all' };

/** The options an entry sets (only those it writes), each with where it is written. */
export interface ScheduleOverrides {
  readonly values: Partial<TlToKrnlOptions>;
  readonly at: Readonly<Record<string, Location>>;
}

export interface KernelEntry {
  readonly kernel: KernelSelector;
  readonly overrides: ScheduleOverrides;
  readonly loc: Location;
  /** Its collective entries. */
  readonly collectives: CollectiveEntry[];
}

export interface CollectiveEntry {
  readonly collective: CollectiveSelector;
  readonly overrides: ScheduleOverrides;
  readonly loc: Location;
}

export interface ScheduleFile {
  readonly file: string;
  /** Collective entries before any kernel entry (for every kernel), then the kernel entries in order. */
  readonly everyKernel: CollectiveEntry[];
  readonly kernels: KernelEntry[];
}

/** A problem in a schedule, at its place. */
export interface ScheduleError {
  readonly loc: Location;
  readonly message: string;
}

/** Options that belong to a kernel as a whole (its launch), not to one of its collectives. */
export const KERNEL_ONLY_OPTIONS: readonly string[] = ['work-group-size', 'groups-per-work-group', 'max-invocations', 'schedule', 'print-schedule'];
/** Options a schedule does not set (they name the schedule itself). */
const NOT_IN_SCHEDULES: readonly string[] = ['schedule', 'print-schedule'];

/**
 * The options an options text sets, located at `loc(offset)`; an error for an unknown option or a bad value (at its
 * place), or one a schedule cannot set here.
 */
export function parseOverrides(text: string, loc: (offset: number) => Location, where: 'kernel' | 'collective'): ScheduleOverrides | ScheduleError {
  const parsed = parseOptions(TL_TO_KRNL_OPTIONS, text);
  if (parsed instanceof OptionError) return { loc: loc(parsed.offset ?? 0), message: parsed.message };
  const values: Record<string, unknown> = {};
  const at: Record<string, Location> = {};
  for (const name of Object.keys(TL_TO_KRNL_OPTIONS)) {
    const offset = optionOffset(text, name);
    if (offset === undefined) continue;
    if (NOT_IN_SCHEDULES.includes(name)) return { loc: loc(offset), message: `'${name}' is an option of the lowering, not of a schedule` };
    if (where === 'collective' && KERNEL_ONLY_OPTIONS.includes(name)) {
      return { loc: loc(offset), message: `'${name}' is the kernel's (one launch for all its collectives): set it on the kernel's entry` };
    }
    values[name] = (parsed as Record<string, unknown>)[name];
    at[name] = loc(offset);
  }
  return { values: values as Partial<TlToKrnlOptions>, at };
}

function parseKernelSelector(word: string): KernelSelector | undefined {
  if (word === '*') return { kind: 'all' };
  if (/^@[A-Za-z_][A-Za-z0-9_$.]*$/.test(word)) return { kind: 'name', name: word.slice(1) };
  if (/^#\d+$/.test(word)) return { kind: 'index', index: Number(word.slice(1)) };
  return undefined;
}

const COLLECTIVE_KINDS = ['gemm', 'gemv', 'ger', 'hadamard_product', 'axpby', 'sum'];

function parseCollectiveSelector(word: string): CollectiveSelector | undefined {
  if (word === '*') return { kind: 'all' };
  if (/^\d+$/.test(word)) return { kind: 'index', index: Number(word) };
  const m = /^([a-z_]+)(?:#(\d+))?$/.exec(word);
  if (m && COLLECTIVE_KINDS.includes(m[1]!)) return { kind: 'op', op: m[1]!, nth: m[2] === undefined ? 0 : Number(m[2]) };
  return undefined;
}

/** Parses a schedule file's text; returns the schedule or the first error (located in the file). */
export function parseScheduleFile(file: string, text: string): ScheduleFile | ScheduleError {
  const everyKernel: CollectiveEntry[] = [];
  const kernels: KernelEntry[] = [];
  const lines = text.split(/\r?\n/);
  for (let i = 0; i < lines.length; i++) {
    const raw = lines[i]!;
    const comment = raw.indexOf(';');
    const line = comment < 0 ? raw : raw.slice(0, comment);
    const at = (column: number): Location => new FileLineColLoc(file, i + 1, column + 1);
    const words = [...line.matchAll(/\S+/g)];
    if (!words.length) continue;
    const head = words[0]!;
    const lineLoc = at(head.index);
    if (head[0] === 'kernel') {
      const sel = words[1];
      const selector = sel && parseKernelSelector(sel[0]);
      if (!sel || !selector) return { loc: at(sel?.index ?? line.length), message: `expected the kernel: @name, #index or * (got ${sel ? `'${sel[0]}'` : 'nothing'})` };
      const start = sel.index + sel[0].length;
      const overrides = parseOverrides(line.slice(start), (o) => at(start + o), 'kernel');
      if ('message' in overrides) return overrides;
      kernels.push({ kernel: selector, overrides, loc: lineLoc, collectives: [] });
      continue;
    }
    if (head[0] === 'collective') {
      const sel = words[1];
      let selector: CollectiveSelector | undefined;
      let start: number;
      if (sel?.[0] === 'line') {
        const n = words[2];
        if (!n || !/^\d+$/.test(n[0])) return { loc: at(n?.index ?? line.length), message: `expected a line number after 'line'` };
        selector = { kind: 'line', line: Number(n[0]) };
        start = n.index + n[0].length;
      } else {
        selector = sel && parseCollectiveSelector(sel[0]);
        if (!sel || !selector) {
          return {
            loc: at(sel?.index ?? line.length),
            message: `expected the collective: its index (0, 1, ...), 'line N', an instruction (${COLLECTIVE_KINDS.join(', ')}) with an optional #index, or * (got ${sel ? `'${sel[0]}'` : 'nothing'})`,
          };
        }
        start = sel.index + sel[0].length;
      }
      const overrides = parseOverrides(line.slice(start), (o) => at(start + o), 'collective');
      if ('message' in overrides) return overrides;
      const entry = { collective: selector, overrides, loc: lineLoc };
      const owner = kernels[kernels.length - 1];
      if (owner) owner.collectives.push(entry);
      else everyKernel.push(entry);
      continue;
    }
    return { loc: lineLoc, message: `expected 'kernel' or 'collective', got '${head[0]}'` };
  }
  return { file, everyKernel, kernels };
}
