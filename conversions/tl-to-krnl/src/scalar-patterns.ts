// The replicated scalar instructions to arith, and group_id / group_size to the flow dispatch queries: each work-item
// computes the same value, so each instruction becomes the op (or the few ops) that compute it.
import { defineConversionPattern, type OpConversionPattern } from '@tlir/rewrite';
import { IndexType, IntegerAttr, type Attribute, type Operation } from '@tlir/ir';
import { ArithBinaryKind, ArithOp, ArithUnaryKind, ArithUnaryOp, CastOp, CmpCondition, CmpOp, ConstantOp as TlConstantOp, GroupIdOp, GroupSizeOp } from '@tlir/dialect-tl';
import { binaryScalar, castScalar, compareScalars, unaryScalar } from './arith-semantics.js';

function enumCase<N extends string>(e: { symbolize(a: Attribute): N | undefined }, op: Operation, property: string): N {
  return e.symbolize(op.getProperty(property)!)!;
}

const constant = defineConversionPattern(
  TlConstantOp,
  function lowerConstant({ op, value }, _adaptor, rewriter) {
    rewriter.replaceOp(op, rewriter.create({ name: 'arith.constant', attributes: [{ name: 'value', value }], resultTypes: [op.getResult(0).type] }));
    return true;
  },
);

const arith = defineConversionPattern(ArithOp, function lowerArith({ op }, { operands: [x, y] }, rewriter) {
  rewriter.replaceOp(op, [binaryScalar(rewriter, enumCase(ArithBinaryKind, op, 'kind'), x!, y!)]);
  return true;
});

const arithUnary = defineConversionPattern(ArithUnaryOp, function lowerArithUnary({ op }, { operands: [x] }, rewriter) {
  rewriter.replaceOp(op, [unaryScalar(rewriter, enumCase(ArithUnaryKind, op, 'kind'), x!)]);
  return true;
});

const cast = defineConversionPattern(CastOp, function lowerCast({ op }, { operands: [x] }, rewriter) {
  rewriter.replaceOp(op, [castScalar(rewriter, x!, op.getResult(0).type)]);
  return true;
});

const cmp = defineConversionPattern(CmpOp, function lowerCmp({ op }, { operands: [x, y] }, rewriter) {
  rewriter.replaceOp(op, [compareScalars(rewriter, enumCase(CmpCondition, op, 'cond'), x!, y!)]);
  return true;
});

/** `group_id` is the work-group's id along dimension 0 of the dispatch grid; `group_size` the grid's size there. */
function workgroupQuery(tlOp: typeof GroupIdOp | typeof GroupSizeOp, flowName: string): OpConversionPattern {
  return defineConversionPattern(tlOp, ({ op }, _adaptor, rewriter) => {
    const ctx = rewriter.context;
    const dimension = IntegerAttr.get(ctx, IndexType.get(ctx), 0);
    rewriter.replaceOp(op, rewriter.create({ name: flowName, attributes: [{ name: 'dimension', value: dimension }], resultTypes: [IndexType.get(ctx)] }));
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
    workgroupQuery(GroupIdOp, 'flow.dispatch.workgroup.id'),
    workgroupQuery(GroupSizeOp, 'flow.dispatch.workgroup.count'),
  ];
}
