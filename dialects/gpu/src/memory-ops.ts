// The host-side memory ops with async tokens: gpu.alloc, dealloc, memcpy, memset, wait, and the registration of
// host memory with the device (host_register, host_unregister).
import {
  AffineMapAttr,
  AnyMemRef,
  AnyType,
  AnyUnrankedMemRef,
  DYNAMIC,
  Index,
  IntegerAttr,
  MemRefType,
  Optional,
  UnitAttr,
  Variadic,
  defineOp,
  getElementTypeOrSelf,
  isCompatibleShape,
  type Type,
} from '@tlir/ir';
import { DimOp, foldMemRefCast } from '@tlir/dialect-memref';
import { MemAlloc, MemFree, MemRead, MemWrite, definePattern, getConstantValue } from '@tlir/rewrite';
import { AsyncDependencies } from './async-dependencies.js';
import { AsyncToken, AsyncTokenType } from './async-token-type.js';

const ASYNC_DOC = `
The op does not execute before all async dependencies have finished executing. If the \`async\` keyword is present,
the op is executed asynchronously (i.e. it does not block until the execution has finished on the device) and returns
a \`!gpu.async.token\`.`;

/** The number of symbols of a memref type's layout: its dynamic strides and offset. */
function layoutSymbolCount(t: MemRefType): number {
  const l = t.layout;
  if (!l) return 0;
  if (l instanceof AffineMapAttr) return l.numSymbols;
  return l.strides.filter((s) => s === DYNAMIC).length + (l.offset === DYNAMIC ? 1 : 0);
}

/**
 * `memref.dim` of a dynamic dimension of a `gpu.alloc`, at a constant index: the size the allocation was given
 * (MLIR's SimplifyDimOfAllocOp, one of gpu.alloc's canonicalization patterns, rooted at memref.dim).
 */
export const SimplifyDimOfAllocOp = definePattern(
  DimOp,
  (d, rewriter) => {
    const index = getConstantValue(d.index);
    if (!(index instanceof IntegerAttr)) return rewriter.notifyMatchFailure(d.op, 'the index is not a constant');
    const alloc = d.source.definingOp;
    if (!alloc || !AllocOp.is(alloc)) return rewriter.notifyMatchFailure(d.op, 'not the dimension of a gpu.alloc');
    const shape = AllocOp.match(alloc)!;
    const type = shape.memref.type as MemRefType;
    const i = Number(index.value);
    if (!(i >= 0 && i < type.shape.length) || type.shape[i]! >= 0) return rewriter.notifyMatchFailure(d.op, 'not a dynamic dimension');
    let dynamicIndex = 0;
    for (let k = 0; k < i; k++) if (type.shape[k]! < 0) dynamicIndex++;
    rewriter.replaceOp(d.op, [shape.dynamicSizes[dynamicIndex]!]);
    return true;
  },
  { debugName: 'SimplifyDimOfAllocOp' },
);

export const AllocOp = defineOp('gpu.alloc', {
  summary: 'GPU memory allocation operation.',
  description: `
The \`gpu.alloc\` operation allocates a region of memory on the GPU. It is similar to the \`memref.alloc\` op (a size
per dynamic dimension, a symbol per dynamic offset or stride of the layout), but supports asynchronous GPU execution.
${ASYNC_DOC}

If the \`host_shared\` keyword is present, the memory will be allocated in a memory accessible both on host and on
device.

\`\`\`mlir
%memref, %token = gpu.alloc async [%dep] host_shared (%width) : memref<64x?xf32, 1>
\`\`\`
`,
  operands: { asyncDependencies: Variadic(AsyncToken), dynamicSizes: Variadic(Index), symbolOperands: Variadic(Index) },
  properties: { hostShared: UnitAttr },
  results: { memref: AnyMemRef, asyncToken: Optional(AsyncToken) },
  traits: [MemAlloc],
  canonicalize: [SimplifyDimOfAllocOp],
  assemblyFormat: `
    custom<AsyncDependencies>(type($asyncToken), $asyncDependencies) (\` \` \`host_shared\` $hostShared^)? \` \`
    \`(\` $dynamicSizes \`)\` (\`\` \`[\` $symbolOperands^ \`]\`)? attr-dict \`:\` type($memref)`,
  customDirectives: { AsyncDependencies },
  verify(a) {
    const type = a.memref.type as MemRefType;
    const dynamic = type.shape.filter((s) => s === DYNAMIC).length;
    if (a.dynamicSizes.length !== dynamic) {
      a.op.emitOpError(`incorrect number of dynamic sizes, has ${a.dynamicSizes.length}, expected ${dynamic}`);
      return false;
    }
    if (a.symbolOperands.length !== layoutSymbolCount(type)) {
      a.op.emitOpError('symbol operand count does not equal memref symbol count');
      return false;
    }
    return true;
  },
});

