// Copies between a memref and a tile buffer: krnl.copy_to_tile_buffer and krnl.copy_from_tile_buffer.
import {
  AnyMemRef,
  AnyType,
  ArrayAttr,
  BoolAttr,
  DefaultValuedAttr,
  DYNAMIC,
  I64ArrayAttr,
  Index,
  IntegerAttr,
  OptionalAttr,
  TypesMatchWith,
  Variadic,
  defineOp,
  type MemRefType,
  type Operation,
} from '@tlir/ir';
import { MemRead, MemWrite } from '@tlir/rewrite';
import { elementTypeOf } from '@tlir/dialect-memref';

/** The integers of an optional `[4, 8]` attribute (undefined when absent). */
export function intArray(attr: ArrayAttr | undefined): number[] | undefined {
  return attr?.elements.map((e) => Number((e as IntegerAttr).value));
}

/** The value of an optional bool attribute (`transpose = true`): false when absent. */
export function flagValue(attr: unknown): boolean {
  return attr instanceof IntegerAttr && attr.value !== 0n;
}

/**
 * Checks an optional per-dimension attribute of a tile: empty, or one positive entry per dimension of `dims`, each
 * at most that (static) dimension when `bounded` (a tile size fits in its buffer).
 */
export function verifyTileAttr(op: Operation, name: string, values: number[] | undefined, dims: readonly number[], bounded: boolean): boolean {
  if (values === undefined || values.length === 0) return true;
  if (values.length !== dims.length) {
    op.emitOpError(`expects '${name}' to have ${dims.length} entries (or none), but it has ${values.length}`);
    return false;
  }
  for (let i = 0; i < values.length; i++) {
    const v = values[i]!;
    if (v < 1) {
      op.emitOpError(`expects positive '${name}' entries, but entry #${i} is ${v}`);
      return false;
    }
    if (bounded && dims[i] !== DYNAMIC && v > dims[i]!) {
      op.emitOpError(`expects '${name}' entry #${i} (${v}) to be at most the buffer size ${dims[i]}`);
      return false;
    }
  }
  return true;
}

/** The checks both copies share: a static buffer, a memref of at least its rank, one start per memref dimension. */
function verifyCopy(op: Operation, buffer: MemRefType, memref: MemRefType, starts: number, memrefName: string): boolean {
  const fail = (message: string): false => {
    op.emitOpError(message);
    return false;
  };
  if (!buffer.hasStaticShape) return fail(`expects a buffer of static shape, but got '${buffer}'`);
  if (memref.shape.length < buffer.shape.length) {
    return fail(`expects '${memrefName}' to have at least the rank of the buffer (${buffer.shape.length}), but it has rank ${memref.shape.length}`);
  }
  if (starts !== memref.shape.length) return fail(`expects ${memref.shape.length} start indices (one per dimension of '${memrefName}'), but got ${starts}`);
  return true;
}

/**
 * `krnl.copy_to_tile_buffer %buf, %A[%i, %j], %pad : memref<10x8xf32>, memref<40x80xf32>`: fills a tile buffer from a
 * memref, padding past the memref's end.
 */
