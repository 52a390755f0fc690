import { ArrayAttr, DictionaryAttr, StringAttr, TypeAttr, type NamedAttribute } from '../builtin-attributes.js';
import { FunctionType } from '../builtin-types.js';
import type { Context } from '../context.js';
import { defineOpInterface } from '../op-def/op-interface.js';
import type { Operation } from '../operation.js';
import type { OperationState } from '../operation-state.js';
import type { Argument, OpAsmParser } from '../parser/op-asm-parser.js';
import type { OpAsmPrinter } from '../printer/op-asm-printer.js';
import type { Type } from '../type.js';

/** The properties of a function-like op, named as MLIR names them. */
const FUNCTION_TYPE = 'function_type';
const ARG_ATTRS = 'arg_attrs';
const RES_ATTRS = 'res_attrs';

/** The function type of a function-like op (its `function_type` property), if it is one. */
export function getFunctionType(op: Operation): FunctionType | undefined {
  const a = op.getInherentOrDiscardable(FUNCTION_TYPE);
  return a instanceof TypeAttr && a.value instanceof FunctionType ? a.value : undefined;
}

/** The attribute dictionary of argument (or result) `i` of a function-like op (empty when it has none). */
export function getArgAttrs(op: Operation, i: number, which: 'arg' | 'result' = 'arg'): DictionaryAttr | undefined {
  const all = op.getInherentOrDiscardable(which === 'arg' ? ARG_ATTRS : RES_ATTRS);
  const d = all instanceof ArrayAttr ? all.elements[i] : undefined;
  return d instanceof DictionaryAttr ? d : undefined;
}

/**
 * A function-like op (MLIR's FunctionOpInterface): a symbol with a `function_type`, optional per-argument and
 * per-result attribute dictionaries (`arg_attrs`, `res_attrs`) and one body region whose entry block takes the
 * arguments. Verified with the op's own checks, before the ops of the body (as MLIR's verifyTrait), with MLIR's
 * messages.
 */
export const FunctionOpInterface = defineOpInterface<FunctionOpMethods>('FunctionOpInterface', {
  verify: (op, methods) => verifyFunctionLike(op, methods),
});

/** What a function-like op may give FunctionOpInterface (MLIR's interface methods of the same names). */
export interface FunctionOpMethods {
  /** Whether the op is only a declaration (no body). */
  isExternal?(op: Operation): boolean;
  /** Checks of the function type beyond its presence (gpu.func: a kernel returns nothing); emit errors, return false. */
  verifyType?(op: Operation): boolean;
  /**
   * Checks the body instead of the default (the entry block's arguments are the function's): gpu.func's entry
   * block also takes its memory attributions.
   */
  verifyBody?(op: Operation): boolean;
}

/** MLIR's function_interface_impl::verifyTrait. */
export function verifyFunctionLike(op: Operation, methods: FunctionOpMethods = {}): boolean {
  const fail = (message: string): false => {
    op.emitOpError(message);
    return false;
  };
  const type = getFunctionType(op);
  if (!type) return fail(`requires '${FUNCTION_TYPE}' attribute of function type`);
  for (const which of ['argument', 'result'] as const) {
    const name = which === 'argument' ? ARG_ATTRS : RES_ATTRS;
    const all = op.getInherentOrDiscardable(name);
    if (!(all instanceof ArrayAttr)) continue;
    const expected = which === 'argument' ? type.inputs.length : type.results.length;
    if (all.length !== expected) {
      return fail(
        `expects ${which} attribute array to have the same number of elements as the number of function ${which}s, got ${all.length}, but expected ${expected}`,
      );
    }
    for (const d of all.elements) {
      if (!(d instanceof DictionaryAttr)) return fail(`expects ${which} attribute dictionary to be a DictionaryAttr, but got \`${d}\``);
      for (const e of d.entries) {
        if (!e.name.includes('.')) return fail(`${which}s may only have dialect attributes`);
      }
    }
  }
  if (methods.verifyType && !methods.verifyType(op)) return false;
  if (op.numRegions !== 1) return fail('expects one region');
  if (methods.verifyBody) return methods.verifyBody(op);
  const entry = op.regions[0]!.firstBlock;
  if (!entry) return true;
  if (entry.numArguments !== type.inputs.length) return fail(`entry block must have ${type.inputs.length} arguments to match function signature`);
  for (let i = 0; i < type.inputs.length; i++) {
    const t = entry.args[i]!.type;
    if (t !== type.inputs[i]) {
      return fail(
        `type of entry block argument #${i}('${t}') must match the type of the corresponding argument in function signature('${type.inputs[i]}')`,
      );
    }
  }
  return true;
}

