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
