// The replicated instructions give the same results as tensor language and after lower-to-krnl (and krnl-to-scf):
// every binary and unary arith kind, every comparison and cast on edge values (the most negative and positive
// integers, -1, 0, i1, NaN, infinities, -0.0, values that round), in foreach loops over the work-items, and
// sequential for loops and if with results (mixed regions).
import { describe, expect, it } from 'vitest';
import type { Operation, Type } from '@tlir/ir';
import { TlMemrefType, memrefForType, type KernelArgument } from '@tlir/dialect-tl';
import { LATER_STAGES, runEquivalence } from './lowering-harness.js';

const argType = (kernel: Operation, i: number): Type => kernel.regions[0]!.firstBlock!.args[i]!.type;
const arg = (kernel: Operation, i: number, sizes: number[], data?: readonly (number | bigint)[]) =>
  memrefForType(argType(kernel, i) as TlMemrefType, { sizes, ...(data ? { data } : {}), label: `argument #${i}` });

const STAGES = ['builtin.module(lower-to-krnl)', ...LATER_STAGES];

function check(source: string, kernel: string, args: (k: Operation) => KernelArgument[], groups = 1): void {
  const r = runEquivalence({ source, kernel, args, groups, stages: STAGES });
  expect(r.differences, r.stages[0]).toEqual([]);
}

/** i32 edge values, and divisors and shift amounts that keep every operation defined. */
const INTS = [0, 1, -1, 7, -7, 2147483647, -2147483648, 123456789, -98765, 65536];
const DIVISORS = [3, -5, 1, 2, 7, 9, 13, -1000, 1, 4];
const SHIFTS = [0, 1, 31, 4, 7, 16, 2, 30, 5, 3];

