import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  ArrayAttr,
  AsmPrinter,
  Block,
  Builder,
  CallSiteLoc,
  ComplexType,
  Context,
  DenseArrayAttr,
  DenseElementsAttr,
  DictionaryAttr,
  DYNAMIC,
  FileLineColLoc,
  FileLineColRange,
  FloatAttr,
  FloatType,
  FunctionType,
  fuseLocations,
  IndexType,
  IntegerAttr,
  IntegerType,
  LocationAttr,
  MemRefType,
  NameLoc,
  NoneType,
  OpaqueAttr,
  OpaqueType,
  Operation,
  RankedTensorType,
  StridedLayoutAttr,
  StringAttr,
  SymbolRefAttr,
  TupleType,
  TypeAttr,
  UnitAttr,
  UnknownLoc,
  UnrankedMemRefType,
  UnrankedTensorType,
  VectorType,
  parseSourceString,
  verify,
  type Attribute,
  type Diagnostic,
  type FloatKind,
  type Location,
  type PrintOptions,
  type Type,
  type Value,
} from '../src/index.js';

/*
 * Property tests of the IR core:
 *  1. random IR built through the Builder prints, parses back and prints to the same text (generic and custom
 *     form, with and without locations);
 *  2. random mutations of valid text, deep nesting and huge numbers end in success or in located diagnostics,
 *     never in an exception, through parse + verify + print.
 * Everything is built from descriptions drawn by fast-check and turned into IR of a fresh context per run.
 */

/** Multiplies the number of runs (e.g. TLIR_FC_SCALE=20 for a long search; failures print a seed to replay). */
const SCALE = Number(process.env.TLIR_FC_SCALE ?? 1);

// The test suite (and so CI) explores the same inputs every time: a red run is a change's fault, never luck.
// TLIR_FC_SEED=random (or a number) explores elsewhere; a failure prints the seed and path to replay it.
const seedSetting = process.env.TLIR_FC_SEED;
if (seedSetting !== 'random') fc.configureGlobal({ seed: seedSetting ? Number(seedSetting) : 20261120 });

/** Something that makes an IR object in a context (types and attributes are interned per context). */
type Make<T> = (ctx: Context) => T;

// ---- types ------------------------------------------------------------------------------------------------

/** The IEEE-like kinds (with infinities and NaN payloads), used for values everywhere. */
const IEEE_KINDS = ['f16', 'bf16', 'f32', 'tf32', 'f64'] as const;
type IeeeKind = (typeof IEEE_KINDS)[number];
/** The 8-, 6- and 4-bit kinds: types and scalar attributes (their bit patterns are checked in float-format.test.ts). */
const SMALL_KINDS: FloatKind[] = ['f8E5M2', 'f8E4M3', 'f8E4M3FN', 'f8E5M2FNUZ', 'f8E4M3FNUZ', 'f8E4M3B11FNUZ', 'f8E3M4', 'f8E8M0FNU', 'f6E2M3FN', 'f6E3M2FN', 'f4E2M1FN'];
const FLOAT_KINDS: IeeeKind[] = [...IEEE_KINDS];
const FLOAT_WIDTH: Record<IeeeKind, number> = { f16: 16, bf16: 16, f32: 32, tf32: 19, f64: 64 };
const MANT_BITS: Record<IeeeKind, number> = { f16: 10, bf16: 7, f32: 23, tf32: 10, f64: 52 };
const SMALL_WIDTH = (k: FloatKind): number => Number(/^f(\d)/.exec(k)![1]);

const intTypeArb: fc.Arbitrary<Make<IntegerType>> = fc.oneof(
  fc.record({ w: fc.constantFrom(1, 8, 16, 32, 64), s: fc.constantFrom('signless', 'signed', 'unsigned') as fc.Arbitrary<'signless' | 'signed' | 'unsigned'> }),
  fc.record({ w: fc.constantFrom(0, 2, 3, 7, 65, 128, 1000), s: fc.constant('signless' as const) }),
  fc.record({ w: fc.constantFrom(2, 3, 7, 65, 128), s: fc.constantFrom('signed', 'unsigned') as fc.Arbitrary<'signed' | 'unsigned'> }),
).map(({ w, s }) => (ctx: Context) => IntegerType.get(ctx, w, s));
const floatKindArb = fc.constantFrom(...FLOAT_KINDS);
const floatTypeArb: fc.Arbitrary<Make<FloatType>> = fc
  .oneof({ weight: 4, arbitrary: floatKindArb as fc.Arbitrary<FloatKind> }, { weight: 1, arbitrary: fc.constantFrom(...SMALL_KINDS) })
  .map((k) => (ctx: Context) => FloatType.get(ctx, k));
const indexTypeArb: fc.Arbitrary<Make<Type>> = fc.constant((ctx: Context) => IndexType.get(ctx));
/** Integer, index or float: what vectors and dense elements hold. */
const scalarTypeArb: fc.Arbitrary<Make<Type>> = fc.oneof(intTypeArb, floatTypeArb, indexTypeArb);

const opaqueDataArb = fc.constantFrom('bar', 'bar<1>', 'baz<"s", [2, 3]>', 'qux<(i32) -> f32>', 'x.y<{a = 1}>', 'v<<1>>');

const dimArb = fc.oneof({ weight: 4, arbitrary: fc.integer({ min: 0, max: 4 }) }, { weight: 1, arbitrary: fc.constant(DYNAMIC) });
const staticDimArb = fc.integer({ min: 1, max: 3 });

