import { Attribute } from './attribute.js';
import { DYNAMIC, FloatType, IndexType, IntegerType, NoneType, PRETTY_DIALECT_BODY, type ShapedType } from './builtin-types.js';
import type { Context } from './context.js';
import { bitsToFloat, floatToBits, formatFloat, type FloatKind } from './float-format.js';
import { printIdentifierOrString, quoteString } from './printer/escape.js';
import { TypeElision, type AttrTypeWriter } from './printer/text-writer.js';
import type { Type } from './type.js';
import type { Location } from './location.js';
import { formatLocation } from './printer/location-printer.js';

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

/** `42 : i32`, `true`/`false` (i1), `5 : index`. The value is normalized to the type (see `normalizeInteger`). */
export class IntegerAttr extends Attribute {
  private constructor(
    private readonly intType: Type,
    readonly value: bigint,
  ) {
    super();
  }
  static get(ctx: Context, type: Type, value: bigint | number): IntegerAttr {
    const v = normalizeInteger(type, BigInt(value));
    return ctx.intern(`int${type.id}:${v}`, () => new IntegerAttr(type, v));
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
    w.write(printIntValue(this.intType, this.value));
    if (this.isBool) return;
    if (elision === TypeElision.May && this.intType instanceof IntegerType && this.intType.isSignless(64)) return;
    w.write(' : ');
    w.printType(this.intType);
  }
}

