// defineOp: typed views and builders, generated verifiers (MLIR's messages, in MLIR's order), properties set up
// as MLIR 22 does, segment sizes, interfaces, fold hooks.
import { describe, expect, expectTypeOf, it } from 'vitest';
import {
  AnyMemRef,
  AnyRegion,
  AnySuccessor,
  AnyType,
  AsmPrinter,
  Builder,
  Context,
  DefaultValuedAttr,
  DenseArrayAttr,
  DenseI64ArrayAttr,
  F32,
  FloatType,
  I32,
  I64Attr,
  IntegerAttr,
  IntegerType,
  MemRefOf,
  Optional,
  OptionalAttr,
  Pure,
  Region,
  SameAs,
  SignlessInteger,
  SignlessIntegerLike,
  SizedRegion,
  StrAttr,
  StringAttr,
  SymbolNameAttr,
  NoTerminator,
  Terminator,
  TypeAttrOf,
  FunctionType,
  UnitAttr,
  Variadic,
  VariadicRegion,
  VariadicSuccessor,
  defineOp,
  defineOpInterface,
  parseSourceString,
  verify,
  type Block,
  type DictionaryAttr,
  type Diagnostic,
  type OpDefinition,
  type Operation,
  type OpResult,
  type TypeAttr,
  type Value,
} from '@tlir/ir';

const Describe = defineOpInterface<{ describe(op: Operation): string }>('DescribeInterface');

const Kitchen = defineOp('k.sink', {
  summary: 'an op with one of everything',
  operands: { a: SignlessIntegerLike, maybe: Optional(AnyType), rest: Variadic(AnyType), b: SameAs('a') },
  results: { r: SameAs('a'), more: Variadic(F32) },
  properties: {
    name: SymbolNameAttr,
    count: I64Attr,
    label: OptionalAttr(StrAttr),
    flag: UnitAttr,
    dims: DefaultValuedAttr(DenseI64ArrayAttr, (ctx) => DenseI64ArrayAttrOf(ctx, [1, 2])),
  },
  regions: { body: SizedRegion(1), others: VariadicRegion(AnyRegion) },
  successors: { next: AnySuccessor, alts: VariadicSuccessor(AnySuccessor) },
  traits: [Terminator],
  interfaces: [Describe.implement({ describe: (op) => `sink of ${op.numOperands}` })],
});

function DenseI64ArrayAttrOf(ctx: Context, values: number[]): DenseArrayAttr {
  return DenseArrayAttr.get(ctx, IntegerType.get(ctx, 64), values);
}

describe('typed views', () => {
  it('follow the declaration', () => {
    type V = ReturnType<typeof Kitchen.wrap>;
    expectTypeOf<V['a']>().toEqualTypeOf<Value>();
    expectTypeOf<V['maybe']>().toEqualTypeOf<Value | undefined>();
    expectTypeOf<V['rest']>().toEqualTypeOf<Value[]>();
    expectTypeOf<V['r']>().toEqualTypeOf<OpResult>();
    expectTypeOf<V['more']>().toEqualTypeOf<OpResult[]>();
    expectTypeOf<V['name']>().toEqualTypeOf<StringAttr>();
    expectTypeOf<V['count']>().toEqualTypeOf<IntegerAttr>();
    expectTypeOf<V['label']>().toEqualTypeOf<StringAttr | undefined>();
    expectTypeOf<V['flag']>().toEqualTypeOf<UnitAttr | undefined>();
    expectTypeOf<V['body']>().toEqualTypeOf<Region>();
    expectTypeOf<V['others']>().toEqualTypeOf<Region[]>();
    expectTypeOf<V['next']>().toEqualTypeOf<Block>();
    expectTypeOf<V['alts']>().toEqualTypeOf<Block[]>();
    expectTypeOf<V['op']>().toEqualTypeOf<Operation>();
  });

  it('read operands, results and properties through the segment sizes', () => {
    const ctx = new Context({ allowUnregisteredDialects: true, dialects: [{ name: 'k', operations: [Kitchen] }] });
    const m = parseSourceString(
      ctx,
      `"t.f"() ({
  %0 = "t.v"() : () -> i32
  %1 = "t.v"() : () -> f32
  %2, %3, %4 = "k.sink"(%0, %1, %1, %0, %0) [^bb1, ^bb1, ^bb1] <{name = "s", count = 3, operandSegmentSizes = array<i32: 1, 0, 3, 1>}> ({
    "t.end"() : () -> ()
  }, {}) : (i32, f32, f32, i32, i32) -> (i32, f32, f32)
^bb1:
  "t.end"() : () -> ()
}) : () -> ()`,
      'k.mlir',
    )!;
    let sink: Operation | undefined;
    m.walk((op) => {
      if (Kitchen.is(op)) sink = op;
    });
    const k = Kitchen.wrap(sink!);
    expect(k.a).toBe(sink!.getOperand(0));
    expect(k.maybe).toBeUndefined();
    expect(k.rest).toEqual([1, 2, 3].map((i) => sink!.getOperand(i)));
    expect(k.b).toBe(sink!.getOperand(4));
    expect(k.r).toBe(sink!.getResult(0));
    expect(k.more).toEqual([sink!.getResult(1), sink!.getResult(2)]);
    expect(k.name.value).toBe('s');
    expect(k.count.value).toBe(3n);
    expect(k.label).toBeUndefined();
    expect(k.flag).toBeUndefined();
    // Default values are filled in when the op is created, as in MLIR 22.
    expect(String(sink!.getProperty('dims'))).toBe('array<i64: 1, 2>');
    expect(k.body).toBe(sink!.regions[0]);
    expect(k.others).toEqual([sink!.regions[1]]);
    expect(k.next).toBe(sink!.getSuccessor(0));
    expect(k.alts.length).toBe(2);
    expect(Describe.get(sink!)?.describe(sink!)).toBe('sink of 5');
    expect(Kitchen.match(sink!.parentOp!)).toBeUndefined();
    expect(() => Kitchen.wrap(sink!.parentOp!)).toThrow("expected a 'k.sink' operation, got 't.f'");
  });
});

