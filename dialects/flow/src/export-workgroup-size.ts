// The work-group size an executable's export runs with (a tlir convention, as IREE's hal.executable.export carries
// `workgroup_size`): `flow.executable.export public @k workgroups(...) {...} attributes {workgroup_size =
// array<i32: 64, 4, 1>}`, and the subgroup size the kernel asks for when it names one (`subgroup_size = 16 : i32`).
// The gpu lowering makes them the gpu.func's known_block_size and the launch's block size.
import { DenseArrayAttr, IntegerAttr, IntegerType, type Operation } from '@tlir/ir';
import type { Size3 } from './kernel-function.js';

/** The discardable attribute of a flow.executable.export holding its work-group size (x, y, z). */
export const EXPORT_WORKGROUP_SIZE_ATTR = 'workgroup_size';
/** The discardable attribute of a flow.executable.export holding the subgroup size its kernel asks for. */
export const EXPORT_SUBGROUP_SIZE_ATTR = 'subgroup_size';

/** The discardable attribute of a flow.executable.export holding the tl groups a work-group runs, when above 1. */
export const EXPORT_GROUPS_PER_WORKGROUP_ATTR = 'groups_per_workgroup';

/** `array<i32: x, y, z>`. */
export function workgroupSizeAttr(op: Operation, size: Size3): DenseArrayAttr {
  return DenseArrayAttr.get(op.context, IntegerType.get(op.context, 32), [...size]);
}

/** The work-group size of an export: three positive sizes, or undefined when it has none (or a malformed one). */
export function exportWorkgroupSize(exportOp: Operation): Size3 | undefined {
  const a = exportOp.getAttr(EXPORT_WORKGROUP_SIZE_ATTR);
  if (!(a instanceof DenseArrayAttr) || !(a.elementType instanceof IntegerType) || a.size !== 3) return undefined;
  const [x, y, z] = a.values.map(Number) as [number, number, number];
  return [x, y, z].every((s) => Number.isSafeInteger(s) && s >= 1) ? [x, y, z] : undefined;
}

/** The subgroup size of an export, when it has one. */
export function exportSubgroupSize(exportOp: Operation): number | undefined {
  const a = exportOp.getAttr(EXPORT_SUBGROUP_SIZE_ATTR);
  return a instanceof IntegerAttr ? Number(a.value) : undefined;
}

/** The tl groups one work-group of an export runs (1 when it has no groups_per_workgroup). */
export function exportGroupsPerWorkgroup(exportOp: Operation): IntegerAttr | undefined {
  const a = exportOp.getAttr(EXPORT_GROUPS_PER_WORKGROUP_ATTR);
  return a instanceof IntegerAttr && a.value > 1n ? a : undefined;
}
