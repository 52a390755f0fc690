import type { Type } from '@tlir/ir';
import { floatKind, roundToKind } from './float-values.js';
import { checkIndex, integerFormat, wrapBigInt, wrapInteger, wrapNumber, type IntegerFormat } from './integer-values.js';

/**
 * The ring operations of a scalar type as hardware computes them: integers wrap to their width (two's
 * complement), floats round every result to the type (f32 arithmetic is f32 arithmetic, not f64), `index`
 * faults when it leaves the exactly representable range. Operands and results are canonical runtime values
 * (runtime-value.ts). Dialects build their ops on these (tl.arith, the BLAS-like collectives, arith.addi ...).
 */
export interface ScalarArithmetic {
  readonly type: Type;
  readonly zero: number | bigint;
  readonly one: number | bigint;
  add(a: number | bigint, b: number | bigint): number | bigint;
  sub(a: number | bigint, b: number | bigint): number | bigint;
  mul(a: number | bigint, b: number | bigint): number | bigint;
  neg(a: number | bigint): number | bigint;
  /** Whether `v` is zero (+0 or -0 for floats). */
  isZero(v: number | bigint): boolean;
}

const cache = new WeakMap<Type, ScalarArithmetic>();

/** The arithmetic of an integer, index or float type; undefined for other types. */
export function scalarArithmetic(type: Type): ScalarArithmetic | undefined {
  let a = cache.get(type);
  if (a) return a;
  const format = integerFormat(type);
  const kind = floatKind(type);
  if (format?.index) a = indexArithmetic(type);
  else if (format?.big) a = bigIntegerArithmetic(type, format);
  else if (format) a = smallIntegerArithmetic(type, format);
  else if (kind) a = floatArithmetic(type, (v) => roundToKind(kind, v));
  if (a) cache.set(type, a);
  return a;
}

function floatArithmetic(type: Type, round: (v: number) => number): ScalarArithmetic {
  type N = number;
  const format = integerFormat(type)!;
  return {
    type,
    zero: 0,
    one: 1,
    add: (a, b) => round((a as N) + (b as N)),
    sub: (a, b) => round((a as N) - (b as N)),
    mul: (a, b) => round((a as N) * (b as N)),
    neg: (a) => -(a as N),
    isZero: (v) => v === 0,
  };
}

function smallIntegerArithmetic(type: Type, f: IntegerFormat): ScalarArithmetic {
  type N = number;
  const wrap = (v: number): number => wrapNumber(v, f.width, f.unsigned);
  return {
    type,
    zero: 0,
    one: wrap(1),
    add: (a, b) => wrap((a as N) + (b as N)),
    sub: (a, b) => wrap((a as N) - (b as N)),
    // Math.imul gives the low 32 bits of the exact product, which is all a width <= 32 keeps.
    mul: (a, b) => wrap(Math.imul(a as N, b as N)),
    neg: (a) => wrap(-(a as N)),
    isZero: (v) => v === 0,
  };
}

function bigIntegerArithmetic(type: Type, f: IntegerFormat): ScalarArithmetic {
  type B = bigint;
  const wrap = (v: bigint): bigint => wrapBigInt(v, f.width, f.unsigned);
  return {
    type,
    zero: 0n,
    one: 1n,
    add: (a, b) => wrap((a as B) + (b as B)),
    sub: (a, b) => wrap((a as B) - (b as B)),
    mul: (a, b) => wrap((a as B) * (b as B)),
    neg: (a) => wrap(-(a as B)),
    isZero: (v) => v === 0n,
  };
}

/**
 * An index result computed in doubles, kept when it is a safe integer; else the RuntimeFault, which names the exact
 * result (`exact`, in bigints), not the double's rounding of it (2^53 + 1 would read 2^53).
 */
function exactIndex(format: IntegerFormat, v: number, exact: () => bigint): number {
  return Number.isSafeInteger(v) ? v : (wrapInteger(format, exact()) as number);
}

/** index: exact results are kept while |v| <= 2^53 - 1 (a product beyond it is inexact and also faults). */
function indexArithmetic(type: Type): ScalarArithmetic {
  type N = number;
  const format = integerFormat(type)!;
  return {
    type,
    zero: 0,
    one: 1,
    add: (a, b) => exactIndex(format, (a as N) + (b as N), () => BigInt(a as N) + BigInt(b as N)),
    sub: (a, b) => exactIndex(format, (a as N) - (b as N), () => BigInt(a as N) - BigInt(b as N)),
    mul: (a, b) => exactIndex(format, (a as N) * (b as N) + 0, () => BigInt(a as N) * BigInt(b as N)),
    neg: (a) => checkIndex(-(a as N) + 0),
    isZero: (v) => v === 0,
  };
}
