// The options of tl-to-krnl (and of the lower-to-krnl pipeline): tile sizes, register tiles, copies, the loop order,
// krnl.matmul, the vector width and the work-group size. `tl-opt k.tl --lower-to-krnl='tile-m=32 tile-k=4 copy=true'`.
import { fileSystem, NO_FILE_SYSTEM } from './file-access.js';
import { OptionError, option, type OptionProblem, type OptionSpec, type OptionValues } from '@tlir/pass';
import { MAX_INVOCATIONS, MAX_WORK_GROUP_SIZE_X, MAX_WORK_GROUP_SIZE_Y } from './limits.js';

export const TL_TO_KRNL_OPTIONS = {
  'tile-m': option.uint('Rows of the work-group tile of a collective (0: work-group size x times register-m; for vector outputs x * y * register-m)', 0),
  'tile-n': option.uint('Columns of the work-group tile of a collective with a matrix output (0: work-group size y times register-n)', 0),
  'tile-k': option.uint('Length of the K tile of a reduction (gemm, gemv, sum)', 8),
  'register-m': option.uint('Rows of the register tile of a work-item (tile-m must be a multiple of it)', 4),
  'register-n': option.uint('Columns of the register tile of a work-item (tile-n must be a multiple of it)', 4),
  'unroll-k': option.uint('Unroll factor of the K loop of a reduction with direct loads, when K is static: the largest power of two up to it that divides K and leaves at least 8 iterations (1: no unrolling; a widened register tile is not unrolled)', 4),
  'wide-register-tiles': option.bool(
    'Give a large gemm with direct loads (static K of at least 64, an output of at least 8 register tiles of twice register-m x register-n along each axis per work-group) register tiles of twice register-m x register-n, and the second gemm of a fused chain register tiles of twice register-m rows: half the loads per multiply-add',
    true,
  ),
  copy: option.bool('Stage the tiles of the inputs (and of C for ger, hadamard_product, axpby) in work-group buffers (krnl.copy_to_tile_buffer / copy_from_tile_buffer); else every work-item loads them itself', false),
  'fuse-gemm': option.bool(
    "Fuse a gemm into an alloca with the gemm right after it that reads it as A: each work-item computes the rows of the intermediate it needs in registers (again where work-items share rows) instead of sharing it through work-group memory and a barrier (docs/lowering-tl-to-krnl.md, 'Fused gemm chains')",
    true,
  ),
  'loop-order': loopOrderOption(),
  matmul: option.bool(
    "Compute each work-item's register tile of a gemm with krnl.matmul (over all of K with direct loads, over each K tile from the tile buffers with copy=true); the other collectives have no matrix product and ignore it",
    false,
  ),
  'vector-width': vectorWidthOption(),
  'work-group-size': option.list(
    option.uint('', 0),
    "The work-group size 'x,y' for every kernel (default: the function's work_group_size attribute, else the heuristic of docs/lowering-tl-to-krnl.md)",
    [],
    '<x:uint>,<y:uint>',
  ),
  'groups-per-work-group': option.uint(
    'Tl groups run by one WebGPU work-group, each with its own copy of the work-group size (1: one group a work-group). For kernels without barriers, work-group memory or subgroup operations (docs/wgsl.md, "Several groups per work-group"); work-group size x * y * this at most max-invocations',
    1,
  ),
  schedule: option.string(
    "A schedule file: the options of each kernel and collective, by name, index or source line (docs/research.md); these options are its defaults",
    '',
  ),
  'print-schedule': option.bool('Print the schedule the lowering chose, in the schedule file syntax (to the tool output: stderr in tl-opt)', false),
  'max-invocations': option.uint(
    `The most work-items a work-group may have (the adapter's maxComputeInvocationsPerWorkgroup; WebGPU guarantees ${MAX_INVOCATIONS}): a larger work-group size is an error`,
    MAX_INVOCATIONS,
  ),
} as const;

export type TlToKrnlOptions = Readonly<OptionValues<typeof TL_TO_KRNL_OPTIONS>>;

/** The orders of a collective's work-group tile loops: m (rows) outer or n (columns) outer; k, the reduction, inside. */
export const LOOP_ORDERS = ['m,n,k', 'n,m,k'] as const;
export type LoopOrder = (typeof LOOP_ORDERS)[number];

