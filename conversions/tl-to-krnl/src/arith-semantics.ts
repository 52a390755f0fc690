// The tensor language's scalar semantics written with arith ops (spec: Arithmetic, Cast, Comparison; the meaning the
// reference interpreter gives them, dialects/tl/src/interpreter/scalar-semantics.ts): integers are signless and read
// as signed except i1, which counts 0 or 1; floats round each result to their type. Shared by the scalar patterns
// and by the collectives, which compute in their output's element type.
import { CmpFPredicateAttr, CmpIPredicateAttr, type CmpFPredicate, type CmpIPredicate } from '@tlir/dialect-arith';
import type { ArithBinaryKindName } from '@tlir/dialect-tl';
import { FloatAttr, FloatType, IndexType, IntegerAttr, IntegerType, type Builder, type Type, type Value } from '@tlir/ir';
import { getConstantValue } from '@tlir/rewrite';

export const isFloat = (t: Type): t is FloatType => t instanceof FloatType;
export const isIndex = (t: Type): boolean => t instanceof IndexType;
const isBool = (t: Type): boolean => t instanceof IntegerType && t.width === 1;
const widthOf = (t: Type): number => (t instanceof IntegerType ? t.width : 64);

function op(b: Builder, name: string, operands: readonly Value[], type: Type): Value {
  return b.create({ name, operands, resultTypes: [type] }).getResult(0);
}

/** `arith.constant` of a number (an integer for integer and index types). */
export function scalarConstant(b: Builder, type: Type, value: number): Value {
  const attr = type instanceof FloatType ? FloatAttr.get(b.context, type, value) : IntegerAttr.get(b.context, type, BigInt(value));
  return b.create({ name: 'arith.constant', properties: undefined, attributes: [{ name: 'value', value: attr }], resultTypes: [type] }).getResult(0);
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
export const addScalars = (b: Builder, x: Value, y: Value): Value => op(b, isFloat(x.type) ? 'arith.addf' : 'arith.addi', [x, y], x.type);
/** a * b in their type. */
export const mulScalars = (b: Builder, x: Value, y: Value): Value => op(b, isFloat(x.type) ? 'arith.mulf' : 'arith.muli', [x, y], x.type);

/**
 * The arith op of each tensor-language binary kind, for integer and float operands (shifts and bits: integers only),
 * and for i1 where it differs (i1 counts 0 or 1).
 */
const BINARY: Readonly<Record<ArithBinaryKindName, readonly [string, string | undefined, string?]>> = {
  add: ['arith.addi', 'arith.addf'],
  sub: ['arith.subi', 'arith.subf'],
  mul: ['arith.muli', 'arith.mulf'],
  div: ['arith.divsi', 'arith.divf'],
  rem: ['arith.remsi', 'arith.remf'], // remf is C's fmod, as the tensor language's rem on floats
  shl: ['arith.shli', undefined],
  shr: ['arith.shrsi', undefined], // spec: arithmetic right shift
  and: ['arith.andi', undefined],
  or: ['arith.ori', undefined],
  xor: ['arith.xori', undefined],
  min: ['arith.minsi', 'arith.minnumf', 'arith.minui'], // minnumf is C's fmin: a NaN operand gives the other one
  max: ['arith.maxsi', 'arith.maxnumf', 'arith.maxui'],
};

/** `x kind y` (spec: Arithmetic (binary)); the verifier admits only the kinds the type has. */
export function binaryScalar(b: Builder, kind: ArithBinaryKindName, x: Value, y: Value): Value {
  const [integer, float, bool] = BINARY[kind];
  return op(b, isFloat(x.type) ? float! : isBool(x.type) && bool ? bool : integer, [x, y], x.type);
}

/** `kind x` (spec: Arithmetic (unary)): neg is negf or 0 - x (wrapping), not is x xor all-ones. */
export function unaryScalar(b: Builder, kind: 'neg' | 'not', x: Value): Value {
  const t = x.type;
  if (kind === 'neg') return isFloat(t) ? op(b, 'arith.negf', [x], t) : op(b, 'arith.subi', [scalarConstant(b, t, 0), x], t);
  return op(b, 'arith.xori', [x, scalarConstant(b, t, -1)], t);
}

function cmpi(b: Builder, predicate: CmpIPredicate, x: Value, y: Value): Value {
  const props = [{ name: 'predicate', value: CmpIPredicateAttr.get(b.context, predicate) }];
  return b.create({ name: 'arith.cmpi', operands: [x, y], attributes: props, resultTypes: [IntegerType.get(b.context, 1)] }).getResult(0);
}

function cmpf(b: Builder, predicate: CmpFPredicate, x: Value, y: Value): Value {
  const props = [{ name: 'predicate', value: CmpFPredicateAttr.get(b.context, predicate) }];
  return b.create({ name: 'arith.cmpf', operands: [x, y], attributes: props, resultTypes: [IntegerType.get(b.context, 1)] }).getResult(0);
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
      if (isIndex(from)) return op(b, 'arith.sitofp', [op(b, 'arith.index_cast', [x], i64)], to);
      return op(b, isBool(from) ? 'arith.uitofp' : 'arith.sitofp', [x], to);
    }
    if (isIndex(to)) return op(b, isBool(from) ? 'arith.index_castui' : 'arith.index_cast', [x], to);
    if (isIndex(from)) return op(b, 'arith.index_cast', [x], to);
    if (widthOf(to) > widthOf(from)) return op(b, isBool(from) ? 'arith.extui' : 'arith.extsi', [x], to);
    return op(b, 'arith.trunci', [x], to);
  }
  if (isFloat(to)) return op(b, (to as FloatType).width > (from as FloatType).width ? 'arith.extf' : 'arith.truncf', [x], to);
  if (isIndex(to)) return op(b, 'arith.index_cast', [op(b, 'arith.fptosi', [x], i64)], to);
  return op(b, 'arith.fptosi', [x], to);
}
