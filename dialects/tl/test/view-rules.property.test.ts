import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FileLineColLoc, FloatType, type Operation, type Type } from '@tlir/ir';
import { DYNAMIC, TlMemrefType, expandResult, fuseResult, subviewResult, type Layout, type SliceSpec } from '@tlir/dialect-tl';
import { diagnosticProblem, renderDiagnostics, runFrontEnd } from '../../../frontends/tl/test/front-end-harness.js';
import { SCALE } from '../../../frontends/tl/test/property-settings.js';
import {
  expandEntryText,
  layoutIsValid,
  memrefText,
  modelExpand,
  modelFuse,
  modelSubview,
  packedStrides,
  sliceText,
  type ExpandEntry,
  type ModelLayout,
  type Operand,
  type Size,
  type Slice,
} from './view-rules-model.js';

/*
 * The view instructions' result types (spec: Subview, Expand, Fuse) and the memref layout rule, checked against
 * the independent model in view-rules-model.ts: first the model against the spec's own examples, then the
 * implementation (src/shape-rules.ts, called directly) against the model on random shapes, strides and views,
 * then the whole front end (a generated .tl function using the view, parsed and verified) on a subset. Accepting
 * or rejecting and the result type must agree; a rejection must be a located diagnostic on the view's line.
 */

// ---- the model against the spec's examples ---------------------------------------------------------------

/** `memref<f32x32x?,strided<1,?>>` as a layout. */
function parseLayout(text: string): ModelLayout {
  const m = /^memref<f(?:32|64)((?:x(?:\d+|\?))*)(?:,strided<([^>]*)>)?>$/.exec(text.replace(/\s+/g, ''));
  if (!m) throw new Error(`not a memref type: ${text}`);
  const size = (s: string): Size => (s === '?' ? '?' : Number(s));
  const shape = m[1]!.split('x').slice(1).map(size);
  return { shape, strides: m[2] !== undefined ? m[2].split(',').filter(Boolean).map(size) : packedStrides(shape) };
}

const c = (v: number): Operand => ({ k: 'const', v });
const val: Operand = { k: 'value' };
const range = (offset: Operand, size: Operand | 'dyn'): Slice => ({ k: 'range', offset, size: size === 'dyn' ? { k: 'dyn' } : size });
const index = (offset: Operand): Slice => ({ k: 'index', offset });
const full: Slice = { k: 'full' };
const e = (v: number | '?' | 'value'): ExpandEntry => (v === '?' ? { k: 'dyn' } : v === 'value' ? { k: 'value' } : { k: 'const', v });

/**
 * The spec's examples, as written except where an example contradicts its own rule (each noted): those are typos
 * in the spec, and the rule wins.
 */
const SUBVIEW_EXAMPLES: [string, Slice[], string | undefined][] = [
  ['memref<f32x32x16>', [range(c(4), c(8)), range(c(8), c(4))], 'memref<f32x8x4,strided<1,32>>'],
  // The spec writes strided<1,16> for this order-1 result (two strides for one mode); the stride kept is 1.
  ['memref<f32x16x8>', [range(c(2), c(4)), index(val)], 'memref<f32x4,strided<1>>'],
  ['memref<f64x16x8>', [range(c(2), c(4)), range(val, c(1))], 'memref<f64x4x1,strided<1,16>>'],
  ['memref<f32x16>', [range(val, c(4))], 'memref<f32x4>'],
  ['memref<f32x16>', [range(val, val)], 'memref<f32x?>'],
  ['memref<f32x16x42x13>', [range(c(2), c(4)), range(val, val), range(c(6), c(7))], 'memref<f32x4x?x7,strided<1,16,672>>'],
  ['memref<f32x16x42x13,strided<1,?,?>>', [range(c(2), c(4)), range(val, val), range(c(6), c(7))], 'memref<f32x4x?x7,strided<1,?,?>>'],
  ['memref<f32x16>', [full], 'memref<f32x16>'],
  ['memref<f32x?>', [full], 'memref<f32x?>'],
  // The spec says memref<f32x13>; its rule ("the mode size ... minus the offset") gives 16 - 5 = 11.
  ['memref<f32x16>', [range(c(5), 'dyn')], 'memref<f32x11>'],
  ['memref<f32x16>', [range(val, 'dyn')], 'memref<f32x?>'],
  // The sample kernel's `subview %D[:,:,%0] : memref<f32x16x16x?>`.
  ['memref<f32x16x16x?>', [full, full, index(val)], 'memref<f32x16x16>'],
];

