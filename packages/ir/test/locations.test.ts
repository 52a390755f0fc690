import { describe, expect, it } from 'vitest';
import {
  AsmPrinter,
  CallSiteLoc,
  Context,
  FileLineColLoc,
  FileLineColRange,
  FusedLoc,
  LocationAttr,
  NameLoc,
  StringAttr,
  UnknownLoc,
  formatLocation,
  fuseLocations,
  parseSourceString,
  type Location,
  type Operation,
} from '../src/index.js';

const f = (file: string, line: number, col: number): FileLineColLoc => new FileLineColLoc(file, line, col);

describe('locations', () => {
  it('compare structurally', () => {
    expect(f('a', 1, 2).equals(f('a', 1, 2))).toBe(true);
    expect(f('a', 1, 2).equals(f('a', 1, 3))).toBe(false);
    expect(f('a', 1, 2).equals(f('b', 1, 2))).toBe(false);
    expect(new FileLineColRange('a', 1, 2, 3, 4).equals(f('a', 1, 2))).toBe(false);
    expect(new FileLineColRange('a', 1, 2, 3, 4).equals(new FileLineColRange('a', 1, 2, 3, 4))).toBe(true);
    expect(new NameLoc('n', f('a', 1, 1)).equals(new NameLoc('n', f('a', 1, 1)))).toBe(true);
    expect(new NameLoc('n').equals(new NameLoc('n', f('a', 1, 1)))).toBe(false);
    expect(new NameLoc('n').equals(new NameLoc('m'))).toBe(false);
    expect(new CallSiteLoc(f('a', 1, 1), f('b', 2, 2)).equals(new CallSiteLoc(f('a', 1, 1), f('b', 2, 2)))).toBe(true);
    expect(new CallSiteLoc(f('a', 1, 1), f('b', 2, 2)).equals(new CallSiteLoc(f('b', 2, 2), f('a', 1, 1)))).toBe(false);
    expect(new FusedLoc([f('a', 1, 1), f('b', 1, 1)]).equals(new FusedLoc([f('a', 1, 1), f('b', 1, 1)]))).toBe(true);
    expect(new FusedLoc([f('a', 1, 1), f('b', 1, 1)]).equals(new FusedLoc([f('b', 1, 1), f('a', 1, 1)]))).toBe(false);
    expect(new FusedLoc([f('a', 1, 1)]).equals(new FusedLoc([f('a', 1, 1), f('a', 1, 1)]))).toBe(false);
    expect(UnknownLoc.instance.equals(UnknownLoc.instance)).toBe(true);
    expect(UnknownLoc.instance.equals(new NameLoc('unknown'))).toBe(false);
  });

  it('fuseLocations flattens, drops unknown and duplicate locations, and unwraps a single one', () => {
    const a = f('a', 1, 1);
    const b = f('b', 2, 2);
    expect(fuseLocations([])).toBe(UnknownLoc.instance);
    expect(fuseLocations([UnknownLoc.instance, UnknownLoc.instance])).toBe(UnknownLoc.instance);
    expect(fuseLocations([a])).toBe(a);
    expect(fuseLocations([a, UnknownLoc.instance, f('a', 1, 1)])).toBe(a);
    const fused = fuseLocations([a, new FusedLoc([b, f('a', 1, 1)]), b]);
    expect(fused).toBeInstanceOf(FusedLoc);
    expect((fused as FusedLoc).locations).toEqual([a, b]);
    expect(formatLocation(fused)).toBe('fused["a":1:1, "b":2:2]');
    // A fused location with metadata is kept whole.
    const ctx = new Context();
    const withMeta = new FusedLoc([b], StringAttr.get(ctx, 'm'));
    expect((fuseLocations([a, withMeta]) as FusedLoc).locations).toEqual([a, withMeta]);
  });

  it('fuseLocations with metadata flattens only fused locations with the same metadata, and keeps one or none', () => {
    const ctx = new Context();
    const m = StringAttr.get(ctx, 'm');
    const n = StringAttr.get(ctx, 'n');
    const [a, b, c] = [new NameLoc('a'), new NameLoc('b'), new NameLoc('c')];
    expect(formatLocation(fuseLocations([a, new FusedLoc([b, c], m)], m))).toBe('fused<"m">["a", "b", "c"]');
    expect(formatLocation(fuseLocations([a, new FusedLoc([b, c], n)], m))).toBe('fused<"m">["a", fused<"n">["b", "c"]]');
    expect(formatLocation(fuseLocations([a], m))).toBe('fused<"m">["a"]');
    expect(formatLocation(fuseLocations([], m))).toBe('fused<"m">[unknown]');
    expect(formatLocation(fuseLocations([UnknownLoc.instance], m))).toBe('fused<"m">[unknown]');
  });

  it('the parser fuses as mlir-opt-22 does', () => {
    // What mlir-opt-22 --mlir-print-debuginfo prints (aliases expanded) for each `loc(...)` on the left.
    const cases: [string, string][] = [
      ['fused<"m">["a", fused<"m">["b", "c"]]', 'fused<"m">["a", "b", "c"]'],
      ['fused["a", fused["b", "c"]]', 'fused["a", "b", "c"]'],
      ['fused<"m">["a", fused<"n">["b", "c"]]', 'fused<"m">["a", fused<"n">["b", "c"]]'],
      ['fused["a"]', '"a"'],
      ['fused[]', 'unknown'],
      ['fused<"m">[unknown]', 'fused<"m">[unknown]'],
      ['fused<"m">[]', 'fused<"m">[unknown]'],
      ['fused<"m">["a"]', 'fused<"m">["a"]'],
      ['fused[unknown, "a", "a"]', '"a"'],
    ];
    for (const [written, expected] of cases) {
      const ctx = new Context({ allowUnregisteredDialects: true });
      const m = parseSourceString(ctx, `"t"() : () -> () loc(${written})`, 'f.mlir');
      expect(formatLocation(m!.regions[0]!.entryBlock.firstOp!.loc), written).toBe(expected);
    }
  });

  it('find the file position to report', () => {
    const a = f('a', 1, 1);
    expect(a.fileLoc()).toBe(a);
    expect(UnknownLoc.instance.fileLoc()).toBeUndefined();
    expect(new NameLoc('n', a).fileLoc()).toBe(a);
    expect(new NameLoc('n').fileLoc()).toBeUndefined();
    expect(new FusedLoc([new NameLoc('x'), a]).fileLoc()).toBe(a);
    expect(new CallSiteLoc(new NameLoc('callee'), a).fileLoc()).toBe(a);
  });

  // The bodies of the location aliases that mlir-opt-22 --mlir-print-debuginfo printed for these locations.
  it.each([
    [f('f.mlir', 1, 2), '"f.mlir":1:2'],
    [new FileLineColRange('f', 1, 2, 3, 4), '"f":1:2 to 3:4'],
    [new FileLineColRange('f', 1, 2, 1, 5), '"f":1:2 to :5'],
    [new FileLineColRange('f', 1, 2, 1, 2), '"f":1:2'], // a range that ends where it starts is a point
    [f('a"b.mlir', 1, 2), '"a\\22b.mlir":1:2'],
    [f('f', 0, 0), '"f":0:0'],
    [UnknownLoc.instance, 'unknown'],
    [new NameLoc('a'), '"a"'],
    [new NameLoc('x', new NameLoc('y', f('z', 1, 1))), '"x"("y"("z":1:1))'],
    [new CallSiteLoc(f('f', 1, 2), new CallSiteLoc(f('g', 3, 4), f('h', 5, 6))), 'callsite("f":1:2 at callsite("g":3:4 at "h":5:6))'],
    [new FusedLoc([new NameLoc('a'), f('b', 1, 2)], StringAttr.get(new Context(), 'meta')), 'fused<"meta">["a", "b":1:2]'],
  ] as [Location, string][])('formatLocation(%s) is %s', (loc, text) => {
    expect(formatLocation(loc)).toBe(text);
  });
});

