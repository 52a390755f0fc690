import {
  AnyAttr,
  AnyMemRef,
  ArrayAttr,
  DenseElementsAttr,
  DenseStringElementsAttr,
  I64Attr,
  IntegerAttr,
  OptionalAttr,
  Pure,
  StrAttr,
  defineOp,
  type MemRefType,
  type ShapedType,
} from '@tlir/ir';

/** `"krnl.global"() {name = "w", shape = [2], value = dense<[1.0, 2.0]> : tensor<2xf32>}`: a constant buffer. */
export const GlobalOp = defineOp('krnl.global', {
  summary: 'Krnl global operation',
  description: `
Operation for holding global data values. A global constant can have a meaningful name recorded as its \`name\`
attribute. Its content is stored in the \`value\` dense elements attribute, of the shape and element type of the
result; alternatively, when constants are packed together, \`offset\` records the byte offset in the constant pool
from which the constant is read. \`shape\` repeats the (static) shape of the result; \`alignment\`, a power of two,
is the alignment in bytes of the data. There is no custom form.

\`\`\`mlir
%w = "krnl.global"() {name = "constant_0", shape = [3], value = dense<[0.0, 0.1, 0.2]> : tensor<3xf32>} : () -> memref<3xf32>
\`\`\`
`,
  properties: {
    shape: AnyAttr,
    name: StrAttr,
    value: OptionalAttr(AnyAttr),
    offset: OptionalAttr(I64Attr),
    alignment: OptionalAttr(I64Attr),
  },
  results: { output: AnyMemRef },
  traits: [Pure],
  verify(g) {
    const op = g.op;
    const fail = (message: string): false => {
      op.emitOpError(message);
      return false;
    };
    const type = g.output.type as MemRefType;
    if (!type.hasStaticShape) return fail(`expects a statically shaped result, but got '${type}'`);
    const shape = g.shape;
    const dims = shape instanceof ArrayAttr && shape.elements.every((e) => e instanceof IntegerAttr) ? shape.elements.map((e) => Number((e as IntegerAttr).value)) : undefined;
    if (!dims) return fail(`expects 'shape' to be an array of integers, but got ${shape}`);
    if (dims.length !== type.shape.length || dims.some((d, i) => d !== type.shape[i])) return fail(`'shape' ${shape} does not match the result type '${type}'`);
    const value = g.value;
    if (value === undefined && g.offset === undefined) return fail("expects a 'value' or an 'offset' in a constant pool");
    if (value !== undefined) {
      if (!(value instanceof DenseElementsAttr || value instanceof DenseStringElementsAttr)) return fail(`expects 'value' to be a dense elements attribute, but got ${value}`);
      const vt = value.type as ShapedType;
      const vshape = vt.shape ?? [];
      if (vt.elementType !== type.elementType || vshape.length !== type.shape.length || vshape.some((d, i) => d !== type.shape[i])) {
        return fail(`expects 'value' of the shape and element type of the result '${type}', but got '${vt}'`);
      }
    }
    const alignment = g.alignment?.value;
    if (alignment !== undefined && (alignment <= 0n || (alignment & (alignment - 1n)) !== 0n)) return fail(`expects 'alignment' to be a positive power of two, but got ${alignment}`);
    if (g.offset !== undefined && g.offset.value < 0n) return fail(`expects a non-negative 'offset', but got ${g.offset.value}`);
    return true;
  },
});
