// Runs every kernel of examples/kernels in the reference interpreter for several numbers of work-groups and
// compares what it stores with the same computation written directly in JavaScript (in double precision; f32
// kernels are compared with a tolerance for their rounding).
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { Context, formatDiagnostic, type Operation, type Type } from '@tlir/ir';
import { Memory, MemrefView } from '@tlir/interpreter';
import { GroupValue, TlMemrefType, TlDialect, findKernel, memrefForType, runKernel, type KernelArgument, type MemrefInit } from '@tlir/dialect-tl';
import { parseTensorLanguage } from '@tlir/frontend-tl';

const EXAMPLES = fileURLToPath(new URL('../../examples/kernels/', import.meta.url));

function load(file: string, kernelName: string): { ctx: Context; kernel: Operation } {
  const ctx = new Context({ dialects: [TlDialect] });
  const errors: string[] = [];
  ctx.diagnostics.addHandler((d) => errors.push(formatDiagnostic(d, ctx.sources)));
  const module = parseTensorLanguage(ctx, readFileSync(EXAMPLES + file, 'utf8'), `examples/kernels/${file}`);
  if (!module) throw new Error(errors.join(''));
  const kernel = findKernel(module, kernelName);
  if (!kernel) throw new Error(`no @${kernelName} in ${file}`);
  return { ctx, kernel };
}

const argType = (kernel: Operation, i: number): Type => kernel.regions[0]!.firstBlock!.args[i]!.type;
const memref = (kernel: Operation, i: number, init: MemrefInit): MemrefView => memrefForType(argType(kernel, i) as TlMemrefType, { label: `argument #${i}`, ...init });

function run(ctx: Context, kernel: Operation, args: KernelArgument[], groups: number): void {
  const r = runKernel(kernel, args, { groups });
  if (!r.ok) throw new Error(formatDiagnostic(r.diagnostic, ctx.sources));
}

/** Deterministic values in [-1, 1). */
function values(n: number, seed: number): number[] {
  let s = seed;
  return Array.from({ length: n }, () => {
    s = (s * 1103515245 + 12345) % 2 ** 31;
    return (s / 2 ** 31) * 2 - 1;
  });
}

/** A column-major matrix over an array (leading dimension `ld`, starting at `offset`). */
const at = (data: readonly number[], ld: number, offset = 0) => (r: number, c: number): number => data[offset + r + c * ld]!;

/** got and want agree to `tol` relative to the size of the terms (f32 rounding) or exactly (tol = 0). */
function expectClose(got: readonly (number | bigint)[], want: readonly number[], tol: number): void {
  expect(got.length).toBe(want.length);
  got.forEach((g, i) => {
    if (tol === 0) expect(g, `element ${i}`).toBe(want[i]);
    else expect(Math.abs(Number(g) - want[i]!), `element ${i}: ${g} vs ${want[i]}`).toBeLessThanOrEqual(tol * (1 + Math.abs(want[i]!)));
  });
}

