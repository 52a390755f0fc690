// The subgroup matrix-multiply-accumulate ops: load, store, compute, constant and elementwise ops on
// !gpu.mma_matrix values, which the work-items of a subgroup hold together.
import {
  AnyOf,
  F16,
  F32,
  F64,
  I32,
  I8,
  IndexAttr,
  IntegerType,
  MemRefType,
  OptionalAttr,
  Pure,
  SameAs,
  TypesMatchWith,
  UnitAttr,
  Variadic,
  Index,
  VectorType,
  defineOp,
  typeConstraint,
  type Type,
  type TypeConstraint,
} from '@tlir/ir';
import { MemRead, MemWrite } from '@tlir/rewrite';
import { MMAElementwiseAttr } from './gpu-attributes.js';
import { AnyIntegerOrFloat } from './reduction-types.js';
import { MMAMatrixOf, MMAMatrixType, type MMAMatrixType as MMAMatrix } from './mma-matrix-type.js';

const signedInteger = (width: number, signedness: 'signed' | 'unsigned'): TypeConstraint<IntegerType> =>
  typeConstraint<IntegerType>(
    `${width}-bit ${signedness} integer`,
    (t) => t instanceof IntegerType && t.width === width && t.signedness === signedness,
    (ctx) => IntegerType.get(ctx, width, signedness),
  );
const SI8 = signedInteger(8, 'signed');
const UI8 = signedInteger(8, 'unsigned');

/**
 * Any MMA matrix (the result of the MMA ops). MLIR's GPU_MMAMatrix is a DialectType of C++ class ::mlir::Type, so a
 * format reads any type there and the verifier reports another ("result #0 must be MMAMatrix type"); MMAMatrixOf,
 * whose class is MMAMatrixType, is read as one ("invalid kind of type specified").
 */
const AnyMMAMatrix = typeConstraint<MMAMatrix>('MMAMatrix type', (t) => MMAMatrixType.is(t));

/** The memrefs MMA matrices are loaded from and stored to (MLIR 22's GPU_MMAMemRef). */
const MMA_MEMORY_ELEMENTS = [I8, I32, F16, F32, F64];
const mmaElement = AnyOf(MMA_MEMORY_ELEMENTS);
const mmaVector = typeConstraint(
  `vector of ${mmaElement.summary} values of ranks 1`,
  (t) => t instanceof VectorType && t.shape.length === 1 && mmaElement.check(t.elementType),
);
const MMAMemRef = typeConstraint<MemRefType>(
  `memref of ${mmaElement.summary} or ${mmaVector.summary} values`,
  (t) => t instanceof MemRefType && (mmaElement.check(t.elementType) || mmaVector.check(t.elementType)),
  undefined,
  { name: 'builtin.memref', check: (t) => t instanceof MemRefType },
);

/** Whether the innermost dimension of a memref is contiguous (MLIR's isLastMemrefDimUnitStride). */
function isLastDimUnitStride(t: MemRefType): boolean {
  if (!t.shape.length) return true;
  const layout = t.stridedLayout;
  if (layout === undefined) return false;
  return layout.strides[layout.strides.length - 1] === 1;
}

export const SubgroupMmaLoadMatrixOp = defineOp('gpu.subgroup_mma_load_matrix', {
  summary: 'GPU warp synchronous matrix load',
  description: `
The \`gpu.subgroup_mma_load_matrix\` operation loads a matrix collectively using all the threads in a subgroup.

This operation takes a memref as its first operand: it is the source matrix from which data is to be loaded. The op
returns a \`!gpu.mma_matrix\`. The source memref can be in global memory or shared memory. The load address is
determined using \`indices\` (of the matrix's first element). The \`leadDimension\` attribute specifies the leading
dimension size of the source matrix, the distance in elements between the starts of two rows. If the \`transpose\`
attribute is present then the op does a transposed load.

\`\`\`mlir
%0 = gpu.subgroup_mma_load_matrix %src[%i, %j] {leadDimension = 32 : index} : memref<32x32xf16, 3> -> !gpu.mma_matrix<16x16xf16, "AOp">
\`\`\`
`,
  operands: { srcMemref: MMAMemRef, indices: Variadic(Index) },
  properties: { leadDimension: IndexAttr, transpose: OptionalAttr(UnitAttr) },
  results: { res: AnyMMAMatrix },
  traits: [MemRead],
  assemblyFormat: '$srcMemref`[`$indices`]` attr-dict `:` type($srcMemref) `->` type($res)',
  verify(l) {
    if (!isLastDimUnitStride(l.srcMemref.type as MemRefType)) {
      l.op.emitError('expected source memref most minor dim must have unit stride');
      return false;
    }
    return true;
  },
});