describe('locations from the parser', () => {
  function parse(text: string): { ctx: Context; ops: Operation[] } {
    const ctx = new Context({ allowUnregisteredDialects: true });
    const m = parseSourceString(ctx, text, 'p.mlir');
    expect(ctx.diagnostics.unhandled.map((d) => d.message)).toEqual([]);
    const ops: Operation[] = [];
    m!.walk((o) => void ops.push(o), 'pre');
    return { ctx, ops: ops.slice(1) };
  }

  it('an op is located at its name (not its results, as in mlir-opt-22), block arguments at their names', () => {
    const { ops } = parse('\n  %0 = "test.a"() : () -> i32\n"test.b"() ({\n^bb0(%x: i32, %y: i32 loc("y.c":7:7)):\n  "test.c"() : () -> ()\n}) : () -> ()\n');
    expect(ops.map((o) => formatLocation(o.loc))).toEqual(['"p.mlir":2:8', '"p.mlir":3:1', '"p.mlir":5:3']);
    const args = ops[1]!.regions[0]!.entryBlock.args;
    expect(formatLocation(args[0]!.loc)).toBe('"p.mlir":4:6');
    expect(formatLocation(args[1]!.loc)).toBe('"y.c":7:7');
  });

  it('a trailing location replaces the position; aliases may be defined after their use', () => {
    const { ops } = parse(`
      "test.a"() : () -> () loc("x.c":1:2)
      "test.b"() : () -> () loc(#later)
      "test.d"() : () -> () loc("range.c":1:2 to :9)
      #later = loc("later.c":3:4)
    `);
    expect(ops.map((o) => formatLocation(o.loc))).toEqual([
      '"x.c":1:2',
      '"later.c":3:4',
      '"range.c":1:2 to :9',
    ]);
  });

  it('locations used as attribute values print as aliases, which parse back', () => {
    const { ctx, ops } = parse('"test.a"() {b = loc("x.c":1:2), c = [loc("y.c":3:4)]} : () -> ()');
    const b = ops[0]!.getAttr('b');
    expect(b).toBeInstanceOf(LocationAttr);
    for (const options of [{}, { debugInfo: true }, { generic: true, debugInfo: true }]) {
      const text = AsmPrinter.print(ops[0]!.parentOp!, options);
      const again = parseSourceString(ctx, text, 'again.mlir');
      expect(ctx.diagnostics.unhandled.map((d) => d.message), text).toEqual([]);
      expect(AsmPrinter.print(again!, options)).toBe(text);
      expect(again!.regions[0]!.entryBlock.firstOp!.getAttr('b')).toBe(b);
    }
  });

  it('only an op or block argument location may use an alias defined further down (as in mlir-opt-22)', () => {
    // Errors and positions as mlir-opt-22 reports them.
    const cases: [string, string][] = [
      ['"t"() : () -> () loc(callsite(#a at #a))\n#a = loc("x":1:1)\n', "1:33: undefined symbol alias id 'a'"],
      ['#b = loc(#a)\n#a = loc("x":1:1)\n"t"() : () -> () loc(#b)\n', "1:12: undefined symbol alias id 'a'"],
      ['"t"() {a = loc(#a)} : () -> ()\n#a = loc("x":1:1)\n', "1:18: undefined symbol alias id 'a'"],
    ];
    for (const [text, expected] of cases) {
      const ctx = new Context({ allowUnregisteredDialects: true });
      expect(parseSourceString(ctx, text, 'f.mlir'), text).toBeUndefined();
      const d = ctx.diagnostics.unhandled[0]!;
      expect(`${d.loc.fileLoc()!.line}:${d.loc.fileLoc()!.column}: ${d.message}`).toBe(expected);
    }
    const { ops } = parse('"t"() ({\n^bb0(%x: i32 loc(#a)):\n  "u"() : () -> () loc(#a)\n}) : () -> ()\n#a = loc("x":1:1)\n');
    expect(formatLocation(ops[1]!.loc)).toBe('"x":1:1');
    expect(formatLocation(ops[0]!.regions[0]!.entryBlock.args[0]!.loc)).toBe('"x":1:1');
  });

  it('an undefined location alias is an error at its use', () => {
    const ctx = new Context({ allowUnregisteredDialects: true });
    expect(parseSourceString(ctx, '"test.a"() : () -> ()\n"test.b"() : () -> () loc(#nope)\n', 'u.mlir')).toBeUndefined();
    const d = ctx.diagnostics.unhandled[0]!;
    expect(d.message).toBe('operation location alias was never defined');
    expect(formatLocation(d.loc)).toBe('"u.mlir":2:27');
  });
});
