// Sequences (onnx-mlir's lowering of ONNX sequences): a sequence is a memref whose elements are memrefs. They have
// no custom form.
import {
  AnyMemRef,
  AnyType,
  DefaultValuedAttr,
  DYNAMIC,
  Index,
  IntegerAttr,
  IntegerType,
  MemRefType,
  UnrankedMemRefType,
  Variadic,
  attrConstraint,
  defineOp,
} from '@tlir/ir';
import { MemAlloc, MemFree, MemRead, MemWrite } from '@tlir/rewrite';

/** MLIR's UI1Attr: a 1-bit unsigned integer attribute (`1 : ui1`). */
export const UI1Attr = attrConstraint<IntegerAttr>(
  '1-bit unsigned integer attribute',
  (a) => a instanceof IntegerAttr && a.type instanceof IntegerType && a.type.width === 1 && a.type.signedness === 'unsigned',
  { storage: (a) => a instanceof IntegerAttr, valueType: (ctx) => IntegerType.get(ctx, 1, 'unsigned') },
);

/** `"krnl.seqalloc"(%n) : (index) -> memref<?xmemref<?xf32>>`: a new sequence of `%n` elements. */
export const SeqAllocOp = defineOp('krnl.seqalloc', {
  summary: 'Krnl create a sequence',
  description: `
Allocates a memref for a new sequence of the result type: a memref of memrefs, with one \`length\` operand per
dynamic dimension. Deallocating it (\`krnl.seqdealloc\`) frees the elements of the sequence as well as the sequence
itself. There is no custom form.

\`\`\`mlir
%s = "krnl.seqalloc"(%n) : (index) -> memref<?xmemref<?xf32>>
\`\`\`
`,
  operands: { length: Variadic(Index) },
  results: { output: AnyMemRef },
  traits: [MemAlloc],
  verify(s) {
    const t = s.output.type as MemRefType;
    if (!(t.elementType instanceof MemRefType || t.elementType instanceof UnrankedMemRefType)) {
      s.op.emitOpError(`expects a memref of memrefs, but got '${t}'`);
      return false;
    }
    const dynamic = t.shape.filter((d) => d === DYNAMIC).length;
    if (s.length.length !== dynamic) {
      s.op.emitOpError(`expects ${dynamic} lengths (one per dynamic dimension), but got ${s.length.length}`);
      return false;
    }
    return true;
  },
});

/** `"krnl.seqdealloc"(%s) : (memref<?xmemref<?xf32>>) -> ()`: frees a sequence and its elements. */
export const SeqDeallocOp = defineOp('krnl.seqdealloc', {
  summary: 'Krnl dealloc a sequence',
  description: `
Deallocates the elements of a sequence and the sequence itself (a deep deallocation). There is no custom form.

\`\`\`mlir
"krnl.seqdealloc"(%s) : (memref<?xmemref<?xf32>>) -> ()
\`\`\`
`,
  operands: { input_sequence: AnyMemRef },
  traits: [MemFree],
});

/** `"krnl.seqextract"(%s, %i) {copy = 1 : ui1}`: an element of a sequence (a copy by default). */
export const SeqExtractOp = defineOp('krnl.seqextract', {
  summary: 'Krnl load from a sequence',
  description: `
Loads the element at position \`index\` (non-negative: negative ONNX positions are handled before) of the sequence
\`seq\`. When \`copy\` is 1 (the default) the element is copied and the copy returned (an allocation); when 0 the
element itself is returned. There is no custom form.

\`\`\`mlir
%e = "krnl.seqextract"(%s, %i) {copy = 1 : ui1} : (memref<?xmemref<?xf32>>, index) -> memref<?xf32>
\`\`\`
`,
  operands: { seq: AnyMemRef, index: Index },
  results: { output: AnyType },
  properties: { copy: DefaultValuedAttr(UI1Attr, (ctx) => IntegerAttr.get(ctx, IntegerType.get(ctx, 1, 'unsigned'), 1n)) },
  traits: [MemRead, MemAlloc],
});

/** `"krnl.seqstore"(%e, %s, %i)`: stores (a copy of) an element into a sequence with room for it. */
export const SeqStoreOp = defineOp('krnl.seqstore', {
  summary: 'Krnl store into a seq',
  description: `
Copies \`input\` and stores the copy at position \`index\` of the sequence \`seq\`, which has room for it (unlike an
insertion, no new sequence is made). Used to accumulate a tensor in a loop with a known trip count. There is no
custom form.

\`\`\`mlir
"krnl.seqstore"(%e, %s, %i) : (memref<?xf32>, memref<?xmemref<?xf32>>, index) -> ()
\`\`\`
`,
  operands: { input: AnyType, seq: AnyMemRef, index: Index },
  traits: [MemRead, MemWrite],
});
