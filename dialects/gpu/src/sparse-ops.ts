// The sparse linear algebra ops of the gpu dialect (MLIR 22's GPUOps.td, modelled on cuSPARSE): handles of dense
// tensors and sparse matrices (COO, CSR, CSC, BSR, 2:4), SpMV, SpMM, SDDMM and SpGEMM with their buffer-size
// queries, all asynchronous like the memory ops. tlir reads, verifies and prints them; nothing lowers or runs them.
import { AnyMemRef, DefaultValuedAttr, EnumParameter, Index, TypeAttr, Variadic, defineAttribute, defineOp, defineType, typeConstraint, Optional } from '@tlir/ir';
import { MemRead, MemWrite } from '@tlir/rewrite';
import { AsyncDependencies } from './async-dependencies.js';
import { AsyncToken } from './async-token-type.js';

/** `!gpu.sparse.dntensor_handle`: a dense tensor (vector or matrix) described for the sparse library. */
export const SparseDnTensorHandleType = defineType('gpu.sparse.dntensor_handle', {
  summary: 'dense tensor handle type',
  description: '`!gpu.sparse.dntensor_handle`: the handle of a dense vector or matrix made by `gpu.create_dn_tensor`.',
});
/** `!gpu.sparse.spmat_handle`: a sparse matrix described for the sparse library. */
export const SparseSpMatHandleType = defineType('gpu.sparse.spmat_handle', {
  summary: 'sparse matrix handle type',
  description: '`!gpu.sparse.spmat_handle`: the handle of a sparse matrix made by `gpu.create_coo`, `create_csr`, ...',
});
/** `!gpu.sparse.spgemmop_handle`: the state of one SpGEMM computation. */
export const SparseSpGEMMOpHandleType = defineType('gpu.sparse.spgemmop_handle', {
  summary: 'SpGEMM operation handle type',
  description: '`!gpu.sparse.spgemmop_handle`: the descriptor of an SpGEMM computation (`gpu.spgemm_create_descr`).',
});

const handle = (name: string, def: typeof SparseDnTensorHandleType) =>
  typeConstraint(name, (t) => def.is(t), (ctx) => def.get(ctx, {}), { name: def.name, check: (t) => def.is(t) });
const DnTensorHandle = handle('dense tensor handle type', SparseDnTensorHandleType);
const SpMatHandle = handle('sparse matrix handle type', SparseSpMatHandleType);
const SpGEMMOpHandle = handle('SpGEMM operation handle type', SparseSpGEMMOpHandleType);

export const TRANSPOSE_MODES = ['NON_TRANSPOSE', 'TRANSPOSE', 'CONJUGATE_TRANSPOSE'] as const;
/** `#gpu<mat_transpose_mode TRANSPOSE>`: whether an operand matrix is used transposed. */
export const TransposeModeAttr = defineAttribute('gpu.mat_transpose_mode', {
  summary: 'transpose mode of sparse matrix supported by sparse tensor ops',
  description: 'How a sparse op uses a matrix operand: `NON_TRANSPOSE`, `TRANSPOSE` or `CONJUGATE_TRANSPOSE`.',
  parameters: { value: EnumParameter('::mlir::gpu::TransposeMode', TRANSPOSE_MODES) },
  ods: { record: 'GPU_TransposeModeAttr' },
  assemblyFormat: '$value',
});
export const PRUNE_2TO4_FLAGS = ['NONE', 'PRUNE_ONLY', 'PRUNE_AND_CHECK'] as const;
/** `#gpu<prune_2to4_spmat_flag PRUNE_AND_CHECK>`: how gpu.create_2to4_spmat prunes its matrix. */
export const Prune2To4SpMatFlagAttr = defineAttribute('gpu.prune_2to4_spmat_flag', {
  summary: 'pruning strategy for 2:4 sparse matrix',
  description: 'Whether `gpu.create_2to4_spmat` prunes the dense matrix to 2:4 sparsity (`NONE`, `PRUNE_ONLY`, `PRUNE_AND_CHECK`).',
  parameters: { value: EnumParameter('::mlir::gpu::Prune2To4SpMatFlag', PRUNE_2TO4_FLAGS) },
  ods: { record: 'GPU_Prune2To4SpMatFlagAttr' },
  assemblyFormat: '$value',
});
export const SPGEMM_KINDS = ['WORK_ESTIMATION', 'COMPUTE'] as const;
/** `#gpu<spgemm_work_estimation_or_compute_kind COMPUTE>`: which phase of SpGEMM an op runs. */
export const SpGEMMWorkEstimationOrComputeKindAttr = defineAttribute('gpu.spgemm_work_estimation_or_compute_kind', {
  summary: 'choose whether spgemm_work_estimation_or_compute does work estimation or compute',
  description: 'The phase of `gpu.spgemm_work_estimation_or_compute`: `WORK_ESTIMATION` or `COMPUTE`.',
  parameters: { value: EnumParameter('::mlir::gpu::SpGEMMWorkEstimationOrComputeKind', SPGEMM_KINDS) },
  ods: { record: 'GPU_SpGEMMWorkEstimationOrComputeKindAttr' },
  assemblyFormat: '$value',
});

