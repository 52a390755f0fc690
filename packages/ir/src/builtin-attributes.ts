import { Attribute } from './attribute.js';
import { ComplexType, DYNAMIC, FloatType, IndexType, IntegerType, NoneType, PRETTY_DIALECT_BODY, type ShapedType } from './builtin-types.js';
import type { Context } from './context.js';
import { bitsToF32, bitsToFloat, f32ToBits, FLOAT_WIDTH, floatToBits, formatFloat, formatFloat32, type FloatKind } from './float-format.js';
import { canonicalWideBits } from './wide-float.js';
import { printIdentifierOrString, quoteString } from './printer/escape.js';
import { TypeElision, type AttrTypeWriter } from './printer/text-writer.js';
import type { Type } from './type.js';
import type { Location } from './location.js';
import { formatLocation } from './printer/location-printer.js';
import { mixBigIntHash, mixHash, mixStringHash } from './param-hash.js';
import { emptyPacked, mapPacked } from './packed-array.js';

// What the hashes of each kind interned by hash start from (see Context.internByHash).
const INTEGER_ATTR_HASH = 0x1a2b3c4d;
const FLOAT_ATTR_HASH = 0x2b3c4d5e;
const DICTIONARY_ATTR_HASH = 0x3c4d5e6f;

/** The bit width used to normalize integer values: index folds as 64 bits. */
export function integerWidth(type: Type): number {
  if (type instanceof IntegerType) return type.width;
  if (type instanceof IndexType) return 64;
  throw new Error(`not an integer-like type: ${type}`);
}

/** Wraps `v` to the range of `type`: two's complement for signless/signed/index, modulo 2^w for unsigned. */
export function normalizeInteger(type: Type, v: bigint): bigint {
  const w = integerWidth(type);
  return type instanceof IntegerType && type.signedness === 'unsigned' ? BigInt.asUintN(w, v) : BigInt.asIntN(w, v);
}

function printIntValue(type: Type, v: bigint): string {
  if (type instanceof IntegerType && type.width === 1 && type.signedness === 'signless') return v ? 'true' : 'false';
  return v.toString();
}

/**
 * `v`, an integer in the 32-bit signed range, wrapped to the range of `type` as `normalizeInteger` does (an
 * unsigned 32-bit result may be above that range), or undefined where that takes big-integer arithmetic (an
 * unsigned type of more than 32 bits and a negative `v`).
 */
function normalizeSmallInteger(type: Type, v: number): number | undefined {
  const w = integerWidth(type);
  const unsigned = type instanceof IntegerType && type.signedness === 'unsigned';
  if (w >= 32) {
    if (w === 32) return unsigned ? v >>> 0 : v | 0;
    return unsigned && v < 0 ? undefined : v;
  }
  if (w === 0) return 0;
  const shift = 32 - w;
  return unsigned ? (v << shift) >>> shift : (v << shift) >> shift;
}

const INT32_MIN = -(2 ** 31);
const INT32_MAX = 2 ** 31 - 1;

/** `42 : i32`, `true`/`false` (i1), `5 : index`. The value is normalized to the type (see `normalizeInteger`). */
export class IntegerAttr extends Attribute {
  private declare readonly intType: Type;
  /** The value as a number when it is in the 32-bit signed range (constants nearly always are), else NaN. */
  private declare readonly small: number;
  /** The value as a big integer, made when first asked for if `small` holds it. */
  private declare big: bigint | undefined;

  /** Attributes are made by `get` (see `make`), never with `new`. */
  private constructor() {
    super();
    throw new Error('integer attributes are made with IntegerAttr.get');
  }

  /**
   * A new attribute (not interned yet). It is an object literal with the class's prototype, as operations are
   * (see Operation.construct): V8 allocates what such a site makes directly in the old generation once it sees
   * those objects live on, as interned attributes do. No big integer is made for a value that fits `small`:
   * one would be a second object per constant, made where it is not old-generation memory.
   */
  private static make(intType: Type, small: number, big: bigint | undefined): IntegerAttr {
    return { __proto__: IntegerAttr.prototype, id: -1, text: undefined, elidedText: undefined, intType, small, big } as unknown as IntegerAttr;
  }

  /** The value, normalized to the type. */
  get value(): bigint {
    const big = this.big;
    if (big !== undefined) return big;
    return (this.big = BigInt(this.small));
  }

