// Property: schedule files. Random valid schedules (per kernel and per collective, naming collectives by index,
// instruction or source line; tiles, copies, the loop order, krnl.matmul and the vector width) for random GEMM, GEMV
// and AXPBY shapes
// lower, and the lowered kernel stores bit for
// bit what the tensor language stores; random invalid schedules give located errors (in the schedule file, with
// the line and column of the entry or option at fault), never a crash.
import fc from 'fast-check';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Context, FileLineColLoc, type Diagnostic, type Operation } from '@tlir/ir';
import { defaultOptions } from '@tlir/pass';
import { memrefForType, type TlMemrefType } from '@tlir/dialect-tl';
import { parseTensorLanguage } from '@tlir/frontend-tl';
import { SCALE } from '../../../frontends/tl/test/property-settings.js';
import { TL_TO_KRNL_OPTIONS, lowerTlToKrnl } from '../src/index.js';
import { values } from './example-launches.js';
import { LATER_STAGES, LOWERING_DIALECTS, runEquivalence } from './lowering-harness.js';

const dir = mkdtempSync(join(tmpdir(), 'tlir-schedules-'));
let files = 0;
function scheduleFile(text: string): string {
  const path = join(dir, `s${files++}.schedule`);
  writeFileSync(path, text);
  return path;
}

/** A kernel with a gemm, a gemv and an axpby of the given sizes (lines 2, 3 and 4). */
function kernelText(M: number, N: number, K: number): string {
  return `func @k(%A: memref<f32x${M}x${K}>, %B: memref<f32x${K}x${N}>, %C: memref<f32x${M}x${N}>, %x: memref<f32x${K}>, %y: memref<f32x${M}>, %u: memref<f32x${M}>, %v: memref<f32x${M}>) {
  gemm.n.n 1.5, %A, %B, 0.5, %C : f32, memref<f32x${M}x${K}>, memref<f32x${K}x${N}>, f32, memref<f32x${M}x${N}>
  gemv.n 1.0, %A, %x, 0.0, %y : f32, memref<f32x${M}x${K}>, memref<f32x${K}>, f32, memref<f32x${M}>
  axpby.n 2.0, %u, 1.0, %v : f32, memref<f32x${M}>, f32, memref<f32x${M}>
}
`;
}

const argsOf = (kernel: Operation): ReturnType<typeof memrefForType>[] =>
  kernel.regions[0]!.firstBlock!.args.map((a, i) => {
    const t = a.type as TlMemrefType;
    const n = t.shape.reduce((p, s) => p * s, 1);
    return memrefForType(t, { label: `argument #${i}`, data: values(n, 17 + i) });
  });

/** Options a collective entry may set, valid together; matmul only on the gemm's entries (collective `c` 0). */
const collectiveOptions = (c: number): fc.Arbitrary<string> =>
  fc
    .record({
      rm: fc.integer({ min: 1, max: 4 }),
      rn: fc.integer({ min: 1, max: 4 }),
      tm: fc.integer({ min: 0, max: 4 }),
      tn: fc.integer({ min: 0, max: 4 }),
      tk: fc.integer({ min: 1, max: 9 }),
      copy: fc.boolean(),
      order: fc.option(fc.constantFrom('m,n,k', 'n,m,k', 'n,m', 'm,n'), { nil: undefined }),
      matmul: fc.option(fc.boolean(), { nil: undefined }),
      width: fc.constantFrom(1, 2, 4),
    })
    .map(
      (o) =>
        `register-m=${o.rm} register-n=${o.rn} tile-m=${o.rm * o.tm} tile-n=${o.rn * o.tn} tile-k=${o.tk} copy=${o.copy}` +
        (o.order ? ` loop-order=${o.order}` : '') +
        (o.matmul !== undefined && c === 0 ? ` matmul=${o.matmul}` : '') +
        // The vector width: the widest up to the one drawn that divides register-m (set in every entry, so that two
        // entries of one collective never leave a width that does not divide the other's register-m).
        ` vector-width=${[4, 2, 1].find((w) => w <= o.width && o.rm % w === 0)}`,
    );

/** How an entry names each collective (index, instruction, source line). */
const selectors = [
  ['0', 'gemm', 'line 2', 'gemm#0'],
  ['1', 'gemv', 'line 3'],
  ['2', 'axpby', 'line 4'],
] as const;

const validSchedule = fc
  .record({
    kernel: fc.constantFrom('@k', '#0', '*'),
    workGroup: fc.option(fc.constantFrom('1,1', '2,2', '4,4', '8,4', '16,1', '3,5'), { nil: undefined }),
    // For the whole kernel: the loop order, and krnl.matmul for its gemm (the gemv and the axpby have no matrix product).
    kernelKnobs: fc.option(fc.constantFrom('loop-order=n,m,k', 'matmul=true', 'matmul=true copy=true loop-order=n,m', 'loop-order=m,n,k matmul=false'), { nil: undefined }),
    entries: fc.array(
      fc.integer({ min: 0, max: 2 }).chain((c) => fc.tuple(fc.constant(c), fc.nat(), collectiveOptions(c))),
      { maxLength: 4 },
    ),
  })
  .map(({ kernel, workGroup, kernelKnobs, entries }) =>
    [
      '; a random schedule',
      `kernel ${kernel}${workGroup ? ` work-group-size=${workGroup}` : ''}${kernelKnobs ? ` ${kernelKnobs}` : ''}`,
      ...entries.map(([c, pick, options]) => `  collective ${selectors[c]![pick % selectors[c]!.length]} ${options}`),
    ].join('\n'),
  );

