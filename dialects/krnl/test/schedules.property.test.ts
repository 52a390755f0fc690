// Properties of the krnl dialect over random loop schedules:
//  1. a random schedule (loops with constant or dynamic bounds, chains of krnl.block, a krnl.permute of all the
//     resulting loops, parallel loops mapped to distinct processors, loop-carried values, a nest split over a
//     nested krnl.iterate), built through the API, verifies and prints to text that reads back to the same IR in
//     the custom and generic forms;
//  2. the verifier accepts a krnl.permute map exactly when it is a permutation of the loops, and locates its error;
//  3. an integer loop bound reads back as written when its magnitude is at most 2^53 - 2 (-(2^53 - 1) marks dynamic
//     sizes in tlir's numbers), and is a located parse error otherwise.
// Runs from a fixed seed (TLIR_FC_SEED=random or a number explores elsewhere; TLIR_FC_SCALE multiplies the runs).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FuncDialect } from '@tlir/dialect-func';
import {
  AsmPrinter,
  ArrayAttr,
  Builder,
  Context,
  IntegerAttr,
  IntegerType,
  parseSourceString,
  verify,
  type Diagnostic,
  type Value,
} from '@tlir/ir';
import {
  BlockOp,
  DefineLoopsOp,
  GetInductionVariableValueOp,
  KrnlDialect,
  LoopType,
  PROCESSORS,
  ParallelOp,
  PermuteOp,
  ProcessorAttr,
  buildIterate,
  iterateBindings,
  type IterateBound,
} from '../src/index.js';

const seedSetting = process.env.TLIR_FC_SEED;
if (seedSetting !== 'random') fc.configureGlobal({ seed: seedSetting ? Number(seedSetting) : 20261121 });
const SCALE = Number(process.env.TLIR_FC_SCALE ?? 1);

const newContext = (): Context => new Context({ dialects: [FuncDialect, KrnlDialect] });

interface LoopDesc {
  readonly lower: number | 'dynamic';
  readonly upper: number | 'dynamic';
  /** The tile sizes of a chain of krnl.block: each blocks the loop within the tile of the previous one. */
  readonly tiles: readonly number[];
}
interface ScheduleDesc {
  readonly loops: readonly LoopDesc[];
  /** Sort keys giving the order of the scheduled loops (for krnl.permute and krnl.iterate). */
  readonly order: readonly number[];
  /** How many of the ordered loops the outer krnl.iterate runs (the others: a nested one). */
  readonly split: number;
  /** Processor mappings for the first scheduled loops (distinct processors). */
  readonly mapped: readonly (typeof PROCESSORS)[number][];
  readonly inits: readonly ('f32' | 'index')[];
}

const boundArb = fc.oneof(fc.integer({ min: -64, max: 64 }), fc.constant('dynamic' as const));
const scheduleArb: fc.Arbitrary<ScheduleDesc> = fc.record({
  loops: fc.array(fc.record({ lower: boundArb, upper: boundArb, tiles: fc.array(fc.integer({ min: 1, max: 32 }), { maxLength: 2 }) }), {
    minLength: 1,
    maxLength: 4,
  }),
  order: fc.array(fc.integer(), { minLength: 12, maxLength: 12 }),
  split: fc.nat({ max: 12 }),
  mapped: fc.shuffledSubarray([...PROCESSORS], { maxLength: 3 }),
  inits: fc.array(fc.constantFrom('f32' as const, 'index' as const), { maxLength: 2 }),
});

const i64 = (ctx: Context, v: number): IntegerAttr => IntegerAttr.get(ctx, IntegerType.get(ctx, 64), BigInt(v));

/** Builds the schedule in `@f(%n: index, %x: f32)`; returns the module and the bounds given to the outer iterate. */
function buildSchedule(d: ScheduleDesc) {
  const ctx = newContext();
  const module = parseSourceString(ctx, 'func.func @f(%n: index, %x: f32) {\n  return\n}\n', 'schedule.mlir')!;
  const entry = module.regions[0]!.firstBlock!.firstOp!.regions[0]!.firstBlock!;
  const [n, x] = entry.args as [Value, Value];
  const b = new Builder(ctx);
  b.setInsertionPoint(entry.lastOp!);
  const loop = LoopType.get(ctx, {});
  const originals = DefineLoopsOp.create(b, { loops: d.loops.map(() => loop), num_loops: i64(ctx, d.loops.length) }).loops;
  const scheduled: Value[] = [];
  d.loops.forEach((l, i) => {
    let current = originals[i]!;
    for (const t of l.tiles) {
      const blocked = BlockOp.create(b, { loop: current, tile_size: i64(ctx, t), loop_block: loop, loop_local: loop });
      scheduled.push(blocked.loop_block);
      current = blocked.loop_local;
    }
    scheduled.push(current);
  });
  const positions = scheduled.map((_, i) => i).sort((p, q) => d.order[p]! - d.order[q]! || p - q);
  const ordered = positions.map((p) => scheduled[p]!);
  // krnl.permute sends the i-th loop to position map[i].
  const map = scheduled.map((_, i) => positions.indexOf(i));
  PermuteOp.create(b, { loops: scheduled, map: ArrayAttr.get(ctx, map.map((m) => i64(ctx, m))) });
  d.mapped.forEach((p, i) => {
    if (i < ordered.length) ParallelOp.create(b, { loop: ordered[i]!, mapping: ProcessorAttr.get(ctx, { value: p }) });
  });
  const bound = (v: number | 'dynamic'): IterateBound => (v === 'dynamic' ? n : v);
  const bindings = d.loops.map((l, i) => ({ loop: originals[i]!, lowerBound: bound(l.lower), upperBound: bound(l.upper) }));
  const split = Math.min(d.split, ordered.length);
  const inits = d.inits.map((t) => (t === 'f32' ? x : n));
  const outer = buildIterate(b, {
    loops: ordered.slice(0, split),
    bindings,
    inits,
    body: (bb, _ivs, iterArgs) => {
      if (split > 0) GetInductionVariableValueOp.create(bb, { loops: ordered.slice(0, split), ind_var_vals: ordered.slice(0, split).map(() => bb.index) });
      if (split < ordered.length) {
        buildIterate(bb, {
          loops: ordered.slice(split),
          bindings: [],
          body: (inner) => {
            GetInductionVariableValueOp.create(inner, { loops: ordered, ind_var_vals: ordered.map(() => inner.index) });
          },
        });
      }
      return [...iterArgs];
    },
  });
  return { ctx, module, outer: outer.op, bindings };
}

