import type { Attribute } from '../attribute.js';
import type { Dialect } from '../dialect.js';
import type { CanonicalizationPattern, OpDefinition } from '../op-definition.js';
import type { DialectAsmParser } from '../parser/dialect-asm-parser.js';
import type { Type } from '../type.js';
import type { AttrDef, TypeDef } from './define-attr-type.js';

/** The declaration of a dialect. */
export interface DialectSpec {
  readonly name: string;
  readonly summary?: string;
  /** Markdown, for the generated documentation. */
  readonly description?: string;
  readonly operations?: readonly OpDefinition[];
  readonly types?: readonly TypeDef[];
  readonly attributes?: readonly AttrDef[];
  /** Whether ops of this dialect that it does not define may appear anyway. */
  readonly allowUnknownOperations?: boolean;
  /** Builds the dialect's constant op for a folded value (see `Dialect.materializeConstant`). */
  readonly materializeConstant?: Dialect['materializeConstant'];
  /** The error for a type mnemonic the dialect does not have (see `Dialect.unknownTypeMessage`). */
  readonly unknownTypeMessage?: Dialect['unknownTypeMessage'];
  /** Checks of the dialect's discardable attributes on any op (see `Dialect.verifyOperationAttribute`). */
  readonly verifyOperationAttribute?: Dialect['verifyOperationAttribute'];
  /**
   * The canonicalization patterns of the dialect's ops, attached lazily: the function is called once, when a
   * canonicalizer first asks (see `Dialect.getCanonicalizationPatterns`). Each pattern is rooted at an op of
   * the dialect.
   */
  readonly canonicalize?: () => readonly CanonicalizationPattern[];
}

/** A dialect built by defineDialect: a Dialect to load, which keeps its declarations for documentation. */
export interface DialectDef extends Dialect {
  readonly description?: string;
  readonly types: readonly TypeDef[];
  readonly attributes: readonly AttrDef[];
  readonly operations: readonly OpDefinition[];
}

/**
 * Defines a dialect: its operations, types and attributes, with the type and attribute parsers built from
 * their definitions (`!name.mnemonic<...>` finds the type of that mnemonic). Load it with
 * `ctx.loadDialect(Dialect)` or `new Context({ dialects: [...] })`.
 */
export function defineDialect(spec: DialectSpec): DialectDef {
  const { name } = spec;
  const prefix = `${name}.`;
  for (const op of spec.operations ?? []) {
    if (!op.name.startsWith(prefix)) throw new Error(`dialect '${name}': operation '${op.name}' is not in the dialect's namespace`);
  }
  const byMnemonic = <D extends { dialect: string; mnemonic: string; name: string }>(defs: readonly D[], what: string): Map<string, D> => {
    const m = new Map<string, D>();
    for (const d of defs) {
      if (d.dialect !== name) throw new Error(`dialect '${name}': ${what} '${d.name}' belongs to dialect '${d.dialect}'`);
      if (m.has(d.mnemonic)) throw new Error(`dialect '${name}': two ${what}s named '${d.mnemonic}'`);
      m.set(d.mnemonic, d);
    }
    return m;
  };
  const types = byMnemonic(spec.types ?? [], 'type');
  const attributes = byMnemonic(spec.attributes ?? [], 'attribute');
  const canonicalize = spec.canonicalize;
  let patterns: readonly CanonicalizationPattern[] | undefined;
  const dialect: DialectDef = {
    name,
    summary: spec.summary,
    description: spec.description,
    operations: spec.operations ?? [],
    types: spec.types ?? [],
    attributes: spec.attributes ?? [],
    allowUnknownOperations: spec.allowUnknownOperations,
    materializeConstant: spec.materializeConstant,
    unknownTypeMessage: spec.unknownTypeMessage,
    verifyOperationAttribute: spec.verifyOperationAttribute,
    getCanonicalizationPatterns: canonicalize
      ? (): readonly CanonicalizationPattern[] => {
          if (patterns === undefined) {
            patterns = Object.freeze([...canonicalize()]);
            for (const p of patterns) {
              if (p.rootName !== undefined && !p.rootName.startsWith(prefix)) {
                throw new Error(`dialect '${name}': a canonicalization pattern rooted at '${p.rootName}', which is not in the dialect's namespace`);
              }
            }
          }
          return patterns;
        }
      : undefined,
    parseType: types.size ? (parser: DialectAsmParser, mnemonic: string): Type | undefined => types.get(mnemonic)?.parseBody(parser) : undefined,
    parseAttribute: attributes.size
      ? (parser: DialectAsmParser, mnemonic: string): Attribute | undefined => attributes.get(mnemonic)?.parseBody(parser)
      : undefined,
  };
  return Object.freeze(dialect);
}