  static get(ctx: Context, type: Type, value: bigint | number): IntegerAttr {
    // Values in the 32-bit range (what parsers and folders nearly always make) are normalized, hashed and
    // compared as numbers: big-integer arithmetic is a runtime call for each step. `small` is the normalized
    // value as a number when it is in that range (else NaN), `big` the normalized big integer when known.
    let small = NaN;
    let big: bigint | undefined;
    if (typeof value === 'number' && value >= INT32_MIN && value <= INT32_MAX && Number.isInteger(value)) {
      const n = normalizeSmallInteger(type, value);
      if (n !== undefined && n <= INT32_MAX) small = n;
    }
    if (small !== small) {
      big = normalizeInteger(type, BigInt(value));
      if (big >= INT32_MIN && big <= INT32_MAX) small = Number(big);
    }
    // Interned by a hash of the parameters (constants are created by the thousand); mixBigIntHash of a value in
    // the 32-bit range is the hash of the number.
    const hash = small === small ? mixHash(mixHash(INTEGER_ATTR_HASH, type.id), small) : mixBigIntHash(mixHash(INTEGER_ATTR_HASH, type.id), big!);
    const found = ctx.internedByHash(hash);
    if (found instanceof IntegerAttr) {
      if (found.matches(type, small, big)) return found;
    } else if (Array.isArray(found)) {
      for (const a of found) if (a instanceof IntegerAttr && a.matches(type, small, big)) return a;
    }
    return ctx.internByHash(hash, IntegerAttr.make(type, small, big));
  }
  /** Whether this is the attribute of `type` whose value is `small` (when not NaN) or else `big`. */
  private matches(type: Type, small: number, big: bigint | undefined): boolean {
    return this.intType === type && (small === small ? this.small === small : this.big === big);
  }
  static getBool(ctx: Context, b: boolean): IntegerAttr {
    return IntegerAttr.get(ctx, IntegerType.get(ctx, 1), b ? 1 : 0);
  }
  override get type(): Type {
    return this.intType;
  }
  /** The value as a JS number (exact below 2^53). */
  get number(): number {
    return Number(this.value);
  }
  get isBool(): boolean {
    return this.intType instanceof IntegerType && this.intType.width === 1 && this.intType.signedness === 'signless';
  }
  print(w: AttrTypeWriter, elision: TypeElision): void {
    if (this.isBool) {
      w.write(this.value ? 'true' : 'false');
      return;
    }
    w.write(this.small === this.small ? String(this.small) : this.value.toString());
    if (elision === TypeElision.May && this.intType instanceof IntegerType && this.intType.isSignless(64)) return;
    w.write(' : ');
    w.printType(this.intType);
  }
}

/** `1.000000e+00 : f32`, `0x7FC00000 : f32`. Stored as the exact bit pattern, so NaN payloads survive. */
export class FloatAttr extends Attribute {
  private declare readonly floatType: FloatType;
  /** The value (the bit pattern's, rounded to a JS number). */
  declare readonly value: number;
  /**
   * The bit pattern as a number for kinds of at most 32 bits, else NaN: those are interned, compared and (for
   * f32) printed with it, without big-integer arithmetic (a runtime call for each step).
   */
  private declare readonly bits32: number;
  /** The bit pattern as a big integer, made when first asked for if `bits32` holds it. */
  private declare bigBits: bigint | undefined;

  /** Attributes are made by `get` (see `make`), never with `new`. */
  private constructor() {
    super();
    throw new Error('float attributes are made with FloatAttr.get');
  }

  /** A new attribute, not interned yet (an object literal, as IntegerAttr.make explains). */
  private static make(floatType: FloatType, value: number, bits32: number, bigBits: bigint | undefined): FloatAttr {
    return { __proto__: FloatAttr.prototype, id: -1, text: undefined, elidedText: undefined, floatType, value, bits32, bigBits } as unknown as FloatAttr;
  }

