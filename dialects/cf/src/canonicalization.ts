// The canonicalization patterns of the cf ops (MLIR 22's ControlFlowOps.cpp), in MLIR's order; the dialect attaches
// them lazily (cf-dialect.ts).
import type { RewritePattern } from '@tlir/rewrite';
import { EraseAssertOfTrue } from './assert-op.js';
import { SimplifyBranch } from './branch-canonicalization.js';
import {
  CondBranchTruthPropagation,
  SimplifyCondBranchFromCondBranchOnSameCondition,
  SimplifyCondBranchIdenticalSuccessors,
  SimplifyConstCondBranchPred,
  SimplifyPassThroughCondBranch,
} from './cond-branch-op.js';
import {
  DropSwitchCasesThatMatchDefault,
  SimplifyConstSwitchValue,
  SimplifyPassThroughSwitch,
  SimplifySwitchFromDefaultSwitchOnSameCondition,
  SimplifySwitchFromSwitchOnSameCondition,
  SimplifySwitchWithOnlyDefault,
} from './switch-op.js';

/** The cf dialect's canonicalization patterns. */
export const cfCanonicalizationPatterns = (): readonly RewritePattern[] => [
  EraseAssertOfTrue,
  SimplifyBranch,
  SimplifyConstCondBranchPred,
  SimplifyPassThroughCondBranch,
  SimplifyCondBranchIdenticalSuccessors,
  SimplifyCondBranchFromCondBranchOnSameCondition,
  CondBranchTruthPropagation,
  SimplifySwitchWithOnlyDefault,
  DropSwitchCasesThatMatchDefault,
  SimplifyConstSwitchValue,
  SimplifyPassThroughSwitch,
  SimplifySwitchFromSwitchOnSameCondition,
  SimplifySwitchFromDefaultSwitchOnSameCondition,
];
