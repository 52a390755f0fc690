// Host arrays as interpreter values and back: for random element types, shapes, orders, static strides and groups
// (with offsets), every element of the array is the memref's element at the same index, and reading the values
// back gives the array again, in its dtype and order.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FloatType, IndexType, IntegerType, Context, UnknownLoc, type Type } from '@tlir/ir';
import { MemrefView } from '@tlir/interpreter';
import { GroupValue } from '@tlir/dialect-tl';
import { denseStrides, zeros, type ArrayOrder, type DType, type MemRefShape, type NdArray } from '@tlir/runtime';
import { dtypesFor, type ElementTypeName } from '../src/element-dtypes.js';
import { arrayAfterRun, interpreterValue } from '../src/interpreter-values.js';
import type { KernelParameter } from '../src/kernel-signature.js';

const seedSetting = process.env.TLIR_FC_SEED;
if (seedSetting !== 'random') fc.configureGlobal({ seed: seedSetting ? Number(seedSetting) : 20261121 });
const SCALE = Number(process.env.TLIR_FC_SCALE ?? 1);

const ctx = new Context();
const TYPES: Record<ElementTypeName, Type> = {
  f32: FloatType.get(ctx, 'f32'),
  f64: FloatType.get(ctx, 'f64'),
  i1: IntegerType.get(ctx, 1),
  i8: IntegerType.get(ctx, 8),
  i16: IntegerType.get(ctx, 16),
  i32: IntegerType.get(ctx, 32),
  i64: IntegerType.get(ctx, 64),
  index: IndexType.get(ctx),
};

interface Case {
  element: ElementTypeName;
  dtype: DType;
  kind: 'memref' | 'group';
  layout: MemRefShape;
  shape: number[];
  order: ArrayOrder;
  seed: number;
}

/** A layout of `sizes`: each stride dynamic, or static with a gap after the modes before it. */
const layoutArb = (sizes: number[]): fc.Arbitrary<{ strides: (number | null)[]; shape: (number | null)[] }> =>
  fc.tuple(fc.array(fc.option(fc.integer({ min: 0, max: 3 }), { nil: null }), { minLength: sizes.length, maxLength: sizes.length }), fc.array(fc.boolean(), { minLength: sizes.length, maxLength: sizes.length })).map(([gaps, dynamicSizes]) => {
    const strides: (number | null)[] = [];
    let packed: number | null = 1;
    sizes.forEach((size, k) => {
      const gap = gaps[k]!;
      strides.push(gap === null || packed === null ? null : packed + gap);
      packed = strides[k] === null ? null : strides[k]! * Math.max(1, size);
    });
    return { strides, shape: sizes.map((s, k) => (dynamicSizes[k] ? null : s)) };
  });

const caseArb: fc.Arbitrary<Case> = fc
  .record({
    element: fc.constantFrom<ElementTypeName>('f32', 'f64', 'i1', 'i8', 'i16', 'i32', 'i64', 'index'),
    sizes: fc.array(fc.integer({ min: 0, max: 4 }), { minLength: 0, maxLength: 3 }),
    kind: fc.constantFrom<'memref' | 'group'>('memref', 'group'),
    members: fc.integer({ min: 1, max: 3 }),
    offset: fc.option(fc.integer({ min: 0, max: 3 }), { nil: null }),
    order: fc.constantFrom<ArrayOrder>('C', 'F'),
    dtypeChoice: fc.nat(1),
    seed: fc.nat(),
  })
  .chain((r) =>
    layoutArb(r.sizes).map(({ strides, shape }) => {
      const dtypes = dtypesFor(r.element);
      return {
        element: r.element,
        dtype: dtypes[r.dtypeChoice % dtypes.length]!,
        kind: r.kind,
        layout: { shape, strides, offset: r.kind === 'group' ? r.offset : 0 },
        shape: r.kind === 'group' ? [...r.sizes, r.members] : r.sizes,
        order: r.order,
        seed: r.seed,
      };
    }),
  );

function arrayOf(c: Case): NdArray {
  const a = zeros(c.dtype, c.shape, c.order);
  let s = c.seed >>> 0 || 1;
  const data = a.data as { [i: number]: number | bigint; length: number };
  for (let i = 0; i < data.length; i++) {
    s = (Math.imul(s, 1103515245) + 12345) >>> 0;
    const v = c.dtype === 'bool' ? s & 1 : c.dtype === 'f32' || c.dtype === 'f64' ? (s / 2 ** 32) * 8 - 4 : (s % 200) - 100;
    data[i] = c.dtype === 'i64' ? BigInt(v) : c.dtype === 'f32' ? Math.fround(v) : v;
  }
  return a;
}

function parameterOf(c: Case): KernelParameter {
  return { index: 0, name: 'x', kind: c.kind, type: TYPES[c.element], elementType: TYPES[c.element], elementName: c.element, layout: c.layout, typeText: 'x', loc: UnknownLoc.instance };
}

/** Every index of a shape. */
function* indices(shape: readonly number[]): Generator<number[]> {
  if (shape.includes(0)) return;
  const idx = shape.map(() => 0);
  for (;;) {
    yield [...idx];
    let k = 0;
    for (; k < idx.length; k++) {
      if (++idx[k]! < shape[k]!) break;
      idx[k] = 0;
    }
    if (k === idx.length) return;
  }
}

describe('host arrays as interpreter values', () => {
  it('place element (i, j, ...) at the memref index (i, j, ...), and read back to the same array', () => {
    fc.assert(
      fc.property(caseArb, (c) => {
        const array = arrayOf(c);
        const p = parameterOf(c);
        const value = interpreterValue(p, TYPES[c.element], { kind: 'array', array, origin: 'test' });
        const strides = denseStrides(array.shape, array.order);
        const element = (idx: readonly number[]): number => Number((array.data as ArrayLike<number | bigint>)[idx.reduce((a, i, k) => a + i * strides[k]!, 0)]!);
        const rank = c.layout.shape.length;
        for (const idx of indices(array.shape)) {
          const view = value instanceof GroupValue ? value.load(idx[rank]!) : (value as MemrefView);
          expect(Number(view.load(idx.slice(0, rank)))).toBe(element(idx));
        }
        if (value instanceof GroupValue) expect(value.offset).toBe(c.layout.offset ?? 0);
        // Static strides are the type's; the memrefs of a group do not share memory.
        const views = value instanceof GroupValue ? value.memrefs : [value as MemrefView];
        for (const v of views) c.layout.strides.forEach((s, k) => s !== null && expect(v.strides[k]).toBe(s));
        if (views.length > 1) expect(new Set(views.map((v) => v.memory)).size).toBe(views.length);
        expect(arrayAfterRun(p, array, value)).toEqual(array);
      }),
      { numRuns: 200 * SCALE },
    );
  });
});
