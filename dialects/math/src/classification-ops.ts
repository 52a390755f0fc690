// Float classification: `%b = math.isnan %x : f32` gives i1 (or i1 of the operand's shape).
import { BoolLike, DefaultValuedAttr, DenseElementsAttr, Elementwise, FloatLike, Pure, TypesMatchWith, defineOp, type FloatKind, type OpDefinition, type OpFoldResult } from '@tlir/ir';
import { FastMath, FastMathAttr, foldUnary, i1SameShapeList } from '@tlir/dialect-arith';

const fastmath = DefaultValuedAttr(FastMathAttr, (ctx) => FastMathAttr.get(ctx, { value: FastMath.none }));
const i1Result = TypesMatchWith('result type has i1 element type and same shape as operands', 'operand', i1SameShapeList, BoolLike);

/** The exponent bias of the 8-, 6- and 4-bit formats, for their smallest normal value. */
const SMALL_BIAS: Readonly<Record<string, number>> = {
  f8E5M2: 15,
  f8E4M3: 7,
  f8E3M4: 3,
  f8E4M3FN: 7,
  f8E5M2FNUZ: 16,
  f8E4M3FNUZ: 8,
  f8E4M3B11FNUZ: 11,
  f8E8M0FNU: 127,
  f6E2M3FN: 1,
  f6E3M2FN: 3,
  f4E2M1FN: 1,
};
/** The smallest positive normal value of a kind (below it, values are subnormal). */
function minNormal(kind: FloatKind): number {
  switch (kind) {
    case 'f16':
      return 2 ** -14;
    case 'bf16':
    case 'f32':
    case 'tf32':
      return 2 ** -126;
    case 'f64':
      return 2 ** -1022;
    default:
      return 2 ** (1 - (SMALL_BIAS[kind] ?? 1));
  }
}

function classificationOp(name: string, summary: string, description: string, test: (x: number, kind: FloatKind) => boolean) {
  return defineOp(`math.${name}`, {
    summary,
    description,
    operands: { operand: FloatLike },
    results: { result: i1Result },
    properties: { fastmath },
    traits: [Pure, Elementwise],
    // The fast-math flags are written in the attribute dictionary here (`{fastmath = #arith.fastmath<ninf>}`).
    assemblyFormat: '$operand attr-dict `:` type($operand)',
    fold({ op, operand }): OpFoldResult | undefined {
      if (operand === undefined) return undefined;
      const t = operand.type as { kind?: FloatKind; elementType?: { kind?: FloatKind } };
      const kind = t.elementType?.kind ?? t.kind;
      if (kind === undefined) return undefined;
      // Scalars and splats only: MLIR does not fold other dense elements here.
      if (operand instanceof DenseElementsAttr && !operand.isSplat) return undefined;
      return foldUnary(op.op.context, operand, 'float', (x: number) => (test(x, kind) ? 1n : 0n), op.result.type);
    },
  });
}

/** What each classification op tests, on a value of `kind`. */
export const CLASSIFICATIONS: Readonly<Record<'isnan' | 'isinf' | 'isfinite' | 'isnormal', (x: number, kind: FloatKind) => boolean>> = {
  isnan: (x) => Number.isNaN(x),
  isinf: (x) => x === Infinity || x === -Infinity,
  isfinite: (x) => Number.isFinite(x),
  isnormal: (x, kind) => Number.isFinite(x) && Math.abs(x) >= minNormal(kind),
};

export const IsNaNOp = classificationOp('isnan', 'floating point classification op', 'Whether the operand is a NaN.', CLASSIFICATIONS.isnan);
export const IsInfOp = classificationOp('isinf', 'floating point classification op', 'Whether the operand is an infinity.', CLASSIFICATIONS.isinf);
export const IsFiniteOp = classificationOp('isfinite', 'floating point classification op', 'Whether the operand is neither an infinity nor a NaN.', CLASSIFICATIONS.isfinite);
export const IsNormalOp = classificationOp('isnormal', 'floating point classification op', 'Whether the operand is normal: not zero, subnormal, infinite or NaN.', CLASSIFICATIONS.isnormal);

/** The test of the classification op `def` (math.isnan, ...), or undefined when `def` is not one. */
export function floatClassification(def: OpDefinition): ((x: number, kind: FloatKind) => boolean) | undefined {
  return def === IsNaNOp ? CLASSIFICATIONS.isnan : def === IsInfOp ? CLASSIFICATIONS.isinf : def === IsFiniteOp ? CLASSIFICATIONS.isfinite : def === IsNormalOp ? CLASSIFICATIONS.isnormal : undefined;
}
