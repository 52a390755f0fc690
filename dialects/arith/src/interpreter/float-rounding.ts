// arith.truncf's rounding modes (MLIR's RoundingMode, APFloat's roundingMode): a double rounded to a narrower
// float kind to nearest (ties to even or away from zero), downward, upward or toward zero.
import { bitsToFloat, floatToBits, type FloatKind } from '@tlir/ir';
import { fault, roundToKind } from '@tlir/interpreter';

export type RoundingMode = 'to_nearest_even' | 'downward' | 'upward' | 'toward_zero' | 'to_nearest_away';

/**
 * The value of `kind` next to `x` (a value of `kind`) toward +infinity (`up`) or -infinity. The formats store the
 * sign apart from the magnitude, so a step away from zero is the next bit pattern and a step toward zero the
 * previous one; from a zero the step is the smallest subnormal of the right sign. An infinity stepped toward
 * zero is the largest finite value.
 */
function step(kind: FloatKind, x: number, up: boolean): number {
  if (x === 0) return up ? bitsToFloat(kind, 1n) : -bitsToFloat(kind, 1n);
  const bits = floatToBits(kind, x);
  const awayFromZero = x > 0 === up;
  if (awayFromZero && !Number.isFinite(x)) return x;
  return bitsToFloat(kind, awayFromZero ? bits + 1n : bits - 1n);
}

/** `v` (a double) rounded to `kind` with `mode`. */
export function roundWithMode(kind: FloatKind, v: number, mode: RoundingMode): number {
  const nearest = roundToKind(kind, v);
  if (mode === 'to_nearest_even' || nearest === v || Number.isNaN(v)) return nearest;
  if (Number.isNaN(nearest)) {
    // Formats without infinities overflow to NaN; their largest value is not one bit pattern away.
    fault(`rounding ${v} ${mode.replace(/_/g, ' ')} to ${kind} overflows a format without infinities, which the interpreter does not support`);
  }
  switch (mode) {
    case 'downward':
      return nearest > v ? step(kind, nearest, false) : nearest;
    case 'upward':
      return nearest < v ? step(kind, nearest, true) : nearest;
    case 'toward_zero':
      return Math.abs(nearest) > Math.abs(v) ? step(kind, nearest, v < 0) : nearest;
    case 'to_nearest_away': {
      // Differences of nearby doubles are exact: a tie is |v - nearest| equal to the distance to the other side.
      const other = step(kind, nearest, nearest < v);
      if (Number.isFinite(other) && Number.isFinite(nearest) && Math.abs(v - nearest) === Math.abs(other - v)) {
        return Math.abs(other) > Math.abs(nearest) ? other : nearest;
      }
      return nearest;
    }
  }
}