/** `1.000000e+00 : f32`, `0x7FC00000 : f32`. Stored as the exact bit pattern, so NaN payloads survive. */
export class FloatAttr extends Attribute {
  private constructor(
    private readonly floatType: FloatType,
    readonly bits: bigint,
    readonly value: number,
  ) {
    super();
  }
  /** The attribute for `value` rounded to the type. */
  static get(ctx: Context, type: FloatType, value: number): FloatAttr {
    return FloatAttr.getFromBits(ctx, type, floatToBits(type.kind, value));
  }
  static getFromBits(ctx: Context, type: FloatType, bits: bigint): FloatAttr {
    return ctx.intern(`float${type.id}:${bits}`, () => new FloatAttr(type, bits, bitsToFloat(type.kind, bits)));
  }
  override get type(): FloatType {
    return this.floatType;
  }
  print(w: AttrTypeWriter, elision: TypeElision): void {
    const text = formatFloat(this.floatType.kind, this.bits);
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

/** `{a = 1 : i64, flag}`: entries sorted by name (as MLIR keeps them), names unique. */
export class DictionaryAttr extends Attribute {
  private constructor(readonly entries: readonly NamedAttribute[]) {
    super();
  }
  /** Builds a dictionary; entries are sorted by name. Throws on a duplicate name (callers diagnose first). */
  static get(ctx: Context, entries: readonly NamedAttribute[] | ReadonlyMap<string, Attribute>): DictionaryAttr {
    const list = entries instanceof Map ? [...entries].map(([name, value]) => ({ name, value })) : [...(entries as readonly NamedAttribute[])];
    list.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    for (let i = 1; i < list.length; i++) {
      if (list[i]!.name === list[i - 1]!.name) throw new Error(`duplicate key '${list[i]!.name}' in dictionary attribute`);
    }
    let key = 'dict{';
    for (const e of list) key += `${e.name.length}:${e.name}=${e.value.id},`;
    return ctx.intern(key, () => new DictionaryAttr(list));
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
    readonly values: readonly (bigint | number)[],
  ) {
    super();
  }
  static get(ctx: Context, elementType: IntegerType | FloatType, values: readonly (bigint | number)[]): DenseArrayAttr {
    const norm =
      elementType instanceof IntegerType
        ? values.map((v) => normalizeInteger(elementType, BigInt(v)))
        : values.map((v) => bitsToFloat(elementType.kind, floatToBits(elementType.kind, Number(v))));
    const key = `darr${elementType.id}:${norm.map((v) => (typeof v === 'number' ? floatToBits((elementType as FloatType).kind, v) : v)).join(',')}`;
    return ctx.intern(key, () => new DenseArrayAttr(elementType, norm));
  }
  get size(): number {
    return this.values.length;
  }
  /** The values as JS numbers (exact for integers below 2^53). */
  get numbers(): number[] {
    return this.values.map((v) => Number(v));
  }
  print(w: AttrTypeWriter): void {
    w.write('array<');
    w.printType(this.elementType);
    if (this.values.length) {
      w.write(': ');
      w.write(this.values.map((v) => formatElement(this.elementType, v)).join(', '));
    }
    w.write('>');
  }
}

function formatElement(t: Type, v: bigint | number): string {
  if (t instanceof FloatType) return formatFloat(t.kind, floatToBits(t.kind, v as number));
  return printIntValue(t, v as bigint);
}

/**
 * `dense<[[1, 2], [3, 4]]> : tensor<2x2xi32>`, `dense<1.0> : vector<4xf32>` (splat): the elements of a
 * statically shaped tensor or vector of integers, index or floats, flattened in row-major order.
 */
export class DenseElementsAttr extends Attribute {
  private constructor(
    private readonly shapedType: ShapedType,
    /** The row-major elements; a single element when `isSplat`. */
    readonly values: readonly (bigint | number)[],
    readonly isSplat: boolean,
  ) {
    super();
  }
  static get(ctx: Context, type: ShapedType, values: readonly (bigint | number)[]): DenseElementsAttr {
    const et = type.elementType;
    const n = type.numElements;
    const isFloat = et instanceof FloatType;
    const norm = values.map((v) => (isFloat ? bitsToFloat(et.kind, floatToBits(et.kind, Number(v))) : normalizeInteger(et, BigInt(v))));
    if (norm.length !== 1 && norm.length !== n) throw new Error(`dense elements: ${norm.length} values for ${n} elements`);
    const splat = norm.length === 1 || (norm.length > 0 && norm.every((v) => sameElement(v, norm[0]!, et)));
    const stored = splat && norm.length > 0 ? [norm[0]!] : norm;
    const key = `dense${type.id}:${stored.map((v) => (isFloat ? floatToBits((et as FloatType).kind, v as number) : v)).join(',')}`;
    return ctx.intern(key, () => new DenseElementsAttr(type, stored, splat && n > 0));
  }
  override get type(): ShapedType {
    return this.shapedType;
  }
  /** Element `i` of the row-major order. */
  at(i: number): bigint | number {
    return this.isSplat ? this.values[0]! : this.values[i]!;
  }
  print(w: AttrTypeWriter): void {
    const et = this.shapedType.elementType;
    w.write('dense<');
    if (this.isSplat) w.write(formatElement(et, this.values[0]!));
    else if (this.values.length > 0) {
      const shape = this.shapedType.shape ?? [];
      const parts: string[] = [];
      let index = 0;
      const rec = (dim: number): void => {
        if (dim === shape.length) {
          parts.push(formatElement(et, this.values[index++]!));
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
      w.write(parts.join(''));
    }
    w.write('> : ');
    w.printType(this.shapedType);
  }
}

function sameElement(a: bigint | number, b: bigint | number, et: Type): boolean {
  if (et instanceof FloatType) return floatToBits(et.kind, a as number) === floatToBits(et.kind, b as number);
  return a === b;
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

/** An attribute of an unregistered dialect (`#foo.bar<...>`), kept verbatim; needs --allow-unregistered-dialect. */
export class OpaqueAttr extends Attribute {
  private constructor(
    readonly dialect: string,
    readonly data: string,
  ) {
    super();
  }
  static get(ctx: Context, dialect: string, data: string): OpaqueAttr {
    return ctx.intern(`#${dialect}<${data}>`, () => new OpaqueAttr(dialect, data));
  }
  print(w: AttrTypeWriter): void {
    if (PRETTY_DIALECT_BODY.test(this.data)) w.write(`#${this.dialect}.${this.data}`);
    else w.write(`#${this.dialect}<${this.data}>`);
  }
}


/** A location used as an attribute value (`loc("file":1:2)`). Not interned: locations compare structurally. */
export class LocationAttr extends Attribute {
  private constructor(readonly location: Location) {
    super();
  }
  static get(ctx: Context, location: Location): LocationAttr {
    return ctx.intern(`loc(${formatLocation(location)})`, () => new LocationAttr(location));
  }
  print(w: AttrTypeWriter): void {
    w.write(`loc(${formatLocation(this.location)})`);
  }
}
