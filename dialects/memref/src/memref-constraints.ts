import {
  AnySignlessInteger,
  AnyFloat,
  ArrayAttr,
  IntegerAttr,
  IntegerType,
  MemRefType,
  UnrankedMemRefType,
  attrConstraint,
  typeConstraint,
  type Attribute,
  type Type,
} from '@tlir/ir';

// The type and attribute constraints of MLIR's MemRefBase.td / MemRefOps.td that @tlir/ir does not have, with
// the summaries MLIR's messages use.

const MEMREF_CLASS = { name: 'builtin.memref', check: (t: Type): boolean => t instanceof MemRefType };

/** A memref with a strided layout: the identity, a strided layout, or an affine map of that form. */
export const AnyStridedMemRef = typeConstraint<MemRefType>(
  'strided memref of any type values',
  (t) => t instanceof MemRefType && t.stridedLayout !== undefined,
  undefined,
  MEMREF_CLASS,
);

/** extract_strided_metadata's base buffer. */
export const AnyStridedMemRefOfRank0 = typeConstraint<MemRefType>(
  'strided memref of any type values of rank 0',
  (t) => t instanceof MemRefType && t.shape.length === 0,
  undefined,
  MEMREF_CLASS,
);

/** get_global's result. */
export const AnyStaticShapeMemRef = typeConstraint<MemRefType>(
  'statically shaped memref of any type values',
  (t) => t instanceof MemRefType && t.hasStaticShape,
  undefined,
  MEMREF_CLASS,
);

/** dim's source: a ranked memref of rank > 0 or an unranked one. */
export const AnyNon0RankedOrUnrankedMemRef = typeConstraint(
  'unranked.memref of any type values or non-0-ranked.memref of any type values',
  (t) => t instanceof UnrankedMemRefType || (t instanceof MemRefType && t.shape.length > 0),
);

const isIntOrFloat = (t: Type): boolean => AnySignlessInteger.check(t) || AnyFloat.check(t);
/** atomic_rmw's value and result. */
export const SignlessIntegerOrFloat = typeConstraint('signless integer or floating-point', isIntOrFloat);
/** atomic_rmw's memref. */
export const MemRefOfSignlessIntegerOrFloat = typeConstraint<MemRefType>(
  'memref of signless integer or floating-point values',
  (t) => t instanceof MemRefType && isIntOrFloat(t.elementType),
  undefined,
  MEMREF_CLASS,
);

const isI64 = (a: Attribute): a is IntegerAttr => a instanceof IntegerAttr && a.type instanceof IntegerType && a.type.isSignless(64);
const isPowerOf2 = (v: bigint): boolean => v > 0n && (v & (v - 1n)) === 0n;

/** `ConfinedAttr<I64Attr, [IntPositivePowerOf2]>`: alignments. */
export const AlignmentAttr = attrConstraint<IntegerAttr>(
  '64-bit signless integer attribute whose value is positive and whose value is a power of two > 0',
  (a) => isI64(a) && isPowerOf2(a.value),
  { storage: (a) => a instanceof IntegerAttr, valueType: (ctx) => IntegerType.get(ctx, 64) },
);

/** `[[0, 1], [2]]`: the reassociation of expand_shape / collapse_shape (MLIR's IndexListArrayAttr). */
export const IndexListArrayAttr = attrConstraint<ArrayAttr>(
  'Array of 64-bit integer array attributes',
  (a) => a instanceof ArrayAttr && a.elements.every((g) => g instanceof ArrayAttr && g.elements.every(isI64)),
  { storage: (a) => a instanceof ArrayAttr },
);

/** The groups of a reassociation attribute as numbers. */
const reassociationCache = new WeakMap<ArrayAttr, readonly (readonly number[])[]>();
export function reassociationIndices(a: ArrayAttr): readonly (readonly number[])[] {
  let r = reassociationCache.get(a);
  if (r === undefined) {
    r = a.elements.map((g) => (g as ArrayAttr).elements.map((e) => Number((e as IntegerAttr).value)));
    reassociationCache.set(a, r);
  }
  return r;
}