/** Memory spaces MLIR accepts: integers and strings (an integer 0 is the default space, left out). */
const memorySpaceArb: fc.Arbitrary<Make<Attribute>> = fc.oneof(
  fc.integer({ min: 1, max: 5 }).map((v) => (ctx: Context) => IntegerAttr.get(ctx, IntegerType.get(ctx, 64), v)),
  fc.integer({ min: 0, max: 5 }).map((v) => (ctx: Context) => IntegerAttr.get(ctx, IntegerType.get(ctx, 32), v)),
  fc.constantFrom('gpu', 'a b').map((s) => (ctx: Context) => StringAttr.get(ctx, s)),
);

const simpleAttrArb: fc.Arbitrary<Make<Attribute>> = fc.oneof(
  fc.integer({ min: -5, max: 5 }).map((v) => (ctx: Context) => IntegerAttr.get(ctx, IntegerType.get(ctx, 64), v)),
  fc.integer({ min: 0, max: 5 }).map((v) => (ctx: Context) => IntegerAttr.get(ctx, IntegerType.get(ctx, 32), v)),
  fc.constantFrom('gpu', 'enc', 'a b').map((s) => (ctx: Context) => StringAttr.get(ctx, s)),
  fc.constant((ctx: Context) => OpaqueAttr.get(ctx, 'foo', 'enc<1>')),
);

const { type: typeArb } = fc.letrec<{ type: Make<Type>; element: Make<Type>; memrefElement: Make<Type> }>((tie) => ({
  type: fc.oneof(
    { depthSize: 'small', withCrossShrink: true, maxDepth: 3, depthIdentifier: 'type' },
    { weight: 6, arbitrary: scalarTypeArb },
    { weight: 1, arbitrary: fc.constant((ctx: Context) => NoneType.get(ctx)) },
    {
      weight: 1,
      arbitrary: fc.oneof(intTypeArb, floatTypeArb).map((e) => (ctx: Context) => ComplexType.get(ctx, e(ctx))),
    },
    { weight: 1, arbitrary: fc.array(tie('type'), { maxLength: 3 }).map((ts) => (ctx: Context) => TupleType.get(ctx, ts.map((t) => t(ctx)))) },
    {
      weight: 1,
      arbitrary: fc
        .tuple(fc.array(tie('type'), { maxLength: 2 }), fc.array(tie('type'), { maxLength: 2 }))
        .map(([ins, outs]) => (ctx: Context) => FunctionType.get(ctx, ins.map((t) => t(ctx)), outs.map((t) => t(ctx)))),
    },
    {
      weight: 2,
      arbitrary: fc
        .tuple(fc.array(fc.tuple(staticDimArb, fc.boolean()), { maxLength: 3 }), scalarTypeArb)
        .map(([dims, e]) => (ctx: Context) => VectorType.get(ctx, dims.map((d) => d[0]), e(ctx), dims.map((d) => d[1]))),
    },
    {
      weight: 2,
      arbitrary: fc
        .tuple(fc.array(dimArb, { maxLength: 3 }), tie('element'), fc.option(simpleAttrArb, { nil: undefined }))
        .map(([shape, e, enc]) => (ctx: Context) => RankedTensorType.get(ctx, shape, e(ctx), enc?.(ctx))),
    },
    { weight: 1, arbitrary: tie('element').map((e) => (ctx: Context) => UnrankedTensorType.get(ctx, e(ctx))) },
    {
      weight: 2,
      arbitrary: fc
        .tuple(
          fc.array(dimArb, { maxLength: 3 }),
          tie('memrefElement'),
          fc.boolean(),
          fc.array(fc.oneof(fc.integer({ min: -3, max: 40 }).filter((s) => s !== 0), fc.constant(DYNAMIC)), { minLength: 3, maxLength: 3 }),
          fc.oneof(fc.nat(9), fc.constant(DYNAMIC)),
          fc.option(memorySpaceArb, { nil: undefined }),
        )
        .map(([shape, e, strided, strides, offset, space]) => (ctx: Context) => {
          const layout = strided ? StridedLayoutAttr.get(ctx, strides.slice(0, shape.length), offset) : undefined;
          return MemRefType.get(ctx, shape, e(ctx), layout, space?.(ctx));
        }),
    },
    {
      weight: 1,
      arbitrary: fc
        .tuple(tie('memrefElement'), fc.option(memorySpaceArb, { nil: undefined }))
        .map(([e, space]) => (ctx: Context) => UnrankedMemRefType.get(ctx, e(ctx), space?.(ctx))),
    },
    { weight: 1, arbitrary: opaqueDataArb.map((d) => (ctx: Context) => OpaqueType.get(ctx, 'foo', d)) },
  ),
  // Element types of tensors (as MLIR's TensorType::isValidElementType).
  element: fc.oneof(
    { depthSize: 'small', maxDepth: 3, depthIdentifier: 'type' },
    { weight: 5, arbitrary: scalarTypeArb },
    { weight: 1, arbitrary: floatTypeArb.map((e) => (ctx: Context) => ComplexType.get(ctx, e(ctx))) },
    {
      weight: 1,
      arbitrary: fc.tuple(staticDimArb, scalarTypeArb).map(([d, e]) => (ctx: Context) => VectorType.get(ctx, [d], e(ctx))),
    },
    { weight: 1, arbitrary: opaqueDataArb.map((d) => (ctx: Context) => OpaqueType.get(ctx, 'foo', d)) },
  ),
  // Element types of memrefs (as MLIR's BaseMemRefType::isValidElementType).
  memrefElement: fc.oneof(
    { depthSize: 'small', maxDepth: 3, depthIdentifier: 'type' },
    { weight: 5, arbitrary: scalarTypeArb },
    { weight: 1, arbitrary: intTypeArb.map((e) => (ctx: Context) => ComplexType.get(ctx, e(ctx))) },
    {
      weight: 1,
      arbitrary: fc.tuple(staticDimArb, scalarTypeArb).map(([d, e]) => (ctx: Context) => VectorType.get(ctx, [d], e(ctx))),
    },
    { weight: 1, arbitrary: fc.array(dimArb, { maxLength: 2 }).chain((shape) => tie('memrefElement').map((e) => (ctx: Context) => MemRefType.get(ctx, shape, e(ctx)))) },
  ),
}));