function errors(ctx: Context): string[] {
  return ctx.diagnostics.unhandled.filter((x) => x.severity === 'error').map((x) => x.message);
}

describe('random krnl schedules', () => {
  it('verify, and read back to the same IR from the custom and the generic form', () => {
    fc.assert(
      fc.property(scheduleArb, (d) => {
        const { ctx, module, outer, bindings } = buildSchedule(d);
        expect(verify(module), errors(ctx).join('\n')).toBe(true);
        expect(errors(ctx)).toEqual([]);
        expect(iterateBindings(outer).map((x) => [x.loop, x.lowerBound, x.upperBound])).toEqual(bindings.map((x) => [x.loop, x.lowerBound, x.upperBound]));
        const custom = AsmPrinter.print(module);
        const generic = AsmPrinter.print(module, { generic: true });
        for (const text of [custom, generic]) {
          const ctx2 = newContext();
          const parsed = parseSourceString(ctx2, text, 'reparsed.mlir');
          expect(errors(ctx2), text).toEqual([]);
          expect(verify(parsed!), text).toBe(true);
          expect(AsmPrinter.print(parsed!)).toBe(custom);
          expect(AsmPrinter.print(parsed!, { generic: true })).toBe(generic);
        }
      }),
      { numRuns: 200 * SCALE },
    );
  });
});

/** Parses and verifies `text`; returns whether it verified and the diagnostics. */
function check(text: string): { ok: boolean; diags: Diagnostic[] } {
  const ctx = newContext();
  const diags: Diagnostic[] = [];
  ctx.diagnostics.addHandler((x) => diags.push(x));
  const m = parseSourceString(ctx, text, 'prop.mlir');
  return { ok: m !== undefined && verify(m), diags };
}

/** The line and column of a diagnostic's location, when it is in the buffer. */
function lineOf(x: Diagnostic): number | undefined {
  const loc = x.loc as { line?: number };
  return loc.line;
}

describe('krnl.permute maps', () => {
  it('verify exactly when they are permutations of the loops; the error is at the op', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 6 }).chain((n) =>
          fc.record({
            n: fc.constant(n),
            map: fc.oneof(fc.shuffledSubarray([...Array(n).keys()], { minLength: n, maxLength: n }), fc.array(fc.integer({ min: -1, max: n }), { minLength: n - 1, maxLength: n + 1 })),
          }),
        ),
        ({ n, map }) => {
          const names = [...Array(n).keys()].map((i) => `%l#${i}`);
          const text = `%l:${n} = krnl.define_loops ${n}\nkrnl.permute(${names.join(', ')}) [${map.join(', ')}] : ${names.map(() => '!krnl.loop').join(', ')}\n`;
          const isPermutation = map.length === n && [...map].sort((a, b) => a - b).every((v, i) => v === i);
          const { ok, diags } = check(text);
          expect(ok, text).toBe(isPermutation);
          if (!ok) {
            expect(diags).toHaveLength(1);
            expect(diags[0]!.message).toMatch(/^'krnl.permute' op expects/);
            expect(lineOf(diags[0]!)).toBe(2);
          }
        },
      ),
      { numRuns: 300 * SCALE },
    );
  });
});

describe('krnl.iterate integer bounds', () => {
  it('read back as written within 2^53 - 2, and are located parse errors beyond', () => {
    const limit = 2n ** 53n - 2n;
    fc.assert(
      fc.property(fc.oneof(fc.bigInt({ min: -limit, max: limit }), fc.bigInt({ min: -(2n ** 70n), max: 2n ** 70n }), fc.constantFrom(limit, -limit, limit + 1n, -limit - 1n)), (v) => {
        const text = `%l = krnl.define_loops 1\nkrnl.iterate(%l) with (%l -> %i = ${v} to 0) {\n}\n`;
        const { ok, diags } = check(text);
        const fits = v >= -limit && v <= limit;
        expect(ok).toBe(fits);
        if (fits) {
          const ctx = newContext();
          const printed = AsmPrinter.print(parseSourceString(ctx, text, 'b.mlir')!);
          expect(printed).toContain(`= ${v} to 0)`);
        } else {
          expect(diags.map((x) => x.message)).toEqual([`custom op 'krnl.iterate' loop bound ${v} is out of range (at most 2^53 - 2 in magnitude)`]);
          expect(lineOf(diags[0]!)).toBe(2);
        }
      }),
      { numRuns: 300 * SCALE },
    );
  });
});
