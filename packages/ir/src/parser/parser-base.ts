import { AffineMapAttr, IntegerSetAttr } from '../affine-attributes.js';
import { AffineParser } from './affine-parser.js';
import { DialectAttribute, type Attribute } from '../attribute.js';
import {
  ArrayAttr,
  DenseArrayAttr,
  DenseElementsAttr,
  DenseStringElementsAttr,
  decodeDenseHex as decodeDenseHexData,
  DictionaryAttr,
  FloatAttr,
  IntegerAttr,
  LocationAttr,
  OpaqueAttr,
  StridedLayoutAttr,
  StringAttr,
  SymbolRefAttr,
  TypeAttr,
  UnitAttr,
  type NamedAttribute,
} from '../builtin-attributes.js';
import {
  ComplexType,
  DYNAMIC,
  FloatType,
  FunctionType,
  IndexType,
  IntegerType,
  MemRefType,
  NoneType,
  OpaqueType,
  RankedTensorType,
  ShapedType,
  TupleType,
  UnrankedMemRefType,
  UnrankedTensorType,
  VectorType,
} from '../builtin-types.js';
import type { Context } from '../context.js';
import { DistinctAttr } from '../distinct-attribute.js';
import { DenseResourceElementsAttr } from '../dense-resource-attribute.js';
import { SparseElementsAttr } from '../sparse-elements-attribute.js';
import { Diagnostic } from '../diagnostics.js';
import { FLOAT_KINDS, floatToBits, FLOAT_WIDTH, type FloatKind } from '../float-format.js';
import { isWideFloatKind, parseDecimalToWide } from '../wide-float.js';
import { CallSiteLoc, FileLineColLoc, FileLineColRange, fuseLocations, Location, NameLoc, UnknownLoc } from '../location.js';
import { DialectType, type Type } from '../type.js';
import type { DialectAsmParser } from './dialect-asm-parser.js';
import { Lexer } from './lexer.js';
import { ParseFailure } from './parse-failure.js';
import { SpanCache } from './span-cache.js';
import { Tok, TOKEN_SPELLING } from './token.js';

const MAX_INT_WIDTH = 16777215;
const FLOAT_KIND_NAMES = new Set<string>(FLOAT_KINDS);

/** Aliases defined at the top of a file (`!name = type`, `#name = attr`), shared by all parsers of a buffer. */
export interface AliasTables {
  types: Map<string, Type>;
  attributes: Map<string, Attribute>;
  /** `#loc = loc(...)` aliases, which may be defined after their uses. */
  locations: Map<string, Location>;
  /** The `distinct[N]<...>` attributes read so far, by their `N`. */
  distinct?: Map<bigint, DistinctAttr>;
}

/** What a dialect's name may be (MLIR's Dialect::isValidNamespace, non-empty). */
const VALID_DIALECT_NAMESPACE = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

/** The end of the identifier characters (letters, digits, `_ $ .`) starting at `p`. */
function scanIdentifier(src: Uint8Array, p: number): number {
  for (;;) {
    const c = src[p]!;
    if ((c >= 97 && c <= 122) || (c >= 65 && c <= 90) || (c >= 48 && c <= 57) || c === 95 || c === 36 || c === 46) p++;
    else return p;
  }
}

/** The attributes parseAttributeBySpan looks up by their text. */
const enum SpanAttr {
  DenseArray,
  Strided,
  Extended,
}

/** An element of a `dense<...>` literal before the type is known. */
type DenseLiteral =
  | { kind: 'list'; items: DenseLiteral[]; shape: readonly number[]; line: number; col: number }
  | { kind: 'int'; magnitude: bigint; neg: boolean; hex: boolean; line: number; col: number }
  | { kind: 'float'; value: number; text: string; line: number; col: number }
  | { kind: 'bool'; value: boolean; line: number; col: number }
  | { kind: 'complex'; re: DenseLiteral; im: DenseLiteral; line: number; col: number }
  | { kind: 'string'; value: string; line: number; col: number };

/** The shape of a dense literal's scalar element (shared: a literal may have millions). */
const SCALAR_SHAPE: readonly number[] = [];

/**
 * The deepest nest of array attributes the parser takes. Parsing one level costs little stack, printing (and
 * hashing) one costs more: without a limit, a `[[[...]]]` of a few thousand levels parsed and then overflowed the
 * printer's stack (an internal error) instead of getting a located error. As deep as regions may nest.
 */
const MAX_ARRAY_NESTING = 1000;

const INT64_MAX = (1n << 63n) - 1n;

/** The opening bracket of each closing one, by character code (`>` of `<`, `]` of `[`, `)` of `(`, `}` of `{`). */
const OPENER_OF: Readonly<Record<number, number>> = { 62: 60, 93: 91, 41: 40, 125: 123 };

/**
 * Token handling, error reporting, and the parsing of types, attributes and locations of the MLIR textual
 * format. The operation parser builds on it. Errors are reported as diagnostics, then a ParseFailure is thrown.
 */
export class ParserBase implements DialectAsmParser {
  readonly lex: Lexer;
  /** The offset of the bad token whose error was reported (see emitError). */
  private reportedLexError = -1;
  /** Builtin types written as one keyword (`i32`, `f32`, `index`), by their text. */
  private readonly simpleTypes: SpanCache<Type>;
  /**
   * Types and attribute dictionaries already parsed, by their exact text. Machine-written IR repeats them
   * constantly (`(i32, i32) -> i32`, `<{overflowFlags = ...}>`); a text lookup replaces a parse and the
   * interning of the result. Valid because aliases cannot change during a parse.
   */
  private readonly typeTextCache: SpanCache<Type>;
  private readonly dictTextCache: SpanCache<DictionaryAttr>;
  private readonly attrTextCache: SpanCache<Attribute>;
  /** End offset of the previous token (to know where a parse stopped). */
  private prevEnd = 0;
  /** How many array attributes (`[[...]]`) enclose the one being parsed (see MAX_ARRAY_NESTING). */
  private arrayNesting = 0;
  /** While a dialect's type or attribute hook runs, where its mnemonic is (see getNameLoc). */
  protected dialectNameLoc: FileLineColLoc | undefined = undefined;
  /** Whether a `loc(#alias)` was seen before its alias was defined (resolved at the end of the parse). */
  protected sawDeferredLocation = false;

  constructor(
    readonly ctx: Context,
    src: Uint8Array,
    readonly filename: string,
    readonly aliases: AliasTables = { types: new Map(), attributes: new Map(), locations: new Map() },
  ) {
    this.lex = new Lexer(src);
    this.simpleTypes = new SpanCache(src, 8);
    // Sized for the variety of a large module: thousands of function types with strided memrefs, and a
    // dictionary per distinct constant (13,000 in the 200k-op benchmark). A smaller table is emptied when full
    // and then misses texts that repeat (at 2^14 slots, 6,500 more dictionaries parsed: 2% of the run).
    this.typeTextCache = new SpanCache(src, 16);
    this.dictTextCache = new SpanCache(src, 16);
    this.attrTextCache = new SpanCache(src, 12);
  }

  /** The context types and attributes are created in (for dialect hooks, like MLIR's getContext()). */
  get context(): Context {
    return this.ctx;
  }

  /** Reads the first token; call once before parsing (it may report a lexical error). */
  start(): void {
    this.next();
  }

  // ---- tokens -----------------------------------------------------------------------------------------------

  /** The kind of the current token (a method, so that TypeScript does not narrow it across `next()`). */
  cur(): Tok {
    return this.lex.kind;
  }

  get spelling(): string {
    return this.lex.spelling;
  }

  /** Advances to the next token; a lexical error is reported right away. */
  next(): void {
    this.prevEnd = this.lex.end;
    this.lex.next();
    if (this.lex.kind === Tok.Error) this.emitError(this.lex.errorMessage);
  }

  consumeIf(kind: Tok): boolean {
    if (this.lex.kind !== kind) return false;
    this.next();
    return true;
  }

  expect(kind: Tok, context?: string): void {
    if (this.lex.kind !== kind) this.emitWrongTokenError(`expected ${TOKEN_SPELLING[kind]}${context ? ' ' + context : ''}`);
    this.next();
  }

  /** Whether the current token is the bare identifier `kw`. */
  isKeyword(kw: string): boolean {
    const l = this.lex;
    return l.kind === Tok.BareId && l.end - l.start === kw.length && l.startsWith(kw, l.start);
  }

  /** The location of the current token. */
  here(): FileLineColLoc {
    // At the end of the input, MLIR points at its last character rather than past it.
    if (this.lex.kind === Tok.EOF && this.lex.start > 0) {
      const { line, col } = this.lex.positionOf(this.lex.start - 1);
      return new FileLineColLoc(this.filename, line, col);
    }
    return new FileLineColLoc(this.filename, this.lex.line, this.lex.col);
  }

  getNameLoc(): Location {
    return this.dialectNameLoc ?? this.getCurrentLocation();
  }

  getCurrentLocation(): Location {
    return this.here();
  }

  /**
   * The location of the token that started at `offset` (at or before the current token): hot paths keep an
   * offset and make the location only when they report an error.
   */
  protected locAt(offset: number): FileLineColLoc {
    const { line, col } = this.lex.positionOf(offset);
    return new FileLineColLoc(this.filename, line, col);
  }

  /**
   * What errors of the OpAsmParser methods start with while a custom op parser runs: MLIR says `custom op
   * 'name' expected 'to'` (its CustomOpAsmParser prefixes them); empty elsewhere.
   */
  protected customOpPrefix(): string {
    return '';
  }

  /**
   * Reports an error at the current token (or at `loc`) and aborts the parse. While the current token is a bad
   * one, the error reported is the lexer's, at that token: MLIR's lexer reports a bad token as soon as it reads
   * it (one token ahead of the parser) and its parser leaves out the errors it meets while that token is current.
   */
  emitError(message: string, loc: Location = this.here()): never {
    if (this.lex.kind !== Tok.Error) this.ctx.diagnostics.emit(new Diagnostic('error', loc, message));
    else if (this.reportedLexError !== this.lex.start) {
      // Once per bad token, as MLIR's lexer reads it once.
      this.reportedLexError = this.lex.start;
      this.ctx.diagnostics.emit(new Diagnostic('error', this.here(), this.lex.errorMessage));
    }
    throw ParseFailure.instance;
  }

