// C's printf formatting for the interpreter's print ops (gpu.printf, krnl.print): conversions %d %i %u %o %x %X %c
// %s %e %E %f %F %g %G %%, with flags (- + space # 0), width and precision (numbers or *), length modifiers accepted
// and ignored (the argument's type decides its width). Floats print from their exact binary value, rounded half to
// even, as C libraries do. What happens with too few arguments or an argument of the wrong kind (undefined behavior in
// C) is the op's policy.
import type { Type } from '@tlir/ir';
import { floatKind } from './float-values.js';
import { integerFormat, signedValue, unsignedValue } from './integer-values.js';
import { fault } from './runtime-fault.js';
import type { RuntimeValue } from './runtime-value.js';

/** An argument: an integer (its signed and unsigned readings), a float, or a string. */
export type PrintfArgument =
  | { readonly kind: 'integer'; readonly signed: bigint; readonly unsigned: bigint }
  | { readonly kind: 'float'; readonly value: number }
  | { readonly kind: 'string'; readonly value: string };

/** How an op's printf treats what C leaves undefined. */
export interface PrintfPolicy {
  /** The op, for the messages (`gpu.printf`). */
  readonly who: string;
  /** A conversion without an argument: a runtime error, or nothing printed. */
  readonly missingArgument: 'error' | 'empty';
  /** An argument of another kind than the conversion's (a float for %d, an integer for %f): an error, or converted. */
  readonly otherKind: 'error' | 'convert';
}

interface Spec {
  readonly flags: string;
  readonly width: number | undefined;
  readonly precision: number | undefined;
  readonly conversion: string;
}

