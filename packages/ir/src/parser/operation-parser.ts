import { Block } from '../block.js';
import { DictionaryAttr, LocationAttr, type NamedAttribute } from '../builtin-attributes.js';
import { FunctionType } from '../builtin-types.js';
import type { Context } from '../context.js';
import { Diagnostic } from '../diagnostics.js';
import { CallSiteLoc, FileLineColLoc, FusedLoc, NameLoc, type Location } from '../location.js';
import type { OperationName } from '../op-definition.js';
import { Operation } from '../operation.js';
import { OperationState } from '../operation-state.js';
import { Region } from '../region.js';
import { IsolatedFromAbove, Terminator } from '../traits.js';
import type { Type } from '../type.js';
import { DeferredUses, OpResult, Value } from '../value.js';
import type { Argument, OpAsmParser, UnresolvedOperand } from './op-asm-parser.js';
import { ParseFailure } from './parse-failure.js';
import { DeferredLocation, ParserBase, type AliasTables } from './parser-base.js';
import { SpanCache } from './span-cache.js';
import { emptyPacked } from '../packed-array.js';
import { Tok } from './token.js';

/** A use of a value that is defined later in the text; replaced when the definition is parsed. */
class ForwardRef extends Value {
  constructor(
    type: Type,
    readonly useLoc: FileLineColLoc,
  ) {
    super(type);
  }
  get definingOp(): null {
    return null;
  }
  get parentBlock(): null {
    return null;
  }
  get loc(): Location {
    return this.useLoc;
  }
}

/** The SSA names visible in one isolated-from-above region, with the names each nested region defined. */
class IsolatedNameScope {
  /**
   * `%name` -> its value (result #0 only, the common case) or the values of `%name#0`, `%name#1`, ...
   * Numeric names (`%12`, almost all names in printed IR) index an array: no string, no hashing, and leaving
   * a region clears slots instead of churning a hash table. Other names go to a map.
   */
  private readonly dense: (Value | (Value | undefined)[] | undefined)[] = [];
  private readonly named = new Map<SsaKey, Value | (Value | undefined)[]>();
  /**
   * The names defined in the open regions, innermost last, and where each region's names start: leaving a
   * region forgets the names after its start. (One list for all regions: a list per region grows by copying
   * for each function body, young garbage the size of the module's names.)
   */
  readonly definitions: SsaKey[] = [];
  /** How many entries of `definitions` are in use (it is not shortened, so it does not grow again). */
  definitionCount = 0;
  readonly regionStarts: number[] = [0];

  /** Records a name defined in the innermost open region. */
  recordDefinition(name: SsaKey): void {
    const defs = this.definitions;
    if (this.definitionCount < defs.length) defs[this.definitionCount] = name;
    else defs.push(name);
    this.definitionCount++;
  }

  /** Forgets the names the innermost open region defined, and closes it. */
  closeRegion(): void {
    const defs = this.definitions;
    const start = this.regionStarts.pop()!;
    for (let i = start; i < this.definitionCount; i++) this.delete(defs[i]!);
    this.definitionCount = start;
  }

  private entry(name: SsaKey): Value | (Value | undefined)[] | undefined {
    return typeof name === 'number' && name < DENSE_LIMIT ? this.dense[name] : this.named.get(name);
  }

  get(name: SsaKey, number: number): Value | undefined {
    const e = this.entry(name);
    if (e === undefined) return undefined;
    if (Array.isArray(e)) return e[number];
    return number === 0 ? e : undefined;
  }

  set(name: SsaKey, number: number, v: Value): void {
    const e = this.entry(name);
    let stored: Value | (Value | undefined)[];
    if (number === 0 && (e === undefined || !Array.isArray(e))) stored = v;
    else {
      const arr = e === undefined ? [] : Array.isArray(e) ? e : [e];
      arr[number] = v;
      stored = arr;
    }
    if (typeof name === 'number' && name < DENSE_LIMIT) {
      // Grow to the index in one step (a holey array, not a dictionary: the index is below DENSE_LIMIT). Generic
      // printing numbers the values of a module's first function last, so its first name may be `%178820`.
      const dense = this.dense;
      // With room to spare: V8 would otherwise grow the array again (by half, copying) for the next name, and an
      // array this size is a large object, fresh memory that only a full collection frees.
      if (dense.length <= name) dense.length = name + 1 + (name >> 3) + 1024;
      dense[name] = stored;
    } else this.named.set(name, stored);
  }

  delete(name: SsaKey): void {
    if (typeof name === 'number' && name < DENSE_LIMIT) this.dense[name] = undefined;
    else this.named.delete(name);
  }
}

/** An SSA name without its `%`: a number for canonical decimal names, else the string. */
type SsaKey = string | number;

/** The key of a name written as a string (custom parsers see names as strings). */
function toSsaKey(name: string): SsaKey {
  return /^(0|[1-9][0-9]{0,14})$/.test(name) ? Number(name) : name;
}

/** An operand as written; its location object is only made when needed. */
class Operand implements UnresolvedOperand {
  constructor(
    readonly name: string,
    readonly number: number,
    private readonly file: string,
    readonly line: number,
    readonly col: number,
  ) {}
  get loc(): FileLineColLoc {
    return new FileLineColLoc(this.file, this.line, this.col);
  }
}

/** Where a value was defined or first used, for notes. */
function valueLoc(v: Value): Location {
  return v instanceof ForwardRef ? v.useLoc : v.loc;
}

interface BlockDef {
  block: Block;
  loc: FileLineColLoc;
  defined: boolean;
}

/** The result names of an operation being parsed: `%a, %b:2 = ...`. */
interface ResultGroup {
  name: SsaKey;
  count: number;
  line: number;
  col: number;
}