  /** The exact bit pattern. */
  get bits(): bigint {
    const b = this.bigBits;
    if (b !== undefined) return b;
    return (this.bigBits = BigInt(this.bits32));
  }
  /** The attribute for `value` rounded to the type. */
  static get(ctx: Context, type: FloatType, value: number): FloatAttr {
    if (type.kind === 'f32') return FloatAttr.getFromBits32(ctx, type, f32ToBits(value));
    return FloatAttr.getFromBits(ctx, type, floatToBits(type.kind, value));
  }
  static getFromBits(ctx: Context, type: FloatType, bits: bigint): FloatAttr {
    if (FLOAT_WIDTH[type.kind] <= 32 && bits >= 0n && bits <= 0xffffffffn) return FloatAttr.getFromBits32(ctx, type, Number(bits));
    // f80 bit patterns with two spellings are kept as APFloat reads them (wide-float.ts).
    if (type.kind === 'f80') bits = canonicalWideBits('f80', bits);
    const hash = mixBigIntHash(mixHash(FLOAT_ATTR_HASH, type.id), bits);
    const found = ctx.internedByHash(hash);
    if (found instanceof FloatAttr) {
      if (found.floatType === type && found.bits === bits) return found;
    } else if (Array.isArray(found)) {
      for (const a of found) if (a instanceof FloatAttr && a.floatType === type && a.bits === bits) return a;
    }
    return ctx.internByHash(hash, FloatAttr.make(type, bitsToFloat(type.kind, bits), NaN, bits));
  }
  /**
   * getFromBits for a kind of at most 32 bits, the pattern given as an unsigned 32-bit number. (Those kinds'
   * attributes are hashed from that number: the same hash whichever way they are made.)
   */
  static getFromBits32(ctx: Context, type: FloatType, bits: number): FloatAttr {
    const hash = mixHash(mixHash(FLOAT_ATTR_HASH, type.id), bits | 0);
    const found = ctx.internedByHash(hash);
    if (found instanceof FloatAttr) {
      if (found.floatType === type && found.bits32 === bits) return found;
    } else if (Array.isArray(found)) {
      for (const a of found) if (a instanceof FloatAttr && a.floatType === type && a.bits32 === bits) return a;
    }
    const value = type.kind === 'f32' ? bitsToF32(bits) : bitsToFloat(type.kind, BigInt(bits));
    return ctx.internByHash(hash, FloatAttr.make(type, value, bits, undefined));
  }
  override get type(): FloatType {
    return this.floatType;
  }
  print(w: AttrTypeWriter, elision: TypeElision): void {
    const text = this.floatType.kind === 'f32' ? formatFloat32(this.bits32) : formatFloat(this.floatType.kind, this.bits);
    w.write(text);
    // A hexadecimal literal without a type would read back as an integer: keep `: f64` then, as MLIR does.
    if (elision === TypeElision.May && this.floatType.kind === 'f64' && !text.startsWith('0x')) return;
    w.write(' : ');
    w.printType(this.floatType);
  }
}

/** `"text"`, optionally typed (`"x" : i32`). */
export class StringAttr extends Attribute {
  private constructor(
    readonly value: string,
    private readonly strType: Type | undefined,
  ) {
    super();
  }
  static get(ctx: Context, value: string, type?: Type): StringAttr {
    const t = type instanceof NoneType ? undefined : type;
    return ctx.intern(`str${t?.id ?? ''}:${value}`, () => new StringAttr(value, t));
  }
  override get type(): Type | undefined {
    return this.strType;
  }
  print(w: AttrTypeWriter): void {
    w.write(quoteString(this.value));
    if (this.strType) {
      w.write(' : ');
      w.printType(this.strType);
    }
  }
}

/** `unit`: presence is the information (`{flag}` in an attribute dictionary). */
export class UnitAttr extends Attribute {
  static get(ctx: Context): UnitAttr {
    return ctx.intern('unit', () => new UnitAttr());
  }
  print(w: AttrTypeWriter): void {
    w.write('unit');
  }
}

/** A type used as an attribute value. */
export class TypeAttr extends Attribute {
  private constructor(readonly value: Type) {
    super();
  }
  static get(ctx: Context, value: Type): TypeAttr {
    return ctx.intern(`type${value.id}`, () => new TypeAttr(value));
  }
  print(w: AttrTypeWriter): void {
    w.printType(this.value);
  }
}

const attrListKey = (as: readonly Attribute[]): string => as.map((a) => a.id).join(',');

/** `[a, b, c]`. */
export class ArrayAttr extends Attribute {
  private constructor(readonly elements: readonly Attribute[]) {
    super();
  }
  static get(ctx: Context, elements: readonly Attribute[]): ArrayAttr {
    return ctx.intern(`arr[${attrListKey(elements)}]`, () => new ArrayAttr([...elements]));
  }
  get length(): number {
    return this.elements.length;
  }
  print(w: AttrTypeWriter): void {
    w.write('[');
    for (let i = 0; i < this.elements.length; i++) {
      if (i) w.write(', ');
      w.printAttribute(this.elements[i]!, TypeElision.May);
    }
    w.write(']');
  }
}

export interface NamedAttribute {
  readonly name: string;
  readonly value: Attribute;
}

/**
 * Orders names as MLIR does (StringRef comparison: UTF-8 bytes, i.e. code points). JS's `<` compares UTF-16
 * units, which puts characters from U+10000 (surrogate pairs) before U+E000..U+FFFF.
 */
export function compareNames(a: string, b: string): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    let x = a.charCodeAt(i);
    let y = b.charCodeAt(i);
    if (x === y) continue;
    if (x >= 0xd800 && y >= 0xd800) {
      // Move surrogates above U+E000..U+FFFF: the order of code points.
      x = x < 0xe000 ? x + 0x2000 : x - 0x800;
      y = y < 0xe000 ? y + 0x2000 : y - 0x800;
    }
    return x - y;
  }
  return a.length - b.length;
}

function sameEntries(a: readonly NamedAttribute[], b: readonly NamedAttribute[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i]!.name !== b[i]!.name || a[i]!.value !== b[i]!.value) return false;
  return true;
}