// ---- locations --------------------------------------------------------------------------------------------

const fileArb = fc.constantFrom('a.mlir', 'dir/b.c', 'with space.py', 'q"uote\\.tl', 'ünï.mlir', '');
// A point `"":line:col` reads back as the file `-` (as mlir-opt 22 reads it), so points get a name; ranges keep ''.
const pointFileArb = fileArb.filter((f) => f !== '');
const lineColArb = fc.nat(200);

const { loc: locArb } = fc.letrec<{ loc: Make<Location>; known: Make<Location> }>((tie) => ({
  loc: fc.oneof({ depthSize: 'small', maxDepth: 3, depthIdentifier: 'loc' }, { weight: 1, arbitrary: fc.constant((_: Context) => UnknownLoc.instance as Location) }, { weight: 5, arbitrary: tie('known') }),
  known: fc.oneof(
    { depthSize: 'small', maxDepth: 3, depthIdentifier: 'loc' },
    {
      weight: 4,
      arbitrary: fc.tuple(pointFileArb, lineColArb, lineColArb).map(([f, l, c]) => (_: Context) => new FileLineColLoc(f, l, c) as Location),
    },
    {
      weight: 1,
      arbitrary: fc
        .tuple(fileArb, lineColArb, lineColArb, fc.option(lineColArb, { nil: undefined }), lineColArb)
        // (A range of one position prints as a point: with no file name, not one that reads back the same.)
        .map(([f, l, c, l2, c2]) => (_: Context) => new FileLineColRange(f, l, c, l2 ?? l, f === '' && (l2 ?? l) === l && c2 === c ? c2 + 1 : c2) as Location),
    },
    {
      weight: 2,
      arbitrary: fc
        .tuple(fc.string({ maxLength: 6 }), fc.option(tie('loc'), { nil: undefined }))
        .map(([n, child]) => (ctx: Context) => new NameLoc(n, child?.(ctx)) as Location),
    },
    { weight: 1, arbitrary: fc.tuple(tie('loc'), tie('loc')).map(([a, b]) => (ctx: Context) => new CallSiteLoc(a(ctx), b(ctx)) as Location) },
    {
      weight: 1,
      arbitrary: fc
        .tuple(fc.array(tie('known'), { minLength: 2, maxLength: 3 }), fc.option(simpleAttrArb, { nil: undefined }))
        // Built as MLIR's FusedLoc::get builds them (which is what the parser gives back).
        .map(([ls, meta]) => (ctx: Context): Location => fuseLocations(ls.map((x) => x(ctx)), meta?.(ctx))),
    },
  ),
}));

// ---- attributes -------------------------------------------------------------------------------------------

/** Bits of a float of `kind`; NaNs are made quiet (signaling NaNs in dense data are a known bug, see attributes.test.ts). */
function floatBitsArb(kind: IeeeKind): fc.Arbitrary<bigint> {
  const w = FLOAT_WIDTH[kind];
  const m = MANT_BITS[kind];
  const special = [0n, 1n << BigInt(w - 1), ((1n << BigInt(w - 1 - m)) - 1n) << BigInt(m)]; // 0, -0, +inf
  return fc.oneof(fc.bigInt({ min: 0n, max: (1n << BigInt(w)) - 1n }), fc.constantFrom(...special));
}
function quietNaN(kind: IeeeKind, bits: bigint): bigint {
  const m = BigInt(MANT_BITS[kind]);
  const w = BigInt(FLOAT_WIDTH[kind]);
  const expAll = ((1n << (w - 1n - m)) - 1n) << m;
  const isNaN = (bits & expAll) === expAll && (bits & ((1n << m) - 1n)) !== 0n;
  return isNaN ? bits | (1n << (m - 1n)) : bits;
}
const smallFloatAttrArb: fc.Arbitrary<Make<Attribute>> = fc
  .constantFrom(...SMALL_KINDS)
  .chain((k) => fc.bigInt({ min: 0n, max: (1n << BigInt(SMALL_WIDTH(k))) - 1n }).map((bits) => (ctx: Context) => FloatAttr.getFromBits(ctx, FloatType.get(ctx, k), bits)));
const ieeeFloatAttrArb: fc.Arbitrary<Make<Attribute>> = floatKindArb.chain((k) =>
  fc.oneof(
    floatBitsArb(k).map((bits) => (ctx: Context) => FloatAttr.getFromBits(ctx, FloatType.get(ctx, k), bits)),
    fc.double().map((v) => (ctx: Context) => FloatAttr.get(ctx, FloatType.get(ctx, k), v)),
    fc.constantFrom(0.1, 1, 100, 1e-7, 65504, 3.4028234663852886e38, 1e300, 0.5).map((v) => (ctx: Context) => FloatAttr.get(ctx, FloatType.get(ctx, k), v)),
  ),
);

/** A value of a float kind, as a JS number (NaNs quiet, see quietNaN). */
function floatValueArb(kind: FloatKind): fc.Arbitrary<number> {
  const c = new Context();
  const t = FloatType.get(c, kind);
  if ((IEEE_KINDS as readonly string[]).includes(kind)) {
    const k = kind as IeeeKind;
    return floatBitsArb(k).map((bits) => FloatAttr.getFromBits(c, t, quietNaN(k, bits)).value);
  }
  return fc.bigInt({ min: 0n, max: (1n << BigInt(SMALL_WIDTH(kind))) - 1n }).map((bits) => FloatAttr.getFromBits(c, t, bits).value);
}

