// The canonicalization patterns of func ops (MLIR's FuncOps.cpp), for the canonicalizer besides the folders. The
// dialect attaches them lazily (func-dialect.ts): they build ops through the definitions of the ops they match.
import type { RewritePattern } from '@tlir/rewrite';
import { definePattern } from '@tlir/rewrite';
import { SymbolRefAttr } from '@tlir/ir';
import { CallIndirectOp } from './call-indirect-op.js';
import { CallOp } from './call-op.js';
import { ConstantOp } from './constant-op.js';

/**
 * MLIR's SimplifyIndirectCallWithKnownCallee: `func.call_indirect` of a `func.constant` is a `func.call` of
 * that function, with the same operands, results and argument/result attributes.
 */
export const SimplifyIndirectCallWithKnownCallee = definePattern(
  CallIndirectOp,
  (op, rewriter): boolean => {
    const constant = op.callee.definingOp && ConstantOp.match(op.callee.definingOp);
    if (!constant || !(constant.value instanceof SymbolRefAttr)) return false;
    const argAttrs = op.arg_attrs;
    const resAttrs = op.res_attrs;
    rewriter.setInsertionPoint(op.op);
    const call = CallOp.create(rewriter, {
      callee: constant.value,
      operands: op.callee_operands,
      results: op.op.resultTypes,
      ...(argAttrs ? { arg_attrs: argAttrs } : {}),
      ...(resAttrs ? { res_attrs: resAttrs } : {}),
      loc: op.op.loc,
    });
    rewriter.replaceOp(op.op, call.op);
    return true;
  },
  { debugName: 'SimplifyIndirectCallWithKnownCallee' },
);

/** The func dialect's canonicalization patterns (attached to the dialect lazily). */
export const funcCanonicalizationPatterns = (): readonly RewritePattern[] => [SimplifyIndirectCallWithKnownCallee];
