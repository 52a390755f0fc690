// The public surface of @tlir/dialect-arith.
export * from './operations.js';
export { ArithDialect } from './arith-dialect.js';
export { AtomicRMWKindAttr, CmpFPredicateAttr, CmpIPredicateAttr, FastMath, FastMathAttr, IntegerOverflow, IntegerOverflowAttr, RoundingModeAttr, flagsOf, hasFastMath, type CmpFPredicate, type CmpIPredicate } from './arith-attributes.js';
export { BitcastType, IndexCastType, SignlessFixedWidthIntegerLike, SignlessIntegerOrIndexLike, getI1SameShape, i1SameShapeList } from './arith-types.js';
export { applyCmpFPredicate, applyCmpIPredicate } from './compare-ops.js';
export { isBuildableConstant, materializeArithConstant } from './constant-op.js';
export { CastOpInterface, SameInputOutputTensorDims } from './arith-traits.js';
// Constant folding helpers for dialects whose ops fold like arith's (MLIR's CommonFolders): elementwise over
// scalar and dense constants, with APInt / APFloat semantics.
export { constantFloat, constantInt, foldBinary, foldUnary, intWidthOf, makeConstant, zeroOf } from './fold/constant-folding.js';
export { maximum, maxnum, minimum, minnum, quiet, withNaNRules } from './fold/apfloat.js';
export { countLeadingZeros, countTrailingZeros, popCount } from './fold/apint.js';
// The reference interpreter's implementations of the arith ops (docs/interpreter.md).
export { applyAtomicRMWKind, registerArithInterpreter, roundWithMode, type RoundingMode } from './interpreter/index.js';
