import { describe, expect, it } from 'vitest';
import {
  ArrayAttr,
  ComplexType,
  Context,
  DenseArrayAttr,
  DenseElementsAttr,
  DictionaryAttr,
  DYNAMIC,
  FileLineColLoc,
  FloatAttr,
  FloatType,
  FunctionType,
  IndexType,
  IntegerAttr,
  IntegerType,
  LocationAttr,
  MemRefType,
  NameLoc,
  NoneType,
  OpaqueAttr,
  OpaqueType,
  RankedTensorType,
  StridedLayoutAttr,
  StringAttr,
  SymbolRefAttr,
  TupleType,
  TypeAttr,
  UnitAttr,
  UnrankedMemRefType,
  UnrankedTensorType,
  VectorType,
  parseSourceString,
  type Attribute,
  type Type,
} from '../src/index.js';

/** The attribute `a` of the single op of `"test.op"() {a = <text>} : () -> ()`. */
function attr(ctx: Context, text: string): Attribute {
  const m = parseSourceString(ctx, `"test.op"() {a = ${text}} : () -> ()`, 'interning.mlir');
  expect(ctx.diagnostics.unhandled.map((d) => d.message)).toEqual([]);
  return m!.regions[0]!.firstBlock!.firstOp!.getAttr('a')!;
}

/** Every pair of distinct entries must be different objects; each entry rebuilt must be the same object. */
function expectAllDistinct(make: Array<() => Type | Attribute>): void {
  const first = make.map((f) => f());
  const again = make.map((f) => f());
  first.forEach((x, i) => expect(again[i], `entry ${i} (${x}) rebuilt`).toBe(x));
  for (let i = 0; i < first.length; i++) {
    for (let j = i + 1; j < first.length; j++) {
      expect(first[i] === first[j], `entries ${i} (${first[i]}) and ${j} (${first[j]})`).toBe(false);
    }
  }
  expect(new Set(first.map((x) => x.id)).size).toBe(first.length);
}

