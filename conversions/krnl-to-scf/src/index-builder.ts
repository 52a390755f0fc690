// The IndexAlgebra of SSA values: index arithmetic built with arith ops at a builder's insertion point, computed
// at once where the operands are constants (so that a schedule with known bounds gives loops with constant bounds
// and no min()).
import { IndexType, IntegerAttr, type Builder, type Location, type Value } from '@tlir/ir';
import { AddIOp, CeilDivSIOp, ConstantOp, MaxSIOp, MinSIOp, MinUIOp, MulIOp, SubIOp } from '@tlir/dialect-arith';
import { getConstantValue } from '@tlir/rewrite';
import type { IndexAlgebra } from '@tlir/dialect-krnl';

/** The largest value of a 32-bit index (WGSL's). */
const INT32_MAX = 2 ** 31 - 1;

export class IndexBuilder implements IndexAlgebra<Value> {
  constructor(
    readonly b: Builder,
    readonly loc: Location,
  ) {}

  get index(): IndexType {
    return IndexType.get(this.b.context);
  }

  constant(n: number): Value {
    return ConstantOp.create(this.b, { value: IntegerAttr.get(this.b.context, this.index, n), result: this.index, loc: this.loc }).result;
  }

  staticValue(v: Value): number | undefined {
    const c = getConstantValue(v);
    return c instanceof IntegerAttr ? Number(c.value) : undefined;
  }

  /** `f(a, b)` computed here when both are constants, else the op `make` builds. */
  private fold(a: Value, b: Value, f: (x: number, y: number) => number, make: () => Value): Value {
    const [x, y] = [this.staticValue(a), this.staticValue(b)];
    return x !== undefined && y !== undefined ? this.constant(f(x, y)) : make();
  }

  add(a: Value, b: Value): Value {
    if (this.staticValue(b) === 0) return a;
    if (this.staticValue(a) === 0) return b;
    return this.fold(a, b, (x, y) => x + y, () => AddIOp.create(this.b, { lhs: a, rhs: b, result: this.index, loc: this.loc }).result);
  }

  sub(a: Value, b: Value): Value {
    if (this.staticValue(b) === 0) return a;
    return this.fold(a, b, (x, y) => x - y, () => SubIOp.create(this.b, { lhs: a, rhs: b, result: this.index, loc: this.loc }).result);
  }

  min(a: Value, b: Value): Value {
    return this.fold(a, b, Math.min, () => MinSIOp.create(this.b, { lhs: a, rhs: b, result: this.index, loc: this.loc }).result);
  }

  max(a: Value, b: Value): Value {
    return this.fold(a, b, Math.max, () => MaxSIOp.create(this.b, { lhs: a, rhs: b, result: this.index, loc: this.loc }).result);
  }

  /**
   * `a + minui(n, b - a)`: with a < b, b - a is exact as an unsigned number of the index type's width (32 bits on
   * WebGPU), and the sum is at most b. A constant `b` that leaves room for `a + n` below 2^31 keeps `min(a + n, b)`.
   */
  advanceTo(a: Value, n: number, b: Value): Value {
    const [x, y] = [this.staticValue(a), this.staticValue(b)];
    if (x !== undefined && y !== undefined) return this.constant(Math.min(x + n, y));
    if (y !== undefined && y - 1 + n <= INT32_MAX) return this.min(this.add(a, this.constant(n)), b);
    const left = this.sub(b, a);
    const step = MinUIOp.create(this.b, { lhs: this.constant(n), rhs: left, result: this.index, loc: this.loc }).result;
    return this.add(a, step);
  }

  mulConstant(a: Value, n: number): Value {
    if (n === 1) return a;
    const c = this.staticValue(a);
    return c !== undefined ? this.constant(c * n) : MulIOp.create(this.b, { lhs: a, rhs: this.constant(n), result: this.index, loc: this.loc }).result;
  }

  ceilDivConstant(a: Value, n: number): Value {
    if (n === 1) return a;
    const c = this.staticValue(a);
    return c !== undefined ? this.constant(Math.ceil(c / n)) : CeilDivSIOp.create(this.b, { lhs: a, rhs: this.constant(n), result: this.index, loc: this.loc }).result;
  }
}
