import { FloatAttr, FloatType, IntegerAttr, isWideFloatKind, type Attribute, type Type } from '@tlir/ir';
import { floatKind, roundToKind } from './float-values.js';
import { integerFormat, isCanonicalInteger, wrapInteger } from './integer-values.js';
import { fault } from './runtime-fault.js';
import type { RuntimeValue } from './runtime-value.js';

/** Whether the interpreter represents `type` as a scalar (an integer, index or float type). */
export function isScalarRuntimeType(type: Type): boolean {
  return integerFormat(type) !== undefined || floatKind(type) !== undefined;
}

/**
 * The runtime value of a constant attribute (`IntegerAttr`, `FloatAttr`) in the canonical form of its type;
 * undefined for other attributes. Used by every dialect's constant op.
 */
export function scalarFromAttribute(attr: Attribute): number | bigint | undefined {
  if (attr instanceof FloatAttr) {
    floatKind(attr.type); // a runtime error for f80 and f128
    return attr.value;
  }
  if (attr instanceof IntegerAttr) {
    const format = integerFormat(attr.type);
    return format ? wrapInteger(format, attr.value) : undefined;
  }
  return undefined;
}

/**
 * The runtime value of `type` for a value given by the host (a kernel argument): integers must be exact and fit
 * the type (read as signed or unsigned), `true`/`false` are accepted for `i1`; floats are rounded to the type.
 * Anything else is a RuntimeFault naming `what`.
 */
export function scalarFromHost(type: Type, v: number | bigint | boolean, what = 'value'): number | bigint {
  const format = integerFormat(type);
  if (format) {
    if (typeof v === 'boolean') {
      if (format.width !== 1) fault(`${what}: a boolean given for ${type}`);
      return v ? 1 : 0;
    }
    if (typeof v === 'number' && !Number.isInteger(v)) fault(`${what}: ${v} is not an integer (the type is ${type})`);
    const big = BigInt(v);
    const w = BigInt(format.width);
    const fits = format.index ? Number.isSafeInteger(Number(big)) && BigInt(Number(big)) === big : big >= -(1n << (w - 1n)) && big < 1n << w;
    if (!fits) fault(`${what}: ${v} does not fit ${type}`);
    return wrapInteger(format, format.big ? big : Number(big));
  }
  const kind = floatKind(type);
  if (kind) {
    if (typeof v !== 'number') fault(`${what}: expected a number for ${type}, got ${typeof v}`);
    return roundToKind(kind, v);
  }
  return fault(`${what}: ${type} is not a scalar type`);
}

/**
 * What is wrong with `v` as a value of the scalar type `type` (undefined: nothing), or null when `type` is not a
 * scalar type (someone else checks it).
 */
export function scalarValueProblem(type: Type, v: RuntimeValue): string | undefined | null {
  const format = integerFormat(type);
  if (format) {
    if (isCanonicalInteger(format, v)) return undefined;
    const expected = format.index ? 'an integer number with |v| <= 2^53 - 1' : format.big ? 'a bigint' : 'an integer number';
    return `expected ${expected} in the range of ${type}, got ${describe(v)}`;
  }
  if (type instanceof FloatType && isWideFloatKind(type.kind)) return `${type.kind} is not supported by the interpreter (it computes floats in doubles)`;
  const kind = floatKind(type);
  if (kind) {
    if (typeof v === 'number' && (Number.isNaN(v) || roundToKind(kind, v) === v)) return undefined;
    return `expected a number rounded to ${type}, got ${describe(v)}`;
  }
  return null;
}

function describe(v: RuntimeValue): string {
  return typeof v === 'object' ? v.describe() : typeof v === 'bigint' ? `${v}n` : String(v);
}