const EXPAND_EXAMPLES: [string, number, ExpandEntry[], string | undefined][] = [
  ['memref<f32x32x16x8>', 1, [e(2), e(8)], 'memref<f32x32x2x8x8>'],
  ['memref<f32x32x16x8>', 1, [e(2), e('?')], 'memref<f32x32x2x8x8>'],
  ['memref<f32x32x16x8>', 1, [e('?'), e(8)], 'memref<f32x32x2x8x8>'],
  ['memref<f32x32x?x8>', 1, [e(2), e('?')], 'memref<f32x32x2x?x8>'],
  ['memref<f32x32x?x8>', 1, [e('?'), e(8)], 'memref<f32x32x?x8x8>'],
  ['memref<f32x32x?>', 1, [e('value'), e('?')], 'memref<f32x32x?x?>'],
  ['memref<f32x32x16>', 1, [e('value'), e('?')], 'memref<f32x32x?x?>'],
  ['memref<f32x32x?>', 1, [e('value'), e('value')], 'memref<f32x32x?x?>'],
  ['memref<f32x32x?>', 1, [e(4), e('value')], 'memref<f32x32x4x?>'],
  ['memref<f32x32x7,strided<2,64>>', 0, [e(4), e(8)], 'memref<f32x4x8x7,strided<2,8,64>>'],
  ['memref<f32x32x7,strided<2,64>>', 0, [e(4), e('?')], 'memref<f32x4x8x7,strided<2,8,64>>'],
  // The spec writes memref<f32x?x8,strided<2,?,?>> and memref<f32x4x?,strided<2,8,?>>, dropping the last mode
  // (7) that the rule keeps; the strides are the spec's.
  ['memref<f32x?x7,strided<2,?>>', 0, [e('?'), e(4)], 'memref<f32x?x4x7,strided<2,?,?>>'],
  ['memref<f32x?x7,strided<2,?>>', 0, [e(4), e('?')], 'memref<f32x4x?x7,strided<2,8,?>>'],
  // Restrictions: at most one `?`; the product must be the mode size; the known entries must divide it.
  ['memref<f32x32x16>', 1, [e('?'), e('?')], undefined],
  ['memref<f32x32x16>', 1, [e(4), e(8)], undefined],
  ['memref<f32x32x16>', 1, [e(3), e('?')], undefined],
];

const FUSE_EXAMPLES: [string, number, number, string | undefined][] = [
  ['memref<f32x32x16x8x4x42>', 1, 3, 'memref<f32x32x512x42>'],
  // The spec's operand here is memref<f32x32x16x?x4x42,strided<1,16,?,?,?>> (five strides for six modes); with
  // the packed layout the spec's result follows.
  ['memref<f32x32x16x?x4x42>', 1, 3, 'memref<f32x32x?x42,strided<1,32,?>>'],
  ['memref<f32x32x16x2x2,strided<1,48,768,1536>>', 1, 2, 'memref<f32x32x32x2,strided<1,48,1536>>'],
  ['memref<f32x8x?x32,strided<1,?,?>>', 0, 1, 'memref<f32x?x32,strided<1,?>>'],
  ['memref<f32x8x16,strided<1,10>>', 0, 1, undefined],
  // "Undefined behaviour if dynamic stride != 8": legal at compile time.
  ['memref<f32x8x16,strided<1,?>>', 0, 1, 'memref<f32x128>'],
];

