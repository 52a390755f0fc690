// The schedule space the tuner searches, enumerated from the options of the lowering (TL_TO_KRNL_OPTIONS), so that
// a knob added there is searched without a change here: a bool takes both values, a uint powers of two from a quarter
// to four times its default (a default of 0, "derived", takes 0 and 16 to 64), the work-group size every power-of-two pair the
// adapter allows. A candidate is a schedule: the kernel's work-group size and the options of every collective
// (docs/tuning.md). Browser-safe: no Node import.
import { KERNEL_ONLY_OPTIONS, MAX_UNROLLED_REGISTERS, TL_TO_KRNL_OPTIONS, optionsProblemOf, type TlToKrnlOptions } from '@tlir/conversion-tl-to-krnl';
import { defaultOptions, type OptionSpec } from '@tlir/pass';

/** The lowering's defaults, made once: pruneReason and changedKnobs run for every one of millions of assignments. */
const DEFAULTS = defaultOptions(TL_TO_KRNL_OPTIONS);

/**
 * Options that are not schedule knobs: the schedule file itself, its printing, and the adapter's limit; and
 * wide-register-tiles, a heuristic over register-m and register-n, which are searched themselves (a knob of two values
 * would double the space, and its enumeration counts against the budget).
 */
export const NOT_TUNED: readonly string[] = ['schedule', 'print-schedule', 'max-invocations', 'wide-register-tiles'];

/** The collective options the tuner varies (every option of the lowering but the kernel's and NOT_TUNED). */
export const COLLECTIVE_KNOBS: readonly string[] = Object.keys(TL_TO_KRNL_OPTIONS).filter((n) => !NOT_TUNED.includes(n) && !KERNEL_ONLY_OPTIONS.includes(n));

/** A knob's value: a uint option's, a bool's or an enumeration's. */
export type KnobValue = number | boolean | string;

/** The values a collective knob takes, from its option definition (empty: not searched). */
export function knobValues(name: string): readonly KnobValue[] {
  const spec = (TL_TO_KRNL_OPTIONS as Record<string, OptionSpec<unknown>>)[name];
  return spec ? knobValuesOf(spec) : [];
}

/** The values an option definition gives a knob: see the file's comment (empty: not searched). */
export function knobValuesOf(spec: OptionSpec<unknown>): readonly KnobValue[] {
  if (spec.isList) return [];
  if (spec.choices) return spec.choices.map((c) => c.value);
  if (typeof spec.default === 'boolean') return [false, true];
  if (spec.valueName === '<uint>' && typeof spec.default === 'number') {
    const d = spec.default;
    if (d === 0) return [0, 16, 32, 64];
    const out: number[] = [];
    for (let v = Math.max(1, d / 4); v <= d * 4; v *= 2) out.push(v);
    return out;
  }
  return [];
}

/** The adapter limits the tuner prunes with (WebGPU's names). */
export interface AdapterLimits {
  readonly maxComputeInvocationsPerWorkgroup: number;
  readonly maxComputeWorkgroupSizeX: number;
  readonly maxComputeWorkgroupSizeY: number;
  readonly maxComputeWorkgroupStorageSize: number;
}

/** WebGPU's guaranteed limits, for a record that lacks one. */
export const DEFAULT_LIMITS: AdapterLimits = {
  maxComputeInvocationsPerWorkgroup: 256,
  maxComputeWorkgroupSizeX: 256,
  maxComputeWorkgroupSizeY: 256,
  maxComputeWorkgroupStorageSize: 16384,
};

export function adapterLimits(record: Readonly<Record<string, number>>): AdapterLimits {
  const pick = (k: keyof AdapterLimits): number => record[k] ?? DEFAULT_LIMITS[k];
  return {
    maxComputeInvocationsPerWorkgroup: pick('maxComputeInvocationsPerWorkgroup'),
    maxComputeWorkgroupSizeX: pick('maxComputeWorkgroupSizeX'),
    maxComputeWorkgroupSizeY: pick('maxComputeWorkgroupSizeY'),
    maxComputeWorkgroupStorageSize: pick('maxComputeWorkgroupStorageSize'),
  };
}