describe('schedule files', () => {
  it('lower random valid schedules of gemm, gemv and axpby to kernels that agree with the tensor language', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 9 }), fc.integer({ min: 1, max: 9 }), fc.integer({ min: 1, max: 9 }), validSchedule, (M, N, K, schedule) => {
        const path = scheduleFile(schedule);
        const r = runEquivalence({
          source: kernelText(M, N, K),
          kernel: 'k',
          groups: 1,
          args: argsOf,
          stages: [`builtin.module(lower-to-krnl{schedule=${path}})`, ...LATER_STAGES],
        });
        expect(r.differences, schedule).toEqual([]);
      }),
      { numRuns: 25 * SCALE },
    );
  });

  /** A schedule with one thing wrong, and where (line, and the text the column points at). */
  const invalidSchedule = fc.oneof(
    fc.constant({ text: 'kernel @k\n  collective 0 tile-q=3', line: 2, at: 'tile-q' }),
    fc.integer({ min: 1, max: 3 }).map((r) => ({ text: `kernel @k\n  collective 1 register-m=${r + 1} tile-m=${r * (r + 1) + 1}`, line: 2, at: 'tile-m' })),
    fc.constant({ text: 'kernel @k\n  collective gemm work-group-size=4,4', line: 2, at: 'work-group-size' }),
    fc.constant({ text: 'kernel @k work-group-size=64,8', line: 1, at: 'work-group-size' }),
    fc.constant({ text: 'kernel k', line: 1, at: 'k' }),
    fc.constant({ text: 'kernel @k\n  collective fft tile-m=4', line: 2, at: 'fft' }),
    fc.constant({ text: 'kernel @k\n  tiles 4', line: 2, at: 'tiles' }),
    fc.constant({ text: 'kernel @k\n  collective line x', line: 2, at: 'x' }),
    fc.integer({ min: 0, max: 5 }).map((n) => ({ text: `kernel @k copy=maybe${'x'.repeat(n)}`, line: 1, at: 'maybe' })),
    fc.constant({ text: 'kernel @k tile-k=0', line: 1, at: 'tile-k' }),
    // The new knobs: a loop order that is not one (k outside m or n, an unknown or repeated axis), krnl.matmul asked of
    // a collective without a matrix product (the gemv, the axpby).
    fc.constantFrom('k,m,n', 'm,k,n', 'm,q,k', 'm,m,k', 'n').map((order) => ({ text: `kernel @k\n  collective 0 loop-order=${order}`, line: 2, at: order })),
    fc.constantFrom('1', 'gemv', 'line 3', '2', 'axpby').map((sel) => ({ text: `kernel @k tile-k=2\n  collective ${sel} copy=true matmul=true`, line: 2, at: 'matmul' })),
    fc.constant({ text: 'kernel @k matmul=perhaps', line: 1, at: 'perhaps' }),
    // A vector width that is not 1, 2 or 4, or that does not divide register-m.
    fc.constantFrom('3', '8', '0', 'four').map((w) => ({ text: `kernel @k\n  collective 0 vector-width=${w}`, line: 2, at: w })),
    fc.constantFrom(1, 2, 3).map((r) => ({ text: `kernel @k\n  collective gemv register-m=${r} tile-m=${4 * r} vector-width=4`, line: 2, at: 'vector-width' })),
  );

  it('report random invalid schedules at their place in the file, never crash', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 9 }), invalidSchedule, (M, bad) => {
        const path = scheduleFile(bad.text);
        const ctx = new Context({ dialects: LOWERING_DIALECTS });
        const diags: Diagnostic[] = [];
        ctx.diagnostics.addHandler((d) => diags.push(d));
        const module = parseTensorLanguage(ctx, kernelText(M, 4, 3), 'k.tl')!;
        const ok = lowerTlToKrnl(module, { ...defaultOptions(TL_TO_KRNL_OPTIONS), schedule: path });
        expect(ok).toBe(false);
        const error = diags.find((d) => d.severity === 'error')!;
        expect(error).toBeDefined();
        const loc = error.loc;
        expect(loc).toBeInstanceOf(FileLineColLoc);
        const f = loc as FileLineColLoc;
        expect([f.file, f.line]).toEqual([path, bad.line]);
        const line = bad.text.split('\n')[bad.line - 1]!;
        expect(line.slice(f.column - 1).startsWith(bad.at), `${error.message} at column ${f.column} of '${line}'`).toBe(true);
      }),
      { numRuns: 40 * SCALE },
    );
  });
});
