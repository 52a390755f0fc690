import { ViewLikeOpInterface } from '@tlir/ir';
import { AnyMemRef, DYNAMIC, Index, MemRefRankOf, I8, Pure, Variadic, defineOp, type MemRefType } from '@tlir/ir';
import { isIdentityLayout } from './static-indices.js';

/** `%v = memref.view %buf[%shift][%n] : memref<2048xi8> to memref<?x4xf32>`: a typed view of a byte buffer. */
export const ViewOp = defineOp('memref.view', {
  summary: 'memref view operation',
  description: `
The "view" operation extracts an N-D contiguous memref with empty layout map with arbitrary element type from a 1-D
contiguous memref with empty layout map of i8 element type. It takes a dynamic byte shift of the source and a size
operand for each dynamic dimension of the result.

Example:

\`\`\`mlir
%0 = memref.alloc() : memref<2048xi8>
%1 = memref.view %0[%offset_1024][] : memref<2048xi8> to memref<64x4xf32>
%2 = memref.view %0[%offset_1024][%size0, %size1] : memref<2048xi8> to memref<?x4x?xf32>
\`\`\`
`,
  operands: { source: MemRefRankOf([I8], [1]), byte_shift: Index, sizes: Variadic(Index) },
  results: { result: AnyMemRef },
  traits: [Pure],
  interfaces: [ViewLikeOpInterface.implement({ getViewSource: (op) => op.getOperand(0) })],
  assemblyFormat: '$source `[` $byte_shift `]` `` `[` $sizes `]` attr-dict `:` type($source) `to` type(results)',
  getAsmResultNames: (v, setName) => setName(v.result, 'view'),
  verify(v) {
    const op = v.op;
    const base = v.source.type as MemRefType;
    const view = v.result.type as MemRefType;
    // MLIR's ViewOp::verify.
    if (!isIdentityLayout(base)) {
      op.emitError(`unsupported map for base memref type '${base}'`);
      return false;
    }
    if (!isIdentityLayout(view)) {
      op.emitError(`unsupported map for result memref type '${view}'`);
      return false;
    }
    if (base.memorySpace !== view.memorySpace) {
      op.emitError(`different memory spaces specified for base memref type '${base}' and view memref type '${view}'`);
      return false;
    }
    let dynamic = 0;
    for (const d of view.shape) if (d === DYNAMIC) dynamic++;
    const sizes = op.numOperands - 2;
    if (sizes !== dynamic) {
      op.emitOpError(`incorrect number of dynamic sizes, has ${sizes}, expected ${dynamic}`);
      return false;
    }
    return true;
  },
});
