// The result of an op that updates one of its operands in place, with its dynamic dimensions (IREE's
// custom<ShapedTiedResult>): `%target as tensor<?x4xf32>{%n}`; the operand part may be left out when parsing.
import type { OpAsmParser, OpAsmPrinter, Type, UnresolvedOperand, Value } from '@tlir/ir';
import { parseDynamicDims, printDynamicDims } from './shaped-dims.js';

export interface ShapedTiedResult {
  type: Type;
  dims: UnresolvedOperand[];
  /** Whether the result was written as tied to the operand (`%target as ...`). */
  tied: boolean;
}

/** `[%target as] type{dims}`; an operand other than `target` is an error (the result can only be tied to it). */
export function parseShapedTiedResult(p: OpAsmParser, target: UnresolvedOperand): ShapedTiedResult {
  const operand = p.parseOptionalOperand();
  if (operand) {
    if (operand.name !== target.name || operand.number !== target.number) {
      p.emitError(`the result is tied to the target %${target.name}, not to %${operand.name}`, operand.loc);
    }
    p.parseKeyword('as');
  }
  const type = p.parseType();
  const dims: UnresolvedOperand[] = [];
  parseDynamicDims(p, type, dims);
  return { type, dims, tied: operand !== undefined };
}

export function printShapedTiedResult(p: OpAsmPrinter, target: Value, type: Type, dims: readonly Value[]): void {
  p.printOperand(target);
  p.write(' as ');
  p.printType(type);
  printDynamicDims(p, type, dims, { index: 0 });
}
