// The code of docs/op-definitions.md, section by section: if this test fails, fix the doc with it.
import { describe, expect, it } from 'vitest';
import {
  AnyFloat,
  AnyType,
  AsmPrinter,
  Builder,
  Context,
  DefaultValuedAttr,
  FloatAttr,
  FloatType,
  I64Attr,
  IntParameter,
  IntegerAttr,
  IntegerType,
  OptionalAttr,
  Pure,
  Region,
  SameAs,
  StrAttr,
  TypeParameter,
  UnitAttr,
  Variadic,
  defineAttribute,
  defineDialect,
  defineOp,
  defineOpInterface,
  defineType,
  formatDiagnostic,
  generateDialectDoc,
  parseSourceString,
  verify,
  type Diagnostic,
  type Operation,
} from '@tlir/ir';

// ---- 1. An op ------------------------------------------------------------------------------------------------

const AddOp = defineOp('toy.add', {
  summary: 'Adds two floating-point values',
  operands: { lhs: AnyFloat, rhs: SameAs('lhs') },
  results: { result: SameAs('lhs') },
  properties: { fastmath: UnitAttr },
  traits: [Pure],
  assemblyFormat: '$lhs `,` $rhs (`fast` $fastmath^)? attr-dict `:` type($result)',
  fold: ({ op, lhs, rhs }) =>
    lhs instanceof FloatAttr && rhs instanceof FloatAttr ? FloatAttr.get(op.op.context, lhs.type, lhs.value + rhs.value) : undefined,
});

const PrintOp = defineOp('toy.print', {
  summary: 'Prints values with a label',
  operands: { inputs: Variadic(AnyType) },
  properties: { label: OptionalAttr(StrAttr), width: DefaultValuedAttr(I64Attr, (ctx) => IntegerAttr.get(ctx, IntegerType.get(ctx, 64), 8)) },
  assemblyFormat: '($label^)? ($inputs^ `:` type($inputs))? attr-dict',
  verify(print) {
    if (print.label?.value === '') {
      print.op.emitOpError('expects a non-empty label');
      return false;
    }
    return true;
  },
});

// ---- 3. Types and attributes -----------------------------------------------------------------------------------

const RangeType = defineType('toy.range', {
  summary: 'A range of values of one type',
  parameters: { length: IntParameter, element: TypeParameter },
  assemblyFormat: '`<` $length `,` $element `>`',
  verify: ({ length }) => (length >= 0 ? undefined : `expected a non-negative length, got ${length}`),
});
const ScaleAttr = defineAttribute('toy.scale', {
  parameters: { factor: IntParameter },
  assemblyFormat: '`<` $factor `>`',
});

// ---- 5. A dialect ----------------------------------------------------------------------------------------------

const ToyDialect = defineDialect({
  name: 'toy',
  summary: 'A small example dialect',
  operations: [AddOp, PrintOp],
  types: [RangeType],
  attributes: [ScaleAttr],
});

function errors(ctx: Context): { diags: Diagnostic[]; text: () => string } {
  const diags: Diagnostic[] = [];
  ctx.diagnostics.addHandler((d) => diags.push(d));
  return { diags, text: () => diags.map((d) => formatDiagnostic(d, ctx.sources)).join('') };
}