const sameLayout = (a: ModelLayout | undefined, b: ModelLayout | undefined): boolean =>
  a === b || (a !== undefined && b !== undefined && JSON.stringify(a) === JSON.stringify(b));

describe('the view model against the spec examples', () => {
  it('subview', () => {
    for (const [operand, slices, result] of SUBVIEW_EXAMPLES) {
      expect(modelSubview(parseLayout(operand), slices), `${operand} [${slices.map((s) => sliceText(s, '%v')).join(',')}]`).toEqual(
        result && parseLayout(result),
      );
    }
  });
  it('expand', () => {
    for (const [operand, mode, entries, result] of EXPAND_EXAMPLES) {
      expect(modelExpand(parseLayout(operand), mode, entries), `${operand} [${mode} -> ...]`).toEqual(result && parseLayout(result));
    }
  });
  it('fuse', () => {
    for (const [operand, from, to, result] of FUSE_EXAMPLES) {
      expect(modelFuse(parseLayout(operand), from, to), `${operand} [${from},${to}]`).toEqual(result && parseLayout(result));
    }
  });
  it('the front end gives the examples the same types', () => {
    const problems: string[] = [];
    const check = (operand: string, inst: string, expected: ModelLayout | undefined): void => {
      const p = frontEndViewProblem(operand, inst, expected);
      if (p) problems.push(`${inst} on ${operand}: ${p}`);
    };
    for (const [operand, slices, result] of SUBVIEW_EXAMPLES) {
      check(operand, `subview %a[${slices.map((s) => sliceText(s, '%v')).join(',')}]`, result ? parseLayout(result) : undefined);
    }
    for (const [operand, mode, entries, result] of EXPAND_EXAMPLES) {
      check(operand, `expand %a[${mode} -> ${entries.map((x) => expandEntryText(x, '%v')).join(' x ')}]`, result ? parseLayout(result) : undefined);
    }
    for (const [operand, from, to, result] of FUSE_EXAMPLES) check(operand, `fuse %a[${from},${to}]`, result ? parseLayout(result) : undefined);
    expect(problems).toEqual([]);
  });
});

// ---- random layouts and views ------------------------------------------------------------------------------

const sizeArb: fc.Arbitrary<Size> = fc.oneof({ weight: 5, arbitrary: fc.integer({ min: 0, max: 12 }) }, { weight: 1, arbitrary: fc.constant<Size>('?') });

/**
 * A valid strided layout for a shape: each stride is `?` now and then, else the previous stride times the previous
 * size (packed, so fuse applies) plus a gap now and then (padding, which fuse rejects).
 */
function validLayoutArb(maxOrder: number): fc.Arbitrary<ModelLayout> {
  return fc.array(sizeArb, { maxLength: maxOrder }).chain((shape) =>
    fc
      .tuple(
        fc.integer({ min: 1, max: 3 }),
        fc.array(
          fc.record({
            dynamic: fc.integer({ min: 0, max: 6 }).map((x) => x === 0),
            gap: fc.oneof({ weight: 3, arbitrary: fc.constant(0) }, { weight: 1, arbitrary: fc.integer({ min: 1, max: 5 }) }),
          }),
          { minLength: shape.length, maxLength: shape.length },
        ),
      )
      .map(([first, choices]) => {
        const strides: Size[] = [];
        choices.forEach(({ dynamic, gap }, i) => {
          if (dynamic) return strides.push('?');
          if (i === 0) return strides.push(first === 1 || gap === 0 ? 1 : first);
          const [prev, n] = [strides[i - 1]!, shape[i - 1]!];
          // After a dynamic stride or size anything is allowed (checked at run time); keep it plausible.
          return strides.push(prev !== '?' && n !== '?' ? prev * n + gap : 100 * i + gap);
        });
        return { shape, strides };
      }),
  );
}