  /**
   * Reports that the current token is not what was expected, where the missing text belongs: right after the
   * previous token, skipping back over blanks, line ends and `//` comments (MLIR's emitWrongTokenError), so
   * that a missing `)` is reported at the end of the line that lacks it, not at the start of the next one.
   */
  emitWrongTokenError(message: string): never {
    const src = this.lex.src;
    // At the end of the input, start from its last character, as MLIR does.
    const original = this.cur() === Tok.EOF ? Math.max(0, this.lex.start - 1) : this.lex.start;
    let end = original;
    for (;;) {
      while (end > 0 && (src[end - 1] === 32 || src[end - 1] === 9)) end--;
      if (end === 0) return this.emitErrorAtOffset(message, original);
      const c = src[end - 1];
      if (c !== 10 && c !== 13) return this.emitErrorAtOffset(message, end);
      end--;
      // A `//` on the previous line starts a comment (assumed, as MLIR does): report before it.
      const lineStart = end === 0 ? 0 : Math.max(src.lastIndexOf(10, end - 1), src.lastIndexOf(13, end - 1)) + 1;
      let comment = -1;
      for (let i = lineStart; i + 1 < end; i++) {
        if (src[i] === 47 && src[i + 1] === 47) {
          comment = i;
          break;
        }
      }
      if (comment !== -1) end = comment;
    }
  }

  private emitErrorAtOffset(message: string, offset: number): never {
    const { line, col } = this.lex.positionOf(offset);
    return this.emitError(message, new FileLineColLoc(this.filename, line, col));
  }

  /** Reports an error with a note and aborts. */
  emitErrorWithNote(message: string, loc: Location, noteLoc: Location, note: string): never {
    if (this.lex.kind === Tok.Error) this.emitError(message);
    this.ctx.diagnostics.emit(new Diagnostic('error', loc, message).attachNote(noteLoc, note));
    throw ParseFailure.instance;
  }

  // ---- punctuation (DialectAsmParser) -----------------------------------------------------------------------

  parseLess(): void {
    this.expect(Tok.Less);
  }
  parseOptionalLess(): boolean {
    return this.consumeIf(Tok.Less);
  }
  parseGreater(): void {
    this.expect(Tok.Greater);
  }
  parseOptionalGreater(): boolean {
    return this.consumeIf(Tok.Greater);
  }
  parseLParen(): void {
    this.expect(Tok.LParen);
  }
  parseOptionalLParen(): boolean {
    return this.consumeIf(Tok.LParen);
  }
  parseRParen(): void {
    this.expect(Tok.RParen);
  }
  parseOptionalRParen(): boolean {
    return this.consumeIf(Tok.RParen);
  }
  parseLSquare(): void {
    this.expect(Tok.LSquare);
  }
  parseOptionalLSquare(): boolean {
    return this.consumeIf(Tok.LSquare);
  }
  parseRSquare(): void {
    this.expect(Tok.RSquare);
  }
  parseOptionalRSquare(): boolean {
    return this.consumeIf(Tok.RSquare);
  }
  parseLBrace(): void {
    this.expect(Tok.LBrace);
  }
  parseOptionalLBrace(): boolean {
    return this.consumeIf(Tok.LBrace);
  }
  parseRBrace(): void {
    this.expect(Tok.RBrace);
  }
  parseOptionalRBrace(): boolean {
    return this.consumeIf(Tok.RBrace);
  }
  parseComma(): void {
    this.expect(Tok.Comma);
  }
  parseOptionalComma(): boolean {
    return this.consumeIf(Tok.Comma);
  }
  parseColon(): void {
    this.expect(Tok.Colon);
  }
  parseOptionalColon(): boolean {
    return this.consumeIf(Tok.Colon);
  }
  parseEqual(): void {
    this.expect(Tok.Equal);
  }
  parseOptionalEqual(): boolean {
    return this.consumeIf(Tok.Equal);
  }
  parseArrow(): void {
    this.expect(Tok.Arrow);
  }
  parseOptionalArrow(): boolean {
    return this.consumeIf(Tok.Arrow);
  }
  parseOptionalQuestion(): boolean {
    return this.consumeIf(Tok.Question);
  }
  parseOptionalStar(): boolean {
    return this.consumeIf(Tok.Star);
  }
  parseOptionalEllipsis(): boolean {
    return this.consumeIf(Tok.Ellipsis);
  }

  parseKeyword(keyword: string): void {
    if (!this.isKeyword(keyword)) this.emitError(`${this.customOpPrefix()}expected '${keyword}'`);
    this.next();
  }
  parseOptionalKeyword(keyword: string): boolean {
    if (!this.isKeyword(keyword)) return false;
    this.next();
    return true;
  }
  parseIdentifier(): string {
    if (this.cur() !== Tok.BareId) this.emitError('expected identifier');
    const s = this.spelling;
    this.next();
    return s;
  }
  parseOptionalIdentifier(): string | undefined {
    return this.cur() === Tok.BareId ? this.parseIdentifier() : undefined;
  }
  parseString(): string {
    if (this.cur() !== Tok.String) this.emitError('expected string');
    const s = this.lex.stringValue();
    this.next();
    return s;
  }
  parseOptionalString(): string | undefined {
    return this.cur() === Tok.String ? this.parseString() : undefined;
  }
  parseInteger(): bigint {
    const v = this.parseOptionalInteger();
    // In a custom op's own syntax (not a dialect type or attribute inside it), with its prefix, as MLIR's
    // custom op parser words it: "custom op 'cf.switch' expected integer value".
    if (v === undefined) this.emitError(`${this.dialectNameLoc ? '' : this.customOpPrefix()}expected integer value`);
    return v;
  }
  /** An integer, if one starts here; as in MLIR, a '-' commits to one ("expected integer value" after it). */
  parseOptionalInteger(): bigint | undefined {
    const neg = this.cur() === Tok.Minus;
    if (neg) {
      this.next();
      if (this.cur() !== Tok.Integer) this.emitWrongTokenError('expected integer value');
    } else if (this.cur() !== Tok.Integer) return undefined;
    const v = BigInt(this.spelling);
    this.next();
    return neg ? -v : v;
  }
  parseFloat(): number {
    const neg = this.consumeIf(Tok.Minus);
    if (this.cur() !== Tok.Float && this.cur() !== Tok.Integer) this.emitError('expected floating point literal');
    const v = Number(this.spelling);
    this.next();
    return neg ? -v : v;
  }
  parseSymbolName(): string {
    const s = this.parseOptionalSymbolName();
    if (s === undefined) this.emitError(`${this.customOpPrefix()}expected valid '@'-identifier for symbol name`);
    return s;
  }
  parseOptionalSymbolName(): string | undefined {
    if (this.cur() !== Tok.AtId) return undefined;
    const s = this.symbolNameOfToken();
    this.next();
    return s;
  }
  private symbolNameOfToken(): string {
    const l = this.lex;
    return l.src[l.start + 1] === 34 ? l.stringValue() : l.slice(l.start + 1, l.end);
  }

  parseColonType(): Type {
    this.expect(Tok.Colon);
    return this.parseType();
  }

  parseCommaSeparatedList(
    delimiter: 'none' | 'paren' | 'square' | 'less' | 'brace' | 'optional-paren' | 'optional-square' | 'optional-less',
    element: () => void,
    context = '',
  ): boolean {
    const open: Record<string, [Tok, Tok] | undefined> = {
      paren: [Tok.LParen, Tok.RParen],
      'optional-paren': [Tok.LParen, Tok.RParen],
      square: [Tok.LSquare, Tok.RSquare],
      'optional-square': [Tok.LSquare, Tok.RSquare],
      less: [Tok.Less, Tok.Greater],
      'optional-less': [Tok.Less, Tok.Greater],
      brace: [Tok.LBrace, Tok.RBrace],
      none: undefined,
    };
    const d = open[delimiter];
    if (!d) {
      do element();
      while (this.consumeIf(Tok.Comma));
      return true;
    }
    if (delimiter.startsWith('optional-')) {
      if (!this.consumeIf(d[0])) return false;
    } else if (!this.consumeIf(d[0])) this.emitWrongTokenError(`expected ${TOKEN_SPELLING[d[0]]}${context}`);
    if (this.consumeIf(d[1])) return true;
    do element();
    while (this.consumeIf(Tok.Comma));
    if (!this.consumeIf(d[1])) this.emitWrongTokenError(`expected ${TOKEN_SPELLING[d[1]]}${context}`);
    return true;
  }

  // ---- types ------------------------------------------------------------------------------------------------

  parseOptionalType(): Type | undefined {
    switch (this.cur()) {
      case Tok.LParen:
      case Tok.BangId:
        return this.parseType();
      case Tok.BareId:
        return this.isTypeKeyword() ? this.parseType() : undefined;
      default:
        return undefined;
    }
  }

  /**
   * Whether the current token is an integer type (`i32`, `si8`, `ui16`), which MLIR's lexer reads as a type, not
   * as a name. Reads the text in place (no string is made).
   */
  protected isIntegerTypeToken(): boolean {
    const l = this.lex;
    if (l.kind !== Tok.BareId) return false;
    const src = l.src;
    let p = l.start;
    const c = src[p];
    if (c === 115 /* s */ || c === 117 /* u */) p++;
    if (src[p] !== 105 /* i */ || ++p >= l.end) return false;
    for (; p < l.end; p++) {
      const d = src[p]!;
      if (d < 48 || d > 57) return false;
    }
    return true;
  }

  private isTypeKeyword(): boolean {
    if (this.isIntegerTypeToken()) return true;
    const s = this.spelling;
    return FLOAT_KIND_NAMES.has(s) || ['index', 'none', 'memref', 'tensor', 'vector', 'tuple', 'complex'].includes(s);
  }

  /** `type ::= function-type | non-function-type`. */
  parseType(): Type {
    const end = this.scanTypeText();
    if (end < 0) return this.cur() === Tok.LParen ? this.parseFunctionType() : this.parseNonFunctionType();
    const start = this.lex.start;
    const hash = this.lex.spanHash;
    const cached = this.typeTextCache.get(start, end, hash);
    if (cached) {
      this.lex.resetToOnLine(end);
      if (this.lex.kind === Tok.Error) this.emitError(this.lex.errorMessage);
      return cached;
    }
    const t = this.cur() === Tok.LParen ? this.parseFunctionType() : this.parseNonFunctionType();
    if (this.prevEnd === end) this.typeTextCache.set(start, end, hash, t);
    return t;
  }

