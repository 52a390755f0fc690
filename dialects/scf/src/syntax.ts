import { DictionaryAttr, FunctionType, type Argument, type OpAsmParser, type OpAsmPrinter, type Operation, type Type, type UnresolvedOperand, type Value } from '@tlir/ir';

// Pieces of the custom syntax several scf ops share, as MLIR's OpAsmParser / OpAsmPrinter have them.

/** `-> t` or `-> (t1, t2)` when there are types (MLIR's printOptionalArrowTypeList). */
export function printOptionalArrowTypeList(p: OpAsmPrinter, types: readonly Type[]): void {
  if (types.length === 0) return;
  p.write(' -> ');
  if (types.length === 1 && !(types[0] instanceof FunctionType)) p.printType(types[0]!);
  else {
    p.write('(');
    p.printTypes(types);
    p.write(')');
  }
}

/** `(%arg = %init, ...)`: region arguments and the values they start with (MLIR's parseAssignmentList). */
export function parseAssignmentList(p: OpAsmParser): { args: Argument[]; operands: UnresolvedOperand[] } {
  const list = parseOptionalAssignmentList(p);
  // MLIR's words, as the op's own error, where the '(' should be.
  if (list === undefined) p.emitCustomOpError("expected '('");
  return list;
}

/**
 * An assignment list when a '(' comes next (MLIR's parseOptionalAssignmentList), possibly empty: MLIR reads the
 * elements up to the ')' (parseCommaSeparatedListUntil), hence "expected ',' or ')'" after one.
 */
export function parseOptionalAssignmentList(p: OpAsmParser): { args: Argument[]; operands: UnresolvedOperand[] } | undefined {
  if (!p.parseOptionalLParen()) return undefined;
  const args: Argument[] = [];
  const operands: UnresolvedOperand[] = [];
  if (!p.parseOptionalRParen()) {
    do {
      args.push(p.parseArgument());
      p.parseEqual();
      operands.push(p.parseOperand());
    } while (p.parseOptionalComma());
    if (!p.parseOptionalRParen()) p.emitWrongTokenError("expected ',' or ')'");
  }
  return { args, operands };
}

/** `<prefix>(%inner = %outer, ...)`, nothing when there are no values (MLIR's printInitializationList in SCF.cpp). */
export function printInitializationList(p: OpAsmPrinter, blockArgs: readonly Value[], inits: readonly Value[], prefix: string): void {
  if (inits.length === 0) return;
  p.write(`${prefix}(`);
  for (let i = 0; i < inits.length; i++) {
    if (i) p.write(', ');
    p.printOperand(blockArgs[i]!);
    p.write(' = ');
    p.printOperand(inits[i]!);
  }
  p.write(')');
}

/**
 * `{...}`: the op's attributes with its inherent ones (properties), minus `elided`, as MLIR's
 * printOptionalAttrDict(getAttrs()) prints them (getAttrs() includes the properties).
 */
export function printAttrDict(p: OpAsmPrinter, op: Operation, elided: readonly string[] = [], withKeyword = false): void {
  const props = op.properties instanceof DictionaryAttr ? op.properties : undefined;
  let dict = op.attributes;
  if (props && props.entries.some((e) => !elided.includes(e.name))) dict = DictionaryAttr.get(op.context, [...props.entries, ...op.attributes.entries]);
  if (withKeyword) p.printOptionalAttrDictWithKeyword(dict, elided);
  else p.printOptionalAttrDict(dict, elided);
}