const ASYNC = 'custom<AsyncDependencies>(type($asyncToken), $asyncDependencies)';
const mode = () => DefaultValuedAttr(TransposeModeAttr, (ctx) => TransposeModeAttr.get(ctx, { value: 'NON_TRANSPOSE' }));
const asyncOperands = { asyncDependencies: Variadic(AsyncToken) };
const token = { asyncToken: Optional(AsyncToken) };
const SPARSE_DOC = `
If the \`async\` keyword is present, the op is executed asynchronously (i.e. it does not block until the execution has
finished on the device); it then returns a \`!gpu.async.token\`, and does not start before its dependencies.`;

export const CreateDnTensorOp = defineOp('gpu.create_dn_tensor', {
  summary: 'Create dense tensor operation',
  description: `Initializes a dense tensor (a vector, or a matrix of the given sizes) over a memref for the sparse ops. ${SPARSE_DOC}

\`\`\`mlir
%dmat, %token = gpu.create_dn_tensor async [%dep] %mem, %rows, %cols : index, index into memref<?xf64>
\`\`\``,
  operands: { ...asyncOperands, memref: AnyMemRef, dims: Variadic(Index) },
  results: { dnTensor: DnTensorHandle, ...token },
  assemblyFormat: `${ASYNC} $memref \`,\` $dims attr-dict \`:\` type($dims) \`into\` type($memref)`,
  customDirectives: { AsyncDependencies },
});

export const DestroyDnTensorOp = defineOp('gpu.destroy_dn_tensor', {
  summary: 'Destroy dense tensor operation',
  description: `Releases the resources of a dense tensor handle. ${SPARSE_DOC}

\`\`\`mlir
%token = gpu.destroy_dn_tensor async [%dep] %dnTensor
\`\`\``,
  operands: { ...asyncOperands, dnTensor: DnTensorHandle },
  results: token,
  assemblyFormat: `${ASYNC} $dnTensor attr-dict`,
  customDirectives: { AsyncDependencies },
});

/** A sparse matrix from three index counts and three memrefs (the COO, CSR and CSC forms). */
function createSparseMatrix(name: string, summary: string, what: string, names: readonly [string, string, string]) {
  const [a, b, c] = names;
  return defineOp(name, {
    summary,
    description: `Initializes a sparse matrix in ${what} form: the number of rows, columns and nonzeros, and the
memrefs \`${a}\`, \`${b}\` and \`${c}\`. ${SPARSE_DOC}

\`\`\`mlir
%spmat, %token = ${name} async [%dep] %rows, %cols, %nnz, %${a}, %${b}, %${c} : memref<?xindex>, memref<?xindex>, memref<?xf64>
\`\`\``,
    operands: { ...asyncOperands, rows: Index, cols: Index, nnz: Index, [a]: AnyMemRef, [b]: AnyMemRef, [c]: AnyMemRef } as const,
    results: { spmat: SpMatHandle, ...token },
    assemblyFormat: `${ASYNC} $rows \`,\` $cols \`,\` $nnz \`,\` $${a} \`,\` $${b} \`,\` $${c} attr-dict \`:\` type($${a}) \`,\` type($${b}) \`,\` type($${c})`,
    customDirectives: { AsyncDependencies },
  });
}
export const CreateCooOp = createSparseMatrix('gpu.create_coo', 'Create sparse matrix in COO format operation', 'COO (coordinate)', ['rowIdxs', 'colIdxs', 'values']);
export const CreateCsrOp = createSparseMatrix('gpu.create_csr', 'Create sparse matrix in CSR format operation', 'CSR (compressed sparse row)', ['rowPos', 'colIdxs', 'values']);
export const CreateCscOp = createSparseMatrix('gpu.create_csc', 'Create sparse matrix in CSC format operation', 'CSC (compressed sparse column)', ['colPos', 'rowIdxs', 'values']);

