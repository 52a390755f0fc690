// Type constraints of the arith dialect (ODS's phrases, which its messages show) and type helpers.
import {
  FloatLike,
  FloatType,
  IndexType,
  IntegerType,
  MemRefType,
  RankedTensorType,
  ShapedType,
  SignlessIntegerLike,
  UnrankedTensorType,
  VectorType,
  typeConstraint,
  type Context,
  type Type,
} from '@tlir/ir';

const isSignlessInteger = (t: Type): boolean => t instanceof IntegerType && t.signedness === 'signless';
/** `t`, or a vector or tensor of `t`. */
const scalarOrContainer = (t: Type): Type =>
  t instanceof VectorType || t instanceof RankedTensorType || t instanceof UnrankedTensorType ? t.elementType : t;

/** A signless integer or index, or a vector or tensor of them (ODS's SignlessIntegerOrIndexLike). */
export const SignlessIntegerOrIndexLike = SignlessIntegerLike;

/** A signless integer (not index), or a vector or tensor of them: what arith's casts take. */
export const SignlessFixedWidthIntegerLike = typeConstraint('signless-fixed-width-integer-like', (t) => isSignlessInteger(scalarOrContainer(t)));

/** index_cast's operand and result: an integer-like type or a memref of signless integers or index. */
export const IndexCastType = typeConstraint('signless-integer-like or memref of signless-integer', (t) => {
  if (t instanceof MemRefType) return isSignlessInteger(t.elementType) || t.elementType instanceof IndexType;
  return SignlessIntegerLike.check(t);
});

/** bitcast's operand and result: signless integers or floats (not index), or memrefs of them. */
export const BitcastType = typeConstraint('signless-integer-or-float-like or memref of signless-integer or float', (t) => {
  const e = t instanceof MemRefType ? t.elementType : scalarOrContainer(t);
  return isSignlessInteger(e) || e instanceof FloatType;
});

export { FloatLike };

// Verifiers ask for the i1 shape of every comparison's operand type: types are interned, so cache by type.
const i1Shapes = new WeakMap<Type, Type>();
const i1ShapeLists = new WeakMap<Type, readonly Type[]>();

/** The `i1` type of the same shape as `type` (a scalar, vector or tensor): what comparisons produce. */
export function getI1SameShape(ctx: Context, type: Type): Type {
  let r = i1Shapes.get(type);
  if (r === undefined) {
    r = makeI1SameShape(ctx, type);
    i1Shapes.set(type, r);
  }
  return r;
}

/** `[getI1SameShape(ctx, type)]`, the same array for the same type (a TypesMatchWith transform). */
export function i1SameShapeList(type: Type, ctx: Context): readonly Type[] {
  let r = i1ShapeLists.get(type);
  if (r === undefined) {
    r = Object.freeze([getI1SameShape(ctx, type)]);
    i1ShapeLists.set(type, r);
  }
  return r;
}

function makeI1SameShape(ctx: Context, type: Type): Type {
  const i1 = IntegerType.get(ctx, 1);
  if (type instanceof VectorType) return VectorType.get(ctx, type.shape, i1, type.scalableDims);
  if (type instanceof RankedTensorType) return RankedTensorType.get(ctx, type.shape, i1, type.encoding);
  if (type instanceof UnrankedTensorType) return UnrankedTensorType.get(ctx, i1);
  if (type instanceof MemRefType) return MemRefType.get(ctx, type.shape, i1, type.layout, type.memorySpace);
  return i1;
}

/** The bit width of a scalar integer or float type (index: 64, as MLIR folds it). */
export function bitWidth(t: Type): number {
  if (t instanceof IntegerType) return t.width;
  if (t instanceof FloatType) return t.width;
  if (t instanceof IndexType) return 64;
  return -1;
}

/** The element type of a shaped type, else the type. */
export function elementTypeOf(t: Type): Type {
  return t instanceof ShapedType ? t.elementType : t;
}
