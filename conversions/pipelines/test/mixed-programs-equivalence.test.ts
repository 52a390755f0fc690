// Kernels that mix replicated code, foreach and collectives give the same results, bit for bit, as tensor language
// and after `--lower-to-krnl --lower-to-gpu` on work-groups of several work-items: replicated stores (one
// work-item makes them), loops whose iterations depend on each other (one work-item runs them), loops of
// independent stores (dealt to the work-items), foreach writing what a collective or a replicated load reads next
// (a barrier between), collectives in for loops reading what the previous iteration wrote, work-group buffers.
import { describe, expect, it } from 'vitest';
import type { Operation, Type } from '@tlir/ir';
import { TlMemrefType, memrefForType, type KernelArgument } from '@tlir/dialect-tl';
import { values } from '../../tl-to-krnl/test/example-launches.js';
import { runEquivalence } from '../../tl-to-krnl/test/lowering-harness.js';

const argType = (kernel: Operation, i: number): Type => kernel.regions[0]!.firstBlock!.args[i]!.type;
const arg = (kernel: Operation, i: number, sizes: number[], data?: readonly number[]) =>
  memrefForType(argType(kernel, i) as TlMemrefType, { sizes, ...(data ? { data } : {}), label: `argument #${i}` });

/**
 * Runs `kernel` of `source` on `args` over `groups` work-groups, as tensor language and after lower-to-gpu with each
 * work-group size, the collectives' inputs loaded directly (the default) and staged.
 */
function check(source: string, kernel: string, args: (k: Operation) => KernelArgument[], groups: number, sizes: readonly string[] = ['4,2', '3,1', '16,4']): void {
  for (const size of sizes) {
    for (const copy of [false, true]) {
      const schedule = `lower-to-krnl{work-group-size=${size} tile-k=3 copy=${copy}}`;
      const r = runEquivalence({ source, kernel, args, groups, stages: [`builtin.module(${schedule})`, 'builtin.module(lower-to-gpu)'] });
      expect(r.differences, `${schedule}\n${r.stages[1]}`).toEqual([]);
    }
  }
}

