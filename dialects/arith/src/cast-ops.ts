// Casts: `%r = arith.extsi %x : i8 to i32`, between integer widths, float widths, integers and floats, integers and
// index, and bit casts. Elementwise: a vector or tensor casts to one of the same shape.
import {
  DefaultValuedAttr,
  DenseElementsAttr,
  Elementwise,
  FloatAttr,
  FloatLike,
  FloatType,
  IndexType,
  IntegerAttr,
  IntegerType,
  MemRefType,
  OptionalAttr,
  Pure,
  RankedTensorType,
  SameOperandsAndResultShape,
  ShapedType,
  UnrankedTensorType,
  VectorType,
  defineOp,
  floatToBits,
  bitsToFloat,
  isWideFloatKind,
  isCompatibleShape,
  integerWidth,
  type Attribute,
  type OpFoldResult,
  type Operation,
  type Trait,
  type Type,
  type Value,
} from '@tlir/ir';
import { FastMath, FastMathAttr, IntegerOverflow, IntegerOverflowAttr, RoundingModeAttr, flagsOf } from './arith-attributes.js';
import { CastOpInterface, SameInputOutputTensorDims } from './arith-traits.js';
import { BitcastType, IndexCastType, SignlessFixedWidthIntegerLike, elementTypeOf } from './arith-types.js';
import { signed, unsigned } from './fold/apint.js';
import { convertFloatExactly, floatToInteger, integerToFloat } from './fold/apfloat.js';
import { foldUnary } from './fold/constant-folding.js';
import { definedBy } from './fold/fold-helpers.js';

const CAST = '$in attr-dict `:` type($in) `to` type($out)';

/** The scalar type of a scalar, vector or tensor (with `memrefs`, of a memref too); undefined for other shapes. */
function underlying(t: Type, memrefs: boolean): Type | undefined {
  if (t instanceof VectorType || t instanceof RankedTensorType || t instanceof UnrankedTensorType) return t.elementType;
  if (t instanceof MemRefType) return memrefs ? t.elementType : undefined;
  if (t instanceof ShapedType) return undefined;
  return t;
}

/** MLIR's areValidCastInputsAndOutputs: the same tensor encoding and compatible shapes. */
function validCast(input: Type, output: Type): boolean {
  if (input instanceof RankedTensorType && output instanceof RankedTensorType && input.encoding !== output.encoding) return false;
  return isCompatibleShape(input, output);
}

const widthOf = (t: Type): number => (t instanceof FloatType ? t.width : (t as IntegerType).width);

/** A cast between two integer (or two float) types whose widths compare as `cmp` says (MLIR's checkWidthChangeCast). */
function widthChange(cls: typeof IntegerType | typeof FloatType, cmp: (dst: number, src: number) => boolean): (i: Type, o: Type) => boolean {
  return (i, o) => {
    if (!validCast(i, o)) return false;
    const s = underlying(i, false);
    const d = underlying(o, false);
    return s instanceof cls && d instanceof cls && cmp(widthOf(d), widthOf(s));
  };
}
const wider = (d: number, s: number): boolean => d > s;
const narrower = (d: number, s: number): boolean => d < s;

/** MLIR's checkIntFloatCast. */
function intFloatCast(from: typeof IntegerType | typeof FloatType, to: typeof IntegerType | typeof FloatType): (i: Type, o: Type) => boolean {
  return (i, o) => validCast(i, o) && underlying(i, false) instanceof from && underlying(o, false) instanceof to;
}

/**
 * The traits of a cast, in MLIR's order. The width rules of MLIR's ext/trunc verifiers (`result type 'i32' must be
 * wider than operand type 'i64'`) are the cast compatibility check's too, which runs first: they never fire.
 */
function castTraits(name: string, compatible: (i: Type, o: Type) => boolean, ...own: Trait[]): Trait[] {
  return [SameInputOutputTensorDims, Pure, ...own, SameOperandsAndResultShape, CastOpInterface(name, compatible), Elementwise];
}

