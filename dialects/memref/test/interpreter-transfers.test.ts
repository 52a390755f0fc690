// memref.reshape, realloc, memory_space_cast, prefetch, distinct_objects, dma_start and dma_wait in the reference
// interpreter: what each computes, and the runtime errors for what MLIR leaves undefined.
import { describe, expect, it } from 'vitest';
import { ArithDialect, registerArithInterpreter } from '@tlir/dialect-arith';
import { FuncDialect, registerFuncInterpreter } from '@tlir/dialect-func';
import { MemRefDialect, createMemref, memrefElements, registerMemRefInterpreter } from '@tlir/dialect-memref';
import type { MemRefType } from '@tlir/ir';
import type { MemrefView, RuntimeValue } from '@tlir/interpreter';
import { interpreterHarness } from '../../../test/lib/interpreter-harness.js';

const harness = interpreterHarness({
  dialects: [FuncDialect, ArithDialect, MemRefDialect],
  implementations: [registerFuncInterpreter, registerArithInterpreter, registerMemRefInterpreter],
});

const program = harness.parse(
  `func.func @reshape(%m: memref<2x3xi32>, %shape: memref<3xindex>) -> memref<?x?x?xi32> {
  %r = memref.reshape %m(%shape) : (memref<2x3xi32>, memref<3xindex>) -> memref<?x?x?xi32>
  return %r : memref<?x?x?xi32>
}
func.func @reshape_column(%m: memref<2x3xi32, strided<[1, 2]>>, %shape: memref<1xindex>) -> memref<?xi32> {
  %u = memref.cast %m : memref<2x3xi32, strided<[1, 2]>> to memref<*xi32>
  %r = memref.reshape %u(%shape) : (memref<*xi32>, memref<1xindex>) -> memref<?xi32>
  return %r : memref<?xi32>
}
func.func @grow(%n: index) -> memref<?xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %x = arith.constant 2.5 : f32
  %a = memref.alloc() : memref<3xf32>
  memref.store %x, %a[%c0] : memref<3xf32>
  memref.store %x, %a[%c1] : memref<3xf32>
  %b = memref.realloc %a(%n) : memref<3xf32> to memref<?xf32>
  memref.store %x, %b[%c1] : memref<?xf32>
  return %b : memref<?xf32>
}
func.func @stale_after_realloc() -> f32 {
  %c0 = arith.constant 0 : index
  %x = arith.constant 1.0 : f32
  %a = memref.alloc() : memref<2xf32>
  memref.store %x, %a[%c0] : memref<2xf32>
  %b = memref.realloc %a : memref<2xf32> to memref<4xf32>
  %y = memref.load %a[%c0] : memref<2xf32>
  return %y : f32
}
func.func @spaces_and_hints(%m: memref<4xf32>, %i: index) -> f32 {
  memref.prefetch %m[%i], read, locality<3>, data : memref<4xf32>
  %s = memref.memory_space_cast %m : memref<4xf32> to memref<4xf32, 1>
  %v = memref.load %s[%i] : memref<4xf32, 1>
  return %v : f32
}
func.func @distinct(%a: memref<4xf32>, %b: memref<4xf32>) -> (memref<4xf32>, memref<4xf32>) {
  %r:2 = memref.distinct_objects %a, %b : memref<4xf32>, memref<4xf32>
  return %r#0, %r#1 : memref<4xf32>, memref<4xf32>
}
func.func @dma(%src: memref<2x4xf32>, %dst: memref<8xf32, 1>, %tag: memref<1xi32>, %i: index, %j: index, %n: index) {
  %c0 = arith.constant 0 : index
  memref.dma_start %src[%i, %c0], %dst[%j], %n, %tag[%c0] : memref<2x4xf32>, memref<8xf32, 1>, memref<1xi32>
  memref.dma_wait %tag[%c0], %n : memref<1xi32>
  return
}
func.func @dma_strided(%src: memref<2x4xf32>, %dst: memref<8xf32, 1>, %tag: memref<1xi32>) {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  memref.dma_start %src[%c0, %c0], %dst[%c0], %c4, %tag[%c0], %c4, %c2 : memref<2x4xf32>, memref<8xf32, 1>, memref<1xi32>
  return
}
func.func @wait_only(%n: index) {
  %c0 = arith.constant 0 : index
  %tag = memref.alloc() : memref<1xi32>
  memref.dma_wait %tag[%c0], %n : memref<1xi32>
  return
}
`,
  'transfers.mlir',
);

