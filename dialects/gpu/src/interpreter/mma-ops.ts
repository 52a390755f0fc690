// The subgroup MMA ops. A subgroup loads and stores a matrix together: the load and the store wait for every lane of
// the subgroup (which must give the same memref, indices and matrix) and touch memory once, so a lane cannot see
// another lane's store of the same matrix. compute, constant and elementwise are pure: every lane computes the whole
// matrix.
import { IntegerAttr, type Operation, type Type, type ViewOf } from '@tlir/ir';
import { applyAtomicRMWKind } from '@tlir/dialect-arith';
import {
  MemrefView,
  Suspension,
  fault,
  floatKind,
  integerFormat,
  roundToKind,
  scalarArithmetic,
  signedValue,
  unsignedValue,
  wrapInteger,
  type InterpreterRegistry,
  type RuntimeValue,
} from '@tlir/interpreter';
import {
  SubgroupMmaComputeOp,
  SubgroupMmaConstantMatrixOp,
  SubgroupMmaElementwiseOp,
  SubgroupMmaLoadMatrixOp,
  SubgroupMmaStoreMatrixOp,
} from '../mma-ops.js';
import { MMAMatrixType } from '../mma-matrix-type.js';
import { MMAMatrixValue } from './mma-values.js';
import type { ValueRendezvous } from './rendezvous.js';
import { currentWorkItem } from './work-item.js';


/** `value` (an element of `from`) as an element of `to`: integers reinterpreted at the width, floats rounded. */
function convertElement(v: number | bigint, from: Type, to: Type): number | bigint {
  const toFormat = integerFormat(to);
  const toKind = floatKind(to);
  if (toFormat && integerFormat(from)) return wrapInteger(toFormat, v);
  if (toKind && floatKind(from)) return roundToKind(toKind, v as number);
  return fault(`an mma matrix of ${to} cannot be loaded from or stored to memory of ${from}`);
}

interface MatrixAccess {
  readonly view: MemrefView;
  readonly indices: readonly number[];
  readonly lead: number;
  readonly transpose: boolean;
}

/** The access of a load or store, and the address of element (r, c) of the matrix. */
function access(op: ViewOf<typeof SubgroupMmaLoadMatrixOp | typeof SubgroupMmaStoreMatrixOp>, view: RuntimeValue, indices: readonly RuntimeValue[]): MatrixAccess {
  if (!(view instanceof MemrefView)) fault(`internal: '${op.op.name}' on ${String(view)}`);
  const lead: unknown = op.leadDimension;
  return { view, indices: indices as number[], lead: lead instanceof IntegerAttr ? Number(lead.value) : 0, transpose: op.transpose !== undefined };
}

function address(a: MatrixAccess, base: number, r: number, c: number): number {
  return a.transpose ? base + c * a.lead + r : base + r * a.lead + c;
}

/** The lanes of a subgroup give one matrix access: the same memref view, indices and attributes. */
function uniformAccess(op: Operation, all: readonly MatrixAccess[]): MatrixAccess {
  const a = all[0]!;
  for (const b of all) {
    const same = b.view.memory === a.view.memory && b.view.offset === a.view.offset && b.indices.every((i, k) => i === a.indices[k]);
    if (!same) fault(`the lanes of a subgroup give '${op.name}' different memrefs or indices; they load and store one matrix together`);
  }
  return a;
}

function elementwise(op: ViewOf<typeof SubgroupMmaElementwiseOp>, args: readonly MMAMatrixValue[]): MMAMatrixValue {
  const kind: string = op.opType.value;
  const resType = op.res.type as MMAMatrixType;
  const argType = op.args[0]!.type as MMAMatrixType;
  const t = argType.elementType;
  const arith = scalarArithmetic(t)!;
  const [a, b] = args as [MMAMatrixValue, MMAMatrixValue | undefined];
  const binary = (f: (x: number | bigint, y: number | bigint) => number | bigint): MMAMatrixValue => {
    if (!b) fault(`'${kind}' takes two matrices`);
    return new MMAMatrixValue(a.rows, a.cols, a.elements.map((x, i) => f(x, b.elements[i]!)));
  };
  const unary = (f: (x: number | bigint) => number | bigint): MMAMatrixValue => new MMAMatrixValue(a.rows, a.cols, a.elements.map(f));
  const divide = (signed: boolean) => (x: number | bigint, y: number | bigint): number | bigint => {
    const format = integerFormat(t)!;
    const read = signed ? signedValue : unsignedValue;
    const [p, q] = [BigInt(read(format, x)), BigInt(read(format, y))];
    if (q === 0n) fault(`division by zero in gpu.subgroup_mma_elementwise ${kind}`);
    const quotient = p / q;
    if (signed && quotient > BigInt(2) ** BigInt(format.width - 1) - 1n) fault(`signed division overflows in gpu.subgroup_mma_elementwise ${kind}`);
    return wrapInteger(format, quotient);
  };
  switch (kind) {
    case 'addf':
    case 'addi':
      return binary(arith.add);
    case 'subf':
    case 'subi':
      return binary(arith.sub);
    case 'mulf':
    case 'muli':
      return binary(arith.mul);
    case 'divf':
      return binary((x, y) => roundToKind(floatKind(t)!, (x as number) / (y as number)));
    case 'maxf':
      return binary((x, y) => applyAtomicRMWKind('maximumf', t, x, y));
    case 'minf':
      return binary((x, y) => applyAtomicRMWKind('minimumf', t, x, y));
    case 'divs':
      return binary(divide(true));
    case 'divu':
      return binary(divide(false));
    case 'negatef':
    case 'negates':
      return unary(arith.neg);
    case 'extf':
      return unary((x) => roundToKind(floatKind(resType.elementType)!, x as number));
  }
  return fault(`internal: unknown mma elementwise operation '${kind}'`);
}

