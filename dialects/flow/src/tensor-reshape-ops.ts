// The same elements seen with another shape (flow.tensor.reshape) or their bits seen as another element type
// (flow.tensor.bitcast).
import { AnyRankedTensor, ComplexType, FloatType, FLOAT_WIDTH, Index, IndexType, IntegerType, Pure, RankedTensorType, Variadic, defineOp, type Type } from '@tlir/ir';
import { verifyDynamicDims } from './shaped-dims.js';

const FORMAT = '$source `:` type($source) (`{` $source_dims^ `}`)? `->` type($result) (`{` $result_dims^ `}`)? attr-dict-with-keyword';

/** The bits an element takes (IREE's getTypeBitWidth): index counts 64 bits, complex twice its part; undefined for others. */
export function elementBitWidth(t: Type): number | undefined {
  if (t instanceof IntegerType) return t.width;
  if (t instanceof FloatType) return FLOAT_WIDTH[t.kind];
  if (t instanceof IndexType) return 64;
  if (t instanceof ComplexType) {
    const w = elementBitWidth(t.elementType);
    return w === undefined ? undefined : 2 * w;
  }
  return undefined;
}

export const TensorReshapeOp = defineOp('flow.tensor.reshape', {
  summary: 'Reshapes a tensor',
  description: `
Reshapes a tensor to a new shape without modifying the contents: the elements in row-major order stay the same. The
element types may differ when their bit widths match (the bits are kept). The number of elements must be the same
(checked at run time when a size is dynamic).

\`\`\`mlir
%r = flow.tensor.reshape %t : tensor<?x4xf32>{%n} -> tensor<?xf32>{%m}
\`\`\`
`,
  operands: { source: AnyRankedTensor, source_dims: Variadic(Index), result_dims: Variadic(Index) },
  results: { result: AnyRankedTensor },
  traits: [Pure],
  assemblyFormat: FORMAT,
  verify(r) {
    const op = r.op;
    const s = r.source.type as RankedTensorType;
    const d = r.result.type as RankedTensorType;
    if (elementBitWidth(s.elementType) !== elementBitWidth(d.elementType)) {
      op.emitOpError('element bit widths must match');
      return false;
    }
    if (!verifyDynamicDims(op, [s], r.source_dims) || !verifyDynamicDims(op, [d], r.result_dims)) return false;
    if (s.hasStaticShape && d.hasStaticShape && s.numElements !== d.numElements) {
      op.emitOpError(`cannot reshape ${s.numElements} elements (${s}) into ${d.numElements} (${d})`);
      return false;
    }
    return true;
  },
});

export const TensorBitCastOp = defineOp('flow.tensor.bitcast', {
  summary: 'Bitcasts a tensor',
  description: `
Bitcasts a tensor to a new type without modifying the contents: the bits of the elements in row-major order (each
element's bits from the least significant, elements one after the other) are read as elements of the result type.
The total number of bits must be the same (checked at run time when a size is dynamic).

\`\`\`mlir
%r = flow.tensor.bitcast %t : tensor<16xi32> -> tensor<4x8xi16>
\`\`\`
`,
  operands: { source: AnyRankedTensor, source_dims: Variadic(Index), result_dims: Variadic(Index) },
  results: { result: AnyRankedTensor },
  traits: [Pure],
  assemblyFormat: FORMAT,
  verify(b) {
    const op = b.op;
    const s = b.source.type as RankedTensorType;
    const d = b.result.type as RankedTensorType;
    if (!verifyDynamicDims(op, [s], b.source_dims) || !verifyDynamicDims(op, [d], b.result_dims)) return false;
    const sw = elementBitWidth(s.elementType);
    const dw = elementBitWidth(d.elementType);
    if (sw === undefined || dw === undefined) {
      op.emitOpError(`cannot bitcast elements of ${sw === undefined ? s.elementType : d.elementType}: they have no bit width`);
      return false;
    }
    if (s.hasStaticShape && d.hasStaticShape && s.numElements * sw !== d.numElements * dw) {
      op.emitOpError(`bitcast must keep the number of bits: ${s} has ${s.numElements * sw}, ${d} has ${d.numElements * dw}`);
      return false;
    }
    return true;
  },
});