const typeOf = (name: string, i: number): MemRefType => program.fn(name).regions[0]!.firstBlock!.args[i]!.type as MemRefType;
const arg = (name: string, i: number, data?: readonly (number | bigint)[], strides?: number[]): MemrefView =>
  createMemref(typeOf(name, i), { data, strides, label: `argument #${i}` });
const view = (v: RuntimeValue | undefined): MemrefView => v as MemrefView;
const iota = (n: number): number[] => Array.from({ length: n }, (_, i) => i);

describe('memref.reshape', () => {
  it('views the same elements with the sizes the shape memref holds', () => {
    const m = arg('reshape', 0, iota(6));
    const [r] = program.run('reshape', [m, arg('reshape', 1, [3, 1, 2])]).results!;
    expect(view(r).sizes).toEqual([3, 1, 2]);
    expect(view(r).memory).toBe(m.memory);
    expect(view(r).load([2, 0, 1])).toBe(5);
  });

  it('another element count, or a source that is not packed row-major, is a runtime error', () => {
    expect(program.run('reshape', [arg('reshape', 0, iota(6)), arg('reshape', 1, [2, 2, 2])]).error).toContain(
      'transfers.mlir:2:8: error: cannot reshape 6 elements to [2, 2, 2] (8 elements)',
    );
    const column = arg('reshape_column', 0, iota(6), [1, 2]);
    expect(program.run('reshape_column', [column, arg('reshape_column', 1, [6])]).error).toContain('memref.reshape needs a packed row-major source');
  });
});

describe('memref.realloc', () => {
  it('makes a new allocation holding the elements written, and frees the source', () => {
    const [b] = program.run('grow', [5]).results!;
    expect(view(b).sizes).toEqual([5]);
    expect(view(b).load([0])).toBe(2.5);
    expect(view(b).load([1])).toBe(2.5);
    // Element 2 was never written in the source, and is not in the new memory either.
    expect(view(b).memory.peek(2)).toBeUndefined();
    const [small] = program.run('grow', [2]).results!;
    expect(view(small).sizes).toEqual([2]);
    expect(memrefElements(view(small))).toEqual([2.5, 2.5]);
  });

  it('the source may not be used afterwards', () => {
    expect(program.run('stale_after_realloc').error).toContain('freed by memref.realloc at transfers.mlir:');
  });
});

describe('memory spaces, prefetch, distinct objects', () => {
  it('memory_space_cast is the same view and prefetch does nothing', () => {
    expect(program.run('spaces_and_hints', [arg('spaces_and_hints', 0, [1, 2, 3, 4]), 2]).results).toEqual([3]);
  });

  it('distinct_objects passes distinct memrefs through and reports aliasing ones', () => {
    const a = arg('distinct', 0, iota(4));
    const b = arg('distinct', 1, iota(4));
    const [x, y] = program.run('distinct', [a, b]).results!;
    expect(view(x).memory).toBe(a.memory);
    expect(view(y).memory).toBe(b.memory);
    expect(program.run('distinct', [a, a]).error).toContain('operands #0 and #1 are views of the same memory');
  });
});

describe('memref.dma_start and dma_wait', () => {
  it('copies the elements from the source position on, and signals the tag the wait looks at', () => {
    const src = arg('dma', 0, iota(8));
    const dst = arg('dma', 1, Array(8).fill(-1));
    const tag = arg('dma', 2);
    expect(program.run('dma', [src, dst, tag, 1, 2, 3]).results).toEqual([]);
    expect(memrefElements(dst)).toEqual([-1, -1, 4, 5, 6, -1, -1, -1]);
    expect(tag.load([0])).toBe(1);
  });

  it('a strided transfer takes elements per stride from every stride', () => {
    const dst = arg('dma_strided', 1, Array(8).fill(-1));
    expect(program.run('dma_strided', [arg('dma_strided', 0, iota(8)), dst, arg('dma_strided', 2)]).results).toEqual([]);
    expect(memrefElements(dst)).toEqual([0, 1, 4, 5, -1, -1, -1, -1]);
  });

  it('a transfer outside its memrefs, or a wait nothing signalled, is a runtime error', () => {
    const run = (i: number, j: number, n: number) => program.run('dma', [arg('dma', 0, iota(8)), arg('dma', 1), arg('dma', 2), i, j, n]).error;
    expect(run(1, 0, 5)).toContain('the DMA transfer reads past the end of the source (element 8 of 8)');
    expect(run(0, 6, 3)).toContain('the DMA transfer writes past the end of the destination (element 8 of 8)');
    expect(run(2, 0, 1)).toContain('the source index 2 is out of bounds for dimension 0 of size 2');
    expect(program.run('wait_only', [1]).error).toContain('memref.dma_wait on a tag no memref.dma_start signalled');
  });
});