describe('scalar instructions after lower-to-krnl', () => {
  it('integer arithmetic and comparisons (i32, i1)', () => {
    const ops = ['add', 'sub', 'mul', 'div', 'rem', 'and', 'or', 'xor'];
    const body = [
      ...ops.map((op, k) => `    %r${k} = arith.${op} %x, %y : i32\n    store %r${k}, %out[%i, ${k}] : memref<i32x?x12>`),
      `    %s0 = arith.shl %x, %s : i32\n    store %s0, %out[%i, 8] : memref<i32x?x12>`,
      `    %s1 = arith.shr %x, %s : i32\n    store %s1, %out[%i, 9] : memref<i32x?x12>`,
      `    %u0 = arith.neg %x : i32\n    store %u0, %out[%i, 10] : memref<i32x?x12>`,
      `    %u1 = arith.not %x : i32\n    store %u1, %out[%i, 11] : memref<i32x?x12>`,
      ...['eq', 'ne', 'gt', 'ge', 'lt', 'le'].map((c, k) => `    %c${k} = cmp.${c} %x, %y : i32\n    store %c${k}, %flags[%i, ${k}] : memref<i1x?x8>`),
      `    %b0 = cmp.gt %c0, %c2 : i1\n    store %b0, %flags[%i, 6] : memref<i1x?x8>`,
      `    %b1 = arith.xor %c1, %c4 : i1\n    %b2 = arith.not %b1 : i1\n    store %b2, %flags[%i, 7] : memref<i1x?x8>`,
    ];
    const source = `func @ints(%a: memref<i32x?>, %b: memref<i32x?>, %sh: memref<i32x?>, %out: memref<i32x?x12>, %flags: memref<i1x?x8>) {
  %n = size %a[0] : memref<i32x?>
  foreach %i = 0, %n {
    %x = load %a[%i] : memref<i32x?>
    %y = load %b[%i] : memref<i32x?>
    %s = load %sh[%i] : memref<i32x?>
${body.join('\n')}
  }
}`;
    const n = INTS.length;
    check(source, 'ints', (k) => [arg(k, 0, [n], INTS), arg(k, 1, [n], DIVISORS), arg(k, 2, [n], SHIFTS), arg(k, 3, [n, 12]), arg(k, 4, [n, 8])]);
  });

  it('float arithmetic and comparisons (f32, f64) with NaN, infinities and signed zeros', () => {
    const xs = [1.5, -0, 0, NaN, Infinity, -Infinity, 0.1, -3.75, 1e30, 7];
    const ys = [0.3, 0, -0, 2, NaN, Infinity, 3, -0.5, 1e-30, -7];
    const body = (t: string) => [
      ...['add', 'sub', 'mul', 'div', 'rem'].map((op, k) => `    %r${k} = arith.${op} %x, %y : ${t}\n    store %r${k}, %out[%i, ${k}] : memref<${t}x?x6>`),
      `    %u = arith.neg %x : ${t}\n    store %u, %out[%i, 5] : memref<${t}x?x6>`,
      ...['eq', 'ne', 'gt', 'ge', 'lt', 'le'].map((c, k) => `    %c${k} = cmp.${c} %x, %y : ${t}\n    store %c${k}, %flags[%i, ${k}] : memref<i1x?x6>`),
    ];
    for (const t of ['f32', 'f64']) {
      const source = `func @floats(%a: memref<${t}x?>, %b: memref<${t}x?>, %out: memref<${t}x?x6>, %flags: memref<i1x?x6>) work_group_size(4, 2) {
  %n = size %a[0] : memref<${t}x?>
  foreach %i = 0, %n {
    %x = load %a[%i] : memref<${t}x?>
    %y = load %b[%i] : memref<${t}x?>
${body(t).join('\n')}
  }
}`;
      const n = xs.length;
      check(source, 'floats', (k) => [arg(k, 0, [n], xs), arg(k, 1, [n], ys), arg(k, 2, [n, 6]), arg(k, 3, [n, 6])]);
    }
  });

  it('min and max (i32, i1, index, f32, f64) with NaN and signed zeros', () => {
    const ints = `func @ints(%a: memref<i32x?>, %b: memref<i32x?>, %out: memref<i32x?x2>, %flags: memref<i1x?x2>, %idx: memref<indexx?x2>) {
  %n = size %a[0] : memref<i32x?>
  foreach %i = 0, %n {
    %x = load %a[%i] : memref<i32x?>
    %y = load %b[%i] : memref<i32x?>
    %0 = arith.min %x, %y : i32
    store %0, %out[%i, 0] : memref<i32x?x2>
    %1 = arith.max %x, %y : i32
    store %1, %out[%i, 1] : memref<i32x?x2>
    %p = cmp.lt %x, 0 : i32
    %q = cmp.lt %y, 0 : i32
    %2 = arith.min %p, %q : i1
    store %2, %flags[%i, 0] : memref<i1x?x2>
    %3 = arith.max %p, %q : i1
    store %3, %flags[%i, 1] : memref<i1x?x2>
    %u = cast %x : i32 -> index
    %v = cast %y : i32 -> index
    %4 = arith.min %u, %v : index
    store %4, %idx[%i, 0] : memref<indexx?x2>
    %5 = arith.max %u, %v : index
    store %5, %idx[%i, 1] : memref<indexx?x2>
  }
}`;
    const n = INTS.length;
    check(ints, 'ints', (k) => [arg(k, 0, [n], INTS), arg(k, 1, [n], DIVISORS), arg(k, 2, [n, 2]), arg(k, 3, [n, 2]), arg(k, 4, [n, 2])]);
    const xs = [1.5, -0, 0, NaN, Infinity, -Infinity, 0.1, -3.75, NaN, 7];
    const ys = [0.3, 0, -0, 2, NaN, Infinity, 3, -0.5, -1, 7];
    for (const t of ['f32', 'f64']) {
      const floats = `func @floats(%a: memref<${t}x?>, %b: memref<${t}x?>, %out: memref<${t}x?x2>) work_group_size(4, 2) {
  %n = size %a[0] : memref<${t}x?>
  foreach %i = 0, %n {
    %x = load %a[%i] : memref<${t}x?>
    %y = load %b[%i] : memref<${t}x?>
    %0 = arith.min %x, %y : ${t}
    store %0, %out[%i, 0] : memref<${t}x?x2>
    %1 = arith.max %x, %y : ${t}
    store %1, %out[%i, 1] : memref<${t}x?x2>
  }
}`;
      check(floats, 'floats', (k) => [arg(k, 0, [xs.length], xs), arg(k, 1, [xs.length], ys), arg(k, 2, [xs.length, 2])]);
    }
  });

  it('casts between every kind of scalar type', () => {
    // Floats within every integer range the casts reach (a float that does not fit is undefined).
    const floats = [0, -0, 1.9, -1.9, 100.5, -127.25, 0.3, 3, -3, 126];
    const ints = [0, 1, -1, 127, -128, 300, -70000, 2147483647, -2147483648, 42];
    const source = `func @casts(%f: memref<f32x?>, %d: memref<f64x?>, %a: memref<i32x?>, %o32: memref<i32x?x5>, %of: memref<f32x?x4>, %od: memref<f64x?x4>, %o8: memref<i8x?x2>, %ob: memref<i1x?x3>, %oi: memref<indexx?x3>) {
  %n = size %f[0] : memref<f32x?>
  foreach %i = 0, %n {
    %x = load %f[%i] : memref<f32x?>
    %y = load %d[%i] : memref<f64x?>
    %z = load %a[%i] : memref<i32x?>
    %0 = cast %x : f32 -> i32
    store %0, %o32[%i, 0] : memref<i32x?x5>
    %1 = cast %y : f64 -> i32
    store %1, %o32[%i, 1] : memref<i32x?x5>
    %2 = cast %z : i32 -> i1
    %3 = cast %2 : i1 -> i32
    store %3, %o32[%i, 2] : memref<i32x?x5>
    %4 = cast %z : i32 -> i8
    store %4, %o8[%i, 0] : memref<i8x?x2>
    %5 = cast %4 : i8 -> i32
    store %5, %o32[%i, 3] : memref<i32x?x5>
    %6 = cast %x : f32 -> i8
    store %6, %o8[%i, 1] : memref<i8x?x2>
    %7 = cast %z : i32 -> f32
    store %7, %of[%i, 0] : memref<f32x?x4>
    %8 = cast %y : f64 -> f32
    store %8, %of[%i, 1] : memref<f32x?x4>
    %9 = cast %2 : i1 -> f32
    store %9, %of[%i, 2] : memref<f32x?x4>
    %10 = cast %z : i32 -> index
    store %10, %oi[%i, 0] : memref<indexx?x3>
    %11 = cast %10 : index -> f32
    store %11, %of[%i, 3] : memref<f32x?x4>
    %12 = cast %y : f64 -> index
    store %12, %oi[%i, 1] : memref<indexx?x3>
    %13 = cast %2 : i1 -> index
    store %13, %oi[%i, 2] : memref<indexx?x3>
    %14 = cast %10 : index -> i32
    store %14, %o32[%i, 4] : memref<i32x?x5>
    %15 = cast %x : f32 -> f64
    store %15, %od[%i, 0] : memref<f64x?x4>
    %16 = cast %z : i32 -> f64
    store %16, %od[%i, 1] : memref<f64x?x4>
    %17 = cast %x : f32 -> i1
    store %17, %ob[%i, 0] : memref<i1x?x3>
    %18 = cast %y : f64 -> i1
    store %18, %ob[%i, 1] : memref<i1x?x3>
    %19 = cast %10 : index -> i1
    store %19, %ob[%i, 2] : memref<i1x?x3>
    %20 = cast %4 : i8 -> f64
    store %20, %od[%i, 2] : memref<f64x?x4>
    %21 = cast %6 : i8 -> index
    %22 = cast %21 : index -> f64
    store %22, %od[%i, 3] : memref<f64x?x4>
  }
}`;
    const n = floats.length;
    check(source, 'casts', (k) => [
      arg(k, 0, [n], floats),
      arg(k, 1, [n], floats.map((v) => v * 1000.25)),
      arg(k, 2, [n], ints),
      arg(k, 3, [n, 5]),
      arg(k, 4, [n, 4]),
      arg(k, 5, [n, 4]),
      arg(k, 6, [n, 2]),
      arg(k, 7, [n, 3]),
      arg(k, 8, [n, 3]),
    ]);
  });

  it('for loops (i32 with a step, index), if with results, group_id and group_size', () => {
    const source = `func @control(%out: memref<i32x?x?>, %n: i32) work_group_size(16, 1) {
  %g = group_id
  %count = group_size
  %gi = cast %g : index -> i32
  %ci = cast %count : index -> i32
  for %i = 1, %n, 3 : i32 {
    %odd = arith.rem %i, 2 : i32
    %isOdd = cmp.eq %odd, 1 : i32
    %v, %w = if %isOdd -> (i32, i32) {
      %p = arith.mul %i, %gi : i32
      yield %p, %ci : i32, i32
    } else {
      %q = arith.sub %gi, %i : i32
      yield %q, %i : i32, i32
    }
    %j = cast %i : i32 -> index
    %s = arith.add %v, %w : i32
    store %s, %out[%j, %g] : memref<i32x?x?>
  }
  for %k = 0, 2 {
    %t = cast %k : index -> i32
    %u = arith.add %t, %gi : i32
    store %u, %out[%k, %g] : memref<i32x?x?>
  }
}`;
    check(source, 'control', (k) => [arg(k, 0, [20, 3], new Array(60).fill(-1)), 20], 3);
  });
});
