import { UnitAttr, type Attribute, type Operation, type Type } from '@tlir/ir';
import { describeRuntimeValue, fault, scalarArithmetic, type MemrefView, type ScalarArithmetic } from '@tlir/interpreter';
import { castScalar } from './scalar-semantics.js';

type Scalar = number | bigint;

/**
 * The common part of the BLAS-like collectives (spec: Axpby, GEMM, GEMV, GER, Hadamard product, Sum): each
 * computes, for every element of the updated memref (B or C), some value x from A (and B) and stores
 *
 *     out := alpha * x + beta * out
 *
 * The arithmetic is done in the element type of `out` (the compute type): alpha, beta and the elements of the
 * inputs are converted to it first (the verifier only admits types that promote to it, so this is exact), and
 * every operation rounds or wraps as that type does. The order is fixed: sums run over k upwards from zero, then
 * alpha multiplies, then beta * out is added. When beta is zero, `out` is not read at all (as BLAS: NaN or garbage
 * in it does not propagate). With `.atomic`, beta must be 0 (an atomic store) or 1 (an atomic add, out += alpha x),
 * as in tinytc; each element is then read, modified and written in turn. Without it, all new values are
 * computed from the old contents before any is stored.
 */
export class CollectiveUpdate {
  readonly ring: ScalarArithmetic;
  readonly computeType: Type;
  private readonly alpha: Scalar;
  private readonly beta: Scalar;
  private readonly readsOut: boolean;
  private readonly atomic: boolean;

  constructor(
    view: { readonly op: Operation; readonly atomic: Attribute | undefined },
    alpha: Scalar,
    beta: Scalar,
    betaOperand: number,
    readonly out: MemrefView,
  ) {
    const op = view.op;
    this.computeType = out.elementType;
    this.ring = scalarArithmetic(this.computeType) ?? fault(`${op.name}: cannot compute in ${this.computeType}`);
    this.alpha = this.convert(op.getOperand(0).type)(alpha);
    const betaType = op.getOperand(betaOperand).type;
    this.atomic = view.atomic instanceof UnitAttr;
    const ringOfBeta = scalarArithmetic(betaType)!;
    this.readsOut = !ringOfBeta.isZero(beta);
    if (this.atomic && this.readsOut && beta !== ringOfBeta.one) {
      fault(`beta must be 0 or 1 for an atomic update, got ${describeRuntimeValue(beta)}`);
    }
    this.beta = this.convert(betaType)(beta);
  }

  /** Converts values of `from` to the compute type (the identity when they are the same type). */
  convert(from: Type): (v: Scalar) => Scalar {
    const to = this.computeType;
    return from === to ? (v) => v : (v) => castScalar(from, to, v);
  }

  /** Loads an element of `view` at `address` converted to the compute type (`view` was bounds-checked). */
  loader(view: MemrefView): (address: number) => Scalar {
    const convert = this.convert(view.elementType);
    const memory = view.memory;
    return view.elementType === this.computeType ? (a) => memory.load(a) : (a) => convert(memory.load(a));
  }

  /** Stores alpha * xs[i] + beta * out into the element of `out` at addresses[i], for every i. */
  apply(addresses: readonly number[], xs: readonly Scalar[]): void {
    const { ring, alpha, beta } = this;
    const memory = this.out.memory;
    const value = (i: number): Scalar => {
      const scaled = ring.mul(alpha, xs[i]!);
      return this.readsOut ? ring.add(scaled, ring.mul(beta, memory.load(addresses[i]!))) : scaled;
    };
    if (this.atomic) {
      for (let i = 0; i < addresses.length; i++) memory.store(addresses[i]!, value(i));
      return;
    }
    const values = addresses.map((_, i) => value(i));
    for (let i = 0; i < addresses.length; i++) memory.store(addresses[i]!, values[i]!);
  }
}