  /**
   * The end offset of the type text starting at the current token when it is a composite type worth caching
   * (a function type or a `name<...>` type on one line), else -1; the text's hash is left in `lex.spanHash`.
   */
  private scanTypeText(): number {
    const lex = this.lex;
    const src = lex.src;
    if (lex.kind === Tok.LParen) {
      let p = lex.scanBalanced(lex.start);
      if (p < 0) return -1;
      const close = p;
      while (src[p] === 32) p++;
      if (src[p] !== 45 || src[p + 1] !== 62) return -1;
      p += 2;
      while (src[p] === 32) p++;
      const c = src[p];
      // The text between the `(...)` and the results: ` -> ` as written.
      let h = SpanCache.hash(src, close, p, lex.spanHash);
      if (c === 40) return lex.scanBalanced(p, h);
      // A single result type: an identifier, possibly with a `<...>` body.
      const q = scanIdentifier(src, c === 33 ? p + 1 : p);
      if (q === p) return -1;
      h = SpanCache.hash(src, p, q, h);
      if (src[q] === 60) return lex.scanBalanced(q, h);
      lex.spanHash = h;
      return q;
    }
    if (lex.kind === Tok.BareId || lex.kind === Tok.BangId) {
      if (src[lex.end] !== 60) return -1;
      return lex.scanBalanced(lex.end, SpanCache.hash(src, lex.start, lex.end));
    }
    return -1;
  }

  parseFunctionType(): FunctionType {
    const inputs = this.parseTypeListParens();
    this.expect(Tok.Arrow, 'in function type');
    const results = this.parseFunctionResultTypes();
    return FunctionType.get(this.ctx, inputs, results);
  }

  /** `(t1, t2)` or `()`. */
  parseTypeListParens(): Type[] {
    this.expect(Tok.LParen);
    const out: Type[] = [];
    if (this.consumeIf(Tok.RParen)) return out;
    do out.push(this.parseType());
    while (this.consumeIf(Tok.Comma));
    this.expect(Tok.RParen);
    return out;
  }

  /** The results of a function type: `(t1, t2)`, `()` or a single non-function type. */
  parseFunctionResultTypes(): Type[] {
    if (this.cur() === Tok.LParen) return this.parseTypeListParens();
    return [this.parseNonFunctionType()];
  }

  /** `t1, t2, ...` without delimiters. */
  parseTypeListNoParens(): Type[] {
    const out: Type[] = [];
    do out.push(this.parseType());
    while (this.consumeIf(Tok.Comma));
    return out;
  }

  parseNonFunctionType(): Type {
    switch (this.cur()) {
      case Tok.BangId:
        return this.parseExtendedType();
      case Tok.BareId:
        break;
      default:
        this.emitWrongTokenError('expected non-function type');
    }
    const start = this.lex.start;
    const end = this.lex.end;
    const hash = SpanCache.hash(this.lex.src, start, end);
    const cached = this.simpleTypes.get(start, end, hash);
    if (cached) {
      this.next();
      return cached;
    }
    const sp = this.spelling;
    let t: Type | undefined;
    if (this.isIntegerTypeToken()) {
      const signed = sp.startsWith('si') ? 'signed' : sp.startsWith('ui') ? 'unsigned' : 'signless';
      const width = Number(sp.slice(signed === 'signless' ? 1 : 2));
      // As MLIR: a width that does not fit 32 bits is no width at all; one that does may still be too large.
      if (width > 0xffffffff) this.emitError('invalid integer width');
      if (width > MAX_INT_WIDTH) this.emitError(`integer bitwidth is limited to ${MAX_INT_WIDTH} bits`);
      if (width === 0 && signed === 'signless') t = IntegerType.get(this.ctx, 0);
      else t = IntegerType.get(this.ctx, width, signed);
    } else if (FLOAT_KIND_NAMES.has(sp)) t = FloatType.get(this.ctx, sp as FloatKind);
    else if (sp === 'index') t = IndexType.get(this.ctx);
    else if (sp === 'none') t = NoneType.get(this.ctx);
    if (t) {
      this.simpleTypes.set(start, end, hash, t);
      this.next();
      return t;
    }
    switch (sp) {
      case 'memref':
        return this.parseMemRefType();
      case 'tensor':
        return this.parseTensorType();
      case 'vector':
        return this.parseVectorType();
      case 'tuple': {
        this.next();
        this.expect(Tok.Less, 'in tuple type');
        const types: Type[] = [];
        if (!this.consumeIf(Tok.Greater)) {
          do types.push(this.parseType());
          while (this.consumeIf(Tok.Comma));
          this.expect(Tok.Greater, 'in tuple type');
        }
        return TupleType.get(this.ctx, types);
      }
      case 'complex': {
        this.next();
        this.expect(Tok.Less, 'in complex type');
        const loc = this.here();
        const e = this.parseType();
        this.expect(Tok.Greater, 'in complex type');
        if (!(e instanceof FloatType || e instanceof IntegerType)) this.emitError('invalid element type for complex', loc);
        return ComplexType.get(this.ctx, e);
      }
      default:
        return this.emitWrongTokenError('expected non-function type');
    }
  }

  /**
   * A dimension list `4x?x8x` including the trailing `x`; stops before the element type. The lexer reads
   * `4x8xf32` as `4` then `x8xf32`, so an `x`-identifier is split by resetting the lexer just past the `x`.
   */
  parseDimensionList(allowDynamic: boolean, allowScalable = false, scalable?: boolean[]): number[] {
    const dims: number[] = [];
    for (;;) {
      let isScalable = false;
      if (allowScalable && this.cur() === Tok.LSquare) {
        this.next();
        isScalable = true;
      }
      if (this.cur() === Tok.Question && !isScalable) {
        // A vector shape (`allowScalable`) just ends there: the element type parser then rejects the `?`.
        if (allowScalable) break;
        if (!allowDynamic) this.emitError('expected static shape');
        dims.push(DYNAMIC);
        this.next();
      } else if (this.cur() === Tok.Integer) {
        const sp = this.spelling;
        if (sp.length > 1 && sp[1] === 'x') {
          // `0xf32` is `0`, `x`, `f32`: hex literals are not dimensions.
          dims.push(0);
          this.lex.resetTo(this.lex.start + 1);
        } else {
          const v = Number(sp);
          if (!Number.isSafeInteger(v)) {
            // mlir-opt takes any int64: say why tlir does not (its sizes are JavaScript numbers).
            this.emitError(BigInt(sp) <= INT64_MAX ? 'dimension out of range (at most 2^53 - 1 in tlir)' : 'invalid dimension');
          }
          dims.push(v);
          this.next();
        }
      } else if (isScalable) {
        this.emitError('invalid dimension');
      } else break;
      if (isScalable && this.cur() !== Tok.RSquare) this.emitWrongTokenError("missing ']' closing scalable dimension");
      if (isScalable) this.next();
      scalable?.push(isScalable);
      this.parseXInDimensionList();
    }
    return dims;
  }

  private parseXInDimensionList(): void {
    if (this.cur() !== Tok.BareId || this.lex.src[this.lex.start] !== 120 /* x */) {
      this.emitWrongTokenError("expected 'x' in dimension list");
    }
    if (this.lex.end - this.lex.start > 1) this.lex.resetTo(this.lex.start + 1);
    else this.next();
  }

  /**
   * The element type of a memref or tensor, checked as MLIR does: a memref holds integers, index, floats,
   * complex numbers, vectors and memrefs; a tensor anything but memrefs, tensors, tuples, none and functions.
   * Types of unregistered dialects can be tensor elements, not memref elements; a dialect type can be one when its
   * definition says so (`memRefElement`, MLIR's MemRefElementTypeInterface: `!krnl.string`).
   */
  private parseElementType(what: 'memref'): Type {
    const loc = this.here();
    const t = this.parseType();
    this.checkElementType(what, t, loc);
    return t;
  }

  /** Reports `t` at `loc` if it cannot be the element type of a memref or a tensor. */
  private checkElementType(what: 'memref' | 'tensor', t: Type, loc: Location): void {
    const valid =
      what === 'memref'
        ? t instanceof IntegerType || t instanceof IndexType || t instanceof FloatType || t instanceof ComplexType ||
          t instanceof VectorType || t instanceof MemRefType || t instanceof UnrankedMemRefType ||
          (t instanceof DialectType && t.isMemRefElement)
        : !(t instanceof FunctionType || t instanceof TupleType || t instanceof NoneType || t instanceof MemRefType ||
            t instanceof UnrankedMemRefType || t instanceof RankedTensorType || t instanceof UnrankedTensorType);
    if (!valid) this.emitError(`invalid ${what} element type`, loc);
  }

  /**
   * `memref<shape x element (, layout)? (, memory-space)?>`. As in MLIR, errors about the type as a whole are
   * reported at the `memref` keyword; a memory space is an integer, a string, a dictionary or an attribute
   * of another dialect than builtin, and an integer 0 is the default memory space (dropped).
   */
  private parseMemRefType(): Type {
    const typeLoc = this.here();
    this.next();
    this.expect(Tok.Less, 'in memref type');
    const unranked = this.consumeIf(Tok.Star);
    let shape: number[] = [];
    if (unranked) this.parseXInDimensionList();
    else shape = this.parseDimensionList(true);
    const elem = this.parseElementType('memref');
    let layout: StridedLayoutAttr | AffineMapAttr | undefined;
    let space: Attribute | undefined;
    if (!this.consumeIf(Tok.Greater)) {
      if (this.cur() !== Tok.Comma) this.emitWrongTokenError("expected ',' or '>' in memref type");
      this.next();
      // The layout and memory space: a list that may not be empty (MLIR's parseCommaSeparatedListUntil).
      if (this.cur() === Tok.Greater) this.emitWrongTokenError('expected list element');
      do {
        const a = this.parseAttribute();
        if (a instanceof StridedLayoutAttr || a instanceof AffineMapAttr) {
          layout = a;
          if (unranked) this.emitError('cannot have affine map for unranked memref type');
          if (space) this.emitError('expected memory space to be last in memref type');
        } else if (space) this.emitError('multiple memory spaces specified in memref type');
        else space = a;
      } while (this.consumeIf(Tok.Comma));
      if (this.cur() !== Tok.Greater) this.emitWrongTokenError("expected ',' or '>'");
      this.next();
    }
    if (layout instanceof StridedLayoutAttr && layout.strides.length !== shape.length) {
      this.emitError('expected the number of strides to match the rank', typeLoc);
    }
    if (layout instanceof AffineMapAttr && layout.numDims !== shape.length) {
      this.emitError(`memref layout mismatch between rank and affine map: ${shape.length} != ${layout.numDims}`, typeLoc);
    }
    if (space && !isSupportedMemorySpace(space)) this.emitError('unsupported memory space Attribute', typeLoc);
    if (unranked) return UnrankedMemRefType.get(this.ctx, elem, space);
    return MemRefType.get(this.ctx, shape, elem, layout, space);
  }

