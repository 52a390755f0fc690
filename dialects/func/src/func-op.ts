import {
  AnyRegion,
  AutomaticAllocationScope,
  CallableOpInterface,
  DictArrayAttr,
  FunctionOpInterface,
  FunctionType,
  IsolatedFromAbove,
  OptionalAttr,
  StrAttr,
  SymbolNameAttr,
  SymbolOpInterface,
  TypeAttrOf,
  UnitAttr,
  defineOp,
  getFunctionType,
  parseFunctionOp,
  printFunctionOp,
  type Operation,
} from '@tlir/ir';

const isExternal = (op: Operation): boolean => op.regions[0]?.empty ?? true;

/**
 * `func.func @name(%arg: type {attrs}) -> (type {attrs}) attributes {...} { body }`, or without a body a
 * declaration `func.func private @name(type) -> type`.
 */
export const FuncOp = defineOp('func.func', {
  summary: 'An operation with a name containing a single `SSACFG` region',
  description: `
Operations within the function cannot implicitly capture values defined outside of the function, i.e.
functions are \`IsolatedFromAbove\`. All external references must use function arguments or attributes that
establish a symbolic connection (e.g. symbols referenced by name via a string attribute like
SymbolRefAttr). An external function declaration (used when referring to a function declared in some other
module) has no body. While the textual form provides an inline syntax for function arguments, they are
internally represented as "block arguments" to the first block in the region.

Only dialect attribute names may be specified in the attribute dictionaries for function arguments, results,
or the function itself.

Example:

\`\`\`mlir
// External function definitions.
func.func private @abort()
func.func private @scribble(i32, i64, memref<? x 128 x f32>) -> f64

// A function that returns its argument twice:
func.func @count(%x: i64) -> (i64, i64)
  attributes {fruit.name = "banana"} {
  return %x, %x: i64, i64
}

// A function with an argument attribute
func.func private @example_fn_arg(%x: i32 {swift.self = unit})

// A function with a result attribute
func.func private @example_fn_result() -> (f64 {dialectName.attrName = 0 : i64})

// A function with an attribute
func.func private @example_fn_attr() attributes {dialectName.attrName = false}
\`\`\`
`,
  properties: {
    sym_name: SymbolNameAttr,
    function_type: TypeAttrOf(FunctionType),
    sym_visibility: OptionalAttr(StrAttr),
    arg_attrs: OptionalAttr(DictArrayAttr),
    res_attrs: OptionalAttr(DictArrayAttr),
    no_inline: UnitAttr,
  },
  regions: { body: AnyRegion },
  traits: [IsolatedFromAbove, AutomaticAllocationScope],
  interfaces: [
    SymbolOpInterface.implement({ isDeclaration: isExternal }),
    CallableOpInterface.implement({
      getCallableRegion: (op) => (isExternal(op) ? undefined : op.regions[0]),
      getArgumentTypes: (op) => getFunctionType(op)?.inputs ?? [],
      getResultTypes: (op) => getFunctionType(op)?.results ?? [],
    }),
    FunctionOpInterface.implement({ isExternal }),
  ],
  defaultDialect: 'func',
  parse: parseFunctionOp,
  print: (f, p) => printFunctionOp(f.op, p),
});