/** The work-group sizes searched: undefined (the lowering's own choice), then x,y powers of two of 32 to the limit. */
export function workGroupSizes(limits: AdapterLimits): (readonly [number, number] | undefined)[] {
  const out: (readonly [number, number] | undefined)[] = [undefined];
  for (let x = 1; x <= Math.min(256, limits.maxComputeWorkgroupSizeX); x *= 2) {
    for (let y = 1; y <= Math.min(256, limits.maxComputeWorkgroupSizeY); y *= 2) {
      if (x * y >= 32 && x * y <= limits.maxComputeInvocationsPerWorkgroup) out.push([x, y]);
    }
  }
  return out;
}

/** What the tuner knows of a collective before compiling: its instruction and its output's static sizes. */
export interface CollectiveShape {
  readonly name: string;
  /** Rows and columns of the output (columns 1 for a vector, 0 for a scalar); undefined where only known at run time. */
  readonly rows: number | undefined;
  readonly columns: number | undefined;
  /** Bytes of an element of the inputs. */
  readonly elementBytes: number;
  /**
   * Why the lowering would refuse these knobs on this collective (its schedule-applicability check: krnl.matmul on a
   * gemm it cannot compute), with the option to blame; `here`: set on the collective itself (a knob set for the
   * whole kernel may concern only some of its collectives). Absent: nothing is refused.
   */
  readonly scheduleProblem?: (knobs: Readonly<Record<string, KnobValue>>, here: boolean) => { readonly option: string; readonly message: string } | undefined;
}

/** One schedule: the kernel's work-group size (undefined: the lowering's) and every collective's knob values. */
export interface Candidate {
  readonly workGroupSize: readonly [number, number] | undefined;
  /** The tl groups one WebGPU work-group runs (groups-per-work-group, a kernel knob); absent: 1. */
  readonly groupsPerWorkGroup?: number;
  /** Per collective, the knobs set (an empty object: the defaults). */
  readonly collectives: readonly Readonly<Record<string, KnobValue>>[];
}

/** Why a set of collective options on a work-group size is pruned, or undefined (docs/tuning.md, "Pruning"). */
export function pruneReason(knobs: Readonly<Record<string, KnobValue>>, wg: readonly [number, number] | undefined, shape: CollectiveShape | undefined, limits: AdapterLimits): string | undefined {
  const o = { ...DEFAULTS, ...knobs, 'work-group-size': wg ? [...wg] : [], 'max-invocations': limits.maxComputeInvocationsPerWorkgroup } as TlToKrnlOptions;
  return pruneReasonOf(o, wg, shape, limits);
}

