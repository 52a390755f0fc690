// The collectives (gemm, gemv, ger, hadamard_product, axpby, sum) against the textbook model of blas-model.ts:
// every transpose, beta = 0 with NaN in the output, strided and partial views, dynamic sizes, atomic updates over
// work-groups, mixed element types, the f32 order of operations, and the runtime errors.
import { describe, expect, it } from 'vitest';
import { Memory, MemrefView } from '@tlir/interpreter';
import { axpby, columnMajor, gemm, gemv, ger, hadamard, matrix, sum } from './blas-model.js';
import { compile, memrefArg, run, runOk, smallIntegers } from './kernel-harness.js';

const T = ['n', 't'] as const;

describe('gemm', () => {
  for (const ty of ['f32', 'f64'] as const) {
    for (const ta of T) {
      for (const tb of T) {
        it(`${ty} gemm.${ta}.${tb}: C := alpha op1(A) op2(B) + beta C`, () => {
          const [M, N, K] = [3, 4, 5];
          const [ar, ac] = ta === 'n' ? [M, K] : [K, M];
          const [br, bc] = tb === 'n' ? [K, N] : [N, K];
          const c = compile(`func @k(%alpha: ${ty}, %A: memref<${ty}x${ar}x${ac}>, %B: memref<${ty}x${br}x${bc}>, %beta: ${ty}, %C: memref<${ty}x${M}x${N}>) {
  gemm.${ta}.${tb} %alpha, %A, %B, %beta, %C : ${ty}, memref<${ty}x${ar}x${ac}>, memref<${ty}x${br}x${bc}>, ${ty}, memref<${ty}x${M}x${N}>
}`);
          const k = c.kernel();
          const [a, b, c0] = [smallIntegers(ar * ac, 1), smallIntegers(br * bc, 2), smallIntegers(M * N, 3)];
          for (const [alpha, beta] of [[1, 0], [2, -1], [-0.5, 1], [0, 3]]) {
            const C = memrefArg(k, 4, { data: c0 });
            runOk(c, k, [alpha, memrefArg(k, 1, { data: a }), memrefArg(k, 2, { data: b }), beta, C]);
            const expected = gemm(alpha!, matrix(a, ar, ac, ar, ta === 't'), matrix(b, br, bc, br, tb === 't'), beta!, matrix(c0, M, N));
            expect(C.toArray()).toEqual(columnMajor(expected));
          }
        });
      }
    }
  }

  it('does not read C when beta is 0 (NaN in C does not propagate), and does when beta is not', () => {
    const c = compile(`func @k(%A: memref<f32x2x2>, %B: memref<f32x2x2>, %beta: f32, %C: memref<f32x2x2>) {
  gemm.n.n 1.0, %A, %B, %beta, %C : f32, memref<f32x2x2>, memref<f32x2x2>, f32, memref<f32x2x2>
}`);
    const k = c.kernel();
    const [A, B] = [memrefArg(k, 0, { data: [1, 2, 3, 4] }), memrefArg(k, 1, { data: [1, 0, 0, 1] })];
    for (const beta of [0, -0]) {
      const C = memrefArg(k, 3, { data: [NaN, NaN, Infinity, NaN] });
      runOk(c, k, [A, B, beta, C]);
      expect(C.toArray()).toEqual([1, 2, 3, 4]);
    }
    const C = memrefArg(k, 3, { data: [NaN, 0, 0, 0] });
    runOk(c, k, [A, B, 1, C]);
    expect(C.toArray()).toEqual([NaN, 2, 3, 4]);
  });

  it('works on partial, strided views and leaves the rest of the memory alone', () => {
    const c = compile(`func @k(%A: memref<f64x8x8>, %B: memref<f64x6x?,strided<2,?>>, %C: memref<f64x8x8>, %i: index, %n: index) {
  %a = subview %A[1:3, 2:4] : memref<f64x8x8>
  %b = subview %B[1:4, 0:%n] : memref<f64x6x?,strided<2,?>>
  %c = subview %C[%i:3, 4:%n] : memref<f64x8x8>
  gemm.n.n 1.0, %a, %b, 1.0, %c : f64, memref<f64x3x4,strided<1,8>>, memref<f64x4x?,strided<2,?>>, f64, memref<f64x3x?,strided<1,8>>
}`);
    const k = c.kernel();
    const [a, b, c0] = [smallIntegers(64, 11), smallIntegers(6 * 5, 12), smallIntegers(64, 13)];
    const A = memrefArg(k, 0, { data: a });
    const B = memrefArg(k, 1, { sizes: [6, 5], strides: [2, 13], data: b });
    const C = memrefArg(k, 2, { data: c0 });
    const [i, n] = [4, 3];
    runOk(c, k, [A, B, C, i, n]);
    // The model reads the same elements by hand: A(1+m, 2+k), B(1+k, n), C(i+m, 4+n).
    /** The R x Cn block at (r0, c0) of a column-major matrix with `rows` rows. */
    const block = (data: number[], rows: number, r0: number, col0: number, R: number, Cn: number) => matrix(data.slice(r0 + col0 * rows), R, Cn, rows);
    const expected = gemm(1, block(a, 8, 1, 2, 3, 4), block(b, 6, 1, 0, 4, n), 1, block(c0, 8, i, 4, 3, n));
    const after = C.toArray() as number[];
    const want = [...c0];
    expected.forEach((row, m) => row.forEach((v, nn) => (want[i + m + (4 + nn) * 8] = v)));
    expect(after).toEqual(want);
    // B's memory has padding (stride 2 in mode 0, 13 in mode 1): it was never read (it is NaN) and is unchanged.
    expect(B.memory.toArray().filter((v) => Number.isNaN(v)).length).toBe(B.memory.length - 30);
  });

  it('checks dynamic sizes at run time', () => {
    const c = compile(`func @k(%A: memref<f32x?x?>, %B: memref<f32x?x?>, %C: memref<f32x?x?>) {
  gemm.n.n 1.0, %A, %B, 0.0, %C : f32, memref<f32x?x?>, memref<f32x?x?>, f32, memref<f32x?x?>
}`);
    const k = c.kernel();
    const m = (i: number, r: number, cc: number) => memrefArg(k, i, { sizes: [r, cc], data: new Array(r * cc).fill(1) });
    const C = m(2, 2, 3);
    runOk(c, k, [m(0, 2, 5), m(1, 5, 3), C]);
    expect(C.toArray()).toEqual(new Array(6).fill(5));
    expect(run(c, k, [m(0, 2, 5), m(1, 4, 3), m(2, 2, 3)])).toContain(
      'kernel.tl:2:3: error: gemm: op1(A) is 2x5, op2(B) is 4x3 and C is 2x3 at run time (need MxK, KxN, MxN)',
    );
  });

  it('computes in the element type of C: narrow inputs do not wrap, C wraps at its width', () => {
    const c = compile(`func @k(%alpha: i8, %A: memref<i8x2x2>, %B: memref<i8x2x2>, %C: memref<i32x2x2>) {
  gemm.n.n %alpha, %A, %B, 1, %C : i8, memref<i8x2x2>, memref<i8x2x2>, i32, memref<i32x2x2>
}`);
    const k = c.kernel();
    const a = [100, -100, 127, -128];
    const b = [100, 3, -128, 50];
    const C = memrefArg(k, 3, { data: [1, 2, 3, 4] });
    runOk(c, k, [2, memrefArg(k, 1, { data: a }), memrefArg(k, 2, { data: b }), C]);
    expect(C.toArray()).toEqual(columnMajor(gemm(2, matrix(a, 2, 2), matrix(b, 2, 2), 1, matrix([1, 2, 3, 4], 2, 2))));
    const wide = compile(`func @k(%A: memref<i32x1x2>, %B: memref<i32x2x1>, %C: memref<i32x1x1>) {
  gemm.n.n 1, %A, %B, 0, %C : i32, memref<i32x1x2>, memref<i32x2x1>, i32, memref<i32x1x1>
}`);
    const kw = wide.kernel();
    const Cw = memrefArg(kw, 2);
    runOk(wide, kw, [memrefArg(kw, 0, { data: [2 ** 20, 3] }), memrefArg(kw, 1, { data: [2 ** 12, 5] }), Cw]);
    expect(Cw.toArray()).toEqual([Number(BigInt.asIntN(32, 2n ** 32n + 15n))]);
  });

  it('rounds every f32 operation in the documented order', () => {
    const c = compile(`func @k(%alpha: f32, %A: memref<f32x3x7>, %B: memref<f32x7x2>, %beta: f32, %C: memref<f32x3x2>) {
  gemm.n.n %alpha, %A, %B, %beta, %C : f32, memref<f32x3x7>, memref<f32x7x2>, f32, memref<f32x3x2>
}`);
    const k = c.kernel();
    const noise = (n: number, seed: number) => smallIntegers(n, seed, 1000).map((v) => Math.fround(v / 7 + 1 / 3));
    const [a, b, c0] = [noise(21, 5), noise(14, 6), noise(6, 7)];
    const [alpha, beta] = [Math.fround(0.7), Math.fround(1.3)];
    const C = memrefArg(k, 4, { data: c0 });
    runOk(c, k, [alpha, memrefArg(k, 1, { data: a }), memrefArg(k, 2, { data: b }), beta, C]);
    const inF32 = columnMajor(gemm(alpha, matrix(a, 3, 7), matrix(b, 7, 2), beta, matrix(c0, 3, 2), Math.fround));
    const inF64 = columnMajor(gemm(alpha, matrix(a, 3, 7), matrix(b, 7, 2), beta, matrix(c0, 3, 2))).map(Math.fround);
    expect(C.toArray()).toEqual(inF32);
    expect(inF32).not.toEqual(inF64);
  });

  it('reports a view that reaches outside its memory, and inputs never written', () => {
    const c = compile(`func @k(%A: memref<f32x2x2>, %C: memref<f32x2x2>, %mode: i32) {
  %t = alloca -> memref<f32x2x2>
  %one = cmp.eq %mode, 1 : i32
  if %one {
    gemm.n.n 1.0, %t, %A, 0.0, %C : f32, memref<f32x2x2>, memref<f32x2x2>, f32, memref<f32x2x2>
  } else {
    gemm.n.n 1.0, %A, %A, 0.0, %C : f32, memref<f32x2x2>, memref<f32x2x2>, f32, memref<f32x2x2>
  }
}`);
    const k = c.kernel();
    const A = memrefArg(k, 0, { data: [1, 2, 3, 4] });
    expect(run(c, k, [A, memrefArg(k, 1), 1])).toMatch(/^kernel\.tl:5:5: error: load of element 0 of the memory of tl\.alloca at kernel\.tl:2:8, which was never written/);
    const f32 = A.elementType;
    const short = new MemrefView(Memory.allocate(f32, 3, { label: 'a short buffer' }), 0, [2, 2], [1, 2]);
    expect(run(c, k, [A, short, 0])).toContain('kernel.tl:7:5: error: C (memref 2x2 of f32 with strides [1, 2] at offset 0 in a short buffer) reaches element 3 of a short buffer, which has 3 elements');
  });
});