describe('docs/op-definitions.md', () => {
  it('1. the typed view and builder', () => {
    const ctx = new Context({ dialects: [ToyDialect], allowUnregisteredDialects: true });
    const b = new Builder(ctx);
    const block = b.createBlock(new Region(), [b.f32, b.f32]);
    const [x, y] = block.args;
    const sum = AddOp.create(b, { lhs: x!, rhs: y! });
    expect(sum.result.type === b.f32).toBe(true);
    expect(sum.fastmath).toBeUndefined();
    expect(AddOp.is(sum.op)).toBe(true);
    const one = FloatAttr.get(ctx, b.f32, 1);
    const two = FloatAttr.get(ctx, b.f32, 2);
    expect(AddOp.fold!(sum.op, [one, two])).toEqual([FloatAttr.get(ctx, b.f32, 3)]);
  });

  it('1. the verifier', () => {
    const ctx = new Context({ dialects: [ToyDialect], allowUnregisteredDialects: true });
    const e = errors(ctx);
    // The verifier stops at the first error of a module (or function), as MLIR's does: one module per error.
    const m = parseSourceString(ctx, '%0 = "t.v"() : () -> i32\n%1 = "toy.add"(%0, %0, %0) : (i32, i32, i32) -> i32\n', 'v.mlir')!;
    expect(verify(m)).toBe(false);
    const m2 = parseSourceString(ctx, '"toy.print"() <{label = ""}> : () -> ()\n', 'v.mlir')!;
    expect(verify(m2)).toBe(false);
    expect(e.diags.map((d) => d.message)).toEqual(["'toy.add' op expected 2 operands, but found 3", "'toy.print' op expects a non-empty label"]);
    expect(parseSourceString(ctx, '"toy.print"() <{width = "x"}> : () -> ()', 'p.mlir')).toBeUndefined();
    expect(e.text()).toContain('p.mlir:1:1: error: invalid properties {width = "x"} for op toy.print: Invalid attribute `width` in property conversion: "x"');
  });

  it('2. assembly formats', () => {
    const ctx = new Context({ dialects: [ToyDialect], allowUnregisteredDialects: true });
    const text = `"t.f"() ({
^bb0(%a: f32, %b: f32):
  %0 = toy.add %a, %b : f32
  %1 = toy.add %0, %b fast : f32
  toy.print "sum" %0, %1 : f32, f32
  "t.end"() : () -> ()
}) : () -> ()
`;
    const m = parseSourceString(ctx, text, 'f.mlir')!;
    expect(verify(m)).toBe(true);
    const out = AsmPrinter.print(m);
    expect(out).toContain(`    %0 = toy.add %arg0, %arg1 : f32
    %1 = toy.add %0, %arg1 fast : f32
    toy.print "sum" %0, %1 : f32, f32
`);
    expect(AsmPrinter.print(m, { generic: true })).toContain('"toy.print"(%0, %1) <{label = "sum", width = 8 : i64}> : (f32, f32) -> ()');
    expect(() => defineOp('toy.bad', { operands: { lhs: AnyFloat, rhs: AnyFloat }, assemblyFormat: '$lhs `,` $rhs attr-dict `:` type($lhs)' })).toThrow(
      "toy.bad: invalid assembly format: type of operand #1, named 'rhs', is not buildable and a buildable type cannot be inferred",
    );
  });

  it('3. types and attributes', () => {
    const ctx = new Context({ dialects: [ToyDialect] });
    const b = new Builder(ctx);
    const r = RangeType.get(ctx, { length: 4, element: b.f32 });
    expect(String(r)).toBe('!toy.range<4, f32>');
    expect(RangeType.get(ctx, { length: 4, element: b.f32 })).toBe(r);
    expect(r.length).toBe(4);
    expect(r.element).toBe(b.f32);
    expect(String(ScaleAttr.get(ctx, { factor: 3 }))).toBe('#toy.scale<3>');
  });

  it('4. interfaces', () => {
    const Describe = defineOpInterface<{ describe(op: Operation): string }>('DescribeInterface');
    const Described = defineOp('toy2.described', { interfaces: [Describe.implement({ describe: (op) => `a ${op.name}` })] });
    const ctx = new Context({ dialects: [defineDialect({ name: 'toy2', operations: [Described] })] });
    const op = Described.build(ctx, {}).op;
    expect(Describe.get(op)?.describe(op)).toBe('a toy2.described');
  });

  it('5. a dialect and its documentation', () => {
    const doc = generateDialectDoc(ToyDialect);
    expect(doc).toContain("# 'toy' Dialect");
    expect(doc).toContain('### `toy.add`');
    expect(doc).toContain('### `!toy.range`');
    expect(FloatType).toBeDefined();
  });
});