  private parseTensorType(): Type {
    this.next();
    this.expect(Tok.Less, 'in tensor type');
    const unranked = this.consumeIf(Tok.Star);
    let shape: number[] = [];
    if (unranked) this.parseXInDimensionList();
    else shape = this.parseDimensionList(true);
    // As in MLIR, the element type is checked once the type is closed: a missing '>' is reported first.
    const elemLoc = this.here();
    const elem = this.parseType();
    let encoding: Attribute | undefined;
    if (this.consumeIf(Tok.Comma)) encoding = this.parseOptionalAttribute();
    this.expect(Tok.Greater, 'in tensor type');
    this.checkElementType('tensor', elem, elemLoc);
    if (unranked) {
      if (encoding) this.emitError('cannot apply encoding to unranked tensor');
      return UnrankedTensorType.get(this.ctx, elem);
    }
    return RankedTensorType.get(this.ctx, shape, elem, encoding);
  }

  /** `vector<[4]x8xf32>`; MLIR checks the finished type, so errors are reported at the `vector` keyword. */
  private parseVectorType(): Type {
    const typeLoc = this.here();
    this.next();
    this.expect(Tok.Less, 'in vector type');
    const scalable: boolean[] = [];
    const shape = this.parseDimensionList(false, true, scalable);
    const elem = this.parseType();
    this.expect(Tok.Greater, 'in vector type');
    if (!(elem instanceof IntegerType || elem instanceof FloatType || elem instanceof IndexType)) {
      this.emitError("failed to verify 'elementType': VectorElementTypeInterface instance", typeLoc);
    }
    if (shape.some((d) => d <= 0)) {
      this.emitError(`vector types must have positive constant sizes but got ${shape.join(', ')}`, typeLoc);
    }
    return VectorType.get(this.ctx, shape, elem, scalable);
  }

  /** `!alias`, `!dialect.mnemonic<...>` or `!dialect<"opaque">`. */
  private parseExtendedType(): Type {
    const loc = this.here();
    const at = this.lex.start;
    const name = this.spelling.slice(1);
    const dot = name.indexOf('.');
    if (dot < 0 && this.lex.src[this.lex.position] !== 60 /* < */) {
      const t = this.aliases.types.get(name);
      this.next();
      // Reported after the name, as MLIR does.
      if (!t) this.emitWrongTokenError(`undefined symbol alias id '${name}'`);
      return t;
    }
    const dialectName = dot < 0 ? name : name.slice(0, dot);
    // Reported where the mnemonic starts in the `!dialect.mnemonic` form (as MLIR), else at the '!'.
    if (!VALID_DIALECT_NAMESPACE.test(dialectName)) {
      this.emitError(`invalid dialect namespace '${JSON.stringify(dialectName)}'`, dot < 0 ? loc : this.locAt(at + dot + 2));
    }
    const mnemonic = dot < 0 ? '' : name.slice(dot + 1);
    const dialect = this.ctx.getDialect(dialectName);
    if (dialect) {
      // MLIR's generated parsers say "unknown  type", with two spaces.
      return this.parseDialectSymbol('type', dialectName, dot, loc, dialect.parseType !== undefined, (m) => dialect.parseType!(this, m), (m) =>
        dialect.unknownTypeMessage?.(m) ?? `unknown  type \`${m}\` in dialect \`${dialectName}\``,
      );
    }
    const data = this.parseOpaqueDialectBody(mnemonic, dot < 0);
    if (!this.ctx.allowUnregisteredDialects && !dialect) {
      this.emitError(`dialect '${dialectName}' is not registered; use --allow-unregistered-dialect to allow its types`, loc);
    }
    return OpaqueType.get(this.ctx, dialectName, data);
  }

  /**
   * A type or attribute of a loaded dialect, whose `!`/`#` token starts at `start` (the dialect's name is followed
   * by a '.' at `dot`, or by `<mnemonic ...>` when `dot` is -1): as in MLIR, its body is scanned first, then the
   * dialect's hook (`parse`) reads it; a dialect without a hook, or a mnemonic it does not know (`unknown` words it),
   * is reported at the mnemonic in MLIR's words.
   */
  private parseDialectSymbol<T>(
    kind: 'type' | 'attribute',
    dialectName: string,
    dot: number,
    start: FileLineColLoc,
    hasHook: boolean,
    parse: (mnemonic: string) => T | undefined,
    unknown: (mnemonic: string) => string,
  ): T {
    this.checkDialectBody();
    const token = this.spelling;
    this.next();
    let mnemonic = token.slice(dot + 2);
    let nameLoc = new FileLineColLoc(this.filename, start.line, start.column + 2 + dot);
    const bracketed = dot < 0;
    if (bracketed) {
      this.expect(Tok.Less);
      nameLoc = this.here();
    }
    if (!hasHook) this.emitError(`dialect '${dialectName}' provides no ${kind} parsing hook`, nameLoc);
    if (bracketed) {
      // `#dialect<mnemonic ...>`: MLIR's generated parsers read the mnemonic with parseKeyword.
      if (this.cur() !== Tok.BareId) this.emitError('expected valid keyword');
      mnemonic = this.parseIdentifier();
    }
    // MLIR's dialect parsers read the mnemonic as a keyword: a bare identifier (`mma_matri-x` is `mma_matri`).
    const keyword = /^[A-Za-z_][A-Za-z0-9_$.]*/.exec(mnemonic)?.[0];
    if (keyword === undefined) this.emitError('expected valid keyword', nameLoc);
    if (keyword !== mnemonic) this.emitError(unknown(keyword), nameLoc);
    const outerNameLoc = this.dialectNameLoc;
    this.dialectNameLoc = nameLoc;
    let result: T | undefined;
    try {
      result = parse(mnemonic);
    } finally {
      this.dialectNameLoc = outerNameLoc;
    }
    if (result === undefined) this.emitError(unknown(mnemonic), nameLoc);
    if (bracketed) this.expect(Tok.Greater);
    return result;
  }

  /**
   * The verbatim body of an unregistered dialect type or attribute: `mnemonic<balanced ...>` (pretty form) or
   * `<"data">` (opaque form, when `opaqueForm`). Leaves the parser at the token after it.
   */
  private parseOpaqueDialectBody(mnemonic: string, opaqueForm: boolean): string {
    const lex = this.lex;
    const start = lex.position;
    if (lex.src[start] !== 60) {
      this.next();
      return mnemonic;
    }
    const end = this.scanDialectBody(start);
    this.lex.resetTo(end);
    if (this.cur() === Tok.Error) this.emitError(this.lex.errorMessage);
    // The opaque form `#d<body>` keeps the body verbatim, as MLIR does (a quoted body stays quoted).
    return opaqueForm ? lex.slice(start + 1, end - 1) : mnemonic + lex.slice(start, end);
  }

  /**
   * Checks the `<...>` body of a loaded dialect's type or attribute before the dialect parses it, as MLIR scans
   * every dialect symbol's body first: an unbalanced body is reported as mlir-opt reports it, whatever the
   * dialect's parser would have said. The parser is left where it was.
   */
  private checkDialectBody(): void {
    const start = this.lex.position;
    if (this.lex.src[start] !== 60 /* < */) return;
    const saved = this.lex.save();
    this.scanDialectBody(start);
    this.lex.restore(saved);
  }

  /**
   * The end (after its closing '>') of the body `<...>` of a dialect symbol whose '<' is at `start`, found as MLIR's
   * parseDialectSymbolBody finds it: brackets of all four kinds nest, `->` is not a '>', string literals are read
   * by the lexer (its error is the error). An unbalanced body is reported where MLIR's parser then is, at the
   * '<' or at the last string literal read, naming the innermost bracket left open.
   */
  private scanDialectBody(start: number): number {
    const src = this.lex.src;
    const n = src.length;
    const open: number[] = [];
    let tokenAt = start;
    const unbalanced = (): never =>
      this.emitError(`unbalanced '${String.fromCharCode(open[open.length - 1]!)}' character in pretty dialect name`, this.locAt(tokenAt));
    let p = start;
    do {
      const c = p < n ? src[p]! : 0;
      p++;
      switch (c) {
        case 0:
          if (open.length) unbalanced();
          return this.emitError('unexpected nul or EOF in pretty dialect name', this.locAt(tokenAt));
        case 60: // <
        case 91: // [
        case 40: // (
        case 123: // {
          open.push(c);
          continue;
        case 45: // -
          if (src[p] === 62) p++;
          continue;
        case 62: // >
        case 93: // ]
        case 41: // )
        case 125: // }
          if (open[open.length - 1] !== OPENER_OF[c]) unbalanced();
          open.pop();
          break;
        case 34: // "
          this.lex.resetTo(p - 1);
          if (this.cur() !== Tok.String) this.emitError(this.lex.errorMessage);
          tokenAt = this.lex.start;
          p = this.lex.end;
          break;
        default:
          continue;
      }
    } while (open.length);
    return p;
  }

  // ---- attributes -------------------------------------------------------------------------------------------

  parseOptionalAttribute(type?: Type): Attribute | undefined {
    switch (this.cur()) {
      case Tok.LSquare:
      case Tok.LBrace:
      case Tok.AtId:
      case Tok.String:
      case Tok.Integer:
      case Tok.Float:
      case Tok.Minus:
      case Tok.HashId:
      case Tok.BangId:
      case Tok.LParen:
        return this.parseAttribute(type);
      case Tok.BareId:
        if (['true', 'false', 'unit', 'dense', 'array', 'strided', 'loc'].includes(this.spelling) || this.isTypeKeyword()) {
          return this.parseAttribute(type);
        }
        return undefined;
      default:
        return undefined;
    }
  }

