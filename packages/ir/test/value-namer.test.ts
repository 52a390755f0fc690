// AsmPrinter.valueNamer gives values the names the printer prints them with.
import { describe, expect, it } from 'vitest';
import { AsmPrinter, Context, parseSourceString, type Operation, type Value } from '../src/index.js';

describe('AsmPrinter.valueNamer', () => {
  it('names every value as the printed text does, in custom and generic form', () => {
    const ctx = new Context({ allowUnregisteredDialects: true });
    const m = parseSourceString(
      ctx,
      '"t.f"() ({\n^bb0(%x: i32):\n  %a = "t.a"(%x) : (i32) -> i32\n  %b:2 = "t.b"() : () -> (i32, i32)\n  "t.g"() ({\n  ^bb0(%y: i32):\n    %c = "t.c"(%y, %a) : (i32, i32) -> i32\n  }) : () -> ()\n}) : () -> ()\n',
      'n.mlir',
    )!;
    const values: Value[] = [];
    m.walk((op: Operation) => {
      for (const r of op.regions) for (let b = r.firstBlock; b; b = b.nextBlock) values.push(...b.args);
      values.push(...op.results);
    }, 'pre');
    for (const generic of [false, true]) {
      const name = AsmPrinter.valueNamer(m, { generic });
      const text = AsmPrinter.print(m, { generic });
      const names = values.map(name);
      // Each result name appears as a definition, each argument name in its block header.
      for (const n of names) expect(text).toContain(n.replace(/#\d+$/, ''));
      expect(new Set(names).size).toBe(names.length);
    }
    expect(values.map(AsmPrinter.valueNamer(m))).toEqual(['%arg0', '%0', '%1#0', '%1#1', '%arg1', '%2']);
    const other = parseSourceString(ctx, '%z = "t.z"() : () -> i32\n', 'o.mlir')!;
    expect(AsmPrinter.valueNamer(m)(other.regions[0]!.firstBlock!.firstOp!.results[0]!)).toBe('<<UNKNOWN SSA VALUE>>');
  });
});
