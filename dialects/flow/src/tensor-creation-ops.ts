// Ops that make a new tensor: with undefined contents (flow.tensor.alloca, flow.tensor.empty), filled with one value
// (flow.tensor.splat), or from a constant (flow.tensor.constant, flow.tensor.dynamic_constant).
import {
  AnyOf,
  AnySignlessInteger,
  AnyRankedTensor,
  AnyTensor,
  ComplexType,
  ConstantLike,
  DenseElementsAttr,
  FloatType,
  Index,
  Pure,
  RankedTensorType,
  ShapedType,
  TypedAttr,
  TypesMatchWith,
  Variadic,
  defineOp,
  isCompatibleShape,
  type Attribute,
  type Type,
} from '@tlir/ir';
import { MemAlloc } from '@tlir/rewrite';
import { verifyDynamicDims } from './shaped-dims.js';

const RESULT_WITH_DIMS = '`:` type($result) (`{` $result_dims^ `}`)? attr-dict-with-keyword';

export const TensorAllocaOp = defineOp('flow.tensor.alloca', {
  summary: 'An empty tensor allocation with undefined contents',
  description: `
Returns a new transient tensor allocation with undefined contents. Subsequent writes must populate any ranges of the
tensor that are later read. The resulting tensor may be long-lived and allocated as part of a dedicated allocation.
Prefer using \`flow.tensor.empty\` whenever possible as this op disables nearly all allocation-related optimizations
performed by the compiler. The presence of this op is often an indication of an improper lowering. In the reference
interpreter reading an element never written is a runtime error.

\`\`\`mlir
%t = flow.tensor.alloca : tensor<?x4xf32>{%n}
\`\`\`
`,
  operands: { result_dims: Variadic(Index) },
  results: { result: AnyRankedTensor },
  traits: [MemAlloc],
  assemblyFormat: RESULT_WITH_DIMS,
  verify: (a) => verifyDynamicDims(a.op, [a.result.type], a.result_dims),
});

export const TensorEmptyOp = defineOp('flow.tensor.empty', {
  summary: 'An empty tensor carrying metadata but no contents',
  description: `
Returns a tensor with undefined contents. Subsequent writes must populate any ranges of the tensor that are later
read (in the reference interpreter, reading an element never written is a runtime error).

\`\`\`mlir
%t = flow.tensor.empty : tensor<?x0x1xf32>{%n}
\`\`\`
`,
  operands: { result_dims: Variadic(Index) },
  results: { result: AnyRankedTensor },
  traits: [Pure],
  assemblyFormat: RESULT_WITH_DIMS,
  verify: (e) => verifyDynamicDims(e.op, [e.result.type], e.result_dims),
});

/** IREE's FLOW_PrimitiveType, with complex numbers: what a tensor element given as one value may be. */
const SplatValue = AnyOf([Index, AnySignlessInteger, FloatType, ComplexType], 'index or signless integer or floating-point or complex-type');
const elementOf = (t: Type): readonly Type[] => (t instanceof ShapedType ? [t.elementType] : []);

export const TensorSplatOp = defineOp('flow.tensor.splat', {
  summary: 'Splats a value into a shaped tensor',
  description: `
Returns a tensor initialized to the given primitive value (of the tensor's element type).

\`\`\`mlir
%t = flow.tensor.splat %v : tensor<?x4xf32>{%n}
\`\`\`
`,
  operands: { value: TypesMatchWith('value type matches element type of result', 'result', elementOf, SplatValue), result_dims: Variadic(Index) },
  results: { result: AnyRankedTensor },
  traits: [Pure],
  assemblyFormat: '$value `:` type($result) (`{` $result_dims^ `}`)? attr-dict-with-keyword',
  verify: (s) => verifyDynamicDims(s.op, [s.result.type], s.result_dims),
});

/** The constant of a tensor op: dense elements whose type is a static ranked tensor type. */
const isStaticTensorConstant = (a: Attribute): boolean => a instanceof DenseElementsAttr && a.type instanceof RankedTensorType && a.type.hasStaticShape;

export const TensorConstantOp = defineOp('flow.tensor.constant', {
  summary: 'Tensor constant that can have dynamic dimensions',
  description: `
A tensor constant: the result has the type of its value, a dense elements attribute of a ranked tensor type.

\`\`\`mlir
%cst = flow.tensor.constant dense<[[1.0, 2.0], [3.0, 4.0]]> : tensor<2x2xf32>
\`\`\`
`,
  properties: { value: TypedAttr },
  results: { result: AnyTensor },
  traits: [Pure, ConstantLike],
  inferResultTypes: (_ctx, _operands, properties) => {
    const v = properties?.get('value');
    return v && 'type' in v ? [(v as { type: Type }).type] : [];
  },
  assemblyFormat: 'attr-dict $value',
  fold: ({ op }) => op.value,
  verify(c) {
    if (!isStaticTensorConstant(c.value)) {
      c.op.emitOpError(`value must be dense elements of a statically shaped tensor type, got ${c.value}`);
      return false;
    }
    if (c.result.type !== (c.value as DenseElementsAttr).type) {
      c.op.emitOpError(`result type ${c.result.type} does not match the type of the value, ${(c.value as DenseElementsAttr).type}`);
      return false;
    }
    return true;
  },
});

export const TensorDynamicConstantOp = defineOp('flow.tensor.dynamic_constant', {
  summary: 'Tensor constant that can have dynamic dimensions',
  description: `
A tensor constant whose result type has dynamic dimensions where the value's are static (\`?\` for a size it hides),
approximating a value passed from the user. This disables many optimizations and should only be used when testing or
benchmarking and wanting to ensure that dynamic dimension behavior is preserved.

\`\`\`mlir
%cst = flow.tensor.dynamic_constant dense<[[1.0, 2.0], [3.0, 4.0]]> : tensor<2x2xf32> -> tensor<?x2xf32>
\`\`\`
`,
  properties: { value: TypedAttr },
  results: { result: AnyTensor },
  assemblyFormat: 'attr-dict $value `->` type($result)',
  verify(c) {
    if (!isStaticTensorConstant(c.value)) {
      c.op.emitOpError(`value must be dense elements of a statically shaped tensor type, got ${c.value}`);
      return false;
    }
    const valueType = (c.value as DenseElementsAttr).type as RankedTensorType;
    const result = c.result.type;
    if (!(result instanceof RankedTensorType) || result.elementType !== valueType.elementType || !isCompatibleShape(result, valueType)) {
      c.op.emitOpError(`result type ${result} is not compatible with the type of the value, ${valueType}`);
      return false;
    }
    return true;
  },
});