describe('atomic updates', () => {
  const c = compile(`func @k(%A: memref<f32x2x2>, %beta: f32, %C: memref<f32x2x2>) {
  gemm.n.n.atomic 1.0, %A, %A, %beta, %C : f32, memref<f32x2x2>, memref<f32x2x2>, f32, memref<f32x2x2>
}`);
  const k = c.kernel();
  const a = [1, 2, 3, 4];
  const product = columnMajor(gemm(1, matrix(a, 2, 2), matrix(a, 2, 2), 0, matrix([0, 0, 0, 0], 2, 2)));

  it('with beta 1 add every work-group\'s contribution', () => {
    const C = memrefArg(k, 2, { data: [1, 1, 1, 1] });
    runOk(c, k, [memrefArg(k, 0, { data: a }), 1, C], 3);
    expect(C.toArray()).toEqual(product.map((v) => 1 + 3 * v));
  });

  it('with beta 0 store, and refuse another beta', () => {
    const C = memrefArg(k, 2, { data: [NaN, NaN, NaN, NaN] });
    runOk(c, k, [memrefArg(k, 0, { data: a }), 0, C], 2);
    expect(C.toArray()).toEqual(product);
    expect(run(c, k, [memrefArg(k, 0, { data: a }), 0.5, C])).toContain('kernel.tl:2:3: error: beta must be 0 or 1 for an atomic update, got 0.5');
  });
});

