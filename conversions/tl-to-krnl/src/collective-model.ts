// Each BLAS-like collective seen as one shape of computation: an output indexed by the axes m (rows) and n
// (columns), inputs indexed by m, n and the reduction axis k, and per output element
//
//     x = sum over k of a * b     (gemm, gemv), or of a (sum),   or   x = a * b (ger, hadamard_product),  x = a (axpby)
//     out = alpha * x + beta * out
//
// which the schedule builder (collective-schedule.ts) turns into one krnl loop nest for all of them.
import { IntegerAttr, UnitAttr, type MemRefType, type Operation, type Type, type Value } from '@tlir/ir';
import { AxpbyOp, GemmOp, GemvOp, GerOp, HadamardProductOp, SumOp } from '@tlir/dialect-tl';

/** The axes of the iteration space: output rows, output columns, reduction. */
export type Axis = 'm' | 'n' | 'k';

/** A memref and the axis indexing each of its modes (a transposed matrix lists them swapped). */
export interface OperandAccess {
  readonly memref: Value;
  readonly axes: readonly Axis[];
}

export interface CollectiveModel {
  readonly name: string;
  /** A (and B): what x is computed from. */
  readonly inputs: readonly OperandAccess[];
  /** The updated memref: axes [m, n], [m] or [] (a scalar memref: m then has one iteration). */
  readonly output: OperandAccess;
  /** x is the product of the two inputs' elements, else the one input's element. */
  readonly product: boolean;
  /** x sums over k. */
  readonly reduces: boolean;
  readonly alpha: Value;
  readonly beta: Value;
  readonly atomic: boolean;
  /** The element type of the output, in which everything is computed (spec; the interpreter's CollectiveUpdate). */
  readonly computeType: Type;
}

const transposed = (op: Operation, name: string): boolean => {
  const t = op.getProperty(name);
  return t instanceof IntegerAttr && t.value === 1n; // Transpose: n = 0, t = 1
};

/** A matrix operand: [row axis, column axis] of op(M), swapped in memory when it is transposed. */
const matrix = (memref: Value, rows: Axis, cols: Axis, trans: boolean): OperandAccess => ({ memref, axes: trans ? [cols, rows] : [rows, cols] });

/**
 * The model of a tl collective, given its converted operands (alpha, memrefs..., beta, memref in the op's order);
 * undefined for an op that is not one of them.
 */
export function collectiveModel(op: Operation, operands: readonly Value[]): CollectiveModel | undefined {
  const atomic = op.getProperty('atomic') instanceof UnitAttr;
  const common = { name: op.name.slice(3), atomic };
  const rankOf = (v: Value): number => (v.type as MemRefType).shape.length;
  const three = (product: boolean, reduces: boolean, inputs: OperandAccess[], output: OperandAccess): CollectiveModel => ({
    ...common,
    inputs,
    output,
    product,
    reduces,
    alpha: operands[0]!,
    beta: operands[3]!,
    computeType: elementType(operands[4]!),
  });
  const two = (reduces: boolean, input: OperandAccess, output: OperandAccess): CollectiveModel => ({
    ...common,
    inputs: [input],
    output,
    product: false,
    reduces,
    alpha: operands[0]!,
    beta: operands[2]!,
    computeType: elementType(operands[3]!),
  });
  const [, A, B, , C] = operands;
  if (GemmOp.is(op))
    return three(true, true, [matrix(A!, 'm', 'k', transposed(op, 'transA')), matrix(B!, 'k', 'n', transposed(op, 'transB'))], { memref: C!, axes: ['m', 'n'] });
  if (GemvOp.is(op))
    return three(true, true, [matrix(A!, 'm', 'k', transposed(op, 'transA')), { memref: B!, axes: ['k'] }], { memref: C!, axes: ['m'] });
  if (GerOp.is(op))
    return three(true, false, [{ memref: A!, axes: ['m'] }, { memref: B!, axes: ['n'] }], { memref: C!, axes: ['m', 'n'] });
  if (HadamardProductOp.is(op))
    return three(true, false, [{ memref: A!, axes: ['m'] }, { memref: B!, axes: ['m'] }], { memref: C!, axes: ['m'] });
  if (AxpbyOp.is(op)) {
    const [, a, , b] = operands;
    // spec: `.t` has no effect on vectors. Order 0 (tinytc v0.3): a scalar memref into a scalar memref, no axis.
    const vectorAxes = (v: Value): Axis[] => (rankOf(v) === 0 ? [] : ['m']);
    const input = rankOf(a!) === 2 ? matrix(a!, 'm', 'n', transposed(op, 'trans')) : { memref: a!, axes: vectorAxes(a!) };
    return two(false, input, { memref: b!, axes: rankOf(b!) === 2 ? ['m', 'n'] : vectorAxes(b!) });
  }
  if (SumOp.is(op)) {
    const [, a, , b] = operands;
    // A matrix sums its rows (over k) into a vector; a vector sums into a scalar memref.
    if (rankOf(a!) === 2) return two(true, matrix(a!, 'm', 'k', transposed(op, 'trans')), { memref: b!, axes: ['m'] });
    return two(true, { memref: a!, axes: ['k'] }, { memref: b!, axes: [] });
  }
  return undefined;
}

export const elementType = (memref: Value): Type => (memref.type as MemRefType).elementType;

/** The axes of a model's iteration space, in the order m, n, k. */
export function modelAxes(model: CollectiveModel): Axis[] {
  const axes: Axis[] = ['m'];
  if (model.output.axes.includes('n')) axes.push('n');
  if (model.reduces) axes.push('k');
  return axes;
}

/** The axes of an operand in canonical order (m before k, k before n): the order of its tile buffer. */
export function canonicalAxes(access: OperandAccess): Axis[] {
  const order: Axis[] = ['m', 'k', 'n'];
  return [...access.axes].sort((a, b) => order.indexOf(a) - order.indexOf(b));
}
