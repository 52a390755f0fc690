// Folding over constant attributes, as MLIR's CommonFolders.h: a scalar IntegerAttr / FloatAttr, or dense
// elements (splat or not) of a static shape, computed element by element. And the constant matchers of
// Matchers.h (m_Zero, m_One, m_ConstantInt, m_NegZeroFloat, ...) on the attribute a fold hook receives.
import {
  ComplexType,
  DenseElementsAttr,
  FloatAttr,
  FloatType,
  IntegerAttr,
  ShapedType,
  integerWidth,
  isExactDouble,
  isWideFloatKind,
  type Attribute,
  type Context,
  type Type,
} from '@tlir/ir';
import { isAllOnes, unsigned } from './apint.js';

// ---- matchers ---------------------------------------------------------------------------------------------------

/** The integer value of a scalar integer constant or an integer splat (m_ConstantInt), with its width. */
export function constantInt(attr: Attribute | undefined): { value: bigint; width: number } | undefined {
  if (attr instanceof IntegerAttr) return { value: attr.value, width: integerWidth(attr.type) };
  if (attr instanceof DenseElementsAttr && attr.isSplat) {
    const et = attr.type.elementType;
    if (et instanceof FloatType) return undefined;
    const v = attr.values[0];
    return typeof v === 'bigint' ? { value: v, width: integerWidth(et) } : undefined;
  }
  return undefined;
}

/**
 * Whether a float constant's value is what its double `value` says: always, except for f80 and f128 values
 * that a double does not hold exactly (see wide-float.ts in @tlir/ir), which no folder computes with.
 * A NaN is exact when its payload survives the way through a double (folders may return it).
 */
export function hasExactDoubleValue(attr: FloatAttr): boolean {
  const kind = attr.type.kind;
  return !isWideFloatKind(kind) || isExactDouble(kind, attr.bits);
}

/** Whether `type` is (or has elements of) f80 or f128. */
export const isWideFloat = (type: Type): boolean => {
  const s = scalarOf(type);
  return s instanceof FloatType && isWideFloatKind(s.kind);
};

/** Whether every element of dense float elements is exactly its double value (see hasExactDoubleValue). */
function denseExact(attr: DenseElementsAttr): boolean {
  const et = attr.type.elementType;
  if (!(et instanceof FloatType) || !isWideFloatKind(et.kind)) return true;
  const bits = attr.floatBits;
  if (!bits) return false;
  return bits.every((b) => isExactDouble(et.kind as 'f80' | 'f128', b));
}

/** The value of a scalar float constant or a float splat (m_ConstantFloat); undefined if not exact as a double. */
export function constantFloat(attr: Attribute | undefined): number | undefined {
  if (attr instanceof FloatAttr) return hasExactDoubleValue(attr) ? attr.value : undefined;
  if (attr instanceof DenseElementsAttr && attr.isSplat && attr.type.elementType instanceof FloatType) return denseExact(attr) ? (attr.values[0] as number) : undefined;
  return undefined;
}

export const isZero = (attr: Attribute | undefined): boolean => constantInt(attr)?.value === 0n;
export function isOne(attr: Attribute | undefined): boolean {
  const c = constantInt(attr);
  return c !== undefined && unsigned(c.value, c.width) === 1n;
}
export function isAllOnesInt(attr: Attribute | undefined): boolean {
  const c = constantInt(attr);
  return c !== undefined && isAllOnes(c.value, c.width);
}
export const isNegZeroFloat = (attr: Attribute | undefined): boolean => Object.is(constantFloat(attr), -0);
export const isPosZeroFloat = (attr: Attribute | undefined): boolean => Object.is(constantFloat(attr), 0);
export const isAnyZeroFloat = (attr: Attribute | undefined): boolean => constantFloat(attr) === 0;
export const isOneFloat = (attr: Attribute | undefined): boolean => constantFloat(attr) === 1;
export const isNaNFloat = (attr: Attribute | undefined): boolean => Number.isNaN(constantFloat(attr) ?? 0);
export const isPosInfFloat = (attr: Attribute | undefined): boolean => constantFloat(attr) === Infinity;
export const isNegInfFloat = (attr: Attribute | undefined): boolean => constantFloat(attr) === -Infinity;

// ---- building constants ----------------------------------------------------------------------------------------

/** The scalar type of a (shaped) type. */
const scalarOf = (t: Type): Type => (t instanceof ShapedType ? t.elementType : t);

/** One element of `type`'s scalar kind: an IntegerAttr or FloatAttr for scalars, dense elements for shapes. */
function scalarAttr(ctx: Context, type: Type, v: bigint | number): Attribute {
  return type instanceof FloatType ? FloatAttr.get(ctx, type, v as number) : IntegerAttr.get(ctx, type, v as bigint);
}

/**
 * A constant of `type` from its element values (one for a splat): a scalar attribute, or dense elements when
 * `type` is a statically shaped vector or tensor. Undefined for a dynamically shaped type.
 */