describe('gemv, ger, hadamard_product', () => {
  it('gemv.n and gemv.t', () => {
    for (const ta of T) {
      const [M, K] = [4, 3];
      const [ar, ac] = ta === 'n' ? [M, K] : [K, M];
      const c = compile(`func @k(%A: memref<f64x${ar}x${ac}>, %b: memref<f64x${K}>, %c: memref<f64x${M}>) {
  gemv.${ta} 1.5, %A, %b, -2.0, %c : f64, memref<f64x${ar}x${ac}>, memref<f64x${K}>, f64, memref<f64x${M}>
}`);
      const k = c.kernel();
      const [a, b, c0] = [smallIntegers(12, 21), smallIntegers(K, 22), smallIntegers(M, 23)];
      const out = memrefArg(k, 2, { data: c0 });
      runOk(c, k, [memrefArg(k, 0, { data: a }), memrefArg(k, 1, { data: b }), out]);
      expect(out.toArray()).toEqual(gemv(1.5, matrix(a, ar, ac, ar, ta === 't'), b, -2, c0));
    }
  });

  it('ger: C := alpha a b^T + beta C', () => {
    const c = compile(`func @k(%a: memref<i32x3>, %b: memref<i32x?>, %C: memref<i32x3x?>) {
  ger 2, %a, %b, 3, %C : i32, memref<i32x3>, memref<i32x?>, i32, memref<i32x3x?>
}`);
    const k = c.kernel();
    const [a, b, c0] = [smallIntegers(3, 31, 9), smallIntegers(5, 32, 9), smallIntegers(15, 33, 9)];
    const C = memrefArg(k, 2, { sizes: [3, 5], data: c0 });
    runOk(c, k, [memrefArg(k, 0, { data: a }), memrefArg(k, 1, { sizes: [5], data: b }), C]);
    expect(C.toArray()).toEqual(columnMajor(ger(2, a, b, 3, matrix(c0, 3, 5))));
    expect(run(c, k, [memrefArg(k, 0, { data: a }), memrefArg(k, 1, { sizes: [4], data: b.slice(1) }), C])).toContain('ger: a has size 3, b size 4 and C is 3x5 at run time');
  });

  it('hadamard_product: c := alpha a .* b + beta c', () => {
    const c = compile(`func @k(%a: memref<f32x6>, %b: memref<f32x6,strided<3>>, %c: memref<f32x6>) {
  hadamard_product 0.5, %a, %b, 0.0, %c : f32, memref<f32x6>, memref<f32x6,strided<3>>, f32, memref<f32x6>
}`);
    const k = c.kernel();
    const [a, b] = [smallIntegers(6, 41), smallIntegers(6, 42)];
    const out = memrefArg(k, 2);
    runOk(c, k, [memrefArg(k, 0, { data: a }), memrefArg(k, 1, { data: b }), out]);
    expect(out.toArray()).toEqual(hadamard(0.5, a, b, 0, [0, 0, 0, 0, 0, 0]));
  });
});

