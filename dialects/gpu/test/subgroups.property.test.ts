// Properties of the gpu interpreter's subgroup ops and barriers against models written here (with the race
// detector on: a correct kernel has no race to report), over random block
// sizes (partial subgroups included), subgroup sizes, modes, offsets, widths, clusters and values. Runs from a
// fixed seed (TLIR_FC_SEED=random or a number explores elsewhere; TLIR_FC_SCALE multiplies the runs).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ArithDialect, registerArithInterpreter } from '@tlir/dialect-arith';
import { FuncDialect, registerFuncInterpreter } from '@tlir/dialect-func';
import { MemRefDialect, createMemref, memrefElements, registerMemRefInterpreter } from '@tlir/dialect-memref';
import { ScfDialect, registerScfInterpreter } from '@tlir/dialect-scf';
import type { MemRefType } from '@tlir/ir';
import { GpuDialect, registerGpuInterpreter } from '../src/index.js';
import { interpreterHarness } from '../../../test/lib/interpreter-harness.js';

const seedSetting = process.env.TLIR_FC_SEED;
if (seedSetting !== 'random') fc.configureGlobal({ seed: seedSetting ? Number(seedSetting) : 20261121 });
const SCALE = Number(process.env.TLIR_FC_SCALE ?? 1);

const harnesses = new Map<number, ReturnType<typeof interpreterHarness>>();
function harness(subgroupSize: number): ReturnType<typeof interpreterHarness> {
  let h = harnesses.get(subgroupSize);
  if (!h) {
    h = interpreterHarness({
      dialects: [FuncDialect, ArithDialect, MemRefDialect, ScfDialect, GpuDialect],
      implementations: [registerFuncInterpreter, registerArithInterpreter, registerMemRefInterpreter, registerScfInterpreter, (r) => registerGpuInterpreter(r, { subgroupSize, detectRaces: true })],
    });
    harnesses.set(subgroupSize, h);
  }
  return h;
}

/** A kernel of one block of `n` work-items: v = in[t]; `body` computes %r and %ok from %v; out[t] = %r, flags[t] = %ok. */
function kernel(n: number, body: string): string {
  return `
module attributes {gpu.container_module} {
  gpu.module @k {
    gpu.func @f(%in: memref<${n}xi32>, %out: memref<${n}xi32>, %flags: memref<${n}xi1>) kernel {
      %t = gpu.thread_id x
      %v = memref.load %in[%t] : memref<${n}xi32>
      ${body}
      memref.store %r, %out[%t] : memref<${n}xi32>
      memref.store %ok, %flags[%t] : memref<${n}xi1>
      gpu.return
    }
  }
  func.func @main(%in: memref<${n}xi32>, %out: memref<${n}xi32>, %flags: memref<${n}xi1>) {
    %c1 = arith.constant 1 : index
    %cn = arith.constant ${n} : index
    gpu.launch_func @k::@f blocks in (%c1, %c1, %c1) threads in (%cn, %c1, %c1) args(%in : memref<${n}xi32>, %out : memref<${n}xi32>, %flags : memref<${n}xi1>)
    return
  }
}`;
}

function run(subgroupSize: number, text: string, values: readonly number[]): { out: number[]; flags: number[] } | { error: string } {
  const p = harness(subgroupSize).parse(text, 'property.mlir');
  const arg = (i: number): MemRefType => p.fn('main').regions[0]!.firstBlock!.args[i]!.type as MemRefType;
  const [input, out, flags] = [createMemref(arg(0), { data: values }), createMemref(arg(1), { data: values.map(() => 0) }), createMemref(arg(2), { data: values.map(() => 0) })];
  const r = p.run('main', [input, out, flags]);
  if (r.error) return { error: r.error };
  return { out: memrefElements(out) as number[], flags: memrefElements(flags) as number[] };
}

const subgroupSizes = fc.constantFrom(1, 2, 4, 8, 16);
const values = (n: number) => fc.array(fc.integer({ min: -1000, max: 1000 }), { minLength: n, maxLength: n });

