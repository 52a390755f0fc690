// Property: every collective, on random shapes (empty modes included), transposes, layouts (padded strides,
// static or dynamic sizes and strides), alpha, beta, atomic flags and element types, stores what the textbook
// model of blas-model.ts computes. The data are small integers and alpha, beta dyadic, so every type computes
// them exactly and the comparison is exact. Where beta is 0 the output starts as NaN (it must not be read); the
// padding between strided elements is NaN too (it must not be read either).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { axpby, columnMajor, gemm, gemv, ger, hadamard, matrix, sum, type Matrix } from './blas-model.js';
import { compile, memrefArg, run } from './kernel-harness.js';

// The suite explores the same inputs every time; TLIR_FC_SEED=random (or a number) explores others, and a failure
// prints the seed and path to replay it.
const seedSetting = process.env.TLIR_FC_SEED;
const SEED = seedSetting === 'random' ? undefined : seedSetting ? Number(seedSetting) : 20261121;
const RUNS = 150 * Number(process.env.TLIR_FC_SCALE ?? 1);

type Op = 'gemm' | 'gemv' | 'ger' | 'hadamard_product' | 'axpby' | 'sum';
type Elem = 'f32' | 'f64' | 'i32';

/** How one memref operand is laid out: its sizes, padding per mode, and what its type leaves dynamic. */
interface Layout {
  readonly sizes: number[];
  readonly firstStride: number;
  readonly padding: number[];
  readonly dynamicSizes: boolean[];
  readonly dynamicStrides: boolean[];
}

interface Case {
  readonly op: Op;
  readonly elem: Elem;
  readonly transA: boolean;
  readonly transB: boolean;
  readonly atomic: boolean;
  readonly alpha: number;
  readonly beta: number;
  readonly groups: number;
  readonly layouts: Layout[];
  readonly seed: number;
}

const layoutArb = (sizes: number[]): fc.Arbitrary<Layout> =>
  fc.record({
    sizes: fc.constant(sizes),
    firstStride: fc.constantFrom(1, 1, 2),
    padding: fc.array(fc.integer({ min: 0, max: 3 }), { minLength: sizes.length, maxLength: sizes.length }),
    dynamicSizes: fc.array(fc.boolean(), { minLength: sizes.length, maxLength: sizes.length }),
    dynamicStrides: fc.array(fc.boolean(), { minLength: sizes.length, maxLength: sizes.length }),
  });

const dim = fc.integer({ min: 0, max: 5 });

/** The stored shapes of the memref operands (A stored transposed where op(A) is): [A, B, C] or [A, B]. */
function storedShapes(op: Op, tA: boolean, tB: boolean, M: number, N: number, K: number, matrixA: boolean): number[][] {
  const t = (r: number, c: number, trans: boolean): number[] => (trans ? [c, r] : [r, c]);
  switch (op) {
    case 'gemm':
      return [t(M, K, tA), t(K, N, tB), [M, N]];
    case 'gemv':
      return [t(M, K, tA), [K], [M]];
    case 'ger':
      return [[M], [N], [M, N]];
    case 'hadamard_product':
      return [[M], [M], [M]];
    case 'axpby':
      return matrixA ? [t(M, N, tA), [M, N]] : [[M], [M]];
    case 'sum':
      return matrixA ? [t(M, K, tA), [M]] : [[K], []];
  }
}

const caseArb: fc.Arbitrary<Case> = fc
  .record({
    op: fc.constantFrom<Op>('gemm', 'gemv', 'ger', 'hadamard_product', 'axpby', 'sum'),
    elem: fc.constantFrom<Elem>('f32', 'f64', 'i32'),
    transA: fc.boolean(),
    transB: fc.boolean(),
    matrixA: fc.boolean(),
    M: dim,
    N: dim,
    K: dim,
    atomic: fc.boolean(),
    alphaIndex: fc.integer({ min: 0, max: 5 }),
    betaIndex: fc.integer({ min: 0, max: 5 }),
    groups: fc.integer({ min: 1, max: 3 }),
    seed: fc.integer({ min: 1, max: 2 ** 31 - 1 }),
  })
  .chain((r) => {
    const shapes = storedShapes(r.op, r.transA, r.transB, r.M, r.N, r.K, r.matrixA);
    const floats = [0, 1, -1, 2, 0.5, -0.25];
    const ints = [0, 1, -1, 2, 3, -2];
    const values = r.elem === 'i32' ? ints : floats;
    const beta = r.atomic ? [0, 1][r.betaIndex % 2]! : values[r.betaIndex]!;
    return fc.tuple(...shapes.map(layoutArb)).map(
      (layouts): Case => ({
        op: r.op,
        elem: r.elem,
        transA: r.transA,
        transB: r.transB,
        atomic: r.atomic,
        alpha: values[r.alphaIndex]!,
        beta,
        // Without atomic updates several work-groups would race on the output: one group then.
        groups: r.atomic ? r.groups : 1,
        layouts,
        seed: r.seed,
      }),
    );
  });

/** The strides of a layout: each mode's stride is the previous one times its size, plus padding. */
function strides(l: Layout): number[] {
  const out: number[] = [];
  let s = l.firstStride;
  l.sizes.forEach((n, k) => {
    out.push(s);
    s = s * n + l.padding[k]!;
  });
  return out;
}

