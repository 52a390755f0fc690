// The tl dialect's operations, one per instruction of the tensor language, grouped by kind in the files below.
import { AxpbyOp, BarrierOp, GemmOp, GemvOp, GerOp, HadamardProductOp, SumOp } from './collective-ops.js';
import { Collective } from './collective-trait.js';
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
export type { ArithBinaryKindName, ArithUnaryKindName, CmpConditionName } from './scalar-ops.js';
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

/**
 * The instructions that are collective (spec: "Collective instruction"; barrier synchronizes the work-group, so it is
 * one too): those whose op has the Collective trait, by their tensor-language names. They may not appear in an spmd
 * region; the front end checks it with this set, the ops' verifiers with the trait.
 */
export const COLLECTIVE_INSTRUCTIONS: ReadonlySet<string> = new Set(
  TL_OPERATIONS.filter((op) => op.traits?.includes(Collective)).map((op) => op.name.slice('tl.'.length)),
);
