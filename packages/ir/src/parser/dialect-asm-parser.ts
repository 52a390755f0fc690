import type { AffineMapAttr } from '../affine-attributes.js';
import type { Attribute } from '../attribute.js';
import type { Context } from '../context.js';
import type { Location } from '../location.js';
import type { Type } from '../type.js';

/**
 * The parsing interface given to dialect hooks for `!dialect.mnemonic<...>` types and `#dialect.mnemonic<...>`
 * attributes (and to custom operation parsers, through OpAsmParser). Methods named `parseX` throw a parse
 * failure after emitting a located error; `parseOptionalX` return undefined/false when X is not next.
 */
export interface DialectAsmParser {
  /** The context to create types and attributes in. */
  readonly context: Context;
  /** The location of the current token (for diagnostics). */
  getCurrentLocation(): Location;
  /**
   * In a dialect's type or attribute hook, where the mnemonic was written (MLIR's getNameLoc: hand-written
   * parsers report what is wrong with the whole type there); elsewhere, the current location.
   */
  getNameLoc(): Location;
  /** Emits a located error at the current token (or at `loc`) and aborts parsing. */
  emitError(message: string, loc?: Location): never;
  /**
   * Reports an error about the current token at the end of the previous one, skipping back over blanks and line
   * ends (MLIR's emitWrongTokenError: "expected ']'" points just after the last thing written), and aborts.
   */
  emitWrongTokenError(message: string): never;

  parseLess(): void;
  parseOptionalLess(): boolean;
  parseGreater(): void;
  parseOptionalGreater(): boolean;
  parseLParen(): void;
  parseOptionalLParen(): boolean;
  parseRParen(): void;
  parseOptionalRParen(): boolean;
  parseLSquare(): void;
  parseOptionalLSquare(): boolean;
  parseRSquare(): void;
  parseOptionalRSquare(): boolean;
  parseLBrace(): void;
  parseOptionalLBrace(): boolean;
  parseRBrace(): void;
  parseOptionalRBrace(): boolean;
  parseComma(): void;
  parseOptionalComma(): boolean;
  parseColon(): void;
  parseOptionalColon(): boolean;
  parseEqual(): void;
  parseOptionalEqual(): boolean;
  parseArrow(): void;
  parseOptionalArrow(): boolean;
  parseOptionalQuestion(): boolean;
  parseOptionalStar(): boolean;
  parseOptionalEllipsis(): boolean;

  /** A bare identifier equal to `keyword`. */
  parseKeyword(keyword: string): void;
  parseOptionalKeyword(keyword: string): boolean;
  /** Any bare identifier; returns its text. */
  parseIdentifier(): string;
  parseOptionalIdentifier(): string | undefined;
  /** A string literal's value. */
  parseString(): string;
  parseOptionalString(): string | undefined;
  /** An integer literal, optionally negative. */
  parseInteger(): bigint;
  parseOptionalInteger(): bigint | undefined;
  /** A floating point or integer literal, optionally negative. */
  parseFloat(): number;
  /** `@name`: the symbol name. */
  parseSymbolName(): string;
  parseOptionalSymbolName(): string | undefined;

  parseType(): Type;
  parseOptionalType(): Type | undefined;
  parseColonType(): Type;
  /** A bare affine map, `(d0, d1)[s0] -> (d1, d0)` (MLIR's parseAffineMap). */
  parseAffineMap(): AffineMapAttr;
  parseAttribute(type?: Type): Attribute;
  parseOptionalAttribute(type?: Type): Attribute | undefined;
  /** `4x?x8x` (with the trailing `x`) as used in shaped types; `?` is DYNAMIC. */
  parseDimensionList(allowDynamic: boolean): number[];
  /**
   * Comma-separated elements within optional delimiters, as MLIR's parseCommaSeparatedList: a missing closing
   * delimiter is "expected ')'" followed by `context` (MLIR's contextMessage, e.g. `' in argument list'`).
   */
  parseCommaSeparatedList(
    delimiter: 'none' | 'paren' | 'square' | 'less' | 'brace' | 'optional-paren' | 'optional-square' | 'optional-less',
    element: () => void,
    context?: string,
  ): boolean;
}
