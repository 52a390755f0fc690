import type { Block } from '../block.js';
import type { NamedAttribute } from '../builtin-attributes.js';
import type { Context } from '../context.js';
import type { FileLineColLoc, Location } from '../location.js';
import type { Region } from '../region.js';
import type { Type } from '../type.js';
import type { Value } from '../value.js';
import type { DialectAsmParser } from './dialect-asm-parser.js';

/** An operand as written (`%name#number`), not yet resolved to a value of a known type. */
export interface UnresolvedOperand {
  readonly name: string;
  readonly number: number;
  readonly loc: FileLineColLoc;
}

/** A region argument as written: `%name: type loc(...)`. */
export interface Argument {
  readonly ssaName: UnresolvedOperand;
  type: Type | undefined;
  attrs?: NamedAttribute[];
  loc?: Location;
}

/**
 * The parsing interface given to custom operation parsers (like MLIR's OpAsmParser). The op name and the
 * result names have been consumed; the custom parser parses the rest of the op into an OperationState.
 */
export interface OpAsmParser extends DialectAsmParser {
  readonly context: Context;
  /** The location of the op name (for op-level diagnostics). */
  getNameLoc(): FileLineColLoc;
  /**
   * Reports an error of the custom parser (at the current token or `loc`) and aborts: MLIR's OpAsmParser
   * emitError, whose messages start with `custom op 'name' `.
   */
  emitCustomOpError(message: string, loc?: Location): never;
  /** The number of results the op was written with (`%a, %b:2 = ...` gives 3). */
  readonly numResultsToBind: number;

  parseOperand(): UnresolvedOperand;
  parseOptionalOperand(): UnresolvedOperand | undefined;
  /**
   * Operands separated by commas, optionally within delimiters; with `requiredCount`, exactly that many (MLIR's
   * messages: "expected operand" where none is, "expected N operands" for another number).
   */
  parseOperandList(delimiter?: 'none' | 'paren' | 'square' | 'optional-paren' | 'optional-square', requiredCount?: number): UnresolvedOperand[];
  /** Looks up the value named by `operand`, checking (or, for forward references, fixing) its type. */
  resolveOperand(operand: UnresolvedOperand, type: Type): Value;
  resolveOperands(operands: readonly UnresolvedOperand[], types: readonly Type[], loc?: Location): Value[];

  /** `%name` followed, when `allowType`, by `: type` and an optional location. */
  parseArgument(allowType?: boolean): Argument;
  parseOptionalArgument(allowType?: boolean): Argument | undefined;
  parseArgumentList(delimiter: 'none' | 'paren' | 'square' | 'optional-paren', allowType?: boolean): Argument[];

  /**
   * Parses `{ ... }` into `region`; `args` become the entry block's arguments. With `enableNameShadowing`, the
   * region is a name scope of its own (MLIR's flag of the same name): its arguments and values may reuse the names
   * around it, which it cannot see; otherwise it sees them (even in an IsolatedFromAbove op, as in MLIR).
   */
  parseRegion(region: Region, args?: readonly Argument[], enableNameShadowing?: boolean): void;
  /** Like parseRegion when the next token is `{`; returns false otherwise. */
  parseOptionalRegion(region: Region, args?: readonly Argument[]): boolean;

  /** `^bb1`. */
  parseSuccessor(): Block;
  parseOptionalSuccessor(): Block | undefined;
  /** `^bb1(%a, %b : i32, f32)`: the block, and the operands (resolved) appended to `operands`. */
  parseSuccessorAndUseList(operands: Value[]): Block;

  /** `{...}` if present, appended to `attrs`. */
  parseOptionalAttrDict(attrs: NamedAttribute[]): void;
  /** `attributes {...}` if present. */
  parseOptionalAttrDictWithKeyword(attrs: NamedAttribute[]): void;

  /** `: t1, t2`. */
  parseColonTypeList(): Type[];
  /** `-> t` or `-> (t1, t2)`. */
  parseArrowTypeList(): Type[];
  parseOptionalArrowTypeList(): Type[] | undefined;
  /** `(t1, t2) -> (t3)`. */
  parseFunctionType(): Type;
  /** `t1, t2` (no delimiters). */
  parseTypeList(): Type[];
  /** `loc(...)` if present. */
  parseOptionalLocationSpecifier(): Location | undefined;
}