const CONVERSION = /%([-+ #0]*)(\*|\d+)?(?:\.(\*|\d*))?(hh|h|ll|l|j|z|t|L)?([diouxXcsfFeEgGaAp%])/g;

/** The printf argument of a runtime value of `type` (an integer type, index, or a float type). */
export function printfArgument(type: Type, value: RuntimeValue, who: string): PrintfArgument {
  const format = integerFormat(type);
  if (format) return { kind: 'integer', signed: BigInt(signedValue(format, value as number | bigint)), unsigned: BigInt(unsignedValue(format, value as number | bigint)) };
  if (floatKind(type)) return { kind: 'float', value: value as number };
  return fault(`${who} cannot print a value of ${type}`);
}

/** The text printf(format, args...) prints, under `policy`. */
export function formatPrintf(format: string, args: readonly PrintfArgument[], policy: PrintfPolicy): string {
  const { who } = policy;
  let next = 0;
  const take = (what: string): PrintfArgument | undefined =>
    args[next++] ?? (policy.missingArgument === 'error' ? fault(`${who}: the format needs more arguments than the ${args.length} given (for ${what})`) : undefined);
  const takeInt = (what: string): number | undefined => {
    const a = take(what);
    if (a === undefined) return undefined;
    if (a.kind === 'integer') return Number(a.signed);
    if (a.kind === 'float' && policy.otherKind === 'convert') return Math.trunc(a.value);
    return fault(`${who}: ${what} needs an integer argument, got a ${a.kind}`);
  };
  return format.replace(CONVERSION, (whole, flags: string, width: string | undefined, precision: string | undefined, _len, conversion: string) => {
    if (conversion === '%') return whole === '%%' ? '%' : fault(`${who}: '${whole}' is not a conversion`);
    let w = width === '*' ? takeInt('a * width') : width !== undefined ? Number(width) : undefined;
    let f = flags;
    if (w !== undefined && w < 0) {
      f += '-';
      w = -w;
    }
    let p = precision === undefined ? undefined : precision === '*' ? takeInt('a * precision') : precision === '' ? 0 : Number(precision);
    if (p !== undefined && p < 0) p = undefined;
    const arg = take(`%${conversion}`);
    return arg === undefined ? '' : convert({ flags: f, width: w, precision: p, conversion }, arg, policy);
  });
}

function convert(spec: Spec, arg: PrintfArgument, policy: PrintfPolicy): string {
  const c = spec.conversion;
  const { who } = policy;
  const converting = policy.otherKind === 'convert';
  if (c === 's') {
    if (arg.kind !== 'string' && !converting) fault(`${who}: the interpreter does not format %s`);
    const text = arg.kind === 'integer' ? String(arg.signed) : String(arg.value);
    return pad(spec, '', '', spec.precision === undefined ? text : text.slice(0, spec.precision), false);
  }
  if ('ap'.includes(c) || c === 'A') fault(`${who}: the interpreter does not format %${c}`);
  if ('diouxXc'.includes(c)) {
    if (arg.kind === 'integer') return integerText(spec, arg);
    if (!converting || arg.kind === 'string') fault(`${who}: %${c} needs an integer argument, got a ${arg.kind === 'float' ? 'float' : 'string'}`);
    const v = BigInt(Math.trunc(arg.value));
    return integerText(spec, { signed: v, unsigned: v });
  }
  if (arg.kind === 'float') return floatText(spec, arg.value);
  if (!converting || arg.kind === 'string') fault(`${who}: %${c} needs a floating-point argument, got an ${arg.kind === 'integer' ? 'integer' : 'string'}`);
  return floatText(spec, Number(arg.signed));
}

/** Pads `body` (after `sign` and `prefix`) to the width: spaces left or right, or zeros after the prefix. */
function pad(spec: Spec, sign: string, prefix: string, body: string, zeroAllowed: boolean): string {
  const len = sign.length + prefix.length + body.length;
  const w = spec.width ?? 0;
  if (len >= w) return sign + prefix + body;
  if (spec.flags.includes('-')) return sign + prefix + body + ' '.repeat(w - len);
  if (zeroAllowed && spec.flags.includes('0')) return sign + prefix + '0'.repeat(w - len) + body;
  return ' '.repeat(w - len) + sign + prefix + body;
}

function signOf(spec: Spec, negative: boolean): string {
  return negative ? '-' : spec.flags.includes('+') ? '+' : spec.flags.includes(' ') ? ' ' : '';
}

function integerText(spec: Spec, arg: { signed: bigint; unsigned: bigint }): string {
  const c = spec.conversion;
  if (c === 'c') return pad(spec, '', '', String.fromCharCode(Number(arg.unsigned & 0xffn)), false);
  const signed = c === 'd' || c === 'i';
  const v = signed ? arg.signed : arg.unsigned;
  const negative = v < 0n;
  const magnitude = negative ? -v : v;
  let digits = magnitude.toString(c === 'o' ? 8 : c === 'x' || c === 'X' ? 16 : 10);
  if (c === 'X') digits = digits.toUpperCase();
  // A precision is the minimum number of digits (0 with precision 0 prints nothing), and turns off the 0 flag.
  if (spec.precision !== undefined) digits = spec.precision === 0 && magnitude === 0n ? '' : digits.padStart(spec.precision, '0');
  let prefix = '';
  if (spec.flags.includes('#')) {
    if (c === 'o' && !digits.startsWith('0')) digits = '0' + digits;
    if ((c === 'x' || c === 'X') && magnitude !== 0n) prefix = c === 'x' ? '0x' : '0X';
  }
  return pad(spec, signed ? signOf(spec, negative) : '', prefix, digits, spec.precision === undefined);
}

// C prints the exact decimal value of a double, rounded half to even (JavaScript's toFixed rounds ties up): the
// digits below are computed exactly, from the double as an integer times a power of two.

/** `v` (finite, non-negative) as m * 2^e with m an integer. */
function exactParts(v: number): { m: bigint; e: number } {
  const view = new DataView(new ArrayBuffer(8));
  view.setFloat64(0, v);
  const bits = view.getBigUint64(0);
  const exponent = Number((bits >> 52n) & 0x7ffn);
  const fraction = bits & ((1n << 52n) - 1n);
  return exponent === 0 ? { m: fraction, e: -1074 } : { m: fraction | (1n << 52n), e: exponent - 1075 };
}

/** round(v * 10^k), half to even, for finite non-negative `v` and any integer k. */
function scaledRound(v: number, k: number): bigint {
  const { m, e } = exactParts(v);
  let num = m;
  let den = 1n;
  if (e >= 0) num <<= BigInt(e);
  else den <<= BigInt(-e);
  if (k >= 0) num *= 10n ** BigInt(k);
  else den *= 10n ** BigInt(-k);
  const q = num / den;
  const r2 = 2n * (num % den);
  return r2 > den || (r2 === den && q % 2n === 1n) ? q + 1n : q;
}

/** The digits of `v` with `precision` decimals (C's %f). */
function fixed(v: number, precision: number): string {
  const digits = scaledRound(v, precision).toString().padStart(precision + 1, '0');
  return precision ? `${digits.slice(0, -precision)}.${digits.slice(-precision)}` : digits;
}

/** `v` as d.ddd (precision decimals) and its decimal exponent (C's %e), `v` finite and non-negative. */
function scientific(v: number, precision: number): { digits: string; exponent: number } {
  if (v === 0) return { digits: '0'.repeat(precision + 1), exponent: 0 };
  let x = Math.floor(Math.log10(v));
  for (;;) {
    const q = scaledRound(v, precision - x);
    const s = q.toString();
    if (s.length > precision + 1) x++;
    else if (s.length < precision + 1) x--;
    else return { digits: s, exponent: x };
  }
}

function exponential(v: number, precision: number, alt: boolean): string {
  const { digits, exponent } = scientific(v, precision);
  const mantissa = precision || alt ? `${digits[0]}.${digits.slice(1)}` : digits;
  const e = Math.abs(exponent).toString().padStart(2, '0');
  return `${mantissa}e${exponent < 0 ? '-' : '+'}${e}`;
}

function floatText(spec: Spec, value: number): string {
  const c = spec.conversion;
  const upper = c === c.toUpperCase();
  const negative = value < 0 || Object.is(value, -0);
  const sign = signOf(spec, negative);
  const v = Math.abs(value);
  if (!Number.isFinite(v)) {
    const text = Number.isNaN(v) ? 'nan' : 'inf';
    return pad(spec, Number.isNaN(v) ? signOf(spec, false) : sign, '', upper ? text.toUpperCase() : text, false);
  }
  const precision = spec.precision ?? 6;
  const alt = spec.flags.includes('#');
  let body: string;
  const lower = c.toLowerCase();
  if (lower === 'f') {
    body = fixed(v, precision);
    if (alt && precision === 0) body += '.';
  } else if (lower === 'e') {
    body = exponential(v, precision, alt);
  } else {
    // %g: %e or %f by the exponent, with `precision` significant digits, trailing zeros removed unless '#'.
    const p = precision === 0 ? 1 : precision;
    const { exponent } = scientific(v, p - 1);
    body = p > exponent && exponent >= -4 ? fixed(v, p - 1 - exponent) : exponential(v, p - 1, alt);
    if (alt && !body.includes('.')) body = body.replace(/(?=e|$)/, '.');
    if (!alt && body.includes('.')) body = body.replace(/\.?0+(?=e|$)/, '');
  }
  if (upper) body = body.toUpperCase();
  return pad(spec, sign, '', body, true);
}
