import { defineOpInterface } from '../op-def/op-interface.js';
import type { Operation } from '../operation.js';
import type { Value } from '../value.js';

/** One access of an op to the memory of one of its operands. */
export interface MemoryAccess {
  /** The value (a memref) whose memory is accessed. */
  readonly memref: Value;
  /** The indices of the element accessed; undefined when the op accesses the whole memref (a copy, a free). */
  readonly indices: readonly Value[] | undefined;
  readonly read: boolean;
  readonly write: boolean;
  /** Whether the read-modify-write is atomic (memref.atomic_rmw). */
  readonly atomic: boolean;
  /** Whether the op frees the memory (memref.dealloc): neither a read nor a write of its elements. */
  readonly free: boolean;
}

/**
 * Which memory an op touches (a finer form of MLIR's MemoryEffectOpInterface, which names the value an effect is
 * on): the memref operands it reads or writes, at which indices. Asked of the op by analyses of kernels (which
 * buffers a kernel writes, which accesses of work-items may conflict) instead of lists of op names.
 */
export interface MemoryAccessOpMethods {
  getMemoryAccesses(op: Operation): readonly MemoryAccess[];
}

export const MemoryAccessOpInterface = defineOpInterface<MemoryAccessOpMethods>('MemoryAccessOpInterface');

/** The memory `op` accesses, or undefined when it does not implement MemoryAccessOpInterface. */
export function getMemoryAccesses(op: Operation): readonly MemoryAccess[] | undefined {
  return MemoryAccessOpInterface.get(op)?.getMemoryAccesses(op);
}

/**
 * An access of `op`'s operand `memref` (with the operands from `indices` on as the element's indices, or the
 * whole memref when `indices` is undefined): a helper for implementations.
 */
export function memoryAccess(
  op: Operation,
  memref: number,
  indices: number | undefined,
  kind: { read?: boolean; write?: boolean; atomic?: boolean; free?: boolean },
): MemoryAccess {
  return {
    memref: op.operandValues[memref]!,
    indices: indices === undefined ? undefined : op.operandValues.slice(indices),
    read: kind.read ?? false,
    write: kind.write ?? false,
    atomic: kind.atomic ?? false,
    free: kind.free ?? false,
  };
}
