import {
  ArrayParameter,
  FloatType,
  IndexType,
  IntParameter,
  IntegerType,
  TypeParameter,
  defineType,
  packedStrides,
  type AttrTypeWriter,
  type Context,
  type DialectAsmParser,
  type Location,
  type Type,
} from '@tlir/ir';

/** A dynamic mode size, stride or offset (`?`). */
export const DYNAMIC = -1;

const fmt = (n: number): string => (n === DYNAMIC ? '?' : String(n));

/**
 * A static size, stride or offset read from MLIR text as the number types hold, or an error: numbers are exact up
 * to 2^53-1, as the front end also requires.
 */
export function staticNumber(p: DialectAsmParser, v: bigint, loc: Location): number {
  if (v > BigInt(Number.MAX_SAFE_INTEGER) || v < -BigInt(Number.MAX_SAFE_INTEGER)) {
    p.emitError(`${v} is too large for a static size, stride or offset (at most 2^53-1)`, loc);
  }
  return Number(v);
}

/** Whether `t` is a scalar type of the tensor language (i1, i8, i16, i32, i64, index, f32, f64). */
export function isScalarType(t: Type): boolean {
  if (t instanceof IndexType) return true;
  if (t instanceof IntegerType) return t.signedness === 'signless' && [1, 8, 16, 32, 64].includes(t.width);
  return t instanceof FloatType && (t.kind === 'f32' || t.kind === 'f64');
}
export const isIntegerType = (t: Type): boolean => t instanceof IndexType || (t instanceof IntegerType && isScalarType(t));
export const isFloatType = (t: Type): boolean => t instanceof FloatType && isScalarType(t);
export const isBool = (t: Type): boolean => t instanceof IntegerType && t.width === 1;

/** The tensor language's name of a scalar type. */
export function scalarTypeFromName(ctx: Context, name: string): Type | undefined {
  switch (name) {
    case 'i1':
    case 'i8':
    case 'i16':
    case 'i32':
    case 'i64':
      return IntegerType.get(ctx, Number(name.slice(1)));
    case 'index':
      return IndexType.get(ctx);
    case 'f32':
    case 'f64':
      return FloatType.get(ctx, name);
  }
  return undefined;
}

/** The packed column-major strides of a shape (spec: the default packed dense layout); dynamic after a '?'. */
export function defaultStrides(shape: readonly number[]): number[] {
  return packedStrides(shape, 'column-major', DYNAMIC);
}

/** Checks a strided layout against a shape (spec: 1 <= S_1, S_{i-1} s_{i-1} <= S_i where known). */
export function checkStrides(shape: readonly number[], strides: readonly number[]): string | undefined {
  if (strides.length !== shape.length) return `strided layout has ${strides.length} stride${strides.length === 1 ? '' : 's'}, but the memref has order ${shape.length}`;
  for (const s of shape) if (s !== DYNAMIC && s < 0) return `mode size must be non-negative, got ${s}`;
  if (strides.length && strides[0] !== DYNAMIC && strides[0]! < 1) return `first stride must be at least 1, got ${strides[0]}`;
  for (let i = 1; i < strides.length; i++) {
    const [a, s, b] = [strides[i - 1]!, shape[i - 1]!, strides[i]!];
    if (a !== DYNAMIC && s !== DYNAMIC && b !== DYNAMIC && a * s > b) {
      return `stride ${i + 1} (${b}) must be at least stride ${i} times mode size ${i} (${a}*${s})`;
    }
  }
  return undefined;
}

function printMemref(v: { elementType: Type; shape: readonly number[]; strides: readonly number[] }, w: AttrTypeWriter): void {
  w.write('<');
  w.printType(v.elementType);
  for (const s of v.shape) w.write(`x${fmt(s)}`);
  const def = defaultStrides(v.shape);
  if (v.strides.some((s, i) => s !== def[i])) w.write(`,strided<${v.strides.map(fmt).join(',')}>`);
  w.write('>');
}

