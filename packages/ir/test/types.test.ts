import { describe, expect, it } from 'vitest';
import {
  AsmPrinter,
  ComplexType,
  Context,
  DYNAMIC,
  FloatType,
  FunctionType,
  IndexType,
  IntegerAttr,
  IntegerType,
  MemRefType,
  NoneType,
  OpaqueType,
  RankedTensorType,
  StridedLayoutAttr,
  StringAttr,
  TupleType,
  TypeAttr,
  UnrankedMemRefType,
  UnrankedTensorType,
  VectorType,
  parseSourceString,
  type Type,
} from '../src/index.js';

/**
 * [type as written, type as mlir-opt-22 prints it]: generated once from `"test.op"() {t = <type>} : () -> ()`
 * through `mlir-opt-22 --allow-unregistered-dialect`, hard-coded here.
 */
const MLIR_OPT_22_TYPES: [string, string][] = [
  ["i1", "i1"],
  ["i0", "i0"],
  ["si32", "si32"],
  ["ui8", "ui8"],
  ["i65", "i65"],
  ["index", "index"],
  ["none", "none"],
  ["f16", "f16"],
  ["bf16", "bf16"],
  ["tf32", "tf32"],
  ["f64", "f64"],
  ["complex<f32>", "complex<f32>"],
  ["complex<i8>", "complex<i8>"],
  ["tuple<>", "tuple<>"],
  ["tuple<i32, tuple<f32, index>>", "tuple<i32, tuple<f32, index>>"],
  ["() -> ()", "() -> ()"],
  ["(i32) -> i32", "(i32) -> i32"],
  ["(i32, f32) -> (i1, i1)", "(i32, f32) -> (i1, i1)"],
  ["() -> (() -> i32)", "() -> (() -> i32)"],
  ["(i32) -> ((i32) -> i32)", "(i32) -> ((i32) -> i32)"],
  ["vector<4xf32>", "vector<4xf32>"],
  ["vector<f32>", "vector<f32>"],
  ["vector<[4]xi8>", "vector<[4]xi8>"],
  ["vector<2x[4]x8xindex>", "vector<2x[4]x8xindex>"],
  ["tensor<f32>", "tensor<f32>"],
  ["tensor<?x4xf32>", "tensor<?x4xf32>"],
  ["tensor<*xi32>", "tensor<*xi32>"],
  ["tensor<0x?x1xcomplex<f64>>", "tensor<0x?x1xcomplex<f64>>"],
  ["tensor<4xf32, \"enc\">", "tensor<4xf32, \"enc\">"],
  ["tensor<4xf32, #foo.enc>", "tensor<4xf32, #foo.enc>"],
  ["memref<f32>", "memref<f32>"],
  ["memref<4x?xf32>", "memref<4x?xf32>"],
  ["memref<4x4xf32, strided<[4, 1]>>", "memref<4x4xf32, strided<[4, 1]>>"],
  ["memref<4x4xf32, strided<[1, 4], offset: ?>>", "memref<4x4xf32, strided<[1, 4], offset: ?>>"],
  ["memref<4x4xf32, strided<[?, ?], offset: 5>>", "memref<4x4xf32, strided<[?, ?], offset: 5>>"],
  ["memref<4xf32, 3>", "memref<4xf32, 3>"],
  ["memref<4xf32, strided<[2]>, 3>", "memref<4xf32, strided<[2]>, 3>"],
  ["memref<4xf32, \"gpu\">", "memref<4xf32, \"gpu\">"],
  ["memref<*xf32>", "memref<*xf32>"],
  ["memref<*xf32, 1>", "memref<*xf32, 1>"],
  ["memref<?xvector<4xf32>>", "memref<?xvector<4xf32>>"],
  ["memref<2xmemref<3xi8>>", "memref<2xmemref<3xi8>>"],
  ["!foo.foo", "!foo.foo"],
  ["!foo.foo<1, \"x\">", "!foo.foo<1, \"x\">"],
  ["!foo<\"a b\">", "!foo<\"a b\">"],
  ["tensor<2x!foo.t<3>>", "tensor<2x!foo.t<3>>"],];

function parseType(ctx: Context, text: string): Type {
  const m = parseSourceString(ctx, `"test.op"() {t = ${text}} : () -> ()`, 'types.mlir');
  expect(ctx.diagnostics.unhandled.map((d) => d.message)).toEqual([]);
  const a = m!.regions[0]!.firstBlock!.firstOp!.getAttr('t');
  expect(a).toBeInstanceOf(TypeAttr);
  return (a as TypeAttr).value;
}

