// The scalar math functions of krnl (those the math dialect of onnx-mlir's time lacked): `"krnl.erf"(%x) : (f32) ->
// f32`, and the classifications `"krnl.isnan"(%x) : (f32) -> i1`. They have no custom form.
import { AnyFloat, I1, Pure, SameOperandsAndResultType, defineOp } from '@tlir/ir';
import {
  AcosOp as MathAcosOp,
  AcoshOp as MathAcoshOp,
  AsinOp as MathAsinOp,
  AsinhOp as MathAsinhOp,
  AtanOp as MathAtanOp,
  AtanhOp as MathAtanhOp,
  ErfOp as MathErfOp,
  IsInfOp as MathIsInfOp,
  IsNaNOp as MathIsNaNOp,
  TanOp as MathTanOp,
} from '@tlir/dialect-math';

/** A function of one floating-point scalar, with a result of the same type. */
function floatFunction(name: string, what: string) {
  return defineOp(`krnl.${name}`, {
    summary: `Krnl ${name} scalar operation`,
    description: `
Krnl ${name} scalar operation: the ${what} of a floating-point scalar, of the same type. There is no custom form.

\`\`\`mlir
%y = "krnl.${name}"(%x) : (f32) -> f32
\`\`\`
`,
    operands: { in: AnyFloat },
    results: { out: AnyFloat },
    traits: [Pure, SameOperandsAndResultType],
  });
}

/** A classification of a floating-point scalar. */
function floatClassification(name: string, what: string) {
  return defineOp(`krnl.${name}`, {
    summary: `Krnl ${name} scalar operation`,
    description: `
Krnl ${name} scalar operation: whether a floating-point scalar is ${what}. There is no custom form.

\`\`\`mlir
%b = "krnl.${name}"(%x) : (f32) -> i1
\`\`\`
`,
    operands: { in: AnyFloat },
    results: { out: I1 },
    traits: [Pure],
  });
}

export const AcosOp = floatFunction('acos', 'arc cosine');
export const AcoshOp = floatFunction('acosh', 'inverse hyperbolic cosine');
export const AsinOp = floatFunction('asin', 'arc sine');
export const AsinhOp = floatFunction('asinh', 'inverse hyperbolic sine');
export const AtanOp = floatFunction('atan', 'arc tangent');
export const AtanhOp = floatFunction('atanh', 'inverse hyperbolic tangent');
export const TanOp = floatFunction('tan', 'tangent');
export const ErfOp = floatFunction('erf', 'error function');
export const IsNaNOp = floatClassification('isnan', 'a NaN');
export const IsInfOp = floatClassification('isinf', 'an infinity (of either sign)');

/** The math dialect op each scalar op of krnl computes (the interpreter computes math's function). */
export const MATH_EQUIVALENT_OPS: ReadonlyMap<typeof AcosOp | typeof IsNaNOp, typeof MathAcosOp | typeof MathIsNaNOp> = new Map<
  typeof AcosOp | typeof IsNaNOp,
  typeof MathAcosOp | typeof MathIsNaNOp
>([
  [AcosOp, MathAcosOp],
  [AcoshOp, MathAcoshOp],
  [AsinOp, MathAsinOp],
  [AsinhOp, MathAsinhOp],
  [AtanOp, MathAtanOp],
  [AtanhOp, MathAtanhOp],
  [TanOp, MathTanOp],
  [ErfOp, MathErfOp],
  [IsNaNOp, MathIsNaNOp],
  [IsInfOp, MathIsInfOp],
]);