export const DeallocOp = defineOp('gpu.dealloc', {
  summary: 'GPU memory deallocation operation',
  description: `
The \`gpu.dealloc\` operation frees the region of memory referenced by a memref which was originally created by the
\`gpu.alloc\` operation. It is similar to the \`memref.dealloc\` op, but supports asynchronous GPU execution.
${ASYNC_DOC}

\`\`\`mlir
%token = gpu.dealloc async [%dep] %memref : memref<8x64xf32, 1>
\`\`\`
`,
  operands: { asyncDependencies: Variadic(AsyncToken), memref: AnyMemRef },
  results: { asyncToken: Optional(AsyncToken) },
  traits: [MemFree],
  assemblyFormat: 'custom<AsyncDependencies>(type($asyncToken), $asyncDependencies) $memref attr-dict `:` type($memref)',
  customDirectives: { AsyncDependencies },
});

export const MemcpyOp = defineOp('gpu.memcpy', {
  summary: 'GPU memcpy operation',
  description: `
The \`gpu.memcpy\` operation copies the content of one memref to another (of the same element type and a compatible
shape). ${ASYNC_DOC}

\`\`\`mlir
%token = gpu.memcpy async [%dep] %dst, %src : memref<?xf32, 1>, memref<?xf32>
\`\`\`
`,
  operands: { asyncDependencies: Variadic(AsyncToken), dst: AnyMemRef, src: AnyMemRef },
  results: { asyncToken: Optional(AsyncToken) },
  traits: [MemRead, MemWrite],
  assemblyFormat: 'custom<AsyncDependencies>(type($asyncToken), $asyncDependencies) $dst`,` $src `:` type($dst)`,` type($src) attr-dict',
  customDirectives: { AsyncDependencies },
  verify(m) {
    if (getElementTypeOrSelf(m.src.type) !== getElementTypeOrSelf(m.dst.type)) {
      m.op.emitOpError('arguments have incompatible element type');
      return false;
    }
    if (!isCompatibleShape(m.src.type, m.dst.type)) {
      m.op.emitOpError('arguments have incompatible shape');
      return false;
    }
    return true;
  },
  // MLIR's MemcpyOp::fold: memref.casts of its operands fold into it.
  fold: ({ op }) => (foldMemRefCast(op.op) ? op.op.results : undefined),
});

export const MemsetOp = defineOp('gpu.memset', {
  summary: 'GPU memset operation',
  description: `
The \`gpu.memset\` operation sets the content of memref to a scalar value (of its element type). ${ASYNC_DOC}

\`\`\`mlir
%token = gpu.memset async [%dep] %dst, %value : memref<?xf32, 1>, f32
\`\`\`
`,
  operands: { asyncDependencies: Variadic(AsyncToken), dst: AnyMemRef, value: AnyType },
  results: { asyncToken: Optional(AsyncToken) },
  traits: [MemWrite],
  assemblyFormat: 'custom<AsyncDependencies>(type($asyncToken), $asyncDependencies) $dst`,` $value `:` type($dst)`,` type($value) attr-dict',
  customDirectives: { AsyncDependencies },
  verify(m) {
    if ((m.dst.type as MemRefType).elementType !== (m.value.type as Type)) {
      m.op.emitOpError('failed to verify that all of {dst, value} have same element type');
      return false;
    }
    return true;
  },
  // MLIR's MemsetOp::fold: a memref.cast of the destination folds into it.
  fold: ({ op }) => (foldMemRefCast(op.op) ? op.op.results : undefined),
});

export const WaitOp = defineOp('gpu.wait', {
  summary: 'Wait for async gpu ops to complete.',
  description: `
This op synchronizes the host or the device with a list of dependent ops.

If the op contains the \`async\` keyword, it returns a new async token which is synchronized with the op arguments.
This new token is merely a shortcut to the argument list, and one could replace the uses of the result with the
arguments for the same effect.

\`\`\`mlir
%t2 = gpu.wait async [%t0, %t1]
\`\`\`

If the op does not contain the \`async\` keyword, it does not return a new async token but blocks until all ops
producing the async dependency tokens finished execution. All dependent memory operations are visible to the host
once this op completes.

\`\`\`mlir
gpu.wait [%t0, %t1]
\`\`\`
`,
  operands: { asyncDependencies: Variadic(AsyncToken) },
  results: { asyncToken: Optional(AsyncToken) },
  assemblyFormat: 'custom<AsyncDependencies>(type($asyncToken), $asyncDependencies) attr-dict',
  customDirectives: { AsyncDependencies },
});

export const HostRegisterOp = defineOp('gpu.host_register', {
  summary: 'Registers a memref for access from device.',
  description: `
This op maps the provided host buffer (an unranked memref) into the device address space. Writes from the host are
guaranteed to be visible to device kernels that are launched afterwards. Writes from the device are guaranteed to be
visible on the host after synchronizing with the device kernel completion.

\`\`\`mlir
gpu.host_register %m : memref<*xf32>
\`\`\`
`,
  operands: { value: AnyUnrankedMemRef },
  assemblyFormat: '$value attr-dict `:` type($value)',
});

export const HostUnregisterOp = defineOp('gpu.host_unregister', {
  summary: 'Unregisters a memref for access from device.',
  description: `
This op unmaps the provided host buffer (an unranked memref) from the device address space.

\`\`\`mlir
gpu.host_unregister %m : memref<*xf32>
\`\`\`
`,
  operands: { value: AnyUnrankedMemRef },
  assemblyFormat: '$value attr-dict `:` type($value)',
});
