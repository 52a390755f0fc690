// The operations of the arith dialect: the one list of them, which the dialect registers and the package exports.
export { BitcastOp, ExtFOp, ExtSIOp, ExtUIOp, FPToSIOp, FPToUIOp, IndexCastOp, IndexCastUIOp, SIToFPOp, ScalingExtFOp, ScalingTruncFOp, TruncFOp, TruncIOp, UIToFPOp } from './cast-ops.js';
export { CmpFOp, CmpIOp } from './compare-ops.js';
export { ConstantOp } from './constant-op.js';
export { AddUIExtendedOp, MulSIExtendedOp, MulUIExtendedOp } from './extended-ops.js';
export { AddFOp, DivFOp, MaxNumFOp, MaximumFOp, MinNumFOp, MinimumFOp, MulFOp, NegFOp, RemFOp, SubFOp } from './float-ops.js';
export { AddIOp, AndIOp, CeilDivSIOp, CeilDivUIOp, DivSIOp, DivUIOp, FloorDivSIOp, MaxSIOp, MaxUIOp, MinSIOp, MinUIOp, MulIOp, OrIOp, RemSIOp, RemUIOp, ShLIOp, ShRSIOp, ShRUIOp, SubIOp, XOrIOp } from './integer-ops.js';
export { SelectOp } from './select-op.js';