const intWidth = (t: Type): number => integerWidth(elementTypeOf(t));
const floatKind = (t: Type) => (elementTypeOf(t) as FloatType).kind;

export const ExtUIOp = defineOp('arith.extui', {
  summary: 'integer zero extension operation',
  description: `
Extends an integer to a wider type, filling the new high bits with zeros.

\`\`\`mlir
%2 = arith.extui %1 : i3 to i6
%5 = arith.extui %0 : vector<2 x i32> to vector<2 x i64>
\`\`\`
`,
  operands: { in: SignlessFixedWidthIntegerLike },
  results: { out: SignlessFixedWidthIntegerLike },
  traits: castTraits('arith.extui', widthChange(IntegerType, wider)),
  assemblyFormat: CAST,
  fold({ op, in: input }): OpFoldResult | undefined {
    const inner = definedBy(op.in, ExtUIOp);
    if (inner) {
      op.op.setOperand(0, inner.in);
      return op.out;
    }
    const w = intWidth(op.in.type);
    return foldUnary(op.op.context, input, 'int', (a: bigint) => unsigned(a, w), op.out.type);
  },
});

export const ExtSIOp = defineOp('arith.extsi', {
  summary: 'integer sign extension operation',
  description: `
Extends an integer to a wider type, filling the new high bits with copies of the sign bit.

\`\`\`mlir
%2 = arith.extsi %1 : i3 to i6
\`\`\`
`,
  operands: { in: SignlessFixedWidthIntegerLike },
  results: { out: SignlessFixedWidthIntegerLike },
  traits: castTraits('arith.extsi', widthChange(IntegerType, wider)),
  assemblyFormat: CAST,
  fold({ op, in: input }): OpFoldResult | undefined {
    const inner = definedBy(op.in, ExtSIOp);
    if (inner) {
      op.op.setOperand(0, inner.in);
      return op.out;
    }
    return foldUnary(op.op.context, input, 'int', (a: bigint) => a, op.out.type);
  },
});

export const TruncIOp = defineOp('arith.trunci', {
  summary: 'integer truncation operation',
  description: `
Truncates an integer to a narrower type, dropping the high bits. With \`overflow<nuw>\` the result is poison if a
dropped bit is set; with \`nsw\`, if a dropped bit differs from the result's sign bit.

\`\`\`mlir
%2 = arith.trunci %1 : i5 to i4
%5 = arith.trunci %a overflow<nsw, nuw> : i32 to i16
\`\`\`
`,
  operands: { in: SignlessFixedWidthIntegerLike },
  results: { out: SignlessFixedWidthIntegerLike },
  properties: { overflowFlags: DefaultValuedAttr(IntegerOverflowAttr, (ctx) => IntegerOverflowAttr.get(ctx, { value: IntegerOverflow.none })) },
  traits: castTraits('arith.trunci', widthChange(IntegerType, narrower)),
  assemblyFormat: '$in (`overflow` `` $overflowFlags^)? attr-dict `:` type($in) `to` type($out)',
  fold({ op, in: input }): OpFoldResult | undefined {
    const ext = definedBy(op.in, ExtUIOp) ?? definedBy(op.in, ExtSIOp);
    if (ext) {
      const src = ext.in;
      const srcW = intWidth(src.type);
      const dstW = intWidth(op.out.type);
      if (srcW > dstW) {
        op.op.setOperand(0, src); // trunci(ext(a)) -> trunci(a)
        return op.out;
      }
      if (elementTypeOf(src.type) === elementTypeOf(op.out.type)) return src; // trunci(ext(a)) -> a
    }
    const inner = definedBy(op.in, TruncIOp);
    if (inner) {
      op.op.setOperand(0, inner.in);
      return op.out;
    }
    return foldUnary(op.op.context, input, 'int', (a: bigint) => a, op.out.type);
  },
});

