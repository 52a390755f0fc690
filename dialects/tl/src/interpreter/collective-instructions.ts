import { IntegerAttr, type Attribute, type ViewOf } from '@tlir/ir';
import { columnMajorIndices, fault, type InterpreterRegistry, type MemrefView, type RuntimeValue } from '@tlir/interpreter';
import { AxpbyOp, BarrierOp, GemmOp, GemvOp, GerOp, HadamardProductOp, SumOp } from '../collective-ops.js';
import { CollectiveUpdate } from './collective-update.js';

type Scalar = number | bigint;

/** op(A) of a matrix view: its shape and strides read through the transpose (spec: `.t` swaps the modes). */
interface MatrixAccess {
  readonly rows: number;
  readonly cols: number;
  readonly rowStride: number;
  readonly colStride: number;
  readonly offset: number;
}

/** Whether a transpose property (`transA`, read through the op's view) says `t`. */
function transposed(attr: Attribute | undefined): boolean {
  return attr instanceof IntegerAttr && attr.value === 1n; // Transpose: n = 0, t = 1
}

function matrix(v: MemrefView, trans: boolean): MatrixAccess {
  const [r, c] = trans ? [1, 0] : [0, 1];
  return { rows: v.sizes[r]!, cols: v.sizes[c]!, rowStride: v.strides[r]!, colStride: v.strides[c]!, offset: v.offset };
}

const shapeText = (sizes: readonly number[]): string => (sizes.length ? sizes.join('x') : 'a scalar');

/** Checks that every element of each view is in its memory (once, so the loops need no per-element check). */
function checkViews(views: Readonly<Record<string, MemrefView>>): void {
  for (const [name, v] of Object.entries(views)) v.checkInBounds(name);
}

const addressOf = (v: MemrefView, idx: readonly number[]): number => idx.reduce((a, i, k) => a + i * v.strides[k]!, v.offset);

/** spec: GEMM. C := alpha op1(A) op2(B) + beta C, with op1(A) MxK, op2(B) KxN, C MxN. */
function gemm(op: ViewOf<typeof GemmOp>, [alpha, A, B, beta, C]: readonly RuntimeValue[]): void {
  const [a, b, c] = [A as MemrefView, B as MemrefView, C as MemrefView];
  const opA = matrix(a, transposed(op.transA));
  const opB = matrix(b, transposed(op.transB));
  const [M, N, K] = [c.sizes[0]!, c.sizes[1]!, opA.cols];
  if (opA.rows !== M || opB.cols !== N || opB.rows !== K) {
    fault(`gemm: op1(A) is ${opA.rows}x${opA.cols}, op2(B) is ${opB.rows}x${opB.cols} and C is ${M}x${N} at run time (need MxK, KxN, MxN)`);
  }
  checkViews({ A: a, B: b, C: c });
  const u = new CollectiveUpdate(op, alpha as Scalar, beta as Scalar, 3, c);
  const [loadA, loadB, { add, mul, zero }] = [u.loader(a), u.loader(b), u.ring];
  const addresses: number[] = [];
  const xs: Scalar[] = [];
  for (let n = 0; n < N; n++) {
    for (let m = 0; m < M; m++) {
      let acc = zero;
      for (let k = 0; k < K; k++) {
        acc = add(acc, mul(loadA(opA.offset + m * opA.rowStride + k * opA.colStride), loadB(opB.offset + k * opB.rowStride + n * opB.colStride)));
      }
      addresses.push(c.offset + m * c.strides[0]! + n * c.strides[1]!);
      xs.push(acc);
    }
  }
  u.apply(addresses, xs);
}

/** spec: GEMV. c := alpha op1(A) b + beta c, with op1(A) MxK, b of size K, c of size M. */
function gemv(op: ViewOf<typeof GemvOp>, [alpha, A, B, beta, C]: readonly RuntimeValue[]): void {
  const [a, b, c] = [A as MemrefView, B as MemrefView, C as MemrefView];
  const opA = matrix(a, transposed(op.transA));
  const [M, K] = [c.sizes[0]!, b.sizes[0]!];
  if (opA.rows !== M || opA.cols !== K) fault(`gemv: op1(A) is ${opA.rows}x${opA.cols}, b has size ${K} and c size ${M} at run time (need MxK, K, M)`);
  checkViews({ A: a, b, c });
  const u = new CollectiveUpdate(op, alpha as Scalar, beta as Scalar, 3, c);
  const [loadA, loadB, { add, mul, zero }] = [u.loader(a), u.loader(b), u.ring];
  const addresses: number[] = [];
  const xs: Scalar[] = [];
  for (let m = 0; m < M; m++) {
    let acc = zero;
    for (let k = 0; k < K; k++) acc = add(acc, mul(loadA(opA.offset + m * opA.rowStride + k * opA.colStride), loadB(b.offset + k * b.strides[0]!)));
    addresses.push(c.offset + m * c.strides[0]!);
    xs.push(acc);
  }
  u.apply(addresses, xs);
}

