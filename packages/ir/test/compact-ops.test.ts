// How parsed operations are stored compactly: locations made on first use, a single result without an array;
// and the interning of attributes and types by a hash of their parameters.
import { describe, expect, it } from 'vitest';
import {
  Context,
  DictionaryAttr,
  FileLineColLoc,
  FloatAttr,
  FloatType,
  FunctionType,
  IndexType,
  IntegerAttr,
  IntegerType,
  NameLoc,
  StringAttr,
  parseSourceString,
  type Operation,
} from '../src/index.js';

function parse(text: string): Operation[] {
  const ctx = new Context({ allowUnregisteredDialects: true });
  const module = parseSourceString(ctx, text, 'ops.mlir')!;
  return module.regions[0]!.entryBlock.opsArray();
}

describe('parsed operations', () => {
  it('make their location on first use: the op name, and always the same object', () => {
    const [a, b] = parse('%0 = "t.a"() : () -> i32\n   "t.b"(%0) : (i32) -> ()');
    expect(a!.loc).toBeInstanceOf(FileLineColLoc);
    expect([(a!.loc as FileLineColLoc).line, (a!.loc as FileLineColLoc).column]).toEqual([1, 6]);
    expect([(b!.loc as FileLineColLoc).line, (b!.loc as FileLineColLoc).column]).toEqual([2, 4]);
    expect(a!.loc).toBe(a!.loc);
    const named = new NameLoc('x');
    a!.loc = named;
    expect(a!.loc).toBe(named);
  });

  it('locate ops beyond the lines and columns a packed position holds', () => {
    const far = '\n'.repeat(600000) + ' '.repeat(5000) + '"t.far"() : () -> ()';
    const [op] = parse(far);
    const loc = op!.loc as FileLineColLoc;
    expect([loc.file, loc.line, loc.column]).toEqual(['ops.mlir', 600001, 5001]);
  });

  it('keep a single result without an array until `results` is asked for', () => {
    const [a, b] = parse('%0 = "t.a"() : () -> i32\n%1:2 = "t.b"() : () -> (i32, f32)');
    expect(a!.numResults).toBe(1);
    const r = a!.getResult(0);
    expect(a!.result).toBe(r);
    expect(a!.getResultType(0)).toBe(r.type);
    expect(a!.results).toEqual([r]);
    expect(a!.results).toBe(a!.results);
    expect(b!.numResults).toBe(2);
    expect(b!.results.map((x) => String(x.type))).toEqual(['i32', 'f32']);
    expect(() => a!.getResult(1)).toThrow(RangeError);
  });

  it('know they are erased', () => {
    const [a, b] = parse('"t.a"() : () -> ()\n"t.b"() : () -> ()');
    expect(a!.isErased).toBe(false);
    a!.erase();
    expect(a!.isErased).toBe(true);
    expect(b!.isErased).toBe(false);
  });
});

describe('interning by a hash of the parameters', () => {
  const ctx = new Context();
  const i8 = IntegerType.get(ctx, 8);
  const i64 = IntegerType.get(ctx, 64);
  const index = IndexType.get(ctx);

  it('gives one attribute per type and value, big values included', () => {
    expect(IntegerAttr.get(ctx, i64, 5)).toBe(IntegerAttr.get(ctx, i64, 5n));
    expect(IntegerAttr.get(ctx, i64, 5)).not.toBe(IntegerAttr.get(ctx, index, 5));
    expect(IntegerAttr.get(ctx, i64, 1n << 40n)).toBe(IntegerAttr.get(ctx, i64, 1n << 40n));
    expect(IntegerAttr.get(ctx, i64, 1n << 40n)).not.toBe(IntegerAttr.get(ctx, i64, (1n << 40n) + 1n));
    // Normalized first: 255 and -1 are the same i8.
    expect(IntegerAttr.get(ctx, i8, 255)).toBe(IntegerAttr.get(ctx, i8, -1));
    const f32 = FloatType.get(ctx, 'f32');
    expect(FloatAttr.get(ctx, f32, 0.5)).toBe(FloatAttr.get(ctx, f32, 0.5));
    expect(FloatAttr.get(ctx, f32, 0)).not.toBe(FloatAttr.get(ctx, f32, -0));
  });

  it('gives one dictionary per entries, whatever their order, and one function type per signature', () => {
    const a = IntegerAttr.get(ctx, i64, 1);
    const s = StringAttr.get(ctx, 'x');
    const d = DictionaryAttr.get(ctx, [{ name: 'b', value: a }, { name: 'a', value: s }]);
    expect(DictionaryAttr.get(ctx, [{ name: 'a', value: s }, { name: 'b', value: a }])).toBe(d);
    expect(DictionaryAttr.get(ctx, [{ name: 'a', value: a }, { name: 'b', value: s }])).not.toBe(d);
    expect(FunctionType.get(ctx, [i8, i64], [index])).toBe(FunctionType.get(ctx, [i8, i64], [index]));
    expect(FunctionType.get(ctx, [i8, i64], [index])).not.toBe(FunctionType.get(ctx, [i8], [i64, index]));
  });

  it('keeps values whose hashes collide apart', () => {
    const c = new Context();
    const x = IntegerAttr.get(c, IntegerType.get(c, 32), 1);
    const y = IntegerAttr.get(c, IntegerType.get(c, 32), 2);
    const hash = 12345;
    expect(c.internedByHash(hash)).toBeUndefined();
    // As if both had the same hash: both are kept, each found by comparing its parameters.
    const p = c.internByHash(hash, x);
    const q = c.internByHash(hash, y);
    expect(c.internedByHash(hash)).toEqual([p, q]);
    expect(q.id).toBeGreaterThan(p.id);
  });
});