export const SubgroupMmaStoreMatrixOp = defineOp('gpu.subgroup_mma_store_matrix', {
  summary: 'GPU warp synchronous matrix store',
  description: `
The \`gpu.subgroup_mma_store_matrix\` operation stores a matrix collectively using all the threads in a subgroup.

This operation takes a \`!gpu.mma_matrix\` (a \`COp\`) and a memref as operands. The store address is determined using
the indices provided. The \`leadDimension\` attribute specifies the leading dimension of the destination matrix. If
the \`transpose\` attribute is present then the op does a transposed store.

\`\`\`mlir
gpu.subgroup_mma_store_matrix %D, %sg[%i, %j] {leadDimension = 32 : index} : !gpu.mma_matrix<16x16xf16, "COp">, memref<32x32xf16, 3>
\`\`\`
`,
  operands: { src: MMAMatrixOf([SI8, UI8, I32, F16, F32, F64]), dstMemref: MMAMemRef, indices: Variadic(Index) },
  properties: { leadDimension: IndexAttr, transpose: OptionalAttr(UnitAttr) },
  traits: [MemWrite],
  assemblyFormat: '$src`,` $dstMemref`[`$indices`]` attr-dict `:` type($src)`,` type($dstMemref)',
  verify(s) {
    if (!isLastDimUnitStride(s.dstMemref.type as MemRefType)) {
      s.op.emitError('expected destination memref most minor dim must have unit stride');
      return false;
    }
    if ((s.src.type as MMAMatrix).operand !== 'COp') {
      s.op.emitError("expected the operand matrix being stored to have 'COp' operand type");
      return false;
    }
    return true;
  },
});

export const SubgroupMmaComputeOp = defineOp('gpu.subgroup_mma_compute', {
  summary: 'GPU warp synchronous matrix multiply accumulate',
  description: `
The \`gpu.subgroup_mma_compute\` operation performs a matrix-multiply accumulate (mma) operation using all the threads
in a subgroup.

This operation takes three \`!gpu.mma_matrix\`s as arguments: these hold \`A\`, \`B\` and \`C\` operands for the mma
operation. The operation performed is represented as \`C += A * B\`. The op returns a \`!gpu.mma_matrix\` which contains
the result of the operation held by all threads in a subgroup. \`a_transpose\` or \`b_transpose\` say that the operand
was loaded transposed; they do not change the result.

For integer types, the \`A\` and \`B\` matrices carry their signedness with their types. The accumulator type is expected
to be signless and imply a signed integer with a greater width than the other two operands.

\`\`\`mlir
%D = gpu.subgroup_mma_compute %A, %B, %C : !gpu.mma_matrix<16x16xf16, "AOp">, !gpu.mma_matrix<16x16xf16, "BOp"> -> !gpu.mma_matrix<16x16xf16, "COp">
\`\`\`
`,
  operands: {
    opA: MMAMatrixOf([SI8, UI8, F16, F32, F64]),
    opB: MMAMatrixOf([SI8, UI8, F16, F32, F64]),
    opC: MMAMatrixOf([I32, F16, F32, F64]),
  },
  properties: { a_transpose: OptionalAttr(UnitAttr), b_transpose: OptionalAttr(UnitAttr) },
  results: { res: SameAs('opC', AnyMMAMatrix) },
  traits: [Pure],
  assemblyFormat: '$opA`,` $opB`,` $opC attr-dict `:` type($opA)`,` type($opB) `->` type($res)',
  verify(c) {
    const [a, b, acc] = [c.opA.type, c.opB.type, c.opC.type] as MMAMatrix[];
    if (a!.operand !== 'AOp' || b!.operand !== 'BOp' || acc!.operand !== 'COp') {
      c.op.emitError('operands must be in the order AOp, BOp, COp');
      return false;
    }
    if (a!.shape[1] !== b!.shape[0] || a!.shape[0] !== acc!.shape[0] || b!.shape[1] !== acc!.shape[1]) {
      c.op.emitError('operand shapes do not satisfy matmul constraints');
      return false;
    }
    return true;
  },
});