export const CopyToTileBufferOp = defineOp('krnl.copy_to_tile_buffer', {
  summary: 'Copy to buffer.',
  description: `
Copies a tile of a source memory into a buffer. \`starts\` (one per source dimension) give where the tile starts in
the source; start values are multiples of the buffer size in all dimensions. The buffer has a static shape and at
most the rank of the source (its dimensions are the innermost ones of the source), and both have the element type
of the pad value.

By default the amount of data copied is the size of the buffer. A buffer may be oversized (for cache, SIMD or
unroll and jam reasons): the optional \`tileSize\` (one entry per buffer dimension, each at most the buffer size)
then gives the size of the data tile.

If there is not enough data in the source to fill the buffer, because the copy reaches the upper bounds of the
source, \`padToNext\` (one entry per buffer dimension) says how far the pad value is written: from the last source
data to the next index that is a multiple of \`padToNext\` (1: no padding, the buffer size: pad the whole buffer;
default 1). \`transpose\` copies the transpose of the tile (a buffer of rank 2 or more).

\`\`\`mlir
krnl.copy_to_tile_buffer %Abuff, %A[%i1, %k1], %f0 : memref<10x10xf32>, memref<40x60xf32>
krnl.copy_to_tile_buffer %Bbuff, %B[%k1, %j1], %f0 {padToNext = [1, 4], tileSize = [10, 6]} : memref<10x8xf32>, memref<60x80xf32>
\`\`\`
`,
  operands: {
    buffer: AnyMemRef,
    source: AnyMemRef,
    starts: Variadic(Index),
    padValue: TypesMatchWith("type of 'padValue' matches element type of 'source'", 'source', elementTypeOf, AnyType),
  },
  properties: {
    tileSize: OptionalAttr(I64ArrayAttr),
    padToNext: OptionalAttr(I64ArrayAttr),
    transpose: DefaultValuedAttr(BoolAttr, (ctx) => IntegerAttr.getBool(ctx, false)),
  },
  traits: [MemRead, MemWrite],
  assemblyFormat: '$buffer `,` $source `[` $starts `]` `,` $padValue attr-dict `:` type($buffer) `,` type($source)',
  verify(c) {
    const op = c.op;
    const buffer = c.buffer.type as MemRefType;
    const source = c.source.type as MemRefType;
    if (buffer.elementType !== c.padValue.type) {
      op.emitOpError("failed to verify that type of 'padValue' matches element type of 'buffer'");
      return false;
    }
    if (!verifyCopy(op, buffer, source, c.starts.length, 'source')) return false;
    if (!verifyTileAttr(op, 'tileSize', intArray(c.tileSize), buffer.shape, true)) return false;
    if (!verifyTileAttr(op, 'padToNext', intArray(c.padToNext), buffer.shape, false)) return false;
    if (c.transpose.value !== 0n && buffer.shape.length < 2) {
      op.emitOpError(`expects a buffer of rank 2 or more to transpose, but it has rank ${buffer.shape.length}`);
      return false;
    }
    return true;
  },
});

/**
 * `krnl.copy_from_tile_buffer %buf, %C[%i, %j] : memref<10x8xf32>, memref<40x80xf32>`: writes a tile buffer back,
 * not past the memref's end.
 */
export const CopyFromTileBufferOp = defineOp('krnl.copy_from_tile_buffer', {
  summary: 'Copy from buffer.',
  description: `
Copies a buffer into a tile of a destination memory. \`starts\` (one per destination dimension) give where the tile
starts in the destination; start values are multiples of the buffer size in all dimensions. The buffer has a static
shape, at most the rank of the destination, and its element type. Nothing is written past the upper bounds of the
destination.

If the buffer is oversized with respect to the data of the tile, the optional \`tileSize\` (one entry per buffer
dimension, each at most the buffer size) gives the size of the tile.

\`\`\`mlir
krnl.copy_from_tile_buffer %Cbuff, %C[%i1, %j1] : memref<10x8xf32>, memref<40x80xf32>
\`\`\`
`,
  operands: { buffer: AnyMemRef, dest: AnyMemRef, starts: Variadic(Index) },
  properties: { tileSize: OptionalAttr(I64ArrayAttr) },
  traits: [MemRead, MemWrite],
  assemblyFormat: '$buffer `,` $dest `[` $starts `]` attr-dict `:` type($buffer) `,` type($dest)',
  verify(c) {
    const op = c.op;
    const buffer = c.buffer.type as MemRefType;
    const dest = c.dest.type as MemRefType;
    if (buffer.elementType !== dest.elementType) {
      op.emitOpError(`expects the buffer and 'dest' to have the same element type, but got '${buffer.elementType}' and '${dest.elementType}'`);
      return false;
    }
    return verifyCopy(op, buffer, dest, c.starts.length, 'dest') && verifyTileAttr(op, 'tileSize', intArray(c.tileSize), buffer.shape, true);
  },
});
