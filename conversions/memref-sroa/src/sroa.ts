// Scalar replacement of aggregates for memref.alloca (MLIR's `--sroa` on the memref dialect): a buffer of static
// shape and at most `max-elements` elements whose every use is a memref.load or memref.store of it at constant,
// in-bounds indices is split into one rank-0 buffer per element used:
//
//   %acc = memref.alloca() : memref<2x2xf32>                %acc_0 = memref.alloca() : memref<f32>
//   memref.store %x, %acc[%c1, %c0] : memref<2x2xf32>  =>   memref.store %x, %acc_0[] : memref<f32>
//   %v = memref.load %acc[%c1, %c0] : memref<2x2xf32>        %v = memref.load %acc_0[] : memref<f32>
//
// The new buffers keep the memory space (MLIR 22 drops it) and come in the order of the elements in memory, where
// the buffer was. A work-item's register tile, once its loops are unrolled, becomes scalars that the WGSL
// translation writes as plain `var`s (docs/wgsl.md).
import { AllocaOp, LoadOp, StoreOp } from '@tlir/dialect-memref';
import { Builder, IntegerAttr, MemRefType, type Operation, type Value } from '@tlir/ir';
import { getConstantValue } from '@tlir/rewrite';

/** The default limit on the elements of a buffer to split (MLIR's memref limit). */
export const DEFAULT_MAX_ELEMENTS = 16;

interface Access {
  readonly op: Operation;
  /** The position of the memref operand (0 for a load, 1 for a store); the indices follow it. */
  readonly memref: number;
  /** The element's position, linearized row-major. */
  readonly element: number;
}

/** The constant value of an index, or undefined. */
function constantIndex(v: Value): number | undefined {
  const c = getConstantValue(v);
  return c instanceof IntegerAttr ? c.number : undefined;
}

/** The accesses of `alloca` if it can be split (every use a load or store at constant in-bounds indices). */
function splittableAccesses(alloca: Operation, maxElements: number): Access[] | undefined {
  const result = alloca.results[0]!;
  const type = result.type;
  if (!(type instanceof MemRefType) || !type.hasStaticShape || type.shape.length === 0 || alloca.numOperands > 0) return undefined;
  if (type.elementType instanceof MemRefType) return undefined;
  const count = type.shape.reduce((n, s) => n * s, 1);
  if (count > maxElements) return undefined;
  const accesses: Access[] = [];
  for (const use of result.uses()) {
    const op = use.owner;
    const memref = LoadOp.is(op) && use.index === 0 ? 0 : StoreOp.is(op) && use.index === 1 ? 1 : -1;
    if (memref < 0) return undefined;
    let element = 0;
    for (let d = 0; d < type.shape.length; d++) {
      const i = constantIndex(op.operands[memref + 1 + d]!);
      if (i === undefined || i < 0 || i >= type.shape[d]!) return undefined;
      element = element * type.shape[d]! + i;
    }
    accesses.push({ op, memref, element });
  }
  return accesses;
}

/** Splits `alloca` if it can be; returns whether it did. */
export function splitAlloca(alloca: Operation, maxElements = DEFAULT_MAX_ELEMENTS): boolean {
  const accesses = splittableAccesses(alloca, maxElements);
  if (!accesses) return false;
  const type = alloca.results[0]!.type as MemRefType;
  const scalar = MemRefType.get(alloca.context, [], type.elementType, undefined, type.memorySpace);
  const b = new Builder(alloca.context);
  b.setInsertionPoint(alloca);
  const elements = new Map<number, Value>();
  for (const e of [...new Set(accesses.map((a) => a.element))].sort((x, y) => x - y)) {
    elements.set(e, AllocaOp.create(b, { dynamicSizes: [], symbolOperands: [], memref: scalar, loc: alloca.loc }).memref);
  }
  for (const a of accesses) {
    a.op.setOperand(a.memref, elements.get(a.element)!);
    for (let d = type.shape.length - 1; d >= 0; d--) a.op.eraseOperand(a.memref + 1 + d);
  }
  alloca.erase();
  return true;
}

/** Splits every splittable alloca nested in `root`; returns how many. */
export function splitAllocas(root: Operation, maxElements = DEFAULT_MAX_ELEMENTS): number {
  const allocas: Operation[] = [];
  root.walk((op) => void (AllocaOp.is(op) && allocas.push(op)));
  let count = 0;
  for (const alloca of allocas) if (splitAlloca(alloca, maxElements)) count++;
  return count;
}