/** `{a = 1 : i64, flag}`: entries sorted by name (as MLIR keeps them), names unique. */
export class DictionaryAttr extends Attribute {
  /**
   * @internal The op declarations (see op-def/op-properties.ts) whose property conversion this dictionary last
   * passed, and for which it last was a complete set of properties: facts about an interned dictionary that
   * thousands of ops share, kept on it (a weak map's lookup costs more than the check it saves).
   */
  declare propertiesCheckedFor: object | undefined;
  declare propertiesCompleteFor: object | undefined;

  declare readonly entries: readonly NamedAttribute[];

  /** Dictionaries are made by `get` (see `make`), never with `new`. */
  private constructor() {
    super();
    throw new Error('dictionary attributes are made with DictionaryAttr.get');
  }

  /** A new dictionary, not interned yet (an object literal, as IntegerAttr.make explains). */
  private static make(entries: readonly NamedAttribute[]): DictionaryAttr {
    return {
      __proto__: DictionaryAttr.prototype,
      id: -1,
      text: undefined,
      elidedText: undefined,
      entries,
      propertiesCheckedFor: undefined,
      propertiesCompleteFor: undefined,
    } as unknown as DictionaryAttr;
  }
  /** Builds a dictionary; entries are sorted by name. Throws on a duplicate name (callers diagnose first). */
  static get(ctx: Context, entries: readonly NamedAttribute[] | ReadonlyMap<string, Attribute>): DictionaryAttr {
    // A packed array of objects, empty or not (see packed-array.ts): lookups in dictionaries meet one array shape.
    // Sorted already in the common case (parsed from printed IR, or built in order): checked without sorting,
    // and then read in place (a new dictionary copies its entries; a found one needs no copy).
    let list: readonly NamedAttribute[];
    if (entries instanceof Map) list = sortedEntries(mapPacked([...entries], ([name, value]) => ({ name, value })));
    else {
      list = entries as readonly NamedAttribute[];
      for (let i = 1; i < list.length; i++) {
        if (compareNames(list[i - 1]!.name, list[i]!.name) > 0) {
          list = sortedEntries(mapPacked(list, (e) => e));
          break;
        }
      }
    }
    let hash = mixHash(DICTIONARY_ATTR_HASH, list.length);
    for (let i = 0; i < list.length; i++) {
      const e = list[i]!;
      if (i > 0 && e.name === list[i - 1]!.name) throw new Error(`duplicate key '${e.name}' in dictionary attribute`);
      hash = mixHash(mixStringHash(hash, e.name), e.value.id);
    }
    // Interned by a hash of the entries (dictionaries are created by the thousand: one per distinct constant).
    const found = ctx.internedByHash(hash);
    if (found instanceof DictionaryAttr) {
      if (sameEntries(found.entries, list)) return found;
    } else if (Array.isArray(found)) {
      for (const d of found) if (d instanceof DictionaryAttr && sameEntries(d.entries, list)) return d;
    }
    // A new dictionary keeps its names as V8's internalized strings, as the names ops declare are: looking a
    // property up (`get`) then compares two pointers, where a name cut from the input compares its characters.
    return ctx.internByHash(hash, DictionaryAttr.make(keptEntries(list)));
  }
  static empty(ctx: Context): DictionaryAttr {
    return DictionaryAttr.get(ctx, []);
  }
  get size(): number {
    return this.entries.length;
  }
  get(name: string): Attribute | undefined {
    const es = this.entries;
    // Dictionaries are small: a linear scan beats a map here.
    for (let i = 0; i < es.length; i++) if (es[i]!.name === name) return es[i]!.value;
    return undefined;
  }
  has(name: string): boolean {
    return this.get(name) !== undefined;
  }
  /** A copy with `name` set to `value` (or removed when `value` is undefined). */
  with(ctx: Context, name: string, value: Attribute | undefined): DictionaryAttr {
    const rest = this.entries.filter((e) => e.name !== name);
    if (value) rest.push({ name, value });
    return DictionaryAttr.get(ctx, rest);
  }
  /** Writes `{...}` entries as an attribute dictionary: unit values print as the bare name. */
  printEntries(w: AttrTypeWriter, unit: UnitAttr | undefined): void {
    w.write('{');
    const es = this.entries;
    for (let i = 0; i < es.length; i++) {
      if (i) w.write(', ');
      const e = es[i]!;
      w.write(printIdentifierOrString(e.name));
      if (e.value instanceof UnitAttr && (unit === undefined || e.value === unit)) continue;
      w.write(' = ');
      w.printAttribute(e.value);
    }
    w.write('}');
  }
  print(w: AttrTypeWriter): void {
    this.printEntries(w, undefined);
  }
}

