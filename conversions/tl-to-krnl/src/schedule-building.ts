// What the two schedules of collectives (collective-schedule.ts, reduction-schedule.ts) build alike: i64 array
// attributes, column-major buffers, and the extents of a collective's iteration space.
import { AllocaOp } from '@tlir/dialect-memref';
import { ArrayAttr, IntegerAttr, IntegerType, MemRefType, StridedLayoutAttr, packedStrides, type Builder, type Type, type Value } from '@tlir/ir';
import type { Axis, CollectiveModel } from './collective-model.js';
import type { IndexLike } from './index-math.js';
import { dimOf } from './view-patterns.js';

export type PerAxis<T> = Partial<Record<Axis, T>>;

/** `[a, b, ...]` as an array of i64 attributes (krnl.permute's map, copy_to_tile_buffer's padToNext). */
export function i64Array(b: Builder, values: readonly number[]): ArrayAttr {
  const i64 = IntegerType.get(b.context, 64);
  return ArrayAttr.get(
    b.context,
    values.map((v) => IntegerAttr.get(b.context, i64, v)),
  );
}

/**
 * `memref.alloca() : memref<AxBxT, strided<[1, A]>>`: a buffer in the tensor language's column-major layout (a tile
 * buffer, accumulators, registers); rank 0 without a layout.
 */
export function columnMajorBuffer(b: Builder, shape: readonly number[], element: Type): Value {
  const layout = shape.length ? StridedLayoutAttr.get(b.context, packedStrides(shape, 'column-major'), 0) : undefined;
  const type = MemRefType.get(b.context, shape, element, layout);
  return AllocaOp.create(b, { dynamicSizes: [], symbolOperands: [], memref: type }).memref;
}

/** The extents of the iteration space: M (1 for a scalar output), N, K, from the memrefs' shapes. */
export function extentsOf(b: Builder, model: CollectiveModel): PerAxis<IndexLike> {
  const extents: PerAxis<IndexLike> = { m: 1 };
  model.output.axes.forEach((a, d) => (extents[a] = dimOf(b, model.output.memref, d)));
  for (const input of model.inputs) {
    const d = input.axes.indexOf('k');
    if (d >= 0 && extents.k === undefined) extents.k = dimOf(b, input.memref, d);
  }
  return extents;
}
