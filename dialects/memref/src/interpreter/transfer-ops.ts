// memref.reshape, realloc, memory_space_cast, prefetch, distinct_objects, dma_start and dma_wait in the reference
// interpreter. The interpreter has one memory space and no caches: a memory space cast is the same view, a prefetch
// does nothing, a DMA transfer is done when it starts (dma_wait then has nothing left to wait for). What MLIR leaves
// undefined (a reshape of a non-contiguous view or to another element count, objects that alias, a transfer outside
// its memrefs) is a runtime error.
import { formatLocationPrefix, packedStrides, type Location, type MemRefType, type Type } from '@tlir/ir';
import { MemrefView, fault, type ExecutionContext, type InterpreterRegistry, type RuntimeValue } from '@tlir/interpreter';
import { DistinctObjectsOp } from '../distinct-objects-op.js';
import { DmaStartOp, DmaWaitOp } from '../dma-ops.js';
import { MemorySpaceCastOp } from '../memory-space-cast-op.js';
import { ReshapeOp } from '../memref-reshape-op.js';
import { PrefetchOp } from '../prefetch-op.js';
import { ReallocOp } from '../realloc-op.js';
import { allocateMemRef } from './allocation-ops.js';
import { memrefState } from './memref-state.js';

/** Whether a view's elements lie row-major and packed (dimensions of size 1 do not count), as a reshape needs. */
function isPacked(view: MemrefView): boolean {
  let expected = 1;
  for (let k = view.rank - 1; k >= 0; k--) {
    if (view.sizes[k] === 1) continue;
    if (view.strides[k] !== expected) return false;
    expected *= view.sizes[k]!;
  }
  return true;
}

/** The indices of the element at row-major position `linear` of sizes `sizes`. */
function delinearize(sizes: readonly number[], linear: number): number[] {
  const out = new Array<number>(sizes.length);
  for (let k = sizes.length - 1; k >= 0; k--) {
    const n = sizes[k]!;
    out[k] = linear % n;
    linear = Math.floor(linear / n);
  }
  return out;
}

/** The row-major position of `indices` in a view of `sizes`, each index checked against its size. */
function linearize(view: MemrefView, indices: readonly number[], what: string): number {
  let linear = 0;
  for (let k = 0; k < view.rank; k++) {
    const i = indices[k]!;
    if (!(i >= 0 && i < view.sizes[k]!)) fault(`the ${what} index ${i} is out of bounds for dimension ${k} of size ${view.sizes[k]} (${view.describe()})`);
    linear = linear * view.sizes[k]! + i;
  }
  return linear;
}

/** memref.reshape: the same packed elements seen with the sizes the shape memref holds. */
function reshape(source: MemrefView, shape: MemrefView): MemrefView {
  if (!isPacked(source)) fault(`memref.reshape needs a packed row-major source (${source.describe()})`);
  const sizes: number[] = [];
  for (let k = 0; k < shape.sizes[0]!; k++) {
    const n = Number(shape.load([k]));
    if (n < 0) fault(`the shape has the negative size ${n} in dimension ${k}`);
    sizes.push(n);
  }
  const count = sizes.reduce((a, n) => a * n, 1);
  if (count !== source.elementCount) fault(`cannot reshape ${source.elementCount} elements to [${sizes.join(', ')}] (${count} elements)`);
  return new MemrefView(source.memory, source.offset, sizes, packedStrides(sizes, 'row-major'));
}

/**
 * memref.realloc: a new allocation of the result's size holding the source's first elements (those written); the
 * source's memory is freed, as MLIR says it is invalid afterwards.
 */
function realloc(op: { op: { loc: Location }; result: { type: Type } }, source: MemrefView, size: RuntimeValue | undefined, ctx: ExecutionContext): MemrefView {
  const memory = source.memory;
  if (memory.freedReason !== undefined) fault(`realloc of ${memory.label}, which was already ${memory.freedReason}`);
  if (!memrefState(ctx).heap.has(memory)) fault(`realloc of ${memory.label}, which memref.alloc did not allocate`);
  const type = op.result.type as MemRefType;
  const result = allocateMemRef(ctx, type, size === undefined ? [] : [size as number], [], 'program');
  memrefState(ctx).heap.add(result.memory);
  const n = Math.min(source.sizes[0]!, result.sizes[0]!);
  for (let i = 0; i < n; i++) {
    const v = memory.peek(source.address([i]));
    if (v !== undefined) result.store([i], v);
  }
  memory.free(`freed by memref.realloc at ${formatLocationPrefix(op.op.loc)}`);
  return result;
}