/** `@root::@nested::@leaf`: a reference to a symbol, possibly nested in symbol tables. */
export class SymbolRefAttr extends Attribute {
  private constructor(
    readonly root: string,
    readonly nested: readonly string[],
  ) {
    super();
  }
  static get(ctx: Context, root: string, nested: readonly string[] = []): SymbolRefAttr {
    return ctx.intern(`sym@${[root, ...nested].map((s) => `${s.length}:${s}`).join('')}`, () => new SymbolRefAttr(root, [...nested]));
  }
  /** The last name of the reference (the symbol itself). */
  get leaf(): string {
    return this.nested.length ? this.nested[this.nested.length - 1]! : this.root;
  }
  get isFlat(): boolean {
    return this.nested.length === 0;
  }
  print(w: AttrTypeWriter): void {
    w.write('@' + printIdentifierOrString(this.root));
    for (const n of this.nested) w.write('::@' + printIdentifierOrString(n));
  }
}

/** `array<i32: 1, 2, 3>`: a dense array of integers (bigint) or floats (number). */
export class DenseArrayAttr extends Attribute {
  private constructor(
    readonly elementType: IntegerType | FloatType,
    /** The elements: bigints for integers, numbers for floats (see `floatBits` for their exact bits). */
    readonly values: readonly (bigint | number)[],
    /**
     * For floats, the elements' bit patterns: what the attribute is and prints. `values` converts them to
     * numbers, which keep neither a signalling NaN nor every NaN payload (a JS number is a double).
     */
    readonly floatBits: readonly bigint[] | undefined,
  ) {
    super();
  }
  static get(ctx: Context, elementType: IntegerType | FloatType, values: readonly (bigint | number)[]): DenseArrayAttr {
    if (elementType instanceof FloatType) {
      return DenseArrayAttr.getFromBits(ctx, elementType, mapPacked(values, (v) => floatToBits(elementType.kind, Number(v))));
    }
    const norm = mapPacked(values, (v) => normalizeInteger(elementType, BigInt(v)));
    return ctx.intern(`darr${elementType.id}:${norm.join(',')}`, () => new DenseArrayAttr(elementType, norm, undefined));
  }
  /** An array of floats given as their bit patterns, which it keeps exactly (NaN payloads included). */
  static getFromBits(ctx: Context, elementType: FloatType, bits: readonly bigint[]): DenseArrayAttr {
    const width = FLOAT_WIDTH[elementType.kind];
    const exact = mapPacked(bits, (b) => BigInt.asUintN(width, b));
    return ctx.intern(`darr${elementType.id}:${exact.join(',')}`, () =>
      new DenseArrayAttr(elementType, mapPacked(exact, (b) => bitsToFloat(elementType.kind, b)), exact),
    );
  }
  get size(): number {
    return this.values.length;
  }
  /** The values as JS numbers (exact for integers below 2^53). */
  get numbers(): number[] {
    return mapPacked(this.values, (v) => Number(v));
  }
  print(w: AttrTypeWriter): void {
    w.write('array<');
    w.printType(this.elementType);
    if (this.values.length) {
      w.write(': ');
      const t = this.elementType;
      const bits = this.floatBits;
      w.write((bits ? bits.map((b) => formatFloat((t as FloatType).kind, b)) : this.values.map((v) => formatElement(t, v))).join(', '));
    }
    w.write('>');
  }
}

function formatElement(t: Type, v: bigint | number): string {
  if (t instanceof FloatType) return formatFloat(t.kind, floatToBits(t.kind, v as number));
  // An element of 1 bit prints as a boolean whatever its signedness, as in MLIR (`dense<true> : tensor<si1>`).
  if (t instanceof IntegerType && t.width === 1) return v ? 'true' : 'false';
  return printIntValue(t, v as bigint);
}

/**
 * `dense<[[1, 2], [3, 4]]> : tensor<2x2xi32>`, `dense<1.0> : vector<4xf32>` (splat), `dense<[(1,2), (3,4)]> :
 * tensor<2xcomplex<i8>>`: the elements of a statically shaped tensor or vector of integers, index, floats or
 * complex numbers of those, flattened in row-major order. A complex element takes two entries of `values`
 * (real, then imaginary). More than 100 elements (not a splat) print as the hexadecimal raw data, as mlir-opt
 * prints them.
 */
