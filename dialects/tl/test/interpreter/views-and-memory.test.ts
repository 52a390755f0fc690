// Views (subview, expand, fuse, size), loads and stores through them, groups with offsets, allocas and their
// lifetimes, and the runtime errors of each, against index arithmetic done by hand in the test.
import { describe, expect, it } from 'vitest';
import { FloatType } from '@tlir/ir';
import { Memory, MemrefView } from '@tlir/interpreter';
import { GroupValue } from '../../src/index.js';
import { compile, groupArg, memrefArg, run, runOk } from './kernel-harness.js';

const iota = (n: number): number[] => Array.from({ length: n }, (_, i) => i);

describe('subview', () => {
  const c = compile(`func @k(%A: memref<f32x8x6,strided<2,20>>, %i: index, %n: index, %out: memref<f32x?>) {
  %v = subview %A[%i:%n, 3] : memref<f32x8x6,strided<2,20>>
  foreach %j = 0, %n {
    %x = load %v[%j] : memref<f32x?,strided<2>>
    store %x, %out[%j] : memref<f32x?>
  }
}`);
  const k = c.kernel();

  it('selects a strided, rank-reduced slice with run-time offset and size', () => {
    // Element (r, c) of A lies at 2r + 20c of its memory; the data are the elements in column-major order.
    const A = memrefArg(k, 0, { data: iota(48).map((e) => 1000 + e) });
    for (const [i, n] of [[0, 8], [2, 3], [5, 3], [7, 1], [3, 0]] as const) {
      const out = memrefArg(k, 3, { sizes: [n] });
      runOk(c, k, [A, i, n, out]);
      expect(out.toArray()).toEqual(iota(n).map((j) => 1000 + (i + j) + 8 * 3));
      expect(out.toArray()).toEqual(iota(n).map((j) => A.memory.load(2 * (i + j) + 20 * 3)));
    }
  });

  it('reports a slice outside the memref at the subview', () => {
    const A = memrefArg(k, 0, { data: iota(48) });
    expect(run(c, k, [A, 6, 3, memrefArg(k, 3, { sizes: [3] })])).toMatch(
      /^kernel\.tl:2:8: error: subview: slice 6:3 is out of bounds for mode 0 of size 8\n  %v = subview %A\[%i:%n, 3\] : memref<f32x8x6,strided<2,20>>\n       \^\nkernel\.tl:1:6: note: in work-group 0 of 1 of @k/,
    );
  });

  it('gives ? the rest of the mode and checks single indices', () => {
    const c2 = compile(`func @k(%A: memref<i32x10>, %i: index, %out: memref<index x 2>) {
  %v = subview %A[%i:?] : memref<i32x10>
  %n = size %v[0] : memref<i32x?>
  store %n, %out[0] : memref<index x 2>
  %w = subview %A[%i] : memref<i32x10>
  %x = load %w[] : memref<i32>
  %y = cast %x : i32 -> index
  store %y, %out[1] : memref<index x 2>
}`);
    const k2 = c2.kernel();
    const A = memrefArg(k2, 0, { data: iota(10).map((v) => v * 3) });
    const out = memrefArg(k2, 2);
    runOk(c2, k2, [A, 4, out]);
    expect(out.toArray()).toEqual([6, 12]);
    expect(run(c2, k2, [A, 10, memrefArg(k2, 2)])).toContain('kernel.tl:5:8: error: subview: index 10 is out of bounds for mode 0 of size 10');
    expect(run(c2, k2, [A, 11, memrefArg(k2, 2)])).toContain('kernel.tl:2:8: error: subview: offset 11 is beyond mode 0 of size 10');
  });
});