export const CreateCooAoSOp = defineOp('gpu.create_coo_aos', {
  summary: 'Create sparse matrix in COO format operation (AoS)',
  description: `Initializes a sparse matrix in COO form whose row and column indices are interleaved in one memref. ${SPARSE_DOC}

\`\`\`mlir
%spmat, %token = gpu.create_coo_aos async [%dep] %rows, %cols, %nnz, %idxs, %values : memref<?xindex>, memref<?xf64>
\`\`\``,
  operands: { ...asyncOperands, rows: Index, cols: Index, nnz: Index, idxs: AnyMemRef, values: AnyMemRef },
  results: { spmat: SpMatHandle, ...token },
  assemblyFormat: `${ASYNC} $rows \`,\` $cols \`,\` $nnz \`,\` $idxs \`,\` $values attr-dict \`:\` type($idxs) \`,\` type($values)`,
  customDirectives: { AsyncDependencies },
});

export const CreateBsrOp = defineOp('gpu.create_bsr', {
  summary: 'Create sparse matrix in BSR format operation',
  description: `Initializes a sparse matrix in BSR (block sparse row) form: block rows, block columns, nonzero blocks,
the block sizes, and the block positions, block column indices and values. ${SPARSE_DOC}

\`\`\`mlir
%spmat, %token = gpu.create_bsr async [%dep] %brows, %bcols, %bnnz, %rBlockSize, %cBlockSize, %bRowPos, %bColIdxs, %values : memref<?xindex>, memref<?xindex>, memref<?xf64>
\`\`\``,
  operands: { ...asyncOperands, brows: Index, bcols: Index, bnnz: Index, rBlockSize: Index, cBlockSize: Index, bRowPos: AnyMemRef, bColIdxs: AnyMemRef, values: AnyMemRef },
  results: { spmat: SpMatHandle, ...token },
  assemblyFormat: `${ASYNC} $brows \`,\` $bcols \`,\` $bnnz \`,\` $rBlockSize \`,\` $cBlockSize \`,\` $bRowPos \`,\` $bColIdxs \`,\` $values attr-dict \`:\` type($bRowPos) \`,\` type($bColIdxs) \`,\` type($values)`,
  customDirectives: { AsyncDependencies },
});

export const Create2To4SpMatOp = defineOp('gpu.create_2to4_spmat', {
  summary: 'Create sparse matrix with 2:4 sparsity operation',
  description: `Initializes a sparse matrix with 2:4 structured sparsity from a dense matrix, pruning it as the flag says. ${SPARSE_DOC}

\`\`\`mlir
%spmat, %token = gpu.create_2to4_spmat async [%dep] {PRUNE_AND_CHECK} %rows, %cols, %mem : memref<?xf64>
\`\`\``,
  operands: { ...asyncOperands, rows: Index, cols: Index, memref: AnyMemRef },
  properties: {
    pruneFlag: DefaultValuedAttr(Prune2To4SpMatFlagAttr, (ctx) => Prune2To4SpMatFlagAttr.get(ctx, { value: 'PRUNE_AND_CHECK' })),
  },
  results: { spMat: SpMatHandle, ...token },
  assemblyFormat: `${ASYNC} \`{\` $pruneFlag \`}\` $rows \`,\` $cols \`,\` $memref attr-dict \`:\` type($memref)`,
  customDirectives: { AsyncDependencies },
});

