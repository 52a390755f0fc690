import type { Attribute } from './attribute.js';
import type { Context } from './context.js';
import type { NamedAttribute } from './builtin-attributes.js';
import type { OpInterface, OpInterfaceImpl } from './op-def/op-interface.js';
import type { Operation } from './operation.js';
import type { OpAsmParser } from './parser/op-asm-parser.js';
import type { OperationState } from './operation-state.js';
import type { OpAsmPrinter } from './printer/op-asm-printer.js';
import type { Trait } from './trait.js';
import { quoteString } from './printer/escape.js';
import { VerifiedSignatures } from './verified-signatures.js';
import type { Value } from './value.js';

/** What folding gives for one result: a constant (an attribute, materialized by the dialect) or an existing value. */
export type OpFoldResult = Attribute | Value;

/**
 * A rewrite pattern an op definition contributes to canonicalization. `@tlir/rewrite`'s RewritePattern is one;
 * the rewriter's type is left opaque here because the IR core does not depend on the rewrite package.
 */
export interface CanonicalizationPattern {
  /** The op name the pattern is rooted at; undefined: any op. */
  readonly rootName: string | undefined;
  /** Higher benefits are tried first. */
  readonly benefit: number;
  /** Rewrites `op` through the rewriter (a `PatternRewriter`) and returns whether it matched. */
  matchAndRewrite(op: Operation, rewriter: never): boolean;
}

/**
 * What the context knows about a registered operation: its traits, verifier and, where it has one, its custom
 * assembly syntax. The declarative op-definition API builds these; they can also be written by hand.
 */
export interface OpDefinition {
  readonly name: string;
  readonly summary?: string;
  /** A longer description (markdown), shown in generated documentation. */
  readonly description?: string;
  readonly traits?: readonly Trait[];
  /** The interfaces the op implements, with their methods (`CallOpInterface.implement({...})`). */
  readonly interfaces?: readonly OpInterfaceImpl[];
  /** Op-specific checks, run after the trait verifiers; emits diagnostics and returns false on failure. */
  verify?(op: Operation): boolean;
  /** Checks that need the regions verified first (run after the nested ops). */
  verifyRegions?(op: Operation): boolean;
  /**
   * Folds the op, as MLIR's fold hook: `operands` holds the constant value of each operand whose defining op is
   * `ConstantLike` (undefined for the others). Returns one result per op result (a constant attribute or an
   * existing value) to replace the op with, the op's own results (or `[]`) after updating it in place, or
   * undefined when it does not fold. A `ConstantLike` op's fold returns its value.
   */
  fold?(op: Operation, operands: readonly (Attribute | undefined)[]): readonly OpFoldResult[] | undefined;
  /**
   * For a `ConstantLike` op: its value, what its fold returns, read without folding (the greedy driver and the
   * folders ask every constant operand for it).
   */
  constantValue?(op: Operation): Attribute | undefined;
  /** Patterns the canonicalizer applies to this op (besides folding). */
  readonly canonicalizationPatterns?: readonly CanonicalizationPattern[];
  /** Parses the custom form after the op name into `state`; returns false after emitting an error. */
  parse?(parser: OpAsmParser, state: OperationState): boolean;
  /** Prints the custom form after the op name (and the results, which the printer writes). */
  print?(op: Operation, printer: OpAsmPrinter): void;
  /**
   * The dialect whose namespace may be left out of op names inside this op's regions in custom syntax
   * (like `func` ops inside a func-like op in MLIR's OpAsmOpInterface::getDefaultDialect).
   */
  readonly defaultDialect?: string;
  /**
   * Suggests names for the op's results in the custom form (`%c0`, `%cst`), as MLIR's OpAsmOpInterface
   * getAsmResultNames; the printer makes them unique.
   */
  getAsmResultNames?(op: Operation, setName: (value: Value, name: string) => void): void;
  /**
   * Called for every operation created with this name (parsed, built or cloned), as MLIR 22 sets up an op's
   * properties: inherent attributes given in the discardable dictionary move to the properties, default
   * values are filled in, unknown properties are dropped.
   */
  initializeProperties?(op: Operation): void;
  /**
   * Checks the `<{...}>` of a generic form before the op is created (MLIR's property conversion); returns
   * the reason it cannot be stored, reported as "invalid properties ... for op ...".
   */
  checkProperties?(properties: Attribute): string | undefined;
  /**
   * Checks the inherent attributes written in an attribute dictionary (generic `{...}` or a custom form's
   * attr-dict) before the op is created, as MLIR's verifyInherentAttrs; returns the failure, reported by the
   * parser after `'name' op `.
   */
  checkInherentAttrs?(attrs: readonly NamedAttribute[]): string | undefined;
}

