import { FunctionType, SymbolRefAttr as FlatSymbolRefAttrClass, defineDialect } from '@tlir/ir';
import * as operations from './operations.js';
import { funcCanonicalizationPatterns } from './canonicalization.js';

/** The func dialect, as MLIR 22 writes it. */
export const FuncDialect = defineDialect({
  name: 'func',
  summary: 'Function definitions, calls and returns',
  description: `
This dialect provides documentation for operations within the func dialect: \`func.func\` defines a function
(or declares an external one), \`func.return\` returns from it, \`func.call\` calls a function by its symbol
name, \`func.constant\` turns a function into an SSA value and \`func.call_indirect\` calls such a value.
`,
  operations: Object.values(operations),
  // MLIR's FuncDialect::materializeConstant: a function reference of a function type is a func.constant.
  materializeConstant: (builder, value, type, loc) =>
    value instanceof FlatSymbolRefAttrClass && value.isFlat && type instanceof FunctionType
      ? operations.ConstantOp.create(builder, { value, result: type, loc }).op
      : undefined,
  canonicalize: funcCanonicalizationPatterns,
});