  /**
   * Parses an attribute value. `type`, when given, is the expected type of a literal without its own `: type`
   * (as in custom op syntax); otherwise literals default to i64 / f64.
   */
  parseAttribute(type?: Type): Attribute {
    const ctx = this.ctx;
    switch (this.cur()) {
      case Tok.LSquare: {
        if (++this.arrayNesting > MAX_ARRAY_NESTING) this.emitError('array attributes are nested too deeply');
        this.next();
        const elems: Attribute[] = [];
        if (!this.consumeIf(Tok.RSquare)) {
          do elems.push(this.parseAttribute());
          while (this.consumeIf(Tok.Comma));
          if (this.cur() !== Tok.RSquare) this.emitWrongTokenError("expected ',' or ']'");
          this.next();
        }
        this.arrayNesting--;
        return ArrayAttr.get(ctx, elems);
      }
      case Tok.LBrace:
        return this.parseAttributeDict();
      case Tok.AtId:
        return this.parseSymbolRef();
      case Tok.String: {
        const s = this.parseString();
        if (this.cur() === Tok.Colon) {
          this.next();
          return StringAttr.get(ctx, s, this.parseType());
        }
        return StringAttr.get(ctx, s);
      }
      case Tok.Integer:
      case Tok.Float:
      case Tok.Minus:
        return this.parseNumberAttr(type);
      case Tok.HashId:
        return type === undefined ? this.parseAttributeBySpan(SpanAttr.Extended) : this.parseExtendedAttr(type);
      case Tok.BareId: {
        const sp = this.spelling;
        switch (sp) {
          case 'true':
          case 'false':
            // Always i1: MLIR has no `true : type` form.
            this.next();
            return IntegerAttr.getBool(ctx, sp === 'true');
          case 'unit':
            this.next();
            return UnitAttr.get(ctx);
          case 'dense':
            return this.parseDenseElementsAttr(type);
          case 'array':
            return this.parseAttributeBySpan(SpanAttr.DenseArray);
          case 'strided':
            return this.parseAttributeBySpan(SpanAttr.Strided);
          case 'loc':
            return LocationAttr.get(ctx, this.parseOptionalTrailingLocation(false, 'in inline location')!);
          case 'affine_map':
          case 'affine_set': {
            this.next();
            const isMap = sp === 'affine_map';
            this.expect(Tok.Less, isMap ? 'in affine map' : 'in integer set');
            const loc = this.here();
            const a = new AffineParser(this).parseMapOrSet();
            if (isMap && a instanceof IntegerSetAttr) this.emitError('expected AffineMap, but got IntegerSet', loc);
            if (!isMap && a instanceof AffineMapAttr) this.emitError('expected IntegerSet, but got AffineMap', loc);
            this.expect(Tok.Greater, isMap ? 'in affine map' : 'in integer set');
            return a;
          }
          case 'distinct':
            return this.parseDistinctAttr(type);
          case 'sparse':
            return this.parseSparseElementsAttr(type);
          case 'dense_resource':
            return this.parseDenseResourceAttr(type);
        }
        if (!this.isTypeKeyword()) this.emitWrongTokenError('expected attribute value');
        return TypeAttr.get(ctx, this.parseType());
      }
      case Tok.BangId:
      case Tok.LParen:
        return TypeAttr.get(ctx, this.parseType());
      default:
        return this.emitWrongTokenError('expected attribute value');
    }
  }

  parseAffineMap(): AffineMapAttr {
    const loc = this.here();
    const a = new AffineParser(this).parseMapOrSet();
    if (a instanceof IntegerSetAttr) this.emitError('expected AffineMap, but got IntegerSet', loc);
    return a;
  }

  /**
   * An attribute written `keyword<...>` or `#dialect.mnemonic<...>`, looked up by its text first (subviews
   * repeat `array<i64: 1, 0>`, arith ops `#arith.overflow<none>`): its value does not depend on anything
   * else, since aliases cannot change during a parse.
   */
  private parseAttributeBySpan(kind: SpanAttr): Attribute {
    const lex = this.lex;
    const start = lex.start;
    const end = lex.src[lex.end] === 60 /* < */ ? lex.scanBalanced(lex.end, SpanCache.hash(lex.src, start, lex.end)) : -1;
    let hash = 0;
    // A `: type` after a dialect attribute belongs to it: not in the text looked up.
    if (end >= 0 && kind === SpanAttr.Extended && this.colonAt(end)) return this.parseExtendedAttr();
    if (end >= 0) {
      hash = lex.spanHash;
      const cached = this.attrTextCache.get(start, end, hash);
      if (cached) {
        lex.resetToOnLine(end);
        if (lex.kind === Tok.Error) this.emitError(lex.errorMessage);
        return cached;
      }
    }
    const a = kind === SpanAttr.DenseArray ? this.parseDenseArrayAttr() : kind === SpanAttr.Strided ? this.parseStridedLayout() : this.parseExtendedAttr();
    if (end >= 0 && this.prevEnd === end) this.attrTextCache.set(start, end, hash, a);
    return a;
  }

  /** Whether the text from `p` on starts with a `:`, after blanks. */
  private colonAt(p: number): boolean {
    const src = this.lex.src;
    while (src[p] === 32 || src[p] === 9) p++;
    return src[p] === 58;
  }

  /** `{name = value, flag}`: entries are sorted; a repeated name is an error. */
  parseAttributeDict(): DictionaryAttr {
    if (this.cur() !== Tok.LBrace) this.emitError("expected '{'");
    const start = this.lex.start;
    const end = this.lex.scanBalanced(start);
    if (end < 0) return this.parseAttributeDictUncached();
    const hash = this.lex.spanHash;
    const cached = this.dictTextCache.get(start, end, hash);
    if (cached) {
      this.lex.resetToOnLine(end);
      if (this.lex.kind === Tok.Error) this.emitError(this.lex.errorMessage);
      return cached;
    }
    const d = this.parseAttributeDictUncached();
    if (this.prevEnd === end) this.dictTextCache.set(start, end, hash, d);
    return d;
  }

  private parseAttributeDictUncached(): DictionaryAttr {
    this.expect(Tok.LBrace);
    const entries: NamedAttribute[] = [];
    // Most dictionaries are small: a scan finds a repeated name; large ones get a set.
    let seen: Set<string> | undefined;
    if (!this.consumeIf(Tok.RBrace)) {
      do {
        const line = this.lex.line;
        const col = this.lex.col;
        let name: string;
        if (this.cur() === Tok.BareId) name = this.spelling;
        else if (this.cur() === Tok.String) {
          name = this.lex.stringValue();
          if (name === '') this.emitError('expected valid attribute name');
        } else this.emitWrongTokenError('expected attribute name');
        let repeated = false;
        if (seen !== undefined) repeated = seen.has(name);
        else for (let i = 0; i < entries.length && !repeated; i++) repeated = entries[i]!.name === name;
        if (repeated) this.emitError(`duplicate key '${name}' in dictionary attribute`, new FileLineColLoc(this.filename, line, col));
        if (seen !== undefined) seen.add(name);
        else if (entries.length === 15) seen = new Set([...entries.map((e) => e.name), name]);
        this.next();
        let value: Attribute;
        if (this.consumeIf(Tok.Equal)) value = this.parseAttribute();
        else value = UnitAttr.get(this.ctx);
        entries.push({ name, value });
      } while (this.consumeIf(Tok.Comma));
      this.expect(Tok.RBrace, 'in attribute dictionary');
    }
    return DictionaryAttr.get(this.ctx, entries);
  }

  /** `@a::@b::@c`. */
  private parseSymbolRef(): SymbolRefAttr {
    const root = this.symbolNameOfToken();
    // The nested parts are `::@name`: the lexer sees `:`, `:`, `@name` (as in MLIR, space may come between the
    // colons). A ':' followed by anything else but the end of the input is left for the caller.
    const nested: string[] = [];
    this.next();
    while (this.cur() === Tok.Colon) {
      const prevEnd = this.prevEnd;
      const saved = this.lex.save();
      this.next(); // first ':'
      if (this.cur() !== Tok.Colon) {
        if (this.cur() !== Tok.EOF) {
          this.lex.restore(saved);
          this.prevEnd = prevEnd;
        }
        break;
      }
      this.next(); // second ':'
      // At the token itself, even the end of the input (MLIR passes the token's location).
      if (this.cur() !== Tok.AtId) this.emitError('expected nested symbol reference identifier', this.locAt(this.lex.start));
      nested.push(this.symbolNameOfToken());
      this.next();
    }
    return SymbolRefAttr.get(this.ctx, root, nested);
  }

  /** An integer or float literal, optionally negative, with an optional `: type`. */
  private parseNumberAttr(expected?: Type): Attribute {
    const neg = this.consumeIf(Tok.Minus);
    // Errors point at the literal itself, after any minus sign (as in MLIR).
    const at = this.lex.start;
    if (this.cur() !== Tok.Integer && this.cur() !== Tok.Float) {
      this.emitWrongTokenError('expected constant integer or floating point value');
    }
    const isFloatLit = this.cur() === Tok.Float;
    const sp = this.spelling;
    this.next();
    let type = expected;
    // As MLIR's parseDecOrHexAttr: `: type` follows only when no type is expected (`$alignment `:` type($m)`).
    if (expected === undefined && this.cur() === Tok.Colon) {
      this.next();
      type = this.parseType();
    }
    if (type === undefined) type = isFloatLit ? FloatType.get(this.ctx, 'f64') : IntegerType.get(this.ctx, 64);
    if (type instanceof FloatType) return this.buildFloatAttr(type, sp, isFloatLit, neg, at);
    if (isFloatLit) this.emitError('floating point value not valid for specified type');
    if (type instanceof IntegerType || type instanceof IndexType) {
      if (neg && type instanceof IntegerType && type.signedness === 'unsigned') {
        this.emitError('negative integer literal not valid for unsigned integer type', this.locAt(at));
      }
      const small = smallIntegerLiteralValue(type, sp, neg);
      if (small !== undefined) return IntegerAttr.get(this.ctx, type, small);
      const v = integerLiteralValue(type, BigInt(sp), neg);
      if (v === undefined) this.emitError('integer constant out of range for attribute', this.locAt(at));
      return IntegerAttr.get(this.ctx, type, v);
    }
    return this.emitError('integer literal not valid for specified type', this.locAt(at));
  }