describe('expand and fuse', () => {
  it('see a mode as several and several as one, without copying', () => {
    const c = compile(`func @k(%A: memref<f32x12x5>, %p: index, %out: memref<f32x3x4x5>, %out2: memref<f32x60>, %sizes: memref<index x 3>) {
  %e = expand %A[0 -> 3x?] : memref<f32x12x5>
  foreach %i = 0, 3 {
    for %j = 0, 4 {
      for %k = 0, 5 {
        %x = load %e[%i, %j, %k] : memref<f32x3x4x5>
        store %x, %out[%i, %j, %k] : memref<f32x3x4x5>
      }
    }
  }
  %f = fuse %A[0, 1] : memref<f32x12x5>
  foreach %i = 0, 60 {
    %x = load %f[%i] : memref<f32x60>
    store %x, %out2[%i] : memref<f32x60>
  }
  %d = expand %A[0 -> %p x ?] : memref<f32x12x5>
  %s0 = size %d[0] : memref<f32x?x?x5,strided<1,?,12>>
  %s1 = size %d[1] : memref<f32x?x?x5,strided<1,?,12>>
  %s2 = size %d[2] : memref<f32x?x?x5,strided<1,?,12>>
  store %s0, %sizes[0] : memref<index x 3>
  store %s1, %sizes[1] : memref<index x 3>
  store %s2, %sizes[2] : memref<index x 3>
}`);
    const k = c.kernel();
    const A = memrefArg(k, 0, { data: iota(60) });
    const [out, out2, sizes] = [memrefArg(k, 2), memrefArg(k, 3), memrefArg(k, 4)];
    runOk(c, k, [A, 2, out, out2, sizes]);
    // Element (i, j, k) of the expanded view is element (i + 3j, k) of A: address i + 3j + 12k.
    expect(out.toArray()).toEqual(iota(60));
    expect(out2.toArray()).toEqual(iota(60));
    expect(sizes.toArray()).toEqual([2, 6, 5]);
    expect(run(c, k, [A, 5, memrefArg(k, 2), memrefArg(k, 3), memrefArg(k, 4)])).toContain(
      'kernel.tl:16:8: error: expand: the known sizes of the expand shape (product 5) do not divide mode 0 of size 12',
    );
  });

  it('expand keeps the stride of the mode and multiplies from it', () => {
    const c = compile(`func @k(%E: memref<f32x32x7,strided<2,64>>, %out: memref<f32>) {
  %v = expand %E[0 -> 4x8] : memref<f32x32x7,strided<2,64>>
  %x = load %v[3, 5, 6] : memref<f32x4x8x7,strided<2,8,64>>
  store %x, %out[] : memref<f32>
}`);
    const k = c.kernel();
    const E = memrefArg(k, 0, { data: iota(32 * 7) });
    const out = memrefArg(k, 1);
    runOk(c, k, [E, out]);
    expect(out.toArray()).toEqual([E.memory.load(2 * 3 + 8 * 5 + 64 * 6)]);
    expect(out.toArray()).toEqual([3 + 4 * 5 + 32 * 6]);
  });

  it('an expand shape of values must multiply to the mode size', () => {
    const c = compile(`func @k(%A: memref<f32x?>, %a: index, %b: index) {
  %v = expand %A[0 -> %a x %b] : memref<f32x?>
}`);
    const k = c.kernel();
    runOk(c, k, [memrefArg(k, 0, { sizes: [12] }), 3, 4]);
    expect(run(c, k, [memrefArg(k, 0, { sizes: [12] }), 3, 5])).toContain('expand: the product of the expand shape (3x5 = 15) is not the size of mode 0 (12)');
  });

  it('fuse checks dynamic strides at run time', () => {
    const c = compile(`func @k(%F: memref<f32x8x16,strided<1,?>>, %out: memref<f32>) {
  %f = fuse %F[0, 1] : memref<f32x8x16,strided<1,?>>
  %x = load %f[127] : memref<f32x128>
  store %x, %out[] : memref<f32>
}`);
    const k = c.kernel();
    const packed = memrefArg(k, 0, { data: iota(128) });
    const out = memrefArg(k, 1);
    runOk(c, k, [packed, out]);
    expect(out.toArray()).toEqual([127]);
    const padded = memrefArg(k, 0, { strides: [1, 10], data: iota(128) });
    expect(run(c, k, [padded, memrefArg(k, 1)])).toContain('kernel.tl:2:8: error: fuse: modes 0 to 1 cannot be fused: stride 1 (10) is not stride 0 times size 0 (1*8)');
  });
});