/** Reads `f32x5x?x7` in MLIR text, where the lexer cuts it into identifiers (`f32x5x`, `x7`) and `?`. */
function parseMemrefBody(p: DialectAsmParser): { elementType: Type; shape: number[]; strides: number[] } {
  const loc = p.getCurrentLocation();
  let text = '';
  for (;;) {
    if (p.parseOptionalQuestion()) text += '?';
    else {
      const id = p.parseOptionalIdentifier();
      if (id !== undefined) text += id;
      else {
        const n = p.parseOptionalInteger();
        if (n === undefined) break;
        text += String(n);
      }
    }
  }
  const parts = text.split('x');
  const elementType = scalarTypeFromName(p.context, parts[0]!);
  if (!elementType) p.emitError(`expected a scalar type, got '${parts[0]}'`, loc);
  const shape = parts.slice(1).map((s) => (s === '?' ? DYNAMIC : /^\d+$/.test(s) ? staticNumber(p, BigInt(s), loc) : p.emitError(`invalid mode size '${s}'`, loc)));
  let strides = defaultStrides(shape);
  if (p.parseOptionalComma()) {
    p.parseKeyword('strided');
    p.parseLess();
    const list: number[] = [];
    if (!p.parseOptionalGreater()) {
      do {
        const at = p.getCurrentLocation();
        list.push(p.parseOptionalQuestion() ? DYNAMIC : staticNumber(p, p.parseInteger(), at));
      } while (p.parseOptionalComma());
      p.parseGreater();
    }
    strides = list;
  }
  return { elementType: elementType!, shape, strides };
}

/**
 * `!tl.memref<f32x5x6x7>`: a reference to a strided region of memory (spec: Memref type). The strides are
 * always stored (the packed column-major ones when the text gives none), so `memref<f32x5x6x7>` and
 * `memref<f32x5x6x7,strided<1,5,30>>` are one type.
 */
export const TlMemrefType = defineType('tl.memref', {
  summary: 'A reference to a strided region of memory',
  parameters: { elementType: TypeParameter, shape: ArrayParameter(IntParameter), strides: ArrayParameter(IntParameter) },
  parse: (p) => {
    p.parseLess();
    const body = parseMemrefBody(p);
    p.parseGreater();
    return body;
  },
  print: (v, w) => printMemref(v, w),
  verify: (v) => (isScalarType(v.elementType) ? checkStrides(v.shape, v.strides) : `element type must be a scalar type, got ${v.elementType}`),
});
export type TlMemrefType = ReturnType<typeof TlMemrefType.get>;

/** `!tl.group<memref<f32x16x8>, offset: ?>`: pointers to memrefs (spec: Group type). */
export const TlGroupType = defineType('tl.group', {
  summary: 'A group of memrefs with an optional offset',
  parameters: { memrefType: TypeParameter, offset: IntParameter },
  parse: (p) => {
    p.parseLess();
    p.parseKeyword('memref');
    p.parseLess();
    const body = parseMemrefBody(p);
    p.parseGreater();
    let offset = 0;
    if (p.parseOptionalComma()) {
      p.parseKeyword('offset');
      p.parseColon();
      const at = p.getCurrentLocation();
      offset = p.parseOptionalQuestion() ? DYNAMIC : staticNumber(p, p.parseInteger(), at);
    }
    p.parseGreater();
    return { memrefType: TlMemrefType.get(p.context, body), offset };
  },
  print: (v, w) => {
    w.write('<memref');
    printMemref(v.memrefType as TlMemrefType, w);
    if (v.offset !== 0) w.write(`, offset: ${fmt(v.offset)}`);
    w.write('>');
  },
  verify: (v) => {
    if (!TlMemrefType.is(v.memrefType)) return 'a group holds memrefs';
    return v.offset === DYNAMIC || v.offset >= 0 ? undefined : `the offset must be non-negative or ?, got ${v.offset}`;
  },
});
export type TlGroupType = ReturnType<typeof TlGroupType.get>;

/** `!tl.void`. */
export const VoidType = defineType('tl.void', { summary: 'The void type' });

export function memref(ctx: Context, elementType: Type, shape: readonly number[], strides?: readonly number[]): TlMemrefType {
  return TlMemrefType.get(ctx, { elementType, shape, strides: strides ?? defaultStrides(shape) });
}

/** The tensor-language text of a type (`memref<f32x4,strided<2>>`, `group<...>`, `f32`). */
export function tlTypeText(t: Type): string {
  if (TlMemrefType.is(t)) {
    const def = defaultStrides(t.shape);
    const layout = t.strides.some((s, i) => s !== def[i]) ? `,strided<${t.strides.map(fmt).join(',')}>` : '';
    return `memref<${t.elementType}${t.shape.map((s) => `x${fmt(s)}`).join('')}${layout}>`;
  }
  if (TlGroupType.is(t)) return `group<${tlTypeText(t.memrefType)}${t.offset !== 0 ? `, offset: ${fmt(t.offset)}` : ''}>`;
  if (VoidType.is(t)) return 'void';
  return String(t);
}