describe('examples/kernels', () => {
  it('fused-kernel.tl: D_i := alpha (A_i B^T) C + D_i', () => {
    const { ctx, kernel } = load('fused-kernel.tl', 'fused_kernel');
    for (const batch of [1, 3, 5]) {
      const As = Array.from({ length: batch }, (_, i) => values(16 * 8, 10 + i));
      const [b, c, d0] = [values(64, 2), values(128, 3), values(256 * batch, 4)];
      const alpha = 0.75;
      const groupType = argType(kernel, 1) as unknown as { memrefType: TlMemrefType };
      const A = new GroupValue(As.map((a) => memrefForType(groupType.memrefType, { data: a })));
      const D = memref(kernel, 4, { sizes: [16, 16, batch], data: d0 });
      run(ctx, kernel, [alpha, A, memref(kernel, 2, { data: b }), memref(kernel, 3, { data: c }), D], batch);
      const want: number[] = [];
      for (let i = 0; i < batch; i++) {
        const [Ai, B, C, Di] = [at(As[i]!, 16), at(b, 8), at(c, 8), at(d0, 16, 256 * i)];
        for (let n = 0; n < 16; n++) {
          for (let m = 0; m < 16; m++) {
            let acc = 0;
            for (let k = 0; k < 8; k++) {
              let t = 0; // (A_i B^T)(m, k)
              for (let l = 0; l < 8; l++) t += Ai(m, l) * B(k, l);
              acc += t * C(k, n);
            }
            want.push(alpha * acc + Di(m, n));
          }
        }
      }
      expectClose(D.toArray(), want, 1e-5);
    }
  });

  it('batched-small-gemm.tl: C_i := alpha A_i B_i + beta C_i, A_i moved by the group offset', () => {
    const { ctx, kernel } = load('batched-small-gemm.tl', 'batched_small_gemm');
    for (const [batch, K, offset] of [[1, 4, 0], [4, 3, 5], [7, 1, 2]] as const) {
      // Each A_i is 16 x K after `offset` leading elements of its memory (a header the group offset skips).
      const memories = Array.from({ length: batch }, (_, i) => values(offset + 16 * K, 20 + i));
      const f32 = (argType(kernel, 4) as TlMemrefType).elementType;
      const A = new GroupValue(
        memories.map((m) => new MemrefView(Memory.fromValues(f32, m), 0, [16, K], [1, 16])),
        offset,
      );
      const [b, c0] = [values(K * 8 * batch, 5), values(16 * 8 * batch, 6)];
      const [alpha, beta] = [1.5, -0.5];
      const B = memref(kernel, 2, { sizes: [K, 8, batch], data: b });
      const C = memref(kernel, 4, { sizes: [16, 8, batch], data: c0 });
      run(ctx, kernel, [alpha, A, B, beta, C], batch);
      const want: number[] = [];
      for (let i = 0; i < batch; i++) {
        const Ai = at(memories[i]!.map(Math.fround), 16, offset);
        const [Bi, Ci] = [at(b.map(Math.fround), K, K * 8 * i), at(c0.map(Math.fround), 16, 128 * i)];
        for (let n = 0; n < 8; n++) {
          for (let m = 0; m < 16; m++) {
            let acc = 0;
            for (let k = 0; k < K; k++) acc += Ai(m, k) * Bi(k, n);
            want.push(alpha * acc + beta * Ci(m, n));
          }
        }
      }
      expectClose(C.toArray(), want, 1e-5);
    }
  });

  it('matrix-chain.tl: Y_i := X_i W1^T W2 W3, exactly in f64 on integer data', () => {
    const { ctx, kernel } = load('matrix-chain.tl', 'matrix_chain');
    const ints = (n: number, seed: number) => values(n, seed).map((v) => Math.round(v * 3));
    for (const batch of [1, 2, 6]) {
      const [x, w1, w2, w3] = [ints(32 * 16 * batch, 1), ints(24 * 16, 2), ints(24 * 12, 3), ints(12 * 4, 4)];
      const Y = memref(kernel, 4, { sizes: [32, 4, batch] });
      run(ctx, kernel, [memref(kernel, 0, { sizes: [32, 16, batch], data: x }), memref(kernel, 1, { data: w1 }), memref(kernel, 2, { data: w2 }), memref(kernel, 3, { data: w3 }), Y], batch);
      const product = (rows: number, inner: number, cols: number, a: (r: number, c: number) => number, b: (r: number, c: number) => number): number[] => {
        const out: number[] = [];
        for (let c = 0; c < cols; c++) for (let r = 0; r < rows; r++) out.push(Array.from({ length: inner }, (_, k) => a(r, k) * b(k, c)).reduce((s, v) => s + v, 0));
        return out;
      };
      const want: number[] = [];
      for (let i = 0; i < batch; i++) {
        const t1 = product(32, 16, 24, at(x, 32, 512 * i), (k, c) => at(w1, 24)(c, k));
        const t2 = product(32, 24, 12, at(t1, 32), at(w2, 24));
        want.push(...product(32, 12, 4, at(t2, 32), at(w3, 12)));
      }
      expectClose(Y.toArray(), want, 0);
    }
  });

  it('tall-and-skinny-gemm.tl: C := alpha A B + beta C, 64 rows per work-group', () => {
    const { ctx, kernel } = load('tall-and-skinny-gemm.tl', 'tall_and_skinny');
    for (const M of [1, 64, 65, 200, 512]) {
      const [a, b, c0] = [values(M * 8, 7), values(32, 8), values(M * 4, 9)];
      const [alpha, beta] = [2, 0.25];
      const C = memref(kernel, 4, { sizes: [M, 4], data: c0 });
      run(ctx, kernel, [alpha, memref(kernel, 1, { sizes: [M, 8], data: a }), memref(kernel, 2, { data: b }), beta, C], Math.ceil(M / 64));
      const [A, B, C0] = [at(a.map(Math.fround), M), at(b.map(Math.fround), 8), at(c0.map(Math.fround), M)];
      const want: number[] = [];
      for (let n = 0; n < 4; n++) {
        for (let m = 0; m < M; m++) {
          let acc = 0;
          for (let k = 0; k < 8; k++) acc += A(m, k) * B(k, n);
          want.push(alpha * acc + beta * C0(m, n));
        }
      }
      expectClose(C.toArray(), want, 1e-5);
    }
  });

  it('tall-and-skinny-gemm.tl: too few work-groups leave rows alone, too many fail at the subview', () => {
    const { ctx, kernel } = load('tall-and-skinny-gemm.tl', 'tall_and_skinny');
    const C = memref(kernel, 4, { sizes: [100, 4], data: new Array(400).fill(7) });
    run(ctx, kernel, [1, memref(kernel, 1, { sizes: [100, 8], data: new Array(800).fill(1) }), memref(kernel, 2, { data: new Array(32).fill(1) }), 0, C], 1);
    expect(C.toArray().slice(0, 64).every((v) => v === 8)).toBe(true);
    expect(C.toArray().slice(64, 100).every((v) => v === 7)).toBe(true);
    const r = runKernel(kernel, [1, memref(kernel, 1, { sizes: [100, 8] }), memref(kernel, 2, {}), 0, C], { groups: 3 });
    expect(r.ok ? '' : formatDiagnostic(r.diagnostic, ctx.sources)).toContain('examples/kernels/tall-and-skinny-gemm.tl:20:8: error: subview: size -28 of mode 0 is negative');
  });

  it('bias-relu.tl: Y(i, j) := max(X(i, j) + bias(i), 0), rows spread over the work-items', () => {
    const { ctx, kernel } = load('bias-relu.tl', 'bias_relu');
    for (const [rows, cols] of [[1, 1], [17, 3], [64, 8]] as const) {
      const [x, bias] = [values(rows * cols, 11), values(rows, 12)];
      const Y = memref(kernel, 2, { sizes: [rows, cols] });
      run(ctx, kernel, [memref(kernel, 0, { sizes: [rows, cols], data: x }), memref(kernel, 1, { sizes: [rows], data: bias }), Y], cols);
      const want = x.map((v, e) => Math.max(Math.fround(Math.fround(v) + Math.fround(bias[e % rows]!)), 0));
      expectClose(Y.toArray(), want, 0);
    }
  });
});
