// Scalar arguments on the command line (`--arg alpha=1.5`): literals of the argument's type.
import type { ElementTypeName } from './element-dtypes.js';

/** A scalar argument's value: a number (floats, integers up to 32 bits, index), a bigint (i64) or 0/1 (i1). */
export type ScalarValue = number | bigint;

const FLOAT = /^[+-]?(?:[0-9]+\.?[0-9]*(?:[eE][+-]?[0-9]+)?|\.[0-9]+(?:[eE][+-]?[0-9]+)?)$/;
const SPECIAL_FLOAT = /^([+-]?)(inf|infinity|nan)$/i;
const INTEGER = /^([+-]?)(?:0[xX]([0-9a-fA-F]+)|([0-9]+))$/;

const INTEGER_BITS: Partial<Record<ElementTypeName, number>> = { i8: 8, i16: 16, i32: 32, i64: 64 };
/** The interpreter's index: a 64-bit integer restricted to |v| <= 2^53 - 1. */
const MAX_INDEX = 2n ** 53n - 1n;

/**
 * The value of `text` as a scalar of `type`, or why it is not one: floats are decimal literals (`1.5`, `-2e-3`, `7`)
 * or `inf`, `-inf`, `nan`, rounded to the type; integers are decimal or `0x` hexadecimal and must fit the type (a
 * hexadecimal literal may give the bits of a negative value: `0xff` is -1 as an i8); i1 is `true`, `false`, 1 or 0.
 */
export function parseScalarLiteral(text: string, type: ElementTypeName): ScalarValue | string {
  if (type === 'f32' || type === 'f64') {
    const special = SPECIAL_FLOAT.exec(text);
    let value: number;
    if (special) value = special[2]!.toLowerCase() === 'nan' ? NaN : special[1] === '-' ? -Infinity : Infinity;
    else if (FLOAT.test(text)) value = Number(text);
    else return `'${text}' is not a floating-point literal (such as 1.5, -2e-3, inf, nan)`;
    return type === 'f32' ? Math.fround(value) : value;
  }
  if (type === 'i1') {
    if (text === 'true' || text === '1') return 1;
    if (text === 'false' || text === '0') return 0;
    return `'${text}' is not an i1 literal (true, false, 1 or 0)`;
  }
  const m = INTEGER.exec(text);
  if (!m) return `'${text}' is not an integer literal`;
  const magnitude = m[2] !== undefined ? BigInt(`0x${m[2]}`) : BigInt(m[3]!);
  let value = m[1] === '-' ? -magnitude : magnitude;
  if (type === 'index') {
    if (value > MAX_INDEX || value < -MAX_INDEX) return `${text} is out of range for index (at most 2^53 - 1 in magnitude)`;
    return Number(value);
  }
  const bits = BigInt(INTEGER_BITS[type]!);
  const min = -(1n << (bits - 1n));
  const max = (1n << (bits - 1n)) - 1n;
  // A hexadecimal literal gives bits: values up to 2^bits - 1 wrap to the negative ones.
  if (m[2] !== undefined && m[1] === '' && value > max && value < 1n << bits) value -= 1n << bits;
  if (value < min || value > max) return `${text} is out of range for ${type} (${min} to ${max})`;
  return type === 'i64' ? value : Number(value);
}