const floatAttrArb: fc.Arbitrary<Make<Attribute>> = fc.oneof({ weight: 4, arbitrary: ieeeFloatAttrArb }, { weight: 1, arbitrary: smallFloatAttrArb });

const intAttrArb: fc.Arbitrary<Make<Attribute>> = fc
  .tuple(fc.oneof(intTypeArb as fc.Arbitrary<Make<Type>>, indexTypeArb), fc.oneof(fc.bigInt({ min: -(1n << 130n), max: 1n << 130n }), fc.integer({ min: -3, max: 3 }).map(BigInt)))
  .map(([t, v]) => (ctx: Context) => IntegerAttr.get(ctx, t(ctx), v));

const attrNameArb = fc.oneof(
  fc.constantFrom('a', 'b', 'value', 'x.y', 'with space', 'é', '0', 'a-b', '$'),
  fc.string({ minLength: 1, maxLength: 5 }),
).filter((n) => n !== 'sym_name');
const symNameArb = fc.oneof(fc.constantFrom('f', 'main', 'a.b', 'sp ace', '"q"'), fc.string({ minLength: 1, maxLength: 4 }));

/** Dense elements: a static tensor or vector type of int/index/float, and matching values (or a splat). */
const denseAttrArb: fc.Arbitrary<Make<Attribute>> = fc
  .tuple(fc.boolean(), fc.array(fc.integer({ min: 0, max: 3 }), { maxLength: 2 }), fc.oneof(intTypeArb as fc.Arbitrary<Make<Type>>, floatTypeArb, indexTypeArb))
  .chain(([isVector, shape0, elem]) => {
    const shape = isVector ? shape0.map((d) => Math.max(1, d)) : shape0;
    const n = shape.reduce((a, b) => a * b, 1);
    const probe = elem(new Context());
    const valueArb: fc.Arbitrary<bigint | number> =
      probe instanceof FloatType
        ? floatValueArb(probe.kind)
        : fc.oneof(fc.bigInt({ min: -(1n << 70n), max: 1n << 70n }), fc.integer({ min: -2, max: 2 }).map(BigInt));
    return fc
      .oneof(fc.array(valueArb, { minLength: n, maxLength: n }), valueArb.map((v) => [v]))
      .map((values) => (ctx: Context) => {
        const e = elem(ctx);
        const t = isVector ? VectorType.get(ctx, shape, e) : RankedTensorType.get(ctx, shape, e);
        return DenseElementsAttr.get(ctx, t, n === 0 ? [] : values);
      });
  });

const denseArrayAttrArb: fc.Arbitrary<Make<Attribute>> = fc
  .constantFrom('i1', 'i8', 'i16', 'i32', 'i64', 'f16', 'bf16', 'f32', 'f64', 'f8E4M3FN', 'f8E5M2')
  .chain((name) => {
    const isFloat = name.startsWith('f') || name === 'bf16';
    const valueArb: fc.Arbitrary<bigint | number> = isFloat ? floatValueArb(name as FloatKind) : fc.bigInt({ min: -(1n << 64n), max: 1n << 64n });
    return fc.array(valueArb, { maxLength: 4 }).map((vs) => (ctx: Context) => {
      const et = isFloat ? FloatType.get(ctx, name as FloatKind) : IntegerType.get(ctx, Number(name.slice(1)));
      return DenseArrayAttr.get(ctx, et, vs);
    });
  });

function makeAttrArb(withLocations: boolean): fc.Arbitrary<Make<Attribute>> {
  return fc.letrec<{ attr: Make<Attribute> }>((tie) => ({
  attr: fc.oneof(
    { depthSize: 'small', withCrossShrink: true, maxDepth: 3, depthIdentifier: 'attr' },
    { weight: 4, arbitrary: intAttrArb },
    { weight: 3, arbitrary: floatAttrArb },
    {
      weight: 3,
      arbitrary: fc
        .tuple(fc.string({ unit: 'binary', maxLength: 8 }), fc.option(typeArb, { nil: undefined }))
        .map(([s, t]) => (ctx: Context) => StringAttr.get(ctx, s, t?.(ctx))),
    },
    { weight: 1, arbitrary: fc.constant((ctx: Context) => UnitAttr.get(ctx) as Attribute) },
    { weight: 1, arbitrary: fc.boolean().map((b) => (ctx: Context) => IntegerAttr.getBool(ctx, b) as Attribute) },
    { weight: 2, arbitrary: typeArb.map((t) => (ctx: Context) => TypeAttr.get(ctx, t(ctx)) as Attribute) },
    { weight: 2, arbitrary: fc.array(tie('attr'), { maxLength: 3 }).map((es) => (ctx: Context) => ArrayAttr.get(ctx, es.map((e) => e(ctx))) as Attribute) },
    {
      weight: 2,
      arbitrary: fc
        .uniqueArray(fc.tuple(attrNameArb, tie('attr')), { maxLength: 3, selector: (e) => e[0] })
        .map((es) => (ctx: Context) => DictionaryAttr.get(ctx, es.map(([name, v]) => ({ name, value: v(ctx) }))) as Attribute),
    },
    {
      weight: 1,
      arbitrary: fc.tuple(symNameArb, fc.array(symNameArb, { maxLength: 2 })).map(([r, n]) => (ctx: Context) => SymbolRefAttr.get(ctx, r, n) as Attribute),
    },
    { weight: 2, arbitrary: denseArrayAttrArb },
    { weight: 2, arbitrary: denseAttrArb },
    {
      weight: 1,
      arbitrary: fc
        .tuple(fc.array(fc.oneof(fc.integer({ min: -9, max: 9 }).filter((s) => s !== 0), fc.constant(DYNAMIC)), { maxLength: 3 }), fc.oneof(fc.nat(9), fc.constant(DYNAMIC)))
        .map(([s, o]) => (ctx: Context) => StridedLayoutAttr.get(ctx, s, o) as Attribute),
    },
    { weight: 1, arbitrary: opaqueDataArb.map((d) => (ctx: Context) => OpaqueAttr.get(ctx, 'foo', d) as Attribute) },
    { weight: withLocations ? 1 : 0, arbitrary: locArb.map((l) => (ctx: Context) => LocationAttr.get(ctx, l(ctx)) as Attribute) },
  ),
  })).attr;
}
const attrArb = makeAttrArb(true);
/**
 * Properties of unregistered ops hold no location attributes: with --mlir-print-debuginfo, mlir-opt (and tlir,
 * which prints the same aliases) writes a location used there and as an op location as an alias defined after
 * the module, which neither can parse back (`<{a = #loc1}>`: "undefined symbol alias id 'loc1'").
 */