const MAX_NESTING = 1000;
/** Numeric SSA names below this index an array (see IsolatedNameScope). */
const DENSE_LIMIT = 1 << 22;
const NO_REGIONS: Region[] = emptyPacked();
const NO_BLOCKS: Block[] = emptyPacked();

/**
 * Parses operations, regions and blocks of the MLIR textual format (generic form, and custom forms through
 * the registered ops' hooks), resolving SSA names with MLIR's scoping rules: names are visible in nested
 * regions (isolated-from-above ones too: the verifier rejects such uses) and sibling regions may reuse names.
 */
export class OperationParser extends ParserBase implements OpAsmParser {
  private readonly isolatedScopes: IsolatedNameScope[] = [new IsolatedNameScope()];
  private readonly blockScopes: Map<string, BlockDef>[] = [];
  private readonly forwardRefs = new Set<ForwardRef>();
  private nesting = 0;
  /** Default dialects for custom op names (innermost last). */
  private readonly defaultDialects: string[] = ['builtin'];
  private readonly scratchNames: SsaKey[] = [];
  private readonly scratchNumbers: number[] = [];
  private readonly scratchLines: number[] = [];
  private readonly scratchCols: number[] = [];
  private readonly scratchValues: Value[] = [];
  /** Op names by the text of their string token (op names repeat constantly). */
  private readonly opNameCache: SpanCache<OperationName>;
  private readonly emptyDictionary: DictionaryAttr;
  /**
   * The uses made by the ops parsed so far, linked into use lists only when something needs them (see
   * DeferredUses); a new batch starts when that happens mid-parse (a forward reference resolved).
   */
  private deferred = new DeferredUses();
  /** The op currently being parsed by a custom parser (for getNameLoc / isolation). */
  private customOp: { name: string; nameLoc: FileLineColLoc; isolated: boolean; numResults: number } | undefined;

  constructor(ctx: Context, src: Uint8Array, filename: string, aliases?: AliasTables) {
    super(ctx, src, filename, aliases);
    this.emptyDictionary = DictionaryAttr.empty(ctx);
    this.opNameCache = new SpanCache(src, 10);
  }

  // ---- entry point ------------------------------------------------------------------------------------------

  /**
   * Parses a whole buffer: alias definitions and top-level operations, which end up in `block`. Returns false
   * after reporting errors.
   */
  parseTopLevel(block: Block): boolean {
    try {
      this.start();
      this.blockScopes.push(new Map());
      while (this.cur() !== Tok.EOF) {
        switch (this.cur()) {
          case Tok.HashId:
            this.parseAttributeAliasDef();
            break;
          case Tok.BangId:
            this.parseTypeAliasDef();
            break;
          case Tok.FileMetadataBegin:
            this.parseFileMetadata();
            break;
          default:
            // A top-level op other than a module ends up in the implicit module: count that region as well,
            // so that what is accepted here is also accepted once printed inside `module { ... }`.
            this.nesting = this.startsModule() ? 0 : 1;
            block.append(this.parseOperation());
            this.nesting = 0;
        }
      }
      this.blockScopes.pop();
      return this.finalize(block);
    } catch (e) {
      if (e instanceof ParseFailure) return false;
      if (e instanceof RangeError && /call stack/i.test(e.message)) {
        this.ctx.diagnostics.emit(new Diagnostic('error', this.here(), 'input is nested too deeply to parse'));
        return false;
      }
      throw e;
    }
  }

  /**
   * `{-# dialect_resources: { builtin: { key: "0x...", ... } }, external_resources: { group: { key: value } } #-}`:
   * the blobs of `dense_resource` attributes, and resources for tools outside the IR, kept as read
   * (external-resources.ts) (MLIR's parseFileMetadataDictionary, with its messages). Only the builtin dialect has
   * resources here.
   */
  private parseFileMetadata(): void {
    this.next();
    const commaList = (end: Tok, each: () => void): void => {
      if (this.consumeIf(end)) return;
      do each();
      while (this.consumeIf(Tok.Comma));
      this.expect(end);
    };
    commaList(Tok.FileMetadataEnd, () => {
      const keyLoc = this.here();
      if (this.cur() !== Tok.BareId) this.emitError('expected identifier key in file metadata dictionary');
      const key = this.spelling;
      this.next();
      this.expect(Tok.Colon);
      if (key !== 'dialect_resources' && key !== 'external_resources') this.emitError(`unknown key '${key}' in file metadata dictionary`, keyLoc);
      const external = key === 'external_resources';
      this.expect(Tok.LBrace);
      commaList(Tok.RBrace, () => {
        const nameLoc = this.here();
        if (this.cur() !== Tok.BareId) this.emitError("expected identifier key for 'resource' entry");
        const group = this.spelling;
        this.next();
        this.expect(Tok.Colon);
        this.expect(Tok.LBrace);
        if (!external && group !== 'builtin') {
          if (this.ctx.getDialect(group) === undefined) this.emitError(`dialect '${group}' is unknown`, nameLoc);
          this.emitError(`unexpected 'resource' section for dialect '${group}'`, nameLoc);
        }
        const entries = external ? this.ctx.externalResources.get(group) ?? [] : undefined;
        if (entries) this.ctx.externalResources.set(group, entries);
        commaList(Tok.RBrace, () => {
          const name = this.parseResourceKey();
          this.expect(Tok.Colon);
          if (!entries) {
            this.ctx.builtinResources.set(name, this.parseResourceBlob(name));
            return;
          }
          if (this.cur() === Tok.BareId && (this.spelling === 'true' || this.spelling === 'false')) {
            entries.push({ key: name, value: { kind: 'bool', value: this.spelling === 'true' } });
            this.next();
          } else if (this.cur() === Tok.String && this.spelling.startsWith('"0x')) {
            entries.push({ key: name, value: { kind: 'blob', bytes: this.parseResourceBlob(name) } });
          } else if (this.cur() === Tok.String) {
            entries.push({ key: name, value: { kind: 'string', value: this.parseString() } });
          } else {
            this.emitError(`expected string value for key '${name}'`);
          }
        });
      });
    });
  }

