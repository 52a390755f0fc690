// Layouts, strided copies between host arrays and storage words, and the folding of dispatch grids.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dispatchedWorkgroups, foldDispatchGrid, forEachIndex, getElement, layoutOverlap, ndarray, resolveLayout, withOrder, zeros, type NdArray } from '@tlir/runtime';
// Internal to the package: the copies the launch uses.
import { packIntoWords, unpackFromWords } from '../src/strided-transfer.js';
import './support/property-settings.js';

describe('resolveLayout', () => {
  it('dynamic strides are packed column-major after the static ones', () => {
    expect(resolveLayout({ shape: [null, 3], strides: [null, null], offset: null }, [4, 3])).toEqual({ sizes: [4, 3], strides: [1, 4], offset: 0, extent: 12 });
    expect(resolveLayout({ shape: [null, null], strides: [2, null], offset: 5 }, [4, 3])).toEqual({ sizes: [4, 3], strides: [2, 8], offset: 5, extent: 5 + 1 + 3 * 2 + 2 * 8 });
    expect(resolveLayout({ shape: [], strides: [], offset: 0 }, [])).toEqual({ sizes: [], strides: [], offset: 0, extent: 1 });
    expect(resolveLayout({ shape: [null], strides: [1], offset: 3 }, [0])).toMatchObject({ extent: 3 });
  });

  it('layoutOverlap finds strides that make elements share places', () => {
    const layout = (sizes: number[], strides: number[]) => ({ sizes, strides, offset: 0, extent: 0 });
    expect(layoutOverlap(layout([4, 3], [1, 4]))).toBeUndefined();
    expect(layoutOverlap(layout([4, 3], [3, 1]))).toBeUndefined(); // row-major
    expect(layoutOverlap(layout([4, 1], [1, 0]))).toBeUndefined(); // a size-1 dimension's stride does not matter
    expect(layoutOverlap(layout([4, 3], [1, 3]))).toBe("dimension 1's stride 3 is less than the 4 elements that dimension 0 (size 4, stride 1) spans");
    expect(layoutOverlap(layout([4], [0]))).toBe("dimension 0's stride is 0");
    // An empty shape has no elements to share a place (a 0x13 memref's default strides are [1, 0]).
    expect(layoutOverlap(layout([0, 13], [1, 0]))).toBeUndefined();
  });
});

/** A shape, strides that give every element its own place (dimensions in a random order, with gaps), an offset. */
const stridedCase = fc
  .record({
    shape: fc.array(fc.integer({ min: 1, max: 4 }), { maxLength: 4 }),
    order: fc.constantFrom('C' as const, 'F' as const),
    offset: fc.integer({ min: 0, max: 5 }),
    base: fc.integer({ min: 0, max: 3 }),
    seed: fc.array(fc.tuple(fc.double({ min: 0, max: 1, noNaN: true }), fc.integer({ min: 0, max: 2 })), { minLength: 4, maxLength: 4 }),
  })
  .map(({ shape, order, offset, base, seed }) => {
    const dims = shape.map((_, k) => k).sort((a, b) => seed[a]![0] - seed[b]![0]);
    const strides = new Array<number>(shape.length);
    let stride = 1;
    for (const k of dims) {
      stride += seed[k]![1]; // a gap
      strides[k] = stride;
      stride *= shape[k]!;
    }
    const data = Float32Array.from({ length: shape.reduce((a, b) => a * b, 1) }, (_, i) => i + 1);
    return { array: ndarray(data, shape, { order }), layout: resolveLayout({ shape, strides, offset }, shape), base };
  });

describe('strided copies', () => {
  it('element (i, j, ...) of the array goes to base + offset + sum(index * stride), in either order', () => {
    fc.assert(
      fc.property(stridedCase, ({ array, layout, base }) => {
        expect(layoutOverlap(layout)).toBeUndefined();
        const words = new Float32Array(base + layout.extent);
        packIntoWords(array, layout, words, base);
        forEachIndex(array.shape, (index) => {
          const at = base + layout.offset + index.reduce((sum, i, k) => sum + i * layout.strides[k]!, 0);
          expect(words[at]).toBe(getElement(array, index));
        });
        const back = zeros('f32', array.shape, array.order) as NdArray;
        unpackFromWords(back, layout, words, base);
        expect(back.data).toEqual(array.data);
      }),
    );
  });

  it('narrow integers widen to words and wrap back; booleans are 0 or 1', () => {
    const layout = resolveLayout({ shape: [null], strides: [1], offset: 0 }, [3]);
    const words = new Int32Array(3);
    packIntoWords(ndarray(new Int8Array([-128, -1, 127])), layout, words, 0);
    expect([...words]).toEqual([-128, -1, 127]);
    words[1] = 200; // what a kernel computing in 32 bits may leave
    const back = zeros('i8', [3]);
    unpackFromWords(back, layout, words, 0);
    expect([...back.data]).toEqual([-128, -56, 127]);
    const mask = zeros('bool', [3]);
    words.set([0, 1, 7]);
    unpackFromWords(mask, layout, words, 0);
    expect([...mask.data]).toEqual([0, 1, 1]);
  });

  it('withOrder keeps every element', () => {
    const a = ndarray(Float32Array.from({ length: 24 }, (_, i) => i), [2, 3, 4], { order: 'C' });
    const f = withOrder(a, 'F');
    expect(f.order).toBe('F');
    forEachIndex(a.shape, (index) => expect(getElement(f, index)).toBe(getElement(a, index)));
    expect(withOrder(a, 'C')).toBe(a);
  });
});

describe('dispatchedWorkgroups', () => {
  it('is ceil(groups / groups per work-group), groups itself by default', () => {
    expect(dispatchedWorkgroups(10)).toBe(10);
    expect(dispatchedWorkgroups(10, 4)).toBe(3);
    expect(dispatchedWorkgroups(8, 4)).toBe(2);
    expect(dispatchedWorkgroups(0, 8)).toBe(0);
    expect(() => dispatchedWorkgroups(10, 0)).toThrow(RangeError);
  });
});

describe('foldDispatchGrid', () => {
  it('examples', () => {
    expect(foldDispatchGrid(0, 65535)).toEqual([0, 0, 0]);
    expect(foldDispatchGrid(100, 65535)).toEqual([100, 1, 1]);
    expect(foldDispatchGrid(65535, 65535)).toEqual([65535, 1, 1]);
    expect(foldDispatchGrid(70000, 65535)).toEqual([35000, 2, 1]);
    expect(foldDispatchGrid(234, 10)).toEqual([10, 8, 3]);
    expect(foldDispatchGrid(1000, 10)).toEqual([10, 10, 10]);
    expect(foldDispatchGrid(1001, 10)).toBeUndefined();
    expect(() => foldDispatchGrid(-1, 10)).toThrow(RangeError);
  });

  it('covers the groups within the limit, with less than a row per layer left over', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 70000 }), fc.integer({ min: 1, max: 2 ** 40 }), (max, wanted) => {
        const groups = wanted % Math.min(max ** 3 + 1, 2 ** 40);
        const grid = foldDispatchGrid(groups, max);
        if (groups === 0) {
          expect(grid).toEqual([0, 0, 0]);
          return;
        }
        expect(grid).toBeDefined();
        const [x, y, z] = grid!;
        for (const d of grid!) expect(d).toBeLessThanOrEqual(max);
        expect(x * y * z).toBeGreaterThanOrEqual(groups);
        expect(x * y * z - groups).toBeLessThan(z * (y + 1));
        if (groups <= max) expect(grid).toEqual([groups, 1, 1]);
      }),
    );
  });
});
