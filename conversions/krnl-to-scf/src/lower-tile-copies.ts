// krnl.copy_to_tile_buffer and krnl.copy_from_tile_buffer as scf loops (semantics in ../tile-copy-extents.ts):
// for each buffer dimension, a loop over the elements the memref has there and, where the tile is padded, a loop
// over the padding after them, whose inner loops store the pad value over the whole padded extent.
import type { MemRefType, Operation, Value, ViewOf } from '@tlir/ir';
import { CopyFromTileBufferOp, CopyToTileBufferOp, flagValue, intArray, memrefIndices, paddedExtents, tileCopyExtents, type TileCopyShape } from '@tlir/dialect-krnl';
import type { IndexBuilder } from './index-builder.js';
import { loadElement, memrefSizes, storeElement } from './lower-memory-ops.js';
import { buildFor } from './scf-loops.js';

/** A loop over [lo, hi) by 1, unless it is known to be empty. */
function forRange(ix: IndexBuilder, lo: Value, hi: Value, body: (iv: Value) => void): void {
  const [l, h] = [ix.staticValue(lo), ix.staticValue(hi)];
  if (l !== undefined && h !== undefined && h <= l) return;
  buildFor(ix.b, ix.loc, lo, hi, ix.constant(1), [], (iv) => body(iv));
}

function copyShape(copy: ViewOf<typeof CopyToTileBufferOp> | ViewOf<typeof CopyFromTileBufferOp>, ix: IndexBuilder, memref: Value, starts: readonly Value[], transpose: boolean): TileCopyShape<Value> {
  return {
    bufferShape: (copy.buffer.type as MemRefType).shape,
    tileSize: intArray(copy.tileSize as never),
    memrefSizes: memrefSizes(ix, memref),
    starts,
    transpose,
  };
}

export function lowerCopyToTileBuffer(op: Operation, ix: IndexBuilder): Value[] {
  const [buffer, source, ...rest] = op.operands as [Value, Value, ...Value[]];
  const pad = rest[rest.length - 1]!;
  const copyTo = CopyToTileBufferOp.wrap(op);
  const shape = copyShape(copyTo, ix, source, rest.slice(0, -1), flagValue(copyTo.transpose));
  const { memrefDims, read } = tileCopyExtents(ix, shape);
  const written = paddedExtents(ix, shape, read, intArray(copyTo.padToNext as never));
  const rank = read.length;
  const fill = (d: number, x: Value[]): void => {
    if (d === rank) return storeElement(ix, pad, buffer, x);
    forRange(ix, ix.constant(0), written[d]!, (iv) => fill(d + 1, [...x, iv]));
  };
  const copy = (d: number, x: Value[]): void => {
    if (d === rank) return storeElement(ix, loadElement(ix, source, memrefIndices(ix, shape.starts, memrefDims, x)), buffer, x);
    forRange(ix, ix.constant(0), read[d]!, (iv) => copy(d + 1, [...x, iv]));
    // The padding after the data along this dimension (with any index along the inner ones).
    if (written[d] !== read[d]) forRange(ix, read[d]!, written[d]!, (iv) => fill(d + 1, [...x, iv]));
  };
  copy(0, []);
  return [];
}

export function lowerCopyFromTileBuffer(op: Operation, ix: IndexBuilder): Value[] {
  const [buffer, dest, ...starts] = op.operands as [Value, Value, ...Value[]];
  const shape = copyShape(CopyFromTileBufferOp.wrap(op), ix, dest, starts, false);
  const { memrefDims, read } = tileCopyExtents(ix, shape);
  const copy = (d: number, x: Value[]): void => {
    if (d === read.length) return storeElement(ix, loadElement(ix, buffer, x), dest, memrefIndices(ix, shape.starts, memrefDims, x));
    forRange(ix, ix.constant(0), read[d]!, (iv) => copy(d + 1, [...x, iv]));
  };
  copy(0, []);
  return [];
}