/** Any stride list, valid or not (for the layout rule itself). */
const anyLayoutArb: fc.Arbitrary<ModelLayout> = fc.array(fc.oneof(fc.integer({ min: -2, max: 12 }), fc.constant<Size>('?')), { maxLength: 4 }).chain((shape) =>
  fc
    .array(fc.oneof(fc.integer({ min: -1, max: 200 }), fc.constant<Size>('?')), { minLength: Math.max(0, shape.length - 1), maxLength: shape.length + 1 })
    .map((strides) => ({ shape, strides })),
);

/** A constant between lo and hi, or a value. */
const operandArb = (lo: number, hi: number, valueWeight = 1): fc.Arbitrary<Operand> =>
  fc.oneof({ weight: 3, arbitrary: fc.integer({ min: lo, max: hi }).map(c) }, { weight: valueWeight, arbitrary: fc.constant(val) });

/**
 * A subview index list for a layout: per mode a single index, a slice or `:`, with constants around the mode size
 * (in and out of bounds); now and then one entry too many or too few. `positive` keeps offsets >= 0 and sizes >= 1
 * (what the implementation's encoding can express; the front end checks the sign itself).
 */
function slicesArb(layout: ModelLayout, positive: boolean): fc.Arbitrary<Slice[]> {
  const forMode = (mode: Size): fc.Arbitrary<Slice> => {
    const hi = mode === '?' ? 12 : mode + 1;
    const offset = operandArb(positive ? 0 : -1, hi);
    const size = fc.oneof(operandArb(positive ? 1 : -1, hi + 1), fc.constant<'dyn'>('dyn'));
    return fc.oneof(
      { weight: 2, arbitrary: offset.map(index) },
      { weight: 5, arbitrary: fc.tuple(offset, size).map(([o, s]) => range(o, s)) },
      { weight: 2, arbitrary: fc.constant(full) },
    );
  };
  const exact = fc.tuple(...layout.shape.map(forMode));
  const modeArb = forMode(layout.shape[0] ?? 4);
  return fc.oneof(
    { weight: 10, arbitrary: exact },
    { weight: 1, arbitrary: fc.tuple(exact, modeArb).map(([s, extra]) => [...s, extra]) },
    { weight: 1, arbitrary: exact.map((s) => s.slice(1)) },
  );
}

/** An expand shape for mode `mode`: half the time a factorization of its size (so often legal), else anything. */
function expandArb(layout: ModelLayout, positive: boolean): fc.Arbitrary<{ mode: number; entries: ExpandEntry[] }> {
  const order = layout.shape.length;
  const modeArb = fc.oneof({ weight: 8, arbitrary: fc.integer({ min: 0, max: Math.max(0, order - 1) }) }, { weight: 1, arbitrary: fc.integer({ min: -1, max: order }) });
  const entryArb = fc.oneof(
    { weight: 4, arbitrary: fc.integer({ min: positive ? 1 : -1, max: 8 }).map((v) => e(v)) },
    { weight: 2, arbitrary: fc.constant(e('?')) },
    { weight: 1, arbitrary: fc.constant(e('value')) },
  );
  const anyEntries = fc.array(entryArb, { minLength: positive ? 1 : 2, maxLength: 4 });
  return modeArb.chain((mode) => {
    const size = layout.shape[mode];
    const factorized =
      typeof size === 'number' && size > 0
        ? fc
            .tuple(fc.array(fc.integer({ min: 1, max: size }), { minLength: 1, maxLength: 3 }), fc.integer({ min: 0, max: 3 }), fc.integer({ min: 0, max: 4 }))
            .map(([picks, hole, kind]) => {
              // Peel factors of `size` off, the rest is the last entry; then maybe make one entry `?` or a value.
              const factors: number[] = [];
              let rest = size;
              for (const p of picks) {
                const f = rest % p === 0 ? p : 1;
                factors.push(f);
                rest /= f;
              }
              factors.push(rest);
              const entries = factors.map((f) => e(f));
              const at = hole % entries.length;
              if (kind === 1) entries[at] = e('?');
              if (kind === 2) entries[at] = e('value');
              return entries;
            })
        : anyEntries;
    return fc.oneof(factorized, anyEntries).map((entries) => ({ mode, entries }));
  });
}

