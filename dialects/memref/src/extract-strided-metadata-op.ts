import { ViewLikeOpInterface } from '@tlir/ir';
import { AnyType, IndexType, MemRefType, Pure, Variadic, defineOp, type Operation, type Type } from '@tlir/ir';
import { AnyStridedMemRef } from './memref-constraints.js';

/**
 * The result types MLIR infers: a 0-d memref of the element type and memory space (the base buffer), the offset,
 * then a size and a stride per dimension, all `index`.
 */
function inferredTypes(op: Operation): Type[] {
  const source = op.operandValues[0]!.type as MemRefType;
  const index = IndexType.get(op.context);
  const types: Type[] = [MemRefType.get(op.context, [], source.elementType, undefined, source.memorySpace), index];
  for (let i = 0; i < 2 * source.shape.length; i++) types.push(index);
  return types;
}

/**
 * `%base, %offset, %sizes:2, %strides:2 = memref.extract_strided_metadata %m : memref<8x16xf32> -> memref<f32>,
 * index, index, index, index, index`: the buffer, offset, sizes and strides of a strided memref.
 */
export const ExtractStridedMetadataOp = defineOp('memref.extract_strided_metadata', {
  summary: 'Extracts a buffer base with offset and strides',
  description: `
Extracts a base buffer, offset and strides. This op allows additional layers of transformations and foldings to
be added as lowering progresses from higher-level dialect to lower-level dialects such as the LLVM dialect. The op
requires a strided memref source operand. The base buffer is a 0-d memref of the source's element type and memory
space; the sizes and strides are one \`index\` per dimension.

Example:

\`\`\`mlir
%base, %offset, %sizes:2, %strides:2 = memref.extract_strided_metadata %memref : memref<10x?xf32> -> memref<f32>, index, index, index, index, index
\`\`\`
`,
  operands: { source: AnyStridedMemRef },
  // MLIR declares base_buffer, offset, sizes and strides with SameVariadicResultSize; here one group, checked below
  // with ODS's messages.
  results: { results: Variadic(AnyType) },
  traits: [Pure],
  interfaces: [ViewLikeOpInterface.implement({ getViewSource: (op) => op.getOperand(0) })],
  assemblyFormat: '$source `:` type($source) `->` type(results) attr-dict',
  getAsmResultNames(e, setName) {
    const r = e.op.results;
    if (r.length < 2) return;
    setName(r[0]!, 'base_buffer');
    setName(r[1]!, 'offset');
    // Only the first value of a group can be named for the printer to write `%sizes:2`.
    const rank = (r.length - 2) / 2;
    if (rank >= 1 && Number.isInteger(rank)) {
      setName(r[2]!, 'sizes');
      setName(r[2 + rank]!, 'strides');
    }
  },
  verify(e) {
    const op = e.op;
    const results = op.results;
    if (results.length < 2) {
      op.emitOpError('expected 2 or more results');
      return false;
    }
    const base = results[0]!.type;
    if (!(base instanceof MemRefType) || base.shape.length !== 0) {
      op.emitOpError(`result #0 must be strided memref of any type values of rank 0, but got '${base}'`);
      return false;
    }
    if (!(results[1]!.type instanceof IndexType)) {
      op.emitOpError(`result #1 must be index, but got '${results[1]!.type}'`);
      return false;
    }
    // Each variadic group has (n - 2) / 2 values (rounded down, as ODS's SameVariadicResultSize).
    const group = Math.floor((results.length - 2) / 2);
    for (let i = 2; i < 2 + 2 * group; i++) {
      if (!(results[i]!.type instanceof IndexType)) {
        op.emitOpError(`result #${i} must be variadic of index, but got '${results[i]!.type}'`);
        return false;
      }
    }
    // InferTypeOpInterface: the results are exactly the inferred types.
    const inferred = inferredTypes(op);
    if (inferred.length !== results.length || inferred.some((t, i) => t !== results[i]!.type)) {
      const list = (ts: readonly Type[]): string => ts.map((t) => `'${t}'`).join(', ');
      op.emitOpError(`inferred type(s) ${list(inferred)} are incompatible with return type(s) of operation ${list(op.resultTypes)}`);
      op.emitOpError('failed to infer returned types');
      return false;
    }
    return true;
  },
});