export function registerMmaOps(registry: InterpreterRegistry): void {
  registry.registerResumableImpl(SubgroupMmaLoadMatrixOp, function* (load, [src, ...indices], ctx) {
    const op = load.op;
    currentWorkItem(ctx, 'gpu.subgroup_mma_load_matrix');
    const type = load.res.type as MMAMatrixType;
    const [rows, cols] = type.shape as [number, number];
    const rendezvous: ValueRendezvous<MatrixAccess> = {
      scope: 'subgroup',
      value: access(load, src!, indices),
      complete(all) {
        const a = uniformAccess(op, all.map((r) => (r as ValueRendezvous<MatrixAccess>).value));
        const base = a.view.address(a.indices);
        const from = a.view.elementType;
        const elements: (number | bigint)[] = [];
        for (let r = 0; r < rows; r++) for (let c = 0; c < cols; c++) elements.push(convertElement(a.view.memory.load(address(a, base, r, c)), from, type.elementType));
        const m = new MMAMatrixValue(rows, cols, elements);
        return all.map(() => m);
      },
    };
    return [(yield new Suspension(op, rendezvous)) as RuntimeValue];
  });

  registry.registerResumableImpl(SubgroupMmaStoreMatrixOp, function* (store, [matrix, dst, ...indices], ctx) {
    const op = store.op;
    currentWorkItem(ctx, 'gpu.subgroup_mma_store_matrix');
    const type = store.src.type as MMAMatrixType;
    const rendezvous: ValueRendezvous<{ access: MatrixAccess; matrix: MMAMatrixValue }> = {
      scope: 'subgroup',
      value: { access: access(store, dst!, indices), matrix: matrix as MMAMatrixValue },
      complete(all) {
        const values = all.map((r) => (r as ValueRendezvous<{ access: MatrixAccess; matrix: MMAMatrixValue }>).value);
        const a = uniformAccess(op, values.map((v) => v.access));
        const m = values[0]!.matrix;
        if (values.some((v) => !v.matrix.equals(m))) fault("the lanes of a subgroup store different matrices with 'gpu.subgroup_mma_store_matrix'");
        const base = a.view.address(a.indices);
        const to = a.view.elementType;
        for (let r = 0; r < m.rows; r++) for (let c = 0; c < m.cols; c++) a.view.memory.store(address(a, base, r, c), convertElement(m.at(r, c), type.elementType, to));
        return all.map(() => undefined);
      },
    };
    yield new Suspension(op, rendezvous);
  });

  // C + A B, each element summed over k upwards in C's element type, rounded (or wrapped) at every step.
  registry.registerImpl(SubgroupMmaComputeOp, (op, [a, b, c]) => {
    const [A, B, C] = [a, b, c] as MMAMatrixValue[];
    const arith = scalarArithmetic((op.opC.type as MMAMatrixType).elementType)!;
    const out: (number | bigint)[] = [];
    for (let i = 0; i < C!.rows; i++) {
      for (let j = 0; j < C!.cols; j++) {
        let acc = C!.at(i, j);
        for (let k = 0; k < A!.cols; k++) acc = arith.add(acc, arith.mul(A!.at(i, k), B!.at(k, j)));
        out.push(acc);
      }
    }
    return [new MMAMatrixValue(C!.rows, C!.cols, out)];
  });
  registry.registerImpl(SubgroupMmaConstantMatrixOp, (op, [value]) => {
    const [rows, cols] = (op.res.type as MMAMatrixType).shape as [number, number];
    return [new MMAMatrixValue(rows, cols, new Array(rows * cols).fill(value))];
  });
  registry.registerImpl(SubgroupMmaElementwiseOp, (op, args) => [elementwise(op, args as MMAMatrixValue[])]);
}