/** A fuse range: mostly inside the modes, now and then not. */
function fuseRangeArb(layout: ModelLayout): fc.Arbitrary<[number, number]> {
  const order = layout.shape.length;
  return fc.tuple(fc.integer({ min: -1, max: order }), fc.integer({ min: -1, max: order }));
}

// ---- the implementation's encoding --------------------------------------------------------------------------

/** src/shape-rules.ts's encoding of a value in the static lists (documented with SliceSpec). */
const VALUE = -2;
const num = (x: Size): number => (x === '?' ? DYNAMIC : x);
const fromImpl = (r: Layout | string): ModelLayout | undefined =>
  typeof r === 'string' ? undefined : { shape: r.shape.map((x) => (x === DYNAMIC ? '?' : x)), strides: r.strides.map((x) => (x === DYNAMIC ? '?' : x)) };

function toSliceSpec(s: Slice): SliceSpec {
  if (s.k === 'full') return { offset: 0, size: DYNAMIC };
  const offset = s.offset.k === 'const' ? s.offset.v : VALUE;
  if (s.k === 'index') return { offset, size: 0 };
  return { offset, size: s.size.k === 'const' ? s.size.v : s.size.k === 'dyn' ? DYNAMIC : VALUE };
}
const toExpandSpec = (x: ExpandEntry): number => (x.k === 'const' ? x.v : x.k === 'dyn' ? DYNAMIC : VALUE);

// ---- through the front end ----------------------------------------------------------------------------------

/** The one op named `name` in the first function of a module. */
function findOp(module: Operation, name: string): Operation | undefined {
  const func = module.regions[0]!.entryBlock.firstOp!;
  for (let op = func.regions[0]!.entryBlock.firstOp; op; op = op.nextOperation) if (op.name === name) return op;
  return undefined;
}

/**
 * Runs `%r = <inst> : <operand type>` through the front end, with `%a` of the operand type and `%v` an index
 * value, and says what disagrees with `expected` (the model's result, undefined for illegal).
 */
function frontEndViewProblem(operandType: string, inst: string, expected: ModelLayout | undefined): string | undefined {
  const text = `func @f(%a: ${operandType}, %v: index) {\n  %r = ${inst} : ${operandType}\n}\n`;
  const r = runFrontEnd(text, 'view.tl');
  if (expected === undefined) {
    if (r.module) return 'accepted, the model rejects it';
    const problem = diagnosticProblem(r, text, 'view.tl');
    if (problem) return problem;
    const loc = r.errors[0]!.loc;
    return loc instanceof FileLineColLoc && loc.line === 2 ? undefined : `the error is not on the instruction's line:\n${renderDiagnostics(r)}`;
  }
  if (!r.module) return `rejected, the model gives ${memrefText('f32', expected)}:\n${renderDiagnostics(r)}`;
  const op = findOp(r.module, inst.startsWith('subview') ? 'tl.subview' : inst.startsWith('expand') ? 'tl.expand' : 'tl.fuse');
  const elem = /^memref<(f32|f64)/.exec(operandType)![1]! as 'f32' | 'f64';
  const want: Type = TlMemrefType.get(r.ctx, { elementType: FloatType.get(r.ctx, elem), shape: expected.shape.map(num), strides: expected.strides.map(num) });
  const got = op?.getResult(0).type;
  return got === want ? undefined : `result type ${String(got)}, the model gives ${String(want)}`;
}

const layoutText = (l: ModelLayout, always: boolean): string => memrefText('f32', l, always ? 'always' : 'auto');

