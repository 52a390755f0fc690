import { AnyMemRef, AnyType, Index, IndexType, MemRefType, Variadic, defineOp, type Operation, type Type } from '@tlir/ir';
import { MemRead, MemWrite } from '@tlir/rewrite';
import { foldMemRefCast } from './cast-op.js';

// MLIR 22's memref.dma_start and memref.dma_wait: a non-blocking copy between memories (of different memory spaces)
// that signals completion on a tag, and the wait for it. dma_start's operands are one list, cut by the ranks of
// its memrefs: source and its indices, destination and its indices, the number of elements, tag and its indices,
// then optionally the stride and the number of elements per stride.

const rankOf = (t: Type): number => (t instanceof MemRefType ? t.shape.length : 0);

/** The positions of dma_start's operands, from the memref types (each position assumes the earlier ones are memrefs). */
function dmaLayout(op: Operation): { dst: number; numElements: number; tag: number; end: number } {
  const v = op.operandValues;
  const dst = 1 + rankOf(v[0]!.type);
  const numElements = dst + 1 + rankOf(v[dst]?.type as Type);
  const tag = numElements + 1;
  const end = tag + 1 + rankOf(v[tag]?.type as Type);
  return { dst, numElements, tag, end };
}

const allIndex = (op: Operation, from: number, to: number): boolean =>
  op.operandValues.slice(from, to).every((v) => v.type instanceof IndexType);

/**
 * `memref.dma_start %src[%i], %dst[%j], %n, %tag[%k] : memref<256xf32>, memref<256xf32, 1>, memref<1xi32>`: starts
 * copying `%n` elements from the source to the destination; `%tag[%k]` is signalled when done.
 */