const NO_TRAITS: readonly Trait[] = Object.freeze([]);
const NO_FLAGS = new Uint8Array(0);

/**
 * The interned name of an operation within a context: `dialect.opname`, with the definition when registered.
 * Trait queries go through it so that they are a flag read (see `traitFlags`).
 */
let lastNameHashId = 0;

export class OperationName {
  readonly dialect: string;
  /**
   * The definition's traits as flags at their ids (`Trait.id`): `hasTrait` is an array read. A trait made without
   * `defineTrait` (no id) is looked up in `otherTraits`.
   */
  private traitFlags: Uint8Array = NO_FLAGS;
  private otherTraits: readonly Trait[] = NO_TRAITS;
  /** The methods of each implemented interface, at the interface's id. */
  private interfaceTable: (object | undefined)[] | undefined;
  /** @internal The traits with a `verify` hook, in order (what the verifier runs before `def.verify`). */
  verifyingTraits: readonly Trait[] = NO_TRAITS;
  /** @internal The traits with a `verifyRegions` hook, in order. */
  regionVerifyingTraits: readonly Trait[] = NO_TRAITS;
  /**
   * @internal The signatures of this name's ops whose signature-only checks passed; undefined when no verifying
   * trait is signature-only (see VerifiedSignatures).
   */
  verifiedSignatures: VerifiedSignatures | undefined;
  def: OpDefinition | undefined;
  /** @internal The facts of `defineOperationNameMemo`, at their indices (reset when a definition is registered). */
  memo: unknown[] = [];
  /** A number that identifies this name for hashing (distinct for the names of one process). */
  readonly hashId: number = ++lastNameHashId;

  constructor(
    readonly name: string,
    def: OpDefinition | undefined,
    /** The context the name is registered in (operations reach their context through their name). */
    readonly context: Context,
  ) {
    const dot = name.indexOf('.');
    this.dialect = dot < 0 ? '' : name.slice(0, dot);
    this.def = undefined;
    if (def) this.register(def);
  }

  /** @internal Called by the context when a definition is registered for a name already in use. */
  register(def: OpDefinition): void {
    this.def = def;
    this.memo = [];
    const traits = def.traits ?? NO_TRAITS;
    // A byte per trait id up to the largest of the definition's (each definition also has traits of its own, made
    // with it: up to a few thousand ids, a few KB per name).
    let maxId = -1;
    for (const t of traits) if (t.id !== undefined && t.id > maxId) maxId = t.id;
    const flags = new Uint8Array(maxId + 1);
    for (const t of traits) if (t.id !== undefined) flags[t.id] = 1;
    this.traitFlags = flags;
    this.otherTraits = traits.filter((t) => t.id === undefined);
    this.verifyingTraits = traits.filter((t) => t.verify !== undefined);
    this.verifiedSignatures = this.verifyingTraits.some((t) => t.signatureOnly) ? new VerifiedSignatures() : undefined;
    this.regionVerifyingTraits = traits.filter((t) => t.verifyRegions !== undefined);
    this.interfaceTable = undefined;
    if (def.interfaces?.length) {
      const table: (object | undefined)[] = [];
      for (const i of def.interfaces) {
        while (table.length <= i.iface.id) table.push(undefined);
        table[i.iface.id] = i.methods;
      }
      this.interfaceTable = table;
    }
  }

  /** The methods of `iface` this op implements, if it does. */
  getInterface<M extends object>(iface: OpInterface<M>): M | undefined {
    return this.interfaceTable?.[iface.id] as M | undefined;
  }

  get isRegistered(): boolean {
    return this.def !== undefined;
  }

  hasTrait(t: Trait): boolean {
    const id = t.id;
    return id !== undefined ? this.traitFlags[id] === 1 : this.otherTraits.includes(t);
  }

  /** `"dialect.op"`, as the generic form prints it (cached: printed for every op). */
  get quotedName(): string {
    return (this.quoted ??= quoteString(this.name));
  }
  private quoted: string | undefined;

  toString(): string {
    return this.name;
  }
}