  /** A resource's hex blob: `"0x"`, a 4-byte little-endian power-of-2 alignment, the data. */
  private parseResourceBlob(name: string): Uint8Array {
    const valueLoc = this.here();
    const bad = (detail = ''): never => this.emitError(`expected hex string blob for key '${name}'${detail}`, valueLoc);
    if (this.cur() !== Tok.String) bad();
    const hex = this.parseString();
    if (!/^0x([0-9a-fA-F]{2})*$/.test(hex)) bad();
    const blob = Uint8Array.from(hex.slice(2).match(/../g) ?? [], (b) => parseInt(b, 16));
    if (blob.length < 4) bad(' to encode alignment in first 4 bytes');
    const align = (blob[0]! | (blob[1]! << 8) | (blob[2]! << 16) | (blob[3]! << 24)) >>> 0;
    // 0 is no power of 2 either; mlir-opt 22 takes it for a blob without data, and dies allocating one with data
    // ("out of memory").
    if ((align === 0 && blob.length > 4) || (align & (align - 1)) !== 0) {
      bad(` to encode alignment in first 4 bytes, but got non-power-of-2 value: ${align}`);
    }
    return blob;
  }

  /** Whether the current token starts a `builtin.module` (custom or generic form, which has no results). */
  private startsModule(): boolean {
    if (this.cur() === Tok.BareId) return this.isKeyword('module') || this.isKeyword('builtin.module');
    return this.cur() === Tok.String && this.spelling === '"builtin.module"';
  }

  /** Reports uses of names that were never defined and resolves location aliases defined after their use. */
  private finalize(block: Block): boolean {
    if (this.forwardRefs.size) {
      const refs = [...this.forwardRefs].sort((a, b) => a.useLoc.line - b.useLoc.line || a.useLoc.column - b.useLoc.column);
      for (const r of refs) this.ctx.diagnostics.emit(new Diagnostic('error', r.useLoc, 'use of undeclared SSA value name'));
      return false;
    }
    if (this.sawDeferredLocation) {
      let ok = true;
      const resolve = (loc: Location): Location => {
        if (loc instanceof DeferredLocation) {
          const l = this.aliases.locations.get(loc.alias);
          if (!l) {
            const attr = this.aliases.attributes.get(loc.alias);
            const message = attr !== undefined ? `expected location, but found '${attr}'` : 'operation location alias was never defined';
            this.ctx.diagnostics.emit(new Diagnostic('error', loc.useLoc, message));
            ok = false;
            return loc;
          }
          return l;
        }
        if (loc instanceof NameLoc) return new NameLoc(loc.name, resolve(loc.child));
        if (loc instanceof CallSiteLoc) return new CallSiteLoc(resolve(loc.callee), resolve(loc.caller));
        if (loc instanceof FusedLoc) return new FusedLoc(loc.locations.map(resolve), loc.metadata);
        return loc;
      };
      for (let op = block.firstOp; op !== null; op = op.nextOp) {
        op.walk((o) => {
          o.loc = resolve(o.loc);
          for (const r of o.regions) for (const b of r.blocks()) for (const a of b.args) a.loc = resolve(a.loc);
        });
      }
      return ok;
    }
    return true;
  }

  private parseAttributeAliasDef(): void {
    const loc = this.here();
    const name = this.spelling.slice(1);
    // In MLIR's order: a redefinition, a reserved name, then the '='.
    if (this.aliases.attributes.has(name) || this.aliases.locations.has(name)) {
      this.emitError(`redefinition of attribute alias id '${name}'`, loc);
    }
    if (name.includes('.')) this.emitError('attribute names with a \'.\' are reserved for dialect-defined names');
    this.next();
    this.expect(Tok.Equal, 'in attribute alias definition');
    if (this.isKeyword('loc')) {
      // An attribute value, as in MLIR: its words are the inline location's.
      const l = this.parseOptionalTrailingLocation(false, 'in inline location')!;
      this.aliases.locations.set(name, l);
      // A location is an attribute too: mlir-opt prints `{a = #loc}` for a location used as an attribute.
      this.aliases.attributes.set(name, LocationAttr.get(this.ctx, l));
    } else this.aliases.attributes.set(name, this.parseAttribute());
  }

  private parseTypeAliasDef(): void {
    const loc = this.here();
    const name = this.spelling.slice(1);
    if (this.aliases.types.has(name)) this.emitError(`redefinition of type alias id '${name}'`, loc);
    if (name.includes('.')) this.emitError('type names with a \'.\' are reserved for dialect-defined names');
    this.next();
    this.expect(Tok.Equal, 'in type alias definition');
    this.aliases.types.set(name, this.parseType());
  }

  // ---- SSA names --------------------------------------------------------------------------------------------

  private pushNameScope(isolated: boolean): void {
    if (isolated) this.isolatedScopes.push(new IsolatedNameScope());
    else {
      const scope = this.isolatedScopes[this.isolatedScopes.length - 1]!;
      scope.regionStarts.push(scope.definitionCount);
    }
    this.blockScopes.push(new Map());
  }

