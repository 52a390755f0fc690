// A reference model of arith's ops on constants, for interpreter-folding.property.test.ts: written from MLIR's op
// definitions (the arith dialect's documentation) and docs/interpreter.md, sharing no code with the folders or the
// interpreter (which share their semantic functions, so that comparing them alone proves little). Integers are
// bigints at the type's width (index: 64 bits), wrapping as two's complement; floats are doubles rounded once to the
// type (float-model.ts: Math.fround for f32; a sum, product or quotient of two floats of at most 24 bits rounded to
// a double first and then to the type is still correctly rounded, since 53 >= 2 * 24 + 2).
import { floatValue, isFloatType, round, roundInteger, type FloatTypeName } from '../../../test/lib/float-model.js';
import { WIDTHS, type ModelResult } from '../../../test/lib/fold-agreement.js';

const values = (...v: (bigint | number)[]): ModelResult => ({ values: v });
const poison = (...v: (bigint | number)[]): ModelResult => ({ values: v, poison: true });
const fails = (why: string): ModelResult => ({ fails: why });
const bit = (b: boolean): bigint => (b ? 1n : 0n);

/** The integer op `op` (arith's name without the dialect) of two constants of `type`, given by any reading of their bits. */
export function integerModel(op: string, type: string, a: bigint, b: bigint): ModelResult {
  const w = WIDTHS[type]!;
  const W = BigInt(w);
  const ua = BigInt.asUintN(w, a);
  const ub = BigInt.asUintN(w, b);
  const sa = BigInt.asIntN(w, a);
  const sb = BigInt.asIntN(w, b);
  const min = -(1n << (W - 1n));
  const wrap = (v: bigint): bigint => BigInt.asUintN(w, v);
  const zeroDivisor = ub === 0n;
  const signedOverflow = sa === min && sb === -1n;
  // Rounding of signed quotients: BigInt's `/` truncates toward zero.
  const floorDiv = (x: bigint, y: bigint): bigint => (x % y !== 0n && x < 0n !== y < 0n ? x / y - 1n : x / y);
  switch (op) {
    case 'addi':
      return values(wrap(ua + ub));
    case 'subi':
      return values(wrap(ua - ub));
    case 'muli':
      return values(wrap(ua * ub));
    case 'divui':
      return zeroDivisor ? fails('division by zero') : values(ua / ub);
    case 'remui':
      return zeroDivisor ? fails('remainder by zero') : values(ua % ub);
    case 'ceildivui':
      return zeroDivisor ? fails('division by zero') : values((ua + ub - 1n) / ub);
    case 'divsi':
    case 'ceildivsi':
    case 'floordivsi': {
      if (zeroDivisor) return fails('division by zero');
      if (signedOverflow) return fails('signed division of the minimum by -1');
      const q = op === 'divsi' ? sa / sb : op === 'floordivsi' ? floorDiv(sa, sb) : -floorDiv(-sa, sb);
      return values(wrap(q));
    }
    case 'remsi':
      // The sign of the dividend, as C; MIN rem -1 is 0 (only a zero divisor is undefined for remsi).
      return zeroDivisor ? fails('remainder by zero') : values(wrap(sa % sb));
    case 'andi':
      return values(ua & ub);
    case 'ori':
      return values(ua | ub);
    case 'xori':
      return values(ua ^ ub);
    // A shift by the width or more is poison in MLIR; the interpreter documents 0, or the sign for shrsi.
    case 'shli':
      return ub >= W ? poison(0n) : values(wrap(ua << ub));
    case 'shrui':
      return ub >= W ? poison(0n) : values(ua >> ub);
    case 'shrsi':
      return ub >= W ? poison(wrap(sa < 0n ? -1n : 0n)) : values(wrap(sa >> ub));
    case 'maxsi':
      return values(wrap(sa > sb ? sa : sb));
    case 'minsi':
      return values(wrap(sa < sb ? sa : sb));
    case 'maxui':
      return values(ua > ub ? ua : ub);
    case 'minui':
      return values(ua < ub ? ua : ub);
    case 'addui_extended':
      return values(wrap(ua + ub), bit(ua + ub >= 1n << W));
    case 'mulsi_extended':
      return values(wrap(sa * sb), wrap((sa * sb) >> W));
    case 'mului_extended':
      return values(wrap(ua * ub), wrap((ua * ub) >> W));
    case 'select':
      // The test's condition is the low bit of a.
      return values(ua & 1n ? ua : ub);
  }
  const predicate = /^cmpi_(\w+)$/.exec(op)?.[1];
  const compare: Record<string, boolean> = {
    eq: ua === ub,
    ne: ua !== ub,
    slt: sa < sb,
    sle: sa <= sb,
    sgt: sa > sb,
    sge: sa >= sb,
    ult: ua < ub,
    ule: ua <= ub,
    ugt: ua > ub,
    uge: ua >= ub,
  };
  if (predicate !== undefined && predicate in compare) return values(bit(compare[predicate]!));
  throw new Error(`the model has no integer op ${op}`);
}

