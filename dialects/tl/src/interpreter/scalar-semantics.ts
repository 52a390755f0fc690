import type { Type } from '@tlir/ir';
import { fault, floatKind, floatToInteger, integerFormat, integerToFloat, roundToKind, scalarArithmetic, signedValue, wrapInteger } from '@tlir/interpreter';
import type { ArithBinaryKindName, ArithUnaryKindName, CmpConditionName } from '../scalar-ops.js';

/**
 * The meaning of the tensor language's scalar instructions (spec: Arithmetic (binary), Arithmetic (unary), Cast,
 * Comparison), on canonical runtime values (see @tlir/interpreter's runtime-value.ts). Integer types are signless
 * and read as signed two's complement (tinytc's C semantics); results wrap to the width. Floats round every result
 * to their type. What C leaves undefined (division by zero, a shift by the width or more, a float cast to an
 * integer it does not fit) is a runtime error, since the interpreter is the oracle lowerings are checked against.
 */

// The case names of the ops' enums: a new case is a compile error in the switches below until it has a meaning.
export type { ArithBinaryKindName, ArithUnaryKindName, CmpConditionName };

type Scalar = number | bigint;

/** `a kind b` in `type`. */
export function arithBinary(kind: ArithBinaryKindName, type: Type, a: Scalar, b: Scalar): Scalar {
  const ring = scalarArithmetic(type) ?? fault(`arith.${kind} on ${type}, which is not a scalar type`);
  switch (kind) {
    case 'add':
      return ring.add(a, b);
    case 'sub':
      return ring.sub(a, b);
    case 'mul':
      return ring.mul(a, b);
    case 'min':
    case 'max':
      return minOrMax(kind, a, b);
  }
  const kindOfFloat = floatKind(type);
  if (kindOfFloat) {
    if (kind === 'div') return roundToKind(kindOfFloat, (a as number) / (b as number));
    if (kind === 'rem') return roundToKind(kindOfFloat, (a as number) % (b as number)); // C's fmod: exact
    return fault(`arith.${kind} needs an integer type, got ${type}`);
  }
  const format = integerFormat(type)!;
  const x = BigInt(signedValue(format, a));
  const y = BigInt(signedValue(format, b));
  const wrap = (v: bigint): Scalar => wrapInteger(format, v);
  const fits = (v: bigint): boolean => v === BigInt(signedValue(format, wrap(v)));
  switch (kind) {
    case 'div':
    case 'rem': {
      if (y === 0n) fault(`integer ${kind === 'div' ? 'division' : 'remainder'} by zero`);
      // C truncates toward zero; the quotient of the most negative value by -1 does not fit (undefined in C,
      // for the remainder too).
      if (!fits(x / y)) fault(`integer ${kind === 'div' ? 'division' : 'remainder'} overflows ${type}: ${x} / ${y}`);
      return wrap(kind === 'div' ? x / y : x % y);
    }
    case 'shl':
    case 'shr': {
      if (y < 0n || y >= BigInt(format.width)) fault(`shift amount ${y} is out of range for ${type} (0 to ${format.width - 1})`);
      return wrap(kind === 'shl' ? x << y : x >> y); // shr is arithmetic (spec)
    }
    case 'and':
      return wrap(x & y);
    case 'or':
      return wrap(x | y);
    case 'xor':
      return wrap(x ^ y);
  }
}

/**
 * `min` or `max` of two values of one type. Integers compare as `cmp` compares them (signed; i1 counts 0 or 1), floats
 * as C's fmin and fmax do: a NaN operand gives the other one, and -0.0 is less than +0.0.
 */
function minOrMax(kind: 'min' | 'max', a: Scalar, b: Scalar): Scalar {
  if (typeof a === 'number' && typeof b === 'number') {
    if (Number.isNaN(a)) return b;
    if (Number.isNaN(b)) return a;
    if (a === b) return (kind === 'min') === Object.is(a, -0) ? a : b;
  }
  return (kind === 'min') === (a < b) ? a : b;
}

/** `kind a` in `type`. */
export function arithUnary(kind: ArithUnaryKindName, type: Type, a: Scalar): Scalar {
  if (kind === 'neg') return (scalarArithmetic(type) ?? fault(`arith.neg on ${type}, which is not a scalar type`)).neg(a);
  const format = integerFormat(type) ?? fault(`arith.not needs an integer type, got ${type}`);
  return wrapInteger(format, ~BigInt(signedValue(format, a)));
}

/**
 * `a cond b` as 1 or 0 (i1). Integers compare as signed, except i1, whose true (1) is greater than false (as C's
 * bool); floats compare as IEEE (every comparison with NaN is false, except `ne`).
 */
export function compare(cond: CmpConditionName, a: Scalar, b: Scalar): number {
  switch (cond) {
    case 'eq':
      return a === b ? 1 : 0;
    case 'ne':
      return a === b ? 0 : 1;
    case 'gt':
      return a > b ? 1 : 0;
    case 'ge':
      return a >= b ? 1 : 0;
    case 'lt':
      return a < b ? 1 : 0;
    case 'le':
      return a <= b ? 1 : 0;
  }
}

/**
 * `a` of type `from` cast to `to` (C's conversions, as tinytc generates them): integers sign-extend or truncate
 * (i1 counts 0 or 1), anything cast to i1 is `a != 0`, integers convert to the nearest float, floats truncate
 * toward zero to integers (a runtime error when the result does not fit: undefined in C), floats round to a
 * narrower float.
 */
export function castScalar(from: Type, to: Type, a: Scalar): Scalar {
  const toFormat = integerFormat(to);
  const toKind = floatKind(to);
  const fromFormat = integerFormat(from);
  if (!toFormat && !toKind) fault(`cannot cast to ${to}, which is not a scalar type`);
  if (fromFormat) {
    if (toFormat) return toFormat.width === 1 && !toFormat.index ? (a === 0 || a === 0n ? 0 : 1) : wrapInteger(toFormat, a);
    return integerToFloat(a, toKind!);
  }
  if (!floatKind(from)) fault(`cannot cast from ${from}, which is not a scalar type`);
  const x = a as number;
  if (toKind) return roundToKind(toKind, x);
  if (toFormat!.width === 1 && !toFormat!.index) return x !== 0 ? 1 : 0;
  const r = floatToInteger(x, toFormat!, true);
  if (r === undefined) fault(`cast of ${x} from ${from} to ${to} is undefined: the value does not fit (C leaves it undefined)`);
  return r;
}
