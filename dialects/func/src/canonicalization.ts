// The canonicalization patterns of func ops (MLIR's FuncOps.cpp), for the canonicalizer besides the folders.
import { SymbolRefAttr, type Operation } from '@tlir/ir';
import { definePattern, type PatternRewriter } from '@tlir/rewrite';
import { CallOp } from './call-op.js';

/**
 * MLIR's SimplifyIndirectCallWithKnownCallee: `func.call_indirect` of a `func.constant` is a `func.call` of
 * that function, with the same operands, results and argument/result attributes.
 */
export const SimplifyIndirectCallWithKnownCallee = definePattern(
  'func.call_indirect',
  (op: Operation, rewriter: PatternRewriter): boolean => {
    const calleeDef = op.getOperand(0).definingOp;
    if (calleeDef === null || calleeDef.name !== 'func.constant') return false;
    const callee = calleeDef.getProperty('value');
    if (!(callee instanceof SymbolRefAttr)) return false;
    const argAttrs = op.getProperty('arg_attrs');
    const resAttrs = op.getProperty('res_attrs');
    rewriter.setInsertionPoint(op);
    const call = CallOp.create(rewriter, {
      callee,
      operands: op.operands.slice(1),
      results: op.resultTypes,
      ...(argAttrs ? { arg_attrs: argAttrs } : {}),
      ...(resAttrs ? { res_attrs: resAttrs } : {}),
      loc: op.loc,
    } as Parameters<typeof CallOp.create>[1]);
    rewriter.replaceOp(op, call.op);
    return true;
  },
  { debugName: 'SimplifyIndirectCallWithKnownCallee' },
);
