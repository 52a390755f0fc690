// The tl dialect's operations, one per instruction of the tensor language, grouped by kind in the files below.
import { AxpbyOp, BarrierOp, GemmOp, GemvOp, GerOp, HadamardProductOp, SumOp } from './collective-ops.js';
import { ForOp, ForeachOp, IfOp, YieldOp } from './control-flow-ops.js';
import { FuncOp } from './func-op.js';
import { AllocaOp, LifetimeStopOp, LoadOp, SizeOp, StoreOp } from './memory-ops.js';
import { ArithOp, ArithUnaryOp, CastOp, CmpOp, ConstantOp, GroupIdOp, GroupSizeOp } from './scalar-ops.js';
import { ExpandOp, FuseOp, SubviewOp } from './view-ops.js';

export { AxpbyOp, BarrierOp, GemmOp, GemvOp, GerOp, HadamardProductOp, SumOp, Transpose } from './collective-ops.js';
export { ForOp, ForeachOp, IfOp, YieldOp } from './control-flow-ops.js';
export { FuncOp } from './func-op.js';
export { AllocaOp, LifetimeStopOp, LoadOp, SizeOp, StoreOp } from './memory-ops.js';
export { ArithBinaryKind, ArithOp, ArithUnaryKind, ArithUnaryOp, CastOp, CmpCondition, CmpOp, ConstantOp, GroupIdOp, GroupSizeOp } from './scalar-ops.js';
export { ExpandOp, FuseOp, SubviewOp } from './view-ops.js';

export const TL_OPERATIONS = [
  FuncOp,
  ConstantOp,
  AllocaOp,
  ArithOp,
  ArithUnaryOp,
  CastOp,
  CmpOp,
  ExpandOp,
  FuseOp,
  GroupIdOp,
  GroupSizeOp,
  LoadOp,
  SizeOp,
  SubviewOp,
  StoreOp,
  AxpbyOp,
  GemmOp,
  GemvOp,
  GerOp,
  HadamardProductOp,
  SumOp,
  BarrierOp,
  LifetimeStopOp,
  YieldOp,
  ForOp,
  ForeachOp,
  IfOp,
] as const;
