import { defineDialect } from '@tlir/ir';
import * as operations from './operations.js';
import { FastMathAttr, IntegerOverflowAttr } from './arith-attributes.js';
import { arithCanonicalizationPatterns } from './canonicalization.js';
import { materializeArithConstant } from './constant-op.js';

/** The arith dialect, as MLIR 22 writes it. */
export const ArithDialect = defineDialect({
  name: 'arith',
  summary: 'Integer and floating point arithmetic',
  description: `
Basic integer and floating-point arithmetic: unary, binary and ternary operations, bitwise and shift operations,
casts and comparisons. The operations also apply elementwise to vectors and tensors of integers or floats.
Integers are signless: operations that care about the sign come in signed (\`si\`) and unsigned (\`ui\`) forms.
`,
  operations: Object.values(operations),
  attributes: [FastMathAttr, IntegerOverflowAttr],
  materializeConstant: materializeArithConstant,
  canonicalize: arithCanonicalizationPatterns,
});