/** pruneReason of the options `o` (the defaults, the knobs, the work-group size and the adapter's invocations). */
function pruneReasonOf(o: TlToKrnlOptions, wg: readonly [number, number] | undefined, shape: CollectiveShape | undefined, limits: AdapterLimits, detail = true): string | undefined {
  const problem = optionsProblemOf(o);
  if (problem) return detail ? `invalid: ${problem.option}: ${problem.message}` : 'invalid';
  if (wg && (wg[0] > limits.maxComputeWorkgroupSizeX || wg[1] > limits.maxComputeWorkgroupSizeY)) return detail ? 'limit: work-group size' : 'limit';
  const regM = o['register-m'];
  const regN = o['register-n'];
  if (regM * regN > MAX_UNROLLED_REGISTERS) return detail ? `bound: ${regM * regN} accumulators per work-item, more than the ${MAX_UNROLLED_REGISTERS} the lowering keeps in registers` : 'bound';
  if (wg) {
    // The work-group tile: given, else derived from the work-group and the register tile (as the lowering does).
    const tileM = o['tile-m'] || wg[0] * regM;
    const tileN = o['tile-n'] || wg[1] * regN;
    if (o['tile-m'] && o['tile-m'] < wg[0] * regM) return detail ? 'bound: idle work-items along x (tile-m < x * register-m)' : 'bound';
    if (o['tile-n'] && o['tile-n'] < wg[1] * regN) return detail ? 'bound: idle work-items along y (tile-n < y * register-n)' : 'bound';
    const bytes = shape?.elementBytes ?? 4;
    if (o.copy && (tileM * o['tile-k'] + o['tile-k'] * tileN) * bytes > limits.maxComputeWorkgroupStorageSize) {
      return detail ? `limit: the tiles staged by copy=true need more than the ${limits.maxComputeWorkgroupStorageSize} bytes of workgroup storage` : 'limit';
    }
    // Work-items with no output: the work-group covers more rows (columns) than the output has.
    const vector = shape?.columns === 1;
    const itemsM = vector ? wg[0] * wg[1] : wg[0];
    if (shape?.rows && itemsM * regM > ceilPow2(shape.rows)) return detail ? `bound: idle work-items (${itemsM} x register-m ${regM} rows for an output of ${shape.rows})` : 'bound';
    if (!vector && shape?.columns && wg[1] * regN > ceilPow2(shape.columns)) return detail ? `bound: idle work-items (${wg[1]} x register-n ${regN} columns for an output of ${shape.columns})` : 'bound';
    if (shape?.rows !== undefined && tileM > ceilPow2(shape.rows) * 2) return detail ? `bound: a work-group tile of ${tileM} rows for an output of ${shape.rows}` : 'bound';
    if (shape?.columns !== undefined && shape.columns > 1 && tileN > ceilPow2(shape.columns) * 2) return detail ? `bound: a work-group tile of ${tileN} columns for an output of ${shape.columns}` : 'bound';
  }
  return undefined;
}

const ceilPow2 = (n: number): number => 2 ** Math.ceil(Math.log2(Math.max(1, n)));

/** Every assignment of the collective knobs (the cartesian product of their values). */
export function knobAssignments(knobs: readonly string[] = COLLECTIVE_KNOBS): Record<string, KnobValue>[] {
  let out: Record<string, KnobValue>[] = [{}];
  for (const name of knobs) {
    const values = knobValues(name);
    if (!values.length) continue;
    out = out.flatMap((a) => values.map((v) => ({ ...a, [name]: v })));
  }
  return out;
}

/** The knobs of an assignment that differ from the defaults (what a schedule writes). */
export function changedKnobs(knobs: Readonly<Record<string, KnobValue>>): Record<string, KnobValue> {
  const defaults = DEFAULTS as Record<string, unknown>;
  const out: Record<string, KnobValue> = {};
  for (const [k, v] of Object.entries(knobs)) if (defaults[k] !== v) out[k] = v;
  return out;
}

/** A small deterministic generator (mulberry32) for the order candidates are tried in. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The values of groups-per-work-group the tuner tries besides 1 (docs/tuning.md). */
export const GROUPS_PER_WORK_GROUP_VALUES: readonly number[] = [2, 4, 8];

/**
 * The packed variants of a candidate: groups-per-work-group 2, 4 and 8 where the work-items of that many groups fit
 * the adapter's work-group (x * y * G at most maxComputeInvocationsPerWorkgroup; `size`: the candidate's work-group
 * size, the lowering's own when it leaves it to the lowering; unknown: not pruned, the lowering says). None with
 * copy=true on a collective: its tiles are staged in workgroup memory, which the packed launch refuses.
 */
export function packedVariants(c: Candidate, size: readonly [number, number] | undefined, limits: AdapterLimits, count: (kind: string) => void): Candidate[] {
  const out: Candidate[] = [];
  for (const g of GROUPS_PER_WORK_GROUP_VALUES) {
    if (c.collectives.some((k) => k['copy'] === true)) {
      count('inapplicable');
      continue;
    }
    if (size && size[0] * size[1] * g > limits.maxComputeInvocationsPerWorkgroup) {
      count('limit');
      continue;
    }
    out.push({ ...c, groupsPerWorkGroup: g });
  }
  return out;
}

