import { IntEnumAttr, UnitAttr, defineOp, type IntegerAttr, type Operation, type Type } from '@tlir/ir';
import { Collective } from './collective-trait.js';
import { collectiveShapeProblem, collectiveTypeProblem, type CollectiveName } from './collective-rules.js';
import { TlScalar } from './type-constraints.js';
import { TlMemrefType } from './types.js';

/**
 * The collective BLAS-like instructions (spec: Axpby, GEMM, GEMV, GER, Hadamard product, Sum) and barrier. The
 * whole work-group executes them; they may not appear in an spmd region (the Collective trait).
 */

export const Transpose = IntEnumAttr('Transpose', 32, { n: 0, t: 1 });

const quoted = (t: Type): string => `'${t}'`;

/** `$alpha, $A, ... : type($alpha), qualified(type($A)), ...`: scalar types plain, memref types qualified. */
function operandsFormat(scalars: readonly string[], memrefs: readonly string[], order: readonly string[]): string {
  const type = (n: string): string => (scalars.includes(n) ? `type($${n})` : memrefs.includes(n) ? `qualified(type($${n}))` : '');
  return `${order.map((n) => `$${n}`).join(' `,` ')} attr-dict \`:\` ${order.map(type).join(' `,` ')}`;
}
const A2 = operandsFormat(['alpha', 'beta'], ['A', 'B'], ['alpha', 'A', 'beta', 'B']);
const A3 = operandsFormat(['alpha', 'beta'], ['A', 'B', 'C'], ['alpha', 'A', 'B', 'beta', 'C']);

/** The collective rules (collective-rules.ts) on an op whose operands are alpha, memrefs, beta, memref. */
function verifyCollective(op: Operation, name: CollectiveName, trans: readonly (IntegerAttr | undefined)[]): boolean {
  const operands = op.operands;
  const two = operands.length === 4;
  const alpha = operands[0]!.type;
  const beta = operands[two ? 2 : 3]!.type;
  const memrefs = (two ? [operands[1]!, operands[3]!] : [operands[1]!, operands[2]!, operands[4]!]).map((v) => v.type as TlMemrefType);
  const modifiers = trans.map((t) => (t ? Transpose.symbolize(t) : undefined) ?? 'n');
  const problem = collectiveShapeProblem(name, modifiers, memrefs, quoted) ?? collectiveTypeProblem(name, alpha, beta, memrefs, quoted);
  if (problem) op.emitOpError(problem);
  return !problem;
}

export const AxpbyOp = defineOp('tl.axpby', {
  summary: 'B := alpha op(A) + beta B (collective)',
  description: `
Collective instruction (spec: Axpby). A and B have order 0 (a scalar in memory, as tinytc v0.3 accepts), 1 or 2;
op(A) (A transposed with \`t\`) and B have one shape. With \`atomic\`, B is updated atomically.
`,
  properties: { trans: Transpose, atomic: UnitAttr },
  operands: { alpha: TlScalar, A: TlMemrefType, beta: TlScalar, B: TlMemrefType },
  traits: [Collective],
  assemblyFormat: '$trans (`atomic` $atomic^)? ' + A2,
  verify: (v) => verifyCollective(v.op, 'axpby', [v.trans]),
});

export const SumOp = defineOp('tl.sum', {
  summary: 'B := alpha op(A) 1 + beta B (collective)',
  description: `
Collective instruction (spec: Sum). A matrix sums into a vector the size of op(A)'s first mode, a vector into a
memref of order 0.
`,
  properties: { trans: Transpose, atomic: UnitAttr },
  operands: { alpha: TlScalar, A: TlMemrefType, beta: TlScalar, B: TlMemrefType },
  traits: [Collective],
  assemblyFormat: '$trans (`atomic` $atomic^)? ' + A2,
  verify: (v) => verifyCollective(v.op, 'sum', [v.trans]),
});

export const GemmOp = defineOp('tl.gemm', {
  summary: 'C := alpha op1(A) op2(B) + beta C (collective)',
  description: `
Collective instruction (spec: GEMM). op1(A) is MxK, op2(B) KxN and C MxN.
`,
  properties: { transA: Transpose, transB: Transpose, atomic: UnitAttr },
  operands: { alpha: TlScalar, A: TlMemrefType, B: TlMemrefType, beta: TlScalar, C: TlMemrefType },
  traits: [Collective],
  assemblyFormat: '$transA $transB (`atomic` $atomic^)? ' + A3,
  verify: (v) => verifyCollective(v.op, 'gemm', [v.transA, v.transB]),
});

export const GemvOp = defineOp('tl.gemv', {
  summary: 'c := alpha op(A) b + beta c (collective)',
  description: `
Collective instruction (spec: GEMV, written \`gemv\`): op1(A) is MxK, b has size K and c size M.
`,
  properties: { transA: Transpose, atomic: UnitAttr },
  operands: { alpha: TlScalar, A: TlMemrefType, B: TlMemrefType, beta: TlScalar, C: TlMemrefType },
  traits: [Collective],
  assemblyFormat: '$transA (`atomic` $atomic^)? ' + A3,
  verify: (v) => verifyCollective(v.op, 'gemv', [v.transA]),
});

export const GerOp = defineOp('tl.ger', {
  summary: 'C := alpha a b^T + beta C (collective)',
  description: `
Collective instruction (spec: GER): a has size M, b size N and C is MxN.
`,
  properties: { atomic: UnitAttr },
  operands: { alpha: TlScalar, A: TlMemrefType, B: TlMemrefType, beta: TlScalar, C: TlMemrefType },
  traits: [Collective],
  assemblyFormat: '(`atomic` $atomic^)? ' + A3,
  verify: (v) => verifyCollective(v.op, 'ger', []),
});

export const HadamardProductOp = defineOp('tl.hadamard_product', {
  summary: 'c := alpha a .* b + beta c (collective)',
  description: `
Collective instruction (spec: Hadamard product; tinytc's \`hadamard\` is accepted too): a, b and c are vectors of
one size.
`,
  properties: { atomic: UnitAttr },
  operands: { alpha: TlScalar, A: TlMemrefType, B: TlMemrefType, beta: TlScalar, C: TlMemrefType },
  traits: [Collective],
  assemblyFormat: '(`atomic` $atomic^)? ' + A3,
  verify: (v) => verifyCollective(v.op, 'hadamard_product', []),
});

/** `tl.barrier`: synchronizes the work-group (collective). */
export const BarrierOp = defineOp('tl.barrier', { summary: 'A work-group barrier', traits: [Collective], assemblyFormat: 'attr-dict' });
