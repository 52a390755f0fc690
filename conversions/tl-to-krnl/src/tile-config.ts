// The tiles of one collective: the work-group tile (tile-m x tile-n, and tile-k along the reduction), the register
// tile of a work-item (register-m x register-n) and how the register tiles are dealt to the work-items.
import { DYNAMIC, type MemRefType } from '@tlir/ir';
import type { Axis, CollectiveModel } from './collective-model.js';
import type { LoopOrder, TlToKrnlOptions } from './options.js';
import { linearDimensions, type WorkItemDimension } from './work-item-loops.js';
import { MAX_FUSED_REGISTERS } from './gemm-fusion.js';

/** Static upper bounds of output extents known only at run time (rows m, columns n), where the IR shows them. */
export interface ExtentBounds {
  readonly m?: number;
  readonly n?: number;
}

export interface TileConfig {
  /** Work-group tile along m, n (1 without an n axis) and k. */
  readonly tileM: number;
  readonly tileN: number;
  readonly tileK: number;
  /** Register tile of a work-item along m and n. */
  readonly registerM: number;
  readonly registerN: number;
  /** The work-items the register tiles along m (and n) are dealt to. */
  readonly dimsM: readonly WorkItemDimension[];
  readonly dimsN: readonly WorkItemDimension[];
  /** Stage tiles in buffers. */
  readonly copy: boolean;
  /** Copies of the body per iteration of the K loop of a reduction with direct loads (1: not unrolled). */
  readonly unrollK: number;
  /** Static upper bounds of the output's dynamic extents. */
  readonly bounds: ExtentBounds;
  /** The order of the work-group tile loops (m outer or n outer; k inside). */
  readonly loopOrder: LoopOrder;
  /** A gemm's register tiles computed by krnl.matmul (the other collectives have no matrix product). */
  readonly matmul: boolean;
  /** Consecutive elements of an input's contiguous mode read at once (1: scalar loads; vector-loads.ts). */
  readonly vectorWidth: number;
}

/** Whether krnl.matmul computes a collective's register tiles: a gemm's, when the option asks. */
export const usesMatmul = (model: CollectiveModel, options: TlToKrnlOptions): boolean => options.matmul && model.name === 'gemm';

/** The static extent of an axis (from the first operand that has it), or undefined when it is dynamic. */
function staticExtent(model: CollectiveModel, axis: Axis): number | undefined {
  for (const access of [model.output, ...model.inputs]) {
    const d = access.axes.indexOf(axis);
    if (d < 0) continue;
    const n = (access.memref.type as MemRefType).shape[d]!;
    if (n !== DYNAMIC) return n;
  }
  return undefined;
}

/** A tile no larger than a static extent needs (rounded up to whole register tiles). */
function fit(tile: number, extent: number | undefined, register: number): number {
  return extent === undefined || extent === 0 ? tile : Math.min(tile, Math.ceil(extent / register) * register);
}

/** A direct reduction's K loop is unrolled only when it runs at least this many iterations unrolled. */
export const MIN_UNROLLED_K_ITERATIONS = 8;

/**
 * The unroll factor of a direct reduction's K loop: the largest power of two up to the option that divides a static
 * K (so that every unrolled tile is full and the copies need no bounds), when the unrolled loop still runs at least
 * MIN_UNROLLED_K_ITERATIONS times; else 1, and always 1 when K is dynamic. Measured on SwiftShader
 * (bench/README.md): by 4, the CPU time of a 512^3 GEMM fell by a fifth (by 8 it rose); short loops (K = 8, the
 * spec's sample and the tall-and-skinny GEMM) were 15 to 20% slower unrolled; K = 32 about the same.
 */
function unrollFactor(limit: number, k: number | undefined): number {
  if (k === undefined || k === 0) return 1;
  let factor = 1;
  while (factor * 2 <= limit && k % (factor * 2) === 0 && k / (factor * 2) >= MIN_UNROLLED_K_ITERATIONS) factor *= 2;
  return factor;
}

/** A gemm's register tiles are widened only when K is static and at least this long. */
export const MIN_WIDE_K = 64;
/** ... and when the widened tiles still give at least this many work-items along each axis of the output. */
export const MIN_WIDE_ITEMS = 8;

/**
 * The register tile of a large gemm with direct loads (option wide-register-tiles): twice register-m by twice
 * register-n (8x8 by default), when K is static and at least MIN_WIDE_K and the output (its static extents, else their
 * static upper bounds) has room for the work-group's x by y work-items with those tiles, and at least MIN_WIDE_ITEMS
 * along each axis, and the work-group tile is derived (tile-m and tile-n 0); else undefined (the options' register
 * tile). A work-item's loads per multiply-add halve (8 + 8 loads for 64 products per k, against 4 + 4 for 16): measured on the CPU adapters (bench/README.md), a 1024^3 GEMM took
 * 0.56 of the CPU time on llvmpipe; on SwiftShader the change is within the run-to-run spread. Staged tiles (copy)
 * and krnl.matmul keep theirs.
 */