  /**
   * A float from a literal: a float literal, or a hexadecimal integer giving the bit pattern. A decimal integer
   * is an error, as in MLIR (it would be ambiguous with an integer attribute).
   */
  private buildFloatAttr(type: FloatType, sp: string, isFloatLit: boolean, neg: boolean, at: number | Location): FloatAttr {
    if (!isFloatLit) {
      const loc = typeof at === 'number' ? this.locAt(at) : at;
      if (!sp.startsWith('0x')) {
        this.emitErrorWithNote(
          'unexpected decimal integer literal for a floating point value',
          loc,
          loc,
          'add a trailing dot to make the literal a float',
        );
      }
      if (neg) this.emitError('hexadecimal float literal should not have a leading minus', loc);
      const bits = BigInt(sp);
      if (bits >> BigInt(FLOAT_WIDTH[type.kind]) !== 0n) this.emitError(`hexadecimal float constant out of range for type`, loc);
      return FloatAttr.getFromBits(this.ctx, type, bits);
    }
    // f80 and f128 hold more than a double: their literals are rounded once, to the type (as MLIR does since
    // llvm-project#220267; mlir-opt 22 still goes through a double, and so loses digits it could keep).
    if (isWideFloatKind(type.kind)) {
      const bits = parseDecimalToWide(type.kind, (neg ? '-' : '') + sp);
      if (bits === undefined) return this.emitError('invalid floating point literal', typeof at === 'number' ? this.locAt(at) : at);
      return FloatAttr.getFromBits(this.ctx, type, bits);
    }
    const v = Number(sp);
    return FloatAttr.get(this.ctx, type, neg ? -v : v);
  }

  /** `#alias`, `#dialect.mnemonic<...>`, `#dialect<"opaque">`. */
  private parseExtendedAttr(type?: Type): Attribute {
    const at = this.lex.start;
    const name = this.spelling.slice(1);
    const dot = name.indexOf('.');
    if (dot < 0 && this.lex.src[this.lex.position] !== 60) {
      const a = this.aliases.attributes.get(name);
      if (a) {
        this.next();
        return a;
      }
      // A location alias (`#loc = loc(...)`, kept apart because op locations may use it before it is defined)
      // used as an attribute value stands for the location attribute, as the printer writes it.
      const l = this.aliases.locations.get(name);
      this.next();
      if (!l) this.emitWrongTokenError(`undefined symbol alias id '${name}'`);
      return LocationAttr.get(this.ctx, l);
    }
    const dialectName = dot < 0 ? name : name.slice(0, dot);
    // Reported where the mnemonic starts in the `#dialect.mnemonic` form (as MLIR), else at the '#'.
    if (!VALID_DIALECT_NAMESPACE.test(dialectName)) {
      this.emitError(`invalid dialect namespace '${JSON.stringify(dialectName)}'`, this.locAt(dot < 0 ? at : at + dot + 2));
    }
    const mnemonic = dot < 0 ? '' : name.slice(dot + 1);
    const dialect = this.ctx.getDialect(dialectName);
    if (dialect) {
      return this.parseDialectSymbol('attribute', dialectName, dot, this.locAt(at), dialect.parseAttribute !== undefined, (m) => dialect.parseAttribute!(this, m, type), (m) =>
        `unknown attribute \`${m}\` in dialect \`${dialectName}\``,
      );
    }
    const data = this.parseOpaqueDialectBody(mnemonic, dot < 0);
    // As MLIR: a `: type` may follow (it is kept with the attribute).
    let attrType = type;
    if (this.consumeIf(Tok.Colon)) attrType = this.parseType();
    if (!this.ctx.allowUnregisteredDialects && !dialect) {
      this.emitError(`dialect '${dialectName}' is not registered; use --allow-unregistered-dialect to allow its attributes`, this.locAt(at));
    }
    return OpaqueAttr.get(this.ctx, dialectName, data, attrType);
  }

  /** `strided<[1, ?], offset: 4>`. */
  private parseStridedLayout(): StridedLayoutAttr {
    this.next();
    this.expect(Tok.Less, "after 'strided'");
    this.expect(Tok.LSquare);
    const strides: number[] = [];
    const dimOrDynamic = (): number => {
      if (this.consumeIf(Tok.Question)) return DYNAMIC;
      const at = this.lex.start;
      // MLIR reads the sign itself here: whatever follows it, the error is at the value's start.
      const negative = this.consumeIf(Tok.Minus);
      if (this.cur() !== Tok.Integer) this.emitError("expected a 64-bit signed integer or '?'", this.locAt(at));
      const v = negative ? -BigInt(this.spelling) : BigInt(this.spelling);
      this.next();
      if (v < -(1n << 63n) || v >= 1n << 63n) this.emitError("expected a 64-bit signed integer or '?'", this.locAt(at));
      // tlir keeps strides and offsets as JavaScript numbers.
      if (!Number.isSafeInteger(Number(v))) this.emitError('stride or offset out of range (at most 2^53 - 1 in tlir)', this.locAt(at));
      return Number(v);
    };
    if (!this.consumeIf(Tok.RSquare)) {
      // Zero strides are valid (MLIR 22 accepts them: broadcast-like layouts).
      do strides.push(dimOrDynamic());
      while (this.consumeIf(Tok.Comma));
      this.expect(Tok.RSquare);
    }
    let offset = 0;
    // As MLIR: a '>' ends it, else the offset follows a ','.
    if (!this.consumeIf(Tok.Greater)) {
      this.expect(Tok.Comma);
      if (!this.isKeyword('offset')) this.emitWrongTokenError("expected 'offset' after comma");
      this.next();
      this.expect(Tok.Colon, "after 'offset'");
      offset = dimOrDynamic();
      this.expect(Tok.Greater);
    }
    return StridedLayoutAttr.get(this.ctx, strides, offset);
  }

  /** `array<i32: 1, 2>`, `array<f32: 1.0>`, `array<i1: true>`, `array<i64>`. */
  private parseDenseArrayAttr(): DenseArrayAttr {
    this.next();
    this.expect(Tok.Less, "after 'array'");
    const at = this.lex.start;
    const t = this.parseType();
    if (!(t instanceof IntegerType || t instanceof FloatType)) this.emitError(`expected integer or float type, got: '${t}'`, this.locAt(at));
    // As MLIR: the elements are stored in whole bytes (i1 as a byte each).
    const width = t instanceof IntegerType ? t.width : FLOAT_WIDTH[t.kind];
    if (width !== 1 && width % 8 !== 0) this.emitError('element type bitwidth must be a multiple of 8', this.locAt(at));
    const values: (bigint | number)[] = [];
    // `array<i32>` is empty; otherwise a ':' and the elements.
    if (this.cur() !== Tok.Greater) {
      this.expect(Tok.Colon, 'after dense array type');
      do {
        if (t instanceof IntegerType) {
          if (this.isKeyword('true') || this.isKeyword('false')) {
            if (t.width !== 1) this.emitError("expected i1 type for 'true' or 'false' values");
            values.push(this.isKeyword('true') ? 1n : 0n);
            this.next();
            continue;
          }
          const neg = this.consumeIf(Tok.Minus);
          if (this.cur() !== Tok.Integer) this.emitError('expected integer literal');
          const mag = BigInt(this.spelling);
          this.next();
          // As in MLIR, the range check wraps a negative literal of an unsigned type (`array<ui8: -1>` is 255);
          // the error points after the literal.
          const v = integerLiteralValue(t, mag, neg);
          if (v === undefined) this.emitError('integer constant out of range');
          values.push(t.signedness === 'unsigned' && v < 0n ? v + (1n << BigInt(t.width)) : v);
        } else {
          const neg = this.consumeIf(Tok.Minus);
          const elementAt = this.lex.start;
          if (this.cur() !== Tok.Integer && this.cur() !== Tok.Float) this.emitError('expected floating point literal');
          const a = this.buildFloatAttr(t, this.spelling, this.cur() === Tok.Float, neg, elementAt);
          this.next();
          // The bits, not the number: a NaN's payload would not survive a double.
          values.push(a.bits);
        }
      } while (this.consumeIf(Tok.Comma));
    }
    this.expect(Tok.Greater, 'to close an array attribute');
    return t instanceof FloatType ? DenseArrayAttr.getFromBits(this.ctx, t, values as bigint[]) : DenseArrayAttr.get(this.ctx, t, values);
  }

  /**
   * `distinct[N]<attr>` or `distinct[N]<>` (a unit attribute inside): every `N` of a file names one distinct
   * attribute, created where it is first read; a later use must wrap the same attribute (MLIR's checks and
   * messages).
   */
  private parseDistinctAttr(type?: Type): DistinctAttr {
    const loc = this.here();
    this.next();
    this.expect(Tok.LSquare, "after 'distinct'");
    if (this.cur() !== Tok.Integer) this.emitWrongTokenError('expected distinct ID');
    const id = BigInt(this.spelling);
    this.next();
    if (id > 0xffffffffffffffffn) this.emitError('expected an unsigned 64-bit integer');
    this.expect(Tok.RSquare, 'to close distinct ID');
    this.expect(Tok.Less, 'after distinct ID');
    let referenced: Attribute;
    if (this.consumeIf(Tok.Greater)) referenced = UnitAttr.get(this.ctx);
    else {
      referenced = this.parseAttribute(type);
      this.expect(Tok.Greater, 'to close distinct attribute');
    }
    const table = (this.aliases.distinct ??= new Map());
    const known = table.get(id);
    if (known === undefined) {
      const d = DistinctAttr.create(this.ctx, referenced);
      table.set(id, d);
      return d;
    }
    if (known.referenced !== referenced) this.emitError(`referenced attribute does not match previous definition: ${known.referenced}`, loc);
    return known;
  }

  /** `dense_resource<key> : shaped-type` (MLIR's messages); the blob under `key` may come later in the file. */
  private parseDenseResourceAttr(expected?: Type): DenseResourceElementsAttr {
    const loc = this.here();
    this.next();
    this.expect(Tok.Less, "after 'dense_resource'");
    const key = this.parseResourceKey();
    this.expect(Tok.Greater);
    let type = expected;
    let typeLoc: Location = loc;
    if (!type) {
      typeLoc = this.here();
      this.expect(Tok.Colon);
      type = this.parseType();
    }
    if (!(type instanceof ShapedType)) this.emitError('`dense_resource` expected a shaped type', typeLoc);
    return DenseResourceElementsAttr.get(this.ctx, type, key);
  }

  /** A resource key: a bare identifier or a string (MLIR's parseResourceHandle). */
  parseResourceKey(): string {
    if (this.cur() === Tok.String) return this.parseString();
    if (this.cur() !== Tok.BareId) this.emitError("expected identifier key for 'resource' entry");
    const key = this.spelling;
    this.next();
    return key;
  }