/** Exponent range and precision of the IEEE-like kinds (APFloat's fltSemantics), for isRepresentableBy. */
const SEMANTICS: Readonly<Record<string, { max: number; min: number; precision: number }>> = {
  f16: { max: 15, min: -14, precision: 11 },
  bf16: { max: 127, min: -126, precision: 8 },
  tf32: { max: 127, min: -126, precision: 11 },
  f32: { max: 127, min: -126, precision: 24 },
  f64: { max: 1023, min: -1022, precision: 53 },
};
/** Whether every value of kind `a` is exact in kind `b` (APFloatBase::isRepresentableBy); false when unknown. */
function isRepresentableBy(a: string, b: string): boolean {
  const x = SEMANTICS[a];
  const y = SEMANTICS[b];
  return x !== undefined && y !== undefined && x.max <= y.max && x.min >= y.min && x.precision <= y.precision;
}

const optionalFastmath = OptionalAttr(FastMathAttr);

export const ExtFOp = defineOp('arith.extf', {
  summary: 'cast from floating-point to wider floating-point',
  description: 'Converts a float to a wider float type (exactly).',
  operands: { in: FloatLike },
  results: { out: FloatLike },
  properties: { fastmath: optionalFastmath },
  traits: castTraits('arith.extf', widthChange(FloatType, wider)),
  assemblyFormat: '$in (`fastmath` `` $fastmath^)? attr-dict `:` type($in) `to` type($out)',
  fold({ op, in: input }): OpFoldResult | undefined {
    const trunc = definedBy(op.in, TruncFOp);
    // extf(truncf(a)) -> a when both may contract.
    if (trunc && trunc.in.type === op.out.type && (flagsOf(trunc.fastmath) & FastMath.contract) !== 0 && (flagsOf(op.fastmath) & FastMath.contract) !== 0) {
      return trunc.in;
    }
    const kind = floatKind(op.out.type);
    return foldUnary(op.op.context, input, 'float', (a: number) => convertFloatExactly(kind, a), op.out.type, true);
  },
});

export const TruncFOp = defineOp('arith.truncf', {
  summary: 'cast from floating-point to narrower floating-point',
  description: `
Converts a float to a narrower float type, rounding with the given mode (by default to nearest even):
\`to_nearest_even\`, \`downward\`, \`upward\`, \`toward_zero\`, \`to_nearest_away\`.

\`\`\`mlir
%0 = arith.truncf %a : f32 to f16
%1 = arith.truncf %a downward fastmath<fast> : f32 to bf16
\`\`\`
`,
  operands: { in: FloatLike },
  results: { out: FloatLike },
  properties: { roundingmode: OptionalAttr(RoundingModeAttr), fastmath: optionalFastmath },
  traits: castTraits('arith.truncf', widthChange(FloatType, narrower)),
  assemblyFormat: '$in ($roundingmode^)? (`fastmath` `` $fastmath^)? attr-dict `:` type($in) `to` type($out)',
  fold({ op, in: input }): OpFoldResult | undefined {
    const ext = definedBy(op.in, ExtFOp);
    if (ext) {
      const src = ext.in;
      const srcKind = floatKind(src.type);
      const resKind = floatKind(op.out.type);
      if (isRepresentableBy(srcKind, floatKind(ext.out.type))) {
        if ((elementTypeOf(src.type) as FloatType).width > (elementTypeOf(op.out.type) as FloatType).width) {
          op.op.setOperand(0, src); // truncf(extf(a)) -> truncf(a)
          return op.out;
        }
        if (srcKind === resKind) return src; // truncf(extf(a)) -> a
      }
    }
    // Only exact conversions fold, so the rounding mode does not matter.
    const kind = floatKind(op.out.type);
    return foldUnary(op.op.context, input, 'float', (a: number) => convertFloatExactly(kind, a), op.out.type, true);
  },
});

export const ScalingExtFOp = defineOp('arith.scaling_extf', {
  summary: 'Upcasts input floats using provided scales values following OCP MXFP Spec',
  description: 'Extends `in` to the result type and multiplies it by `scale` (extended too), elementwise; NaNs propagate.',
  operands: { in: FloatLike, scale: FloatLike },
  results: { out: FloatLike },
  properties: { fastmath: optionalFastmath },
  traits: [SameInputOutputTensorDims, Pure, CastOpInterface('arith.scaling_extf', widthChange(FloatType, wider)), Elementwise],
  assemblyFormat: '$in `,` $scale (`fastmath` `` $fastmath^)? attr-dict `:` type($in) `,` type($scale) `to` type($out)',
});