const propertiesAttrArb = makeAttrArb(false);

// ---- operations -------------------------------------------------------------------------------------------

interface OpDesc {
  kind: 'generic' | 'cast' | 'module';
  name: number;
  /** Operand choices: indices (mod the number of visible values). */
  operands: number[];
  results: Make<Type>[];
  attrs: [string, Make<Attribute>][];
  props: Make<Attribute> | undefined;
  regions: RegionDesc[];
  /** Successor choices for a terminator of a block in a multi-block region. */
  successors: number[];
  /** Extra operands of a top-level op: any top-level value, also later ones (the module body is a graph region). */
  graphOperands: number[];
  loc: Make<Location>;
}
interface BlockDesc {
  args: [Make<Type>, Make<Location>][];
  ops: OpDesc[];
}
interface RegionDesc {
  blocks: BlockDesc[];
}

const { op: opArb } = fc.letrec<{ op: OpDesc; region: RegionDesc; block: BlockDesc }>((tie) => ({
  op: fc.record({
    kind: fc.constantFrom('generic', 'generic', 'generic', 'generic', 'cast', 'module') as fc.Arbitrary<OpDesc['kind']>,
    name: fc.nat(5),
    operands: fc.array(fc.nat(), { maxLength: 3 }),
    results: fc.array(typeArb, { maxLength: 3 }),
    attrs: fc.uniqueArray(fc.tuple(attrNameArb, attrArb), { maxLength: 2, selector: (e) => e[0] }),
    props: fc.option(propertiesAttrArb, { nil: undefined, freq: 4 }),
    regions: fc.oneof({ maxDepth: 3, depthIdentifier: 'ops' }, fc.constant([] as RegionDesc[]), fc.array(tie('region'), { maxLength: 2 })),
    successors: fc.array(fc.nat(), { maxLength: 2 }),
    graphOperands: fc.array(fc.nat(), { maxLength: 2 }),
    loc: locArb,
  }),
  region: fc.record({ blocks: fc.array(tie('block'), { maxLength: 3 }) }),
  block: fc.record({
    args: fc.array(fc.tuple(typeArb, locArb), { maxLength: 2 }),
    ops: fc.array(tie('op'), { maxLength: 3 }),
  }),
}));

const moduleArb = fc.record({ ops: fc.array(opArb, { minLength: 1, maxLength: 4 }), loc: locArb });

/** Builds the IR described by `desc` in a new context: every operand is a value that dominates its use. */
function buildModule(desc: { ops: OpDesc[]; loc: Make<Location> }): { ctx: Context; module: Operation } {
  const ctx = new Context({ allowUnregisteredDialects: true });
  const b = new Builder(ctx);
  const module = b.create({ name: 'builtin.module', regions: 1, loc: desc.loc(ctx) });
  const body = b.createBlock(module.regions[0]!);
  let moduleNames = 0;

  const buildOps = (ops: OpDesc[], block: Block, visible: Value[], terminatorTargets: Block[] | undefined): void => {
    ops.forEach((d, i) => {
      b.setInsertionPointToEnd(block);
      const isTerminator = terminatorTargets !== undefined && i === ops.length - 1;
      const pick = (n: number): Value | undefined => (visible.length ? visible[n % visible.length] : undefined);
      const operands = d.operands.map(pick).filter((v): v is Value => v !== undefined);
      const loc = d.loc(ctx);
      let op: Operation;
      if (d.kind === 'module' && !isTerminator) {
        // A nested module: isolated from above, one block without arguments, a unique name or none.
        const named = d.name % 2 === 0;
        op = b.create({
          name: 'builtin.module',
          regions: 1,
          properties: named ? DictionaryAttr.get(ctx, [{ name: 'sym_name', value: StringAttr.get(ctx, `m${moduleNames++}`) }]) : undefined,
          // (A module's attributes belong to some dialect: `test.`.)
          attributes: d.attrs.map(([name, a]) => ({ name: `test.${name}`, value: a(ctx) })),
          loc,
        });
        const inner = new Block();
        op.regions[0]!.pushBack(inner);
        buildOps(d.regions.flatMap((r) => r.blocks.flatMap((bl) => bl.ops)), inner, [], undefined);
      } else if (d.kind === 'cast' && !isTerminator) {
        // (A cast needs a result.)
        op = b.create({
          name: 'builtin.unrealized_conversion_cast',
          operands,
          resultTypes: d.results.length ? d.results.map((t) => t(ctx)) : [IndexType.get(ctx)],
          attributes: d.attrs.map(([name, a]) => ({ name, value: a(ctx) })),
          loc,
        });
      } else {
        const successors = isTerminator && terminatorTargets!.length ? d.successors.map((s) => terminatorTargets![s % terminatorTargets!.length]!) : [];
        op = b.create({
          name: `test.op${d.name}`,
          operands,
          resultTypes: d.results.map((t) => t(ctx)),
          attributes: d.attrs.map(([name, a]) => ({ name, value: a(ctx) })),
          properties: d.props?.(ctx),
          regions: d.regions.length,
          successors,
          loc,
        });
        d.regions.forEach((r, ri) => buildRegion(r, op.regions[ri]!, [...visible]));
      }
      visible.push(...op.results);
    });
  };

  const buildRegion = (r: RegionDesc, region: import('../src/index.js').Region, outer: Value[]): void => {
    const blocks = r.blocks.map((bd) => {
      const blk = region.pushBack(new Block());
      for (const [t, l] of bd.args) blk.addArgument(t(ctx), l(ctx));
      return blk;
    });
    const multi = blocks.length > 1;
    // Blocks of a multi-block region need a terminator; branches may go to any block but the entry.
    const targets = multi ? blocks.slice(1) : undefined;
    const entryValues: Value[] = [];
    blocks.forEach((blk, bi) => {
      const bd = r.blocks[bi]!;
      let ops = bd.ops;
      if (multi && ops.length === 0) ops = [{ kind: 'generic', name: 9, operands: [], results: [], attrs: [], props: undefined, regions: [], successors: [0], graphOperands: [], loc: () => UnknownLoc.instance }];
      const visible = [...outer, ...(bi === 0 ? [] : entryValues), ...blk.args];
      buildOps(ops, blk, visible, targets);
      if (bi === 0) entryValues.push(...blk.args, ...blk.opsArray().flatMap((o) => o.results));
    });
  };

  buildOps(desc.ops, body, [], undefined);
  // Uses of values defined later in the module body, a graph region.
  const topValues = body.opsArray().flatMap((o) => o.results);
  body.opsArray().forEach((op, i) => {
    const extra = desc.ops[i]!.graphOperands;
    if (op.name.startsWith('test.') && topValues.length && extra.length) {
      op.setOperands([...op.operands, ...extra.map((n) => topValues[n % topValues.length]!)]);
    }
  });
  return { ctx, module };
}

