import { describe, expect, it } from 'vitest';
import { AsmPrinter, Context, parseSourceString } from '../src/index.js';

describe('custom form of builtin ops', () => {
  it('prints the builtin. prefix where the enclosing op has no default dialect, as mlir-opt-22', () => {
    const input =
      '"zz.op"() ({\n  module {\n  }\n  %0 = "zz.a"() : () -> i32\n  %1 = unrealized_conversion_cast %0 : i32 to index\n}) : () -> ()\n' +
      'module {\n  module {\n  }\n}\n';
    // What mlir-opt-22 --allow-unregistered-dialect prints for `input` (generated once, hard-coded).
    const expected =
      'module {\n  "zz.op"() ({\n    builtin.module {\n    }\n    %0 = "zz.a"() : () -> i32\n' +
      '    %1 = builtin.unrealized_conversion_cast %0 : i32 to index\n  }) : () -> ()\n  module {\n    module {\n    }\n  }\n}\n';
    const ctx = new Context({ allowUnregisteredDialects: true });
    const m = parseSourceString(ctx, input, 'p.mlir');
    expect(ctx.diagnostics.unhandled.map((d) => d.message)).toEqual([]);
    const text = AsmPrinter.print(m!);
    expect(text).toBe(expected);
    // And the printed text parses back to the same.
    expect(AsmPrinter.print(parseSourceString(ctx, text, 'again.mlir')!)).toBe(expected);
  });
});

describe('AsmPrinter.printToSink', () => {
  it('hands over the same bytes as printToChunks, in chunks, for a module larger than a chunk', () => {
    const ctx = new Context({ allowUnregisteredDialects: true });
    const body = Array.from({ length: 20000 }, (_, i) => `  %v${i} = "t.op"() {index = ${i} : i64} : () -> i32\n`).join('');
    const m = parseSourceString(ctx, `"builtin.module"() ({\n${body}}) : () -> ()\n`)!;
    const whole = Buffer.concat(AsmPrinter.printToChunks(m, { generic: true }));
    const parts: Buffer[] = [];
    AsmPrinter.printToSink(m, { generic: true }, (bytes) => parts.push(Buffer.from(bytes)));
    expect(whole.length).toBeGreaterThan(1 << 20);
    expect(parts.length).toBeGreaterThan(1);
    expect(Buffer.concat(parts).equals(whole)).toBe(true);
  });
});
