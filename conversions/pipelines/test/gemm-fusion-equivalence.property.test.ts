// Property: a gemm into an alloca fused into the next gemm (../../tl-to-krnl/src/gemm-fusion.ts) stores bit for bit
// what the tensor language stores, after `--lower-to-krnl --lower-to-gpu`, run by the gpu interpreter (every
// work-item a coroutine, data races detected): random static shapes (a shared K of up to 16), transposed B's,
// alpha and beta of either gemm, several work-groups, random register tiles and work-group sizes (edges included),
// and a group of A's as in the spec's sample. The fused kernels keep nothing in work-group memory.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Operation } from '@tlir/ir';
import { Memory, MemrefView } from '@tlir/interpreter';
import { GroupValue, TlMemrefType, type KernelArgument } from '@tlir/dialect-tl';
import { SCALE } from '../../../frontends/tl/test/property-settings.js';
import { runEquivalence } from '../../tl-to-krnl/test/lowering-harness.js';

interface Chain {
  readonly m: number;
  readonly k1: number;
  readonly k2: number;
  readonly n: number;
  readonly transB1: boolean;
  readonly transB2: boolean;
  readonly alpha1: number;
  readonly alpha2: number;
  readonly beta2: number;
  readonly groups: number;
  readonly schedule: string;
  readonly seed: number;
}

const chainArb: fc.Arbitrary<Chain> = fc.record({
  m: fc.integer({ min: 1, max: 12 }),
  k1: fc.integer({ min: 1, max: 6 }),
  k2: fc.integer({ min: 1, max: 16 }),
  n: fc.integer({ min: 1, max: 12 }),
  transB1: fc.boolean(),
  transB2: fc.boolean(),
  alpha1: fc.constantFrom(1, -0.5, 3),
  alpha2: fc.constantFrom(1, 0.25, -2),
  beta2: fc.constantFrom(0, 1, 0.5),
  groups: fc.integer({ min: 1, max: 3 }),
  schedule: fc
    .record({ rm: fc.constantFrom(1, 2, 4), rn: fc.constantFrom(1, 2, 4), wx: fc.constantFrom(1, 2, 4), wy: fc.constantFrom(1, 2, 4) })
    .map(({ rm, rn, wx, wy }) => `lower-to-krnl{register-m=${rm} register-n=${rn} work-group-size=${wx},${wy}}`),
  seed: fc.integer({ min: 1, max: 1 << 20 }),
});

const shape = (rows: number, cols: number, trans: boolean): [number, number] => (trans ? [cols, rows] : [rows, cols]);
const mt = ([r, c]: readonly number[]): string => `memref<f32x${r}x${c}>`;

/** D_g := alpha2 (alpha1 A_g op(B1)) op(B2) + beta2 D_g, A a group, the intermediate in an alloca. */
function kernelText(c: Chain): string {
  const a = [c.m, c.k1];
  const b1 = shape(c.k1, c.k2, c.transB1);
  const b2 = shape(c.k2, c.n, c.transB2);
  const t = [c.m, c.k2];
  const d = [c.m, c.n];
  const tr = (x: boolean): string => (x ? 't' : 'n');
  return `func @k(%A: group<${mt(a)}>, %B1: ${mt(b1)}, %B2: ${mt(b2)}, %D: memref<f32x${c.m}x${c.n}x?>) {
  %g = group_id
  %a = load %A[%g] : group<${mt(a)}>
  %d = subview %D[:,:,%g] : memref<f32x${c.m}x${c.n}x?>
  %t = alloca -> ${mt(t)}
  gemm.n.${tr(c.transB1)} ${c.alpha1.toFixed(2)}, %a, %B1, 0.0, %t : f32, ${mt(a)}, ${mt(b1)}, f32, ${mt(t)}
  gemm.n.${tr(c.transB2)} ${c.alpha2.toFixed(2)}, %t, %B2, ${c.beta2.toFixed(2)}, %d : f32, ${mt(t)}, ${mt(b2)}, f32, ${mt(d)}
}
`;
}

/** Deterministic values in [-1, 1) with a few of magnitude up to 8. */
function values(count: number, seed: number): number[] {
  let s = seed >>> 0;
  return Array.from({ length: count }, () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return ((s / 2 ** 32) * 2 - 1) * (s % 7 === 0 ? 8 : 1);
  });
}

function columnMajor(memory: Memory, dims: readonly number[]): MemrefView {
  const strides: number[] = [];
  let s = 1;
  for (const n of dims) {
    strides.push(s);
    s *= n;
  }
  return new MemrefView(memory, 0, dims, strides);
}

function argumentsOf(c: Chain): (kernel: Operation) => KernelArgument[] {
  return (kernel) => {
    const types = kernel.regions[0]!.firstBlock!.args.map((a) => a.type);
    const f32 = (types[1] as TlMemrefType).elementType;
    const make = (dims: readonly number[], seed: number, label: string): MemrefView => {
      const count = dims.reduce((x, y) => x * y, 1);
      return columnMajor(Memory.fromValues(f32, values(count, c.seed + seed), label), dims);
    };
    const members = Array.from({ length: c.groups }, (_, g) => make([c.m, c.k1], 11 * g + 1, `A member ${g}`));
    return [
      new GroupValue(members),
      make(shape(c.k1, c.k2, c.transB1), 2, 'B1'),
      make(shape(c.k2, c.n, c.transB2), 3, 'B2'),
      make([c.m, c.n, c.groups], 4, 'D'),
    ];
  };
}

describe('a gemm fused into the next gemm, after lower-to-krnl and lower-to-gpu', () => {
  it('stores bit for bit what the tensor language stores, with no work-group memory and no data race', () => {
    fc.assert(
      fc.property(chainArb, (c) => {
        const text = kernelText(c);
        const r = runEquivalence({
          source: text,
          kernel: 'k',
          groups: c.groups,
          args: argumentsOf(c),
          stages: [`builtin.module(${c.schedule})`, 'builtin.module(lower-to-gpu)'],
        });
        expect(r.differences, `${c.schedule}\n${text}`).toEqual([]);
        expect(r.stages[1]).toContain('gpu.launch_func');
        // Fused: the intermediate is in no work-group memory (and so no barrier guards it).
        expect(r.stages[1], `${c.schedule}\n${text}`).not.toContain('#gpu.address_space<workgroup>');
      }),
      { numRuns: 30 * SCALE },
    );
  });
});