export const DmaStartOp = defineOp('memref.dma_start', {
  summary: 'non-blocking DMA operation that starts a transfer',
  description: `
The \`dma_start\` operation starts a non-blocking DMA transfer of \`num_elements\` elements from a source memref to a
destination memref, each at the given indices. The tag memref (with its indices) is where completion is signalled;
\`memref.dma_wait\` waits on it. The optional stride and number of elements per stride describe a strided transfer.
The source and destination must be in different memory spaces (not checked).

Example:

\`\`\`mlir
memref.dma_start %src[%i, %j], %dst[%k, %l], %num_elements, %tag[%idx], %stride, %num_elt_per_stride :
  memref<40x128xf32>, memref<2x1024xf32, 1>, memref<1xi32>
\`\`\`
`,
  operands: { operands: Variadic(AnyType) },
  traits: [MemRead, MemWrite],
  parse(p, state) {
    const ctx = p.context;
    const index = IndexType.get(ctx);
    const src = p.parseOperand();
    const srcIndices = p.parseOperandList('square');
    p.parseComma();
    const dst = p.parseOperand();
    const dstIndices = p.parseOperandList('square');
    p.parseComma();
    const numElements = p.parseOperand();
    p.parseComma();
    const tag = p.parseOperand();
    const tagIndices = p.parseOperandList('square');
    const stride = p.parseOptionalComma() ? p.parseOperandList('none') : [];
    if (stride.length !== 0 && stride.length !== 2) return p.emitCustomOpError('expected two stride related operands', p.getNameLoc());
    p.parseColon();
    const types = p.parseTypeList();
    if (types.length !== 3) return p.emitCustomOpError('fewer/more types expected', p.getNameLoc());
    const idx = (list: readonly unknown[]): Type[] => list.map(() => index);
    state.addOperands(
      ...p.resolveOperands([src], [types[0]!]),
      ...p.resolveOperands(srcIndices, idx(srcIndices)),
      ...p.resolveOperands([dst], [types[1]!]),
      ...p.resolveOperands(dstIndices, idx(dstIndices)),
      ...p.resolveOperands([numElements], [index]),
      ...p.resolveOperands([tag], [types[2]!]),
      ...p.resolveOperands(tagIndices, idx(tagIndices)),
      ...p.resolveOperands(stride, idx(stride)),
    );
    return true;
  },
  print(d, p) {
    const op = d.op;
    const v = op.operandValues;
    const { dst, numElements, tag, end } = dmaLayout(op);
    p.write(' ');
    p.printOperand(v[0]!);
    p.write('[');
    p.printOperands(v.slice(1, dst));
    p.write('], ');
    p.printOperand(v[dst]!);
    p.write('[');
    p.printOperands(v.slice(dst + 1, numElements));
    p.write('], ');
    p.printOperand(v[numElements]!);
    p.write(', ');
    p.printOperand(v[tag]!);
    p.write('[');
    p.printOperands(v.slice(tag + 1, end));
    p.write(']');
    if (v.length !== end) {
      p.write(', ');
      p.printOperands(v.slice(end));
    }
    p.printOptionalAttrDict(op.attributes);
    p.write(' : ');
    p.printType(v[0]!.type);
    p.write(', ');
    p.printType(v[dst]!.type);
    p.write(', ');
    p.printType(v[tag]!.type);
  },
  // MLIR's DmaStartOp::fold: memref.casts of ranked memrefs fold into it.
  fold: ({ op }) => (foldMemRefCast(op.op) ? op.op.results : undefined),
  verify(d) {
    const op = d.op;
    const v = op.operandValues;
    const n = v.length;
    if (n < 4) return fail(op, 'expected at least 4 operands');
    if (!(v[0]!.type instanceof MemRefType)) return fail(op, 'expected source to be of memref type');
    const srcRank = rankOf(v[0]!.type);
    if (n < srcRank + 4) return fail(op, `expected at least ${srcRank + 4} operands`);
    if (!allIndex(op, 1, 1 + srcRank)) return fail(op, 'expected source indices to be of index type');
    const dst = 1 + srcRank;
    if (!(v[dst]!.type instanceof MemRefType)) return fail(op, 'expected destination to be of memref type');
    let expected = srcRank + rankOf(v[dst]!.type) + 4;
    if (n < expected) return fail(op, `expected at least ${expected} operands`);
    const numElements = dst + 1 + rankOf(v[dst]!.type);
    if (!allIndex(op, dst + 1, numElements)) return fail(op, 'expected destination indices to be of index type');
    if (!(v[numElements]!.type instanceof IndexType)) return fail(op, 'expected num elements to be of index type');
    const tag = numElements + 1;
    if (!(v[tag]!.type instanceof MemRefType)) return fail(op, 'expected tag to be of memref type');
    expected += rankOf(v[tag]!.type);
    if (n < expected) return fail(op, `expected at least ${expected} operands`);
    if (!allIndex(op, tag + 1, expected)) return fail(op, 'expected tag indices to be of index type');
    if (n !== expected && n !== expected + 2) return fail(op, 'incorrect number of operands');
    if (n === expected + 2 && !allIndex(op, expected, n)) return fail(op, 'expected stride and num elements per stride to be of type index');
    return true;
  },
});

function fail(op: Operation, message: string): false {
  op.emitOpError(message);
  return false;
}

/** `memref.dma_wait %tag[%i], %n : memref<1xi32, 2>`: blocks until the DMA that signals `%tag[%i]` is done. */
export const DmaWaitOp = defineOp('memref.dma_wait', {
  summary: 'blocking DMA operation that waits for transfer completion',
  description: `
The \`dma_wait\` operation blocks until the completion of a DMA operation associated with the tag element
\`%tag[%index]\`: the tag memref and its indices, and the number of elements of the transfer.

Example:

\`\`\`mlir
memref.dma_wait %tag[%index], %num_elements : memref<1xi32, 2>
\`\`\`
`,
  operands: { tagMemRef: AnyMemRef, tagIndices: Variadic(Index), numElements: Index },
  traits: [MemRead, MemWrite],
  assemblyFormat: '$tagMemRef `[` $tagIndices `]` `,` $numElements attr-dict `:` type($tagMemRef)',
  // MLIR's DmaWaitOp::fold: a memref.cast of a ranked memref folds into it.
  fold: ({ op }) => (foldMemRefCast(op.op) ? op.op.results : undefined),
  verify(w) {
    const rank = (w.tagMemRef.type as MemRefType).shape.length;
    const n = w.tagIndices.length;
    if (n !== rank) {
      return fail(w.op, `expected tagIndices to have the same number of elements as the tagMemRef rank, expected ${rank}, but got ${n}`);
    }
    return true;
  },
});
