// krnl.copy_to_tile_buffer and krnl.copy_from_tile_buffer on memref views (semantics in ../tile-copy-extents.ts).
import { rowMajorIndices } from '@tlir/interpreter';
import type { MemRefType, ViewOf } from '@tlir/ir';
import type { MemrefView, RuntimeValue } from '@tlir/interpreter';
import { NUMBER_ALGEBRA } from '../index-algebra.js';
import { flagValue, intArray, type CopyFromTileBufferOp, type CopyToTileBufferOp } from '../tile-buffer-ops.js';
import { memrefIndices, paddedExtents, tileCopyExtents, type TileCopyShape } from '../tile-copy-extents.js';

function copyShape(op: ViewOf<typeof CopyToTileBufferOp | typeof CopyFromTileBufferOp>, memref: MemrefView, starts: readonly RuntimeValue[]): TileCopyShape<number> {
  return {
    bufferShape: (op.buffer.type as MemRefType).shape,
    tileSize: intArray(op.tileSize),
    memrefSizes: memref.sizes,
    starts: starts as number[],
    transpose: 'transpose' in op && flagValue(op.transpose),
  };
}

/** Fills the region of the buffer the copy writes: the memref's elements where they exist, the pad value after. */
export function copyToTileBuffer(op: ViewOf<typeof CopyToTileBufferOp>, [b, s, ...rest]: readonly RuntimeValue[]): void {
  const buffer = b as MemrefView;
  const source = s as MemrefView;
  const pad = rest[rest.length - 1] as number | bigint;
  const shape = copyShape(op, source, rest.slice(0, -1));
  const { memrefDims, read } = tileCopyExtents(NUMBER_ALGEBRA, shape);
  const written = paddedExtents(NUMBER_ALGEBRA, shape, read, intArray(op.padToNext));
  rowMajorIndices(written, (x) => {
    const inData = x.every((v, d) => v < read[d]!);
    buffer.store(x, inData ? source.load(memrefIndices(NUMBER_ALGEBRA, shape.starts, memrefDims, x)) : pad);
  });
}

/** Writes the buffer back to the memref, not past the memref's end. */
export function copyFromTileBuffer(op: ViewOf<typeof CopyFromTileBufferOp>, [b, d, ...starts]: readonly RuntimeValue[]): void {
  const buffer = b as MemrefView;
  const dest = d as MemrefView;
  const shape = copyShape(op, dest, starts);
  const { memrefDims, read } = tileCopyExtents(NUMBER_ALGEBRA, shape);
  rowMajorIndices(read, (x) => dest.store(memrefIndices(NUMBER_ALGEBRA, shape.starts, memrefDims, x), buffer.load(x)));
}
