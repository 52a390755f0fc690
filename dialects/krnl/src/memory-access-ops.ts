// Element and buffer accesses: krnl.load, krnl.store, krnl.memset, krnl.memcpy.
import {
  AnyMemRef,
  AnyType,
  BoolAttr,
  DefaultValuedAttr,
  I64,
  Index,
  IntegerAttr,
  TypesMatchWith,
  Variadic,
  defineOp,
  type MemRefType,
  type Operation,
} from '@tlir/ir';
import { MemRead, MemWrite } from '@tlir/rewrite';
import { elementTypeOf } from '@tlir/dialect-memref';

/** Checks that `op` has one index per dimension of `memref` (the operand at `memrefIndex`, indices after it). */
function verifyIndexCount(op: Operation, memrefIndex: number, what: string): boolean {
  const rank = (op.getOperand(memrefIndex).type as MemRefType).shape.length;
  const indices = op.numOperands - memrefIndex - 1;
  if (indices !== rank) {
    op.emitOpError(`incorrect number of indices for ${what}, expected ${rank} but got ${indices}`);
    return false;
  }
  return true;
}

/** `%v = krnl.load %m[%i, %j] : memref<4x?xf32>`: reads one element. */
export const LoadOp = defineOp('krnl.load', {
  summary: 'A Krnl operation to load data from the memref.',
  description: `
The \`krnl.load\` op reads an element from a memref specified by an index list. The output of load is a new value
with the same type as the elements of the memref. The arity of indices is the rank of the memref (i.e., if the
memref loaded from is of rank 3, then 3 indices are required for the load following the memref identifier).

\`\`\`mlir
%v = krnl.load %A[%i, %j] : memref<10x?xf32>
\`\`\`
`,
  operands: { memref: AnyMemRef, indices: Variadic(Index) },
  results: { result: TypesMatchWith("result type matches element type of 'memref'", 'memref', elementTypeOf, AnyType) },
  traits: [MemRead],
  assemblyFormat: '$memref `[` $indices `]` attr-dict `:` type($memref)',
  verify: (l) => verifyIndexCount(l.op, 0, 'load'),
});

/** `krnl.store %v, %m[%i, %j] : memref<4x?xf32>`: writes one element. */
export const StoreOp = defineOp('krnl.store', {
  summary: 'A Krnl operation to store data to the memref.',
  description: `
The \`krnl.store\` stores a value to a memref location given by indices. The value stored should have the same type
as the elemental type of the memref. The number of arguments provided within brackets need to match the rank of
the memref.

\`\`\`mlir
krnl.store %v, %A[%i, %j] : memref<10x?xf32>
\`\`\`
`,
  operands: {
    value: TypesMatchWith("type of 'value' matches element type of 'memref'", 'memref', elementTypeOf, AnyType),
    memref: AnyMemRef,
    indices: Variadic(Index),
  },
  traits: [MemWrite],
  assemblyFormat: '$value `,` $memref `[` $indices `]` attr-dict `:` type($memref)',
  verify: (s) => verifyIndexCount(s.op, 1, 'store'),
});

/** `krnl.memset %m, %v : memref<4x8xf32>`: sets every element of a buffer. */
export const MemsetOp = defineOp('krnl.memset', {
  summary: 'Set buffer to a given value.',
  description: `
Sets every element of a buffer to a value of its element type. In case the buffer is a memref with an affine map
layout, \`delayed\` indicates whether values are set along the original (\`false\`) or the extended iteration space
(\`true\`) once the layout is normalized; tlir's memrefs have strided layouts, for which both are the same.

\`\`\`mlir
krnl.memset %buf, %zero : memref<10x8xf32>
\`\`\`
`,
  operands: {
    dest: AnyMemRef,
    value: TypesMatchWith("type of 'value' matches element type of 'dest'", 'dest', elementTypeOf, AnyType),
  },
  properties: { delayed: DefaultValuedAttr(BoolAttr, (ctx) => IntegerAttr.getBool(ctx, false)) },
  traits: [MemWrite],
  assemblyFormat: '$dest `,` $value attr-dict `:` type($dest)',
});

/** `"krnl.memcpy"(%dest, %src, %n, %doff, %soff)`: copies `%n` elements between buffers. */
export const MemcpyOp = defineOp('krnl.memcpy', {
  summary: 'Krnl memcpy operation',
  description: `
Copy \`num_elems\` elements from \`src\` to \`dest\` memref. Starting positions for \`src\` and \`dest\` are defined by
\`src_offset\` and \`dest_offset\` (in elements, over the memrefs as laid out in memory), respectively. Both memrefs
have the same element type. It is the users' responsibility to make sure there is no out-of-bound read/write.
There is no custom form.

\`\`\`mlir
"krnl.memcpy"(%dest, %src, %n, %c0, %c4) : (memref<16xf32>, memref<4x4xf32>, i64, index, index) -> ()
\`\`\`
`,
  operands: { dest: AnyMemRef, src: AnyMemRef, num_elems: I64, dest_offset: Index, src_offset: Index },
  traits: [MemRead, MemWrite],
  verify(c) {
    const d = (c.dest.type as MemRefType).elementType;
    const s = (c.src.type as MemRefType).elementType;
    if (d !== s) {
      c.op.emitOpError(`expects 'dest' and 'src' to have the same element type, but got '${d}' and '${s}'`);
      return false;
    }
    return true;
  },
});
