import { setFlagsFromString } from 'node:v8';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Context, DictionaryAttr, IntegerAttr, IntegerType, parseSourceString, type Operation } from '../src/index.js';
import { emptyPacked, mapPacked } from '../src/packed-array.js';

// V8's own view of an array's shape, through its test natives (enabled here for this file's functions only).
setFlagsFromString('--allow-natives-syntax');
const sameShape = new Function('a', 'b', 'return %HaveSameMap(a, b)') as (a: object, b: object) => boolean;
const holey = new Function('a', 'return %HasHoleyElements(a)') as (a: object) => boolean;

describe('mapPacked', () => {
  it('gives what Array.prototype.map gives', () => {
    fc.assert(
      fc.property(fc.array(fc.anything()), (values) => {
        expect(mapPacked(values, (v, i) => [v, i])).toEqual(values.map((v, i) => [v, i]));
      }),
    );
  });

  it('gives packed arrays of one shape, call after call, from packed and holey arrays alike', () => {
    const sparse = new Array<{ i: number }>(2);
    sparse[0] = { i: 0 };
    sparse[1] = { i: 1 };
    const made = Array.from({ length: 50 }, (_, i) => mapPacked(i % 2 ? sparse : [{ i }, { i }], (o) => ({ o })));
    for (const a of made) {
      expect(holey(a)).toBe(false);
      expect(sameShape(a, made[0]!)).toBe(true);
    }
  });
});

describe('emptyPacked', () => {
  it('is a new empty array with the shape of a packed array of objects', () => {
    const a = emptyPacked<object>();
    expect(a).toEqual([]);
    expect(emptyPacked()).not.toBe(a);
    expect(sameShape(a, mapPacked([1], () => ({})))).toBe(true);
    expect(sameShape(a, [])).toBe(false);
  });
});

describe('the entries a dictionary keeps', () => {
  it('have one shape, empty or not, from a list or a map', () => {
    const ctx = new Context();
    const one = IntegerAttr.get(ctx, IntegerType.get(ctx, 32), 1);
    const dicts = [
      DictionaryAttr.get(ctx, []),
      DictionaryAttr.get(ctx, [{ name: 'a', value: one }]),
      DictionaryAttr.get(ctx, new Map([['b', one]])),
      DictionaryAttr.get(ctx, new Map()),
      // Up to three entries are kept in a literal array, more in a copy (see keptEntries).
      DictionaryAttr.get(ctx, [{ name: 'a', value: one }, { name: 'b', value: one }]),
      DictionaryAttr.get(ctx, [{ name: 'a', value: one }, { name: 'b', value: one }, { name: 'c', value: one }]),
      DictionaryAttr.get(ctx, ['a', 'b', 'c', 'd'].map((name) => ({ name, value: one }))),
    ];
    for (const d of dicts) expect(sameShape(d.entries, dicts[1]!.entries)).toBe(true);
  });
});

describe('the arrays an op keeps', () => {
  it('have one shape per slot, empty or not, so code reading them meets one shape', () => {
    const ctx = new Context({ allowUnregisteredDialects: true });
    // Ops with and without operands, results, successors and regions, and blocks with and without arguments.
    const src = `
      "t.f"() ({
      ^bb0(%a: i32):
        %0 = "t.c"() : () -> i32
        %1:2 = "t.two"(%0, %a) : (i32, i32) -> (i32, i32)
        %2:7 = "t.seven"(%0, %a, %0, %a, %0, %a, %0) : (i32, i32, i32, i32, i32, i32, i32) -> (i32, i32, i32, i32, i32, i32, i32)
        "t.br"(%0)[^bb1, ^bb2] : (i32) -> ()
      ^bb1:
        "t.br"()[^bb2] : () -> ()
      ^bb2:
        "t.ret"() : () -> ()
      }) : () -> ()`;
    const slots = {
      operandValues: (op: Operation) => op.operandValues,
      successorUses: (op: Operation) => op.successorUses,
      regions: (op: Operation) => op.regions,
      results: (op: Operation) => (op.numResults === 1 ? undefined : op.results),
    };
    // Then thousands of branches: once V8 optimizes the code that makes ops, it makes arrays its own way (its
    // inlined Array.prototype.map makes holey arrays where the builtin made packed ones).
    const branches = Array.from({ length: 4000 }, (_, i) => `^bb${i + 3}:\n  "t.br"()[^bb${i + 4}] : () -> ()\n`).join('');
    const many = src.replace('^bb2:', `"t.br"()[^bb3] : () -> ()\n${branches}^bb4003:\n"t.br"()[^bb2] : () -> ()\n^bb2:`);
    for (const text of [src, many, src]) {
      const m = parseSourceString(ctx, text, 'shapes.mlir')!;
      const ops: Operation[] = [];
      m.walk((op) => void ops.push(op));
      for (const [slot, get] of Object.entries(slots)) {
        const arrays = ops.map(get).filter((a): a is readonly unknown[] => a !== undefined);
        expect(new Set(arrays.map((a) => a.length)).size, slot).toBeGreaterThan(1);
        for (const a of arrays) expect(sameShape(a, arrays[0]!), `${slot} of length ${a.length}`).toBe(true);
      }
      const blocks = ops.flatMap((op) => op.regions.flatMap((r) => [...r.blocks()]));
      for (const b of blocks) expect(sameShape(b.args, blocks[0]!.args), 'block arguments').toBe(true);
    }
  });
});
