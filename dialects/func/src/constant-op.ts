import { AnyType, ConstantLike, FlatSymbolRefAttr, Pure, SymbolTable, defineOp, getFunctionType } from '@tlir/ir';
import { FuncOp } from './func-op.js';

/** `%f = func.constant @fn : (i32) -> f32`: a function as an SSA value. */
export const ConstantOp = defineOp('func.constant', {
  summary: 'constant',
  description: `
The \`func.constant\` operation produces an SSA value from a symbol reference to a \`func.func\` operation.

Example:

\`\`\`mlir
// Reference to function @myfn.
%2 = func.constant @myfn : (tensor<16xf32>, f32) -> tensor<16xf32>

// Equivalent generic form
%2 = "func.constant"() <{value = @myfn}> : () -> ((tensor<16xf32>, f32) -> tensor<16xf32>)
\`\`\`

MLIR does not allow direct references to functions in SSA operands because the compiler is multithreaded,
and disallowing SSA values to directly reference a function simplifies this.
`,
  properties: { value: FlatSymbolRefAttr },
  results: { result: AnyType },
  traits: [ConstantLike, Pure],
  // As MLIR's ConstantOp::fold: the function reference itself (materialized again as a func.constant).
  fold: ({ op }) => op.value,
  assemblyFormat: 'attr-dict $value `:` type(results)',
  getAsmResultNames: (c, setName) => setName(c.result, 'f'),
  verify(c) {
    // As MLIR's ConstantOp::verify: the function is looked up from the nearest symbol table.
    const fn = SymbolTable.lookupNearestSymbolFrom(c.op, c.value);
    if (!fn || !FuncOp.is(fn)) {
      c.op.emitOpError(`reference to undefined function '${c.value.leaf}'`);
      return false;
    }
    if (getFunctionType(fn) !== c.result.type) {
      c.op.emitOpError('reference to function with mismatched type');
      return false;
    }
    return true;
  },
});
