import { AnyFunctionType, AnyType, CallOpInterface, DictArrayAttr, FunctionType, OptionalAttr, TypesMatchWith, Variadic, defineOp, type Type } from '@tlir/ir';

const inputsOf = (t: Type): readonly Type[] => (t instanceof FunctionType ? t.inputs : []);
const resultsOf = (t: Type): readonly Type[] => (t instanceof FunctionType ? t.results : []);

/** `%r = func.call_indirect %f(%a) : (i32) -> f32`: a call of a function value. */
export const CallIndirectOp = defineOp('func.call_indirect', {
  summary: 'indirect call operation',
  description: `
The \`func.call_indirect\` operation represents an indirect call to a value of function type. The operands and
result types of the call must match the specified function type.

Function values can be created with the [\`func.constant\` operation](#funcconstant).

Example:

\`\`\`mlir
%func = func.constant @my_func : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
%result = func.call_indirect %func(%0, %1) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
\`\`\`
`,
  operands: {
    callee: AnyFunctionType,
    callee_operands: Variadic(TypesMatchWith('callee input types match argument types', 'callee', inputsOf)),
  },
  results: { results: Variadic(TypesMatchWith('callee result types match result types', 'callee', resultsOf)) },
  properties: { arg_attrs: OptionalAttr(DictArrayAttr), res_attrs: OptionalAttr(DictArrayAttr) },
  interfaces: [
    CallOpInterface.implement({
      getCallee: (op) => op.getOperand(0),
      getArgOperands: (op) => op.operands.slice(1),
    }),
  ],
  assemblyFormat: '$callee `(` $callee_operands `)` attr-dict `:` type($callee)',
});