describe('loads and stores', () => {
  const c = compile(`func @k(%A: memref<f64x4x?>, %i: index, %j: index, %out: memref<f64>) {
  %x = load %A[%i, %j] : memref<f64x4x?>
  store %x, %out[] : memref<f64>
  store 1.0, %A[%j, %i] : memref<f64x4x?>
}`);
  const k = c.kernel();

  it('are checked against every mode', () => {
    const A = memrefArg(k, 0, { sizes: [4, 3], data: iota(12) });
    const out = memrefArg(k, 3);
    runOk(c, k, [A, 1, 2, out]);
    expect(out.toArray()).toEqual([1 + 4 * 2]);
    expect(A.toArray()[2 + 4 * 1]).toBe(1);
    expect(run(c, k, [A, 4, 0, memrefArg(k, 3)])).toBe(
      'kernel.tl:2:8: error: index 4 is out of bounds for mode 0 of size 4 (memref 4x3 of f64 with strides [1, 4] at offset 0 in argument #0)\n' +
        '  %x = load %A[%i, %j] : memref<f64x4x?>\n' +
        '       ^\n' +
        'kernel.tl:1:6: note: in work-group 0 of 1 of @k\n' +
        'func @k(%A: memref<f64x4x?>, %i: index, %j: index, %out: memref<f64>) {\n' +
        '     ^\n',
    );
    expect(run(c, k, [A, 0, 3, memrefArg(k, 3)])).toContain('index 3 is out of bounds for mode 1 of size 3');
    expect(run(c, k, [A, 2, 3, memrefArg(k, 3)])).toContain('kernel.tl:2:8');
    expect(run(c, k, [A, 3, 2, memrefArg(k, 3)])).toContain('kernel.tl:4:3: error: index 3 is out of bounds for mode 1 of size 3');
  });

  it('check the arguments against their types first', () => {
    const f64 = (k.regions[0]!.firstBlock!.args[0]!.type as unknown as { elementType: FloatType }).elementType;
    const wrong = MemrefView.packed(Memory.allocate(f64, 10), [5, 2], 'column-major');
    expect(run(c, k, [wrong, 0, 0, memrefArg(k, 3)])).toContain("kernel.tl:1:6: error: argument #0 of 'tl.func' @k (!tl.memref<f64x4x?>): mode 0 has size 4 in the type, 5 in the view");
    const otherContext = memrefArg(compile('func @k(%A: memref<f64x4x?>) {}').kernel(), 0, { sizes: [4, 2] });
    expect(run(c, k, [otherContext, 0, 0, memrefArg(k, 3)])).toContain('expected elements of f64 (of this context: types are compared by identity), got a view of f64 of another context');
    expect(run(c, k, [memrefArg(k, 0, { sizes: [4, 1] }), 0.5, 0, memrefArg(k, 3)])).toContain('argument #1 of @k (index): 0.5 is not an integer');
    expect(run(c, k, [memrefArg(k, 0, { sizes: [4, 1] }), 0, 0])).toContain('takes 4 arguments, 3 given');
  });
});

