// `%v = vector.load %A[%i, %j] : memref<?x?xf32, strided<[?, 1], offset: ?>>, vector<4xf32>`: consecutive elements
// of a memref's minor dimension (which must have unit stride, as in MLIR) read as one vector.
import {
  AnyMemRef,
  AnyVector,
  BoolAttr,
  DefaultValuedOptionalAttr,
  I64Attr,
  Index,
  OptionalAttr,
  IntegerAttr,
  MemRefType,
  MemoryAccessOpInterface,
  Variadic,
  VectorType,
  defineOp,
  memoryAccess,
} from '@tlir/ir';
import { MemRead } from '@tlir/rewrite';

/** Whether the last dimension of a memref type has stride 1 (its layout's, or the identity layout's). */
export function lastDimUnitStride(type: MemRefType): boolean {
  if (type.shape.length === 0) return false;
  const layout = type.stridedLayout;
  return layout !== undefined && layout.strides[layout.strides.length - 1] === 1;
}

export const LoadOp = defineOp('vector.load', {
  summary: 'reads an n-D slice of memory into an n-D vector',
  description: `
Reads the elements \`base[i0, ..., in-1 + l]\` for \`l\` from 0 to the vector's length - 1: consecutive elements of
the memref's minor (last) dimension, which must have unit stride. The element type of the vector is the memref's.
An \`alignment\` (bytes, a power of two) says the first element's address is a multiple of it (MLIR 22's property;
a wrong one is undefined behaviour, which tlir's interpreter reports as an error).
tlir takes 1-D vectors (what tl-to-krnl's \`vector-width\` makes); the WGSL translation reads them as \`vec2\`/\`vec4\`
when the element's buffer index is a multiple of the length (the lowering proves it or checks it at run time,
docs/lowering-tl-to-krnl.md, "Vector width"), and element by element otherwise.

Example:

\`\`\`mlir
%v = vector.load %A[%k, %m] : memref<512x64xf32, strided<[512, 1], offset: ?>>, vector<4xf32>
\`\`\`
`,
  operands: { base: AnyMemRef, indices: Variadic(Index) },
  properties: {
    nontemporal: DefaultValuedOptionalAttr(BoolAttr, (ctx) => IntegerAttr.getBool(ctx, false)),
    alignment: OptionalAttr(I64Attr),
  },
  results: { result: AnyVector },
  traits: [MemRead],
  interfaces: [MemoryAccessOpInterface.implement({ getMemoryAccesses: (op) => [memoryAccess(op, 0, 1, { read: true })] })],
  assemblyFormat: '$base `[` $indices `]` attr-dict `:` type($base) `,` type($result)',
  verify(l) {
    const op = l.op;
    const memref = op.operandValues[0]!.type as MemRefType;
    const vector = op.results[0]!.type as VectorType;
    const fail = (message: string): false => {
      op.emitOpError(message);
      return false;
    };
    if (vector.elementType !== memref.elementType) return fail('base and result element types should match');
    if (op.numOperands - 1 !== memref.shape.length) return fail(`requires ${memref.shape.length} indices`);
    if (vector.shape.length !== 1 || vector.scalableDims[0]) return fail('tlir reads 1-D vectors of a fixed length only');
    if (!lastDimUnitStride(memref)) return fail('most minor memref dim must have unit stride');
    const alignment = op.getProperty('alignment');
    if (alignment instanceof IntegerAttr && (alignment.value <= 0n || (alignment.value & (alignment.value - 1n)) !== 0n)) {
      return fail(`'vector.load' op attribute 'alignment' failed to satisfy constraint: 64-bit signless integer attribute whose value is positive and whose value is a power of two > 0`);
    }
    return true;
    return true;
  },
});
