import type { OpAsmParser } from '../../parser/op-asm-parser.js';
import type { OpAsmPrinter } from '../../printer/op-asm-printer.js';
import type { Operation } from '../../operation.js';

/**
 * A hand-written piece of an assembly format, `custom<Name>($a, type($a), $attr)` (MLIR's custom directives).
 *
 * `parse` receives one slot per argument in `args` and fills them: an operand gets its `UnresolvedOperand`
 * (an array for a variadic one, undefined for an absent optional one), `type(...)` its `Type` (or `Type[]`),
 * an attribute its `Attribute` (or undefined), a successor its `Block` (or `Block[]`). Some slots come filled:
 * a region argument holds the `Region` to parse into (a variadic one an array to push new regions onto),
 * `attr-dict` the `NamedAttribute[]` to append to, a string argument its text, and `ref(...)` the value
 * parsed earlier. It returns false when what it parses is not there (only meaningful as the first element of
 * an optional group); errors go through `parser.emitError`.
 *
 * `print` receives the values: `Value` / `Value[]` / undefined for operands, `Type` / `Type[]` for types,
 * the attribute or undefined, `Region` / `Region[]`, `Block` / `Block[]`, the op's whole attribute dictionary
 * for `attr-dict`, the text of a string.
 */
export interface CustomDirective {
  parse(parser: OpAsmParser, args: unknown[]): boolean | void;
  print(printer: OpAsmPrinter, op: Operation, args: readonly unknown[]): void;
}