/** memref.dma_start: copies the elements at once (contiguous, or `perStride` of every `stride` in the source). */
function dmaStart(operands: readonly RuntimeValue[], src: MemrefView, dstAt: number, numAt: number, tagAt: number, end: number): void {
  const srcIndices = operands.slice(1, dstAt) as number[];
  const dst = operands[dstAt] as MemrefView;
  const dstIndices = operands.slice(dstAt + 1, numAt) as number[];
  const count = operands[numAt] as number;
  const tag = operands[tagAt] as MemrefView;
  const tagIndices = operands.slice(tagAt + 1, end) as number[];
  if (count < 0) fault(`a DMA transfer of ${count} elements`);
  const stride = operands.length > end ? (operands[end] as number) : undefined;
  const perStride = operands.length > end ? (operands[end + 1] as number) : undefined;
  if (stride !== undefined && !(perStride! > 0 && stride >= perStride!)) fault(`a strided DMA transfer needs 0 < elements per stride <= stride (got ${perStride} and ${stride})`);
  const from = linearize(src, srcIndices, 'source');
  const to = linearize(dst, dstIndices, 'destination');
  for (let k = 0; k < count; k++) {
    const s = stride === undefined ? from + k : from + Math.floor(k / perStride!) * stride + (k % perStride!);
    const d = to + k;
    if (s >= src.elementCount) fault(`the DMA transfer reads past the end of the source (element ${s} of ${src.elementCount})`);
    if (d >= dst.elementCount) fault(`the DMA transfer writes past the end of the destination (element ${d} of ${dst.elementCount})`);
    dst.store(delinearize(dst.sizes, d), src.load(delinearize(src.sizes, s)));
  }
  // The tag says the transfer is complete: what a dma_wait on it waits for.
  tag.store(tagIndices, 1);
}

export function registerTransferOps(registry: InterpreterRegistry): void {
  registry.registerImpl(ReshapeOp, (_op, [source, shape]) => [reshape(source as MemrefView, shape as MemrefView)]);
  registry.registerImpl(ReallocOp, (op, [source, size], ctx) => [realloc(op, source as MemrefView, size, ctx)]);
  // One memory space: the same view.
  registry.registerImpl(MemorySpaceCastOp, (_op, [m]) => [m!]);
  // A hint about caches, which the interpreter does not have.
  registry.registerImpl(PrefetchOp, () => []);
  registry.registerImpl(DistinctObjectsOp, (_op, operands) => {
    const views = operands as MemrefView[];
    for (let i = 0; i < views.length; i++) {
      for (let j = i + 1; j < views.length; j++) {
        if (views[i]!.memory === views[j]!.memory) fault(`operands #${i} and #${j} are views of the same memory (${views[i]!.memory.label}), not distinct objects`);
      }
    }
    return [...views];
  });
  registry.registerImpl(DmaStartOp, (op, operands) => {
    const src = operands[0] as MemrefView;
    const dstAt = 1 + src.rank;
    const dst = operands[dstAt] as MemrefView;
    const numAt = dstAt + 1 + dst.rank;
    const tagAt = numAt + 1;
    const tag = operands[tagAt] as MemrefView;
    const end = tagAt + 1 + tag.rank;
    if (operands.length !== end && operands.length !== end + 2) fault(`'${op.op.name}' has ${operands.length} operands, which do not fit its memrefs`);
    dmaStart(operands, src, dstAt, numAt, tagAt, end);
    return [];
  });
  // The transfer finished when it started; the tag must have been signalled by one.
  registry.registerImpl(DmaWaitOp, (_op, [tag, ...rest]) => {
    const view = tag as MemrefView;
    const indices = rest.slice(0, view.rank) as number[];
    const signalled = view.memory.peek(view.address(indices));
    if (signalled === undefined) fault(`memref.dma_wait on a tag no memref.dma_start signalled (${view.describe()})`);
    return [];
  });
}