export const DestroySpMatOp = defineOp('gpu.destroy_sp_mat', {
  summary: 'Destroy sparse matrix operation',
  description: `Releases the resources of a sparse matrix handle. ${SPARSE_DOC}

\`\`\`mlir
%token = gpu.destroy_sp_mat async [%dep] %spmat
\`\`\``,
  operands: { ...asyncOperands, spmat: SpMatHandle },
  results: token,
  assemblyFormat: `${ASYNC} $spmat attr-dict`,
  customDirectives: { AsyncDependencies },
});

export const SpMVBufferSizeOp = defineOp('gpu.spmv_buffer_size', {
  summary: 'Precompute buffersize for SpMV operation',
  description: `The size of the buffer \`gpu.spmv\` needs for y = op(A) x, computed in the compute type. ${SPARSE_DOC}

\`\`\`mlir
%buffersz, %token = gpu.spmv_buffer_size async [%dep] %spmatA{TRANSPOSE}, %dnX, %dnY into f32
\`\`\``,
  operands: { ...asyncOperands, spmatA: SpMatHandle, dnX: DnTensorHandle, dnY: DnTensorHandle },
  properties: { modeA: mode(), computeType: TypeAttr },
  results: { bufferSz: Index, ...token },
  assemblyFormat: `${ASYNC} $spmatA (\`{\` $modeA^ \`}\`)? \`,\` $dnX \`,\` $dnY attr-dict \`into\` $computeType`,
  customDirectives: { AsyncDependencies },
});

export const SpMVOp = defineOp('gpu.spmv', {
  summary: 'SpMV operation',
  description: `Sparse matrix times dense vector: y = op(A) x, with the buffer its buffer-size query asked for. ${SPARSE_DOC}

\`\`\`mlir
%token = gpu.spmv async [%dep] %spmatA{TRANSPOSE}, %dnX, %dnY, %buffer : memref<?xf64> into bf16
\`\`\``,
  operands: { ...asyncOperands, spmatA: SpMatHandle, dnX: DnTensorHandle, dnY: DnTensorHandle, buffer: AnyMemRef },
  properties: { modeA: mode(), computeType: TypeAttr },
  results: token,
  traits: [MemRead, MemWrite],
  assemblyFormat: `${ASYNC} $spmatA (\`{\` $modeA^ \`}\`)? \`,\` $dnX \`,\` $dnY \`,\` $buffer attr-dict \`:\` type($buffer) \`into\` $computeType`,
  customDirectives: { AsyncDependencies },
});

export const SpMMBufferSizeOp = defineOp('gpu.spmm_buffer_size', {
  summary: 'Precompute buffersize for SpMM operation',
  description: `The sizes of the buffers \`gpu.spmm\` needs for C = op(A) op(B). ${SPARSE_DOC}

\`\`\`mlir
%bufferszs, %token = gpu.spmm_buffer_size async [%dep] %spmatA{TRANSPOSE}, %dnmatB{TRANSPOSE}, %dnmatC : i64 into f32
\`\`\``,
  operands: { ...asyncOperands, spmatA: SpMatHandle, dnmatB: DnTensorHandle, dnmatC: DnTensorHandle },
  properties: { modeA: mode(), modeB: mode(), computeType: TypeAttr },
  results: { bufferSzs: Variadic(Index), ...token },
  assemblyFormat: `${ASYNC} $spmatA (\`{\` $modeA^ \`}\`)? \`,\` $dnmatB (\`{\` $modeB^ \`}\`)? \`,\` $dnmatC attr-dict \`:\` type($bufferSzs) \`into\` $computeType`,
  customDirectives: { AsyncDependencies },
});

