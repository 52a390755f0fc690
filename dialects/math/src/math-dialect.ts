import { materializeArithConstant } from '@tlir/dialect-arith';
import { defineDialect } from '@tlir/ir';
import * as operations from './operations.js';

/** The math dialect, as MLIR 22 writes it. Folded constants are materialized as arith.constant, as in MLIR. */
export const MathDialect = defineDialect({
  name: 'math',
  summary: 'Mathematical functions on integers and floats',
  description: `
Mathematical operations beyond basic arithmetic: trigonometric, hyperbolic, exponential and logarithmic
functions, rounding, classification and bit counting, on scalars and elementwise on vectors and tensors. Float
operations take fast-math flags (\`#arith.fastmath\`).
`,
  operations: Object.values(operations),
  materializeConstant: materializeArithConstant,
});
