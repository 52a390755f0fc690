// The tensor language's scalar semantics written with arith ops (spec: Arithmetic, Cast, Comparison; the meaning the
// reference interpreter gives them, dialects/tl/src/interpreter/scalar-semantics.ts): integers are signless and read
// as signed except i1, which counts 0 or 1; floats round each result to their type. Shared by the scalar patterns
// and by the collectives, which compute in their output's element type.
import {
  AddFOp,
  AddIOp,
  AndIOp,
  CmpFOp,
  CmpFPredicateAttr,
  CmpIOp,
  CmpIPredicateAttr,
  ConstantOp,
  DivFOp,
  DivSIOp,
  ExtFOp,
  ExtSIOp,
  ExtUIOp,
  FPToSIOp,
  IndexCastOp,
  IndexCastUIOp,
  MaxNumFOp,
  MaxSIOp,
  MaxUIOp,
  MinNumFOp,
  MinSIOp,
  MinUIOp,
  MulFOp,
  MulIOp,
  NegFOp,
  OrIOp,
  RemFOp,
  RemSIOp,
  ShLIOp,
  ShRSIOp,
  SIToFPOp,
  SubFOp,
  SubIOp,
  TruncFOp,
  TruncIOp,
  UIToFPOp,
  XOrIOp,
  type CmpFPredicate,
  type CmpIPredicate,
} from '@tlir/dialect-arith';
import type { ArithBinaryKindName } from '@tlir/dialect-tl';
import { FloatAttr, FloatType, IndexType, IntegerAttr, IntegerType, type Builder, type OpResult, type Type, type Value } from '@tlir/ir';
import { getConstantValue } from '@tlir/rewrite';

export const isFloat = (t: Type): t is FloatType => t instanceof FloatType;
export const isIndex = (t: Type): boolean => t instanceof IndexType;
const isBool = (t: Type): boolean => t instanceof IntegerType && t.width === 1;
const widthOf = (t: Type): number => (t instanceof IntegerType ? t.width : 64);

/** An arith op of two operands and one result (`lhs`, `rhs`, `result`), as the tables below name them. */
export interface BinaryArithOp {
  create(b: Builder, args: { lhs: Value; rhs: Value; result: Type }): { readonly result: OpResult };
}

/** An arith cast (`in`, `out`). */
interface CastArithOp {
  create(b: Builder, args: { in: Value; out: Type }): { readonly out: OpResult };
}

const binary = (b: Builder, def: BinaryArithOp, x: Value, y: Value, type: Type): Value => def.create(b, { lhs: x, rhs: y, result: type }).result;
const cast = (b: Builder, def: CastArithOp, x: Value, to: Type): Value => def.create(b, { in: x, out: to }).out;

/** `arith.constant` of a number (an integer for integer and index types). */
export function scalarConstant(b: Builder, type: Type, value: number): Value {
  const attr = type instanceof FloatType ? FloatAttr.get(b.context, type, value) : IntegerAttr.get(b.context, type, BigInt(value));
  return ConstantOp.create(b, { value: attr, result: type }).result;
}

/** The number a scalar constant holds, or undefined for a value computed at run time. */
export function constantScalar(v: Value): number | undefined {
  const c = getConstantValue(v);
  if (c instanceof FloatAttr) return c.value;
  if (c instanceof IntegerAttr) return c.number;
  return undefined;
}

/** `arith.constant N : index`. */
export const indexConstant = (b: Builder, value: number): Value => scalarConstant(b, IndexType.get(b.context), value);

/** a + b in their type (integers wrap, floats round). */
export const addScalars = (b: Builder, x: Value, y: Value): Value => binary(b, isFloat(x.type) ? AddFOp : AddIOp, x, y, x.type);
/** a * b in their type. */
export const mulScalars = (b: Builder, x: Value, y: Value): Value => binary(b, isFloat(x.type) ? MulFOp : MulIOp, x, y, x.type);

/**
 * The arith op of each tensor-language binary kind, for integer and float operands (shifts and bits: integers only),
 * and for i1 where it differs (i1 counts 0 or 1).
 */
const BINARY: Readonly<Record<ArithBinaryKindName, readonly [BinaryArithOp, BinaryArithOp | undefined, BinaryArithOp?]>> = {
  add: [AddIOp, AddFOp],
  sub: [SubIOp, SubFOp],
  mul: [MulIOp, MulFOp],
  div: [DivSIOp, DivFOp],
  rem: [RemSIOp, RemFOp], // remf is C's fmod, as the tensor language's rem on floats
  shl: [ShLIOp, undefined],
  shr: [ShRSIOp, undefined], // spec: arithmetic right shift
  and: [AndIOp, undefined],
  or: [OrIOp, undefined],
  xor: [XOrIOp, undefined],
  min: [MinSIOp, MinNumFOp, MinUIOp], // minnumf is C's fmin: a NaN operand gives the other one
  max: [MaxSIOp, MaxNumFOp, MaxUIOp],
};

