// The work-group size a kernel runs with: its gpu.func's `known_block_size` (set by gpu-outline-executables from the
// export's `workgroup_size`). The work-item mapping deals loops to exactly that many work-items.
import { DenseArrayAttr, IntegerType, type Context, type Operation } from '@tlir/ir';
import type { Size3 } from '@tlir/dialect-flow';
import { FuncOp as GpuFuncOp } from '@tlir/dialect-gpu';

/** `array<i32: x, y, z>`, the form of known_block_size. */
export function workgroupSizeProperty(ctx: Context, size: Size3): DenseArrayAttr {
  return DenseArrayAttr.get(ctx, IntegerType.get(ctx, 32), [...size]);
}

/**
 * The block size a kernel is known to run with (a gpu.func's known_block_size, or the discardable
 * `gpu.known_block_size` of another function), if it has one of three positive sizes.
 */
export function kernelBlockSize(kernel: Operation): Size3 | undefined {
  const a = GpuFuncOp.match(kernel)?.known_block_size ?? kernel.getAttr('gpu.known_block_size');
  if (!(a instanceof DenseArrayAttr) || a.size !== 3) return undefined;
  const [x, y, z] = a.values.map(Number) as [number, number, number];
  return [x, y, z].every((s) => Number.isSafeInteger(s) && s >= 1) ? [x, y, z] : undefined;
}
