// The work-group size a kernel is lowered for: the pass option, else the function's work_group_size attribute, else
// a heuristic from the shapes of its collectives' outputs (docs/lowering-tl-to-krnl.md, "Work-group size").
import { IntegerAttr, type Operation, type ViewOf } from '@tlir/ir';
import { Collective, DYNAMIC, GemmOp, TlMemrefType, type FuncOp as TlFuncOp } from '@tlir/dialect-tl';
import type { TlToKrnlOptions } from './options.js';
import { findGemmFusions } from './gemm-fusion.js';
import { tallerRegisters, widenedRegisters } from './tile-config.js';
import { extentUpperBound } from './value-bounds.js';

/** At most this many work-items along x (unless the subgroup size is larger). */
export const MAX_WORK_ITEMS_X = 64;
/** At most this many work-items in a work-group: WebGPU's default maxComputeInvocationsPerWorkgroup. */
export const MAX_WORK_ITEMS = 256;
/** The extent assumed for a mode whose size is only known at run time. */
export const UNKNOWN_EXTENT = 1024;

/**
 * The sizes of the outputs of a kernel's BLAS-like collectives: [rows, columns] (columns 1 for a vector). A size
 * known only at run time counts as its static upper bound where the views show one (value-bounds.ts), else as
 * UNKNOWN_EXTENT.
 */
function collectiveOutputs(fn: Operation, fusedConsumers: ReadonlySet<Operation> = new Set()): [number, number, number | undefined, boolean, boolean][] {
  const outputs: [number, number, number | undefined, boolean, boolean][] = [];
  fn.walk((op) => {
    if (!op.hasTrait(Collective) || op.numOperands < 4) return; // alloca and barrier have no output
    const out = op.getOperand(op.numOperands - 1);
    if (!TlMemrefType.is(out.type)) return;
    const shape = out.type.shape;
    const extent = (mode: number): number => {
      const n = shape[mode];
      if (n === undefined) return 1;
      if (n !== DYNAMIC) return n;
      return Math.min(UNKNOWN_EXTENT, Math.max(1, extentUpperBound(out, mode) ?? UNKNOWN_EXTENT));
    };
    outputs.push([extent(0), extent(1), gemmK(op), fusedConsumers.has(op), GemmOp.is(op)]);
  });
  return outputs;
}

/** The static K of a gemm (A's columns, or rows when transposed), else undefined (another op, or K dynamic). */
function gemmK(op: Operation): number | undefined {
  const gemm = GemmOp.match(op);
  if (!gemm) return undefined;
  const a = gemm.A.type;
  if (!TlMemrefType.is(a)) return undefined;
  const k = a.shape[gemm.transA instanceof IntegerAttr && gemm.transA.value === 1n ? 0 : 1];
  return k === undefined || k === DYNAMIC ? undefined : k;
}

const roundUp = (n: number, m: number): number => Math.ceil(n / m) * m;
const powerOfTwoAtMost = (n: number): number => 2 ** Math.floor(Math.log2(Math.max(1, n)));

/**
 * The heuristic: x covers the rows of the largest output with one register tile (register-m rows) per work-item, at
 * most 64; y covers its columns with register-n columns per work-item, a power of two, at most 256 / x work-items in
 * all. No more work-items than the work has: idle ones cost (a CPU adapter runs them; a GPU pads a small
 * work-group to its subgroups anyway). A kernel that names a subgroup size s gets x rounded up to a multiple of s,
 * between s and max(s, 64). A kernel without collectives (foreach only) gets (max(s, 64), 1). Sizes known only at
 * run time count as their static upper bound where the IR shows one, else as 1024. When the largest output is a
 * gemm's that takes widened register tiles (tile-config.ts, widenedRegisters: static K of at least 64, at least 8 of
 * them along each axis), x and y count those instead of register-m and register-n: a 64x64 gemm output gets 8x8
 * work-items of 8x8 register tiles instead of 16x16 of 4x4. Likewise when it is a gemm's that takes taller register
 * tiles (tile-config.ts, tallerRegisters: the consumer of a fused chain, or a skinny gemm): the spec's sample's 16x16
 * output gets 2x4 work-items of 8x4 tiles instead of 4x4 of 4x4, a 64x4 output 8x1 instead of 16x1.
 */
export function heuristicWorkGroupSize(fn: ViewOf<typeof TlFuncOp>, options: TlToKrnlOptions): [number, number] {
  const s = fn.subgroup_size?.number ?? 1;
  const maxX = Math.max(s, MAX_WORK_ITEMS_X);
  const outputs = collectiveOutputs(fn.op, new Set(findGemmFusions(fn.op, () => options).keys()));
  if (!outputs.length) return [maxX, 1];
  const rows = Math.max(...outputs.map(([m]) => m));
  const cols = Math.max(...outputs.map(([, n]) => n));
  // A gemm with the largest output that takes widened register tiles (tile-config.ts) counts with those: x y
  // work-items of them fill its output (the collective checks again with the size chosen here).
  const widest = outputs
    .filter(([m, n]) => m === rows && n === cols)
    .map(([m, n, k, fused, gemm]) => (gemm ? ((fused ? undefined : widenedRegisters(options, k, [m, n], [1, 1])) ?? tallerRegisters(options, k, [m, n], 1, fused)) : undefined))
    .find((w) => w !== undefined);
  const [registerM, registerN] = widest ?? [options['register-m'], options['register-n']];
  const x = Math.min(maxX, Math.max(s, roundUp(Math.ceil(rows / registerM), s)));
  const y = Math.min(powerOfTwoAtMost(Math.ceil(cols / registerN)), Math.max(1, Math.floor(MAX_WORK_ITEMS / x)));
  return [x, y];
}

/** The work-group size of a tl.func: the option, the function's attribute, or the heuristic. */
export function chooseWorkGroupSize(fn: ViewOf<typeof TlFuncOp>, options: TlToKrnlOptions): [number, number] {
  const option = options['work-group-size'];
  if (option.length === 2) return [option[0]!, option[1]!];
  const attr = fn.work_group_size;
  if (attr !== undefined && attr.values.length === 2) return [Number(attr.values[0]), Number(attr.values[1])];
  return heuristicWorkGroupSize(fn, options);
}