export interface SearchSpace {
  /** The candidates in the order they are tried: the default schedule first, then the survivors by how many knobs they change (1, 2, more), shuffled (seeded) within each. */
  readonly candidates: Candidate[];
  /** Assignments enumerated (work-group sizes times knob assignments). */
  readonly enumerated: number;
  /** How many were pruned, by reason (the text before ':'). */
  readonly pruned: Record<string, number>;
}

/**
 * The search space of a kernel with these collectives: every work-group size and knob assignment, the same for
 * every collective (uniform), less what pruneReason rules out for any collective; the default first.
 */
export function searchSpace(
  shapes: readonly CollectiveShape[],
  limits: AdapterLimits,
  seed = 1,
  /** The work-group size the lowering chooses for a kernel given these knobs (and no work-group-size), if known. */
  loweringSize?: (knobs: Readonly<Record<string, KnobValue>>) => readonly [number, number] | undefined,
): SearchSpace {
  const pruned: Record<string, number> = {};
  const count = (kind: string): void => void (pruned[kind] = (pruned[kind] ?? 0) + 1);
  const survivors: Candidate[] = [];
  const assignments = knobAssignments();
  const sizes = workGroupSizes(limits);
  const defaultCandidate: Candidate = { workGroupSize: undefined, collectives: shapes.map(() => ({})) };
  const defaults = defaultOptions(TL_TO_KRNL_OPTIONS);
  const noSize: number[] = [];
  const sizeLists = sizes.map((wg) => (wg ? [...wg] : noSize));
  // Knob assignments outside, work-group sizes inside: the options object of an assignment is made once (the
  // enumeration is a million pairs).
  for (const knobs of assignments) {
    const o = { ...defaults, ...knobs, 'work-group-size': noSize, 'max-invocations': limits.maxComputeInvocationsPerWorkgroup } as { -readonly [K in keyof TlToKrnlOptions]: TlToKrnlOptions[K] };
    let changed: Record<string, KnobValue> | undefined;
    let collectives: (Readonly<Record<string, KnobValue>> | undefined)[] | undefined;
    for (let w = 0; w < sizes.length; w++) {
      const wg = sizes[w];
      o['work-group-size'] = sizeLists[w]!;
      let reason: string | undefined;
      for (const s of shapes.length ? shapes : [undefined]) {
        reason = pruneReasonOf(o, wg, s, limits, false);
        if (reason) break;
      }
      if (reason) {
        count(reason);
        continue;
      }
      changed ??= changedKnobs(knobs);
      collectives ??= shapes.map((s) => applicableKnobs(changed!, s));
      if (collectives.some((k) => k === undefined)) {
        count('inapplicable');
        continue;
      }
      // A knob that every collective dropped (matmul without a gemm) leaves the schedule of the assignment with that
      // knob at its default, enumerated too.
      if (shapes.length && collectives.every((k) => k !== changed)) {
        count('inapplicable');
        continue;
      }
      // The default assignment is the first candidate already.
      if (wg === undefined && Object.keys(changed).length === 0) continue;
      const candidate: Candidate = { workGroupSize: wg, collectives: collectives as Record<string, KnobValue>[] };
      survivors.push(candidate);
    }
  }
  const random = seededRandom(seed);
  for (let i = survivors.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [survivors[i], survivors[j]] = [survivors[j]!, survivors[i]!];
  }
  // Nearest the default first: one knob (or the work-group size alone) changed, then two, then the rest, each
  // group in the shuffled order (the lowering's heuristic is a good start; its neighbours are tried first).
  const distance = (c: Candidate): number => Math.min(3, (c.workGroupSize ? 1 : 0) + ((c.groupsPerWorkGroup ?? 1) > 1 ? 1 : 0) + Math.max(0, ...c.collectives.map((k) => Object.keys(k).length)));
  const byDistance: Candidate[][] = [[], [], [], []];
  for (const c of survivors) byDistance[distance(c)]!.push(c);
  // Several groups per work-group, a kernel knob: with the default schedule and its neighbours (one knob or the
  // work-group size changed), not with the whole product (which it would multiply by four). One step further.
  let packedEnumerated = 0;
  const packedOf = (c: Candidate): Candidate[] => {
    packedEnumerated += GROUPS_PER_WORK_GROUP_VALUES.length;
    return packedVariants(c, c.workGroupSize ?? loweringSize?.(c.collectives[0] ?? {}), limits, count);
  };
  const packed = [defaultCandidate, ...byDistance[1]!].map(packedOf);
  byDistance[1]!.push(...packed[0]!);
  byDistance[2]!.push(...packed.slice(1).flat());
  const rest = byDistance.slice(1).flat();
  return { candidates: [defaultCandidate, ...rest], enumerated: sizes.length * assignments.length + packedEnumerated, pruned };
}

