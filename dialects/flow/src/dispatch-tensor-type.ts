// `!flow.dispatch.tensor<readonly:tensor<4x?xf32>>`: how a dispatch's body sees a tensor it receives or produces
// (IREE's DispatchTensorType): a binding it loads tiles from and stores tiles into.
import { DYNAMIC, EnumParameter, FloatType, IndexType, IntegerType, RankedTensorType, TypeParameter, defineType, type Context, type Type } from '@tlir/ir';

/** What the body may do with a binding: read it, write it, or both (an operand tied to a result). */
export type TensorAccess = 'readonly' | 'readwrite' | 'writeonly';
export const TENSOR_ACCESSES: readonly TensorAccess[] = ['readonly', 'readwrite', 'writeonly'];

/** The scalars a dispatch tensor may be bound to without a tensor around them (a rank-0 binding). */
const isBindableScalar = (t: Type): boolean => t instanceof IntegerType || t instanceof FloatType || t instanceof IndexType;

export const DispatchTensorType = defineType('flow.dispatch.tensor', {
  summary: 'dispatch.tensor',
  description: `
\`!flow.dispatch.tensor<access:type>\`: a placeholder for a dispatch region's input or output tensor, through which the
body queries its shape and loads (\`flow.dispatch.tensor.load\`) or stores (\`flow.dispatch.tensor.store\`) tiles.
\`access\` is \`readonly\` (an input), \`writeonly\` (a result) or \`readwrite\` (an input tied to a result, updated in
place); the bound type is a ranked tensor type or a scalar (integer, index or float), which is a rank-0 binding.

\`\`\`mlir
(%in: !flow.dispatch.tensor<readonly:tensor<?x4xf32>>, %out: !flow.dispatch.tensor<writeonly:tensor<4x?xf32>>)
\`\`\`
`,
  parameters: { access: EnumParameter('TensorAccess', TENSOR_ACCESSES), boundType: TypeParameter },
  parse(p) {
    p.parseLess();
    const loc = p.getCurrentLocation();
    const word = p.parseOptionalIdentifier();
    if (word === undefined || !(TENSOR_ACCESSES as readonly string[]).includes(word)) {
      p.emitError(`expected the access of a dispatch tensor ('readonly', 'readwrite' or 'writeonly')${word === undefined ? '' : `, got '${word}'`}`, loc);
    }
    p.parseColon();
    const boundType = p.parseType();
    p.parseGreater();
    return { access: word as TensorAccess, boundType };
  },
  print(v, w) {
    w.write(`<${v.access}:`);
    w.printType(v.boundType);
    w.write('>');
  },
  verify: ({ boundType }) =>
    boundType instanceof RankedTensorType || isBindableScalar(boundType)
      ? undefined
      : `a dispatch tensor is bound to a ranked tensor type or to an integer, index or float type, got ${boundType}`,
});
export type DispatchTensorType = ReturnType<typeof DispatchTensorType.get>;

/** The shape of the bound tensor (empty for a scalar binding); `DYNAMIC` for `?`. */
export function dispatchTensorShape(t: DispatchTensorType): readonly number[] {
  return t.boundType instanceof RankedTensorType ? t.boundType.shape : [];
}

/** The element type of the bound tensor (the scalar itself for a scalar binding). */
export function dispatchTensorElementType(t: DispatchTensorType): Type {
  return t.boundType instanceof RankedTensorType ? t.boundType.elementType : t.boundType;
}

/** The bound tensor type (a scalar binding as a rank-0 tensor). */
export function dispatchTensorBoundTensor(ctx: Context, t: DispatchTensorType): RankedTensorType {
  return t.boundType instanceof RankedTensorType ? t.boundType : RankedTensorType.get(ctx, [], t.boundType);
}

export const canReadDispatchTensor = (t: DispatchTensorType): boolean => t.access !== 'writeonly';
export const canWriteDispatchTensor = (t: DispatchTensorType): boolean => t.access !== 'readonly';

/** The number of `?` in the bound shape. */
export function dispatchTensorDynamicDims(t: DispatchTensorType): number {
  return dispatchTensorShape(t).filter((d) => d === DYNAMIC).length;
}
