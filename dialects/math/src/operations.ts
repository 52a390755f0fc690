// The operations of the math dialect: the one list of them, which the dialect registers and the package exports.
export { IsFiniteOp, IsInfOp, IsNaNOp, IsNormalOp } from './classification-ops.js';
export { AbsFOp, AcosOp, AcoshOp, AsinOp, AsinhOp, Atan2Op, AtanOp, AtanhOp, CbrtOp, CeilOp, ClampFOp, CopySignOp, CosOp, CoshOp, ErfOp, ErfcOp, Exp2Op, ExpM1Op, ExpOp, FPowIOp, FloorOp, FmaOp, Log10Op, Log1pOp, Log2Op, LogOp, PowFOp, RoundEvenOp, RoundOp, RsqrtOp, SinCosOp, SinOp, SinhOp, SqrtOp, TanOp, TanhOp, TruncOp } from './float-ops.js';
export { AbsIOp, CountLeadingZerosOp, CountTrailingZerosOp, CtPopOp, IPowIOp } from './integer-ops.js';