const AddI = defineOp('k.addi', {
  operands: { lhs: SignlessIntegerLike, rhs: SignlessIntegerLike },
  results: { result: SameAs('lhs') },
  traits: [Pure],
  fold: ({ lhs, rhs, op }) => {
    if (lhs instanceof IntegerAttr && rhs instanceof IntegerAttr) return IntegerAttr.get(op.op.context, lhs.type, lhs.value + rhs.value);
    if (rhs instanceof IntegerAttr && rhs.value === 0n) return op.lhs;
    return undefined;
  },
});
const Func = defineOp('k.func', {
  properties: { sym_name: SymbolNameAttr, function_type: TypeAttrOf(FunctionType), tag: OptionalAttr(StrAttr) },
  regions: { body: AnyRegion },
  traits: [NoTerminator],
});
const Store = defineOp('k.store', {
  operands: { value: F32, memref: MemRefOf([F32]), indices: Variadic(IntegerType) },
});

describe('typed builders', () => {
  const ctx = new Context({ allowUnregisteredDialects: true, dialects: [{ name: 'k', operations: [AddI, Func, Store] }] });
  const b = new Builder(ctx);

  it('create ops from named operands and properties, inferring result types', () => {
    const f = Func.create(b, {
      sym_name: StringAttr.get(ctx, 'f'),
      function_type: b.typeAttr(b.functionType([b.i32], [])) as TypeAttr & { value: FunctionType },
    });
    expectTypeOf(f.sym_name).toEqualTypeOf<StringAttr>();
    const block = b.createBlock(f.body, [b.i32]);
    const x = block.args[0]!;
    const add = AddI.create(b, { lhs: x, rhs: x });
    expect(add.result.type).toBe(b.i32);
    expect(verify(f.op)).toBe(true);
    expect(AsmPrinter.print(f.op, { generic: true })).toBe(`"k.func"() <{function_type = (i32) -> (), sym_name = "f"}> ({
^bb0(%arg0: i32):
  %0 = "k.addi"(%arg0, %arg0) : (i32, i32) -> i32
}) : () -> ()
`);
  });

  it('report what is missing', () => {
    // @ts-expect-error: rhs is required
    expect(() => AddI.build(ctx, { lhs: b.create({ name: 't.v', resultTypes: [b.i32] }).result })).toThrow("k.addi: operand 'rhs' is required");
    // @ts-expect-error: sym_name is required
    expect(() => Func.build(ctx, { function_type: b.typeAttr(b.functionType([], [])) })).toThrow("k.func: property 'sym_name' is required");
  });

  it('fold through the adaptor', () => {
    const i32 = b.i32;
    const v = b.create({ name: 't.v', resultTypes: [i32] }).result;
    const add = AddI.build(ctx, { lhs: v, rhs: v });
    const one = IntegerAttr.get(ctx, i32, 1);
    const zero = IntegerAttr.get(ctx, i32, 0);
    expect(AddI.fold!(add.op, [one, one])).toEqual([IntegerAttr.get(ctx, i32, 2)]);
    expect(AddI.fold!(add.op, [undefined, zero])).toEqual([v]);
    expect(AddI.fold!(add.op, [undefined, undefined])).toBeUndefined();
  });
});