describe('axpby and sum', () => {
  it('axpby on vectors and (transposed) matrices', () => {
    for (const ta of T) {
      const c = compile(`func @k(%A: memref<f64x3x5>, %B: memref<f64x${ta === 'n' ? '3x5' : '5x3'}>, %a: memref<f64x4>, %b: memref<f64x4>) {
  axpby.${ta} 2.0, %A, 0.5, %B : f64, memref<f64x3x5>, f64, memref<f64x${ta === 'n' ? '3x5' : '5x3'}>
  axpby.n -1.0, %a, 1.0, %b : f64, memref<f64x4>, f64, memref<f64x4>
}`);
      const k = c.kernel();
      const [a, b0, v, w] = [smallIntegers(15, 51), smallIntegers(15, 52), smallIntegers(4, 53), smallIntegers(4, 54)];
      const [B, wOut] = [memrefArg(k, 1, { data: b0 }), memrefArg(k, 3, { data: w })];
      runOk(c, k, [memrefArg(k, 0, { data: a }), B, memrefArg(k, 2, { data: v }), wOut]);
      const [br, bc] = ta === 'n' ? [3, 5] : [5, 3];
      expect(B.toArray()).toEqual(columnMajor(axpby(2, matrix(a, 3, 5, 3, ta === 't'), 0.5, matrix(b0, br, bc))));
      expect(wOut.toArray()).toEqual(w.map((x, i) => x - v[i]!));
    }
  });

  it('axpby on scalars in memory (order 0, tinytc v0.3), plain and atomic over work-groups', () => {
    const c = compile(`func @k(%alpha: f64, %a: memref<f64>, %beta: f64, %b: memref<f64>, %s: memref<f64>) {
  axpby.n %alpha, %a, %beta, %b : f64, memref<f64>, f64, memref<f64>
  axpby.t.atomic 2.0, %a, 1.0, %s : f64, memref<f64>, f64, memref<f64>
}`);
    const k = c.kernel();
    const [b, s] = [memrefArg(k, 3, { data: [5] }), memrefArg(k, 4, { data: [1] })];
    runOk(c, k, [3, memrefArg(k, 1, { data: [7] }), -2, b, s]);
    expect(b.toArray()).toEqual([3 * 7 - 2 * 5]);
    expect(s.toArray()).toEqual([1 + 2 * 7]);
    // Three work-groups: each adds its 2 a to s atomically; b, written by each, ends as the last one left it.
    const [b3, s3] = [memrefArg(k, 3, { data: [5] }), memrefArg(k, 4, { data: [1] })];
    runOk(c, k, [1, memrefArg(k, 1, { data: [7] }), 0, b3, s3], 3);
    expect(b3.toArray()).toEqual([7]);
    expect(s3.toArray()).toEqual([1 + 3 * 2 * 7]);
  });

  it('sum of the rows of op(A), and of a vector', () => {
    for (const ta of T) {
      const c = compile(`func @k(%A: memref<f32x3x4>, %b: memref<f32x${ta === 'n' ? 3 : 4}>, %v: memref<f32x5>, %s: memref<f32>) {
  sum.${ta} 1.0, %A, 2.0, %b : f32, memref<f32x3x4>, f32, memref<f32x${ta === 'n' ? 3 : 4}>
  sum.n 3.0, %v, 0.0, %s : f32, memref<f32x5>, f32, memref<f32>
}`);
      const k = c.kernel();
      const [a, b0, v] = [smallIntegers(12, 61), smallIntegers(ta === 'n' ? 3 : 4, 62), smallIntegers(5, 63)];
      const [b, s] = [memrefArg(k, 1, { data: b0 }), memrefArg(k, 3, { data: [NaN] })];
      runOk(c, k, [memrefArg(k, 0, { data: a }), b, memrefArg(k, 2, { data: v }), s]);
      expect(b.toArray()).toEqual(sum(1, matrix(a, 3, 4, 3, ta === 't'), 2, b0));
      expect(s.toArray()).toEqual(sum(3, matrix(v, 1, 5, 1), 0, [NaN]));
    }
  });
});
