// What makes a func.func a kernel for the host-side outlining: the `work_group_size` attribute tl-to-krnl gives every
// kernel it lowers (`func.func @k(...) attributes {work_group_size = array<i32: 64, 4>, subgroup_size = 16 : i32}`,
// docs/lowering-tl-to-krnl.md). A func.func without it is host code and stays as it is.
import { FuncOp } from '@tlir/dialect-func';
import { DenseArrayAttr, IntegerAttr, IntegerType, type Operation } from '@tlir/ir';

/** The discardable attribute holding the work-group size (x[, y[, z]]) a kernel was lowered for. */
export const KERNEL_WORK_GROUP_SIZE_ATTR = 'work_group_size';
/** The discardable attribute holding the subgroup size a kernel asks for (an i32), when it names one. */
export const KERNEL_SUBGROUP_SIZE_ATTR = 'subgroup_size';

/** The discardable attribute holding the tl groups one work-group runs (an i32 above 1; absent: one). */
export const KERNEL_GROUPS_PER_WORK_GROUP_ATTR = 'groups_per_work_group';

/** Whether `op` is a func.func marked as a kernel (it has `work_group_size`). */
export function isKernelFunction(op: Operation): boolean {
  return FuncOp.is(op) && op.getAttr(KERNEL_WORK_GROUP_SIZE_ATTR) !== undefined;
}

/** A size of three dimensions (x, y, z). */
export type Size3 = readonly [number, number, number];

/**
 * The work-group size of a kernel as three dimensions (missing ones are 1), or a message saying what is wrong
 * with its attribute.
 */
export function kernelWorkGroupSize(kernel: Operation): Size3 | string {
  const a = kernel.getAttr(KERNEL_WORK_GROUP_SIZE_ATTR);
  const shape = `'${KERNEL_WORK_GROUP_SIZE_ATTR}' must be an array<i32> of 1 to 3 positive sizes`;
  if (!(a instanceof DenseArrayAttr) || !(a.elementType instanceof IntegerType) || a.size < 1 || a.size > 3) return `${shape}, got ${a}`;
  const sizes = a.values.map(Number);
  if (sizes.some((s) => !Number.isSafeInteger(s) || s < 1)) return `${shape}, got ${a}`;
  return [sizes[0]!, sizes[1] ?? 1, sizes[2] ?? 1];
}

/** The subgroup size a kernel asks for, if it names a positive one. */
export function kernelSubgroupSize(kernel: Operation): IntegerAttr | undefined {
  const a = kernel.getAttr(KERNEL_SUBGROUP_SIZE_ATTR);
  return a instanceof IntegerAttr && a.value > 0n ? a : undefined;
}

/** The tl groups one work-group of a kernel runs (its groups_per_work_group, above 1), if it packs several. */
export function kernelGroupsPerWorkGroup(kernel: Operation): IntegerAttr | undefined {
  const a = kernel.getAttr(KERNEL_GROUPS_PER_WORK_GROUP_ATTR);
  return a instanceof IntegerAttr && a.value > 1n ? a : undefined;
}