describe('types are interned', () => {
  const ctx = new Context({ allowUnregisteredDialects: true });
  const i32 = (): Type => IntegerType.get(ctx, 32);
  const f32 = (): Type => FloatType.get(ctx, 'f32');

  it('structurally equal types built through the API are identical', () => {
    expect(IntegerType.get(ctx, 32)).toBe(IntegerType.get(ctx, 32, 'signless'));
    expect(FunctionType.get(ctx, [i32(), f32()], [i32()])).toBe(FunctionType.get(ctx, [i32(), f32()], [i32()]));
    expect(MemRefType.get(ctx, [4, DYNAMIC], f32(), StridedLayoutAttr.get(ctx, [1, 4], DYNAMIC))).toBe(
      MemRefType.get(ctx, [4, DYNAMIC], f32(), StridedLayoutAttr.get(ctx, [1, 4], DYNAMIC)),
    );
    expect(VectorType.get(ctx, [4], f32())).toBe(VectorType.get(ctx, [4], f32(), [false]));
  });

  it('types that differ in any parameter are different', () => {
    const strided = (s: number[], o = 0): StridedLayoutAttr => StridedLayoutAttr.get(ctx, s, o);
    const i64attr = (v: number): Attribute => IntegerAttr.get(ctx, IntegerType.get(ctx, 64), v);
    expectAllDistinct([
      () => IntegerType.get(ctx, 32),
      () => IntegerType.get(ctx, 32, 'signed'),
      () => IntegerType.get(ctx, 32, 'unsigned'),
      () => IntegerType.get(ctx, 3),
      () => IntegerType.get(ctx, 33),
      () => IntegerType.get(ctx, 1),
      () => IndexType.get(ctx),
      () => NoneType.get(ctx),
      () => FloatType.get(ctx, 'f16'),
      () => FloatType.get(ctx, 'bf16'),
      () => FloatType.get(ctx, 'tf32'),
      () => FloatType.get(ctx, 'f32'),
      () => FloatType.get(ctx, 'f64'),
      () => ComplexType.get(ctx, f32()),
      () => ComplexType.get(ctx, i32()),
      () => TupleType.get(ctx, []),
      () => TupleType.get(ctx, [i32()]),
      () => TupleType.get(ctx, [TupleType.get(ctx, [])]),
      () => TupleType.get(ctx, [i32(), i32()]),
      () => FunctionType.get(ctx, [], []),
      () => FunctionType.get(ctx, [i32()], []),
      () => FunctionType.get(ctx, [], [i32()]),
      () => FunctionType.get(ctx, [i32(), i32()], []),
      () => FunctionType.get(ctx, [i32()], [i32()]),
      () => VectorType.get(ctx, [4], f32()),
      () => VectorType.get(ctx, [4], f32(), [true]),
      () => VectorType.get(ctx, [], f32()),
      () => VectorType.get(ctx, [1, 2], f32()),
      () => VectorType.get(ctx, [12], f32()),
      () => VectorType.get(ctx, [2, 1], f32()),
      () => VectorType.get(ctx, [1, 2], f32(), [true, false]),
      () => VectorType.get(ctx, [1, 2], f32(), [false, true]),
      () => RankedTensorType.get(ctx, [], f32()),
      () => RankedTensorType.get(ctx, [0], f32()),
      () => RankedTensorType.get(ctx, [DYNAMIC], f32()),
      () => RankedTensorType.get(ctx, [4], f32()),
      () => RankedTensorType.get(ctx, [4], i32()),
      () => RankedTensorType.get(ctx, [4], f32(), StringAttr.get(ctx, 'enc')),
      () => RankedTensorType.get(ctx, [4], f32(), UnitAttr.get(ctx)),
      () => UnrankedTensorType.get(ctx, f32()),
      () => MemRefType.get(ctx, [4], f32()),
      () => MemRefType.get(ctx, [], f32()),
      () => MemRefType.get(ctx, [4, 4], f32()),
      () => MemRefType.get(ctx, [4, 4], f32(), strided([4, 1])), // the identity strides, written out: still different
      () => MemRefType.get(ctx, [4, 4], f32(), strided([1, 4])),
      () => MemRefType.get(ctx, [4, 4], f32(), strided([1, 4], 2)),
      () => MemRefType.get(ctx, [4, 4], f32(), strided([1, 4], DYNAMIC)),
      () => MemRefType.get(ctx, [4, 4], f32(), strided([DYNAMIC, 4])),
      () => MemRefType.get(ctx, [4], f32(), undefined, i64attr(3)),
      () => MemRefType.get(ctx, [4], f32(), undefined, i64attr(1)),
      () => MemRefType.get(ctx, [4], f32(), undefined, IntegerAttr.get(ctx, i32(), 3)),
      () => MemRefType.get(ctx, [4], f32(), strided([1]), i64attr(3)),
      () => UnrankedMemRefType.get(ctx, f32()),
      () => UnrankedMemRefType.get(ctx, f32(), i64attr(3)),
      () => OpaqueType.get(ctx, 'foo', 'bar'),
      () => OpaqueType.get(ctx, 'foo', 'bar<1>'),
      () => OpaqueType.get(ctx, 'foo', 'baz'),
      () => OpaqueType.get(ctx, 'fo', 'obar'),
    ]);
  });

  it('parsing gives the same objects as the API, across parses', () => {
    const t = (text: string): Type => {
      const m = parseSourceString(ctx, `%0 = "test.op"() : () -> ${text}`, 't.mlir')!;
      return m.regions[0]!.firstBlock!.firstOp!.result.type;
    };
    expect(t('si32')).toBe(IntegerType.get(ctx, 32, 'signed'));
    expect(t('ui32')).toBe(IntegerType.get(ctx, 32, 'unsigned'));
    expect(t('i32')).toBe(i32());
    expect(t('memref<4x?xf32, strided<[1, 4], offset: ?>, 3>')).toBe(
      MemRefType.get(ctx, [4, DYNAMIC], f32(), StridedLayoutAttr.get(ctx, [1, 4], DYNAMIC), IntegerAttr.get(ctx, IntegerType.get(ctx, 64), 3)),
    );
    expect(t('memref<4xf32, strided<[1], offset: 0>>')).toBe(t('memref<4xf32, strided<[1]>>'));
    expect(t('memref<4xf32, strided<[1]>>')).not.toBe(t('memref<4xf32>'));
    expect(t('vector<[4]xf32>')).toBe(VectorType.get(ctx, [4], f32(), [true]));
    expect(t('tuple<i32, (i32) -> f32>')).toBe(t('tuple<i32,(i32)->f32>'));
    expect(t('!foo.bar<1>')).toBe(OpaqueType.get(ctx, 'foo', 'bar<1>'));
  });

  it('contexts do not share instances', () => {
    const other = new Context();
    expect(IntegerType.get(other, 32)).not.toBe(IntegerType.get(ctx, 32));
    expect(IntegerType.get(other, 32).toString()).toBe('i32');
  });
});