describe('view result types: implementation against the model', () => {
  it('subview (shape-rules.ts)', () => {
    fc.assert(
      fc.property(
        validLayoutArb(4).chain((l) => fc.tuple(fc.constant(l), slicesArb(l, true))),
        ([layout, slices]) => {
          const impl = fromImpl(subviewResult(layout.shape.map(num), layout.strides.map(num), slices.map(toSliceSpec)));
          expect(impl).toEqual(modelSubview(layout, slices));
        },
      ),
      { numRuns: 2000 * SCALE },
    );
  });

  it('expand (shape-rules.ts)', () => {
    fc.assert(
      fc.property(
        validLayoutArb(4).chain((l) => fc.tuple(fc.constant(l), expandArb(l, true))),
        ([layout, { mode, entries }]) => {
          const impl = fromImpl(expandResult(layout.shape.map(num), layout.strides.map(num), mode, entries.map(toExpandSpec)));
          expect(impl).toEqual(modelExpand(layout, mode, entries));
        },
      ),
      { numRuns: 2000 * SCALE },
    );
  });

  it('fuse (shape-rules.ts)', () => {
    fc.assert(
      fc.property(
        validLayoutArb(5).chain((l) => fc.tuple(fc.constant(l), fuseRangeArb(l))),
        ([layout, [from, to]]) => {
          expect(fromImpl(fuseResult(layout.shape.map(num), layout.strides.map(num), from, to))).toEqual(modelFuse(layout, from, to));
        },
      ),
      { numRuns: 2000 * SCALE },
    );
  });

  it('subview through the front end', () => {
    fc.assert(
      fc.property(
        validLayoutArb(4).chain((l) => fc.tuple(fc.constant(l), slicesArb(l, false), fc.boolean())),
        ([layout, slices, always]) => {
          const inst = `subview %a[${slices.map((s) => sliceText(s, '%v')).join(',')}]`;
          const problem = frontEndViewProblem(layoutText(layout, always), inst, modelSubview(layout, slices));
          expect(problem, `${inst} : ${layoutText(layout, always)}`).toBeUndefined();
        },
      ),
      { numRuns: 200 * SCALE },
    );
  });

  it('expand through the front end', () => {
    fc.assert(
      fc.property(
        validLayoutArb(4).chain((l) => fc.tuple(fc.constant(l), expandArb(l, false), fc.boolean())),
        ([layout, { mode, entries }, always]) => {
          const inst = `expand %a[${mode} -> ${entries.map((x) => expandEntryText(x, '%v')).join(' x ')}]`;
          const problem = frontEndViewProblem(layoutText(layout, always), inst, modelExpand(layout, mode, entries));
          expect(problem, `${inst} : ${layoutText(layout, always)}`).toBeUndefined();
        },
      ),
      { numRuns: 200 * SCALE },
    );
  });

  it('fuse through the front end', () => {
    fc.assert(
      fc.property(
        validLayoutArb(5).chain((l) => fc.tuple(fc.constant(l), fuseRangeArb(l), fc.boolean())),
        ([layout, [from, to], always]) => {
          const inst = `fuse %a[${from},${to}]`;
          const problem = frontEndViewProblem(layoutText(layout, always), inst, modelFuse(layout, from, to));
          expect(problem, `${inst} : ${layoutText(layout, always)}`).toBeUndefined();
        },
      ),
      { numRuns: 200 * SCALE },
    );
  });

  it('memref layouts: accepted exactly when the layout rule holds', () => {
    fc.assert(
      fc.property(anyLayoutArb, (layout) => {
        const type = memrefText('f32', layout, 'always');
        const text = `func @f(%a: ${type}) {\n}\n`;
        const r = runFrontEnd(text, 'layout.tl');
        if (layoutIsValid(layout.shape, layout.strides)) {
          expect(r.module, `${type}:\n${renderDiagnostics(r)}`).toBeDefined();
          const arg = r.module!.regions[0]!.entryBlock.firstOp!.regions[0]!.entryBlock.args[0]!;
          expect(arg.type).toBe(TlMemrefType.get(r.ctx, { elementType: FloatType.get(r.ctx, 'f32'), shape: layout.shape.map(num), strides: layout.strides.map(num) }));
        } else {
          expect(r.module, `${type} was accepted`).toBeUndefined();
          expect(diagnosticProblem(r, text, 'layout.tl')).toBeUndefined();
        }
      }),
      { numRuns: 300 * SCALE },
    );
  });
});
