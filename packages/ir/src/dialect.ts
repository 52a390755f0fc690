import type { Attribute } from './attribute.js';
import type { Builder } from './builder.js';
import type { Location } from './location.js';
import type { CanonicalizationPattern, OpDefinition } from './op-definition.js';
import type { DialectAsmParser } from './parser/dialect-asm-parser.js';
import type { Operation } from './operation.js';
import type { Type } from './type.js';

/**
 * A namespace of operations, types and attributes, registered in a Context. Types and attributes of a
 * dialect print as `!name.mnemonic...` / `#name.mnemonic...`; the dialect parses them back through its hooks,
 * which receive the mnemonic and a parser positioned just after it.
 */
export interface Dialect {
  readonly name: string;
  /** A one-line description, shown by `tl-opt --show-dialects` and in generated docs. */
  readonly summary?: string;
  readonly operations?: readonly OpDefinition[];
  /** Parses the part of `!name.<here>`; emits an error through the parser and returns undefined on failure. */
  parseType?(parser: DialectAsmParser, mnemonic: string): Type | undefined;
  /**
   * What a type of this dialect with an unknown mnemonic is called in its error (default: MLIR's generated
   * parsers' "unknown  type `x` in dialect `name`"; MLIR's gpu dialect says "unknown gpu type: x").
   */
  unknownTypeMessage?(mnemonic: string): string;
  /** Parses the part of `#name.<here>`; `type` is the type after a trailing `: type`, if any. */
  parseAttribute?(parser: DialectAsmParser, mnemonic: string, type?: Type): Attribute | undefined;
  /**
   * Creates a `ConstantLike` op of this dialect holding `value` with result type `type` at the builder's
   * insertion point (used to materialize folded constants); undefined when the dialect cannot.
   */
  materializeConstant?(builder: Builder, value: Attribute, type: Type, loc: Location): Operation | undefined;
  /**
   * Checks a discardable attribute named `<this dialect>.<name>` on any op (MLIR's
   * Dialect::verifyOperationAttribute), before the op's own checks; emits an error and returns false when wrong.
   */
  verifyOperationAttribute?(op: Operation, name: string, value: Attribute): boolean;
  /** Whether operations of this dialect that are not registered may appear anyway. */
  readonly allowUnknownOperations?: boolean;
  /**
   * Canonicalization patterns of the dialect's ops that their definitions do not list themselves (MLIR's
   * Dialect::getCanonicalizationPatterns), each rooted at its op. They are asked for when a canonicalizer is set
   * up, not when the ops are defined, so patterns that build the dialect's ops through their definitions need no
   * import cycle with them.
   */
  getCanonicalizationPatterns?(): readonly CanonicalizationPattern[];
}
