// defineType / defineAttribute: interned, parameters as fields, printed and parsed through their formats (as
// MLIR prints dialect types and attributes), usable as constraints, stripped in op formats; defineDialect;
// generated documentation.
import { describe, expect, expectTypeOf, it } from 'vitest';
import {
  AnyType,
  ArrayParameter,
  AsmPrinter,
  AttrParameter,
  Context,
  EnumParameter,
  IntParameter,
  OptionalParameter,
  StringAttr,
  StringParameter,
  TypeParameter,
  Variadic,
  defineAttribute,
  defineDialect,
  defineOp,
  defineType,
  IndexType,
  formatDiagnostic,
  generateDialectDoc,
  parseSourceString,
  verify,
  type Diagnostic,
  type Type,
} from '@tlir/ir';

const Vec = defineType('toy.vec', {
  summary: 'a vector of a fixed length',
  parameters: { length: IntParameter, element: TypeParameter },
  assemblyFormat: '`<` $length `,` $element `>`',
  verify: ({ length }) => (length > 0 ? undefined : `length must be positive, got ${length}`),
});
const Opaque = defineType('toy.opaque', { summary: 'no parameters' });
const Shape = defineAttribute('toy.shape', {
  parameters: { dims: ArrayParameter(IntParameter) },
  assemblyFormat: '`<` `[` $dims `]` `>`',
});
const Dim = defineAttribute('toy.dim', {
  summary: 'a dimension',
  parameters: { value: EnumParameter('Dimension', ['x', 'y', 'z']) },
  assemblyFormat: '$value',
});
const Conf = defineAttribute('toy.conf', {
  parameters: { name: StringParameter, level: IntParameter, extra: OptionalParameter(AttrParameter) },
  assemblyFormat: '`<` struct($name, $level) (`,` `extra` `=` $extra^)? `>`',
});

const Print = defineOp('toy.print', {
  summary: 'Prints a vector',
  operands: { input: Vec, rest: Variadic(AnyType) },
  properties: { shape: Shape },
  assemblyFormat: '$input $shape (`,` $rest^ `:` qualified(type($rest)))? attr-dict `:` type($input)',
});

const Toy = defineDialect({
  name: 'toy',
  summary: 'A small example dialect',
  operations: [Print],
  types: [Vec, Opaque],
  attributes: [Shape, Dim, Conf],
});

function run(text: string): { out: string; generic: string; errors: string } {
  const ctx = new Context({ allowUnregisteredDialects: true, dialects: [Toy] });
  const diags: Diagnostic[] = [];
  ctx.diagnostics.addHandler((d) => diags.push(d));
  const m = parseSourceString(ctx, text, 'toy.mlir');
  const errors = diags.map((d) => formatDiagnostic(d, ctx.sources)).join('');
  if (!m) return { out: '', generic: '', errors };
  verify(m);
  return { out: AsmPrinter.print(m), generic: AsmPrinter.print(m, { generic: true }), errors };
}

