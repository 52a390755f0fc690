// The types of tl-to-krnl: tl memrefs become builtin memrefs with their column-major strides written out, groups
// become !flow.group of those, scalars stay as they are.
import { FlowGroupType } from '@tlir/dialect-flow';
import { DYNAMIC as BUILTIN_DYNAMIC, MemRefType, StridedLayoutAttr, type Context, type Type } from '@tlir/ir';
import { TypeConverter } from '@tlir/rewrite';
import { DYNAMIC, TlGroupType, TlMemrefType } from '@tlir/dialect-tl';

const builtinSize = (n: number): number => (n === DYNAMIC ? BUILTIN_DYNAMIC : n);

/**
 * `!tl.memref<f32x5x?,strided<1,?>>` -> `memref<5x?xf32, strided<[1, ?], offset: ?>>`. The strides are the tl
 * type's (spec: column-major unless given); the offset is dynamic because a tl memref is a pointer with a shape:
 * its place in its memory is never part of its type (a subview, a group's offset or the host move it).
 */
export function convertMemrefType(ctx: Context, t: TlMemrefType): MemRefType {
  return MemRefType.get(ctx, t.shape.map(builtinSize), t.elementType, StridedLayoutAttr.get(ctx, t.strides.map(builtinSize), BUILTIN_DYNAMIC));
}

/** `!tl.group<memref<f32x16x8>, offset: ?>` -> `!flow.group<memref<16x8xf32, strided<[1, 16], offset: ?>>, offset: ?>`. */
export function convertGroupType(ctx: Context, t: TlGroupType): Type {
  return FlowGroupType.get(ctx, { memrefType: convertMemrefType(ctx, t.memrefType as TlMemrefType), offset: builtinSize(t.offset) });
}

/** Converts the types of the tensor language to those of the lowered IR (scalars are builtin types already). */
export function tlToKrnlTypeConverter(ctx: Context): TypeConverter {
  return new TypeConverter()
    .addConversion((t) => t)
    .addConversion((t) => (TlMemrefType.is(t) ? convertMemrefType(ctx, t) : TlGroupType.is(t) ? convertGroupType(ctx, t) : undefined));
}