function errorsOf(text: string, ops: readonly OpDefinition[] = [Kitchen, AddI, Func, Store]): string[] {
  const ctx = new Context({ allowUnregisteredDialects: true, dialects: [{ name: 'k', operations: ops }] });
  const diags: Diagnostic[] = [];
  ctx.diagnostics.addHandler((d) => diags.push(d));
  const m = parseSourceString(ctx, text, 'v.mlir');
  if (m) verify(m);
  return diags.map((d) => d.message);
}

describe('generated verifiers', () => {
  it.each([
    ['%0 = "t.v"() : () -> f32\n%1 = "k.addi"(%0, %0) : (f32, f32) -> f32', "'k.addi' op operand #0 must be signless-integer-like, but got 'f32'"],
    ['%0 = "t.v"() : () -> i32\n%1 = "k.addi"(%0, %0, %0) : (i32, i32, i32) -> i32', "'k.addi' op expected 2 operands, but found 3"],
    ['%0 = "t.v"() : () -> i32\n%1:2 = "k.addi"(%0, %0) : (i32, i32) -> (i32, i32)', "'k.addi' op requires one result"],
    ['%0 = "t.v"() : () -> i32\n%1 = "k.addi"(%0, %0) ({}) : (i32, i32) -> i32', "'k.addi' op requires zero regions"],
    ['%0 = "t.v"() : () -> i32\n%1 = "t.v"() : () -> i64\n%2 = "k.addi"(%1, %0) : (i64, i32) -> i32', "'k.addi' op failed to verify that all of {lhs, result} have same type"],
    ['"k.func"() <{function_type = () -> ()}> ({}) : () -> ()', "'k.func' op requires attribute 'sym_name'"],
    ['"k.func"() <{}> ({}) : () -> ()', "'k.func' op requires attribute 'function_type'"],
    ['"k.func"() <{function_type = i32, sym_name = "f"}> ({}) : () -> ()', "'k.func' op attribute 'function_type' failed to satisfy constraint: type attribute of function type"],
    // Inherent attributes written in the discardable dictionary are properties (and verified as such).
    ['"k.func"() ({}) {function_type = () -> (), sym_name = 3 : i64} : () -> ()', "'k.func' op attribute 'sym_name' failed to satisfy constraint: string attribute"],
    ['%0 = "t.v"() : () -> f32\n%1 = "t.v"() : () -> memref<4xf64>\n"k.store"(%0, %1) : (f32, memref<4xf64>) -> ()', "'k.store' op operand #1 must be memref of 32-bit float values, but got 'memref<4xf64>'"],
    ['%0 = "t.v"() : () -> f32\n"k.store"(%0) : (f32) -> ()', "'k.store' op expected 2 or more operands, but found 1"],
    ['%0 = "t.v"() : () -> i32\n"k.sink"(%0, %0)[^bb1, ^bb1] <{name = "s", count = 3, operandSegmentSizes = array<i32: 1, 0, 0, 2>}> ({"t.e"() : () -> ()}) : (i32, i32) -> i32\n', "'k.sink' op operand count (2) does not match with the total size (3) specified in attribute 'operandSegmentSizes'"],
    ['%0 = "t.v"() : () -> i32\n"k.sink"(%0, %0, %0, %0)[^bb1, ^bb1] <{name = "s", count = 3, operandSegmentSizes = array<i32: 1, 2, 0, 1>}> ({"t.e"() : () -> ()}) : (i32, i32, i32, i32) -> i32\n', "'k.sink' op operand group starting at #1 requires 0 or 1 element, but found 2"],
    ['%0 = "t.v"() : () -> i32\n"k.sink"(%0, %0) <{name = "s", count = 3, operandSegmentSizes = array<i32: 1, 0, 0, 1>}> ({"t.e"() : () -> ()}) : (i32, i32) -> i32\n', "'k.sink' op requires at least 1 successors but found 0"],
    ['%0 = "t.v"() : () -> i32\n"k.sink"(%0, %0)[^bb1, ^bb1] <{name = "s", count = 3, operandSegmentSizes = array<i32: 1, 0, 0, 1>}> ({}) : (i32, i32) -> i32\n', "'k.sink' op region #0 ('body') failed to verify constraint: region with 1 blocks"],
  ])('%s', (text, message) => {
    expect(errorsOf(`"t.f"() ({\n${text}\n^bb1:\n  "t.e"() : () -> ()\n}) : () -> ()`)).toContain(message);
  });

  it('property conversion errors of the generic form', () => {
    expect(errorsOf('"k.func"() <{function_type = () -> (), sym_name = 3}> ({}) : () -> ()')).toEqual([
      'invalid properties {function_type = () -> (), sym_name = 3 : i64} for op k.func: Invalid attribute `sym_name` in property conversion: 3 : i64',
    ]);
    expect(errorsOf('"k.func"() <"x"> ({}) : () -> ()')).toEqual(['invalid properties "x" for op k.func: expected DictionaryAttr to set properties']);
    expect(errorsOf('"t.f"() ({\n%0 = "t.v"() : () -> i32\n"k.sink"(%0, %0) <{operandSegmentSizes = array<i32: 1>}> ({}) : (i32, i32) -> ()\n}) : () -> ()')).toEqual([
      'invalid properties {operandSegmentSizes = array<i32: 1>} for op k.sink: size mismatch in attribute conversion: 1 vs 4',
    ]);
  });
});

