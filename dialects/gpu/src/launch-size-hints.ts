// The `gpu.known_block_size` and `gpu.known_grid_size` discardable attributes, checked on whatever op carries them.
import { DenseArrayAttr, IntegerType, type Attribute, type Operation } from '@tlir/ir';

export const KNOWN_BLOCK_SIZE_ATTR = 'gpu.known_block_size';
export const KNOWN_GRID_SIZE_ATTR = 'gpu.known_grid_size';

/**
 * The gpu dialect's check of its attributes on any op (MLIR's GPUDialect::verifyOperationAttribute): a launch
 * size hint is an `array<i32: x, y, z>`. Other attributes pass.
 */
export function verifyGpuOperationAttribute(op: Operation, name: string, value: Attribute): boolean {
  if (name !== KNOWN_BLOCK_SIZE_ATTR && name !== KNOWN_GRID_SIZE_ATTR) return true;
  if (!(value instanceof DenseArrayAttr && value.elementType instanceof IntegerType && value.elementType.isSignless(32))) {
    op.emitOpError(`${name} must be a dense i32 array`);
    return false;
  }
  if (value.size !== 3) {
    op.emitOpError(`${name} must contain exactly 3 elements`);
    return false;
  }
  return true;
}
