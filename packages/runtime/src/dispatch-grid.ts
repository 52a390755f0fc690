/**
 * The work-group grid of a launch of `groups` work-groups (the manifest's 'linear-xyz' folding). WebGPU limits
 * each grid dimension (maxComputeWorkgroupsPerDimension, 65535 by default), so larger counts are folded into y
 * and then z. The grid covers at least `groups` work-groups and as few more as the folding allows; the kernel
 * numbers them `wid.x + nwg.x * (wid.y + nwg.y * wid.z)` and those numbered `groups` or more return at once.
 */

export type DispatchGrid = readonly [x: number, y: number, z: number];

/**
 * The grid for `groups` work-groups with at most `maxPerDimension` per dimension; undefined when even a full
 * three-dimensional grid is too small. Zero groups give [0, 0, 0] (nothing is dispatched).
 */
export function foldDispatchGrid(groups: number, maxPerDimension: number): DispatchGrid | undefined {
  if (!Number.isSafeInteger(groups) || groups < 0) throw new RangeError(`the group count must be a non-negative integer, got ${groups}`);
  if (!Number.isSafeInteger(maxPerDimension) || maxPerDimension < 1) throw new RangeError(`the per-dimension limit must be a positive integer, got ${maxPerDimension}`);
  if (groups === 0) return [0, 0, 0];
  const max = maxPerDimension;
  if (groups > max * max * max) return undefined;
  const z = Math.ceil(groups / (max * max));
  const perLayer = Math.ceil(groups / z);
  const y = Math.ceil(perLayer / max);
  const x = Math.ceil(perLayer / y);
  return [x, y, z];
}

/**
 * The work-groups a launch of `groups` tl groups dispatches when each work-group runs `groupsPerWorkgroup` of them
 * (the manifest's grid.groupsPerWorkgroup, 1 when absent): ceil(groups / groupsPerWorkgroup).
 */
export function dispatchedWorkgroups(groups: number, groupsPerWorkgroup = 1): number {
  if (!Number.isSafeInteger(groupsPerWorkgroup) || groupsPerWorkgroup < 1) throw new RangeError(`groups per work-group must be a positive integer, got ${groupsPerWorkgroup}`);
  return Math.ceil(groups / groupsPerWorkgroup);
}