describe('properties are set up as MLIR 22 does', () => {
  const ctx = new Context({ allowUnregisteredDialects: true, dialects: [{ name: 'k', operations: [Func, Kitchen] }] });
  const print = (text: string): string => AsmPrinter.print(parseSourceString(ctx, text, 'p.mlir')!, { generic: true });
  it('moves inherent attributes to the properties, the properties winning, and drops unknown ones', () => {
    expect(print('"k.func"() <{tag = "p", other = 1}> ({}) {function_type = () -> (), sym_name = "f", tag = "d", t.keep} : () -> ()')).toBe(
      `"builtin.module"() ({
  "k.func"() <{function_type = () -> (), sym_name = "f", tag = "p"}> ({
  }) {t.keep} : () -> ()
}) : () -> ()
`,
    );
  });
  it('fills in default values and zero segment sizes', () => {
    const text = print('"t.f"() ({\n%0 = "k.sink"()[^bb1, ^bb1] <{name = "s", count = 1}> ({}) : () -> i32\n^bb1:\n"t.e"() : () -> ()\n}) : () -> ()');
    expect(text).toContain(
      '"k.sink"()[^bb1, ^bb1] <{count = 1 : i64, dims = array<i64: 1, 2>, name = "s", operandSegmentSizes = array<i32: 0, 0, 0, 0>}>',
    );
  });
});

describe('declarations', () => {
  it('reject names used twice or reserved', () => {
    expect(() => defineOp('k.dup', { operands: { x: AnyType }, results: { x: AnyType } })).toThrow(
      "k.dup: 'x' is declared twice (operand, result, property, region and successor names share one namespace)",
    );
    expect(() => defineOp('k.res', { operands: { op: AnyType } })).toThrow("k.res: 'op' is a reserved name");
    expect(() => defineOp('k.same', { results: { x: SameAs('y') } })).toThrow("k.same: SameAs('y') names no operand or result");
  });
  it('accept classes as constraints', () => {
    const UsesClass = defineOp('k.cls', { operands: { f: FloatType }, properties: { s: StringAttr } });
    type V = ReturnType<typeof UsesClass.wrap>;
    expectTypeOf<V['s']>().toEqualTypeOf<StringAttr>();
    expect(errorsOf('%0 = "t.v"() : () -> i32\n"k.cls"(%0) <{s = "x"}> : (i32) -> ()', [UsesClass])).toEqual([
      "'k.cls' op operand #0 must be floating-point, but got 'i32'",
    ]);
  });
  it('types of constraints', () => {
    expectTypeOf(SignlessInteger(8).build!).returns.toEqualTypeOf<IntegerType>();
    expectTypeOf(I32.check).guards.toEqualTypeOf<IntegerType>();
    expect(AnyMemRef.summary).toBe('memref of any type values');
  });
});

export type { DictionaryAttr };