/** The float op `op` of two constants of `type` given by their bit patterns. */
export function floatModel(op: string, type: FloatTypeName, aBits: bigint, bBits: bigint): ModelResult {
  const a = floatValue(type, aBits);
  const b = floatValue(type, bBits);
  const r = (x: number): ModelResult => values(round(type, x));
  const nan = Number.isNaN(a) || Number.isNaN(b);
  const negative = (x: number): boolean => x < 0 || Object.is(x, -0);
  switch (op) {
    case 'addf':
      return r(a + b);
    case 'subf':
      return r(a - b);
    case 'mulf':
      return r(a * b);
    case 'divf':
      return r(a / b);
    case 'remf':
      // C's fmod (exact): the sign of the dividend; JavaScript's % is fmod.
      return r(a % b);
    case 'negf':
      return values(-a);
    // maximumf and minimumf propagate NaN; maxnumf and minnumf give the other operand. All order -0 below +0.
    case 'maximumf':
      return values(nan ? NaN : a === b ? (negative(a) ? b : a) : Math.max(a, b));
    case 'minimumf':
      return values(nan ? NaN : a === b ? (negative(a) ? a : b) : Math.min(a, b));
    case 'maxnumf':
      return values(Number.isNaN(a) ? b : Number.isNaN(b) ? a : a === b ? (negative(a) ? b : a) : Math.max(a, b));
    case 'minnumf':
      return values(Number.isNaN(a) ? b : Number.isNaN(b) ? a : a === b ? (negative(a) ? a : b) : Math.min(a, b));
  }
  const predicate = /^cmpf_(\w+)$/.exec(op)?.[1];
  // Ordered predicates are false with a NaN operand, unordered ones (u...) true.
  const ordered: Record<string, boolean> = { eq: a === b, gt: a > b, ge: a >= b, lt: a < b, le: a <= b, ne: a !== b };
  if (predicate === 'false' || predicate === 'true') return values(bit(predicate === 'true'));
  if (predicate === 'ord' || predicate === 'uno') return values(bit(nan === (predicate === 'uno')));
  if (predicate !== undefined && predicate.slice(1) in ordered) {
    return values(bit(predicate[0] === 'o' ? !nan && ordered[predicate.slice(1)]! : nan || ordered[predicate.slice(1)]!));
  }
  throw new Error(`the model has no float op ${op}`);
}

const widthOf = (type: string): number => WIDTHS[type] ?? Number(/^[a-z]*(\d+)$/.exec(type)![1]);

/** The cast `op` of a constant of type `from` (its bits, or an integer) to type `to`. */
export function castModel(op: string, from: string, to: string, v: bigint): ModelResult {
  const fw = widthOf(from);
  const tw = widthOf(to);
  const wrap = (x: bigint): bigint => BigInt.asUintN(tw, x);
  switch (op) {
    case 'extsi':
    case 'index_cast': // sign-extends to index, truncates from it
      return values(wrap(BigInt.asIntN(fw, v)));
    case 'extui':
    case 'index_castui': // zero-extends to index, truncates from it
    case 'trunci':
      return values(wrap(BigInt.asUintN(fw, v)));
    case 'sitofp':
      return values(roundInteger(to as FloatTypeName, BigInt.asIntN(fw, v)));
    case 'uitofp':
      return values(roundInteger(to as FloatTypeName, BigInt.asUintN(fw, v)));
    case 'fptosi':
    case 'fptoui': {
      // Toward zero; NaN, the infinities and values out of the range are poison, which the interpreter reports.
      const x = floatValue(from as FloatTypeName, v);
      if (!Number.isFinite(x)) return fails(`${op} of ${x}`);
      const t = BigInt(Math.trunc(x));
      const [lo, hi] = op === 'fptosi' ? [-(1n << BigInt(tw - 1)), (1n << BigInt(tw - 1)) - 1n] : [0n, (1n << BigInt(tw)) - 1n];
      return t < lo || t > hi ? fails(`${op} of ${x}, out of the range of ${to}`) : values(wrap(t));
    }
    case 'extf':
      return values(floatValue(from as FloatTypeName, v));
    case 'truncf':
      return values(round(to as FloatTypeName, floatValue(from as FloatTypeName, v)));
    case 'bitcast':
      return values(isFloatType(to) ? floatValue(to, BigInt.asUintN(fw, v)) : wrap(v));
  }
  throw new Error(`the model has no cast ${op}`);
}
