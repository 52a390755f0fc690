// Which buffer each memref of a kernel views, and how the kernel uses each buffer: WGSL declares a buffer once, so
// before anything is written the translation must know whether the kernel writes it (a read-only storage buffer is
// `var<storage, read>`) and whether it updates it atomically (then every access to it goes through `atomic<u32>`).
// Both are asked of the ops (ViewLikeOpInterface, MemoryAccessOpInterface), not looked up in lists of op names.
import { getMemoryAccesses, getViewRoot, type Operation, type Value } from '@tlir/ir';

/** The value (a kernel argument, an attribution, an alloca, ...) whose memory `v` views. */
export function bufferRoot(v: Value): Value {
  return getViewRoot(v);
}

export interface BufferUse {
  written: boolean;
  atomic: boolean;
}

/** The buffers `kernel` writes or updates atomically, by root value. */
export function bufferUses(kernel: Operation): Map<Value, BufferUse> {
  const uses = new Map<Value, BufferUse>();
  kernel.walk((op) => {
    for (const access of getMemoryAccesses(op) ?? []) {
      // Reads and frees do not make a buffer written.
      if (!access.write && !access.atomic) continue;
      const root = bufferRoot(access.memref);
      const use = uses.get(root) ?? { written: false, atomic: false };
      use.written ||= access.write;
      use.atomic ||= access.atomic;
      uses.set(root, use);
    }
  });
  return uses;
}
