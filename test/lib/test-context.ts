// Helpers for unit tests of the rewrite, pass and transforms packages: a context with the test dialect
// (test/lib/test-dialect.mjs), parsing that fails loudly, and printing.
import * as ir from '@tlir/ir';
import { AsmPrinter, Context, formatDiagnostic, parseSourceString, type Diagnostic, type Dialect, type Operation } from '@tlir/ir';
import * as rewrite from '@tlir/rewrite';
// @ts-expect-error: a JavaScript plugin module without declarations.
import { makeTestDialect } from './test-dialect.mjs';

/** The test dialect, built from the framework modules the tests use. */
export const TestDialect: Dialect = makeTestDialect({ ir, rewrite });

/** A context with the test dialect loaded (and unregistered ops allowed unless told otherwise). */
export function testContext(options: { allowUnregistered?: boolean; dialects?: Dialect[] } = {}): Context {
  return new Context({ allowUnregisteredDialects: options.allowUnregistered ?? true, dialects: [TestDialect, ...(options.dialects ?? [])] });
}

/** Parses `text` into a module; throws with the rendered diagnostics if it does not parse. */
export function parse(ctx: Context, text: string): Operation {
  const diags: string[] = [];
  const remove = ctx.diagnostics.addHandler((d) => diags.push(formatDiagnostic(d, ctx.sources)));
  const module = parseSourceString(ctx, text, 'input.mlir');
  remove();
  if (!module) throw new Error(`parse failed:\n${diags.join('')}`);
  return module;
}

/** The op in the generic form, without the `module {` wrapper lines when it is a module. */
export function print(op: Operation): string {
  return AsmPrinter.print(op, { generic: true });
}

/** Collects the diagnostics emitted while `fn` runs, rendered as mlir-opt renders them. */
export function captureDiagnostics<T>(ctx: Context, fn: () => T): { result: T; diagnostics: string[] } {
  const diags: Diagnostic[] = [];
  const remove = ctx.diagnostics.addHandler((d) => diags.push(d));
  try {
    const result = fn();
    // Rendered once the work is done: notes are attached after a diagnostic is emitted.
    return { result, diagnostics: diags.map((d) => formatDiagnostic(d, ctx.sources)) };
  } finally {
    remove();
  }
}

/** The first op named `name` in `root` (pre-order). */
export function findOp(root: Operation, name: string): Operation {
  let found: Operation | undefined;
  root.walk((op) => {
    if (op.name !== name) return;
    found = op;
    return 'interrupt';
  }, 'pre');
  if (!found) throw new Error(`no ${name}`);
  return found;
}