export const ScalingTruncFOp = defineOp('arith.scaling_truncf', {
  summary: 'Downcasts input floating point values using provided scales values following OCP MXFP Spec',
  description: 'Divides `in` by `scale` and truncates the quotient to the result type, elementwise.',
  operands: { in: FloatLike, scale: FloatLike },
  results: { out: FloatLike },
  properties: { roundingmode: OptionalAttr(RoundingModeAttr), fastmath: optionalFastmath },
  traits: [SameInputOutputTensorDims, Pure, CastOpInterface('arith.scaling_truncf', widthChange(FloatType, narrower)), Elementwise],
  assemblyFormat: '$in `,` $scale ($roundingmode^)? (`fastmath` `` $fastmath^)? attr-dict `:` type($in) `,` type($scale) `to` type($out)',
});

/** An integer-to-float cast folding `v` (read signed or not) to the nearest float of the result type. */
function intToFloatOp(name: 'arith.uitofp' | 'arith.sitofp', summary: string, isSigned: boolean) {
  return defineOp(name, {
    summary,
    description: `Converts an integer read as ${isSigned ? 'signed' : 'unsigned'} to the nearest float (ties to even).`,
    operands: { in: SignlessFixedWidthIntegerLike },
    results: { out: FloatLike },
    traits: castTraits(name, intFloatCast(IntegerType, FloatType)),
    assemblyFormat: CAST,
    fold({ op, in: input }): OpFoldResult | undefined {
      const w = intWidth(op.in.type);
      const kind = floatKind(op.out.type);
      // f80 and f128 results are computed through a double: they fold only for integers a double holds exactly.
      const wide = isWideFloatKind(kind);
      const convert = (a: bigint): number | undefined => {
        const v = isSigned ? signed(a, w) : unsigned(a, w);
        if (wide && (v > 1n << 53n || v < -(1n << 53n))) return undefined;
        return integerToFloat(kind, v);
      };
      return foldUnary(op.op.context, input, 'int', convert, op.out.type, true);
    },
  });
}
export const UIToFPOp = intToFloatOp('arith.uitofp', 'cast from unsigned integer type to floating-point', false);
export const SIToFPOp = intToFloatOp('arith.sitofp', 'cast from integer type to floating-point', true);

/** A float-to-integer cast rounding toward zero; out of range, NaN and infinity do not fold. */
function floatToIntOp(name: 'arith.fptoui' | 'arith.fptosi', isSigned: boolean) {
  return defineOp(name, {
    summary: 'cast from floating-point type to integer type',
    description: `Converts a float to the ${isSigned ? 'signed' : 'unsigned'} integer it rounds to toward zero.`,
    operands: { in: FloatLike },
    results: { out: SignlessFixedWidthIntegerLike },
    traits: castTraits(name, intFloatCast(FloatType, IntegerType)),
    assemblyFormat: CAST,
    fold({ op, in: input }): OpFoldResult | undefined {
      const w = intWidth(op.out.type);
      return foldUnary(op.op.context, input, 'float', (a: number) => floatToInteger(a, w, isSigned), op.out.type, true);
    },
  });
}
export const FPToUIOp = floatToIntOp('arith.fptoui', false);
export const FPToSIOp = floatToIntOp('arith.fptosi', true);

/** MLIR's areIndexCastCompatible: index to a signless integer or back, scalars, vectors, tensors or memrefs. */
function indexCastCompatible(i: Type, o: Type): boolean {
  if (!validCast(i, o)) return false;
  const s = underlying(i, true);
  const d = underlying(o, true);
  const signless = (t: Type | undefined): boolean => t instanceof IntegerType && t.signedness === 'signless';
  return (s instanceof IndexType && signless(d)) || (signless(s) && d instanceof IndexType);
}