/** The first error message of parsing `text` as a type (in the type of an op result). */
function typeError(text: string): string | undefined {
  const ctx = new Context({ allowUnregisteredDialects: true });
  const m = parseSourceString(ctx, `%0 = "test.op"() : () -> ${text}`, 'bad.mlir');
  expect(m).toBeUndefined();
  return ctx.diagnostics.unhandled.find((d) => d.severity === 'error')?.message;
}

describe('types print as mlir-opt-22 prints them', () => {
  it.each(MLIR_OPT_22_TYPES)('%s', (text, expected) => {
    const ctx = new Context({ allowUnregisteredDialects: true });
    const t = parseType(ctx, text);
    expect(t.toString()).toBe(expected);
    expect(parseType(ctx, expected)).toBe(t);
    // And in the position of an op result type, in both forms.
    // (A function type as the single result is parenthesized.)
    const written = text.startsWith('(') ? `(${text})` : text;
    const m = parseSourceString(ctx, `%0 = "test.op"() : () -> ${written}`, 'r.mlir')!;
    expect(m.regions[0]!.firstBlock!.firstOp!.result.type).toBe(t);
    const fnResult = t instanceof FunctionType ? `(${expected})` : expected;
    expect(AsmPrinter.print(m, { generic: true })).toContain(`"test.op"() : () -> ${fnResult}\n`);
  });
});

describe('types built through the API', () => {
  const ctx = new Context();
  const i32 = IntegerType.get(ctx, 32);
  const f32 = FloatType.get(ctx, 'f32');

  it('print their textual form', () => {
    expect(IntegerType.get(ctx, 32, 'signed').toString()).toBe('si32');
    expect(IntegerType.get(ctx, 8, 'unsigned').toString()).toBe('ui8');
    expect(IndexType.get(ctx).toString()).toBe('index');
    expect(NoneType.get(ctx).toString()).toBe('none');
    expect(FunctionType.get(ctx, [i32, f32], [i32]).toString()).toBe('(i32, f32) -> i32');
    expect(FunctionType.get(ctx, [], []).toString()).toBe('() -> ()');
    // A single function-typed result needs parentheses, or `() -> () -> i32` would be ambiguous.
    expect(FunctionType.get(ctx, [], [FunctionType.get(ctx, [], [i32])]).toString()).toBe('() -> (() -> i32)');
    expect(TupleType.get(ctx, []).toString()).toBe('tuple<>');
    expect(ComplexType.get(ctx, f32).toString()).toBe('complex<f32>');
    expect(VectorType.get(ctx, [2, 4], f32, [false, true]).toString()).toBe('vector<2x[4]xf32>');
    expect(VectorType.get(ctx, [], f32).toString()).toBe('vector<f32>');
    expect(RankedTensorType.get(ctx, [DYNAMIC, 3], f32).toString()).toBe('tensor<?x3xf32>');
    expect(RankedTensorType.get(ctx, [2], f32, StringAttr.get(ctx, 'e')).toString()).toBe('tensor<2xf32, "e">');
    expect(UnrankedTensorType.get(ctx, i32).toString()).toBe('tensor<*xi32>');
    const layout = StridedLayoutAttr.get(ctx, [1, DYNAMIC], DYNAMIC);
    expect(MemRefType.get(ctx, [4, DYNAMIC], f32, layout, IntegerAttr.get(ctx, IntegerType.get(ctx, 64), 3)).toString()).toBe(
      'memref<4x?xf32, strided<[1, ?], offset: ?>, 3>',
    );
    // A memory space that is not an i64 keeps its type.
    expect(MemRefType.get(ctx, [4], f32, undefined, IntegerAttr.get(ctx, i32, 3)).toString()).toBe('memref<4xf32, 3 : i32>');
    expect(UnrankedMemRefType.get(ctx, f32, StringAttr.get(ctx, 'gpu')).toString()).toBe('memref<*xf32, "gpu">');
    expect(OpaqueType.get(ctx, 'foo', 'bar<1>').toString()).toBe('!foo.bar<1>');
    expect(OpaqueType.get(ctx, 'foo', 'a b').toString()).toBe('!foo<a b>');
    expect(OpaqueType.get(ctx, 'foo', '"a b"').toString()).toBe('!foo<"a b">');
  });

  it('answer shape queries', () => {
    const t = RankedTensorType.get(ctx, [2, 3, 4], f32);
    expect(t.rank).toBe(3);
    expect(t.hasStaticShape).toBe(true);
    expect(t.numElements).toBe(24);
    const dyn = RankedTensorType.get(ctx, [2, DYNAMIC], f32);
    expect(dyn.hasStaticShape).toBe(false);
    expect(() => dyn.numElements).toThrow('numElements of a dynamically shaped type');
    const unranked = UnrankedTensorType.get(ctx, f32);
    expect(unranked.rank).toBeUndefined();
    expect(unranked.hasStaticShape).toBe(false);
    expect(RankedTensorType.get(ctx, [], f32).numElements).toBe(1);
    expect(RankedTensorType.get(ctx, [0, 5], f32).numElements).toBe(0);
    expect(FloatType.get(ctx, 'tf32').width).toBe(19);
    expect(FloatType.get(ctx, 'bf16').width).toBe(16);
  });

  it('computes identity strides of memrefs (row-major, dynamic after a dynamic size)', () => {
    expect(MemRefType.get(ctx, [5, 6, 7], f32).getStridesAndOffset()).toEqual({ strides: [42, 7, 1], offset: 0 });
    expect(MemRefType.get(ctx, [DYNAMIC, 6, 7], f32).getStridesAndOffset()).toEqual({ strides: [42, 7, 1], offset: 0 });
    expect(MemRefType.get(ctx, [5, DYNAMIC, 7], f32).getStridesAndOffset()).toEqual({ strides: [DYNAMIC, 7, 1], offset: 0 });
    expect(MemRefType.get(ctx, [], f32).getStridesAndOffset()).toEqual({ strides: [], offset: 0 });
    const layout = StridedLayoutAttr.get(ctx, [1, 5], 3);
    const m = MemRefType.get(ctx, [5, 6], f32, layout);
    const so = m.getStridesAndOffset();
    expect(so).toEqual({ strides: [1, 5], offset: 3 });
    so.strides.push(9); // a copy: the layout is not changed
    expect(layout.strides).toEqual([1, 5]);
  });

  it('copies the arrays it is given', () => {
    const shape = [2, 3];
    const t = RankedTensorType.get(ctx, shape, f32);
    shape[0] = 7;
    expect(t.shape).toEqual([2, 3]);
    expect(RankedTensorType.get(ctx, [2, 3], f32)).toBe(t);
    const inputs: Type[] = [i32];
    const fn = FunctionType.get(ctx, inputs, []);
    inputs.push(f32);
    expect(fn.inputs).toEqual([i32]);
  });
});