function errorsOf(ctx: Context): string[] {
  return ctx.diagnostics.unhandled.filter((d) => d.severity === 'error').map((d) => d.message);
}

const PRINT_MODES: PrintOptions[] = [{}, { generic: true }, { debugInfo: true }, { generic: true, debugInfo: true }];

describe('random IR round-trips through the printer and the parser', () => {
  it('built IR verifies, and print -> parse -> print is the identity, in every print mode', () => {
    fc.assert(
      fc.property(moduleArb, (desc) => {
        const { ctx, module } = buildModule(desc);
        const ok = verify(module);
        expect(errorsOf(ctx)).toEqual([]);
        expect(ok).toBe(true);
        const generic = AsmPrinter.print(module, { generic: true });
        for (const mode of PRINT_MODES) {
          const text = AsmPrinter.print(module, mode);
          const ctx2 = new Context({ allowUnregisteredDialects: true });
          const parsed = parseSourceString(ctx2, text, 'roundtrip.mlir');
          expect(errorsOf(ctx2), text).toEqual([]);
          expect(AsmPrinter.print(parsed!, mode)).toBe(text);
          // The structure is the same whatever the form it went through.
          expect(AsmPrinter.print(parsed!, { generic: true })).toBe(generic);
          expect(verify(parsed!)).toBe(true);
        }
      }),
      { numRuns: 250 * SCALE },
    );
  });

  it('types and attributes print to text that parses back to the same interned object', () => {
    fc.assert(
      fc.property(typeArb, attrArb, (t, a) => {
        const ctx = new Context({ allowUnregisteredDialects: true });
        const type = t(ctx);
        const attr = a(ctx);
        const text = `"test.op"() {a = ${attr}, t = ${type}} : () -> ()`;
        const m = parseSourceString(ctx, text, 'attr.mlir');
        expect(errorsOf(ctx), text).toEqual([]);
        const op = m!.regions[0]!.entryBlock.firstOp!;
        expect(op.getAttr('a'), `${op.getAttr('a')} vs ${attr}`).toBe(attr);
        expect((op.getAttr('t') as TypeAttr).value, `${(op.getAttr('t') as TypeAttr).value} vs ${type}`).toBe(type);
      }),
      { numRuns: 500 * SCALE },
    );
  });
});

// ---- robustness -------------------------------------------------------------------------------------------

/** Hand-written inputs that cover the syntax (all valid), used as seeds of the mutations. */
const SEEDS = [
  `module @m attributes {test.a = 1 : i32} {
  %0 = "test.a"() {f = 1.5 : f32, s = "x\\n", d = dense<[1, 2]> : tensor<2xi32>} : () -> i32
  %1:2 = "test.b"(%0, %0) <{p = [1, @s::@t]}> : (i32, i32) -> (i32, f32)
  "test.c"(%1#1) ({
  ^bb0(%arg0: memref<4x?xf32, strided<[1, ?], offset: ?>, 3>):
    "test.br"(%arg0)[^bb1] : (memref<4x?xf32, strided<[1, ?], offset: ?>, 3>) -> ()
  ^bb1:
    "test.ret"() : () -> ()
  }) : (f32) -> ()
  %2 = builtin.unrealized_conversion_cast %0 : i32 to !foo.bar<1>
}
`,
  `!t = tuple<i32, (i32) -> f32>
#a = array<i64: 1, 2>
"test.op"() {x = #a, y = !t, z = vector<[4]x2xf16>, w = #foo.q<"s">, u = unit, v = array<f32: 0x7FC00000>} : () -> ()
`,
];