export const SpMMOp = defineOp('gpu.spmm', {
  summary: 'SpMM operation',
  description: `Sparse matrix times dense matrix: C = op(A) op(B), with the buffers its buffer-size query asked for. ${SPARSE_DOC}

\`\`\`mlir
%token = gpu.spmm async [%dep] %spmatA{TRANSPOSE}, %dnmatB{TRANSPOSE}, %dnmatC, %buffers : type($buffers) into f32
\`\`\``,
  operands: { ...asyncOperands, spmatA: SpMatHandle, dnmatB: DnTensorHandle, dnmatC: DnTensorHandle, buffers: Variadic(AnyMemRef) },
  properties: { modeA: mode(), modeB: mode(), computeType: TypeAttr },
  results: token,
  traits: [MemRead, MemWrite],
  assemblyFormat: `${ASYNC} $spmatA (\`{\` $modeA^ \`}\`)? \`,\` $dnmatB (\`{\` $modeB^ \`}\`)? \`,\` $dnmatC \`,\` $buffers attr-dict \`:\` type($buffers) \`into\` $computeType`,
  customDirectives: { AsyncDependencies },
});

export const SDDMMBufferSizeOp = defineOp('gpu.sddmm_buffer_size', {
  summary: 'Precompute buffersize for SDDMM operation',
  description: `The size of the buffer \`gpu.sddmm\` needs for C = (op(A) op(B)) sampled at C's nonzeros. ${SPARSE_DOC}

\`\`\`mlir
%buffersz, %token = gpu.sddmm_buffer_size async [%dep] %dnmatA{TRANSPOSE}, %dnmatB{TRANSPOSE}, %spmatC into f32
\`\`\``,
  operands: { ...asyncOperands, dnmatA: DnTensorHandle, dnmatB: DnTensorHandle, spmatC: SpMatHandle },
  properties: { modeA: mode(), modeB: mode(), computeType: TypeAttr },
  results: { bufferSz: Index, ...token },
  assemblyFormat: `${ASYNC} $dnmatA (\`{\` $modeA^ \`}\`)? \`,\` $dnmatB (\`{\` $modeB^ \`}\`)? \`,\` $spmatC attr-dict \`into\` $computeType`,
  customDirectives: { AsyncDependencies },
});

export const SDDMMOp = defineOp('gpu.sddmm', {
  summary: 'SDDMM operation',
  description: `Sampled dense-dense matrix multiplication: C = (op(A) op(B)) at the nonzeros of C. ${SPARSE_DOC}

\`\`\`mlir
%token = gpu.sddmm async [%dep] %dnmatA{TRANSPOSE}, %dnmatB{TRANSPOSE}, %spmatC, %buffer : memref<?xf64> into f32
\`\`\``,
  operands: { ...asyncOperands, dnmatA: DnTensorHandle, dnmatB: DnTensorHandle, spmatC: SpMatHandle, buffer: AnyMemRef },
  properties: { modeA: mode(), modeB: mode(), computeType: TypeAttr },
  results: token,
  traits: [MemRead, MemWrite],
  assemblyFormat: `${ASYNC} $dnmatA (\`{\` $modeA^ \`}\`)? \`,\` $dnmatB (\`{\` $modeB^ \`}\`)? \`,\` $spmatC \`,\` $buffer attr-dict \`:\` type($buffer) \`into\` $computeType`,
  customDirectives: { AsyncDependencies },
});

export const SpGEMMCreateDescrOp = defineOp('gpu.spgemm_create_descr', {
  summary: 'SpGEMM Create Descr operation',
  description: `Creates the descriptor that carries the state of an SpGEMM computation between its phases. ${SPARSE_DOC}

\`\`\`mlir
%desc, %token = gpu.spgemm_create_descr async [%dep]
\`\`\``,
  operands: asyncOperands,
  results: { desc: SpGEMMOpHandle, ...token },
  assemblyFormat: `${ASYNC} attr-dict`,
  customDirectives: { AsyncDependencies },
});

export const SpGEMMDestroyDescrOp = defineOp('gpu.spgemm_destroy_descr', {
  summary: 'SpGEMM Destroy Descr operation',
  description: `Releases an SpGEMM descriptor. ${SPARSE_DOC}

\`\`\`mlir
%token = gpu.spgemm_destroy_descr async [%dep] %desc
\`\`\``,
  operands: { ...asyncOperands, desc: SpGEMMOpHandle },
  results: token,
  assemblyFormat: `${ASYNC} $desc attr-dict`,
  customDirectives: { AsyncDependencies },
});