export function makeConstant(ctx: Context, type: Type, values: readonly (bigint | number)[]): Attribute | undefined {
  if (!(type instanceof ShapedType)) return scalarAttr(ctx, type, values[0]!);
  if (!type.hasStaticShape) return undefined;
  return DenseElementsAttr.get(ctx, type, values);
}

/** Zero of `type` (MLIR's Builder::getZeroAttr); undefined for a dynamic shape. */
export function zeroOf(ctx: Context, type: Type): Attribute | undefined {
  return makeConstant(ctx, type, [scalarOf(type) instanceof FloatType ? 0 : 0n]);
}

/** The i1 constant `value` of the shape of `type` (MLIR's getBoolAttribute); undefined for a dynamic shape. */
export function boolOf(ctx: Context, i1Type: Type, value: boolean): Attribute | undefined {
  return makeConstant(ctx, i1Type, [value ? 1n : 0n]);
}

// ---- folding ---------------------------------------------------------------------------------------------------

/** Elements of a constant: count, and element `i` (splats repeat). */
interface Elements {
  readonly type: Type;
  readonly splat: boolean;
  readonly count: number;
  at(i: number): bigint | number;
}

function elementsOf(attr: Attribute): Elements | undefined {
  if (attr instanceof IntegerAttr) return { type: attr.type, splat: true, count: 1, at: () => attr.value };
  if (attr instanceof FloatAttr) return hasExactDoubleValue(attr) ? { type: attr.type, splat: true, count: 1, at: () => attr.value } : undefined;
  if (attr instanceof DenseElementsAttr) {
    const type = attr.type;
    if (type.elementType instanceof ComplexType || !denseExact(attr)) return undefined;
    return { type, splat: attr.isSplat, count: type.numElements, at: (i) => attr.at(i) };
  }
  return undefined;
}

const isFloatElements = (e: Elements): boolean => scalarOf(e.type) instanceof FloatType;

/**
 * Folds a binary elementwise operation on two constants of the same type (MLIR's constFoldBinaryOp): `calc`
 * gets two element values (bigints for integers, numbers for floats) and returns the result element, or
 * undefined to give up. The result has `resultType` (default: the operands' type).
 *
 * Floats are computed in doubles, which is the type's own arithmetic for every float type up to f64. For f80 and
 * f128 (as operands or result) it is not: those fold only when the caller says `calc` is exact in doubles on
 * values that doubles hold exactly (min, max, negation, exact conversions), and only on such values.
 */
export function foldBinary(
  ctx: Context,
  lhs: Attribute | undefined,
  rhs: Attribute | undefined,
  kind: 'int' | 'float',
  calc: (a: never, b: never) => bigint | number | undefined,
  resultType?: Type,
  exactInDouble = false,
): Attribute | undefined {
  if (lhs === undefined || rhs === undefined) return undefined;
  if (!exactInDouble && (isWideFloat(lhs.type!) || (resultType !== undefined && isWideFloat(resultType)))) return undefined;
  const l = elementsOf(lhs);
  const r = elementsOf(rhs);
  if (!l || !r || l.type !== r.type || isFloatElements(l) !== (kind === 'float')) return undefined;
  if ((lhs instanceof DenseElementsAttr) !== (rhs instanceof DenseElementsAttr)) return undefined;
  const f = calc as (a: bigint | number, b: bigint | number) => bigint | number | undefined;
  const type = resultType ?? l.type;
  if (l.splat && r.splat) {
    const v = f(l.at(0), r.at(0));
    return v === undefined ? undefined : makeConstant(ctx, type, [v]);
  }
  const out: (bigint | number)[] = [];
  for (let i = 0; i < l.count; i++) {
    const v = f(l.at(i), r.at(i));
    if (v === undefined) return undefined;
    out.push(v);
  }
  return makeConstant(ctx, type, out);
}

/** The same for a unary elementwise operation (MLIR's constFoldUnaryOp / constFoldCastOp). */
export function foldUnary(
  ctx: Context,
  operand: Attribute | undefined,
  kind: 'int' | 'float',
  calc: (a: never) => bigint | number | undefined,
  resultType?: Type,
  exactInDouble = false,
): Attribute | undefined {
  if (operand === undefined) return undefined;
  if (!exactInDouble && (isWideFloat(operand.type!) || (resultType !== undefined && isWideFloat(resultType)))) return undefined;
  const e = elementsOf(operand);
  if (!e || isFloatElements(e) !== (kind === 'float')) return undefined;
  const f = calc as (a: bigint | number) => bigint | number | undefined;
  const type = resultType ?? e.type;
  if (e.splat) {
    const v = f(e.at(0));
    return v === undefined ? undefined : makeConstant(ctx, type, [v]);
  }
  const out: (bigint | number)[] = [];
  for (let i = 0; i < e.count; i++) {
    const v = f(e.at(i));
    if (v === undefined) return undefined;
    out.push(v);
  }
  return makeConstant(ctx, type, out);
}

/** The bit width the integer elements of `type` fold at (index: 64). */
export const intWidthOf = (type: Type): number => integerWidth(scalarOf(type));