const TOKENS = [
  '(', ')', '{', '}', '[', ']', '<', '>', '%0', '%1#2', '%x:3', '^bb1', '^bb0(%a: i32)', '@sym', '@"q"::@r', '#alias', '!alias',
  ':', '::', ',', '=', '->', '"', '"str"', '"\\', '"\\zz"', '0x', '0xFFFFFFFFFFFFFFFFFFFFFFFF', '1.5e308', '1e999', '-', '?', '*', 'x',
  'i32', 'si8', 'f32', 'index', 'none', 'tensor<', 'memref<', 'vector<', 'tuple<', 'complex<', 'dense<', 'array<', 'strided<',
  'unit', 'true', 'false', '...', '//', '\n', '\t', '\r', '{-#', '#-}', 'module', 'attributes', 'builtin.unrealized_conversion_cast',
  'to', '99999999999999999999999', '%', '^', '@', '!', '#', '\u{1F600}', '\0', 'offset:', 'dense<"0x01">', 'affine_map<(d0) -> (d0)>',
];

type Mutation = (text: string) => string;
const posArb = fc.nat();
const mutationArb: fc.Arbitrary<Mutation> = fc.oneof(
  fc.tuple(posArb, fc.nat(8)).map(([p, n]) => (t: string) => {
    const i = p % (t.length + 1);
    return t.slice(0, i) + t.slice(i + 1 + n);
  }),
  fc.tuple(posArb, fc.constantFrom(...TOKENS)).map(([p, tok]) => (t: string) => {
    const i = p % (t.length + 1);
    return t.slice(0, i) + tok + t.slice(i);
  }),
  fc.tuple(posArb, fc.string({ unit: 'binary', maxLength: 3 })).map(([p, s]) => (t: string) => {
    const i = p % (t.length + 1);
    return t.slice(0, i) + s + t.slice(i);
  }),
  fc.tuple(posArb, fc.nat(20)).map(([p, n]) => (t: string) => {
    const i = p % (t.length + 1);
    return t.slice(0, i) + t.slice(i, i + n) + t.slice(i);
  }),
  fc.tuple(posArb, fc.string({ unit: 'binary-ascii', minLength: 1, maxLength: 1 })).map(([p, c]) => (t: string) => {
    const i = p % (t.length + 1);
    return t.slice(0, i) + c + t.slice(i + 1);
  }),
  posArb.map((p) => (t: string) => t.slice(0, p % (t.length + 1))),
  fc.tuple(posArb, posArb).map(([a, b]) => (t: string) => {
    const lines = t.split('\n');
    const i = a % lines.length;
    const j = b % lines.length;
    [lines[i], lines[j]] = [lines[j]!, lines[i]!];
    return lines.join('\n');
  }),
  fc.tuple(posArb, fc.constantFrom(...TOKENS)).map(([p, tok]) => (t: string) => {
    // Replace the token-ish run of characters at p.
    const i = p % (t.length + 1);
    let j = i;
    while (j < t.length && /[A-Za-z0-9_.$%#@!^]/.test(t[j]!)) j++;
    return t.slice(0, i) + tok + t.slice(Math.max(j, i + 1));
  }),
);

/**
 * Whether `d` (and its notes) is located in `text` of buffer `name` (0:0 is the implicit module's location).
 * Columns count bytes of the line's UTF-8 form, as MLIR's do.
 */
function locatedInBuffer(d: Diagnostic, name: string, text: string): boolean {
  const utf8 = new TextEncoder();
  const lines = text.split('\n');
  const ok = (l: Location): boolean => {
    const f = l.fileLoc();
    if (!f || f.file !== name) return false;
    if (f.line === 0 && f.column === 0) return true;
    const line = lines[f.line - 1];
    return line !== undefined && f.column >= 1 && f.column <= utf8.encode(line).length + 1;
  };
  return ok(d.loc) && d.notes.every((n) => ok(n.loc) || n.loc.fileLoc() === undefined);
}

/**
 * Parses, verifies and prints `text`: nothing may throw; a failure must come with located errors; what verifies
 * must print to text that parses back and prints the same.
 */
function checkRobust(text: string, options: { checkLocations: boolean } = { checkLocations: true }): void {
  const ctx = new Context({ allowUnregisteredDialects: true });
  const diags: Diagnostic[] = [];
  ctx.diagnostics.addHandler((d) => diags.push(d));
  const name = 'fuzz.mlir';
  const m = parseSourceString(ctx, text, name);
  if (!m) {
    expect(diags.some((d) => d.severity === 'error')).toBe(true);
    for (const d of diags) expect(locatedInBuffer(d, name, text), `${d.message} at ${JSON.stringify(d.loc)} in ${JSON.stringify(text)}`).toBe(true);
    return;
  }
  expect(diags.filter((d) => d.severity === 'error')).toEqual([]);
  const ok = verify(m);
  if (!ok) {
    expect(diags.some((d) => d.severity === 'error')).toBe(true);
    if (options.checkLocations) {
      for (const d of diags) expect(locatedInBuffer(d, name, text), `${d.message} at ${JSON.stringify(d.loc)} in ${JSON.stringify(text)}`).toBe(true);
    }
  }
  for (const mode of PRINT_MODES) {
    const printed = AsmPrinter.print(m, mode);
    if (!ok) continue;
    const ctx2 = new Context({ allowUnregisteredDialects: true });
    const m2 = parseSourceString(ctx2, printed, 'reprint.mlir');
    expect(errorsOf(ctx2), printed).toEqual([]);
    expect(AsmPrinter.print(m2!, mode)).toBe(printed);
  }
}

describe('parse + verify + print never throw', () => {
  const generatedSeedArb = moduleArb.map((d) => {
    const { module } = buildModule(d);
    return AsmPrinter.print(module, { generic: d.ops.length % 2 === 0 });
  });

  it('on random mutations of valid text', () => {
    fc.assert(
      fc.property(fc.oneof(fc.constantFrom(...SEEDS), generatedSeedArb), fc.array(mutationArb, { minLength: 1, maxLength: 4 }), (seed, muts) => {
        const text = muts.reduce((t, m) => m(t), seed);
        // Trailing `loc(...)` can point anywhere; only parse errors are then checked for their location.
        checkRobust(text, { checkLocations: !text.includes('loc(') });
      }),
      { numRuns: 500 * SCALE },
    );
  });

  // Depths 1000 and 10000 everywhere, and 100000 where the parser gives up quickly.
  // (Perf note: deeply nested types, dictionaries and locations cost up to 100 microseconds per level.)
  const N = [1_000, 10_000];
  const deep: [string, (n: number) => string, boolean?][] = [
    ['unbalanced [', (n) => `"t"() {a = ${'['.repeat(n)}} : () -> ()`, true],
    ['balanced [', (n) => `"t"() {a = ${'['.repeat(n)}${']'.repeat(n)}} : () -> ()`, true],
    ['nested dictionaries', (n) => `"t"() {a = ${'{a = '.repeat(n)}1${'}'.repeat(n)}} : () -> ()`],
    ['nested regions', (n) => `${'"t"() ({\n'.repeat(n)}${'}) : () -> ()\n'.repeat(n)}`, true],
    ['unclosed regions', (n) => '"t"() ({\n'.repeat(n), true],
    ['nested tuple types', (n) => `"t"() : () -> ${'tuple<'.repeat(n)}i32${'>'.repeat(n)}`],
    ['nested function types', (n) => `"t"() : () -> ${'(() -> '.repeat(n)}i32${')'.repeat(n)}`],
    ['nested tensor types', (n) => `"t"() : () -> ${'tensor<1x'.repeat(n)}i32${'>'.repeat(n)}`],
    ['nested complex types', (n) => `"t"() : () -> ${'complex<'.repeat(n)}i32${'>'.repeat(n)}`],
    ['nested dense literal', (n) => `"t"() {a = dense<${'['.repeat(n)}1${']'.repeat(n)}> : tensor<${'1x'.repeat(n)}i32>} : () -> ()`, true],
    ['nested name locations', (n) => `"t"() : () -> () loc(${'"a"('.repeat(n)}"f":1:1${')'.repeat(n)})`],
    ['nested call sites', (n) => `"t"() : () -> () loc(${'callsite("a" at '.repeat(n)}"b"${')'.repeat(n)})`],
    ['nested opaque type body', (n) => `"t"() : () -> !foo.bar${'<'.repeat(n)}${'>'.repeat(n)}`, true],
    ['nested symbol references', (n) => `"t"() {a = @a${'::@b'.repeat(n)}} : () -> ()`, true],
    ['many results', (n) => `%0:${n} = "t"() : () -> (${Array.from({ length: Math.min(n, 10_000) }, () => 'i32').join(', ')})`, true],
    ['long operand list', (n) => `%0 = "a"() : () -> i32\n"t"(${Array.from({ length: n }, () => '%0').join(', ')}) : (${Array.from({ length: n }, () => 'i32').join(', ')}) -> ()`, true],
    ['many blocks', (n) => `"t"() ({\n${Array.from({ length: n }, (_, i) => `^bb${i}:\n  "br"()[^bb${(i + 1) % n}] : () -> ()`).join('\n')}\n}) : () -> ()`],
  ];
  it.each(deep.flatMap(([what, make, cheap]) => [...N, ...(cheap ? [100_000] : [])].map((n) => [what, n, make] as const)))('on %s, depth %d', (_what, n, make) => {
    checkRobust(make(n));
  });

  const HUGE: string[] = [
    '"t"() {a = 1e99999 : f32, b = -1e99999, c = 1e-99999 : f16} : () -> ()',
    '"t"() {a = 123456789012345678901234567890 : i64} : () -> ()',
    '"t"() {a = 123456789012345678901234567890123456789 : i128} : () -> ()',
    '"t"() {a = 0x1234567890ABCDEF1234567890ABCDEF : f64} : () -> ()',
    '"t"() {a = -1 : i16777215, b = 1 : i16777216} : () -> ()',
    '"t"() : () -> i4294967296',
    '"t"() : () -> tensor<18446744073709551616xf32>',
    '"t"() : () -> memref<9007199254740993x2xf32>',
    '"t"() : () -> tensor<9007199254740991x9007199254740991xf32>',
    '"t"() {a = dense<1> : tensor<100000000000x100000000000xi8>} : () -> ()',
    '"t"() {a = dense<[1, 2]> : tensor<100000000000x100000000000xi8>} : () -> ()',
    '"t"() {a = strided<[99999999999999999999], offset: -99999999999999999999>} : () -> ()',
    '"t"() {a = strided<[9007199254740993]>} : () -> ()',
    '%0:99999999999 = "t"() : () -> ()',
    '%0:0 = "t"() : () -> ()',
    '"t"() {a = array<i8: 99999999999999999999999>} : () -> ()',
    '"t"() {a = array<f32: 1e99999, 0x1FFFFFFFF>} : () -> ()',
    '"t"() : () -> () loc("f":99999999999999999999999:1)',
    '"t"() : () -> () loc("f":4294967296:4294967296)',
    '"t"() : () -> () loc("f":1:2 to 99999999999999999999999:1)',
    '%99999999999999999999 = "t"() : () -> i32\n"u"(%99999999999999999999) : (i32) -> ()',
    '"t"() ({\n^bb99999999999999999999:\n  "u"() : () -> ()\n}) : () -> ()',
    '"t"() : () -> vector<99999999999999999999xf32>',
    '"t"() {a = dense<"0x' + '00'.repeat(100_000) + '"> : tensor<25000xf32>} : () -> ()',
  ];
  it.each(HUGE.map((text, i) => [i, text.length > 120 ? `${text.slice(0, 100)}...` : text, text] as const))('on huge numbers #%d: %s', (_i, _label, text) => {
    checkRobust(text);
  });
});
