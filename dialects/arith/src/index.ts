// The public surface of @tlir/dialect-arith.
export { ArithDialect } from './arith-dialect.js';
export {
  AtomicRMWKindAttr,
  CmpFPredicateAttr,
  CmpIPredicateAttr,
  FastMath,
  FastMathAttr,
  IntegerOverflow,
  IntegerOverflowAttr,
  RoundingModeAttr,
  flagsOf,
  hasFastMath,
  type CmpFPredicate,
  type CmpIPredicate,
} from './arith-attributes.js';
export { BitcastType, IndexCastType, SignlessFixedWidthIntegerLike, SignlessIntegerOrIndexLike, getI1SameShape, i1SameShapeList } from './arith-types.js';
export {
  BitcastOp,
  ExtFOp,
  ExtSIOp,
  ExtUIOp,
  FPToSIOp,
  FPToUIOp,
  IndexCastOp,
  IndexCastUIOp,
  ScalingExtFOp,
  ScalingTruncFOp,
  SIToFPOp,
  TruncFOp,
  TruncIOp,
  UIToFPOp,
} from './cast-ops.js';
export { CmpFOp, CmpIOp, applyCmpFPredicate, applyCmpIPredicate } from './compare-ops.js';
export { ConstantOp, isBuildableConstant, materializeArithConstant } from './constant-op.js';
export { AddUIExtendedOp, MulSIExtendedOp, MulUIExtendedOp } from './extended-ops.js';
export { AddFOp, DivFOp, MaximumFOp, MaxNumFOp, MinimumFOp, MinNumFOp, MulFOp, NegFOp, RemFOp, SubFOp } from './float-ops.js';
export {
  AddIOp,
  AndIOp,
  CeilDivSIOp,
  CeilDivUIOp,
  DivSIOp,
  DivUIOp,
  FloorDivSIOp,
  MaxSIOp,
  MaxUIOp,
  MinSIOp,
  MinUIOp,
  MulIOp,
  OrIOp,
  RemSIOp,
  RemUIOp,
  ShLIOp,
  ShRSIOp,
  ShRUIOp,
  SubIOp,
  XOrIOp,
} from './integer-ops.js';
export { SelectOp } from './select-op.js';
export { CastOpInterface, SameInputOutputTensorDims } from './arith-traits.js';
// Constant folding helpers for dialects whose ops fold like arith's (MLIR's CommonFolders): elementwise over
// scalar and dense constants, with APInt / APFloat semantics.
export { constantFloat, constantInt, foldBinary, foldUnary, intWidthOf, makeConstant, zeroOf } from './fold/constant-folding.js';
export { maximum, maxnum, minimum, minnum, quiet, withNaNRules } from './fold/apfloat.js';
export { countLeadingZeros, countTrailingZeros, popCount } from './fold/apint.js';
// The reference interpreter's implementations of the arith ops (docs/interpreter.md).
export { applyAtomicRMWKind, registerArithInterpreter, roundWithMode, type RoundingMode } from './interpreter/index.js';