describe('attributes are interned', () => {
  const ctx = new Context({ allowUnregisteredDialects: true });
  const i32 = IntegerType.get(ctx, 32);
  const i64 = IntegerType.get(ctx, 64);
  const f32 = FloatType.get(ctx, 'f32');
  const f64 = FloatType.get(ctx, 'f64');

  it('float bit patterns decide identity: -0.0, NaN payloads, types', () => {
    expectAllDistinct([
      () => FloatAttr.get(ctx, f32, 0),
      () => FloatAttr.get(ctx, f32, -0),
      () => FloatAttr.get(ctx, f32, NaN),
      () => FloatAttr.getFromBits(ctx, f32, 0x7fc00001n),
      () => FloatAttr.getFromBits(ctx, f32, 0xffc00000n),
      () => FloatAttr.getFromBits(ctx, f32, 0x7f800001n),
      () => FloatAttr.get(ctx, f32, Infinity),
      () => FloatAttr.get(ctx, f32, 1),
      () => FloatAttr.get(ctx, f64, 1),
      () => FloatAttr.get(ctx, FloatType.get(ctx, 'f16'), 1),
      () => FloatAttr.get(ctx, FloatType.get(ctx, 'bf16'), 1),
      () => IntegerAttr.get(ctx, i32, 1),
      () => IntegerAttr.get(ctx, i64, 1),
      () => IntegerAttr.get(ctx, IntegerType.get(ctx, 32, 'signed'), 1),
      () => IntegerAttr.get(ctx, IndexType.get(ctx), 1),
      () => IntegerAttr.getBool(ctx, true),
      () => StringAttr.get(ctx, '1'),
      () => StringAttr.get(ctx, '1', i32),
    ]);
    // Values that round to the same bits are the same attribute.
    expect(FloatAttr.get(ctx, f32, 0.1)).toBe(FloatAttr.get(ctx, f32, Math.fround(0.1)));
    expect(FloatAttr.get(ctx, f32, 0.1)).not.toBe(FloatAttr.get(ctx, f64, 0.1));
    expect(attr(ctx, '0.0 : f32')).toBe(FloatAttr.get(ctx, f32, 0));
    expect(attr(ctx, '-0.0 : f32')).toBe(FloatAttr.get(ctx, f32, -0));
    expect(attr(ctx, '0x7FC00001 : f32')).toBe(FloatAttr.getFromBits(ctx, f32, 0x7fc00001n));
    expect(attr(ctx, '0x7FC00000 : f32')).toBe(FloatAttr.get(ctx, f32, NaN));
    expect(attr(ctx, '1.0')).toBe(FloatAttr.get(ctx, f64, 1));
  });

  it('integers are identical after normalization to their type', () => {
    expect(IntegerAttr.get(ctx, IntegerType.get(ctx, 8), 255)).toBe(IntegerAttr.get(ctx, IntegerType.get(ctx, 8), -1n));
    expect(attr(ctx, '255 : i8')).toBe(attr(ctx, '-1 : i8'));
    expect(attr(ctx, '0xFF : i8')).toBe(attr(ctx, '-1 : i8'));
    expect(attr(ctx, '1')).toBe(IntegerAttr.get(ctx, i64, 1));
    expect(attr(ctx, 'true')).toBe(IntegerAttr.get(ctx, IntegerType.get(ctx, 1), 1));
  });

  it('dictionaries with the same entries in a different order are identical', () => {
    const one = IntegerAttr.get(ctx, i64, 1);
    const two = IntegerAttr.get(ctx, i64, 2);
    const d1 = DictionaryAttr.get(ctx, [
      { name: 'b', value: one },
      { name: 'a', value: two },
    ]);
    const d2 = DictionaryAttr.get(ctx, [
      { name: 'a', value: two },
      { name: 'b', value: one },
    ]);
    expect(d1).toBe(d2);
    expect(attr(ctx, '{b = 1, a = 2}')).toBe(d1);
    expect(attr(ctx, '{a = 2, b = 1}')).toBe(d1);
    expect(attr(ctx, '{"a" = 2, "b" = 1 : i64}')).toBe(d1);
    expectAllDistinct([
      () => d1,
      () => DictionaryAttr.get(ctx, [{ name: 'a', value: two }]),
      () => DictionaryAttr.get(ctx, [
        { name: 'a', value: one },
        { name: 'b', value: two },
      ]),
      () => DictionaryAttr.get(ctx, [
        { name: 'a', value: two },
        { name: 'b', value: IntegerAttr.get(ctx, i32, 1) },
      ]),
      () => DictionaryAttr.empty(ctx),
      // Names that contain the separators of a naive key.
      () => DictionaryAttr.get(ctx, [{ name: `a=${two.id},1:b`, value: one }]),
      () => DictionaryAttr.get(ctx, [{ name: 'a,b', value: one }]),
      () => DictionaryAttr.get(ctx, [
        { name: 'a', value: one },
        { name: 'b', value: one },
      ]),
      () => ArrayAttr.get(ctx, []),
      () => ArrayAttr.get(ctx, [d1]),
    ]);
  });

  it('arrays, symbol references and strings compare structurally', () => {
    expect(attr(ctx, '[1, [2, "x"]]')).toBe(
      ArrayAttr.get(ctx, [IntegerAttr.get(ctx, i64, 1), ArrayAttr.get(ctx, [IntegerAttr.get(ctx, i64, 2), StringAttr.get(ctx, 'x')])]),
    );
    expectAllDistinct([
      () => ArrayAttr.get(ctx, [IntegerAttr.get(ctx, i64, 1)]),
      () => ArrayAttr.get(ctx, [IntegerAttr.get(ctx, i32, 1)]),
      () => ArrayAttr.get(ctx, [ArrayAttr.get(ctx, [IntegerAttr.get(ctx, i64, 1)])]),
      () => ArrayAttr.get(ctx, [IntegerAttr.get(ctx, i64, 1), IntegerAttr.get(ctx, i64, 1)]),
      () => SymbolRefAttr.get(ctx, 'a', ['b']),
      () => SymbolRefAttr.get(ctx, 'a::@b'),
      () => SymbolRefAttr.get(ctx, 'a'),
      () => SymbolRefAttr.get(ctx, 'ab'),
      () => SymbolRefAttr.get(ctx, 'a', ['b', 'c']),
      () => SymbolRefAttr.get(ctx, 'a', ['bc']),
      () => StringAttr.get(ctx, 'a'),
      () => StringAttr.get(ctx, 'a', i32),
      () => StringAttr.get(ctx, 'a', i64),
      () => StringAttr.get(ctx, `${i32.id}:a`),
      () => StringAttr.get(ctx, ''),
      () => TypeAttr.get(ctx, i32),
      () => TypeAttr.get(ctx, i64),
      () => UnitAttr.get(ctx),
      () => OpaqueAttr.get(ctx, 'foo', 'bar'),
      () => OpaqueAttr.get(ctx, 'foo', 'bar<2>'),
    ]);
    expect(attr(ctx, '@a::@b')).toBe(SymbolRefAttr.get(ctx, 'a', ['b']));
    expect(attr(ctx, '@"a::@b"')).toBe(SymbolRefAttr.get(ctx, 'a::@b'));
    expect(StringAttr.get(ctx, 'a', NoneType.get(ctx))).toBe(StringAttr.get(ctx, 'a'));
  });

  it('dense attributes compare by element bits; a uniform list is the splat', () => {
    const t2 = RankedTensorType.get(ctx, [2], i32);
    const f2 = RankedTensorType.get(ctx, [2], f32);
    expect(attr(ctx, 'dense<[1, 1]> : tensor<2xi32>')).toBe(attr(ctx, 'dense<1> : tensor<2xi32>'));
    expect(DenseElementsAttr.get(ctx, t2, [1, 1])).toBe(DenseElementsAttr.get(ctx, t2, [1n]));
    expect(attr(ctx, 'dense<"0x0100000001000000"> : tensor<2xi32>')).toBe(DenseElementsAttr.get(ctx, t2, [1]));
    expectAllDistinct([
      () => DenseElementsAttr.get(ctx, t2, [1, 2]),
      () => DenseElementsAttr.get(ctx, t2, [2, 1]),
      () => DenseElementsAttr.get(ctx, t2, [1]),
      () => DenseElementsAttr.get(ctx, RankedTensorType.get(ctx, [1, 2], i32), [1, 2]),
      () => DenseElementsAttr.get(ctx, VectorType.get(ctx, [2], i32), [1, 2]),
      () => DenseElementsAttr.get(ctx, f2, [0]),
      () => DenseElementsAttr.get(ctx, f2, [-0]),
      () => DenseElementsAttr.get(ctx, f2, [0, -0]),
      () => DenseElementsAttr.get(ctx, f2, [NaN]),
      () => DenseArrayAttr.get(ctx, i32, [1, 2]),
      () => DenseArrayAttr.get(ctx, i64, [1, 2]),
      () => DenseArrayAttr.get(ctx, i32, []),
      () => DenseArrayAttr.get(ctx, i32, [12]),
      () => DenseArrayAttr.get(ctx, f32, [0]),
      () => DenseArrayAttr.get(ctx, f32, [-0]),
    ]);
    expect(DenseArrayAttr.get(ctx, f32, [0.1])).toBe(DenseArrayAttr.get(ctx, f32, [Math.fround(0.1)]));
  });

  it('location attributes compare structurally', () => {
    expect(LocationAttr.get(ctx, new FileLineColLoc('f', 1, 2))).toBe(LocationAttr.get(ctx, new FileLineColLoc('f', 1, 2)));
    expect(LocationAttr.get(ctx, new FileLineColLoc('f', 1, 2))).not.toBe(LocationAttr.get(ctx, new FileLineColLoc('f', 1, 3)));
    expect(LocationAttr.get(ctx, new NameLoc('f'))).not.toBe(LocationAttr.get(ctx, new FileLineColLoc('f', 1, 2)));
    expect(attr(ctx, 'loc("f":1:2)')).toBe(LocationAttr.get(ctx, new FileLineColLoc('f', 1, 2)));
  });

  it('types and attributes live in one table without clashing keys', () => {
    // Each kind of object gets its own id even where keys could look alike.
    const objs: (Type | Attribute)[] = [
      IntegerType.get(ctx, 5),
      IntegerAttr.get(ctx, IntegerType.get(ctx, 5), 5),
      IndexType.get(ctx),
      NoneType.get(ctx),
      UnitAttr.get(ctx),
      TypeAttr.get(ctx, IndexType.get(ctx)),
      OpaqueType.get(ctx, 'foo', 'x'),
      OpaqueAttr.get(ctx, 'foo', 'x'),
      FloatType.get(ctx, 'f32'),
      StringAttr.get(ctx, 'f32'),
    ];
    expect(new Set(objs).size).toBe(objs.length);
    expect(IntegerType.get(ctx, 5)).toBeInstanceOf(IntegerType);
    expect(OpaqueAttr.get(ctx, 'foo', 'x')).toBeInstanceOf(OpaqueAttr);
    expect(OpaqueType.get(ctx, 'foo', 'x')).toBeInstanceOf(OpaqueType);
  });
});
