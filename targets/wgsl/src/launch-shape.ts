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

// Several tl groups per work-group (groups-per-work-group = G, docs/wgsl.md): the entry point's work-group holds G
// copies of the kernel's x·y·z work-items, one above the other along z, (x, y, z G), or all along x when the rule
// above makes that packed size linear. The copy a work-item belongs to (the packed index) is lid.z / z, or
// lid.x / (x y z) when linear, and the thread ids need the remainder of their outermost dimension too.

/** The work-items of a work-group running `groups` copies of a kernel's `size` (z times groups). */
export function packedSize([x, y, z]: readonly [number, number, number], groups: number): [number, number, number] {
  return [x, y, z * groups];
}

/**
 * The WGSL u32 expression of local id `d` (0: x, 1: y, 2: z) of a work-group of `size` work-items, from `lid`
 * (the local_invocation_id builtin): `lid.x` etc. as launched, or derived from `lid.x` when the launch is linear.
 * With `groups` copies of the work-items in the work-group (packed along z), the id within the work-item's copy.
 */
export function localIdExpression(lid: string, d: number, size: readonly [number, number, number], linear: boolean, groups = 1): string {
  const axis = ['x', 'y', 'z'][d]!;
  const [x, y, z] = size;
  if (!linear) {
    if (d !== 2 || groups === 1) return `${lid}.${axis}`;
    return z === 1 ? '0u' : `${lid}.z % ${z}u`;
  }
  const below = [1, x, x * y][d]!; // work-items of the lower dimensions
  const count = size[d]!;
  if (count === 1) return '0u';
  const quotient = below === 1 ? `${lid}.x` : `${lid}.x / ${below}u`;
  // The outermost dimension with more than one work-item needs no remainder: the quotient is below its count
  // (unless other groups' copies lie above it).
  const outermost = groups === 1 && (d === 2 || (d === 1 && z === 1) || (d === 0 && y === 1 && z === 1));
  if (outermost) return quotient;
  return below === 1 ? `${quotient} % ${count}u` : `(${quotient}) % ${count}u`;
}

/** The WGSL u32 expression of the packed index (which of the work-group's `groups` copies a work-item is in). */
export function packedIndexExpression(lid: string, size: readonly [number, number, number], linear: boolean): string {
  const [x, y, z] = size;
  if (linear) return `${lid}.x / ${x * y * z}u`;
  return z === 1 ? `${lid}.z` : `${lid}.z / ${z}u`;
}