export const SubgroupMmaConstantMatrixOp = defineOp('gpu.subgroup_mma_constant_matrix', {
  summary: 'GPU warp synchronous constant matrix',
  description: `
The \`gpu.subgroup_mma_constant_matrix\` creates a \`!gpu.mma_matrix\` with constant elements.

The operation takes a scalar input and return a \`!gpu.mma_matrix\` where each element of is equal to the operand
constant. The destination mma_matrix type must have element type equal to the constant type.

\`\`\`mlir
%0 = gpu.subgroup_mma_constant_matrix %a : !gpu.mma_matrix<16x16xf16, "AOp">
\`\`\`
`,
  operands: {
    value: TypesMatchWith('value type matches element type of mma_matrix', 'res', (t: Type) => [(t as MMAMatrix).elementType], AnyOf([SI8, UI8, I32, F16, F32])),
  },
  results: { res: AnyMMAMatrix },
  traits: [Pure],
  assemblyFormat: '$value attr-dict `:` type($res)',
});

export const SubgroupMmaElementwiseOp = defineOp('gpu.subgroup_mma_elementwise', {
  summary: 'GPU warp elementwise operation on a matrix',
  description: `
The \`gpu.subgroup_mma_elementwise\` takes \`!gpu.mma_matrix\` inputs and compute a new \`!gpu.mma_matrix\` by applying an
elementwise operation to each element.

Since the operation is elementwise and the matrix type must match, the matrix elements are processed independently of
the matrix layout.

\`\`\`mlir
%0 = gpu.subgroup_mma_elementwise addf %A, %B : (!gpu.mma_matrix<16x16xf16, "COp">, !gpu.mma_matrix<16x16xf16, "COp">) -> !gpu.mma_matrix<16x16xf16, "COp">
\`\`\`
`,
  operands: { args: Variadic(AnyMMAMatrix) },
  properties: { opType: MMAElementwiseAttr },
  results: { res: AnyMMAMatrix },
  traits: [Pure],
  assemblyFormat: '$opType $args attr-dict `:` functional-type($args, $res)',
});

/** The element type of an MMA matrix type, for the value of the thread-local extract and insert. */
const matrixElement = (t: Type): readonly Type[] => [(t as MMAMatrix).elementType];

export const SubgroupMmaExtractThreadLocalOp = defineOp('gpu.subgroup_mma_extract_thread_local', {
  summary: 'Extract a value from GPU warp by invocation and indices',
  description: `
The \`gpu.subgroup_mma_extract_thread_local\` operation extracts a value from an \`!gpu.mma_matrix\` that is stored at
subgroup level. It takes an \`!gpu.mma_matrix\` and indices into the part of the matrix the invocation holds (which
elements those are is the target's business), and returns the element there, of the matrix's element type.

\`\`\`mlir
%v = gpu.subgroup_mma_extract_thread_local %m[%c0] : !gpu.mma_matrix<16x16xf32, "AOp"> -> f32
\`\`\`
`,
  operands: { matrix: AnyMMAMatrix, indices: Variadic(Index) },
  results: { res: TypesMatchWith('value type matches element type of mma_matrix', 'matrix', matrixElement, AnyIntegerOrFloat) },
  traits: [Pure],
  assemblyFormat: '$matrix`[`$indices`]` attr-dict `:` type($matrix) `->` type($res)',
});

export const SubgroupMmaInsertThreadLocalOp = defineOp('gpu.subgroup_mma_insert_thread_local', {
  summary: 'Insert a value into GPU warp by invocation and indices',
  description: `
The \`gpu.subgroup_mma_insert_thread_local\` operation inserts a value (of the matrix's element type) into an
\`!gpu.mma_matrix\` that is stored at subgroup level, at indices into the part of the matrix the invocation holds, and
returns the new matrix.

\`\`\`mlir
%m2 = gpu.subgroup_mma_insert_thread_local %v, %m[%c0] : f16, !gpu.mma_matrix<16x16xf16, "COp"> -> !gpu.mma_matrix<16x16xf16, "COp">
\`\`\`
`,
  operands: {
    value: TypesMatchWith('value type matches element type of mma_matrix', 'matrix', matrixElement, AnyIntegerOrFloat),
    matrix: AnyMMAMatrix,
    indices: Variadic(Index),
  },
  results: { res: AnyMMAMatrix },
  traits: [Pure],
  assemblyFormat: '$value`,` $matrix`[`$indices`]` attr-dict `:` type($value)`,` type($matrix) `->` type($res)',
});
