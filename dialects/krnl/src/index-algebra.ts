// Index arithmetic written once for the interpreter and the lowering to scf: the semantics of a schedule, a tile
// copy or a matmul tile is a function over an IndexAlgebra, evaluated on numbers when interpreting and on SSA values
// (arith ops, folded when constant) when lowering, so that both compute the same thing by construction.

/** Index arithmetic on some representation T of index values (exact integers). */
export interface IndexAlgebra<T> {
  constant(n: number): T;
  add(a: T, b: T): T;
  sub(a: T, b: T): T;
  min(a: T, b: T): T;
  max(a: T, b: T): T;
  /**
   * `min(a + n, b)` for `a < b` and a positive integer n: the end of a tile that starts at `a`, in a loop that ends
   * at `b`. Written as `a + min(n, b - a)` (b - a unsigned) where values are computed in a target's index type:
   * `a + n` may pass the type's largest value when `b` is near it, `b - a` and the sum never do.
   */
  advanceTo(a: T, n: number, b: T): T;
  /** `a * n` for an integer n. */
  mulConstant(a: T, n: number): T;
  /** `ceil(a / n)` for a positive integer n. */
  ceilDivConstant(a: T, n: number): T;
  /** The value of `a` when it is known before running (a constant); undefined otherwise. */
  staticValue(a: T): number | undefined;
}

/** The algebra of numbers (the interpreter's index values). */
export const NUMBER_ALGEBRA: IndexAlgebra<number> = Object.freeze({
  constant: (n: number) => n,
  add: (a: number, b: number) => a + b,
  sub: (a: number, b: number) => a - b,
  min: Math.min,
  max: Math.max,
  advanceTo: (a: number, n: number, b: number) => Math.min(a + n, b),
  mulConstant: (a: number, n: number) => a * n,
  ceilDivConstant: (a: number, n: number) => Math.ceil(a / n),
  staticValue: (a: number) => a,
});