  private popNameScope(isolated: boolean): void {
    const blocks = this.blockScopes.pop()!;
    for (const [name, def] of blocks) {
      if (!def.defined) this.emitError(`reference to an undefined block '${name}'`, def.loc);
    }
    if (isolated) {
      this.isolatedScopes.pop();
      return;
    }
    const scope = this.isolatedScopes[this.isolatedScopes.length - 1]!;
    scope.closeRegion();
  }

  /** Looks up (or forward-declares) the value `%name#number` used with `type` at line:col. */
  private lookupValue(name: SsaKey, number: number, type: Type, line: number, col: number): Value {
    const scope = this.isolatedScopes[this.isolatedScopes.length - 1]!;
    const v = scope.get(name, number);
    if (v !== undefined) {
      if (v.type !== type) {
        this.emitErrorWithNote(
          `use of value '%${name}' expects different type than prior uses: '${type}' vs '${v.type}'`,
          new FileLineColLoc(this.filename, line, col),
          this.definitionLoc(name, v),
          'prior use here',
        );
      }
      return v;
    }
    const fwd = new ForwardRef(type, new FileLineColLoc(this.filename, line, col));
    scope.set(name, number, fwd);
    this.forwardRefs.add(fwd);
    return fwd;
  }

  /** Where `%name` (whose value is `v`) was written: the `%name` of a result, else the value's location. */
  /**
   * Where `%name` was defined, for "previously defined here": a result name is found on its op's line before
   * the op name (ops are located at their names); anything else is located by its value.
   */
  private definitionLoc(name: SsaKey, v: Value): Location {
    if (!(v instanceof OpResult) || !(v.owner.loc instanceof FileLineColLoc) || v.owner.loc.file !== this.filename) return valueLoc(v);
    const loc = v.owner.loc;
    const line = this.lex.lineText(loc.line);
    if (line === undefined) return loc;
    const re = new RegExp(`%${String(name).replace(/[.*+?^${}()|[\]\\$]/g, '\\$&')}(?![A-Za-z0-9$._-])`, 'g');
    let col: number | undefined;
    for (let m = re.exec(line.text); m && m.index + line.column < loc.column; m = re.exec(line.text)) col = m.index + line.column;
    return col === undefined ? loc : new FileLineColLoc(this.filename, loc.line, col);
  }


  /** Binds `%name#number` to `value`, resolving an earlier forward reference. */
  private defineValue(name: SsaKey, number: number, value: Value, line: number, col: number): void {
    const scope = this.isolatedScopes[this.isolatedScopes.length - 1]!;
    const prev = scope.get(name, number);
    if (prev !== undefined) {
      const loc = new FileLineColLoc(this.filename, line, col);
      if (!(prev instanceof ForwardRef)) {
        this.emitErrorWithNote(`redefinition of SSA value '%${name}'`, loc, this.definitionLoc(name, prev), 'previously defined here');
      }
      if (prev.type !== value.type) {
        this.emitErrorWithNote(
          `definition of SSA value '%${name}#${number}' has type '${value.type}'`,
          loc,
          prev.useLoc,
          `previously used here with type '${prev.type}'`,
        );
      }
      prev.replaceAllUsesWith(value);
      this.forwardRefs.delete(prev);
    }
    // Recorded so that leaving the region forgets the name (a name listed twice is harmless).
    scope.recordDefinition(name);
    scope.set(name, number, value);
  }

  /** The SSA name of the current `%name` token (see SsaKey). */
  private ssaKeyOfToken(): SsaKey {
    const src = this.lex.src;
    const start = this.lex.start + 1;
    const end = this.lex.end;
    const c0 = src[start]!;
    // Every comparison is made for every digit name: one made only for `%0` (in a module's last function, as
    // generic printing numbers them) would have no type feedback, and V8 would drop the optimized parser there.
    const length = end - start;
    const single = length === 1;
    if (c0 >= 48 && c0 <= 57 && length < 16 && (c0 !== 48 || single)) {
      let v = 0;
      for (let i = start; i < end; i++) v = v * 10 + (src[i]! - 48);
      return v;
    }
    return this.lex.slice(start, end);
  }

  // ---- OpAsmParser: operands --------------------------------------------------------------------------------

  parseOperand(): UnresolvedOperand {
    const o = this.parseOptionalOperand();
    if (!o) this.emitWrongTokenError('expected SSA operand');
    return o;
  }

  parseOptionalOperand(): UnresolvedOperand | undefined {
    if (this.cur() !== Tok.PercentId) return undefined;
    const line = this.lex.line;
    const col = this.lex.col;
    const name = this.lex.slice(this.lex.start + 1, this.lex.end);
    this.next();
    let number = 0;
    if (this.cur() === Tok.HashId) {
      const sp = this.spelling.slice(1);
      if (!/^[0-9]+$/.test(sp)) this.emitError('invalid SSA value result number');
      number = Number(sp);
      this.next();
    }
    return new Operand(name, number, this.filename, line, col);
  }

  parseOperandList(delimiter: 'none' | 'paren' | 'square' | 'optional-paren' | 'optional-square' = 'none', requiredCount?: number): UnresolvedOperand[] {
    const out: UnresolvedOperand[] = [];
    const start = this.lex.start;
    if (delimiter === 'none' && this.cur() !== Tok.PercentId) {
      if (requiredCount === undefined || requiredCount === 0) return out;
      // As MLIR: a list that should be there and is not.
      if (this.cur() === Tok.LParen || this.cur() === Tok.LSquare) this.emitError('unexpected delimiter');
      this.emitWrongTokenError('expected operand');
    }
    this.parseCommaSeparatedList(delimiter, () => out.push(this.parseOperand()), ' in operand list');
    if (requiredCount !== undefined && out.length !== requiredCount) this.emitCustomOpError(`expected ${requiredCount} operands`, this.locAt(start));
    return out;
  }