/** `x kind y` (spec: Arithmetic (binary)); the verifier admits only the kinds the type has. */
export function binaryScalar(b: Builder, kind: ArithBinaryKindName, x: Value, y: Value): Value {
  const [integer, float, bool] = BINARY[kind];
  return binary(b, isFloat(x.type) ? float! : isBool(x.type) && bool ? bool : integer, x, y, x.type);
}

/** `kind x` (spec: Arithmetic (unary)): neg is negf or 0 - x (wrapping), not is x xor all-ones. */
export function unaryScalar(b: Builder, kind: 'neg' | 'not', x: Value): Value {
  const t = x.type;
  if (kind === 'neg') return isFloat(t) ? NegFOp.create(b, { operand: x, result: t }).result : binary(b, SubIOp, scalarConstant(b, t, 0), x, t);
  return binary(b, XOrIOp, x, scalarConstant(b, t, -1), t);
}

function cmpi(b: Builder, predicate: CmpIPredicate, x: Value, y: Value): Value {
  return CmpIOp.create(b, { lhs: x, rhs: y, predicate: CmpIPredicateAttr.get(b.context, predicate), result: IntegerType.get(b.context, 1) }).result;
}

function cmpf(b: Builder, predicate: CmpFPredicate, x: Value, y: Value): Value {
  return CmpFOp.create(b, { lhs: x, rhs: y, predicate: CmpFPredicateAttr.get(b.context, predicate), result: IntegerType.get(b.context, 1) }).result;
}

/**
 * `x cond y` (spec: Comparison): integers compare as signed, except i1, where true (1) is greater than false (so
 * unsigned); floats as IEEE, every comparison with NaN false but `ne` (ordered predicates, `une` for ne).
 */
export function compareScalars(b: Builder, cond: 'eq' | 'ne' | 'gt' | 'ge' | 'lt' | 'le', x: Value, y: Value): Value {
  if (isFloat(x.type)) return cmpf(b, cond === 'ne' ? 'une' : (`o${cond}` as CmpFPredicate), x, y);
  if (cond === 'eq' || cond === 'ne') return cmpi(b, cond, x, y);
  return cmpi(b, `${isBool(x.type) ? 'u' : 's'}${cond}` as CmpIPredicate, x, y);
}

/** Whether `x` is zero (-0.0 included), as an i1: what `beta == 0` means for the collectives. */
export const isZeroScalar = (b: Builder, x: Value): Value => compareScalars(b, 'eq', x, scalarConstant(b, x.type, 0));

/**
 * `cast x : from -> to` (spec: Cast, with tinytc's C conversions): integers sign-extend or truncate (i1 counts 0 or
 * 1, so it zero-extends), anything cast to i1 is `x != 0`, integers convert to the nearest float, floats truncate
 * toward zero to integers (undefined when the value does not fit), floats round to a narrower float. `index` goes
 * through i64 where arith has no direct cast.
 */
export function castScalar(b: Builder, x: Value, to: Type): Value {
  const from = x.type;
  if (from === to) return x;
  const i64 = IntegerType.get(b.context, 64);
  if (isBool(to)) return isFloat(from) ? cmpf(b, 'une', x, scalarConstant(b, from, 0)) : cmpi(b, 'ne', x, scalarConstant(b, from, 0));
  if (!isFloat(from)) {
    if (isFloat(to)) {
      if (isIndex(from)) return cast(b, SIToFPOp, cast(b, IndexCastOp, x, i64), to);
      return cast(b, isBool(from) ? UIToFPOp : SIToFPOp, x, to);
    }
    if (isIndex(to)) return cast(b, isBool(from) ? IndexCastUIOp : IndexCastOp, x, to);
    if (isIndex(from)) return cast(b, IndexCastOp, x, to);
    if (widthOf(to) > widthOf(from)) return cast(b, isBool(from) ? ExtUIOp : ExtSIOp, x, to);
    return cast(b, TruncIOp, x, to);
  }
  if (isFloat(to)) return cast(b, (to as FloatType).width > (from as FloatType).width ? ExtFOp : TruncFOp, x, to);
  if (isIndex(to)) return cast(b, IndexCastOp, cast(b, FPToSIOp, x, i64), to);
  return cast(b, FPToSIOp, x, to);
}