  /** `dense<...> : shaped-type` with a splat, nested lists, or a hex string of the raw little-endian data. */
  private parseDenseElementsAttr(expected?: Type): DenseElementsAttr | DenseStringElementsAttr {
    const startLoc = this.here();
    this.next();
    this.expect(Tok.Less, "after 'dense'");
    let literal: DenseLiteral | undefined;
    let hex: string | undefined;
    const hexLoc = this.here();
    if (this.cur() === Tok.String) hex = this.parseString();
    else if (this.cur() !== Tok.Greater) literal = this.parseDenseLiteral();
    this.expect(Tok.Greater);
    // With an expected type (a global's initial value) no `: type` follows, as MLIR's parseElementsLiteralType.
    let type = expected;
    if (!type) {
      this.expect(Tok.Colon);
      type = this.parseType();
    }
    const tloc = this.here();
    // MLIR's checks, at the literal: a shaped type, with a static shape.
    if (!(type instanceof ShapedType)) this.emitError('elements literal must be a shaped type', startLoc);
    if (!(type instanceof RankedTensorType || type instanceof VectorType || type instanceof MemRefType) || !type.hasStaticShape) {
      this.emitError('elements literal type must have static shape', startLoc);
    }
    // tlir's own limit: mlir-opt also takes a memref type here.
    if (type instanceof MemRefType) this.emitError('dense elements attribute expects a ranked tensor or vector type', tloc);
    return this.denseFromLiteral(type, literal, hex, hexLoc, startLoc);
  }

  /**
   * The dense elements of `type` that a literal (or the hex string of their raw data) gives: a list literal must
   * have the type's shape; a single element is a splat.
   */
  private denseFromLiteral(
    type: RankedTensorType | VectorType,
    literal: DenseLiteral | undefined,
    hex: string | undefined,
    hexLoc: Location,
    startLoc: Location,
  ): DenseElementsAttr | DenseStringElementsAttr {
    const et = type.elementType;
    const scalar = et instanceof ComplexType ? et.elementType : et;
    const isNumber = (t: Type): boolean => t instanceof IntegerType || t instanceof FloatType || t instanceof IndexType;
    // Elements of any other type are strings (MLIR's DenseStringElementsAttr).
    if (!isNumber(scalar)) return this.denseStringElements(type, hex, literal, startLoc);
    const n = type.numElements;
    // Float elements are read as their bits (a NaN's payload would not survive a double).
    const floats = scalar instanceof FloatType;
    let values: (bigint | number)[];
    if (hex !== undefined) values = this.decodeDenseHex(hex, type, hexLoc, startLoc, floats);
    else if (literal === undefined) {
      if (n !== 0) this.emitError(`parsed zero elements, but type ('${type}') expected at least 1`, startLoc);
      values = [];
    } else {
      const flat: DenseLiteral[] = [];
      const shape = this.denseLiteralShape(literal, flat);
      if (literal.kind === 'list') {
        const ts = type.shape!;
        if (shape.length !== ts.length || shape.some((d, i) => d !== ts[i])) {
          this.emitError(`inferred shape of elements literal ([${shape.join(', ')}]) does not match type ([${ts.join(', ')}])`, startLoc);
        }
      }
      values = [];
      for (const e of flat) {
        if (!(et instanceof ComplexType)) values.push(this.denseElementValue(e, et));
        else if (e.kind !== 'complex') this.emitError('expected complex element', this.literalLoc(e));
        else values.push(this.denseElementValue(e.re, scalar), this.denseElementValue(e.im, scalar));
      }
    }
    return floats ? DenseElementsAttr.getFromBits(this.ctx, type, values as bigint[]) : DenseElementsAttr.get(this.ctx, type, values);
  }

  /**
   * `sparse<indices, values> : shaped-type` (MLIR's SparseElementsAttr): the elements at `indices` (a list of
   * coordinates, or one number used for every coordinate of one index) are `values` (a list, or one value for
   * all), every other element is zero; `sparse<> : type` has none. MLIR's shape and range checks.
   */
  private parseSparseElementsAttr(expected?: Type): SparseElementsAttr {
    const startLoc = this.here();
    this.next();
    this.expect(Tok.Less, "after 'sparse'");
    const i64 = IntegerType.get(this.ctx, 64);
    let indicesLit: DenseLiteral | undefined;
    let valuesLit: DenseLiteral | undefined;
    let hex: string | undefined;
    let indicesLoc = startLoc;
    let valuesLoc = startLoc;
    if (!this.consumeIf(Tok.Greater)) {
      indicesLoc = this.here();
      indicesLit = this.parseDenseLiteral();
      this.expect(Tok.Comma);
      valuesLoc = this.here();
      if (this.cur() === Tok.String) hex = this.parseString();
      else valuesLit = this.parseDenseLiteral();
      this.expect(Tok.Greater);
    }
    let type = expected;
    if (!type) {
      this.expect(Tok.Colon);
      type = this.parseType();
    }
    if (!(type instanceof ShapedType)) this.emitError('elements literal must be a shaped type', startLoc);
    if (!(type instanceof RankedTensorType || type instanceof VectorType) || !type.hasStaticShape) {
      this.emitError('elements literal type must have static shape', startLoc);
    }
    const rank = type.shape!.length;
    if (indicesLit === undefined) {
      const indices = DenseElementsAttr.get(this.ctx, RankedTensorType.get(this.ctx, [0, rank], i64), []);
      const values = this.denseFromLiteral(RankedTensorType.get(this.ctx, [0], type.elementType), undefined, undefined, startLoc, startLoc);
      return SparseElementsAttr.get(this.ctx, type, indices, values);
    }
    const indicesShape = this.denseLiteralShape(indicesLit, []);
    const indicesType = RankedTensorType.get(this.ctx, indicesShape.length === 0 ? [1, rank] : indicesShape, i64);
    const indices = this.denseFromLiteral(indicesType, indicesLit, undefined, indicesLoc, indicesLoc) as DenseElementsAttr;
    const valuesShape = valuesLit === undefined ? [] : this.denseLiteralShape(valuesLit, []);
    const valuesType = RankedTensorType.get(this.ctx, valuesShape.length === 0 ? [indicesType.shape![0]!] : valuesShape, type.elementType);
    const values = this.denseFromLiteral(valuesType, valuesLit, hex, valuesLoc, valuesLoc);
    const problem = SparseElementsAttr.verify(type, indices, values);
    if (problem !== undefined) this.emitError(problem, startLoc);
    return SparseElementsAttr.get(this.ctx, type, indices, values);
  }

  /** `dense<"a">`, `dense<["a", "b"]>` of a type whose elements are not numbers. */
  private denseStringElements(
    type: RankedTensorType | VectorType,
    single: string | undefined,
    literal: DenseLiteral | undefined,
    startLoc: Location,
  ): DenseStringElementsAttr {
    if (single !== undefined) return DenseStringElementsAttr.get(this.ctx, type, [single]);
    const n = type.numElements;
    if (literal === undefined) {
      if (n !== 0) this.emitError(`parsed zero elements, but type ('${type}') expected at least 1`, startLoc);
      return DenseStringElementsAttr.get(this.ctx, type, []);
    }
    const flat: DenseLiteral[] = [];
    const shape = this.denseLiteralShape(literal, flat);
    const ts = type.shape!;
    if (literal.kind === 'list' && (shape.length !== ts.length || shape.some((d, i) => d !== ts[i]))) {
      this.emitError(`inferred shape of elements literal ([${shape.join(', ')}]) does not match type ([${ts.join(', ')}])`, startLoc);
    }
    const values = flat.map((e) => (e.kind === 'string' ? e.value : this.emitError('expected string token', this.literalLoc(e))));
    return DenseStringElementsAttr.get(this.ctx, type, values);
  }

  private literalLoc(lit: DenseLiteral): FileLineColLoc {
    return new FileLineColLoc(this.filename, lit.line, lit.col);
  }

  private parseDenseLiteral(): DenseLiteral {
    const line = this.lex.line;
    const col = this.lex.col;
    if (this.consumeIf(Tok.LSquare)) {
      // As MLIR, every element after the first is checked against it as soon as it is read (the error is where
      // the parser then is).
      const items: DenseLiteral[] = [];
      let inner: readonly number[] | undefined;
      if (!this.consumeIf(Tok.RSquare)) {
        do {
          const item = this.parseDenseLiteral();
          const dims = item.kind === 'list' ? item.shape : SCALAR_SHAPE;
          if (inner === undefined) inner = dims;
          else if (dims.length !== inner.length || dims.some((d, i) => d !== inner![i])) {
            this.emitError('tensor literal is invalid; ranks are not consistent between elements');
          }
          items.push(item);
        } while (this.consumeIf(Tok.Comma));
        this.expect(Tok.RSquare);
      }
      return { kind: 'list', items, shape: [items.length, ...(inner ?? [])], line, col };
    }
    return this.parseDenseElement();
  }

  /** One element of a dense literal: a number, a bool, a string or a complex `(re, im)` (not a list). */
  private parseDenseElement(): DenseLiteral {
    const line = this.lex.line;
    const col = this.lex.col;
    if (this.isKeyword('true') || this.isKeyword('false')) {
      const value = this.isKeyword('true');
      this.next();
      return { kind: 'bool', value, line, col };
    }
    if (this.consumeIf(Tok.LParen)) {
      // `(re, im)`: a complex element.
      const re = this.parseDenseElement();
      this.expect(Tok.Comma, 'between complex elements');
      const im = this.parseDenseElement();
      this.expect(Tok.RParen, 'after complex elements');
      return { kind: 'complex', re, im, line, col };
    }
    if (this.cur() === Tok.String) {
      const value = this.parseString();
      return { kind: 'string', value, line, col };
    }
    const neg = this.consumeIf(Tok.Minus);
    if (this.cur() === Tok.Integer) {
      const sp = this.spelling;
      const lit = { kind: 'int' as const, magnitude: BigInt(sp), neg, hex: sp.startsWith('0x'), line: this.lex.line, col: this.lex.col };
      this.next();
      return lit;
    }
    if (this.cur() === Tok.Float) {
      const v = Number(this.spelling);
      const lit = { kind: 'float' as const, value: neg ? -v : v, text: (neg ? '-' : '') + this.spelling, line: this.lex.line, col: this.lex.col };
      this.next();
      return lit;
    }
    return this.emitError(neg ? 'expected integer or floating point literal' : 'expected element literal of primitive type');
  }