describe('mixed kernels after lower-to-krnl and lower-to-gpu', () => {
  it('replicated stores, a prefix sum (each iteration reads the one before) and an independent loop of stores', () => {
    const source = `func @prefix(%A: memref<f32x?x?>, %B: memref<f32x?x?>) {
  %g = group_id
  %a = subview %A[:, %g] : memref<f32x?x?>
  %b = subview %B[:, %g] : memref<f32x?x?>
  %n = size %a[0] : memref<f32x?>
  %first = load %a[0] : memref<f32x?>
  store %first, %b[0] : memref<f32x?>
  for %i = 1, %n {
    %j = arith.sub %i, 1 : index
    %p = load %b[%j] : memref<f32x?>
    %x = load %a[%i] : memref<f32x?>
    %s = arith.add %p, %x : f32
    store %s, %b[%i] : memref<f32x?>
  }
  for %i = 0, %n {
    %v = load %b[%i] : memref<f32x?>
    %w = arith.mul %v, 2.0 : f32
    store %w, %a[%i] : memref<f32x?>
  }
}`;
    check(source, 'prefix', (k) => [arg(k, 0, [11, 3], values(33, 1)), arg(k, 1, [11, 3], values(33, 2))], 3);
  });

  it('foreach fills a work-group buffer that a gemm reads, then a replicated load reads what the gemm wrote', () => {
    const source = `func @fill_then_gemm(%X: memref<f32x8x?>, %W: memref<f32x8x8>, %Y: memref<f32x8x8x?>, %out: memref<f32x?>) {
  %g = group_id
  %x = subview %X[:, %g] : memref<f32x8x?>
  %y = subview %Y[:, :, %g] : memref<f32x8x8x?>
  %t = alloca -> memref<f32x8x8>
  foreach %i = 0, 8 {
    %v = load %x[%i] : memref<f32x8>
    for %j = 0, 8 {
      %jf = cast %j : index -> f32
      %e = arith.mul %v, %jf : f32
      store %e, %t[%i, %j] : memref<f32x8x8>
    }
  }
  gemm.n.n 1.0, %t, %W, 0.0, %y : f32, memref<f32x8x8>, memref<f32x8x8>, f32, memref<f32x8x8>
  %corner = load %y[7, 7] : memref<f32x8x8>
  store %corner, %out[%g] : memref<f32x?>
}`;
    check(source, 'fill_then_gemm', (k) => [arg(k, 0, [8, 2], values(16, 3)), arg(k, 1, [], values(64, 4)), arg(k, 2, [8, 8, 2]), arg(k, 3, [2])], 2);
  });

  it('a loop of collectives, each reading what the one before wrote (the same buffer read and overwritten)', () => {
    const source = `func @powers(%A: memref<f64x6x6>, %v: memref<f64x6x?>, %steps: index) {
  %g = group_id
  %x = subview %v[:, %g] : memref<f64x6x?>
  %t = alloca -> memref<f64x6>
  for %s = 0, %steps {
    gemv.n 1.0, %A, %x, 0.0, %t : f64, memref<f64x6x6>, memref<f64x6>, f64, memref<f64x6>
    axpby.n 0.5, %t, 0.25, %x : f64, memref<f64x6>, f64, memref<f64x6>
  }
  barrier
  lifetime_stop %t
}`;
    check(source, 'powers', (k) => [arg(k, 0, [], values(36, 5)), arg(k, 1, [6, 3], values(18, 6)), 4], 3);
  });

  it('foreach ranges larger and smaller than the work-group, group_size, and an if around collectives', () => {
    const source = `func @branches(%A: memref<i32x?>, %B: memref<i32x?>, %C: memref<i32x?>, %flag: i32) {
  %n = size %A[0] : memref<i32x?>
  %gs = group_size
  %g = group_id
  %gi = cast %g : index -> i32
  foreach %i = 0, %n {
    %a = load %A[%i] : memref<i32x?>
    %b = arith.add %a, %gi : i32
    store %b, %B[%i] : memref<i32x?>
  }
  %on = cmp.ne %flag, 0 : i32
  if %on {
    hadamard_product 2, %B, %A, 1, %C : i32, memref<i32x?>, memref<i32x?>, i32, memref<i32x?>
  } else {
    axpby.n 3, %B, 0, %C : i32, memref<i32x?>, i32, memref<i32x?>
  }
  %gsi = cast %gs : index -> i32
  store %gsi, %A[0] : memref<i32x?>
}`;
    const ints = (n: number, seed: number): number[] => values(n, seed).map((v) => Math.round(v * 100));
    for (const flag of [0, 1]) {
      check(source, 'branches', (k) => [arg(k, 0, [37], ints(37, 7)), arg(k, 1, [37], ints(37, 8)), arg(k, 2, [37], ints(37, 9)), flag], 1);
    }
  });

  it('foreach updating its own elements in place, over ranges larger than the work-group (no barrier between rounds)', () => {
    const source = `func @in_place(%A: memref<f32x?x?>, %B: memref<f32x?x?>, %g: f32) {
  %j = group_id
  %a = subview %A[:, %j] : memref<f32x?x?>
  %b = subview %B[:, %j] : memref<f32x?x?>
  %n = size %a[0] : memref<f32x?>
  foreach %i = 0, %n {
    %v = load %a[%i] : memref<f32x?>
    %w = load %b[%i] : memref<f32x?>
    %s = arith.mul %v, %w : f32
    %t = arith.add %s, %g : f32
    store %t, %a[%i] : memref<f32x?>
    store %v, %b[%i] : memref<f32x?>
  }
  foreach %i = 0, %n {
    %v = load %a[%i] : memref<f32x?>
    %s = arith.add %v, %v : f32
    store %s, %a[%i] : memref<f32x?>
  }
  %first = load %a[0] : memref<f32x?>
  store %first, %b[0] : memref<f32x?>
}`;
    check(source, 'in_place', (k) => [arg(k, 0, [37, 2], values(74, 3)), arg(k, 1, [37, 2], values(74, 4)), 0.5], 2);
    // The rounds of each foreach touch their own elements only: no barrier inside their loops.
    const r = runEquivalence({
      source,
      kernel: 'in_place',
      args: (k) => [arg(k, 0, [37, 2], values(74, 3)), arg(k, 1, [37, 2], values(74, 4)), 0.5],
      groups: 2,
      stages: ['builtin.module(lower-to-krnl{work-group-size=4,2})', 'builtin.module(lower-to-gpu)'],
    });
    const lowered = r.stages[1]!;
    expect(lowered.match(/gpu\.barrier/g)).toHaveLength(2);
  });
});