  resolveOperand(operand: UnresolvedOperand, type: Type): Value {
    const loc = operand.loc;
    return this.lookupValue(toSsaKey(operand.name), operand.number, type, loc.line, loc.column);
  }

  protected override customOpPrefix(): string {
    return this.customOp ? `custom op '${this.customOp.name}' ` : '';
  }

  emitCustomOpError(message: string, loc?: Location): never {
    return this.emitError(this.customOpPrefix() + message, loc);
  }

  resolveOperands(operands: readonly UnresolvedOperand[], types: readonly Type[], loc?: Location): Value[] {
    if (operands.length !== types.length) {
      this.emitError(
        `${this.customOpPrefix()}number of operands and types do not match: got ${operands.length} operands and ${types.length} types`,
        loc ?? this.here(),
      );
    }
    return operands.map((o, i) => this.resolveOperand(o, types[i]!));
  }

  parseArgument(allowType = false): Argument {
    const a = this.parseOptionalArgument(allowType);
    // MLIR reads an argument's name as an SSA use: the same words, after what precedes it.
    if (!a) this.emitWrongTokenError('expected SSA operand');
    return a;
  }

  parseOptionalArgument(allowType = false): Argument | undefined {
    return this.parseOptionalArgumentReporting(allowType, "expected ':'");
  }

  /**
   * An argument, reporting a missing `:` with `noColon`: MLIR says "expected ':'" in a custom op's argument list
   * (parseColonType) and "expected ':' and type for SSA operand" in a block's.
   */
  private parseOptionalArgumentReporting(allowType: boolean, noColon: string): Argument | undefined {
    const ssaName = this.parseOptionalOperand();
    if (!ssaName) return undefined;
    const arg: Argument = { ssaName, type: undefined };
    if (allowType) {
      if (this.cur() !== Tok.Colon) this.emitWrongTokenError(noColon);
      this.next();
      arg.type = this.parseType();
      if (this.cur() === Tok.LBrace) {
        arg.attrs = [];
        this.parseOptionalAttrDict(arg.attrs);
      }
      arg.loc = this.parseOptionalTrailingLocation(true);
    }
    return arg;
  }

  parseArgumentList(delimiter: 'none' | 'paren' | 'square' | 'optional-paren', allowType = false): Argument[] {
    const out: Argument[] = [];
    if (delimiter === 'none' && this.cur() !== Tok.PercentId) return out;
    this.parseCommaSeparatedList(delimiter, () => out.push(this.parseArgument(allowType)), ' in argument list');
    return out;
  }

  // ---- OpAsmParser: regions and successors ------------------------------------------------------------------

  parseRegion(region: Region, args: readonly Argument[] = [], enableNameShadowing = false): void {
    // As in mlir-opt 22, a region of an isolated-from-above op sees the names defined around it (a use is then
    // rejected by the verifier, and a name may not be defined again inside): MLIR's custom parsers start a
    // fresh name scope only when they ask for name shadowing (`enableNameShadowing`), which the builtin ops do
    // not and IREE's flow.dispatch.workgroups does.
    this.parseRegionImpl(region, args, enableNameShadowing);
  }

  parseOptionalRegion(region: Region, args: readonly Argument[] = []): boolean {
    if (this.cur() !== Tok.LBrace) return false;
    this.parseRegion(region, args);
    return true;
  }

  /** `{ blocks }`: with `entryArgs`, the entry block is implicit and gets those arguments. */
  private parseRegionImpl(region: Region, entryArgs: readonly Argument[], isolated: boolean): void {
    if (++this.nesting > MAX_NESTING) this.emitError('regions are nested too deeply');
    this.expect(Tok.LBrace, 'to begin a region');
    this.pushNameScope(isolated);
    if (entryArgs.length) {
      const entry = region.pushBack(new Block());
      for (const a of entryArgs) {
        if (!a.type) this.emitError('region argument has no type', a.ssaName.loc);
        // As MLIR: an entry argument may not reuse a name visible here (custom parsers do not shadow names).
        const key = toSsaKey(a.ssaName.name);
        const scope = this.isolatedScopes[this.isolatedScopes.length - 1]!;
        const prev = scope.get(key, a.ssaName.number);
        if (prev !== undefined) {
          this.emitErrorWithNote(
            `region entry argument '%${a.ssaName.name}' is already in use`,
            a.ssaName.loc,
            this.definitionLoc(key, prev),
            'previously referenced here',
          );
        }
        const arg = entry.addArgument(a.type, a.loc ?? a.ssaName.loc);
        this.defineValue(toSsaKey(a.ssaName.name), a.ssaName.number, arg, a.ssaName.loc.line, a.ssaName.loc.column);
      }
      if (this.cur() === Tok.CaretId) this.emitError('invalid block name in region with named arguments');
      if (this.cur() !== Tok.RBrace) this.parseBlockBody(entry);
    } else if (this.cur() !== Tok.RBrace) {
      let block: Block;
      if (this.cur() === Tok.CaretId) block = this.parseBlockLabel(region);
      else block = region.pushBack(new Block());
      this.parseBlockBody(block);
    }
    while (this.cur() === Tok.CaretId) {
      const b = this.parseBlockLabel(region);
      this.parseBlockBody(b);
    }
    this.expect(Tok.RBrace, 'to end region');
    this.popNameScope(isolated);
    this.nesting--;
  }

