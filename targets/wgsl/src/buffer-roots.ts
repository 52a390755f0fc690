// Which buffer each memref of a kernel views, and how the kernel uses each buffer: WGSL declares a buffer once, so
// before anything is written the translation must know whether the kernel writes it (a read-only storage buffer is
// `var<storage, read>`) and whether it updates it atomically (then every access to it goes through `atomic<u32>`).
import type { Operation, Value } from '@tlir/ir';

/** The ops whose memref result views the memory of their first operand. */
const VIEW_OPS: ReadonlySet<string> = new Set([
  'memref.subview',
  'memref.cast',
  'memref.reinterpret_cast',
  'memref.expand_shape',
  'memref.collapse_shape',
  'memref.assume_alignment',
  'memref.memory_space_cast',
  'memref.extract_strided_metadata',
  'memref.transpose',
  'memref.view',
  'flow.group.load',
]);

/** The value (a kernel argument, an attribution, an alloca, ...) whose memory `v` views. */
export function bufferRoot(v: Value): Value {
  let value = v;
  for (;;) {
    const def = value.definingOp;
    if (!def || !VIEW_OPS.has(def.name) || !def.operands[0]) return value;
    value = def.operands[0];
  }
}

/** How the ops that access memory use their memref operands. */
const ACCESSES: Readonly<Record<string, readonly { operand: number; write: boolean; atomic: boolean }[]>> = {
  'memref.store': [{ operand: 1, write: true, atomic: false }],
  'memref.atomic_rmw': [{ operand: 1, write: true, atomic: true }],
  'memref.generic_atomic_rmw': [{ operand: 0, write: true, atomic: true }],
  'memref.copy': [{ operand: 1, write: true, atomic: false }],
};

export interface BufferUse {
  written: boolean;
  atomic: boolean;
}

/** The buffers `kernel` writes or updates atomically, by root value. */
export function bufferUses(kernel: Operation): Map<Value, BufferUse> {
  const uses = new Map<Value, BufferUse>();
  kernel.walk((op) => {
    for (const access of ACCESSES[op.name] ?? []) {
      const memref = op.operands[access.operand];
      if (!memref) continue;
      const root = bufferRoot(memref);
      const use = uses.get(root) ?? { written: false, atomic: false };
      use.written ||= access.write;
      use.atomic ||= access.atomic;
      uses.set(root, use);
    }
  });
  return uses;
}
