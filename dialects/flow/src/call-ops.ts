// IREE's streamable calls: `flow.func private @ext(%arg0: tensor<?xf32>, %arg1: index) -> %arg0` declares an
// external host function taking and returning flow tensors (a result may be tied to an argument: updated in
// place), and `%r = flow.call @ext(%t, %n) : (tensor<?xf32>{%n}, index) -> %t{%n}` calls it on the stream, its
// tensors' dynamic dimensions given. Calls are nodes of the dispatch graph, like dispatches.
import {
  AnyRegion,
  AnyType,
  ArrayAttr,
  CallOpInterface,
  CallableOpInterface,
  DenseArrayAttr,
  DictArrayAttr,
  DictionaryAttr,
  FlatSymbolRefAttr,
  FunctionOpInterface,
  FunctionType,
  Index,
  IntegerAttr,
  IntegerType,
  IsolatedFromAbove,
  OptionalAttr,
  StrAttr,
  StringAttr,
  SymbolNameAttr,
  SymbolOpInterface,
  SymbolRefAttr,
  SymbolUserOpInterface,
  TypeAttr,
  TypeAttrOf,
  Variadic,
  defineOp,
  staticIndices,
  getArgAttrs,
  getFunctionType,
  type Argument,
  type NamedAttribute,
  type OpAsmParser,
  type OpAsmPrinter,
  type Operation,
  type SymbolTableCollection,
  type Type,
  type Value,
} from '@tlir/ir';
import { parseShapedFunctionType, printShapedFunctionType } from './shaped-function-type.js';
import { verifyDynamicDims } from './shaped-dims.js';
import { parseSymbolVisibility, printSymbolVisibility } from './symbol-syntax.js';
import { TiedOperandsAttr, UNTIED, tiedOperandIndices, tiedOperandsAttr, verifyTiedOperands } from './tied-operands.js';

const isExternal = (op: Operation): boolean => op.regions[0] === undefined || op.regions[0].empty;

/** The argument each result of a flow.func is tied to (UNTIED for the others): its `tied_operands`, per result. */
function funcTiedOperands(op: Operation, numResults: number): number[] {
  const attr = op.getProperty('tied_operands');
  const tied = new Array<number>(numResults).fill(UNTIED);
  if (attr instanceof ArrayAttr) {
    attr.elements.forEach((a, i) => {
      if (a instanceof IntegerAttr && i < numResults) tied[i] = a.number;
    });
  }
  return tied;
}

/**
 * IREE's custom<ShapedFunctionSignature>: `(%arg0: t {attrs}, ...) -> results`, where a result is a type (with
 * optional attributes) or an argument it is tied to (`%arg0`, or `%arg0 as t` when its type changes).
 */
function parseShapedFunctionSignature(p: OpAsmParser, attrs: NamedAttribute[]): Argument[] {
  const ctx = p.context;
  const args: Argument[] = [];
  const argTypes: Type[] = [];
  const argAttrs: DictionaryAttr[] = [];
  p.parseCommaSeparatedList('paren', () => {
    const arg = p.parseOptionalArgument(true);
    if (arg) {
      args.push(arg);
      argTypes.push(arg.type!);
      argAttrs.push(DictionaryAttr.get(ctx, arg.attrs ?? []));
      return;
    }
    argTypes.push(p.parseType());
    const a: NamedAttribute[] = [];
    p.parseOptionalAttrDict(a);
    argAttrs.push(DictionaryAttr.get(ctx, a));
  });
  const resultTypes: Type[] = [];
  const resultAttrs: DictionaryAttr[] = [];
  const tied: number[] = [];
  const parseResult = (): void => {
    const loc = p.getCurrentLocation();
    const operand = p.parseOptionalOperand();
    if (operand) {
      const index = args.findIndex((a) => a.ssaName.name === operand.name && a.ssaName.number === operand.number);
      if (index < 0) p.emitError(`tied operand not found for result reference %${operand.name}`, loc);
      tied.push(index);
      resultTypes.push(p.parseOptionalKeyword('as') ? p.parseType() : argTypes[index]!);
    } else {
      tied.push(UNTIED);
      resultTypes.push(p.parseType());
    }
    const a: NamedAttribute[] = [];
    p.parseOptionalAttrDict(a);
    resultAttrs.push(DictionaryAttr.get(ctx, a));
  };
  if (p.parseOptionalArrow()) {
    if (p.parseOptionalLParen()) {
      if (!p.parseOptionalRParen()) {
        do parseResult();
        while (p.parseOptionalComma());
        p.parseRParen();
      }
    } else parseResult();
  }
  attrs.push({ name: 'function_type', value: TypeAttr.get(ctx, FunctionType.get(ctx, argTypes, resultTypes)) });
  if (tied.some((t) => t !== UNTIED)) attrs.push({ name: 'tied_operands', value: tiedOperandsAttr(ctx, tied) });
  if (argAttrs.some((d) => d.size > 0)) attrs.push({ name: 'arg_attrs', value: ArrayAttr.get(ctx, argAttrs) });
  if (resultAttrs.some((d) => d.size > 0)) attrs.push({ name: 'res_attrs', value: ArrayAttr.get(ctx, resultAttrs) });
  return args;
}

