// The meaning of arith's integer ops on runtime values, computed with the folders' APInt arithmetic
// (fold/apint.ts) at the type's width (64 for index), so interpreting an op and folding it agree by construction.
// Integers wrap as on hardware. What MLIR calls undefined behavior (division by zero, the signed overflow of
// MIN / -1) is a runtime error; what it calls poison (a shift by the width or more, a wrap under overflow<nsw>
// or <nuw>, an inexact `exact` division) gives the value APInt gives, deterministically (docs/interpreter.md).
import { fault, wrapInteger, wrapNumber, type IntegerFormat } from '@tlir/interpreter';
import * as I from '../fold/apint.js';
import {
  AddIOp,
  AndIOp,
  CeilDivSIOp,
  CeilDivUIOp,
  DivSIOp,
  DivUIOp,
  FloorDivSIOp,
  MaxSIOp,
  MaxUIOp,
  MinSIOp,
  MinUIOp,
  MulIOp,
  OrIOp,
  RemSIOp,
  RemUIOp,
  ShLIOp,
  ShRSIOp,
  ShRUIOp,
  SubIOp,
  XOrIOp,
} from '../integer-ops.js';
import type { Scalar } from './scalar-types.js';

/** An integer op on two canonical values of `format`, giving a canonical value of `format`. */
export type IntegerBinary = (format: IntegerFormat, a: Scalar, b: Scalar) => Scalar;

/** Lifts an APInt function `(a, b, width) -> result` to canonical runtime values. */
function viaAPInt(f: (a: bigint, b: bigint, w: number) => bigint): IntegerBinary {
  return (format, a, b) => wrapInteger(format, f(BigInt(a), BigInt(b), format.width));
}

/**
 * An op with a fast path on numbers: integers of at most 32 bits wrap the exact result with `wrapNumber`; with
 * `exactForIndex`, an index result that is a safe integer is exact, so it is the 64-bit result. The rest goes
 * through APInt. (Bitwise ops are not exact on index numbers: JavaScript's `&` works on 32 bits.)
 */
function withFastPath(small: (a: number, b: number) => number, f: (a: bigint, b: bigint, w: number) => bigint, exactForIndex: boolean): IntegerBinary {
  const slow = viaAPInt(f);
  return (format, a, b) => {
    if (typeof a === 'number') {
      if (format.index) {
        if (exactForIndex) {
          const r = small(a, b as number);
          if (Number.isSafeInteger(r)) return r + 0;
        }
      } else if (format.width <= 32) return wrapNumber(small(a, b as number), format.width, format.unsigned);
    }
    return slow(format, a, b);
  };
}

const indexOrWideProduct = withFastPath((a, b) => a * b, I.mul, true);

const signedMin = (w: number): bigint => -(1n << BigInt(w - 1));

/** A division-like op: a runtime error for a zero divisor and, for signed ones, MIN / -1. */
function division(what: string, signed: boolean, f: (a: bigint, b: bigint, w: number) => bigint | undefined): IntegerBinary {
  return (format, a, b) => {
    const w = format.width;
    const x = BigInt(a);
    const y = BigInt(b);
    if (I.unsigned(y, w) === 0n) fault(`${what} by zero`);
    if (signed && I.signed(x, w) === signedMin(w) && I.signed(y, w) === -1n) {
      fault(`signed ${what} overflows: ${signedMin(w)} / -1 does not fit i${w}`);
    }
    const r = f(x, y, w);
    // The folders give up only on the cases above (checked first), so this is unreachable.
    return r === undefined ? fault(`internal: ${what} of ${x} by ${y} at width ${w} is undefined`) : wrapInteger(format, r);
  };
}

/**
 * Signed division rounding up. Not the folder's `ceilDivS`, which gives up whenever one of its intermediate steps
 * overflows (ceildivsi(MIN, 3) does not fold); the op itself is defined for every operand but those of MIN / -1.
 */
function ceilDivSigned(a: bigint, b: bigint, w: number): bigint {
  const x = I.signed(a, w);
  const y = I.signed(b, w);
  const q = x / y;
  return I.signed(x % y !== 0n && x < 0n === y < 0n ? q + 1n : q, w);
}

/** The definitions of arith's integer binary ops: each has operands `lhs`, `rhs` and a `result`. */
export type IntegerBinaryOp =
  | typeof AddIOp
  | typeof SubIOp
  | typeof MulIOp
  | typeof DivUIOp
  | typeof DivSIOp
  | typeof CeilDivUIOp
  | typeof CeilDivSIOp
  | typeof FloorDivSIOp
  | typeof RemUIOp
  | typeof RemSIOp
  | typeof AndIOp
  | typeof OrIOp
  | typeof XOrIOp
  | typeof ShLIOp
  | typeof ShRUIOp
  | typeof ShRSIOp
  | typeof MaxSIOp
  | typeof MaxUIOp
  | typeof MinSIOp
  | typeof MinUIOp;

/** arith's integer binary ops, by definition. */
export const INTEGER_BINARY: ReadonlyMap<IntegerBinaryOp, IntegerBinary> = new Map<IntegerBinaryOp, IntegerBinary>([
  [AddIOp, withFastPath((a, b) => a + b, I.add, true)],
  [SubIOp, withFastPath((a, b) => a - b, I.sub, true)],
  // Math.imul gives the low 32 bits of the exact product, all a width <= 32 keeps; for index the float product is
  // exact when it is a safe integer.
  [MulIOp, (format, a, b) =>
    typeof a === 'number' && !format.index ? wrapNumber(Math.imul(a, b as number), format.width, format.unsigned) : indexOrWideProduct(format, a, b)],
  [DivUIOp, division('division', false, I.udiv)],
  [DivSIOp, division('division', true, I.sdiv)],
  [CeilDivUIOp, division('division', false, I.ceilDivU)],
  [CeilDivSIOp, division('division', true, ceilDivSigned)],
  [FloorDivSIOp, division('division', true, I.floorDivS)],
  [RemUIOp, division('remainder', false, I.urem)],
  // The remainder of MIN by -1 is 0 (MLIR leaves only a zero divisor undefined for remsi).
  [RemSIOp, (format, a, b) => {
    if (BigInt(b) === 0n) fault('remainder by zero');
    return viaAPInt((x, y, w) => I.srem(x, y, w)!)(format, a, b);
  }],
  [AndIOp, withFastPath((a, b) => a & b, I.and, false)],
  [OrIOp, withFastPath((a, b) => a | b, I.or, false)],
  [XOrIOp, withFastPath((a, b) => a ^ b, I.xor, false)],
  [ShLIOp, viaAPInt(I.shl)],
  [ShRUIOp, viaAPInt(I.lshr)],
  [ShRSIOp, viaAPInt(I.ashr)],
  [MaxSIOp, viaAPInt(I.smax)],
  [MaxUIOp, viaAPInt(I.umax)],
  [MinSIOp, viaAPInt(I.smin)],
  [MinUIOp, viaAPInt(I.umin)],
]);

/** The high half of the double-width product, signed (mulsi_extended) or unsigned (mului_extended). */
export function multiplyHigh(format: IntegerFormat, a: Scalar, b: Scalar, signed: boolean): Scalar {
  return viaAPInt(signed ? I.mulhs : I.mulhu)(format, a, b);
}

/** Whether `sum = a + b` wrapped as an unsigned addition (addui_extended's overflow bit): the sum is below `a`. */
export function unsignedAddOverflows(format: IntegerFormat, a: Scalar, sum: Scalar): boolean {
  return I.unsigned(BigInt(sum), format.width) < I.unsigned(BigInt(a), format.width);
}
