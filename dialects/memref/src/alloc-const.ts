// The canonicalization that moves constant sizes of an allocation into its type (MLIR's SimplifyAllocConst, for
// memref.alloc and memref.alloca): `memref.alloc(%c4) : memref<?xf32>` becomes `memref.alloc() : memref<4xf32>`
// and a memref.cast back to the old type for its users.
import { IntegerAttr, MemRefType, type Operation, type Value } from '@tlir/ir';
import { definePattern, getConstantValue, type PatternRewriter } from '@tlir/rewrite';
import { AllocaOp, AllocOp } from './alloc-op.js';
import { CastOp } from './cast-op.js';

/** The value of a size operand that is a constant and not negative (a negative size is left to fail at run time). */
function constantSize(v: Value): number | undefined {
  const c = getConstantValue(v);
  if (!(c instanceof IntegerAttr)) return undefined;
  const n = Number(c.value);
  return n >= 0 ? n : undefined;
}

function simplifyAllocConst(
  alloc: Operation,
  dynamicSizes: readonly Value[],
  rewriter: PatternRewriter,
  make: (type: MemRefType, sizes: Value[]) => Value,
): boolean {
  if (!dynamicSizes.some((v) => constantSize(v) !== undefined)) return rewriter.notifyMatchFailure(alloc, 'no constant size');
  const type = alloc.getResultType(0) as MemRefType;
  const shape: number[] = [];
  const sizes: Value[] = [];
  let next = 0;
  for (const d of type.shape) {
    if (d >= 0) {
      shape.push(d);
      continue;
    }
    const v = dynamicSizes[next++]!;
    const c = constantSize(v);
    if (c === undefined) {
      shape.push(d);
      sizes.push(v);
    } else {
      shape.push(c);
    }
  }
  const made = make(MemRefType.get(alloc.context, shape, type.elementType, type.layout, type.memorySpace), sizes);
  rewriter.replaceOp(alloc, [CastOp.create(rewriter, { source: made, dest: type, loc: alloc.loc }).dest]);
  return true;
}

export const SimplifyAllocConst = definePattern(
  AllocOp,
  (a, rewriter) =>
    simplifyAllocConst(a.op, a.dynamicSizes, rewriter, (type, sizes) =>
      AllocOp.create(rewriter, { dynamicSizes: sizes, symbolOperands: [...a.symbolOperands], alignment: a.alignment, memref: type, loc: a.op.loc }).memref,
    ),
  { debugName: 'SimplifyAllocConst<AllocOp>' },
);

export const SimplifyAllocaConst = definePattern(
  AllocaOp,
  (a, rewriter) =>
    simplifyAllocConst(a.op, a.dynamicSizes, rewriter, (type, sizes) =>
      AllocaOp.create(rewriter, { dynamicSizes: sizes, symbolOperands: [...a.symbolOperands], alignment: a.alignment, memref: type, loc: a.op.loc }).memref,
    ),
  { debugName: 'SimplifyAllocConst<AllocaOp>' },
);
