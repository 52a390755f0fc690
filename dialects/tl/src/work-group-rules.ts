/**
 * The rules on a function's work-group and subgroup sizes (spec: Functions), shared by the front end and
 * tl.func's verifier.
 *
 * The device is a WebGPU adapter, unknown when a kernel is compiled, so the checks use what any adapter may offer:
 * subgroup sizes are powers of two from 4 to 128 (WebGPU's bounds on subgroupMinSize and subgroupMaxSize), and a
 * work-group holds at most 1024 invocations (the largest maxComputeInvocationsPerWorkgroup adapters report; the
 * runtime checks the adapter's own limit).
 */
export const SUBGROUP_SIZES: readonly number[] = [4, 8, 16, 32, 64, 128];
export const MAX_WORK_GROUP_SIZE = 1024;

export interface WorkGroupProblem {
  /** The attribute the problem is about. */
  readonly attribute: 'work_group_size' | 'subgroup_size';
  readonly message: string;
}

/**
 * What is wrong with `work_group_size(m, n)` and `subgroup_size(s)` (either may be absent): sizes are positive,
 * the subgroup size is one a device may have, the first mode is a multiple of the subgroup size (of one a device
 * may have when none is given), and m*n is at most the maximum work-group size.
 */
export function workGroupProblem(workGroupSize: readonly number[] | undefined, subgroupSize: number | undefined): WorkGroupProblem | undefined {
  if (subgroupSize !== undefined && !SUBGROUP_SIZES.includes(subgroupSize)) {
    return { attribute: 'subgroup_size', message: `subgroup_size must be a subgroup size of WebGPU devices (${SUBGROUP_SIZES.join(', ')}), got ${subgroupSize}` };
  }
  if (!workGroupSize) return undefined;
  const problem = (message: string): WorkGroupProblem => ({ attribute: 'work_group_size', message });
  if (workGroupSize.length !== 2) return problem(`work_group_size has two modes, got ${workGroupSize.length}`);
  const [m, n] = workGroupSize as [number, number];
  if (m < 1 || n < 1) return problem(`work_group_size must be positive, got (${m},${n})`);
  if (subgroupSize !== undefined) {
    if (m % subgroupSize !== 0) return problem(`the first mode of work_group_size (${m}) must be a multiple of the subgroup size (${subgroupSize})`);
  } else if (!SUBGROUP_SIZES.some((s) => m % s === 0)) {
    return problem(`the first mode of work_group_size (${m}) must be a multiple of a subgroup size of WebGPU devices (${SUBGROUP_SIZES.join(', ')})`);
  }
  if (m * n > MAX_WORK_GROUP_SIZE) return problem(`work_group_size (${m}x${n} = ${m * n}) exceeds the maximum work-group size (${MAX_WORK_GROUP_SIZE})`);
  return undefined;
}