  /** The shape of a nested literal (rectangular: parseDenseLiteral checked it) and its leaves in row-major order. */
  private denseLiteralShape(lit: DenseLiteral, flat: DenseLiteral[]): readonly number[] {
    if (lit.kind !== 'list') {
      flat.push(lit);
      return SCALAR_SHAPE;
    }
    // The elements' shapes agree (parseDenseLiteral checked them).
    for (const item of lit.items) this.denseLiteralShape(item, flat);
    return lit.shape;
  }

  private denseElementValue(lit: DenseLiteral, et: Type): bigint | number {
    const loc = new FileLineColLoc(this.filename, lit.line, lit.col);
    if (lit.kind === 'list' || lit.kind === 'complex' || lit.kind === 'string') this.emitError('expected element literal of primitive type', loc);
    if (et instanceof FloatType) {
      // A float element is returned as its bits.
      if (lit.kind === 'bool') this.emitError('expected floating point literal', loc);
      if (lit.kind === 'int') return this.buildFloatAttr(et, lit.hex ? '0x' + lit.magnitude.toString(16) : String(lit.magnitude), false, lit.neg, loc).bits;
      // f80 / f128 read the literal exactly (see buildFloatAttr).
      if (isWideFloatKind(et.kind)) return parseDecimalToWide(et.kind, lit.text) ?? this.emitError('invalid floating point literal', loc);
      return floatToBits(et.kind, lit.value);
    }
    const it = et as IntegerType | IndexType;
    if (lit.kind === 'float') this.emitError('expected integer elements, but parsed floating-point', loc);
    if (lit.kind === 'bool') {
      if (!(it instanceof IntegerType && it.width === 1)) this.emitError('expected i1 type for \'true\' or \'false\' values', loc);
      return lit.value ? 1n : 0n;
    }
    if (lit.neg && it instanceof IntegerType && it.signedness === 'unsigned') {
      this.emitError('expected unsigned integer elements, but parsed negative value', loc);
    }
    const v = integerLiteralValue(it, lit.magnitude, lit.neg);
    if (v === undefined) this.emitError('integer constant out of range for type', loc);
    return v;
  }

  private decodeDenseHex(hex: string, type: RankedTensorType | VectorType, loc: Location, attrLoc: Location, floatsAsBits: boolean): (bigint | number)[] {
    if (!/^0x([0-9a-fA-F]{2})*$/.test(hex)) this.emitError('expected string containing hex digits starting with `0x`', loc);
    const bytes = Uint8Array.from(hex.slice(2).match(/../g) ?? [], (b) => parseInt(b, 16));
    const values = decodeDenseHexData(bytes, type.elementType, type.numElements, floatsAsBits);
    if (!values) this.emitError(`elements hex data size is invalid for provided type: '${type}'`, attrLoc);
    return values;
  }

  // ---- locations --------------------------------------------------------------------------------------------

  /**
   * `loc(...)`, when the current token is the `loc` keyword. With `allowForwardAlias` (the location of an op or
   * of a block argument), it may be `loc(#alias)` with the alias defined further down, as in MLIR; anywhere else
   * an alias must be defined before its use.
   */
  parseOptionalTrailingLocation(allowForwardAlias = false, context = 'in location'): Location | undefined {
    if (!this.isKeyword('loc')) return undefined;
    this.next();
    this.expect(Tok.LParen, context);
    const l = this.parseLocationInstance(allowForwardAlias);
    this.expect(Tok.RParen, context);
    return l;
  }

  parseLocationInstance(allowForwardAlias = false): Location {
    if (this.cur() === Tok.HashId) {
      const name = this.spelling.slice(1);
      const l = this.aliases.locations.get(name);
      if (l) {
        this.next();
        return l;
      }
      // An attribute alias is no location (reported at the alias where an op's location may be a forward one, as
      // MLIR's parseLocationAlias does); a dialect attribute is read, then found not to be one.
      const attr = this.aliases.attributes.get(name);
      if (attr !== undefined && allowForwardAlias) this.emitError(`expected location, but found '${attr}'`);
      if (attr !== undefined || name.includes('.')) {
        const a = this.parseAttribute();
        this.emitError(`expected location attribute, but got${a}`);
      }
      if (!allowForwardAlias) {
        this.next();
        this.emitWrongTokenError(`undefined symbol alias id '${name}'`);
      }
      // Location aliases may be defined at the end of the file; resolve later.
      const ref = new DeferredLocation(name, this.here());
      this.sawDeferredLocation = true;
      this.next();
      return ref;
    }
    if (this.cur() === Tok.String) {
      const s = this.parseString();
      // `"file":line`, `"file":line:col`, `"file":line:col to [line]:col` (MLIR 22's FileLineColRange forms).
      if (this.cur() === Tok.Colon) {
        this.next();
        const line = this.parseLocNumber('line');
        if (this.cur() !== Tok.Colon) return new FileLineColLoc(s, line, 0);
        this.next();
        const col = this.parseLocNumber('column');
        if (this.isKeyword('to')) {
          this.next();
          let endLine = line;
          if (this.cur() === Tok.Integer) endLine = this.parseLocNumber('line');
          if (this.cur() !== Tok.Colon) this.emitWrongTokenError('expected either integer or `:` post `to` in FileLineColRange');
          this.next();
          const endCol = this.parseLocNumber('column');
          // A range that ends where it starts is a point.
          if (endLine === line && endCol === col) return new FileLineColLoc(s, line, col);
          return new FileLineColRange(s, line, col, endLine, endCol);
        }
        // As mlir-opt 22 reads it (MLIR's FileLineColLoc::get): `"":line:col` names the file `-`; the other
        // forms keep the empty name.
        return new FileLineColLoc(s === '' ? '-' : s, line, col);
      }
      if (this.consumeIf(Tok.LParen)) {
        const child = this.parseLocationInstance();
        this.expect(Tok.RParen, 'after child location of NameLoc');
        return new NameLoc(s, child);
      }
      return new NameLoc(s);
    }
    if (this.isKeyword('unknown')) {
      this.next();
      return UnknownLoc.instance;
    }
    if (this.isKeyword('callsite')) {
      this.next();
      this.expect(Tok.LParen, 'in callsite location');
      const callee = this.parseLocationInstance();
      if (!this.isKeyword('at')) this.emitWrongTokenError("expected 'at' in callsite location");
      this.next();
      const caller = this.parseLocationInstance();
      this.expect(Tok.RParen, 'in callsite location');
      return new CallSiteLoc(callee, caller);
    }
    if (this.isKeyword('fused')) {
      this.next();
      let metadata: Attribute | undefined;
      if (this.consumeIf(Tok.Less)) {
        metadata = this.parseAttribute();
        this.expect(Tok.Greater, 'after fused location metadata');
      }
      this.expect(Tok.LSquare, 'in fused location');
      const locs: Location[] = [];
      if (!this.consumeIf(Tok.RSquare)) {
        do locs.push(this.parseLocationInstance());
        while (this.consumeIf(Tok.Comma));
        this.expect(Tok.RSquare, 'in fused location');
      }
      return fuseLocations(locs, metadata);
    }
    return this.emitWrongTokenError('expected location instance');
  }

  private parseLocNumber(what: 'line' | 'column'): number {
    if (this.cur() !== Tok.Integer) this.emitWrongTokenError(`expected integer ${what} number in FileLineColRange`);
    const v = Number(this.spelling);
    // Lines and columns are 32-bit unsigned in MLIR.
    if (v > 0xffffffff) this.emitError(`expected integer ${what} number in FileLineColRange`);
    this.next();
    return v;
  }
}

/**
 * A `loc(#alias)` whose alias was not defined yet when it was parsed; the operation parser replaces it once
 * the whole file (whose location aliases usually come last) has been read.
 */
export class DeferredLocation extends Location {
  get kind(): 'unknown' {
    return 'unknown';
  }
  constructor(
    readonly alias: string,
    /** Where the reference appears, for the error if the alias is never defined. */
    readonly useLoc: FileLineColLoc,
  ) {
    super();
  }
  fileLoc(): undefined {
    return undefined;
  }
  equals(o: Location): boolean {
    return o === this;
  }
}

/**
 * The value of an integer literal of `type` (magnitude and sign as written), or undefined when it does not fit.
 * MLIR's rule (buildAttributeAPInt): the magnitude must fit the width; a negative literal must come out with the
 * sign bit set (so `-0` does not fit, and `-1 : i1` does); a positive one of a signed type or index must not.
 */
/**
 * integerLiteralValue for a decimal literal of at most nine digits, computed without big integers (constants
 * are parsed by the thousand); undefined for other literals and for values out of range (which the general
 * path then reports).
 */
function smallIntegerLiteralValue(type: IntegerType | IndexType, sp: string, neg: boolean): number | undefined {
  const n = sp.length;
  if (n > 9) return undefined;
  let m = 0;
  for (let i = 0; i < n; i++) {
    const c = sp.charCodeAt(i);
    if (c < 48 || c > 57) return undefined;
    m = m * 10 + (c - 48);
  }
  const width = type instanceof IndexType ? 64 : type.width;
  if (width === 0 || (width < 31 && m >= 1 << width)) return undefined;
  // 2^(width-1), as a double above 31 bits (m < 10^9 is below it then).
  const half = width <= 31 ? 1 << (width - 1) : 0x80000000;
  if (neg) return m >= 1 && m <= half ? -m : undefined;
  const signed = type instanceof IndexType || type.signedness === 'signed';
  return signed && m >= half ? undefined : m;
}

function integerLiteralValue(type: IntegerType | IndexType, magnitude: bigint, neg: boolean): bigint | undefined {
  const width = type instanceof IndexType ? 64 : type.width;
  const w = BigInt(width);
  if (magnitude >> w !== 0n) return undefined;
  if (width === 0) return neg ? undefined : 0n;
  const half = 1n << (w - 1n);
  if (neg) return magnitude >= 1n && magnitude <= half ? -magnitude : undefined;
  const signed = type instanceof IndexType || type.signedness === 'signed';
  return signed && magnitude >= half ? undefined : magnitude;
}

/**
 * MLIR's isSupportedMemorySpace: integers, strings, dictionaries, and attributes of non-builtin dialects. An
 * attribute of an unregistered dialect (OpaqueAttr) stands for one of those here (`#gpu.address_space<...>`
 * with --allow-unregistered-dialect), where MLIR, which knows the dialect, has its real attribute.
 */
function isSupportedMemorySpace(a: Attribute): boolean {
  return (
    a instanceof IntegerAttr ||
    a instanceof StringAttr ||
    a instanceof DictionaryAttr ||
    a instanceof DialectAttribute ||
    a instanceof OpaqueAttr
  );
}