/**
 * `loop-order`: the order of the work-group tile loops of a collective, outermost first (krnl.permute). Written as the
 * axes m, n and k, k last (or left out): a work-group tile's accumulators live across its whole reduction, so the K
 * loop cannot be outside the m and n loops. A collective without an n axis has one order.
 */
function loopOrderOption(): OptionSpec<LoopOrder> {
  const base = option.enum(
    "The order of a collective's work-group tile loops, outermost first: m,n,k (rows outer) or n,m,k (columns outer); k, the reduction, stays innermost",
    { 'm,n,k': 'the tiles of a row of tiles one after the other (rows outer)', 'n,m,k': 'the tiles of a column of tiles one after the other (columns outer)' },
    'm,n,k',
  );
  return {
    ...base,
    valueName: '<m,n,k|n,m,k>',
    parse(text, name) {
      const axes = text.trim().split(',').map((a) => a.trim());
      const bad = axes.find((a) => !['m', 'n', 'k'].includes(a));
      if (bad !== undefined) return new OptionError(`for the --${name} option: '${bad}' is not an axis: the axes are m (rows), n (columns) and k (the reduction), e.g. n,m,k`);
      const twice = axes.find((a, i) => axes.indexOf(a) !== i);
      if (twice) return new OptionError(`for the --${name} option: the axis ${twice} is given twice in '${text.trim()}'`);
      if (axes.includes('k') && axes[axes.length - 1] !== 'k') {
        return new OptionError(
          `for the --${name} option: k must be the innermost axis (last): a work-group tile's accumulators live across its whole reduction, so the K loop runs inside the m and n tile loops (try ${axes.filter((a) => a !== 'k').join(',')},k)`,
        );
      }
      const mn = axes.filter((a) => a !== 'k');
      if (mn.length !== 2) return new OptionError(`for the --${name} option: expected m and n in some order (k last, optional), got '${text.trim()}'`);
      return `${mn[0]},${mn[1]},k` as LoopOrder;
    },
  };
}

/** The widths of vector loads: 1 (scalar loads), vec2, vec4. */
export const VECTOR_WIDTHS = ['1', '2', '4'] as const;
export type VectorWidth = (typeof VECTOR_WIDTHS)[number];

/** `vector-width`: how many consecutive elements of an input a work-item reads at once (docs/lowering-tl-to-krnl.md, "Vector width"). */
function vectorWidthOption(): OptionSpec<VectorWidth> {
  const base = option.enum(
    "Elements of an input's contiguous mode read at once into a work-item's register tile (vector.load, WGSL vec2/vec4), where the view is aligned (proved, or checked at run time with the scalar loads as fallback): gemm's and gemv's A with direct loads; register-m must be a multiple",
    { '1': 'scalar loads (the default: vec4 loads measured slower on the CPU adapters)', '2': 'vec2 loads', '4': 'vec4 loads' },
    '1',
  );
  return {
    ...base,
    valueName: '<1|2|4>',
    parse(text, name) {
      const t = text.trim();
      if ((VECTOR_WIDTHS as readonly string[]).includes(t)) return t as VectorWidth;
      return new OptionError(`for the --${name} option: '${t}' is not a vector width: WGSL's vectors hold 2 or 4 elements, so the width is 1, 2 or 4`);
    },
  };
}