/** The width index_cast folds at: the integer's, 64 for index. */
const indexCastWidth = (t: Type): number => {
  const e = elementTypeOf(t);
  return e instanceof IntegerType ? e.width : 64;
};

function indexCastOp(name: 'arith.index_cast' | 'arith.index_castui', isSigned: boolean) {
  const op = defineOp(name, {
    summary: isSigned ? 'cast between index and integer types' : 'unsigned cast between index and integer types',
    description: `
Casts between integers and \`index\` (scalars, vectors, tensors or memrefs of them); a narrower result is truncated,
a wider one ${isSigned ? 'sign' : 'zero'}-extended.
`,
    operands: { in: IndexCastType },
    results: { out: IndexCastType },
    traits: castTraits(name, indexCastCompatible),
    assemblyFormat: CAST,
    fold({ op: v, in: input }): OpFoldResult | undefined {
      const w = indexCastWidth(v.in.type);
      const folded = foldUnary(v.op.context, input, 'int', (a: bigint) => (isSigned ? a : unsigned(a, w)), v.out.type);
      if (folded) return folded;
      // cast(cast(x : A) : B) : A -> x when B is at least as wide as A.
      const inner = definedBy(v.in, op);
      if (inner && inner.in.type === v.out.type && indexCastWidth(inner.out.type) >= indexCastWidth(inner.in.type)) return inner.in;
      return undefined;
    },
  });
  return op;
}
export const IndexCastOp = indexCastOp('arith.index_cast', true);
export const IndexCastUIOp = indexCastOp('arith.index_castui', false);

function bitcastCompatible(i: Type, o: Type): boolean {
  if (!validCast(i, o)) return false;
  const s = underlying(i, true);
  const d = underlying(o, true);
  if (!(s instanceof IntegerType || s instanceof FloatType) || !(d instanceof IntegerType || d instanceof FloatType)) return false;
  return widthOf(s) === widthOf(d);
}

/** The bit pattern of an element as an unsigned bigint. */
export function bitsOf(t: Type, v: bigint | number): bigint {
  return t instanceof FloatType ? floatToBits(t.kind, v as number) : unsigned(v as bigint, integerWidth(t));
}
/** The element of type `t` with the bit pattern `bits`. */
export function fromBits(t: Type, bits: bigint): bigint | number {
  return t instanceof FloatType ? bitsToFloat(t.kind, bits) : signed(bits, integerWidth(t));
}

export const BitcastOp = defineOp('arith.bitcast', {
  summary: 'bitcast between values of equal bit width',
  description: 'Reinterprets the bits of an integer or float (or a vector, tensor or memref of them) as another type of the same width.',
  operands: { in: BitcastType },
  results: { out: BitcastType },
  traits: castTraits('arith.bitcast', bitcastCompatible),
  assemblyFormat: CAST,
  fold({ op, in: input }): OpFoldResult | undefined {
    const ctx = op.op.context;
    const resType = op.out.type;
    // A bitcast to the operand's own type is the operand (bitcast(bitcast(x)) back to x's type ends here).
    if (op.in.type === resType) return op.in;
    if (input instanceof DenseElementsAttr && resType instanceof ShapedType) {
      const from = input.type.elementType;
      const to = resType.elementType;
      // Bit patterns, not numbers: a NaN's payload (a signalling NaN) must come through unchanged.
      const bits = input.floatBits ?? input.values.map((v) => bitsOf(from, v));
      if (to instanceof FloatType) return DenseElementsAttr.getFromBits(ctx, resType, bits);
      return DenseElementsAttr.get(ctx, resType, bits.map((b) => fromBits(to, b)));
    }
    if (resType instanceof ShapedType) return undefined;
    let bits: bigint;
    if (input instanceof FloatAttr) bits = input.bits;
    else if (input instanceof IntegerAttr) bits = unsigned(input.value, integerWidth(input.type));
    else return undefined;
    if (resType instanceof FloatType) return FloatAttr.getFromBits(ctx, resType, bits);
    return IntegerAttr.get(ctx, resType, bits);
  },
});
