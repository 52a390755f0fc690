// `%c0 = arith.constant 0 : index`, `%cst = arith.constant dense<1.0> : vector<4xf32>`: an integer, float or
// elements constant, the value carrying the result type.
import {
  AnyType,
  ConstantLike,
  DenseElementsAttr,
  DenseResourceElementsAttr,
  DenseStringElementsAttr,
  FloatAttr,
  IntegerAttr,
  IntegerType,
  Pure,
  ShapedType,
  SparseElementsAttr,
  TypedAttr,
  VectorType,
  defineOp,
  defineTrait,
  type Attribute,
  type Builder,
  type Location,
  type Operation,
  type Type,
} from '@tlir/ir';

/** MLIR's ElementsAttr interface: dense (numbers or strings), dense_resource (a blob kept apart) and sparse elements. */
const isElements = (a: Attribute): boolean =>
  a instanceof DenseElementsAttr || a instanceof DenseStringElementsAttr || a instanceof DenseResourceElementsAttr || a instanceof SparseElementsAttr;

/**
 * arith.constant's checks (MLIR's AllTypesMatch<["value", "result"]> and ConstantOp::verify), as a trait on the
 * raw op: the value has the result type, integers are signless, the value is an integer, float or elements
 * attribute, and a scalable vector is initialized by a splat.
 */
const ConstantValueMatchesType = defineTrait('ConstantValueMatchesType', {
  signatureOnly: true,
  verify(op: Operation) {
    const value: Attribute | undefined = ConstantOp.wrap(op).value;
    const type = (op.numResults ? op.getResultType(0) : undefined);
    if (value === undefined || type === undefined) return true;
    if (value.type !== type) {
      op.emitOpError('failed to verify that all of {value, result} have same type');
      return false;
    }
    if (type instanceof IntegerType && type.signedness !== 'signless') {
      op.emitOpError('integer return type must be signless');
      return false;
    }
    if (!(value instanceof IntegerAttr || value instanceof FloatAttr || isElements(value))) {
      op.emitOpError('value must be an integer, float, or elements attribute');
      return false;
    }
    if (type instanceof VectorType && type.scalableDims.includes(true) && !(value instanceof DenseElementsAttr && value.isSplat)) {
      // (sic: mlir-opt 22 spells it so)
      op.emitOpError("intializing scalable vectors with elements attribute is not supported unless it's a vector splat");
      return false;
    }
    return true;
  },
});

export const ConstantOp = defineOp('arith.constant', {
  summary: 'integer or floating point constant',
  description: `
Produces an SSA value from an integer, float or elements attribute, whose type is the result type.

\`\`\`mlir
%1 = arith.constant 42 : i32
%2 = "arith.constant"() <{value = 42 : i32}> : () -> i32
%3 = arith.constant dense<[1.0, 2.0]> : tensor<2xf32>
\`\`\`
`,
  properties: { value: TypedAttr },
  results: { result: AnyType },
  traits: [ConstantLike, Pure, ConstantValueMatchesType],
  assemblyFormat: 'attr-dict $value',
  inferResultTypes: (_ctx, _operands, props) => [props!.get('value')!.type!],
  // MLIR's names: %true / %false for i1, %c42_i32 for integers (%c0 for index), %cst for the rest.
  getAsmResultNames(c, setName) {
    const v = c.value;
    const type = c.result.type;
    if (v instanceof IntegerAttr) {
      if (type instanceof IntegerType && type.width === 1) return setName(c.result, v.value !== 0n ? 'true' : 'false');
      setName(c.result, type instanceof IntegerType ? `c${v.value}_${type}` : `c${v.value}`);
    } else setName(c.result, 'cst');
  },
  fold: ({ op }) => op.value,
  constantValue: (op) => op.getProperty('value'),
});

/** Whether arith.constant can hold `value` with result type `type` (MLIR's ConstantOp::isBuildableWith). */
export function isBuildableConstant(value: Attribute, type: Type): boolean {
  if (value.type !== type) return false;
  const element = type instanceof ShapedType ? type.elementType : type;
  if (element instanceof IntegerType && element.signedness !== 'signless') return false;
  return value instanceof IntegerAttr || value instanceof FloatAttr || isElements(value);
}

/** An arith.constant of `value` at the builder's insertion point, if it can hold it (the dialect's materializer). */
export function materializeArithConstant(builder: Builder, value: Attribute, type: Type, loc: Location): Operation | undefined {
  if (!isBuildableConstant(value, type)) return undefined;
  return ConstantOp.create(builder, { value, result: type, loc }).op;
}