/**
 * The knobs a collective gets of a kernel-wide assignment: all of them; less a knob that the collective ignores
 * when it is set for the whole kernel but refuses when set on it (matmul on a collective that is not a gemm);
 * undefined when the lowering would refuse them anyway (schedule applicability: docs/tuning.md, "Pruning").
 */
export function applicableKnobs(knobs: Readonly<Record<string, KnobValue>>, shape: CollectiveShape | undefined): Readonly<Record<string, KnobValue>> | undefined {
  const problem = shape?.scheduleProblem;
  if (!problem) return knobs;
  const here = problem(knobs, true);
  if (!here) return knobs;
  if (problem(knobs, false)) return undefined;
  const rest = { ...knobs };
  delete rest[here.option];
  return problem(rest, true) ? undefined : rest;
}

/** The options text of a collective's knobs (`tile-m=32 copy=true`), as lower-to-krnl and schedule files take it. */
export function knobText(knobs: Readonly<Record<string, KnobValue>>): string {
  return Object.entries(knobs)
    .map(([k, v]) => `${k}=${v}`)
    .join(' ');
}

/** `groups-per-work-group=G` after `prefix` when the candidate packs several groups, else ''. */
function packedText(c: Candidate, prefix: string): string {
  return (c.groupsPerWorkGroup ?? 1) > 1 ? `${prefix}groups-per-work-group=${c.groupsPerWorkGroup}` : '';
}

/** A candidate in one line, for tables and progress. */
export function describeCandidate(c: Candidate): string {
  const wg = (c.workGroupSize ? `work-group-size=${c.workGroupSize.join(',')}` : 'work-group-size=default') + packedText(c, ' ');
  const first = c.collectives[0];
  const uniform = c.collectives.every((k) => knobText(k) === knobText(first ?? {}));
  const knobs = uniform ? knobText(first ?? {}) || 'defaults' : c.collectives.map((k, i) => `#${i}: ${knobText(k) || 'defaults'}`).join('; ');
  return `${wg} ${knobs}`;
}

/**
 * Where a candidate's options go: the kernel's (its work-group size, and the knobs of a uniform candidate: the same on
 * every collective, as `--lower-to-krnl` gives them, from which the lowering derives the work-group size and tiles)
 * and each collective's (the knobs of a candidate that differs between collectives). Empty texts: nothing there.
 */
export function scheduleTexts(c: Candidate): { kernelText: string; collectiveTexts: string[] } {
  const first = knobText(c.collectives[0] ?? {});
  const uniform = c.collectives.length > 0 && c.collectives.every((k) => knobText(k) === first);
  const wg = c.workGroupSize ? `work-group-size=${c.workGroupSize.join(',')}` : '';
  return {
    kernelText: [wg, packedText(c, ''), uniform ? first : ''].filter(Boolean).join(' '),
    collectiveTexts: c.collectives.map((k) => (uniform ? '' : knobText(k))),
  };
}

/** The candidate as a schedule file for `--lower-to-krnl='schedule=FILE'` (docs/research.md), placed as scheduleTexts says. */
export function scheduleFileText(kernel: string, c: Candidate, comment: string): string {
  const { kernelText, collectiveTexts } = scheduleTexts(c);
  const lines = [`; ${comment}`, `kernel @${kernel}${kernelText ? ` ${kernelText}` : ''}`];
  collectiveTexts.forEach((text, i) => {
    if (text) lines.push(`  collective ${i} ${text}`);
  });
  return lines.join('\n') + '\n';
}