function typeText(elem: Elem, l: Layout): string {
  const st = strides(l);
  const shape = l.sizes.map((n, k) => `x${l.dynamicSizes[k] ? '?' : n}`).join('');
  const layout = `,strided<${st.map((s, k) => (l.dynamicStrides[k] ? '?' : s)).join(',')}>`;
  return `memref<${elem}${shape}${layout}>`;
}

function kernelText(c: Case): string {
  const [tA, tB] = [c.transA ? 't' : 'n', c.transB ? 't' : 'n'];
  const mod = { gemm: `.${tA}.${tB}`, gemv: `.${tA}`, ger: '', hadamard_product: '', axpby: `.${tA}`, sum: `.${tA}` }[c.op] + (c.atomic ? '.atomic' : '');
  const types = c.layouts.map((l) => typeText(c.elem, l));
  const names = c.layouts.length === 3 ? ['%A', '%B', '%C'] : ['%A', '%B'];
  const params = names.map((n, i) => `${n}: ${types[i]}`).join(', ');
  const operands = c.layouts.length === 3 ? `%alpha, %A, %B, %beta, %C` : `%alpha, %A, %beta, %B`;
  const opTypes = c.layouts.length === 3 ? `${c.elem}, ${types[0]}, ${types[1]}, ${c.elem}, ${types[2]}` : `${c.elem}, ${types[0]}, ${c.elem}, ${types[1]}`;
  return `func @k(%alpha: ${c.elem}, ${params}, %beta: ${c.elem}) {\n  ${c.op}${mod} ${operands}\n    : ${opTypes}\n}\n`;
}

/** Small integers from a seed (xorshift), in [-3, 3]. */
function data(n: number, seed: number): number[] {
  let s = seed >>> 0 || 1;
  return Array.from({ length: n }, () => {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    return ((s >>> 0) % 7) - 3;
  });
}

/** The model's result for the output, in column-major order, after `groups` updates. */
function expected(c: Case, inputs: number[][], out0: number[]): number[] {
  const [A, B] = inputs as [number[], number[]];
  const lA = c.layouts[0]!;
  const mat = (d: number[], l: Layout, trans = false): Matrix => matrix(d, l.sizes[0] ?? 1, l.sizes[1] ?? 1, l.sizes[0] ?? 1, trans);
  let out = out0;
  for (let g = 0; g < c.groups; g++) {
    const lOut = c.layouts[c.layouts.length - 1]!;
    switch (c.op) {
      case 'gemm':
        out = columnMajor(gemm(c.alpha, mat(A, lA, c.transA), mat(B, c.layouts[1]!, c.transB), c.beta, mat(out, lOut)));
        if (lOut.sizes[0] === 0 || lOut.sizes[1] === 0) out = [];
        break;
      case 'gemv':
        out = gemv(c.alpha, mat(A, lA, c.transA), B, c.beta, out);
        break;
      case 'ger':
        out = columnMajor(ger(c.alpha, A, B, c.beta, mat(out, lOut)));
        if (lOut.sizes[0] === 0 || lOut.sizes[1] === 0) out = [];
        break;
      case 'hadamard_product':
        out = hadamard(c.alpha, A, B, c.beta, out);
        break;
      case 'axpby':
        out = columnMajor(axpby(c.alpha, mat(A, lA, c.transA && lA.sizes.length === 2), c.beta, mat(out, lOut)));
        if (lOut.sizes.includes(0)) out = [];
        break;
      case 'sum':
        out = lA.sizes.length === 2 ? sum(c.alpha, mat(A, lA, c.transA), c.beta, out) : sum(c.alpha, matrix(A, 1, lA.sizes[0]!, 1), c.beta, out);
        break;
    }
  }
  // Integers have no negative zero (the model computes in doubles).
  return c.elem === 'i32' ? out.map((v) => v + 0) : out;
}

describe('collectives on random shapes, layouts and scalars', () => {
  it('store what the textbook model computes', () => {
    fc.assert(
      fc.property(caseArb, (c) => {
        const compiled = compile(kernelText(c));
        const k = compiled.kernel();
        const n = (l: Layout): number => l.sizes.reduce((a, b) => a * b, 1);
        const inputs = c.layouts.slice(0, -1).map((l, i) => data(n(l), c.seed + i));
        const outLayout = c.layouts[c.layouts.length - 1]!;
        const isFloat = c.elem !== 'i32';
        // beta = 0: the output must not be read, so it starts as NaN (for floats; integers have no NaN).
        const out0 = c.beta === 0 && isFloat ? new Array(n(outLayout)).fill(NaN) : data(n(outLayout), c.seed + 7);
        const views = c.layouts.map((l, i) =>
          memrefArg(k, i + 1, {
            sizes: l.sizes,
            strides: strides(l),
            data: i < inputs.length ? inputs[i] : out0,
          }),
        );
        const error = run(compiled, k, [c.alpha, ...views, c.beta], c.groups);
        expect(error, kernelText(c)).toBeUndefined();
        const got = views[views.length - 1]!.toArray();
        expect(got, kernelText(c)).toEqual(expected(c, inputs, out0));
      }),
      { numRuns: RUNS, seed: SEED },
    );
  });
});