/** What is wrong with a set of option values, with the option to blame, or undefined. */
export function optionsProblemOf(o: TlToKrnlOptions): OptionProblem | undefined {
  for (const name of ['tile-k', 'register-m', 'register-n', 'unroll-k', 'max-invocations', 'groups-per-work-group'] as const) {
    if (o[name] < 1) return { option: name, message: `must be positive, got ${o[name]}` };
  }
  if (o['tile-m'] % o['register-m'] !== 0) {
    return { option: 'tile-m', message: `${o['tile-m']} is not a multiple of register-m (${o['register-m']}): try ${nearestMultiples(o['tile-m'], o['register-m'])}` };
  }
  if (o['tile-n'] % o['register-n'] !== 0) {
    return { option: 'tile-n', message: `${o['tile-n']} is not a multiple of register-n (${o['register-n']}): try ${nearestMultiples(o['tile-n'], o['register-n'])}` };
  }
  const width = Number(o['vector-width']);
  if (width > 1 && o['register-m'] % width !== 0) {
    return { option: 'vector-width', message: `register-m (${o['register-m']}) is not a multiple of the vector width ${width}: a register tile's rows are read ${width} at a time (try register-m=${Math.ceil(o['register-m'] / width) * width} or vector-width=${o['register-m'] % 2 === 0 ? 2 : 1})` };
  }
  const wg = o['work-group-size'];
  if (wg.length !== 0) {
    if (wg.length !== 2 || wg.some((v) => v < 1)) return { option: 'work-group-size', message: `expected two positive sizes 'x,y', got '${wg.join(',')}'` };
    const problem = workGroupSizeProblem(wg[0]!, wg[1]!, o['max-invocations']);
    if (problem) return { option: 'work-group-size', message: problem };
    const packed = packedGroupsProblem(wg[0]!, wg[1]!, o['groups-per-work-group'], o['max-invocations']);
    if (packed) return { option: 'groups-per-work-group', message: packed };
  } else if (o['groups-per-work-group'] > o['max-invocations']) {
    return { option: 'groups-per-work-group', message: `${o['groups-per-work-group']} groups of at least one work-item each are more than the ${o['max-invocations']} work-items of a work-group (max-invocations)` };
  }
  return undefined;
}

/** optionsProblemOf, and a schedule file that cannot be read (checked when the options are given). */
export function optionsAndScheduleProblem(o: TlToKrnlOptions): OptionProblem | undefined {
  const p = optionsProblemOf(o);
  if (p || o.schedule === '') return p;
  const fs = fileSystem();
  if (!fs) return { option: 'schedule', message: NO_FILE_SYSTEM };
  try {
    fs.accessSync(o.schedule);
  } catch {
    return { option: 'schedule', message: `cannot read the schedule file '${o.schedule}'` };
  }
  return undefined;
}

/** What is wrong with a set of option values, or undefined (the message names the option). */
export function optionsProblem(o: TlToKrnlOptions): string | undefined {
  const p = optionsProblemOf(o);
  return p && `option '${p.option}': ${p.message}`;
}

/**
 * Why `groups` tl groups of x by y work-items cannot share one work-group of at most `maxInvocations` work-items,
 * and how many would fit; undefined when they can (or when groups is 1: workGroupSizeProblem says the rest).
 */
export function packedGroupsProblem(x: number, y: number, groups: number, maxInvocations: number): string | undefined {
  if (groups <= 1 || x * y * groups <= maxInvocations) return undefined;
  const fit = Math.floor(maxInvocations / (x * y));
  return `${groups} groups of ${x}x${y} work-items are ${x * y * groups} work-items, more than the ${maxInvocations} of a work-group (max-invocations, WebGPU's maxComputeInvocationsPerWorkgroup)${fit >= 1 ? `; at most ${fit} would fit` : ''}`;
}

/** `8 or 12`: the multiples of `m` around `n`. */
function nearestMultiples(n: number, m: number): string {
  const below = Math.floor(n / m) * m;
  return below > 0 ? `${below} or ${below + m}` : `${m}`;
}

/**
 * Why a work-group of x by y work-items cannot be launched on every WebGPU adapter (or one with `maxInvocations`),
 * and what would fit; undefined when it can.
 */
export function workGroupSizeProblem(x: number, y: number, maxInvocations: number): string | undefined {
  if (x > MAX_WORK_GROUP_SIZE_X) return `x = ${x} is more than the ${MAX_WORK_GROUP_SIZE_X} work-items along x WebGPU guarantees (maxComputeWorkgroupSizeX)`;
  if (y > MAX_WORK_GROUP_SIZE_Y) return `y = ${y} is more than the ${MAX_WORK_GROUP_SIZE_Y} work-items along y WebGPU guarantees (maxComputeWorkgroupSizeY)`;
  if (x * y > maxInvocations) {
    const fitY = Math.max(1, Math.floor(maxInvocations / x));
    const fit = x <= maxInvocations ? `${x},${fitY}` : `${maxInvocations},1`;
    return `${x}x${y} = ${x * y} work-items, more than the ${maxInvocations} of a work-group (max-invocations, WebGPU's maxComputeInvocationsPerWorkgroup); ${fit} would fit`;
  }
  return undefined;
}