  /** `^bb1(%a: i32, ...):` — defines the block (resolving forward references) and appends it to `region`. */
  private parseBlockLabel(region: Region): Block {
    const loc = this.here();
    const name = this.spelling;
    this.next();
    const scope = this.blockScopes[this.blockScopes.length - 1]!;
    let def = scope.get(name);
    if (def?.defined) this.emitError(`redefinition of block '${name}'`, loc);
    if (!def) {
      def = { block: new Block(), loc, defined: true };
      scope.set(name, def);
    } else {
      def.defined = true;
      def.loc = loc;
    }
    const block = def.block;
    region.pushBack(block);
    if (this.consumeIf(Tok.LParen)) {
      if (!this.consumeIf(Tok.RParen)) {
        do {
          const a = this.parseOptionalArgumentReporting(true, "expected ':' and type for SSA operand") ?? this.emitWrongTokenError('expected SSA operand');
          const arg = block.addArgument(a.type!, a.loc ?? a.ssaName.loc);
          this.defineValue(toSsaKey(a.ssaName.name), a.ssaName.number, arg, a.ssaName.loc.line, a.ssaName.loc.column);
        } while (this.consumeIf(Tok.Comma));
        this.expect(Tok.RParen);
      }
    }
    this.expect(Tok.Colon, 'after block name');
    return block;
  }

  private parseBlockBody(block: Block): void {
    for (;;) {
      const t = this.cur();
      if (t === Tok.RBrace || t === Tok.CaretId) return;
      // At the end of the input too, as MLIR: an unclosed region ends in "expected operation name in quotes".
      block.append(this.parseOperation());
    }
  }

  private blockNamed(name: string, loc: FileLineColLoc): Block {
    const scope = this.blockScopes[this.blockScopes.length - 1]!;
    let def = scope.get(name);
    if (!def) {
      def = { block: new Block(), loc, defined: false };
      scope.set(name, def);
    }
    return def.block;
  }

  parseSuccessor(): Block {
    const b = this.parseOptionalSuccessor();
    if (!b) this.emitWrongTokenError('expected block name');
    return b;
  }

  parseOptionalSuccessor(): Block | undefined {
    if (this.cur() !== Tok.CaretId) return undefined;
    const b = this.blockNamed(this.spelling, this.here());
    this.next();
    return b;
  }

  parseSuccessorAndUseList(operands: Value[]): Block {
    const b = this.parseSuccessor();
    if (this.consumeIf(Tok.LParen)) {
      const us = this.parseOperandList('none');
      this.expect(Tok.Colon);
      const loc = this.here();
      const ts = this.parseTypeListNoParens();
      this.expect(Tok.RParen);
      operands.push(...this.resolveOperands(us, ts, loc));
    }
    return b;
  }

  // ---- OpAsmParser: attributes and types --------------------------------------------------------------------

  parseOptionalAttrDict(attrs: NamedAttribute[]): void {
    if (this.cur() !== Tok.LBrace) return;
    const loc = this.here();
    const d = this.parseAttributeDict();
    for (const e of d.entries) {
      if (attrs.some((a) => a.name === e.name)) this.emitError(`duplicate key '${e.name}' in dictionary attribute`, loc);
      attrs.push(e);
    }
  }

  parseOptionalAttrDictWithKeyword(attrs: NamedAttribute[]): void {
    if (!this.parseOptionalKeyword('attributes')) return;
    if (this.cur() !== Tok.LBrace) this.emitWrongTokenError("expected '{' in attribute dictionary");
    this.parseOptionalAttrDict(attrs);
  }

  parseColonTypeList(): Type[] {
    this.expect(Tok.Colon);
    return this.parseTypeListNoParens();
  }

  parseArrowTypeList(): Type[] {
    this.expect(Tok.Arrow);
    return this.parseFunctionResultTypes();
  }

  parseOptionalArrowTypeList(): Type[] | undefined {
    if (this.cur() !== Tok.Arrow) return undefined;
    return this.parseArrowTypeList();
  }

  parseTypeList(): Type[] {
    return this.parseTypeListNoParens();
  }

  parseOptionalLocationSpecifier(): Location | undefined {
    return this.parseOptionalTrailingLocation(true);
  }

  /** The mnemonic of the dialect type or attribute being parsed, else the custom op's name. */
  override getNameLoc(): FileLineColLoc {
    return this.dialectNameLoc ?? this.customOp?.nameLoc ?? this.here();
  }

  get numResultsToBind(): number {
    return this.customOp?.numResults ?? 0;
  }

  // ---- operations -------------------------------------------------------------------------------------------

