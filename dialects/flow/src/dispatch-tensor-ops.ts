// What a dispatch body does with its `!flow.dispatch.tensor` bindings: load a tile (flow.dispatch.tensor.load),
// store a tile (flow.dispatch.tensor.store), tie the runtime shape to a binding (flow.dispatch.tie_shape).
import {
  DynamicIndexList,
  AnyRankedTensor,
  DenseI64ArrayAttr,
  Index,
  Pure,
  RankedTensorType,
  SameAs,
  Variadic,
  defineOp,
  staticIndices,
  typeConstraint,
  type Operation,
  type Type,
  type Value,
} from '@tlir/ir';
import { MemRead, MemWrite } from '@tlir/rewrite';
import { DispatchTensorType, canReadDispatchTensor, canWriteDispatchTensor, dispatchTensorElementType, dispatchTensorShape } from './dispatch-tensor-type.js';
import { sliceDroppedDims, verifyOffsetsSizesStrides } from './dynamic-index-list.js';
import { verifyDynamicDims } from './shaped-dims.js';

const ReadableDispatchTensor = typeConstraint<DispatchTensorType>(
  'readable dispatch.tensor (readonly or readwrite)',
  (t) => DispatchTensorType.is(t) && canReadDispatchTensor(t),
);
const WritableDispatchTensor = typeConstraint<DispatchTensorType>(
  'writable dispatch.tensor (writeonly or readwrite)',
  (t) => DispatchTensorType.is(t) && canWriteDispatchTensor(t),
);

const SLICE = '`offsets` `=` custom<DynamicIndexList>($offsets, $static_offsets) `,` `sizes` `=` custom<DynamicIndexList>($sizes, $static_sizes) `,` `strides` `=` custom<DynamicIndexList>($strides, $static_strides)';

/**
 * The tile `tensor` moves between `binding` and the op: the slice's sizes (static ones, `?` for values) give its
 * shape, from which unit dimensions may be dropped; its element type is the binding's. IREE's messages.
 */
function verifyTile(op: Operation, binding: DispatchTensorType, tensor: RankedTensorType): boolean {
  const sizes = staticIndices(op.getProperty('static_sizes'));
  const expected = RankedTensorType.get(op.context, sizes, dispatchTensorElementType(binding));
  const dropped = sliceDroppedDims(sizes, tensor.shape);
  if (dropped === 'rank') {
    op.emitError('expected rank to be smaller or equal to the other rank.');
    return false;
  }
  if (dropped === 'size') {
    op.emitError(`expected type to be ${expected} or a rank-reduced version. (size mismatch)`);
    return false;
  }
  if (tensor.elementType !== expected.elementType) {
    op.emitError(`expected element type to be ${expected.elementType}`);
    return false;
  }
  return true;
}

function verifySlice(op: Operation, binding: Type, dims: readonly Value[], lists: Parameters<typeof verifyOffsetsSizesStrides>[2]): boolean {
  const t = binding as DispatchTensorType;
  return verifyDynamicDims(op, [t], dims) && verifyOffsetsSizesStrides(op, dispatchTensorShape(t).length, lists);
}

export const DispatchTensorLoadOp = defineOp('flow.dispatch.tensor.load', {
  summary: 'Loads a tensor from a dispatch input placeholder',
  description: `
Loads an input tensor or subtensor from an input placeholder. As each workgroup executes concurrently all workgroups
will receive identical loaded results of regions that may overlap. The slice is given by offsets, sizes and strides
(integers or index values, one per dimension of the binding); the result has the slice's sizes, where sizes of 1 may
be dropped (a rank-reduced tile). The binding's dynamic dimensions follow its type.

\`\`\`mlir
%t = flow.dispatch.tensor.load %in, offsets = [0, %j], sizes = [4, 1], strides = [1, 1] : !flow.dispatch.tensor<readonly:tensor<4x?xf32>>{%n} -> tensor<4xf32>
\`\`\`
`,
  operands: {
    source: ReadableDispatchTensor,
    source_dims: Variadic(Index),
    offsets: Variadic(Index),
    sizes: Variadic(Index),
    strides: Variadic(Index),
  },
  results: { result: AnyRankedTensor },
  properties: { static_offsets: DenseI64ArrayAttr, static_sizes: DenseI64ArrayAttr, static_strides: DenseI64ArrayAttr },
  traits: [MemRead],
  customDirectives: { DynamicIndexList },
  assemblyFormat: `$source \`,\` ${SLICE} attr-dict \`:\` type($source) (\`{\` $source_dims^ \`}\`)? \`->\` type($result)`,
  verify: (l) =>
    verifySlice(l.op, l.source.type, l.source_dims, l) && verifyTile(l.op, l.source.type as DispatchTensorType, l.result.type as RankedTensorType),
});

export const DispatchTensorStoreOp = defineOp('flow.dispatch.tensor.store', {
  summary: 'Stores a tensor into a dispatch output placeholder',
  description: `
Stores a tensor or subtensor into an output tensor placeholder. As each workgroup executes concurrently behavior is
undefined if more than one workgroup stores into overlapping regions of the full output tensor. The slice is given as
for \`flow.dispatch.tensor.load\`; the stored tensor has its sizes, possibly with unit dimensions dropped.

\`\`\`mlir
flow.dispatch.tensor.store %t, %out, offsets = [0, 0], sizes = [4, %n], strides = [1, 1] : tensor<4x?xf32> -> !flow.dispatch.tensor<writeonly:tensor<4x?xf32>>{%n}
\`\`\`
`,
  operands: {
    value: AnyRankedTensor,
    target: WritableDispatchTensor,
    target_dims: Variadic(Index),
    offsets: Variadic(Index),
    sizes: Variadic(Index),
    strides: Variadic(Index),
  },
  properties: { static_offsets: DenseI64ArrayAttr, static_sizes: DenseI64ArrayAttr, static_strides: DenseI64ArrayAttr },
  traits: [MemWrite],
  customDirectives: { DynamicIndexList },
  assemblyFormat: `$value \`,\` $target \`,\` ${SLICE} attr-dict \`:\` type($value) \`->\` type($target) (\`{\` $target_dims^ \`}\`)?`,
  verify: (s) =>
    verifySlice(s.op, s.target.type, s.target_dims, s) && verifyTile(s.op, s.target.type as DispatchTensorType, s.value.type as RankedTensorType),
});

export const DispatchTieShapeOp = defineOp('flow.dispatch.tie_shape', {
  summary: 'Ties a runtime shape to a dispatch I/O argument',
  description: `
Metadata op used to tie a runtime-computed shape with dynamic dimensions to a dispatch input/output argument. All
uses of the argument should use the pass-through result of this op to allow for SSA-based shape resolution. The
reference interpreter checks that the binding has these sizes.

\`\`\`mlir
%b = flow.dispatch.tie_shape %arg0 : !flow.dispatch.tensor<readonly:tensor<?x4xf32>>{%n}
\`\`\`
`,
  operands: { operand: DispatchTensorType, dynamic_dims: Variadic(Index) },
  results: { result: SameAs('operand') },
  traits: [Pure],
  assemblyFormat: '$operand attr-dict `:` qualified(type($result)) (`{` $dynamic_dims^ `}`)?',
  verify: (t) => verifyDynamicDims(t.op, [t.operand.type], t.dynamic_dims),
});