export class DenseElementsAttr extends Attribute {
  private constructor(
    private readonly shapedType: ShapedType,
    /**
     * The row-major element values (two per complex element); a single element when `isSplat`. Integers are
     * bigints, floats numbers (see `floatBits` for their exact bits).
     */
    readonly values: readonly (bigint | number)[],
    readonly isSplat: boolean,
    /**
     * For float elements, their bit patterns, laid out as `values`: what the attribute is and prints. `values`
     * converts them to numbers, which keep neither a signalling NaN nor every NaN payload.
     */
    readonly floatBits: readonly bigint[] | undefined,
  ) {
    super();
  }
  static get(ctx: Context, type: ShapedType, values: readonly (bigint | number)[]): DenseElementsAttr {
    const et = type.elementType;
    const scalar = et instanceof ComplexType ? et.elementType : et;
    if (scalar instanceof FloatType) return DenseElementsAttr.getFromBits(ctx, type, mapPacked(values, (v) => floatToBits(scalar.kind, Number(v))));
    const norm = mapPacked(values, (v) => normalizeInteger(scalar, BigInt(v)));
    const [stored, splat] = splatOrAll(type, norm);
    return ctx.intern(`dense${type.id}:${stored.join(',')}`, () => new DenseElementsAttr(type, stored, splat, undefined));
  }
  /**
   * Dense elements of a float (or complex float) type given as the elements' bit patterns, which it keeps
   * exactly (NaN payloads included), laid out as `values`.
   */
  static getFromBits(ctx: Context, type: ShapedType, bits: readonly bigint[]): DenseElementsAttr {
    const et = type.elementType;
    const scalar = et instanceof ComplexType ? et.elementType : et;
    if (!(scalar instanceof FloatType)) throw new Error(`dense elements from bits: '${et}' is not a float type`);
    const width = FLOAT_WIDTH[scalar.kind];
    const [stored, splat] = splatOrAll(type, mapPacked(bits, (b) => BigInt.asUintN(width, b)));
    return ctx.intern(`dense${type.id}:${stored.join(',')}`, () =>
      new DenseElementsAttr(type, mapPacked(stored, (b) => bitsToFloat(scalar.kind, b)), splat, stored),
    );
  }
  override get type(): ShapedType {
    return this.shapedType;
  }
  /** Element `i` of the row-major order (of a complex element, its real part; see `values`). */
  at(i: number): bigint | number {
    const per = this.shapedType.elementType instanceof ComplexType ? 2 : 1;
    return this.isSplat ? this.values[0]! : this.values[i * per]!;
  }
  print(w: AttrTypeWriter): void {
    w.write('dense<');
    w.write(this.literalText(true));
    w.write('> : ');
    w.printType(this.shapedType);
  }
  /**
   * The elements as written between `dense<` and `>`: one element for a splat, nested lists, or (more than 100
   * elements, with `allowHex`) the hex string of the raw data.
   */
  literalText(allowHex: boolean): string {
    const et = this.shapedType.elementType;
    const complex = et instanceof ComplexType;
    const scalar = complex ? et.elementType : et;
    const bits = this.floatBits;
    const one = (k: number): string => (bits ? formatFloat((scalar as FloatType).kind, bits[k]!) : formatElement(scalar, this.values[k]!));
    const element = (i: number): string => (complex ? `(${one(2 * i)},${one(2 * i + 1)})` : one(i));
    const n = this.shapedType.numElements;
    if (this.isSplat) return element(0);
    if (n > 100 && allowHex) return `"0x${denseHex(scalar, complex, bits ?? this.values)}"`;
    if (this.values.length > 0) return nestedElementsText(this.shapedType.shape ?? [], element);
    return '';
  }
}

/**
 * The bits one element of `scalar` type takes in dense data (MLIR's getDenseElementStorageWidth): i1 is packed
 * one bit per element, other integers and floats round their width up to whole bytes, index takes 64 bits.
 */
export function denseStorageWidth(scalar: Type): number {
  if (scalar instanceof IndexType) return 64;
  const width = scalar instanceof FloatType ? FLOAT_WIDTH[scalar.kind] : (scalar as IntegerType).width;
  return width === 1 ? 1 : Math.ceil(width / 8) * 8;
}

/** The value bits of an element (two's complement in the type's width; a float's bit pattern). */
function elementBits(scalar: Type, v: bigint | number): bigint {
  // A float element arrives as its bits (a bigint) from a DenseElementsAttr.
  if (scalar instanceof FloatType) return typeof v === 'bigint' ? v : floatToBits(scalar.kind, v);
  return BigInt.asUintN(integerWidth(scalar), v as bigint);
}

const HEX_DIGITS = '0123456789ABCDEF';

/** The raw little-endian data of dense elements, in hex, as mlir-opt prints it for more than 100 elements. */
function denseHex(scalar: Type, complex: boolean, values: readonly (bigint | number)[]): string {
  const bytes: number[] = [];
  const width = denseStorageWidth(scalar);
  if (width === 1 && !complex) {
    for (let i = 0; i < values.length; i++) {
      if (i % 8 === 0) bytes.push(0);
      if (values[i]) bytes[bytes.length - 1]! |= 1 << (i % 8);
    }
  } else {
    const nbytes = Math.max(1, width / 8);
    for (const v of values) {
      let bits = elementBits(scalar, v);
      for (let b = 0; b < nbytes; b++) {
        bytes.push(Number(bits & 0xffn));
        bits >>= 8n;
      }
    }
  }
  let out = '';
  for (const b of bytes) out += HEX_DIGITS[b >> 4]! + HEX_DIGITS[b & 15]!;
  return out;
}

