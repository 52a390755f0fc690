import { setFlagsFromString } from 'node:v8';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compareNames } from '../src/builtin-attributes.js';
import { Context, DictionaryAttr, IntegerAttr, IntegerType, parseSourceString } from '../src/index.js';

// V8's own view of a string, through its test natives (enabled here for this file's function only).
setFlagsFromString('--allow-natives-syntax');
const internalized = new Function('s', 'return %IsInternalizedString(s)') as (s: string) => boolean;

describe("a dictionary's names", () => {
  it('are internalized strings, as the names ops declare, even when cut from the input', () => {
    const ctx = new Context({ allowUnregisteredDialects: true });
    const m = parseSourceString(ctx, '"t.op"() <{predicate = 1 : i64}> {some_unusual_name = 2 : i32} : () -> ()', 'names.mlir')!;
    const op = m.regions[0]!.firstBlock!.firstOp!;
    const dicts = [op.properties as DictionaryAttr, op.attributes];
    for (const d of dicts) for (const e of d.entries) expect(internalized(e.name), e.name).toBe(true);
    // A name made at run time (not a literal anywhere) is internalized too.
    const made = ['a', 'long', 'name', 'made', 'at', 'run', 'time'].join('_');
    expect(internalized(made)).toBe(false);
    const one = IntegerAttr.get(ctx, IntegerType.get(ctx, 32), 1);
    expect(internalized(DictionaryAttr.get(ctx, [{ name: made, value: one }]).entries[0]!.name)).toBe(true);
  });

  it('keep their characters, and a dictionary is found again by them', () => {
    const ctx = new Context();
    const one = IntegerAttr.get(ctx, IntegerType.get(ctx, 32), 1);
    fc.assert(
      fc.property(fc.uniqueArray(fc.string({ minLength: 1 }), { maxLength: 6 }), (names) => {
        const d = DictionaryAttr.get(ctx, names.map((name) => ({ name, value: one })));
        expect(d.entries.map((e) => e.name)).toEqual([...names].sort(compareNames));
        for (const name of names) expect(d.get(name)).toBe(one);
        expect(DictionaryAttr.get(ctx, names.map((name) => ({ name: name.slice(0), value: one })))).toBe(d);
      }),
    );
  });
});
