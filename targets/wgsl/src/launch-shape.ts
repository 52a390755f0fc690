// The shape a kernel's work-group is launched with (docs/wgsl.md, "One-dimensional launch"). A kernel's
// known_block_size (x, y, z) is its work-items; the entry point's @workgroup_size need not be the same shape: WebGPU
// numbers a work-group's invocations x fastest (local_invocation_index = x + X (y + Y z)), so a work-group of
// X·Y·Z invocations along x, with
//
//     thread_id_x = lid.x % X,   thread_id_y = (lid.x / X) % Y,   thread_id_z = lid.x / (X Y),
//
// has the same work-items with the same linear indices (subgroups, local_invocation_index, the order a GPU packs
// them in are unchanged). A CPU adapter may pack invocations differently: llvmpipe (Mesa) runs a work-group's
// invocations in SIMD vectors of 8 lanes (AVX2) along x only, row by row, so a 4x4 work-group used 4 lanes of each
// vector, and the same 16 work-items launched as 16x1 use all 8. Measured (bench/README.md, "llvmpipe:
// one-dimensional launch and taller register tiles"): the spec's sample took 0.69 of the CPU time on llvmpipe;
// SwiftShader within its spread.
// Kernels whose x is already a multiple of the lanes keep their shape (launched one-dimensional they were 2 to 3%
// slower on llvmpipe: the division and remainder).

/** The SIMD lanes a work-group's x should fill: llvmpipe's 8 (AVX2); a multiple of SwiftShader's 4. */
export const LAUNCH_LANES = 8;
/** WebGPU's default maxComputeWorkgroupSizeX: a one-dimensional launch is never larger. */
export const MAX_LINEAR_LAUNCH = 256;

/**
 * Whether a work-group of `size` work-items is launched one-dimensional: it has more than one row (y or z above 1),
 * its x is not a multiple of LAUNCH_LANES, and all of it fits along x on every adapter (MAX_LINEAR_LAUNCH).
 */
export function isLinearLaunch([x, y, z]: readonly [number, number, number]): boolean {
  return y * z > 1 && x % LAUNCH_LANES !== 0 && x * y * z <= MAX_LINEAR_LAUNCH;
}

/** The entry point's @workgroup_size (and the manifest's workgroupSize): the work-items, along x when linear. */
export function launchSize(size: readonly [number, number, number], linear: boolean): [number, number, number] {
  const [x, y, z] = size;
  return linear ? [x * y * z, 1, 1] : [x, y, z];
}

/**
 * The WGSL u32 expression of local id `d` (0: x, 1: y, 2: z) of a work-group of `size` work-items, from `lid`
 * (the local_invocation_id builtin): `lid.x` etc. as launched, or derived from `lid.x` when the launch is linear.
 */
export function localIdExpression(lid: string, d: number, size: readonly [number, number, number], linear: boolean): string {
  const axis = ['x', 'y', 'z'][d]!;
  if (!linear) return `${lid}.${axis}`;
  const [x, y, z] = size;
  const below = [1, x, x * y][d]!; // work-items of the lower dimensions
  const count = size[d]!;
  if (count === 1) return '0u';
  const quotient = below === 1 ? `${lid}.x` : `${lid}.x / ${below}u`;
  // The outermost dimension with more than one work-item needs no remainder: the quotient is below its count.
  const outermost = d === 2 || (d === 1 && z === 1) || (d === 0 && y === 1 && z === 1);
  if (outermost) return quotient;
  return below === 1 ? `${quotient} % ${count}u` : `(${quotient}) % ${count}u`;
}
