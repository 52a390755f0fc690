// `%r = arith.select %cond, %a, %b : i32`: a choice by an i1, or elementwise by an i1 vector or tensor
// (`arith.select %mask, %a, %b : vector<4xi1>, vector<4xf32>`).
import {
  AnyType,
  BoolLike,
  DenseElementsAttr,
  Elementwise,
  IntegerType,
  Pure,
  RankedTensorType,
  SameAs,
  ShapedType,
  UnrankedTensorType,
  VectorType,
  defineOp,
  defineTrait,
  type Operation,
  type OpFoldResult,
  type Type,
} from '@tlir/ir';
import { BooleanConditionOrMatchingShape } from './arith-traits.js';
import { getI1SameShape } from './arith-types.js';
import { CmpIOp } from './compare-ops.js';
import { isOne, isZero } from './fold/constant-folding.js';
import { definedBy } from './fold/fold-helpers.js';
import { CmpIPredicateAttr } from './arith-attributes.js';

const isI1 = (t: Type): boolean => t instanceof IntegerType && t.isSignless(1);

/** MLIR's SelectOp::verify, as a trait on the raw op: an i1 condition, or i1 of the (vector or tensor) result's shape. */
const SelectConditionShape = defineTrait('SelectConditionShape', {
  signatureOnly: true,
  verify(op: Operation) {
    const cond = op.operandValues[0].type;
    const result = (op.numResults ? op.getResultType(0) : undefined);
    if (cond === undefined || result === undefined || isI1(cond)) return true;
    if (!(result instanceof VectorType || result instanceof RankedTensorType || result instanceof UnrankedTensorType)) {
      op.emitOpError(`expected condition to be a signless i1, but got '${cond}'`);
      return false;
    }
    const expected = getI1SameShape(op.context, result);
    if (cond !== expected) {
      op.emitOpError(`expected condition type to have the same shape as the result type, expected '${expected}', but got '${cond}'`);
      return false;
    }
    return true;
  },
});

export const SelectOp = defineOp('arith.select', {
  summary: 'select operation',
  description: `
Chooses its second operand when the condition is 1 and its third when it is 0 (the other one is ignored, even
if it is poison). With an i1 condition the whole value is chosen; with a vector or tensor of i1 of the result's
shape, each element is.

\`\`\`mlir
%x = arith.select %cond, %t, %f : i32
%y = "arith.select"(%cond, %t, %f) : (i1, i32, i32) -> i32
%v = arith.select %mask, %vt, %vf : vector<42xi1>, vector<42xf32>
%w = arith.select %cond, %vt, %vf : vector<42xf32>
\`\`\`
`,
  operands: { condition: BoolLike, true_value: AnyType, false_value: SameAs('true_value', AnyType) },
  results: { result: SameAs('true_value', AnyType) },
  traits: [BooleanConditionOrMatchingShape, Pure, Elementwise, SelectConditionShape],
  parse(parser, state) {
    const operands = parser.parseOperandList('none', 3);
    parser.parseOptionalAttrDict(state.attributes);
    let resultType = parser.parseColonType();
    let conditionType: Type = IntegerType.get(parser.context, 1);
    if (parser.parseOptionalComma()) {
      conditionType = resultType;
      resultType = parser.parseType();
    }
    state.resultTypes.push(resultType);
    state.operands.push(...parser.resolveOperands(operands, [conditionType, resultType, resultType], parser.getNameLoc()));
    return true;
  },
  print(s, p) {
    p.write(' ');
    p.printOperands(s.op.operands);
    p.printOptionalAttrDict(s.op.attributes);
    p.write(' : ');
    const cond = s.condition.type;
    if (cond instanceof ShapedType) {
      p.printType(cond);
      p.write(', ');
    }
    p.printType(s.result.type);
  },
  fold({ op, condition, true_value, false_value }): OpFoldResult | undefined {
    const t = op.true_value;
    const f = op.false_value;
    if (t === f) return t;
    if (isOne(condition)) return t;
    if (isZero(condition)) return f;
    // select %c, true, false -> %c
    if (isI1(op.result.type) && isOne(true_value) && isZero(false_value)) return op.condition;
    const cmp = definedBy(op.condition, CmpIOp);
    if (cmp) {
      const pred = CmpIPredicateAttr.symbolize(cmp.predicate);
      if ((pred === 'eq' || pred === 'ne') && ((cmp.lhs === t && cmp.rhs === f) || (cmp.rhs === t && cmp.lhs === f))) {
        return pred === 'ne' ? t : f;
      }
    }
    // A constant mask choosing between two constants.
    if (condition instanceof DenseElementsAttr && true_value instanceof DenseElementsAttr && false_value instanceof DenseElementsAttr) {
      const n = condition.type.numElements;
      const values: (bigint | number)[] = [];
      for (let i = 0; i < n; i++) values.push(condition.at(i) ? true_value.at(i) : false_value.at(i));
      return DenseElementsAttr.get(op.op.context, true_value.type, values);
    }
    return undefined;
  },
});
