// The values of --random: a seeded generator (mulberry32), so that one seed gives the same arguments on every
// machine and every run. Floats are uniform in [-1, 1) (rounded to f32 for f32 arguments), integers uniform in
// [-16, 16), index values in [0, 16), i1 values 0 or 1.
import { elementCount, zeros, type NdArray } from '@tlir/runtime';
import { dtypesFor, type ElementTypeName } from './element-dtypes.js';
import type { ScalarValue } from './scalar-literal.js';

export class RandomValues {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  /** Uniform in [0, 1), 32 bits of randomness. */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
  }

  /** An integer in [lo, hi). */
  private integer(lo: number, hi: number): number {
    return lo + Math.floor(this.next() * (hi - lo));
  }

  scalar(type: ElementTypeName): ScalarValue {
    switch (type) {
      case 'f32':
        return Math.fround(this.next() * 2 - 1);
      case 'f64':
        return this.next() * 2 - 1;
      case 'i1':
        return this.integer(0, 2);
      case 'index':
        return this.integer(0, 16);
      case 'i64':
        return BigInt(this.integer(-16, 16));
      default:
        return this.integer(-16, 16);
    }
  }

  /** A new array of `shape` (Fortran order, the memref default) in tl-run's dtype for `type`. */
  array(type: ElementTypeName, shape: readonly number[]): NdArray {
    const array = zeros(dtypesFor(type)[0]!, shape, 'F');
    const data = array.data as { [i: number]: number | bigint };
    const n = elementCount(shape);
    for (let i = 0; i < n; i++) {
      const v = this.scalar(type);
      data[i] = array.dtype === 'i64' ? BigInt(v) : Number(v);
    }
    return array;
  }
}
