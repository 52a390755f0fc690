import type { Attribute } from '../attribute.js';
import type { Block } from '../block.js';
import type { DictionaryAttr } from '../builtin-attributes.js';
import type { Location } from '../location.js';
import type { Operation } from '../operation.js';
import type { Region } from '../region.js';
import type { Type } from '../type.js';
import type { BlockArgument, Value } from '../value.js';

/**
 * The printing interface given to custom operation printers (like MLIR's OpAsmPrinter). The printer has
 * already written the results (`%0 = `) and the op name; the custom printer writes the rest.
 */
export interface OpAsmPrinter {
  /** Writes raw text. */
  write(text: string): void;
  /** Starts a new line at the current indentation (MLIR's printNewline). */
  printNewline(): void;
  printOperand(value: Value): void;
  /** Comma-separated operands. */
  printOperands(values: readonly Value[]): void;
  printType(type: Type): void;
  /** Comma-separated types. */
  printTypes(types: readonly Type[]): void;
  /** `(t1, t2) -> t3` for the op's operands and results. */
  printFunctionalType(op: Operation): void;
  printAttribute(attr: Attribute): void;
  /** An integer/float attribute without its `: type`. */
  printAttributeWithoutType(attr: Attribute): void;
  /** `{a = 1}` unless empty; names in `elided` are left out (they were printed as part of the syntax). */
  printOptionalAttrDict(attrs: DictionaryAttr, elided?: readonly string[]): void;
  /** ` attributes {a = 1}` unless empty. */
  printOptionalAttrDictWithKeyword(attrs: DictionaryAttr, elided?: readonly string[]): void;
  /** `@name`, quoted if needed. */
  printSymbolName(name: string): void;
  /** `%arg0: i32 {attrs}` (with its location when debug info is printed). */
  printRegionArgument(arg: BlockArgument, attrs?: DictionaryAttr): void;
  /** `{ ... }`: the region's blocks with the current indentation. */
  printRegion(region: Region, options?: { printEntryBlockArgs?: boolean; printBlockTerminators?: boolean; printEmptyBlock?: boolean }): void;
  /** `^bb1`. */
  printSuccessor(block: Block): void;
  /** `^bb1(%a, %b : i32, f32)`. */
  printSuccessorAndUseList(block: Block, operands: readonly Value[]): void;
  /** ` loc(...)` when debug info is printed. */
  printOptionalLocationSpecifier(loc: Location): void;
  /** The name the printer uses for a value (`%0`, `%arg1`, `%3#1`). */
  getValueName(value: Value): string;
  /** Whether the generic form was requested (custom printers normally don't need this). */
  readonly printGenericForm: boolean;
}