/**
 * Decodes the raw data of `dense<"0x...">` (MLIR's DenseElementsAttr::isValidRawBuffer rules): either one element
 * (a splat) or `n` of them; i1 is bit-packed, and a single byte 0x00 or 0xFF is a splat. Returns the values (one
 * element, or two entries per complex element, when a splat), or undefined when the size does not fit.
 */
export function decodeDenseHex(bytes: Uint8Array, elementType: Type, n: number, floatsAsBits = false): (bigint | number)[] | undefined {
  const complex = elementType instanceof ComplexType;
  const scalar = complex ? elementType.elementType : elementType;
  const width = denseStorageWidth(scalar);
  if (width === 1 && !complex) {
    if (bytes.length === 1 && (bytes[0] === 0 || bytes[0] === 0xff)) return [bytes[0] ? 1n : 0n];
    if (bytes.length * 8 !== Math.ceil(n / 8) * 8) return undefined;
    const out: bigint[] = [];
    for (let i = 0; i < n; i++) out.push((bytes[i >> 3]! >> (i & 7)) & 1 ? 1n : 0n);
    return out;
  }
  const nbytes = (width / 8) * (complex ? 2 : 1);
  if (bytes.length !== nbytes && bytes.length !== nbytes * n) return undefined;
  const out: (bigint | number)[] = [];
  const step = width / 8;
  for (let off = 0; off < bytes.length; off += step) {
    let v = 0n;
    for (let b = step - 1; b >= 0; b--) v = (v << 8n) | BigInt(bytes[off + b]!);
    if (scalar instanceof FloatType) {
      const bits = BigInt.asUintN(FLOAT_WIDTH[scalar.kind], v);
      out.push(floatsAsBits ? bits : bitsToFloat(scalar.kind, bits));
    }
    else out.push(normalizeInteger(scalar, BigInt.asUintN(integerWidth(scalar), v)));
  }
  return out;
}

/**
 * `dense<"abc"> : tensor<2x!my.string>`, `dense<["a", "bc"]> : tensor<2x!my.string>`: dense elements whose
 * element type is not a number (MLIR's DenseStringElementsAttr): each element is a string.
 */
export class DenseStringElementsAttr extends Attribute {
  private constructor(
    private readonly shapedType: ShapedType,
    /** The row-major strings; a single one when `isSplat`. */
    readonly values: readonly string[],
    readonly isSplat: boolean,
  ) {
    super();
  }
  static get(ctx: Context, type: ShapedType, values: readonly string[]): DenseStringElementsAttr {
    const n = type.numElements;
    if (values.length !== 1 && values.length !== n) throw new Error(`dense string elements: ${values.length} values for ${n} elements`);
    const splat = values.length > 0 && values.every((v) => v === values[0]);
    const stored = splat ? [values[0]!] : [...values];
    return ctx.intern(`dstr${type.id}:${stored.map((v) => `${v.length}:${v}`).join('')}`, () => new DenseStringElementsAttr(type, stored, splat && n > 0));
  }
  override get type(): ShapedType {
    return this.shapedType;
  }
  at(i: number): string {
    return this.isSplat ? this.values[0]! : this.values[i]!;
  }
  print(w: AttrTypeWriter): void {
    w.write('dense<');
    w.write(this.literalText());
    w.write('> : ');
    w.printType(this.shapedType);
  }
  /** The elements as written between `dense<` and `>`. */
  literalText(): string {
    if (this.isSplat) return quoteString(this.values[0]!);
    if (this.values.length > 0) return nestedElementsText(this.shapedType.shape ?? [], (i) => quoteString(this.values[i]!));
    return '';
  }
}

/**
 * `name` as V8's internalized string of its characters (the string property keys are kept as), from a bounded
 * cache: names recur (`value`, `predicate`, `overflowFlags`) and each is internalized once.
 */
function internalizedName(name: string): string {
  let found = INTERNALIZED_NAMES.get(name);
  if (found === undefined) {
    if (INTERNALIZED_NAMES.size >= 1 << 16) INTERNALIZED_NAMES.clear();
    found = Object.keys({ [name]: 0 })[0] ?? name;
    INTERNALIZED_NAMES.set(found, found);
  }
  return found;
}
const INTERNALIZED_NAMES = new Map<string, string>();

