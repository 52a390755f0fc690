// Views of memrefs and their metadata: krnl.getref, krnl.vector_type_cast, krnl.dim, krnl.shape.
import {
  AnyInteger,
  AnyMemRef,
  DYNAMIC,
  Index,
  IndexType,
  IntegerAttr,
  IntegerType,
  MemRefType,
  Pure,
  ShapedType,
  VectorType,
  Variadic,
  defineOp,
  type Type,
} from '@tlir/ir';
import { MemAlloc, NoMemoryEffect, getConstantValue } from '@tlir/rewrite';

/** `"krnl.getref"(%pool, %offset)`: a memref within a memory pool, starting at a byte offset. */
export const GetRefOp = defineOp('krnl.getref', {
  summary: 'Krnl a MemRef from within another MemRef starting at a specific offset.',
  description: `
Retrieves a memref from within another memref (a memory pool) starting at \`offset\`, an integer used as an index
into the pool, like an array index. The \`value\` operands are the sizes of the dynamic dimensions of the result, one
per \`?\` in its shape. There is no custom form.

\`\`\`mlir
%0 = "krnl.getref"(%pool, %c64_i64) : (memref<1024xi8>, i64) -> memref<4x4xf32>
%1 = "krnl.getref"(%pool, %c0_i64, %n) : (memref<1024xi8>, i64, index) -> memref<?x4xf32>
\`\`\`
`,
  operands: { mempool: AnyMemRef, offset: AnyInteger, value: Variadic(Index) },
  results: { output: AnyMemRef },
  traits: [Pure],
  verify(g) {
    const result = g.output.type as MemRefType;
    const dynamic = result.shape.filter((d) => d === DYNAMIC).length;
    if (g.value.length !== dynamic) {
      g.op.emitOpError(`expects ${dynamic} dynamic sizes (one per dynamic dimension of the result), but got ${g.value.length}`);
      return false;
    }
    return true;
  },
});

/**
 * Whether a memref of scalars may be viewed as a memref of vectors (onnx-mlir's rule): same layout, memory space
 * and rank (not 0), same sizes but the last, scalar elements becoming vectors of them, and the last size divided
 * (rounding down) by the vector's number of elements, both sizes static or both dynamic.
 */
export function areVectorCastCompatible(a: Type, b: Type): boolean {
  if (!(a instanceof MemRefType) || !(b instanceof MemRefType)) return false;
  if (a.layout !== b.layout || a.memorySpace !== b.memorySpace) return false;
  const rank = a.shape.length;
  if (rank === 0 || b.shape.length !== rank) return false;
  for (let i = 0; i < rank - 1; i++) if (a.shape[i] !== b.shape[i]) return false;
  if (a.elementType instanceof ShapedType) return false;
  const vector = b.elementType;
  if (!(vector instanceof VectorType) || vector.elementType !== a.elementType || !vector.hasStaticShape) return false;
  const lastA = a.shape[rank - 1]!;
  const lastB = b.shape[rank - 1]!;
  if ((lastA === DYNAMIC) !== (lastB === DYNAMIC)) return false;
  return lastA === DYNAMIC || Math.floor(lastA / vector.numElements) === lastB;
}

/** `%v = krnl.vector_type_cast %m : memref<64x16xf32> to memref<64x2xvector<8xf32>>`: the same memory as vectors. */
export const VectorTypeCastOp = defineOp('krnl.vector_type_cast', {
  summary: 'Vector type cast operation',
  description: `
Converts a memref of a non-vector element type to a memref of a vector element type, viewing the same memory. The
last dimension size of the source is divided (floor division) by the vector size to obtain the corresponding
dimension of the result; the other dimensions, the layout and the memory space stay.

\`\`\`mlir
%MV = krnl.vector_type_cast %M : memref<64x16xf32> to memref<64x2xvector<8xf32>>
%AV = krnl.vector_type_cast %A : memref<?x?xf32> to memref<?x?xvector<8xf32>>
\`\`\`
`,
  operands: { source: AnyMemRef },
  results: { result: AnyMemRef },
  traits: [Pure],
  assemblyFormat: '$source attr-dict `:` type($source) `to` type($result)',
  verify(c) {
    const from = c.source.type;
    const to = c.result.type;
    if (!areVectorCastCompatible(from, to)) {
      c.op.emitOpError(`operand type '${from}' and result type '${to}' are cast incompatible`);
      return false;
    }
    return true;
  },
});

/** `"krnl.dim"(%m, %c1)`: the size of a dimension of a memref, independent of its allocation. */
export const DimOp = defineOp('krnl.dim', {
  summary: 'Krnl dimensions operation.',
  description: `
Emits the dimension of a memref independent of the memref alloc:

\`\`\`mlir
%d = "krnl.dim"(%memref, %c1) : (memref<4x?xf32>, index) -> index
\`\`\`

The index identifies the dimension within the shape which is going to be emitted. Unlike \`memref.dim\`, which keeps
a dependency on the alloc of the memref, the dimension emitted by \`krnl.dim\` no longer depends on the alloc once
lowered, so the original memref may be modified by code transformations or layout normalization without changing
the value already emitted. A constant index must be within the rank. There is no custom form.
`,
  operands: { alloc: AnyMemRef, index: Index },
  results: { dimension: Index },
  traits: [NoMemoryEffect],
  verify(d) {
    const c = getConstantValue(d.index);
    const rank = (d.alloc.type as MemRefType).shape.length;
    if (c instanceof IntegerAttr && (c.value < 0n || c.value >= BigInt(rank))) {
      d.op.emitOpError(`index ${c.value} is out of range for a memref of rank ${rank}`);
      return false;
    }
    return true;
  },
});

/** `"krnl.shape"(%m)`: the sizes of a memref, in a 1-D memref. */
export const ShapeOp = defineOp('krnl.shape', {
  summary: 'Krnl operation to retrieve the shape of a MemRef.',
  description: `
Extracts the shape of a memref into a new 1-D memref of integers or indices with one element per dimension. There
is no custom form.

\`\`\`mlir
%s = "krnl.shape"(%m) : (memref<4x?xf32>) -> memref<2xindex>
\`\`\`
`,
  operands: { alloc: AnyMemRef },
  results: { shape: AnyMemRef },
  traits: [MemAlloc],
  verify(s) {
    const rank = (s.alloc.type as MemRefType).shape.length;
    const t = s.shape.type as MemRefType;
    const ok =
      t.shape.length === 1 &&
      (t.shape[0] === DYNAMIC || t.shape[0] === rank) &&
      (t.elementType instanceof IndexType || t.elementType instanceof IntegerType);
    if (!ok) {
      s.op.emitOpError(`expects a 1-D memref of ${rank} integers or indices (one per dimension), but got '${t}'`);
      return false;
    }
    return true;
  },
});