export function widenedRegisters(options: TlToKrnlOptions, k: number | undefined, [rows, cols]: readonly [number | undefined, number | undefined], [x, y]: readonly [number, number]): [number, number] | undefined {
  if (!options['wide-register-tiles'] || options.copy || options.matmul || options['tile-m'] || options['tile-n']) return undefined;
  if (k === undefined || k < MIN_WIDE_K) return undefined;
  const m = options['register-m'] * 2;
  const n = options['register-n'] * 2;
  const fits = (extent: number | undefined, items: number, register: number): boolean => extent !== undefined && extent >= Math.max(items, MIN_WIDE_ITEMS) * register;
  return fits(rows, x, m) && fits(cols, y, n) && m * n <= MAX_WIDE_REGISTERS ? [m, n] : undefined;
}

/** The most accumulators a widened register tile may have (the reduction unrolls tiles up to this size). */
const MAX_WIDE_REGISTERS = 64;

/**
 * Taller register tiles (option wide-register-tiles): twice register-m rows by register-n, for the second gemm of a
 * fused chain (gemm-fusion.ts) and for a skinny gemm (all of its static columns in one register tile), when the
 * work-group tile is derived (tile-m and tile-n 0) and the output's rows (static, else their static upper bound) have
 * room for the work-group's x work-items with those tiles; a fused consumer also needs 2 register-m x K at most
 * MAX_FUSED_REGISTERS (the rows of the intermediate it computes stay in registers, and the pair still fuses). Else
 * undefined (the options' register tile). Why: each work-item loads register-n columns of B over all of K (and a
 * fused consumer all of the producer's B) whatever its rows; twice the rows halve those loads per multiply-add, with
 * the same recomputed rows of a fused intermediate (they depend on the work-items along n). Measured
 * (bench/README.md, "llvmpipe: one-dimensional launch and taller register tiles"): the spec's sample took 0.88 of
 * the CPU time on llvmpipe and 0.73 on SwiftShader, the tall-and-skinny GEMM about 0.9 and 0.7; 8x8 tiles for the
 * sample (2x2 work-items) fill half of llvmpipe's 8 SIMD lanes (1.2 times the time there), 16 rows no longer fuse.
 */
export function tallerRegisters(
  options: TlToKrnlOptions,
  k: number | undefined,
  [rows, cols]: readonly [number | undefined, number | undefined],
  x: number,
  fusedConsumer: boolean,
): [number, number] | undefined {
  if (!options['wide-register-tiles'] || options.copy || options.matmul || options['tile-m'] || options['tile-n']) return undefined;
  const m = options['register-m'] * 2;
  const n = options['register-n'];
  if (rows === undefined || rows < m * x) return undefined;
  if (fusedConsumer) return k !== undefined && m * k <= MAX_FUSED_REGISTERS ? [m, n] : undefined;
  return cols !== undefined && cols > 0 && cols <= n ? [m, n] : undefined;
}

export function tileConfig(
  model: CollectiveModel,
  options: TlToKrnlOptions,
  [x, y]: readonly [number, number],
  bounds: ExtentBounds = {},
  /** The collective is the consumer of a fused gemm chain (gemm-fusion.ts). */
  fusedConsumer = false,
): TileConfig {
  const k = staticExtent(model, 'k');
  const matmul = usesMatmul(model, options);
  const extents: [number | undefined, number | undefined] = [staticExtent(model, 'm') ?? bounds.m, staticExtent(model, 'n') ?? bounds.n];
  const gemm = model.name === 'gemm' && !matmul;
  const wide = gemm && !fusedConsumer ? widenedRegisters(options, k, extents, [x, y]) : undefined;
  const taller = gemm && !wide ? tallerRegisters(options, k, extents, x, fusedConsumer) : undefined;
  const registers = wide ?? taller;
  if (registers) options = { ...options, 'register-m': registers[0], 'register-n': registers[1] };
  // With krnl.matmul the K loop is the matmul's own: unroll-k has no loop to unroll. A widened register tile's K loop
  // is not unrolled either: its 64 multiply-adds per k are the work that unrolling gives a 4x4 tile, and unrolled
  // it ran 1.14 to 1.37 times slower (CPU time, 512^3 and 1024^3, SwiftShader and llvmpipe; bench/README.md).
  const common = { tileK: fit(options['tile-k'], k, 1), copy: options.copy, unrollK: matmul || wide ? 1 : unrollFactor(options['unroll-k'], k), bounds, loopOrder: options['loop-order'], matmul, vectorWidth: Number(options['vector-width']) };
  const rank = model.output.axes.length;
  if (rank === 0) return { ...common, tileM: 1, tileN: 1, registerM: 1, registerN: 1, dimsM: [{ processor: 'workitem_x', count: 1 }], dimsN: [] };
  const registerM = options['register-m'];
  if (rank === 1) {
    return { ...common, tileM: fit(options['tile-m'] || x * y * registerM, staticExtent(model, 'm'), registerM), tileN: 1, registerM, registerN: 1, dimsM: linearDimensions(x, y), dimsN: [] };
  }
  const registerN = options['register-n'];
  return {
    ...common,
    tileM: fit(options['tile-m'] || x * registerM, staticExtent(model, 'm'), registerM),
    tileN: fit(options['tile-n'] || y * registerN, staticExtent(model, 'n'), registerN),
    registerM,
    registerN,
    dimsM: [{ processor: 'workitem_x', count: x }],
    dimsN: [{ processor: 'workitem_y', count: y }],
  };
}