  /** `results = (generic-op | custom-op) trailing-location?`. */
  parseOperation(): Operation {
    // The op is located at its name, as in MLIR (`%a = "t.def"()` is at the `"`); the start of the line is
    // where result-count errors point.
    const resultsLine = this.lex.line;
    const resultsCol = this.lex.col;
    // The common case, one `%name =` (or `%name:N =`), is kept in locals; `%a, %b:2 = ` goes through `groups`.
    let firstName: SsaKey = 0;
    let firstCount = 0;
    let groups: ResultGroup[] | undefined;
    let numToBind = 0;
    if (this.cur() === Tok.PercentId) {
      do {
        const line = this.lex.line;
        const col = this.lex.col;
        if (this.cur() !== Tok.PercentId) this.emitWrongTokenError('expected valid ssa identifier');
        const name = this.ssaKeyOfToken();
        this.next();
        let count = 1;
        if (this.consumeIf(Tok.Colon)) {
          if (this.cur() !== Tok.Integer) this.emitWrongTokenError('expected integer number of results');
          count = Number(this.spelling);
          if (!(count >= 1)) this.emitError('expected named operation to have at least 1 result');
          this.next();
        }
        if (numToBind === 0) {
          firstName = name;
          firstCount = count;
        } else (groups ??= [{ name: firstName, count: firstCount, line: resultsLine, col: resultsCol }]).push({ name, count, line, col });
        numToBind += count;
      } while (this.consumeIf(Tok.Comma));
      this.expect(Tok.Equal, 'after SSA name');
    }
    let op: Operation;
    if (this.cur() === Tok.String) op = this.parseGenericOperation();
    // MLIR's lexer reads `i32`, `si8`, `ui16` as integer types, not as names (other keywords are names).
    else if (this.cur() === Tok.BareId && !this.isIntegerTypeToken()) op = this.parseCustomOperation(this.here(), numToBind);
    else return this.emitWrongTokenError('expected operation name in quotes');
    if (numToBind !== 0) {
      const numResults = op.numResults;
      if (numToBind !== numResults) {
        this.emitError(
          numResults === 0 ? 'cannot name an operation with no results' : `operation defines ${numResults} results but was provided ${numToBind} to bind`,
          new FileLineColLoc(this.filename, resultsLine, resultsCol),
        );
      }
      if (!groups) {
        for (let i = 0; i < firstCount; i++) this.defineValue(firstName, i, op.getResult(i), resultsLine, resultsCol);
      } else {
        let index = 0;
        for (let g = 0; g < groups.length; g++) {
          const group = groups[g]!;
          for (let i = 0; i < group.count; i++) this.defineValue(group.name, i, op.getResult(index++), group.line, group.col);
        }
      }
    }
    if (this.cur() === Tok.BareId) {
      const tloc = this.parseOptionalLocationSpecifier();
      if (tloc) op.loc = tloc;
    }
    return op;
  }

  /** `"name"(operands)[successors] <{properties}> (regions) {attributes} : type`, located at its name. */
  private parseGenericOperation(): Operation {
    const nameLine = this.lex.line;
    const nameCol = this.lex.col;
    const opName = this.operationNameOfToken();
    const name = opName.name;
    this.next();

    // Operands are collected in scratch arrays and resolved once the function type gives their types.
    this.expect(Tok.LParen, 'to start operand list');
    const names = this.scratchNames;
    const numbers = this.scratchNumbers;
    const lines = this.scratchLines;
    const cols = this.scratchCols;
    let n = 0;
    // As in MLIR: a list that does not start with a value is expected to end there; after a comma, a value.
    if (this.cur() !== Tok.PercentId && this.cur() !== Tok.RParen) this.emitWrongTokenError("expected ')' to end operand list");
    if (!this.consumeIf(Tok.RParen)) {
      do {
        if (this.cur() !== Tok.PercentId) this.emitWrongTokenError('expected SSA operand');
        lines[n] = this.lex.line;
        cols[n] = this.lex.col;
        names[n] = this.ssaKeyOfToken();
        this.next();
        let number = 0;
        if (this.cur() === Tok.HashId) {
          const sp = this.spelling.slice(1);
          if (!/^[0-9]+$/.test(sp)) this.emitError('invalid SSA value result number');
          number = Number(sp);
          this.next();
        }
        numbers[n++] = number;
      } while (this.consumeIf(Tok.Comma));
      this.expect(Tok.RParen, 'to end operand list');
    }
    let successors: Block[] | undefined;
    if (this.cur() === Tok.LSquare) {
      // A registered op takes successors only if it is a terminator (as in MLIR); its custom form would drop them.
      if (opName.isRegistered && !opName.hasTrait(Terminator)) this.emitError('successors in non-terminator');
      this.next();
      if (this.cur() === Tok.RSquare) this.emitWrongTokenError('expected list element');
      successors = emptyPacked<Block>();
      do successors.push(this.parseSuccessor());
      while (this.consumeIf(Tok.Comma));
      if (this.cur() !== Tok.RSquare) this.emitWrongTokenError("expected ',' or ']'");
      this.next();
    }
    let properties;
    if (this.cur() === Tok.Less) {
      this.next();
      properties = this.parseAttribute();
      this.expect(Tok.Greater, 'to close properties');
    }
    let regions: Region[] | undefined;
    if (this.cur() === Tok.LParen) {
      this.next();
      regions = emptyPacked<Region>();
      // Parsing regions reuses the scratch arrays: keep this op's operands aside.
      const saved = { names: names.slice(0, n), numbers: numbers.slice(0, n), lines: lines.slice(0, n), cols: cols.slice(0, n) };
      do {
        const r = new Region();
        this.parseRegionImpl(r, [], false);
        regions.push(r);
      } while (this.consumeIf(Tok.Comma));
      this.expect(Tok.RParen, 'to end region list');
      for (let i = 0; i < n; i++) {
        names[i] = saved.names[i]!;
        numbers[i] = saved.numbers[i]!;
        lines[i] = saved.lines[i]!;
        cols[i] = saved.cols[i]!;
      }
    }
    let attrs: DictionaryAttr | undefined;
    if (this.cur() === Tok.LBrace) attrs = this.parseAttributeDict();
    this.expect(Tok.Colon, 'followed by operation type');
    const typeAt = this.lex.start;
    const fnType = this.parseType();
    if (!(fnType instanceof FunctionType)) this.emitError('expected function type', this.locAt(typeAt));
    if (fnType.inputs.length !== n) {
      this.emitError(`expected ${n} operand type${n === 1 ? '' : 's'} but had ${fnType.inputs.length}`, this.locAt(typeAt));
    }
    const values = this.scratchValues;
    const inputs = fnType.inputs;
    for (let i = 0; i < n; i++) values[i] = this.lookupValue(names[i]!, numbers[i]!, inputs[i]!, lines[i]!, cols[i]!);
    // MLIR 22 converts a registered op's `<{...}>` into its properties storage here, failing on what cannot be stored.
    const problem = properties !== undefined ? opName.def?.checkProperties?.(properties) : undefined;
    if (problem !== undefined) {
      this.emitError(`invalid properties ${properties} for op ${name}: ${problem}`, new FileLineColLoc(this.filename, nameLine, nameCol));
    }
    // Inherent attributes written in the dictionary are checked before the op exists, as MLIR does.
    const attrProblem = attrs !== undefined && attrs.size !== 0 ? opName.def?.checkInherentAttrs?.(attrs.entries) : undefined;
    if (attrProblem !== undefined) this.emitError(`'${name}' op ${attrProblem}`, new FileLineColLoc(this.filename, nameLine, nameCol));
    return this.endBatchAfter(
      Operation.createParsed(
        opName,
        this.filename,
        nameLine,
        nameCol,
        values,
        n,
        fnType.results,
        attrs ?? this.emptyDictionary,
        properties,
        regions ?? NO_REGIONS,
        successors ?? NO_BLOCKS,
        this.deferredUses(),
      ),
    );
  }

