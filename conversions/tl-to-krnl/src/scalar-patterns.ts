// The replicated scalar instructions to arith, and group_id / group_size to the flow dispatch queries: each work-item
// computes the same value, so each instruction becomes the op (or the few ops) that compute it.
import { ConstantOp as ArithConstantOp } from '@tlir/dialect-arith';
import { DispatchWorkgroupCountOp, DispatchWorkgroupIdOp } from '@tlir/dialect-flow';
import { defineConversionPattern, type OpConversionPattern } from '@tlir/rewrite';
import { IndexType, IntegerAttr } from '@tlir/ir';
import { ArithBinaryKind, ArithOp, ArithUnaryKind, ArithUnaryOp, CastOp, CmpCondition, CmpOp, ConstantOp as TlConstantOp, GroupIdOp, GroupSizeOp } from '@tlir/dialect-tl';
import { binaryScalar, castScalar, compareScalars, unaryScalar } from './arith-semantics.js';

const constant = defineConversionPattern(
  TlConstantOp,
  function lowerConstant({ op, value, result }, _adaptor, rewriter) {
    rewriter.replaceOp(op, ArithConstantOp.create(rewriter, { value, result: result.type }).op);
    return true;
  },
);

const arith = defineConversionPattern(ArithOp, function lowerArith({ op, kind }, { operands: [x, y] }, rewriter) {
  rewriter.replaceOp(op, [binaryScalar(rewriter, ArithBinaryKind.symbolize(kind)!, x!, y!)]);
  return true;
});

const arithUnary = defineConversionPattern(ArithUnaryOp, function lowerArithUnary({ op, kind }, { operands: [x] }, rewriter) {
  rewriter.replaceOp(op, [unaryScalar(rewriter, ArithUnaryKind.symbolize(kind)!, x!)]);
  return true;
});

const cast = defineConversionPattern(CastOp, function lowerCast({ op }, { operands: [x] }, rewriter) {
  rewriter.replaceOp(op, [castScalar(rewriter, x!, op.getResult(0).type)]);
  return true;
});

const cmp = defineConversionPattern(CmpOp, function lowerCmp({ op, cond }, { operands: [x, y] }, rewriter) {
  rewriter.replaceOp(op, [compareScalars(rewriter, CmpCondition.symbolize(cond)!, x!, y!)]);
  return true;
});

/** `group_id` is the work-group's id along dimension 0 of the dispatch grid; `group_size` the grid's size there. */
function workgroupQuery(tlOp: typeof GroupIdOp | typeof GroupSizeOp, flowOp: typeof DispatchWorkgroupIdOp | typeof DispatchWorkgroupCountOp): OpConversionPattern {
  return defineConversionPattern(tlOp, ({ op }, _adaptor, rewriter) => {
    const ctx = rewriter.context;
    const dimension = IntegerAttr.get(ctx, IndexType.get(ctx), 0);
    rewriter.replaceOp(op, flowOp.create(rewriter, { dimension, result: IndexType.get(ctx) }).op);
    return true;
  }, { debugName: `lower ${tlOp.name}` });
}

/** constant, arith, arith_unary, cast, cmp, group_id, group_size. */
export function scalarPatterns(): OpConversionPattern[] {
  return [
    constant,
    arith,
    arithUnary,
    cast,
    cmp,
    workgroupQuery(GroupIdOp, DispatchWorkgroupIdOp),
    workgroupQuery(GroupSizeOp, DispatchWorkgroupCountOp),
  ];
}
