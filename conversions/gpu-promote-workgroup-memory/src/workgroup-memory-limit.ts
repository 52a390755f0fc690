// The workgroup memory a kernel uses (its workgroup attributions, with their layouts' extents), against the limit
// of the adapters it is meant for: a kernel over it would only fail when the pipeline is created, far from the
// options that made its tiles.
import { funcAttributions } from '@tlir/dialect-gpu';
import { DYNAMIC, FloatType, IndexType, IntegerType, MemRefType, type Operation } from '@tlir/ir';

/** maxComputeWorkgroupStorageSize of every WebGPU adapter. */
export const GUARANTEED_WORKGROUP_MEMORY = 16384;

/** The bytes of one element in WGSL (index is 32 bits there; booleans take a 32-bit word). */
function elementBytes(type: MemRefType): number {
  const e = type.elementType;
  if (e instanceof FloatType) return Math.max(4, e.width / 8);
  if (e instanceof IntegerType) return Math.max(4, e.width / 8);
  if (e instanceof IndexType) return 4;
  return 4;
}

/** The elements a static memref type spans (the furthest element of its layout, plus one). */
function extent(type: MemRefType): number {
  const { strides, offset } = type.getStridesAndOffset();
  if (offset === DYNAMIC || strides.includes(DYNAMIC) || !type.hasStaticShape) return 0;
  if (type.shape.some((n) => n === 0)) return 0;
  return offset + type.shape.reduce((far, n, k) => far + (n - 1) * strides[k]!, 0) + 1;
}

/** Why the kernel's workgroup memory exceeds `limit` bytes (with what it holds), or undefined. */
export function workgroupMemoryProblem(kernel: Operation, limit: number): string | undefined {
  const buffers = funcAttributions(kernel).workgroup.map((a) => a.type).filter((t): t is MemRefType => t instanceof MemRefType);
  const sizes = buffers.map((t) => extent(t) * elementBytes(t));
  const total = sizes.reduce((a, b) => a + b, 0);
  if (total <= limit) return undefined;
  const list = buffers.map((t, i) => `${t.shape.join('x')} (${sizes[i]} bytes)`).join(', ');
  return (
    `the kernel needs ${total} bytes of workgroup memory, more than the ${limit} of a work-group (max-workgroup-memory, ` +
    `WebGPU's maxComputeWorkgroupStorageSize); its buffers: ${list}. Smaller tiles (tile-m, tile-n, tile-k) or copy=false would use less`
  );
}
