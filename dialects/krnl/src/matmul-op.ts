import {
  AnyMemRef,
  BoolAttr,
  DefaultValuedAttr,
  I64ArrayAttr,
  Index,
  IntegerAttr,
  OptionalAttr,
  Variadic,
  defineOp,
  type MemRefType,
} from '@tlir/ir';
import { MemRead, MemWrite } from '@tlir/rewrite';
import { LoopHandle } from './krnl-types.js';
import { intArray, verifyTileAttr } from './tile-buffer-ops.js';

const TRUE = DefaultValuedAttr(BoolAttr, (ctx) => IntegerAttr.getBool(ctx, true));
const FALSE = DefaultValuedAttr(BoolAttr, (ctx) => IntegerAttr.getBool(ctx, false));

/**
 * `krnl.matmul %A[%i, %k], %B[%k, %j], %C[%i, %j], (%li, %lj, %lk), (%i0, %j0, %k0), (%ni, %nj, %nk) : ...`: one
 * tile of C += A * B, on buffers or on the original arrays.
 */
export const MatMulOp = defineOp('krnl.matmul', {
  summary: 'Matmul operation for a single pannel.',
  description: `
Performs a matrix multiplication \`AA * BB + CC\` with sizes \`[IxK] * [KxJ] + [IxJ]\` on one tile of the computation.
The original matrices \`AA\`, \`BB\`, \`CC\` may be copied to buffers \`A\`, \`B\`, \`C\` (possibly padded; see
\`krnl.copy_to_tile_buffer\`), or used directly (\`A = AA\`, ...). Arrays may have a rank higher than 2 (broadcast):
only the innermost 2 dimensions take part in the multiplication, the outer ones have a fixed index.

All indices are global indices of the original computation:

- \`aGlobalIndexMemStart\`, \`bGlobalIndexMemStart\`, \`cGlobalIndexMemStart\` (one per dimension of \`A\`, \`B\`, \`C\`):
  where each buffer starts (zeros when no buffer is used);
- \`(%i, %j, %k)\` compute start: the first element of the tile to compute;
- \`(%I, %J, %K)\` global upper bounds of the computation.

\`loops\` are the three loops (i, j, k) whose iterations the op computes (they are not run by a \`krnl.iterate\`).
The optional \`aTileSize\`, \`bTileSize\`, \`cTileSize\` (2 entries, at most the buffer's innermost sizes) give the size
of the data in an oversized buffer; \`computeTileSize\` (3 entries: I, J, K) the size of the computed sub-tile.
\`simdize\` asks for SIMD code along J (the vector length is the J compute tile size), \`unroll\` for unroll and
jam, \`overcompute\` allows computing past the global upper bounds into the padding.

\`\`\`mlir
krnl.matmul %Abuff[%i1, %k1], %Bbuff[%k1, %j1], %Cbuff[%i1, %j1], (%ill, %jll, %kll), (%i2, %j2, %k2), (%c40, %c80, %c60)
    {computeTileSize = [5, 4, 5], simdize = false, unroll = false} :
    memref<10x10xf32>, memref<10x8xf32>, memref<10x8xf32>, (!krnl.loop, !krnl.loop, !krnl.loop)
\`\`\`
`,
  operands: {
    A: AnyMemRef,
    aGlobalIndexMemStart: Variadic(Index),
    B: AnyMemRef,
    bGlobalIndexMemStart: Variadic(Index),
    C: AnyMemRef,
    cGlobalIndexMemStart: Variadic(Index),
    loops: Variadic(LoopHandle),
    iGlobalIndexComputeStart: Index,
    jGlobalIndexComputeStart: Index,
    kGlobalIndexComputeStart: Index,
    iGlobalUB: Index,
    jGlobalUB: Index,
    kGlobalUB: Index,
  },
  properties: {
    computeTileSize: OptionalAttr(I64ArrayAttr),
    aTileSize: OptionalAttr(I64ArrayAttr),
    bTileSize: OptionalAttr(I64ArrayAttr),
    cTileSize: OptionalAttr(I64ArrayAttr),
    simdize: TRUE,
    unroll: TRUE,
    overcompute: FALSE,
  },
  traits: [MemRead, MemWrite],
  assemblyFormat:
    '$A `[` $aGlobalIndexMemStart `]` `,` $B `[` $bGlobalIndexMemStart `]` `,` $C `[` $cGlobalIndexMemStart `]` `,` ' +
    '`(` $loops `)` `,` `(` $iGlobalIndexComputeStart `,` $jGlobalIndexComputeStart `,` $kGlobalIndexComputeStart `)` `,` ' +
    '`(` $iGlobalUB `,` $jGlobalUB `,` $kGlobalUB `)` attr-dict `:` type($A) `,` type($B) `,` type($C) `,` `(` type($loops) `)`',
  verify(m) {
    const op = m.op;
    const fail = (message: string): false => {
      op.emitOpError(message);
      return false;
    };
    const arrays = [
      ['A', m.A.type as MemRefType, m.aGlobalIndexMemStart.length, 'aGlobalIndexMemStart', 'aTileSize', m.aTileSize],
      ['B', m.B.type as MemRefType, m.bGlobalIndexMemStart.length, 'bGlobalIndexMemStart', 'bTileSize', m.bTileSize],
      ['C', m.C.type as MemRefType, m.cGlobalIndexMemStart.length, 'cGlobalIndexMemStart', 'cTileSize', m.cTileSize],
    ] as const;
    for (const [name, type, starts, startsName] of arrays) {
      if (type.shape.length < 2) return fail(`expects '${name}' to have rank 2 or more, but it has rank ${type.shape.length}`);
      if (starts !== type.shape.length) return fail(`expects ${type.shape.length} '${startsName}' indices (one per dimension of '${name}'), but got ${starts}`);
    }
    const element = arrays[0][1].elementType;
    for (const [name, type] of arrays) {
      if (type.elementType !== element) return fail(`expects 'A', 'B' and 'C' to have the same element type, but '${name}' has '${type.elementType}'`);
    }
    if (m.loops.length !== 3) return fail(`expects 3 loops (i, j, k), but got ${m.loops.length}`);
    const compute = intArray(m.computeTileSize);
    if (!verifyTileAttr(op, 'computeTileSize', compute, [Infinity, Infinity, Infinity], false)) return false;
    for (const [, type, , , tileName, tile] of arrays) {
      if (!verifyTileAttr(op, tileName, intArray(tile), type.shape.slice(-2), true)) return false;
    }
    return true;
  },
});