describe('groups', () => {
  const f32 = (k: ReturnType<ReturnType<typeof compile>['kernel']>) => (k.regions[0]!.firstBlock!.args[1]!.type as unknown as { elementType: FloatType }).elementType;

  it('load the memref of the work-group, moved by the offset', () => {
    const c = compile(`func @k(%G: group<memref<f32x4>, offset: ?>, %out: memref<f32x4x?>) {
  %id = group_id
  %m = load %G[%id] : group<memref<f32x4>, offset: ?>
  %o = subview %out[:, %id] : memref<f32x4x?>
  axpby.n 1.0, %m, 0.0, %o : f32, memref<f32x4>, f32, memref<f32x4>
}`);
    const k = c.kernel();
    const type = f32(k);
    // Each memref of the group is 4 elements at the start of a 6-element memory: offset 2 moves it to 2..5.
    const memrefs = [0, 1, 2].map((g) => new MemrefView(Memory.fromValues(type, iota(6).map((e) => 10 * g + e)), 0, [4], [1]));
    for (const offset of [0, 2]) {
      const out = memrefArg(k, 1, { sizes: [4, 3] });
      runOk(c, k, [new GroupValue(memrefs, offset), out], 3);
      expect(out.toArray()).toEqual([0, 1, 2].flatMap((g) => iota(4).map((e) => 10 * g + e + offset)));
    }
    expect(run(c, k, [new GroupValue(memrefs, 3), memrefArg(k, 1, { sizes: [4, 3] })], 3)).toContain(
      'kernel.tl:5:3: error: A (memref 4 of f32 with strides [1] at offset 3 in memory) reaches element 6 of memory, which has 6 elements',
    );
    expect(run(c, k, [new GroupValue(memrefs, 0), memrefArg(k, 1, { sizes: [4, 4] })], 4)).toMatch(
      /kernel\.tl:3:8: error: group index 3 is out of bounds for a group of 3 memrefs\n.*\n.*\nkernel\.tl:1:6: note: in work-group 3 of 4 of @k/,
    );
  });

  it('a static offset must be the group value\'s', () => {
    const c = compile(`func @k(%G: group<memref<i32x2>, offset: 1>, %out: memref<i32>) {
  %m = load %G[0] : group<memref<i32x2>, offset: 1>
  %x = load %m[1] : memref<i32x2>
  store %x, %out[] : memref<i32>
}`);
    const k = c.kernel();
    const G = groupArg(k, 0, [{ data: [5, 6] }]);
    expect(run(c, k, [G, memrefArg(k, 1)])).toContain('the group type has offset 1, the group 0');
    const moved = new GroupValue([new MemrefView(Memory.fromValues(G.memrefs[0]!.elementType, [5, 6, 7]), 0, [2], [1])], 1);
    const out = memrefArg(k, 1);
    runOk(c, k, [moved, out]);
    expect(out.toArray()).toEqual([7]);
  });
});

describe('alloca', () => {
  it('is work memory of its block: written before read, freed at the end of the block or by lifetime_stop', () => {
    const c = compile(`func @k(%A: memref<f32x4>, %out: memref<f32x4>, %mode: i32) {
  for %i = 0, 2 {
    %t = alloca -> memref<f32x4>
    axpby.n 2.0, %A, 0.0, %t : f32, memref<f32x4>, f32, memref<f32x4>
    axpby.n 1.0, %t, 1.0, %out : f32, memref<f32x4>, f32, memref<f32x4>
    %stop = cmp.eq %mode, 1 : i32
    if %stop {
      lifetime_stop %t
      %x = load %t[0] : memref<f32x4>
    }
  }
  %u = alloca -> memref<f32x4>
  %read = cmp.eq %mode, 2 : i32
  if %read {
    %y = load %u[3] : memref<f32x4>
  }
}`);
    const k = c.kernel();
    const A = memrefArg(k, 0, { data: [1, 2, 3, 4] });
    const out = memrefArg(k, 1, { data: [0, 0, 0, 0] });
    runOk(c, k, [A, out, 0]);
    expect(out.toArray()).toEqual([4, 8, 12, 16]);
    expect(run(c, k, [A, out, 1])).toMatch(/^kernel\.tl:9:12: error: access to the memory of tl\.alloca at kernel\.tl:3:10 after its lifetime ended \(its lifetime was stopped by lifetime_stop at kernel\.tl:8:7\)/);
    expect(run(c, k, [A, out, 2])).toMatch(/^kernel\.tl:15:10: error: load of element 3 of the memory of tl\.alloca at kernel\.tl:12:8, which was never written/);
  });
});