describe('invalid types are diagnosed', () => {
  it.each([
    ['vector<0xf32>', 'vector types must have positive constant sizes but got 0'],
    ['vector<?xf32>', 'expected non-function type'],
    ['vector<4xtensor<f32>>', "failed to verify 'elementType': VectorElementTypeInterface instance"],
    ['tensor<4xnone>', 'invalid tensor element type'],
    ['memref<4x(i32) -> i32>', 'invalid memref element type'],
    ['complex<index>', 'invalid element type for complex'],
    ['memref<4x4xf32, strided<[1]>>', 'expected the number of strides to match the rank'],
    ['memref<4xf32, [1]>', 'unsupported memory space Attribute'],
    ['i16777216', 'integer bitwidth is limited to 16777215 bits'],
    ['tensor<4x4>', "expected 'x' in dimension list"],
    ['tensor<4xf32', "expected '>' in tensor type"],
    ['!foo.bar<1', "unbalanced '<' character in pretty dialect name"],
    ['!undefined_alias', "undefined symbol alias id 'undefined_alias'"],
    ['vector<4x[?]xf32>', 'invalid dimension'],
    ['vector<4x[f32]>', 'invalid dimension'],
    ['tensor<99999999999999999999xf32>', 'invalid dimension'],
  ])('%s: %s', (text, message) => {
    expect(typeError(text)).toBe(message);
  });

  it('rejects types of unregistered dialects unless allowed', () => {
    const ctx = new Context();
    expect(parseSourceString(ctx, `"builtin.unrealized_conversion_cast"() : () -> !foo.bar`, 'x.mlir')).toBeUndefined();
    expect(ctx.diagnostics.unhandled[0]!.message).toBe(
      "dialect 'foo' is not registered; use --allow-unregistered-dialect to allow its types",
    );
  });
});