/** What parseFunctionSignature reads: `(%a: t {attrs}, ...) -> (t {attrs}, ...)`. */
export interface FunctionSignature {
  /** The named arguments (`%a: t`); empty for a declaration, whose arguments are types only. */
  readonly args: Argument[];
  readonly argTypes: Type[];
  readonly argAttrs: (NamedAttribute[] | undefined)[];
  readonly resultTypes: Type[];
  readonly resultAttrs: (NamedAttribute[] | undefined)[];
}

/**
 * Parses a function signature, MLIR's function_interface_impl::parseFunctionSignature: the arguments in
 * parentheses, either all named (`%a: i32 {attrs}`, a definition) or all types (a declaration), then optionally
 * `-> t` or `-> (t {attrs}, ...)`.
 */
export function parseFunctionSignature(parser: OpAsmParser): FunctionSignature {
  const args: Argument[] = [];
  const argTypes: Type[] = [];
  const argAttrs: (NamedAttribute[] | undefined)[] = [];
  parser.parseCommaSeparatedList('paren', () => {
    const loc = parser.getCurrentLocation();
    const arg = parser.parseOptionalArgument(true);
    if (arg) {
      if (argTypes.length > args.length) parser.emitCustomOpError('expected type instead of SSA identifier', arg.ssaName.loc);
      args.push(arg);
      argTypes.push(arg.type!);
      argAttrs.push(arg.attrs);
      return;
    }
    if (args.length) parser.emitCustomOpError('expected SSA identifier', loc);
    argTypes.push(parser.parseType());
    const attrs: NamedAttribute[] = [];
    parser.parseOptionalAttrDict(attrs);
    parser.parseOptionalLocationSpecifier();
    argAttrs.push(attrs);
  });
  const resultTypes: Type[] = [];
  const resultAttrs: (NamedAttribute[] | undefined)[] = [];
  if (parser.parseOptionalArrow()) {
    if (!parser.parseOptionalLParen()) {
      resultTypes.push(parser.parseType());
      resultAttrs.push(undefined);
    } else if (!parser.parseOptionalRParen()) {
      do {
        resultTypes.push(parser.parseType());
        const attrs: NamedAttribute[] = [];
        parser.parseOptionalAttrDict(attrs);
        resultAttrs.push(attrs);
      } while (parser.parseOptionalComma());
      parser.parseRParen();
    }
  }
  return { args, argTypes, argAttrs, resultTypes, resultAttrs };
}

/**
 * Adds the `arg_attrs` and `res_attrs` of a parsed signature to `state` (each only when some argument or result
 * has attributes), as MLIR's function_interface_impl::addArgAndResultAttrs.
 */
export function addArgAndResultAttrs(ctx: Context, state: OperationState, signature: FunctionSignature): void {
  const toArray = (list: (NamedAttribute[] | undefined)[]): ArrayAttr | undefined =>
    list.some((l) => l && l.length) ? ArrayAttr.get(ctx, list.map((l) => DictionaryAttr.get(ctx, l ?? []))) : undefined;
  const argArray = toArray(signature.argAttrs);
  if (argArray) state.addAttribute(ARG_ATTRS, argArray);
  const resArray = toArray(signature.resultAttrs);
  if (resArray) state.addAttribute(RES_ATTRS, resArray);
}

/**
 * Parses `[visibility] @name(%a: t {attrs}, ...) [-> (t {attrs}, ...)] [attributes {...}] [{ body }]` into
 * `state`, as MLIR's function_interface_impl::parseFunctionOp (func.func, tl.func, ...). The arguments are
 * either all named (`%a: i32`) or all types (a declaration).
 */
