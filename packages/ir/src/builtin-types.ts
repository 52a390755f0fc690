import { AffineMapAttr } from './affine-attributes.js';
import type { AffineExpr } from './affine-expr.js';
import type { Attribute } from './attribute.js';
import type { StridedLayoutAttr } from './builtin-attributes.js';
import type { Context } from './context.js';
import { mixHash } from './param-hash.js';
import { FLOAT_WIDTH, type FloatKind } from './float-format.js';
import type { AttrTypeWriter } from './printer/text-writer.js';
import { Type } from './type.js';

/** Marks a dynamic size, stride or offset (`?` in the textual form), like MLIR's ShapedType::kDynamic. */
export const DYNAMIC = Number.MIN_SAFE_INTEGER;
export const isDynamic = (n: number): boolean => n === DYNAMIC;
const dimText = (n: number): string => (n === DYNAMIC ? '?' : String(n));

export type Signedness = 'signless' | 'signed' | 'unsigned';

/** `iN` (signless), `siN`, `uiN`. */
export class IntegerType extends Type {
  private constructor(
    readonly width: number,
    readonly signedness: Signedness,
  ) {
    super();
  }
  static get(ctx: Context, width: number, signedness: Signedness = 'signless'): IntegerType {
    return ctx.intern(`int:${signedness}:${width}`, () => new IntegerType(width, signedness));
  }
  isSignless(width?: number): boolean {
    return this.signedness === 'signless' && (width === undefined || width === this.width);
  }
  print(w: AttrTypeWriter): void {
    w.write((this.signedness === 'signed' ? 'si' : this.signedness === 'unsigned' ? 'ui' : 'i') + this.width);
  }
}

/** `index`: a target-sized integer used for sizes and induction variables (64 bits in folding). */
export class IndexType extends Type {
  private constructor() {
    super();
  }
  static get(ctx: Context): IndexType {
    return ctx.intern('index', () => new IndexType());
  }
  print(w: AttrTypeWriter): void {
    w.write('index');
  }
}

/** `f16`, `bf16`, `f32`, `tf32`, `f64`, and the small formats `f8E4M3FN`, `f6E3M2FN`, `f4E2M1FN`, ... */
export class FloatType extends Type {
  private constructor(readonly kind: FloatKind) {
    super();
  }
  static get(ctx: Context, kind: FloatKind): FloatType {
    return ctx.intern(kind, () => new FloatType(kind));
  }
  get width(): number {
    return FLOAT_WIDTH[this.kind];
  }
  print(w: AttrTypeWriter): void {
    w.write(this.kind);
  }
}

/** `none`. */
export class NoneType extends Type {
  private constructor() {
    super();
  }
  static get(ctx: Context): NoneType {
    return ctx.intern('none', () => new NoneType());
  }
  print(w: AttrTypeWriter): void {
    w.write('none');
  }
}

const typeListKey = (ts: readonly Type[]): string => ts.map((t) => t.id).join(',');