  /**
   * Ends the batch of deferred uses after an op isolated from above with regions (a function): nothing outside it
   * uses what is defined inside it, so its ops' uses make a batch of their own, linked when a pass first needs a
   * use list in it, while that function is being worked on (see PassManagerOptions.interleave), rather than all of
   * the module's at once.
   */
  private endBatchAfter(op: Operation): Operation {
    if (op.regions.length !== 0 && op.opName.hasTrait(IsolatedFromAbove)) this.deferred = new DeferredUses();
    return op;
  }

  /** The batch the uses of the next op join (see `deferred`). */
  private deferredUses(): DeferredUses {
    if (this.deferred.linked) this.deferred = new DeferredUses();
    return this.deferred;
  }

  /**
   * The OperationName of the current string token (a generic op's), cached by its raw text (op names repeat
   * constantly). A name is checked (empty, a null character, unregistered where that is not allowed) when its
   * text is first met: the checks depend on the text only, and a failed one ends the parse, so a text found in
   * the cache has passed them.
   */
  private operationNameOfToken(): OperationName {
    const start = this.lex.start;
    const end = this.lex.end;
    const hash = SpanCache.hash(this.lex.src, start, end);
    let n = this.opNameCache.get(start, end, hash);
    if (!n) {
      n = this.ctx.getOperationName(this.lex.stringValue());
      const name = n.name;
      if (name === '') this.emitError('empty operation name is invalid');
      if (name.includes('\0')) this.emitError('null character not allowed in operation name');
      if (!n.isRegistered) this.checkUnregisteredAllowed(name, this.here());
      this.opNameCache.set(start, end, hash, n);
    }
    return n;
  }

  private checkUnregisteredAllowed(name: string, loc: Location): void {
    if (this.ctx.allowUnregisteredDialects) return;
    const dot = name.indexOf('.');
    const dialect = dot < 0 ? undefined : this.ctx.getDialect(name.slice(0, dot));
    if (dialect) {
      if (dialect.allowUnknownOperations) return;
      this.emitError(`unregistered operation '${name}' found in dialect ('${dialect.name}') that does not allow unknown operations`, loc);
    }
    this.emitError(
      `operation '${name}' is not registered: its dialect is not loaded (use --allow-unregistered-dialect to allow it)`,
      loc,
    );
  }

  private parseCustomOperation(loc: FileLineColLoc, numResults: number): Operation {
    const nameLoc = this.here();
    const written = this.spelling;
    // As in MLIR, the name is consumed before it is looked up: a bad token after it is what gets reported.
    this.next();
    let fullName = written;
    // As MLIR splits the name at its first '.': with nothing after it (`gpu.`), the name has no dialect.
    const dot = written.indexOf('.');
    const qualified = dot >= 0 && dot + 1 < written.length;
    let def = this.ctx.lookupOperation(written);
    if (!def && !qualified) {
      // A name without a dialect is looked up in the default dialect of the innermost custom op around (none
      // in the regions of an op that has none, builtin at the top level), as in MLIR.
      const dd = this.defaultDialects[this.defaultDialects.length - 1]!;
      def = this.ctx.lookupOperation(`${dd}.${written}`);
      if (def) fullName = `${dd}.${written}`;
    }
    if (!def) {
      const dialect = qualified ? written.slice(0, dot) : this.defaultDialects[this.defaultDialects.length - 1]!;
      const tried = qualified ? '' : ` (tried '${dialect}.${written}' as well)`;
      if (this.ctx.getDialect(dialect) === undefined) {
        // MLIR's words, its trailing space included, with the dialects this context has.
        const available = this.ctx.loadedDialects.map((d) => d.name).join(', ');
        this.emitErrorWithNote(
          `Dialect \`${dialect}' not found for custom op '${written}' ${tried}`,
          nameLoc,
          nameLoc,
          `Available dialects: ${available} ; for more info on dialect registration see https://mlir.llvm.org/getting_started/Faq/#registered-loaded-dependent-whats-up-with-dialects-management`,
        );
      }
      this.emitError(`custom op '${written}' is unknown${tried}`, nameLoc);
    }
    if (!def.parse) this.emitError(`custom op '${fullName}' has no custom assembly form; use the generic form`, nameLoc);
    const state = new OperationState(fullName, loc);
    const saved = this.customOp;
    const isolated = def.traits?.includes(IsolatedFromAbove) ?? false;
    this.customOp = { name: fullName, nameLoc, isolated, numResults };
    this.defaultDialects.push(def.defaultDialect ?? '');
    const ok = def.parse(this, state);
    this.defaultDialects.pop();
    this.customOp = saved;
    if (!ok) throw ParseFailure.instance;
    return this.endBatchAfter(Operation.create(this.ctx, state, this.deferredUses()));
  }
}