describe('dialect types and attributes', () => {
  it('are interned, with their parameters as typed fields', () => {
    const ctx = new Context({ dialects: [Toy] });
    const t = Vec.get(ctx, { length: 4, element: AnyTypeOf(ctx) });
    expect(Vec.get(ctx, { length: 4, element: AnyTypeOf(ctx) })).toBe(t);
    expect(t.length).toBe(4);
    expectTypeOf(t.length).toEqualTypeOf<number>();
    expectTypeOf(t.element).toEqualTypeOf<Type>();
    expect(String(t)).toBe('!toy.vec<4, index>');
    expect(Vec.is(t)).toBe(true);
    // Each definition recognizes its own instances only (and nothing that is not an object).
    expect(Opaque.is(t)).toBe(false);
    expect(Vec.is(Opaque.get(ctx, {}))).toBe(false);
    expect(Vec.check(AnyTypeOf(ctx))).toBe(false);
    expect(Shape.is(Shape.get(ctx, { dims: [1] }))).toBe(true);
    expect(Shape.is(Dim.get(ctx, { value: 'x' }))).toBe(false);
    expect(Shape.check(StringAttr.get(ctx, 'toy.shape'))).toBe(false);
    expect(Shape.storage(undefined as never)).toBe(false);
    expect(() => Vec.get(ctx, { length: 0, element: AnyTypeOf(ctx) })).toThrow('toy.vec: length must be positive, got 0');
    const s = Shape.get(ctx, { dims: [2, 3] });
    expectTypeOf(s.dims).toEqualTypeOf<readonly number[]>();
    expect(String(s)).toBe('#toy.shape<[2, 3]>');
    expect(String(Dim.get(ctx, { value: 'y' }))).toBe('#toy<dim y>');
    expect(String(Opaque.get(ctx, {}))).toBe('!toy.opaque');
  });

  it('parse and print as MLIR does (pretty form, `#dialect<mnemonic ...>` otherwise)', () => {
    const { out, errors } = run(`"t.x"() {
  a = #toy.shape<[1, 2, 3]>, b = #toy<dim z>, c = #toy.conf<name = "n", level = 2>,
  d = #toy.conf<level = 1, name = "m", extra = 5 : i32>, e = #toy.shape<[]>
} : () -> (!toy.vec<8, f32>, !toy.opaque)
`);
    expect(errors).toBe('');
    expect(out).toBe(`module {
  %0:2 = "t.x"() {a = #toy.shape<[1, 2, 3]>, b = #toy<dim z>, c = #toy.conf<name = "n", level = 2>, d = #toy.conf<name = "m", level = 1, extra = 5 : i32>, e = #toy.shape<[]>} : () -> (!toy.vec<8, f32>, !toy.opaque)
}
`);
  });

  it('report errors where the text is', () => {
    expect(run('"t.x"() : () -> !toy.vec<0, f32>').errors).toContain('toy.mlir:1:25: error: length must be positive, got 0');
    expect(run('"t.x"() : () -> !toy.nope').errors).toContain('toy.mlir:1:22: error: unknown  type `nope` in dialect `toy`');
    expect(run('"t.x"() {a = #toy<dim w>} : () -> ()').errors).toContain('toy.mlir:1:23: error: expected Dimension to be one of: x, y, z');
  });

  it('are stripped in op formats unless qualified', () => {
    const { out, generic, errors } = run(`
%v = "t.v"() : () -> !toy.vec<2, i32>
%w = "t.v"() : () -> !toy.vec<3, i32>
toy.print %v <[1, 2]> : <2, i32>
toy.print %v <[1]>, %w, %v : !toy.vec<3, i32>, !toy.vec<2, i32> {t.note} : <2, i32>
`);
    expect(errors).toBe('');
    expect(out).toBe(`module {
  %0 = "t.v"() : () -> !toy.vec<2, i32>
  %1 = "t.v"() : () -> !toy.vec<3, i32>
  toy.print %0 <[1, 2]> : <2, i32>
  toy.print %0 <[1]>, %1, %0 : !toy.vec<3, i32>, !toy.vec<2, i32> {t.note} : <2, i32>
}
`);
    expect(generic).toContain('"toy.print"(%0) <{shape = #toy.shape<[1, 2]>}> : (!toy.vec<2, i32>) -> ()');
  });

  it('check their definitions', () => {
    expect(() => defineType('novec', {})).toThrow("type name 'novec' must be 'dialect.mnemonic'");
    expect(() => defineType('toy.bad', { parameters: { n: IntParameter } })).toThrow('toy.bad: a type with parameters needs an assemblyFormat or parse and print');
    expect(() => defineType('toy.bad', { parameters: { n: IntParameter }, assemblyFormat: '`<` `>`' })).toThrow("format is missing parameter 'n'");
    expect(() => defineType('toy.bad', { parameters: { id: IntParameter }, assemblyFormat: '$id' })).toThrow("toy.bad: 'id' is a reserved name");
    expect(() => defineDialect({ name: 'toy', operations: [defineOp('other.op', {})] })).toThrow("dialect 'toy': operation 'other.op' is not in the dialect's namespace");
  });
});

describe('dialect documentation', () => {
  it('is generated from the definitions', () => {
    const doc = generateDialectDoc(Toy);
    expect(doc).toContain("# 'toy' Dialect");
    expect(doc).toContain('_A small example dialect_');
    expect(doc).toContain('### `toy.print`\n\n_Prints a vector_\n\nSyntax:\n\n```\noperation ::= `toy.print` $input $shape');
    expect(doc).toContain('| `input` | a vector of a fixed length |');
    expect(doc).toContain('| `rest` | variadic of any type |');
    expect(doc).toContain('| `shape` | toy.shape |');
    expect(doc).toContain('### `!toy.vec`\n\n_a vector of a fixed length_\n\nSyntax:\n\n```\n!toy.vec `<` $length `,` $element `>`\n```');
    expect(doc).toContain('| `element` | type |');
    expect(doc).toContain('### `#toy.dim`');
  });
});

function AnyTypeOf(ctx: Context): Type {
  return IndexType.get(ctx);
}
