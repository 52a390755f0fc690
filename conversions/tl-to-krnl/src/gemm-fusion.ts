// Fusing a gemm into the gemm that reads its result (docs/lowering-tl-to-krnl.md, "Fused gemm chains"):
//
//     %t = alloca -> memref<f32xMxK2>
//     gemm.n.? alpha1, %A, %B, 0.0, %t          the producer: writes all of %t, reads nothing of it (beta 0)
//     gemm.n.? alpha2, %t, %C, beta2, %D        the consumer, the very next op: reads %t as its A
//
// Lowered one by one, %t lives in work-group memory, written by the producer's work-items and read by the consumer's
// after a barrier. Fused, each work-item of the consumer computes the rows of %t its register tile needs (register-m
// rows, all K2 columns) into registers first, from A and B directly, and then its register tile of D from them: no
// work-group memory and no barrier, at the price of computing rows of %t again in every work-item that shares them
// (the work-items along the consumer's n). Each element of %t is the very sum the producer computes (k upwards from
// zero, then alpha1 times it), so the result is the same bit for bit.
//
// This file decides which pairs fuse; reduction-schedule.ts builds the fused loop nest.
import { BlockArgument, FloatAttr, IntegerAttr, UnitAttr, type Operation, type Value } from '@tlir/ir';
import { ConstantOp as ArithConstantOp } from '@tlir/dialect-arith';
import {
  AllocaOp,
  ArithOp,
  ArithUnaryOp,
  CastOp,
  CmpOp,
  ConstantOp as TlConstantOp,
  ExpandOp,
  FuncOp as TlFuncOp,
  FuseOp,
  GemmOp,
  GroupIdOp,
  GroupSizeOp,
  LoadOp,
  SizeOp,
  SubviewOp,
  TlMemrefType,
} from '@tlir/dialect-tl';
import type { TlToKrnlOptions } from './options.js';

/** The longest shared K (the producer's n, the consumer's k) that fuses: the consumer's K loop is unrolled. */
export const MAX_FUSED_K = 16;
/** At most this many values of the intermediate per work-item (register-m x K): they must fit in registers. */
export const MAX_FUSED_REGISTERS = 64;

/** A number a tl.constant or arith.constant holds. */
function constantOf(v: Value): number | undefined {
  const def = v.definingOp;
  const value = def && (TlConstantOp.match(def) ?? ArithConstantOp.match(def))?.value;
  return value instanceof FloatAttr ? value.value : value instanceof IntegerAttr ? value.number : undefined;
}

/** Ops that neither write memory nor synchronize: a producer's work may move past them to its consumer. */
const PURE_OPS = [TlConstantOp, ArithOp, ArithUnaryOp, CastOp, CmpOp, GroupIdOp, GroupSizeOp, SubviewOp, ExpandOp, FuseOp, SizeOp];

const transposed = (t: unknown): boolean => t instanceof IntegerAttr && t.value === 1n;

/**
 * The memref a view is taken of: a kernel argument or an alloca, through subview, expand, fuse and the load of a
 * group's member (a member of group argument %A counts as %A). Undefined when it cannot be traced.
 */
export function viewRoot(v: Value): Value | undefined {
  for (let at: Value = v, depth = 0; depth < 64; depth++) {
    const def = at.definingOp;
    if (!def) return at instanceof BlockArgument && at.owner.parentOp && TlFuncOp.is(at.owner.parentOp) ? at : undefined; // a kernel argument
    if (AllocaOp.is(def)) return at;
    if (SubviewOp.is(def) || ExpandOp.is(def) || FuseOp.is(def) || LoadOp.is(def)) {
      at = def.getOperand(0);
      continue;
    }
    return undefined;
  }
  return undefined;
}

const staticShape = (v: Value): readonly number[] | undefined => {
  const t = v.type;
  return TlMemrefType.is(t) && t.shape.every((n) => n >= 0) ? t.shape : undefined;
};

/**
 * Why the producer `p` does not fuse into the op after it (undefined: it does, and `consumer` is set). The rule:
 * - p is a gemm (not .atomic) into an alloca %t with beta the constant 0; the next op in the block, past scalar ops
 *   and views (which write no memory), is a gemm (not .atomic) that reads %t as its A, not transposed, and nothing else of it; %t has no other use;
 * - every shape is static, the shared K is at most MAX_FUSED_K, and register-m x K at most MAX_FUSED_REGISTERS;
 * - neither gemm stages its tiles (copy), uses krnl.matmul or vector loads (vector-width), and fuse-gemm is on for both;
 * - the consumer's output is a view of another kernel argument than the producer's A and B (work-items store D
 *   while others still read A and B).
 */
function fusionProblem(p: Operation, optionsOf: (op: Operation) => TlToKrnlOptions): { consumer?: Operation; problem?: string } {
  const prod = GemmOp.match(p);
  if (!prod || prod.atomic instanceof UnitAttr) return { problem: 'not a plain gemm' };
  const t = prod.C;
  if (!t.definingOp || !AllocaOp.is(t.definingOp)) return { problem: 'its output is not an alloca' };
  if (constantOf(prod.beta) !== 0) return { problem: 'beta is not the constant 0' };
  let q = p.nextOperation;
  while (q && PURE_OPS.some((d) => d.is(q!))) q = q.nextOperation;
  const cons = q && GemmOp.match(q);
  if (!q || !cons || cons.atomic instanceof UnitAttr) return { problem: 'the next op is not a plain gemm' };
  if (cons.A !== t || transposed(cons.transA) || cons.B === t || cons.C === t) return { problem: 'the next gemm does not read it as its A only' };
  if (t.numUses !== 2) return { problem: 'the alloca has other uses' };
  const shapes = [prod.A, prod.B, t, cons.B, cons.C].map(staticShape);
  if (shapes.some((s) => !s)) return { problem: 'a shape is not static' };
  const k = (staticShape(t) ?? [])[1] ?? 0;
  const [po, qo] = [optionsOf(p), optionsOf(q)];
  if (k > MAX_FUSED_K || qo['register-m'] * k > MAX_FUSED_REGISTERS) return { problem: 'the shared K is too long' };
  if (![po, qo].every((o) => o['fuse-gemm'] && !o.copy && !o.matmul && Number(o['vector-width']) === 1)) return { problem: 'the schedule asks otherwise' };
  const out = viewRoot(cons.C);
  const inputs = [prod.A, prod.B].map(viewRoot);
  if (!out || inputs.some((r) => !r || r === out)) return { problem: 'the output may alias an input of the producer' };
  return { consumer: q };
}

/** The gemm pairs that fuse in `root`: consumer -> producer. */
export function findGemmFusions(root: Operation, optionsOf: (op: Operation) => TlToKrnlOptions): Map<Operation, Operation> {
  const pairs = new Map<Operation, Operation>();
  root.walk((op) => {
    if (!GemmOp.is(op)) return;
    const { consumer } = fusionProblem(op, optionsOf);
    // A gemm that is fused into as a consumer is not also a producer (its A would be gone).
    if (consumer && !pairs.has(op)) pairs.set(consumer, op);
  });
  return pairs;
}