export function parseFunctionOp(parser: OpAsmParser, state: OperationState): boolean {
  const ctx = parser.context;
  for (const v of ['public', 'private', 'nested']) {
    if (parser.parseOptionalKeyword(v)) {
      state.addAttribute('sym_visibility', StringAttr.get(ctx, v));
      break;
    }
  }
  state.addAttribute('sym_name', StringAttr.get(ctx, parser.parseSymbolName()));
  const signature = parseFunctionSignature(parser);
  state.addAttribute(FUNCTION_TYPE, TypeAttr.get(ctx, FunctionType.get(ctx, signature.argTypes, signature.resultTypes)));

  const dictLoc = parser.getCurrentLocation();
  const attrs: NamedAttribute[] = [];
  parser.parseOptionalAttrDictWithKeyword(attrs);
  for (const inferred of ['sym_visibility', 'sym_name', FUNCTION_TYPE]) {
    if (attrs.some((a) => a.name === inferred)) {
      parser.emitCustomOpError(`'${inferred}' is an inferred attribute and should not be specified in the explicit attribute dictionary`, dictLoc);
    }
  }
  state.attributes.push(...attrs);
  addArgAndResultAttrs(ctx, state, signature);

  const body = state.addRegion();
  const bodyLoc = parser.getCurrentLocation();
  if (parser.parseOptionalRegion(body, signature.args) && body.empty) parser.emitCustomOpError('expected non-empty function body', bodyLoc);
  return true;
}

/**
 * Prints `(%a: t {attrs}, ...)` (or the types only, for a function without body) and `-> ...` when there are
 * results, as MLIR's function_interface_impl::printFunctionSignature.
 */
export function printFunctionSignature(op: Operation, p: OpAsmPrinter, inputs: readonly Type[], results: readonly Type[]): void {
  const body = op.regions[0];
  const external = !body || body.empty;
  p.write('(');
  inputs.forEach((t, i) => {
    if (i) p.write(', ');
    const attrs = getArgAttrs(op, i);
    if (!external) p.printRegionArgument(body.entryBlock.args[i]!, attrs);
    else {
      p.printType(t);
      if (attrs) p.printOptionalAttrDict(attrs);
    }
  });
  p.write(')');
  if (results.length) {
    p.write(' -> ');
    const first = getArgAttrs(op, 0, 'result');
    const parens = results.length > 1 || results[0] instanceof FunctionType || (first !== undefined && first.size > 0);
    if (parens) p.write('(');
    results.forEach((t, i) => {
      if (i) p.write(', ');
      p.printType(t);
      const attrs = getArgAttrs(op, i, 'result');
      if (attrs) p.printOptionalAttrDict(attrs);
    });
    if (parens) p.write(')');
  }
}

/**
 * Prints ` attributes {...}` with the op's other attributes, inherent and discardable (MLIR prints
 * op->getAttrs()), leaving out the symbol name and visibility, the function type, the argument and result
 * attributes and `elided`; as MLIR's function_interface_impl::printFunctionAttributes.
 */
export function printFunctionAttributes(op: Operation, p: OpAsmPrinter, elided: readonly string[] = []): void {
  const props = op.properties instanceof DictionaryAttr ? op.properties : undefined;
  const all = props?.size ? DictionaryAttr.get(op.context, [...props.entries, ...op.attributes.entries]) : op.attributes;
  p.printOptionalAttrDictWithKeyword(all, ['sym_name', 'sym_visibility', FUNCTION_TYPE, ARG_ATTRS, RES_ATTRS, ...elided]);
}

/** Prints a function-like op as parseFunctionOp reads it (MLIR's function_interface_impl::printFunctionOp). */
export function printFunctionOp(op: Operation, p: OpAsmPrinter): void {
  p.write(' ');
  const vis = op.getInherentOrDiscardable('sym_visibility');
  if (vis instanceof StringAttr) p.write(`${vis.value} `);
  const name = op.getInherentOrDiscardable('sym_name');
  p.printSymbolName(name instanceof StringAttr ? name.value : '');
  const type = getFunctionType(op);
  printFunctionSignature(op, p, type?.inputs ?? [], type?.results ?? []);
  printFunctionAttributes(op, p);
  const body = op.regions[0];
  if (body && !body.empty) {
    p.write(' ');
    p.printRegion(body, { printEntryBlockArgs: false, printBlockTerminators: true });
  }
}
