// for (with step), foreach, if (with and without results), group_id / group_size over the work-groups of a launch.
import { describe, expect, it } from 'vitest';
import { compile, memrefArg, run, runOk } from './kernel-harness.js';

describe('for', () => {
  const c = compile(`func @k(%from: i32, %to: i32, %step: i32, %out: memref<i32x2>) {
  store 0, %out[0] : memref<i32x2>
  store 0, %out[1] : memref<i32x2>
  for %i = %from, %to, %step : i32 {
    %s = load %out[0] : memref<i32x2>
    %t = arith.add %s, %i : i32
    store %t, %out[0] : memref<i32x2>
    %n = load %out[1] : memref<i32x2>
    %m = arith.add %n, 1 : i32
    store %m, %out[1] : memref<i32x2>
  }
}`);
  const k = c.kernel();

  it('runs from, from + step, ... while below to', () => {
    for (const [from, to, step] of [[0, 10, 1], [0, 10, 3], [5, 5, 1], [7, 3, 1], [-6, 6, 4], [2 ** 31 - 3, 2 ** 31 - 1, 1]]) {
      const out = memrefArg(k, 3);
      runOk(c, k, [from, to, step, out]);
      let [sum, count] = [0, 0];
      for (let i = from!; i < to!; i += step!) [sum, count] = [(sum + i) | 0, count + 1];
      expect(out.toArray(), `${from}, ${to}, ${step}`).toEqual([sum, count]);
    }
  });

  it('needs a positive step', () => {
    expect(run(c, k, [0, 10, 0, memrefArg(k, 3)])).toContain('kernel.tl:4:3: error: for: the step must be positive, got 0');
    expect(run(c, k, [0, 10, -1, memrefArg(k, 3)])).toContain('the step must be positive, got -1');
  });

  it('ends at the largest value of a narrow type', () => {
    const c8 = compile(`func @k(%out: memref<i8x256>) {
  for %i = -128, 127 : i8 {
    %j = cast %i : i8 -> index
    %k = arith.add %j, 128 : index
    store %i, %out[%k] : memref<i8x256>
  }
}`);
    const k8 = c8.kernel();
    const out = memrefArg(k8, 0, { data: new Array(256).fill(0) });
    runOk(c8, k8, [out]);
    expect(out.toArray()).toEqual([...Array.from({ length: 255 }, (_, i) => i - 128), 0]);
  });

  it('on i64 loop variables', () => {
    const c64 = compile(`func @k(%out: memref<i64x3>) {
  for %i = 9223372036854775800, 9223372036854775807, 3 : i64 {
    %d = arith.sub %i, 9223372036854775800 : i64
    %j = cast %d : i64 -> index
    %k = arith.div %j, 3 : index
    store %i, %out[%k] : memref<i64x3>
  }
}`);
    const k64 = c64.kernel();
    const out = memrefArg(k64, 0, { data: [0n, 0n, 0n] });
    runOk(c64, k64, [out]);
    const base = 2n ** 63n - 8n;
    expect(out.toArray()).toEqual([base, base + 3n, base + 6n]);
  });
});

describe('foreach', () => {
  it('runs every iteration of [from, to)', () => {
    const c = compile(`func @k(%from: index, %to: index, %out: memref<index x ?>) {
  foreach %j = %from, %to {
    %v = arith.mul %j, 2 : index
    store %v, %out[%j] : memref<index x ?>
  }
}`);
    const k = c.kernel();
    const out = memrefArg(k, 2, { sizes: [8], data: new Array(8).fill(-1) });
    runOk(c, k, [2, 6, out]);
    expect(out.toArray()).toEqual([-1, -1, 4, 6, 8, 10, -1, -1]);
  });
});

describe('if', () => {
  it('yields the values of the region taken', () => {
    const c = compile(`func @k(%a: i32, %b: f64, %out: memref<i32>, %fout: memref<f64>) {
  %c = cmp.lt %a, 16 : i32
  %x, %y = if %c -> (i32, f64) {
    yield %a, %b : i32, f64
  } else {
    %z = arith.neg %b : f64
    yield 16, %z : i32, f64
  }
  store %x, %out[] : memref<i32>
  store %y, %fout[] : memref<f64>
  if %c {
    store 0.5, %fout[] : memref<f64>
  }
}`);
    const k = c.kernel();
    for (const [a, b] of [[3, 1.5], [16, 2.5], [100, -1]]) {
      const [out, fout] = [memrefArg(k, 2), memrefArg(k, 3)];
      runOk(c, k, [a, b, out, fout]);
      expect([out.toArray()[0], fout.toArray()[0]]).toEqual(a! < 16 ? [a, 0.5] : [16, -b!]);
    }
  });

  it('with an empty result list (tinytc v0.3) runs the region taken and yields nothing', () => {
    const c = compile(`func @k(%a: i32, %out: memref<i32>) {
  %c = cmp.lt %a, 16 : i32
  if %c -> () {
    store 1, %out[] : memref<i32>
    yield :
  } else {
    store 2, %out[] : memref<i32>
    yield :
  }
}`);
    const k = c.kernel();
    for (const a of [3, 16]) {
      const out = memrefArg(k, 1);
      runOk(c, k, [a, out]);
      expect(out.toArray()).toEqual([a < 16 ? 1 : 2]);
    }
  });
});

describe('work-groups', () => {
  it('run the kernel once per group id, each seeing the group size', () => {
    const c = compile(`func @k(%ids: memref<index x ?>, %sizes: memref<index x ?>) {
  %id = group_id
  %n = group_size
  store %id, %ids[%id] : memref<index x ?>
  store %n, %sizes[%id] : memref<index x ?>
}`);
    const k = c.kernel();
    const [ids, sizes] = [memrefArg(k, 0, { sizes: [5] }), memrefArg(k, 1, { sizes: [5] })];
    runOk(c, k, [ids, sizes], 5);
    expect(ids.toArray()).toEqual([0, 1, 2, 3, 4]);
    expect(sizes.toArray()).toEqual([5, 5, 5, 5, 5]);
    expect(run(c, k, [ids, sizes], 6)).toMatch(/index 5 is out of bounds for mode 0 of size 5[^]*note: in work-group 5 of 6 of @k/);
    expect(run(c, k, [ids, sizes], 0)).toContain('the number of work-groups must be a positive integer, got 0');
  });
});

describe('barrier', () => {
  it('orders nothing in a sequential work-group: what was written before is seen after', () => {
    const c = compile(`func @k(%A: memref<f64x4>, %B: memref<f64x4>) {
  %t = alloca -> memref<f64x4>
  axpby.n 3.0, %A, 0.0, %t : f64, memref<f64x4>, f64, memref<f64x4>
  barrier
  foreach %i = 0, 4 {
    %x = load %t[%i] : memref<f64x4>
    %y = arith.add %x, 1.0 : f64
    store %y, %B[%i] : memref<f64x4>
  }
}`);
    const k = c.kernel();
    const B = memrefArg(k, 1);
    runOk(c, k, [memrefArg(k, 0, { data: [1, 2, 3, 4] }), B]);
    expect(B.toArray()).toEqual([4, 7, 10, 13]);
  });
});
