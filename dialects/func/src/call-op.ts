import {
  AnyType,
  CallOpInterface,
  DictArrayAttr,
  FlatSymbolRefAttr,
  OptionalAttr,
  SymbolUserOpInterface,
  UnitAttr,
  Variadic,
  defineOp,
  getFunctionType,
  type Operation,
  type SymbolRefAttr,
} from '@tlir/ir';
import { FuncOp } from './func-op.js';

function calleeOf(op: Operation): SymbolRefAttr {
  return CallOp.wrap(op).callee;
}

/** `%r = func.call @f(%a) : (i32) -> f32`: a direct call of a function in the same symbol scope. */
export const CallOp = defineOp('func.call', {
  summary: 'call operation',
  description: `
The \`func.call\` operation represents a direct call to a function that is within the same symbol scope as the
call. The operands and result types of the call must match the specified function type. The callee is encoded
as a symbol reference attribute named "callee".

Example:

\`\`\`mlir
%2 = func.call @my_add(%0, %1) : (f32, f32) -> f32
\`\`\`
`,
  operands: { operands: Variadic(AnyType) },
  results: { results: Variadic(AnyType) },
  properties: {
    callee: FlatSymbolRefAttr,
    arg_attrs: OptionalAttr(DictArrayAttr),
    res_attrs: OptionalAttr(DictArrayAttr),
    no_inline: UnitAttr,
  },
  interfaces: [
    CallOpInterface.implement({
      getCallee: calleeOf,
      getArgOperands: (op) => op.operands,
    }),
    SymbolUserOpInterface.implement({
      // MLIR's CallOp::verifySymbolUses: the callee is a func.func whose type matches the call.
      verifySymbolUses(op, symbolTable) {
        const callee = calleeOf(op);
        const fn = symbolTable.lookupNearestSymbolFrom(op, callee);
        if (!fn || !FuncOp.is(fn)) {
          op.emitOpError(`'${callee.leaf}' does not reference a valid function`);
          return false;
        }
        const type = getFunctionType(fn);
        if (!type) return true;
        if (type.inputs.length !== op.numOperands) {
          op.emitOpError('incorrect number of operands for callee');
          return false;
        }
        for (let i = 0; i < type.inputs.length; i++) {
          const t = op.getOperand(i).type;
          if (t !== type.inputs[i]) {
            op.emitOpError(`operand type mismatch: expected operand type '${type.inputs[i]}', but provided '${t}' for operand number ${i}`);
            return false;
          }
        }
        if (type.results.length !== op.numResults) {
          op.emitOpError('incorrect number of results for callee');
          return false;
        }
        for (let i = 0; i < type.results.length; i++) {
          if (op.getResult(i).type !== type.results[i]) {
            op.emitOpError(`result type mismatch at index ${i}`)
              .attachNote(op.loc, `      op result types: ${op.resultTypes.map((r) => `'${r}'`).join(', ')}`)
              .attachNote(op.loc, `function result types: ${type.results.map((r) => `'${r}'`).join(', ')}`);
            return false;
          }
        }
        return true;
      },
    }),
  ],
  assemblyFormat: '$callee `(` $operands `)` attr-dict `:` functional-type($operands, results)',
});