export const SpGEMMWorkEstimationOrComputeOp = defineOp('gpu.spgemm_work_estimation_or_compute', {
  summary: 'SpGEMM work estimation operation',
  description: `One phase of C = op(A) op(B) for sparse A, B and C: the work estimation or the computation, with a
buffer of the given size; returns the buffer size the phase needs. ${SPARSE_DOC}

\`\`\`mlir
%bufferSz, %token = gpu.spgemm_work_estimation_or_compute async [%dep] {COMPUTE} %spmatA{NON_TRANSPOSE}, %spmatB{NON_TRANSPOSE}, %spmatC, %spgemmDesc, %c0, %alloc : f32 into memref<0xi8>
\`\`\``,
  operands: { ...asyncOperands, desc: SpGEMMOpHandle, spmatA: SpMatHandle, spmatB: SpMatHandle, spmatC: SpMatHandle, bufferSz: Index, buffer: AnyMemRef },
  properties: { modeA: mode(), modeB: mode(), computeType: TypeAttr, kind: SpGEMMWorkEstimationOrComputeKindAttr },
  results: { bufferSzNew: Index, ...token },
  traits: [MemRead, MemWrite],
  assemblyFormat: `${ASYNC} \`{\` $kind \`}\` $spmatA (\`{\` $modeA^ \`}\`)? \`,\` $spmatB (\`{\` $modeB^ \`}\`)? \`,\` $spmatC \`,\` $desc \`,\` $bufferSz \`,\` $buffer attr-dict \`:\` $computeType \`into\` type($buffer)`,
  customDirectives: { AsyncDependencies },
});

export const SpGEMMCopyOp = defineOp('gpu.spgemm_copy', {
  summary: 'SpGEMM copy operation',
  description: `Copies the result of an SpGEMM computation into the sparse matrix C. ${SPARSE_DOC}

\`\`\`mlir
%token = gpu.spgemm_copy async [%dep] %spmatA, %spmatB, %spmatC, %spgemmDesc : f32
\`\`\``,
  operands: { ...asyncOperands, desc: SpGEMMOpHandle, spmatA: SpMatHandle, spmatB: SpMatHandle, spmatC: SpMatHandle },
  properties: { modeA: mode(), modeB: mode(), computeType: TypeAttr },
  results: token,
  traits: [MemRead, MemWrite],
  assemblyFormat: `${ASYNC} $spmatA (\`{\` $modeA^ \`}\`)? \`,\` $spmatB (\`{\` $modeB^ \`}\`)? \`,\` $spmatC \`,\` $desc attr-dict \`:\` $computeType`,
  customDirectives: { AsyncDependencies },
});

export const SpMatGetSizeOp = defineOp('gpu.spmat_get_size', {
  summary: 'SpMat get size operation',
  description: `The number of rows, columns and nonzeros of a sparse matrix. ${SPARSE_DOC}

\`\`\`mlir
%rows, %cols, %nnz, %token = gpu.spmat_get_size async [%dep] %spmatC
\`\`\``,
  operands: { ...asyncOperands, spmat: SpMatHandle },
  results: { rows: Index, cols: Index, nnz: Index, ...token },
  assemblyFormat: `${ASYNC} $spmat attr-dict`,
  customDirectives: { AsyncDependencies },
});

export const SetCsrPointersOp = defineOp('gpu.set_csr_pointers', {
  summary: 'SpGEMM get size operation',
  description: `Sets the position, coordinate and value memrefs of a CSR sparse matrix. ${SPARSE_DOC}

\`\`\`mlir
%token = gpu.set_csr_pointers async [%dep] %spmat, %positions, %coordinates, %values : memref<?xindex>, memref<?xindex>, memref<?xf32>
\`\`\``,
  operands: { ...asyncOperands, spmat: SpMatHandle, positions: AnyMemRef, coordinates: AnyMemRef, values: AnyMemRef },
  results: token,
  assemblyFormat: `${ASYNC} $spmat \`,\` $positions \`,\` $coordinates \`,\` $values attr-dict \`:\` type($positions) \`,\` type($coordinates) \`,\` type($values)`,
  customDirectives: { AsyncDependencies },
});