/** spec: GER. C := alpha a b^T + beta C, with a of size M, b of size N, C MxN. */
function ger(op: ViewOf<typeof GerOp>, [alpha, A, B, beta, C]: readonly RuntimeValue[]): void {
  const [a, b, c] = [A as MemrefView, B as MemrefView, C as MemrefView];
  const [M, N] = [c.sizes[0]!, c.sizes[1]!];
  if (a.sizes[0] !== M || b.sizes[0] !== N) fault(`ger: a has size ${a.sizes[0]}, b size ${b.sizes[0]} and C is ${M}x${N} at run time (need M, N, MxN)`);
  checkViews({ a, b, C: c });
  const u = new CollectiveUpdate(op, alpha as Scalar, beta as Scalar, 3, c);
  const [loadA, loadB, { mul }] = [u.loader(a), u.loader(b), u.ring];
  const addresses: number[] = [];
  const xs: Scalar[] = [];
  for (let n = 0; n < N; n++) {
    for (let m = 0; m < M; m++) {
      addresses.push(c.offset + m * c.strides[0]! + n * c.strides[1]!);
      xs.push(mul(loadA(a.offset + m * a.strides[0]!), loadB(b.offset + n * b.strides[0]!)));
    }
  }
  u.apply(addresses, xs);
}

/** spec: Hadamard product. c := alpha a .* b + beta c, all of one size. */
function hadamardProduct(op: ViewOf<typeof HadamardProductOp>, [alpha, A, B, beta, C]: readonly RuntimeValue[]): void {
  const [a, b, c] = [A as MemrefView, B as MemrefView, C as MemrefView];
  const M = c.sizes[0]!;
  if (a.sizes[0] !== M || b.sizes[0] !== M) fault(`hadamard_product: a, b and c have sizes ${a.sizes[0]}, ${b.sizes[0]} and ${M} at run time (need one size)`);
  checkViews({ a, b, c });
  const u = new CollectiveUpdate(op, alpha as Scalar, beta as Scalar, 3, c);
  const [loadA, loadB, { mul }] = [u.loader(a), u.loader(b), u.ring];
  const addresses: number[] = [];
  const xs: Scalar[] = [];
  for (let m = 0; m < M; m++) {
    addresses.push(c.offset + m * c.strides[0]!);
    xs.push(mul(loadA(a.offset + m * a.strides[0]!), loadB(b.offset + m * b.strides[0]!)));
  }
  u.apply(addresses, xs);
}

/** spec: Axpby. B := alpha op(A) + beta B, with op(A) and B of one shape (`.t` transposes a matrix A). */
function axpby(op: ViewOf<typeof AxpbyOp>, [alpha, A, beta, B]: readonly RuntimeValue[]): void {
  const [a, b] = [A as MemrefView, B as MemrefView];
  const trans = a.rank === 2 && transposed(op.trans);
  const opShape = trans ? [a.sizes[1]!, a.sizes[0]!] : [...a.sizes];
  if (opShape.length !== b.rank || opShape.some((s, k) => s !== b.sizes[k])) {
    fault(`axpby: op(A) is ${shapeText(opShape)} and B is ${shapeText(b.sizes)} at run time (need one shape)`);
  }
  checkViews({ A: a, B: b });
  const u = new CollectiveUpdate(op, alpha as Scalar, beta as Scalar, 2, b);
  const loadA = u.loader(a);
  const addresses: number[] = [];
  const xs: Scalar[] = [];
  columnMajorIndices(b.sizes, (idx) => {
    addresses.push(addressOf(b, idx));
    xs.push(loadA(addressOf(a, trans ? [idx[1]!, idx[0]!] : idx)));
  });
  u.apply(addresses, xs);
}

/** spec: Sum. B := alpha op(A) 1 + beta B: a matrix sums its rows into a vector, a vector into a scalar memref. */
function sum(op: ViewOf<typeof SumOp>, [alpha, A, beta, B]: readonly RuntimeValue[]): void {
  const [a, b] = [A as MemrefView, B as MemrefView];
  checkViews({ A: a, B: b });
  const u = new CollectiveUpdate(op, alpha as Scalar, beta as Scalar, 2, b);
  const [loadA, { add, zero }] = [u.loader(a), u.ring];
  if (a.rank === 1) {
    if (b.rank !== 0) fault(`sum: B must be a scalar memref when A is a vector, got ${shapeText(b.sizes)}`);
    let acc = zero;
    for (let k = 0; k < a.sizes[0]!; k++) acc = add(acc, loadA(a.offset + k * a.strides[0]!));
    u.apply([b.offset], [acc]);
    return;
  }
  const opA = matrix(a, transposed(op.trans));
  if (b.rank !== 1 || opA.rows !== b.sizes[0]) fault(`sum: op(A) is ${opA.rows}x${opA.cols} and B is ${shapeText(b.sizes)} at run time (need MxK and M)`);
  const addresses: number[] = [];
  const xs: Scalar[] = [];
  for (let m = 0; m < opA.rows; m++) {
    let acc = zero;
    for (let k = 0; k < opA.cols; k++) acc = add(acc, loadA(opA.offset + m * opA.rowStride + k * opA.colStride));
    addresses.push(b.offset + m * b.strides[0]!);
    xs.push(acc);
  }
  u.apply(addresses, xs);
}

/**
 * axpby, gemm, gemv, ger, hadamard_product, sum, barrier: the collectives. The interpreter runs a work-group as
 * one thread, so a collective is computed whole, in program order, and a barrier has nothing to wait for.
 */
export function registerCollectiveInstructions(registry: InterpreterRegistry): void {
  registry.registerImpl(GemmOp, gemm);
  registry.registerImpl(GemvOp, gemv);
  registry.registerImpl(GerOp, ger);
  registry.registerImpl(HadamardProductOp, hadamardProduct);
  registry.registerImpl(AxpbyOp, axpby);
  registry.registerImpl(SumOp, sum);
  registry.registerImpl(BarrierOp, () => undefined);
}