/**
 * The entries a new dictionary keeps: `list`'s, with internalized names (see internalizedName), in an array made
 * by a literal for the common sizes. Like the entry objects, such an array can be allocated directly in the old
 * generation, where interned dictionaries end up (see IntegerAttr.make); a copy by `slice` would be copied there
 * by the collector. (A literal of objects has the shape of the IR's arrays: see packed-array.ts.)
 */
function sortedEntries(list: NamedAttribute[]): NamedAttribute[] {
  return list.sort((a, b) => compareNames(a.name, b.name));
}

function keptEntries(list: readonly NamedAttribute[]): NamedAttribute[] {
  switch (list.length) {
    case 0:
      return emptyPacked();
    case 1:
      return [keptEntry(list[0]!)];
    case 2:
      return [keptEntry(list[0]!), keptEntry(list[1]!)];
    case 3:
      return [keptEntry(list[0]!), keptEntry(list[1]!), keptEntry(list[2]!)];
    default:
      return mapPacked(list, keptEntry);
  }
}

/** A dictionary's entry for `e`, its name internalized. */
function keptEntry(e: NamedAttribute): NamedAttribute {
  return { name: internalizedName(e.name), value: e.value };
}

/**
 * The elements to store for `type` (two entries per complex element): the first alone when all are equal (a
 * splat, for a type with elements), else all of them; and whether it is a splat.
 */
function splatOrAll(type: ShapedType, elements: readonly bigint[]): [bigint[], boolean] {
  const per = type.elementType instanceof ComplexType ? 2 : 1;
  const n = type.numElements;
  if (elements.length !== per && elements.length !== n * per) throw new Error(`dense elements: ${elements.length / per} values for ${n} elements`);
  let splat = elements.length > 0;
  for (let i = per; splat && i < elements.length; i++) splat = elements[i] === elements[i % per];
  return [splat ? elements.slice(0, per) : [...elements], splat && n > 0];
}

/** `[[a, b], [c, d]]`: row-major elements nested by `shape`, as dense literals print. */
function nestedElementsText(shape: readonly number[], element: (index: number) => string): string {
  const parts: string[] = [];
  let index = 0;
  const rec = (dim: number): void => {
    if (dim === shape.length) {
      parts.push(element(index++));
      return;
    }
    parts.push('[');
    for (let i = 0; i < shape[dim]!; i++) {
      if (i) parts.push(', ');
      rec(dim + 1);
    }
    parts.push(']');
  };
  rec(0);
  return parts.join('');
}

/** `strided<[s0, s1], offset: o>`: a memref layout; `?` (DYNAMIC) for values known only at run time. */
export class StridedLayoutAttr extends Attribute {
  private constructor(
    readonly strides: readonly number[],
    readonly offset: number,
  ) {
    super();
  }
  static get(ctx: Context, strides: readonly number[], offset = 0): StridedLayoutAttr {
    return ctx.intern(`strided[${strides.join(',')}]${offset}`, () => new StridedLayoutAttr([...strides], offset));
  }
  print(w: AttrTypeWriter): void {
    const t = (n: number): string => (n === DYNAMIC ? '?' : String(n));
    w.write(`strided<[${this.strides.map(t).join(', ')}]`);
    if (this.offset !== 0) w.write(`, offset: ${t(this.offset)}`);
    w.write('>');
  }
}

/**
 * An attribute of an unregistered dialect (`#foo.bar<...>`, `#foo.bar<...> : i32`), kept verbatim with its type if
 * one follows; needs --allow-unregistered-dialect.
 */
export class OpaqueAttr extends Attribute {
  private constructor(
    readonly dialect: string,
    readonly data: string,
    private readonly attrType: Type | undefined,
  ) {
    super();
  }
  static get(ctx: Context, dialect: string, data: string, type?: Type): OpaqueAttr {
    return ctx.intern(`#${dialect}<${data}>${type ? `:${type.id}` : ''}`, () => new OpaqueAttr(dialect, data, type));
  }
  override get type(): Type | undefined {
    return this.attrType;
  }
  print(w: AttrTypeWriter): void {
    if (PRETTY_DIALECT_BODY.test(this.data)) w.write(`#${this.dialect}.${this.data}`);
    else w.write(`#${this.dialect}<${this.data}>`);
    if (this.attrType !== undefined && !(this.attrType instanceof NoneType)) {
      w.write(' : ');
      w.printType(this.attrType);
    }
  }
}


/** A location used as an attribute value (`loc("file":1:2)`). Not interned: locations compare structurally. */
export class LocationAttr extends Attribute {
  private constructor(readonly location: Location) {
    super();
  }
  static get(ctx: Context, location: Location): LocationAttr {
    ctx.mayHaveAliases = true;
    return ctx.intern(`loc(${formatLocation(location)})`, () => new LocationAttr(location));
  }
  print(w: AttrTypeWriter): void {
    w.write(`loc(${formatLocation(this.location)})`);
  }
}