describe('subgroup properties', () => {
  it('gpu.shuffle gives every lane the value of the lane its mode names, or its own and false', () => {
    const config = fc
      .record({ sgs: subgroupSizes, n: fc.integer({ min: 1, max: 40 }), mode: fc.constantFrom('xor', 'down', 'up', 'idx'), offset: fc.integer({ min: -2, max: 20 }) })
      .chain((c) => fc.record({ c: fc.constant(c), width: fc.integer({ min: 0, max: c.sgs }), vs: values(c.n) }));
    fc.assert(
      fc.property(config, ({ c, width, vs }) => {
        const r = run(c.sgs, kernel(c.n, `%off = arith.constant ${c.offset} : i32\n      %w = arith.constant ${width} : i32\n      %r, %ok = gpu.shuffle ${c.mode} %v, %off, %w : i32`), vs);
        // A subgroup (the last one may be partial) with fewer lanes than the width, but some below it, cannot shuffle.
        const lastLanes = c.n % c.sgs;
        if (lastLanes !== 0 && lastLanes < width) {
          expect('error' in r && r.error).toContain(`gpu.shuffle of width ${width} in a subgroup of ${lastLanes} work-items`);
          return;
        }
        expect('error' in r ? r.error : '').toBe('');
        const expected = vs.map((v, t) => {
          const lane = t % c.sgs;
          const src = c.mode === 'xor' ? lane ^ c.offset : c.mode === 'down' ? lane + c.offset : c.mode === 'up' ? lane - c.offset : c.offset;
          return lane < width && src >= 0 && src < width ? [vs[t - lane + src]!, 1] : [v, 0];
        });
        expect(r).toEqual({ out: expected.map((e) => e[0]), flags: expected.map((e) => e[1]) });
      }),
      { numRuns: 60 * SCALE },
    );
  });

  it('gpu.subgroup_reduce gives every lane the reduction of its cluster', () => {
    const ops = { add: (a: number, b: number) => (a + b) | 0, maxsi: (a: number, b: number) => Math.max(a, b), minsi: (a: number, b: number) => Math.min(a, b), and: (a: number, b: number) => a & b, or: (a: number, b: number) => a | b, xor: (a: number, b: number) => a ^ b };
    const config = fc
      .record({ sgs: subgroupSizes, n: fc.integer({ min: 1, max: 40 }), op: fc.constantFrom(...(Object.keys(ops) as (keyof typeof ops)[])) })
      .chain((c) =>
        fc.record({
          c: fc.constant(c),
          size: fc.option(fc.constantFrom(1, 2, 4, 8, 16).filter((s) => s <= c.sgs), { nil: undefined }),
          stride: fc.constantFrom(1, 2, 4, 8),
          vs: values(c.n),
        }),
      )
      .filter(({ c, size, stride }) => (size === undefined ? stride === 1 : size * stride <= c.sgs));
    fc.assert(
      fc.property(config, ({ c, size, stride, vs }) => {
        const cluster = size === undefined ? '' : stride === 1 ? ` cluster(size = ${size})` : ` cluster(size = ${size}, stride = ${stride})`;
        const r = run(c.sgs, kernel(c.n, `%r = gpu.subgroup_reduce ${c.op} %v${cluster} : (i32) -> i32\n      %ok = arith.constant true`), vs);
        const s = size ?? c.sgs;
        const expected = vs.map((_, t) => {
          const lane = t % c.sgs;
          const first = t - lane;
          const base = lane - (lane % (s * stride)) + (lane % stride);
          const members = Array.from({ length: s }, (_, i) => first + base + i * stride).filter((u) => u < c.n && u - first < c.sgs);
          return members.map((u) => vs[u]!).reduce(ops[c.op]);
        });
        expect(r).toEqual({ out: expected, flags: vs.map(() => 1) });
      }),
      { numRuns: 60 * SCALE },
    );
  });

  /** A rotation through workgroup memory by r + 1 in round r; `second` is what follows the loads (a barrier or nothing). */
  function rotation(n: number, rounds: number, second: string): string {
    return kernel(
      n,
      `%c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %cn = arith.constant ${n} : index
      %rounds = arith.constant ${rounds} : index
      %r = scf.for %i = %c0 to %rounds step %c1 iter_args(%acc = %v) -> (i32) {
        memref.store %acc, %shared[%t] : memref<${n}xi32, 3>
        gpu.barrier
        %s0 = arith.addi %t, %i : index
        %s1 = arith.addi %s0, %c1 : index
        %src = arith.remui %s1, %cn : index
        %got = memref.load %shared[%src] : memref<${n}xi32, 3>
        ${second}
        scf.yield %got : i32
      }
      %ok = arith.constant true`,
    ).replace('kernel {', `workgroup(%shared: memref<${n}xi32, 3>) kernel {`);
  }

  it('gpu.barrier in a loop: every work-item sees what the others stored before the barrier, whatever the sizes', () => {
    const config = fc.record({ sgs: subgroupSizes, n: fc.integer({ min: 1, max: 24 }), rounds: fc.integer({ min: 1, max: 4 }) }).chain((c) => fc.record({ c: fc.constant(c), vs: values(c.n) }));
    fc.assert(
      fc.property(config, ({ c, vs }) => {
        const r = run(c.sgs, rotation(c.n, c.rounds, 'gpu.barrier'), vs);
        let cur = [...vs];
        for (let i = 0; i < c.rounds; i++) cur = cur.map((_, t) => cur[(t + i + 1) % c.n]!);
        expect(r).toEqual({ out: cur, flags: vs.map(() => 1) });
      }),
      { numRuns: 40 * SCALE },
    );
  });

  it('without the barrier after the loads, the rotation is a data race, whatever the sizes', () => {
    const config = fc
      .record({ sgs: subgroupSizes, n: fc.integer({ min: 2, max: 24 }), rounds: fc.integer({ min: 2, max: 4 }) })
      .chain((c) => fc.record({ c: fc.constant(c), vs: fc.uniqueArray(fc.integer({ min: -1000, max: 1000 }), { minLength: c.n, maxLength: c.n }) }));
    fc.assert(
      fc.property(config, ({ c, vs }) => {
        const r = run(c.sgs, rotation(c.n, c.rounds, ''), vs);
        expect('error' in r ? r.error : '').toContain('error: data race: ');
      }),
      { numRuns: 40 * SCALE },
    );
  });
});