function printShapedFunctionSignature(p: OpAsmPrinter, op: Operation): void {
  const type = getFunctionType(op);
  const inputs = type?.inputs ?? [];
  const results = type?.results ?? [];
  const body = op.regions[0];
  const entry = body && !body.empty ? body.entryBlock : undefined;
  p.write('(');
  inputs.forEach((t, i) => {
    if (i) p.write(', ');
    const attrs = getArgAttrs(op, i);
    if (entry) p.printRegionArgument(entry.args[i]!, attrs);
    else {
      p.write(`%arg${i}: `);
      p.printType(t);
      if (attrs) p.printOptionalAttrDict(attrs);
    }
  });
  p.write(')');
  if (results.length === 0) return;
  const tied = funcTiedOperands(op, results.length);
  p.write(' -> ');
  const attrsOf = (i: number): DictionaryAttr | undefined => {
    const a = getArgAttrs(op, i, 'result');
    return a && a.size > 0 ? a : undefined;
  };
  const parens = results.length > 1 || (results.length === 1 && attrsOf(0) !== undefined);
  if (parens) p.write('(');
  results.forEach((t, i) => {
    if (i) p.write(', ');
    const operand = tied[i] ?? UNTIED;
    if (operand !== UNTIED) {
      p.write(entry ? '' : `%arg${operand}`);
      if (entry) p.printOperand(entry.args[operand]!);
      if (inputs[operand] !== t) {
        p.write(' as ');
        p.printType(t);
      }
    } else p.printType(t);
    const attrs = attrsOf(i);
    if (attrs) p.printOptionalAttrDict(attrs);
  });
  if (parens) p.write(')');
}

export const FuncOp = defineOp('flow.func', {
  summary: 'Streamable function declaration',
  description: `
Declares a function that can be called as an asynchronous streaming operation via \`flow.call\`. Today only external
functions are allowed: the function is implemented by the host. Its arguments and results are flow tensors and
other values; a result written as an argument (\`-> %arg0\`, or \`%arg0 as tensor<...>\` when the type seen by the
compiler changes) is tied to it: the function updates that tensor in place.

\`\`\`mlir
flow.func private @normalize(%arg0: tensor<?xf32>, %arg1: index) -> (tensor<?xf32>, i32)
flow.func private @scale_in_place(%arg0: tensor<?x4xf32>, %arg1: f32) -> %arg0
\`\`\`
`,
  properties: {
    sym_name: SymbolNameAttr,
    function_type: TypeAttrOf(FunctionType),
    tied_operands: OptionalAttr(TiedOperandsAttr),
    sym_visibility: OptionalAttr(StrAttr),
    arg_attrs: OptionalAttr(DictArrayAttr),
    res_attrs: OptionalAttr(DictArrayAttr),
  },
  regions: { body: AnyRegion },
  traits: [IsolatedFromAbove],
  interfaces: [
    SymbolOpInterface.implement({ isDeclaration: isExternal }),
    CallableOpInterface.implement({
      getCallableRegion: (op) => (isExternal(op) ? undefined : op.regions[0]),
      getArgumentTypes: (op) => getFunctionType(op)?.inputs ?? [],
      getResultTypes: (op) => getFunctionType(op)?.results ?? [],
    }),
    FunctionOpInterface.implement({ isExternal }),
  ],
  parse(p, state) {
    const attrs: NamedAttribute[] = [];
    parseSymbolVisibility(p, attrs);
    attrs.push({ name: 'sym_name', value: StringAttr.get(p.context, p.parseSymbolName()) });
    const args = parseShapedFunctionSignature(p, attrs);
    state.attributes.push(...attrs);
    p.parseOptionalAttrDictWithKeyword(state.attributes);
    const body = state.addRegion();
    p.parseOptionalRegion(body, args);
    return true;
  },
  print(f, p) {
    p.write(' ');
    printSymbolVisibility(p, f.op);
    p.write(' ');
    p.printSymbolName(f.sym_name.value);
    printShapedFunctionSignature(p, f.op);
    p.printOptionalAttrDictWithKeyword(f.op.attributes, ['sym_name', 'sym_visibility', 'function_type', 'tied_operands', 'arg_attrs', 'res_attrs']);
    const body = f.op.regions[0];
    if (body && !body.empty) {
      p.write(' ');
      p.printRegion(body, { printEntryBlockArgs: false, printBlockTerminators: true });
    }
  },
  verify(f) {
    const op = f.op;
    const type = f.function_type.value as FunctionType;
    const tied = funcTiedOperands(op, type.results.length);
    if (f.tied_operands !== undefined && f.tied_operands.elements.length !== type.results.length) {
      op.emitOpError(`has ${f.tied_operands.elements.length} tied operand entries for ${type.results.length} result${type.results.length === 1 ? '' : 's'}`);
      return false;
    }
    for (let i = 0; i < type.results.length; i++) {
      const t = tied[i] ?? UNTIED;
      if (t !== UNTIED && (t < 0 || t >= type.inputs.length)) {
        op.emitOpError(`result #${i} is tied to argument #${t}, but the function has ${type.inputs.length} argument${type.inputs.length === 1 ? '' : 's'}`);
        return false;
      }
    }
    return true;
  },
});