function sameTypes(a: readonly Type[], b: readonly Type[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/** What the hashes of function types start from (see Context.internByHash). */
const FUNCTION_TYPE_HASH = 0x4d5e6f70;

/** `(inputs) -> results`; a single result that is not a function type prints without parentheses. */
export class FunctionType extends Type {
  private constructor(
    readonly inputs: readonly Type[],
    readonly results: readonly Type[],
  ) {
    super();
  }
  static get(ctx: Context, inputs: readonly Type[], results: readonly Type[]): FunctionType {
    // Interned by a hash of the parameters: every distinct op signature is one.
    let hash = mixHash(mixHash(FUNCTION_TYPE_HASH, inputs.length), results.length);
    for (let i = 0; i < inputs.length; i++) hash = mixHash(hash, inputs[i]!.id);
    for (let i = 0; i < results.length; i++) hash = mixHash(hash, results[i]!.id);
    const found = ctx.internedByHash(hash);
    if (found instanceof FunctionType) {
      if (sameTypes(found.inputs, inputs) && sameTypes(found.results, results)) return found;
    } else if (Array.isArray(found)) {
      for (const t of found) if (t instanceof FunctionType && sameTypes(t.inputs, inputs) && sameTypes(t.results, results)) return t;
    }
    return ctx.internByHash(hash, new FunctionType([...inputs], [...results]));
  }
  print(w: AttrTypeWriter): void {
    w.write('(');
    printTypeList(w, this.inputs);
    w.write(') -> ');
    const r = this.results;
    if (r.length === 1 && !(r[0] instanceof FunctionType)) w.printType(r[0]!);
    else {
      w.write('(');
      printTypeList(w, r);
      w.write(')');
    }
  }
}

export function printTypeList(w: AttrTypeWriter, types: readonly Type[]): void {
  for (let i = 0; i < types.length; i++) {
    if (i) w.write(', ');
    w.printType(types[i]!);
  }
}

/** `tuple<t1, t2>`. */
export class TupleType extends Type {
  private constructor(readonly types: readonly Type[]) {
    super();
  }
  static get(ctx: Context, types: readonly Type[]): TupleType {
    if (types.length > 16) ctx.mayHaveAliases = true;
    return ctx.intern(`tuple<${typeListKey(types)}>`, () => new TupleType([...types]));
  }
  print(w: AttrTypeWriter): void {
    w.write('tuple<');
    printTypeList(w, this.types);
    w.write('>');
  }
}

/** `complex<f32>`. */
export class ComplexType extends Type {
  private constructor(readonly elementType: Type) {
    super();
  }
  static get(ctx: Context, elementType: Type): ComplexType {
    return ctx.intern(`complex<${elementType.id}>`, () => new ComplexType(elementType));
  }
  print(w: AttrTypeWriter): void {
    w.write('complex<');
    w.printType(this.elementType);
    w.write('>');
  }
}

/** Types with an element type and (possibly) a shape: vector, tensor, memref. */
export abstract class ShapedType extends Type {
  abstract readonly elementType: Type;
  /** The sizes, `DYNAMIC` for `?`; undefined for unranked types. */
  abstract readonly shape: readonly number[] | undefined;
  get rank(): number | undefined {
    return this.shape?.length;
  }
  get hasStaticShape(): boolean {
    return this.shape !== undefined && this.shape.every((d) => d !== DYNAMIC);
  }
  /** The number of elements of a static shape. */
  get numElements(): number {
    if (!this.shape || !this.hasStaticShape) throw new Error('numElements of a dynamically shaped type');
    return this.shape.reduce((a, b) => a * b, 1);
  }
}

function printShape(w: AttrTypeWriter, shape: readonly number[], scalable?: readonly boolean[]): void {
  for (let i = 0; i < shape.length; i++) {
    w.write(scalable?.[i] ? `[${dimText(shape[i]!)}]x` : `${dimText(shape[i]!)}x`);
  }
}

/** `vector<4x[8]xf32>`: static shape, dimensions may be scalable (`[8]`); `vector<f32>` is 0-d. */
export class VectorType extends ShapedType {
  private constructor(
    readonly shape: readonly number[],
    readonly elementType: Type,
    readonly scalableDims: readonly boolean[],
  ) {
    super();
  }
  static get(ctx: Context, shape: readonly number[], elementType: Type, scalableDims?: readonly boolean[]): VectorType {
    const sc = scalableDims ?? shape.map(() => false);
    return ctx.intern(`vector<${shape.join('x')};${sc.map(Number).join('')};${elementType.id}>`, () => new VectorType([...shape], elementType, [...sc]));
  }
  print(w: AttrTypeWriter): void {
    w.write('vector<');
    printShape(w, this.shape, this.scalableDims);
    w.printType(this.elementType);
    w.write('>');
  }
}

/** `tensor<?x4xf32>`, optionally with an encoding attribute. */
export class RankedTensorType extends ShapedType {
  private constructor(
    readonly shape: readonly number[],
    readonly elementType: Type,
    readonly encoding: Attribute | undefined,
  ) {
    super();
  }
  static get(ctx: Context, shape: readonly number[], elementType: Type, encoding?: Attribute): RankedTensorType {
    return ctx.intern(`tensor<${shape.join('x')};${elementType.id};${encoding?.id ?? ''}>`, () => new RankedTensorType([...shape], elementType, encoding));
  }
  print(w: AttrTypeWriter): void {
    w.write('tensor<');
    printShape(w, this.shape);
    w.printType(this.elementType);
    if (this.encoding) {
      w.write(', ');
      w.printAttribute(this.encoding);
    }
    w.write('>');
  }
}

/** `tensor<*xf32>`. */
export class UnrankedTensorType extends ShapedType {
  readonly shape = undefined;
  private constructor(readonly elementType: Type) {
    super();
  }
  static get(ctx: Context, elementType: Type): UnrankedTensorType {
    return ctx.intern(`tensor<*;${elementType.id}>`, () => new UnrankedTensorType(elementType));
  }
  print(w: AttrTypeWriter): void {
    w.write('tensor<*x');
    w.printType(this.elementType);
    w.write('>');
  }
}

/**
 * `memref<4x?xf32, strided<[1, 4], offset: ?>, 3>`: a buffer reference with a shape, an optional strided layout
 * (absent = identity, i.e. row-major contiguous, as in MLIR) and an optional memory space.
 */
export class MemRefType extends ShapedType {
  private constructor(
    readonly shape: readonly number[],
    readonly elementType: Type,
    /** A strided layout, an affine map that is not the identity, or none (the row-major identity). */
    readonly layout: StridedLayoutAttr | AffineMapAttr | undefined,
    readonly memorySpace: Attribute | undefined,
  ) {
    super();
  }
  static get(
    ctx: Context,
    shape: readonly number[],
    elementType: Type,
    layout?: StridedLayoutAttr | AffineMapAttr,
    memorySpace?: Attribute,
  ): MemRefType {
    memorySpace = skipDefaultMemorySpace(memorySpace);
    // An identity map is the default layout (MLIR does not print it).
    if (layout instanceof AffineMapAttr && layout.isIdentity) layout = undefined;
    return ctx.intern(
      `memref<${shape.join('x')};${elementType.id};${layout?.id ?? ''};${memorySpace?.id ?? ''}>`,
      () => new MemRefType([...shape], elementType, layout, memorySpace),
    );
  }
  /**
   * The layout as strides and an offset, when it has that form: a strided layout, none, or an affine map that
   * is a sum of dimensions times constants or symbols plus an offset (`(d0, d1)[s0] -> (d0 * 8 + d1 + s0)`).
   * Undefined for other maps (permutations, floordiv, several results).
   */
  get stridedLayout(): { strides: number[]; offset: number } | undefined {
    const l = this.layout;
    if (l instanceof AffineMapAttr) return affineMapStrides(l, this.shape.length);
    return this.getStridesAndOffset();
  }
  /**
   * The layout as strides and an offset, or undefined when the memref has no layout (the row-major identity).
   * Throws for an affine map that has no strided form (ask `stridedLayout` first where such maps can reach).
   */
  explicitLayout(): { strides: number[]; offset: number } | undefined {
    return this.layout === undefined ? undefined : this.getStridesAndOffset();
  }
  /** The strides and offset: the layout's, or the row-major identity ones (dynamic where sizes are dynamic). */
  getStridesAndOffset(): { strides: number[]; offset: number } {
    const l = this.layout;
    if (l !== undefined && !(l instanceof AffineMapAttr)) return { strides: [...l.strides], offset: l.offset };
    if (l instanceof AffineMapAttr) {
      const s = affineMapStrides(l, this.shape.length);
      if (!s) throw new Error(`the layout of '${this}' is not strided`);
      return s;
    }
    // Made innermost first and reversed: a packed array, like the layouts' (see packed-array.ts).
    const strides: number[] = [];
    let running = 1;
    for (let i = this.shape.length - 1; i >= 0; i--) {
      strides.push(running);
      const d = this.shape[i]!;
      running = running === DYNAMIC || d === DYNAMIC ? DYNAMIC : running * d;
    }
    return { strides: strides.reverse(), offset: 0 };
  }
  print(w: AttrTypeWriter): void {
    w.write('memref<');
    printShape(w, this.shape);
    w.printType(this.elementType);
    if (this.layout) {
      w.write(', ');
      w.printAttribute(this.layout);
    }
    if (this.memorySpace) {
      w.write(', ');
      w.printAttribute(this.memorySpace, 1 /* TypeElision.May: `3` rather than `3 : i64` */);
    }
    w.write('>');
  }
}

/**
 * The strides and offset of an affine map layout of `rank` dimensions that is a sum of terms `d_i * c`, `d_i * s_j`,
 * constants and symbols (MLIR's getStridesAndOffset): a symbolic stride or offset is dynamic. Undefined when the map
 * is not of that form.
 */
function affineMapStrides(map: AffineMapAttr, rank: number): { strides: number[]; offset: number } | undefined {
  if (map.results.length !== 1 || map.numDims !== rank) return undefined;
  const strides = new Array<number>(rank).fill(0);
  const seen = new Array<boolean>(rank).fill(false);
  let offset = 0;
  const addTerm = (e: AffineExpr): boolean => {
    if (e.kind === 'add') return addTerm(e.lhs!) && addTerm(e.rhs!);
    if (e.kind === 'constant') {
      if (offset !== DYNAMIC) offset += e.value;
      return true;
    }
    if (e.kind === 'symbol') {
      offset = DYNAMIC;
      return true;
    }
    let dim: AffineExpr | undefined;
    let coef = 1;
    if (e.kind === 'dim') dim = e;
    else if (e.kind === 'mul' && e.lhs!.kind === 'dim') {
      dim = e.lhs!;
      const r = e.rhs!;
      if (r.kind === 'constant') coef = r.value;
      else if (r.kind === 'symbol') coef = DYNAMIC;
      else return false;
    } else if (e.kind === 'mul' && e.isSymbolicOrConstant) {
      offset = DYNAMIC;
      return true;
    } else return false;
    if (seen[dim.value]) return false;
    seen[dim.value] = true;
    strides[dim.value] = coef;
    return true;
  };
  return addTerm(map.results[0]!) ? { strides, offset } : undefined;
}

/** The integer memory space 0 is the default one: no memory space (as MLIR's skipDefaultMemorySpace). */
function skipDefaultMemorySpace(space: Attribute | undefined): Attribute | undefined {
  // An IntegerAttr of value 0, recognized by its type and value rather than its class: builtin-attributes imports
  // this module's types, and importing its classes back would form a circle.
  const type = space?.type;
  const isInteger = type instanceof IntegerType || type instanceof IndexType;
  return isInteger && (space as Attribute & { readonly value?: unknown }).value === 0n ? undefined : space;
}

/** `memref<*xf32>`, optionally with a memory space. */
export class UnrankedMemRefType extends ShapedType {
  readonly shape = undefined;
  private constructor(
    readonly elementType: Type,
    readonly memorySpace: Attribute | undefined,
  ) {
    super();
  }
  static get(ctx: Context, elementType: Type, memorySpace?: Attribute): UnrankedMemRefType {
    memorySpace = skipDefaultMemorySpace(memorySpace);
    return ctx.intern(`memref<*;${elementType.id};${memorySpace?.id ?? ''}>`, () => new UnrankedMemRefType(elementType, memorySpace));
  }
  print(w: AttrTypeWriter): void {
    w.write('memref<*x');
    w.printType(this.elementType);
    if (this.memorySpace) {
      w.write(', ');
      w.printAttribute(this.memorySpace, 1);
    }
    w.write('>');
  }
}

/**
 * When a dialect symbol's body can follow a `.` (`!d.name<...>`) rather than be wrapped (`!d<body>`): MLIR's
 * isDialectSymbolSimpleEnoughForPrettyForm (a letter, then letters, digits, `.` or `_`, then `<...>` or nothing).
 */
const PRETTY_DIALECT_BODY = /^[A-Za-z][A-Za-z0-9_.]*(<[^]*>)?$/;

/** A type of a dialect that is not registered (`!foo.bar<...>`), kept verbatim; needs --allow-unregistered-dialect. */
export class OpaqueType extends Type {
  private constructor(
    readonly dialect: string,
    readonly data: string,
  ) {
    super();
  }
  static get(ctx: Context, dialect: string, data: string): OpaqueType {
    return ctx.intern(`!${dialect}<${data}>`, () => new OpaqueType(dialect, data));
  }
  print(w: AttrTypeWriter): void {
    if (PRETTY_DIALECT_BODY.test(this.data)) w.write(`!${this.dialect}.${this.data}`);
    else w.write(`!${this.dialect}<${this.data}>`);
  }
}

export { PRETTY_DIALECT_BODY };
