// Properties: for random constant operands, interpreting a math op gives what folding it gives, whenever the folder
// folds (the C library functions fold for f32 and f64 only; rounding, sign and classification ops for every float
// kind; integer ops at every width). Both compute through libm.ts, so their agreement alone would not catch a wrong
// function there: both are also checked against an independent model written here (math-model.ts: JavaScript's Math
// on doubles, C's rules where they differ, rounded once to the type; erf and erfc integrated numerically).
import fc from 'fast-check';
import { describe, it } from 'vitest';
import { ArithDialect, registerArithInterpreter } from '@tlir/dialect-arith';
import { FuncDialect, registerFuncInterpreter } from '@tlir/dialect-func';
import { MathDialect, registerMathInterpreter } from '@tlir/dialect-math';
import { FLOAT_WIDTHS, SCALE, SEED, WIDTHS, checkAgainstModel, checkAgreement, floatBits, integerConstant, moduleText } from '../../../test/lib/fold-agreement.js';
import { floatBitsOf, round, type FloatTypeName } from '../../../test/lib/float-model.js';
import { interpreterHarness } from '../../../test/lib/interpreter-harness.js';
import { floatModel, integerModel } from './math-model.js';

const harness = interpreterHarness({
  dialects: [FuncDialect, ArithDialect, MathDialect],
  implementations: [registerFuncInterpreter, registerArithInterpreter, registerMathInterpreter],
});
const RUNS = 40 * SCALE;

const FLOAT_UNARY = [
  'absf', 'acos', 'acosh', 'asin', 'asinh', 'atan', 'atanh', 'cbrt', 'ceil', 'cos', 'cosh', 'erf', 'erfc', 'exp', 'exp2', 'expm1',
  'floor', 'log', 'log10', 'log1p', 'log2', 'round', 'roundeven', 'rsqrt', 'sin', 'sinh', 'sqrt', 'tan', 'tanh', 'trunc',
];
const FLOAT_BINARY = ['atan2', 'powf', 'copysign'];
const CLASSIFICATION = ['isnan', 'isinf', 'isfinite', 'isnormal'];
const INTEGER_UNARY = ['absi', 'ctlz', 'cttz', 'ctpop'];

/**
 * A float operand of `type`, as its bits: any bit pattern (mostly huge or tiny magnitudes, where most functions
 * saturate), a moderate value (where they do not), a half-integer (a tie for the rounding functions) or a special
 * value (zeros, +-1, infinities, NaN).
 */
function operand(type: FloatTypeName): fc.Arbitrary<bigint> {
  const bits = (x: number): bigint => floatBitsOf(type, round(type, x));
  return fc.oneof(
    { arbitrary: floatBits(type), weight: 2 },
    { arbitrary: fc.double({ min: -8, max: 8, noNaN: true }).map(bits), weight: 2 },
    { arbitrary: fc.integer({ min: -20, max: 20 }).map((k) => bits(k + 0.5)), weight: 1 },
    { arbitrary: fc.constantFrom(0, -0, 1, -1, Infinity, -Infinity, NaN).map(bits), weight: 1 },
  );
}

describe('interpreting a math op equals folding it', () => {
  it('float ops', () => {
    const floatCase = fc
      .constantFrom(...(Object.keys(FLOAT_WIDTHS) as FloatTypeName[]))
      .chain((type) => fc.tuple(fc.constant(type), operand(type), operand(type)));
    fc.assert(
      fc.property(floatCase, ([type, a, b]) => {
        const bodies = [
          ...FLOAT_UNARY.map((op) => ({ name: op, op: `math.${op} %a : ${type}`, results: type })),
          ...FLOAT_BINARY.map((op) => ({ name: op, op: `math.${op} %a, %b : ${type}`, results: type })),
          ...CLASSIFICATION.map((op) => ({ name: op, op: `math.${op} %a : ${type}`, results: 'i1' })),
        ];
        const text = moduleText(type, bodies, a, b);
        checkAgreement(harness, text, bodies.map((b) => b.name));
        checkAgainstModel(harness, text, bodies.map((body) => ({ ...body, expected: floatModel(body.name, type as FloatTypeName, a, b) })));
      }),
      { seed: SEED, numRuns: RUNS },
    );
  });

  it('integer ops', () => {
    const types = Object.keys(WIDTHS).filter((t) => t !== 'index');
    const integerCase = fc.constantFrom(...types).chain((type) => fc.tuple(fc.constant(type), integerConstant(type), integerConstant(type)));
    fc.assert(
      fc.property(integerCase, ([type, a, b]) => {
        const bodies = [
          ...INTEGER_UNARY.map((op) => ({ name: op, op: `math.${op} %a : ${type}`, results: type })),
          { name: 'ipowi', op: `math.ipowi %a, %b : ${type}`, results: type },
        ];
        // 0 to a negative power does not fold; the interpreter reports the division by zero.
        const text = moduleText(type, bodies, a, b);
        checkAgreement(harness, text, bodies.map((b) => b.name));
        checkAgainstModel(harness, text, bodies.map((body) => ({ ...body, expected: integerModel(body.name, type, a, b) })));
      }),
      { seed: SEED, numRuns: RUNS },
    );
  });
});