/** The `arguments` group of a flow.call's operands. */
function callArguments(op: Operation): Value[] {
  const n = staticIndices(op.getProperty('operandSegmentSizes'))[0] ?? 0;
  return op.operandValues.slice(0, n);
}

/** IREE's CallOp::verifySymbolUses: the callee is a function whose type is the call's. */
function verifyCallee(op: Operation, symbols: SymbolTableCollection): boolean {
  const ref = op.getProperty('callee');
  if (!(ref instanceof SymbolRefAttr)) return true;
  const callee = symbols.lookupNearestSymbolFrom(op, ref);
  const calleeType = callee ? getFunctionType(callee) : undefined;
  if (!callee || !calleeType) {
    op.emitOpError(`undefined external call: ${ref.root}`);
    return false;
  }
  const callType = FunctionType.get(op.context, callArguments(op).map((a) => a.type), op.results.map((r) => r.type));
  if (callType !== calleeType) {
    op.emitOpError(`function type mismatch; expected ${callType} but callee is ${calleeType}`);
    return false;
  }
  return true;
}

export const CallOp = defineOp('flow.call', {
  summary: 'Calls a streamable external host function',
  description: `
Calls a function taking/returning tensor values with stream semantics (a \`flow.func\`). Tensors have their shapes
captured (\`tensor<?xf32>{%n}\`) and may be tied to denote in-place operations (\`-> %arg0{%n}\`). Asynchronous
calls must have no side effects.

Returned tensors must have their shapes declared prior to the call, as this is what allows the call to be made on
the stream. In the dispatch graph a call is a node like a dispatch: it reads its tensor arguments, writes those tied
to its results and its untied results.

\`\`\`mlir
%r:2 = flow.call @normalize(%t, %n) : (tensor<?xf32>{%n}, index) -> (tensor<?xf32>{%n}, i32)
%s = flow.call @scale_in_place(%t, %k) : (tensor<?x4xf32>{%n}, f32) -> %t{%n}
\`\`\`
`,
  operands: { arguments: Variadic(AnyType), argument_dims: Variadic(Index), result_dims: Variadic(Index) },
  results: { results: Variadic(AnyType) },
  properties: { callee: FlatSymbolRefAttr, tied_operands: OptionalAttr(TiedOperandsAttr) },
  interfaces: [
    SymbolUserOpInterface.implement({ verifySymbolUses: verifyCallee }),
    CallOpInterface.implement({ getCallee: (op) => op.getProperty('callee') as SymbolRefAttr, getArgOperands: callArguments }),
  ],
  parse(p, state) {
    const ctx = p.context;
    state.addAttribute('callee', SymbolRefAttr.get(ctx, p.parseSymbolName()));
    const args = p.parseOperandList('paren');
    p.parseOptionalAttrDict(state.attributes);
    p.parseColon();
    const f = parseShapedFunctionType(p, args);
    const index = Index.build!(ctx);
    state.addOperands(
      ...p.resolveOperands(args, f.argumentTypes),
      ...p.resolveOperands(f.argumentDims, f.argumentDims.map(() => index)),
      ...p.resolveOperands(f.resultDims, f.resultDims.map(() => index)),
    );
    state.addTypes(...f.resultTypes);
    if (f.tiedOperands.some((t) => t >= 0)) state.addAttribute('tied_operands', tiedOperandsAttr(ctx, f.tiedOperands));
    state.addAttribute('operandSegmentSizes', DenseArrayAttr.get(ctx, IntegerType.get(ctx, 32), [args.length, f.argumentDims.length, f.resultDims.length]));
    return true;
  },
  print(c, p) {
    p.write(' ');
    p.printAttribute(c.callee);
    p.write('(');
    p.printOperands(c.arguments);
    p.write(')');
    p.printOptionalAttrDict(c.op.attributes);
    p.write(' : ');
    printShapedFunctionType(p, c.op, c.arguments, c.argument_dims, c.result_dims);
  },
  verify(c) {
    const op = c.op;
    return (
      verifyDynamicDims(op, c.arguments.map((a) => a.type), c.argument_dims) &&
      verifyDynamicDims(op, c.results.map((r) => r.type), c.result_dims) &&
      verifyTiedOperands(op, c.arguments)
    );
  },
});
