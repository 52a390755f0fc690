import { AffineMapAttr, IntegerSetAttr } from '../affine-attributes.js';
import { isElidedTerminator } from './elided-terminator.js';
import { DialectAttribute, type Attribute } from '../attribute.js';
import type { Block } from '../block.js';
import { ArrayAttr, DictionaryAttr, LocationAttr, TypeAttr, UnitAttr } from '../builtin-attributes.js';
import { DistinctAttr } from '../distinct-attribute.js';
import { DenseResourceElementsAttr } from '../dense-resource-attribute.js';
import {
  ComplexType,
  FunctionType,
  MemRefType,
  NoneType,
  RankedTensorType,
  TupleType,
  UnrankedMemRefType,
  UnrankedTensorType,
  VectorType,
} from '../builtin-types.js';
import { CallSiteLoc, FileLineColLoc, FusedLoc, Location, NameLoc, UnknownLoc } from '../location.js';
import type { Operation } from '../operation.js';
import type { Region } from '../region.js';
import { DialectType, Type } from '../type.js';
import type { BlockArgument, Value } from '../value.js';
import { quoteString } from './escape.js';
import { formatLocation } from './location-printer.js';
import type { OpAsmPrinter } from './op-asm-printer.js';
import type { AttrTypeWriter } from './text-writer.js';

/** What may get an alias: an interned type or attribute, or a location (keyed by its text: not interned). */
type Symbol = { kind: 'type'; value: Type } | { kind: 'attr'; value: Attribute } | { kind: 'loc'; value: Location };

interface InProgressAlias {
  readonly key: unknown;
  readonly symbol: Symbol;
  /** The alias name before numbering (`loc`, `tuple`), or undefined when the value gets none. */
  readonly name: string | undefined;
  /** 0 without alias and aliased children; an aliased value is 1 deeper than its deepest aliased child. */
  depth: number;
  canBeDeferred: boolean;
  children: number[];
}

/** One alias as printed: `#loc3`, `!tuple`. */
export interface SymbolAlias {
  readonly text: string;
  readonly symbol: Symbol;
  readonly canBeDeferred: boolean;
}

/**
 * The aliases mlir-opt prints for a module (`#loc3 = loc("f.c":1:2)`, `!tuple = tuple<...>`), chosen, numbered
 * and ordered as MLIR's AliasInitializer does, so that both tools print the same text:
 *
 * - A walk in the order MLIR's DummyAliasOperationPrinter visits the IR (op location first, then regions,
 *   operand and result types, then the op's attributes; a custom-form op is visited through its own `print`
 *   hook) records every type, attribute and location that will be printed, and those nested in them.
 * - Builtin aliases, as BuiltinOpAsmDialectInterface::getAlias gives them: every location is `loc`, a tuple of
 *   more than 16 types is `tuple`, an affine map is `map`, an integer set `set` (distinct attributes `distinct`
 *   once tlir has them).
 * - Aliases are sorted (stably, in first-visit order) by depth (an alias used inside another is printed first),
 *   types before attributes, then by name, and numbered per name: `#loc`, `#loc1`, ...
 * - An alias that is only used by operation locations can be defined after the module ("deferred"); any other
 *   use (a block argument's location, an attribute) makes it, and its children, non-deferrable.
 *
 * Types and attributes that contain nothing aliasable are not walked (they would get no alias and not change
 * any depth), which keeps this cheap when a module has no aliases at all.
 */
export class AliasState {
  private readonly infos: InProgressAlias[] = [];
  private readonly indexByKey = new Map<unknown, number>();
  /** Whether an interned type or attribute (by id) contains anything aliasable: 0 unknown, 1 no, 2 yes. */
  private attrMayAlias: Uint8Array = new Uint8Array(256);
  private typeMayAliasIds: Uint8Array = new Uint8Array(256);
  private readonly aliasByKey = new Map<unknown, SymbolAlias>();
  /** The aliases in the order they are defined. */
  readonly ordered: SymbolAlias[] = [];
  /** Whether a `distinct[N]<...>` attribute is printed (the printer then numbers them, with or without aliases). */
  sawDistinct = false;
  /** The keys of the `dense_resource<key>` attributes printed, in the order first visited (their blobs follow the module). */
  readonly resourceKeys = new Set<string>();

  private constructor(
    private readonly generic: boolean,
    private readonly debugInfo: boolean,
  ) {}

  /** Collects the aliases of `op` as printed with these options; undefined when there are none. */
  static collect(op: Operation, options: { generic: boolean; debugInfo: boolean }): AliasState | undefined {
    // Without locations printed, only values the context knows may get aliases can have one: skip the walk.
    if (!options.debugInfo && !op.context.mayHaveAliases) return undefined;
    const s = new AliasState(options.generic, options.debugInfo);
    s.visitOperation(op);
    s.initializeAliases();
    return s.ordered.length || s.sawDistinct || s.resourceKeys.size ? s : undefined;
  }

  // ---- lookups used by the printer ----------------------------------------------------------------------

  typeAlias(t: Type): string | undefined {
    return this.aliasByKey.get(t)?.text;
  }

  attributeAlias(a: Attribute): string | undefined {
    if (a instanceof LocationAttr) return this.locationAlias(a.location);
    return this.aliasByKey.get(a)?.text;
  }

  locationAlias(loc: Location): string | undefined {
    return this.aliasByKey.get(locationKey(loc))?.text;
  }

  /** Whether printing `t` may need an alias somewhere inside it (else its cached text is right). */
  typeMayHaveAlias(t: Type): boolean {
    return this.typeMayContainAlias(t);
  }

  attributeMayHaveAlias(a: Attribute): boolean {
    return this.attrMayContainAlias(a);
  }

  // ---- the walk --------------------------------------------------------------------------------------------

  private visitOperation(op: Operation): void {
    if (this.debugInfo) this.visitLocation(op.loc, true);
    const def = op.opName.def;
    if (!this.generic && def?.print) {
      def.print(op, new AliasCollectingOpPrinter(this, this.debugInfo));
      return;
    }
    const regions = op.regions;
    for (let i = 0; i < regions.length; i++) this.visitRegion(regions[i]!);
    // Types and attributes with nothing aliasable inside (nearly all) are skipped with one cached lookup.
    const values = op.operandValues;
    for (let i = 0; i < values.length; i++) {
      const t = values[i]!.type;
      if (this.typeMayContainAlias(t)) this.visitType(t, false);
    }
    const numResults = op.numResults;
    for (let i = 0; i < numResults; i++) {
      const t = op.getResult(i).type;
      if (this.typeMayContainAlias(t)) this.visitType(t, false);
    }
    // MLIR visits op->getAttrs(): for a registered op its inherent attributes (properties) merged with the
    // discardable ones, sorted by name; for an unregistered op only the discardable ones.
    const props = op.isRegistered ? op.properties : undefined;
    const attrs = op.attributes;
    const attrsMayAlias = attrs.size !== 0 && this.attrMayContainAlias(attrs);
    if (!attrsMayAlias && (props === undefined || !this.attrMayContainAlias(props))) return;
    if (props instanceof DictionaryAttr && props.size) {
      const merged = [...props.entries, ...attrs.entries];
      merged.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
      for (const e of merged) this.visitAttribute(e.value, false);
    } else {
      if (props !== undefined) this.visitAttribute(props, false);
      for (const e of attrs.entries) this.visitAttribute(e.value, false);
    }
  }

  /** Visits what printing the region shows: an elided terminator of the entry block is not visited (as MLIR). */
  visitRegion(region: Region, printEntryBlockArgs = true, printBlockTerminators = true): void {
    for (let b = region.firstBlock; b !== null; b = b.nextBlock) {
      const entry = b.prevBlock === null;
      this.visitBlock(b, !entry || printEntryBlockArgs, !entry || printBlockTerminators);
    }
  }

  private visitBlock(block: Block, printArgs: boolean, printTerminator: boolean): void {
    if (printArgs) {
      const args = block.args;
      for (let i = 0; i < args.length; i++) this.visitBlockArgument(args[i]!);
    }
    const last = block.lastOp;
    for (let op = block.firstOp; op !== null; op = op.nextOp) {
      if (!printTerminator && op === last && isElidedTerminator(op)) continue;
      this.visitOperation(op);
    }
  }

  visitBlockArgument(arg: BlockArgument): void {
    if (this.typeMayContainAlias(arg.type)) this.visitType(arg.type, false);
    // Block argument locations print inline, yet MLIR still gives them (non-deferrable) aliases.
    if (this.debugInfo) this.visitLocation(arg.loc, false);
  }

  /** Visits a type; returns its alias depth and index (-1 when it holds nothing aliasable and was skipped). */
  visitType(t: Type, canBeDeferred: boolean): [number, number] {
    if (!this.typeMayContainAlias(t)) return [0, -1];
    const name = t instanceof TupleType && t.types.length > 16 ? 'tuple' : undefined;
    return this.visitSymbol(t, { kind: 'type', value: t }, name, canBeDeferred, (visitChild) => {
      for (const c of typeChildren(t)) visitChild(c);
    });
  }

  visitAttribute(a: Attribute, canBeDeferred: boolean, elideType = false): [number, number] {
    if (a instanceof LocationAttr) return this.visitLocation(a.location, canBeDeferred);
    if (!this.attrMayContainAlias(a)) return [0, -1];
    // As BuiltinOpAsmDialectInterface::getAlias: a distinct attribute wrapping a unit attribute gets none.
    if (a instanceof DistinctAttr) this.sawDistinct = true;
    if (a instanceof DenseResourceElementsAttr) this.resourceKeys.add(a.key);
    const name =
      a instanceof AffineMapAttr ? 'map'
      : a instanceof IntegerSetAttr ? 'set'
      : a instanceof DistinctAttr && !(a.referenced instanceof UnitAttr) ? 'distinct'
      : undefined;
    return this.visitSymbol(a, { kind: 'attr', value: a }, name, canBeDeferred, (visitChild) => {
      for (const c of attributeChildren(a)) visitChild(c);
      if (!elideType && !(a instanceof DialectAttribute)) {
        const t = a.type;
        if (t !== undefined && !(t instanceof NoneType)) visitChild(t);
      }
    });
  }

  visitLocation(loc: Location, canBeDeferred: boolean): [number, number] {
    const key = locationKey(loc);
    if (loc instanceof FileLineColLoc || loc instanceof UnknownLoc) {
      // The common case, a leaf: no closure, no children.
      const seen = this.indexByKey.get(key);
      if (seen !== undefined) {
        if (!canBeDeferred) this.markNonDeferrable(seen);
        return [1, seen];
      }
      const index = this.infos.length;
      this.infos.push({ key, symbol: { kind: 'loc', value: loc }, name: 'loc', depth: 1, canBeDeferred, children: [] });
      this.indexByKey.set(key, index);
      return [1, index];
    }
    return this.visitSymbol(key, { kind: 'loc', value: loc }, 'loc', canBeDeferred, (visitChild) => {
      if (loc instanceof NameLoc) {
        if (!(loc.child instanceof UnknownLoc)) visitChild(loc.child);
      } else if (loc instanceof CallSiteLoc) {
        visitChild(loc.callee);
        visitChild(loc.caller);
      } else if (loc instanceof FusedLoc) {
        if (loc.metadata) visitChild(loc.metadata);
        for (const l of loc.locations) visitChild(l);
      }
    });
  }

  /** MLIR's AliasInitializer::visitImpl. */
  private visitSymbol(
    key: unknown,
    symbol: Symbol,
    name: string | undefined,
    canBeDeferred: boolean,
    visitChildren: (visitChild: (c: Type | Attribute | Location) => void) => void,
  ): [number, number] {
    const seen = this.indexByKey.get(key);
    if (seen !== undefined) {
      if (!canBeDeferred) this.markNonDeferrable(seen);
      return [this.infos[seen]!.depth, seen];
    }
    const index = this.infos.length;
    const info: InProgressAlias = { key, symbol, name, depth: name === undefined ? 0 : 1, canBeDeferred, children: [] };
    this.infos.push(info);
    this.indexByKey.set(key, index);
    let maxDepth = 0;
    visitChildren((c) => {
      const [depth, childIndex] =
        c instanceof Location
          ? this.visitLocation(c, canBeDeferred)
          : isType(c)
            ? this.visitType(c, canBeDeferred)
            : this.visitAttribute(c, canBeDeferred);
      if (childIndex >= 0) info.children.push(childIndex);
      if (depth > maxDepth) maxDepth = depth;
    });
    if (maxDepth) info.depth = maxDepth + 1;
    return [info.depth, index];
  }

  private markNonDeferrable(index: number): void {
    const info = this.infos[index]!;
    if (!info.canBeDeferred) return;
    info.canBeDeferred = false;
    for (const c of info.children) this.markNonDeferrable(c);
  }

  /** MLIR's initializeAliases: stable sort by depth, types first, then name; number each name from 0. */
  private initializeAliases(): void {
    // A stable sort as bucketing: few distinct (depth, kind, name) keys, many aliases (one per location).
    const buckets = new Map<string, InProgressAlias[]>();
    const keys: { depth: number; isType: boolean; name: string; list: InProgressAlias[] }[] = [];
    for (const info of this.infos) {
      if (info.name === undefined) continue;
      const isType = info.symbol.kind === 'type';
      const k = `${info.depth}:${isType ? 't' : 'a'}:${info.name}`;
      let list = buckets.get(k);
      if (!list) {
        list = [];
        buckets.set(k, list);
        keys.push({ depth: info.depth, isType, name: info.name, list });
      }
      list.push(info);
    }
    keys.sort((a, b) => {
      if (a.depth !== b.depth) return a.depth - b.depth;
      if (a.isType !== b.isType) return a.isType ? -1 : 1;
      return a.name < b.name ? -1 : a.name > b.name ? 1 : 0;
    });
    const counts = new Map<string, number>();
    for (const { isType, name, list } of keys) {
      let n = counts.get(name) ?? 0;
      const prefix = (isType ? '!' : '#') + name;
      for (const info of list) {
        const alias: SymbolAlias = { text: n ? prefix + n : prefix, symbol: info.symbol, canBeDeferred: info.canBeDeferred };
        n++;
        this.ordered.push(alias);
        this.aliasByKey.set(info.key, alias);
      }
      counts.set(name, n);
    }
  }

  // ---- what may contain an alias --------------------------------------------------------------------------

  private typeMayContainAlias(t: Type): boolean {
    const id = t.id;
    if (id >= 0) {
      if (id >= this.typeMayAliasIds.length) this.typeMayAliasIds = grow(this.typeMayAliasIds, id);
      const known = this.typeMayAliasIds[id]!;
      if (known) return known === 2;
    }
    let result = t instanceof TupleType && t.types.length > 16;
    if (!result) for (const c of typeChildren(t)) if (this.mayContainAlias(c)) result = true;
    if (id >= 0) this.typeMayAliasIds[id] = result ? 2 : 1;
    return result;
  }

  private attrMayContainAlias(a: Attribute): boolean {
    if (a instanceof LocationAttr || a instanceof AffineMapAttr || a instanceof IntegerSetAttr || a instanceof DistinctAttr || a instanceof DenseResourceElementsAttr) {
      return true;
    }
    const id = a.id;
    if (id >= 0) {
      if (id >= this.attrMayAlias.length) this.attrMayAlias = grow(this.attrMayAlias, id);
      const known = this.attrMayAlias[id]!;
      if (known) return known === 2;
    }
    let result = false;
    for (const c of attributeChildren(a)) if (this.mayContainAlias(c)) result = true;
    const t = a.type;
    if (!result && t !== undefined && this.typeMayContainAlias(t)) result = true;
    if (id >= 0) this.attrMayAlias[id] = result ? 2 : 1;
    return result;
  }

  private mayContainAlias(c: Type | Attribute | Location): boolean {
    if (c instanceof Location) return true;
    return isType(c) ? this.typeMayContainAlias(c) : this.attrMayContainAlias(c);
  }
}

function grow(a: Uint8Array, id: number): Uint8Array {
  const b = new Uint8Array(Math.max(id + 1, a.length * 2));
  b.set(a);
  return b;
}

/** Locations are not interned: the same location text is the same location (as MLIR's uniquing makes it). */
export function locationKey(loc: Location): string {
  if (loc instanceof FileLineColLoc && loc.endLine === undefined) {
    // The common case, without re-escaping the file name for every op.
    let file = quotedFiles.get(loc.file);
    if (file === undefined) {
      file = quoteString(loc.file);
      quotedFiles.set(loc.file, file);
    }
    return file + ':' + loc.line + ':' + loc.column;
  }
  return formatLocation(loc);
}
const quotedFiles = new Map<string, string>();

function isType(x: Type | Attribute): x is Type {
  return x instanceof Type;
}

/** The types and attributes printed inside a type, in the order MLIR walks them. */
function typeChildren(t: Type): (Type | Attribute)[] {
  if (t instanceof MemRefType) {
    const out: (Type | Attribute)[] = [t.elementType];
    if (t.layout !== undefined) out.push(t.layout);
    if (t.memorySpace !== undefined) out.push(t.memorySpace);
    return out;
  }
  if (t instanceof FunctionType) return [...t.inputs, ...t.results];
  if (t instanceof TupleType) return [...t.types];
  if (t instanceof ComplexType || t instanceof VectorType || t instanceof UnrankedTensorType) return [t.elementType];
  if (t instanceof RankedTensorType) return t.encoding ? [t.elementType, t.encoding] : [t.elementType];
  if (t instanceof UnrankedMemRefType) return t.memorySpace ? [t.elementType, t.memorySpace] : [t.elementType];
  if (t instanceof DialectType) return recordNested((w) => t.printBody(w));
  return [];
}

/** The types and attributes printed inside an attribute (not its own type), in the order MLIR walks them. */
function attributeChildren(a: Attribute): (Type | Attribute)[] {
  if (a instanceof ArrayAttr) return [...a.elements];
  if (a instanceof DictionaryAttr) return a.entries.map((e) => e.value);
  if (a instanceof TypeAttr) return [a.value];
  if (a instanceof DistinctAttr) return [a.referenced];
  if (a instanceof DialectAttribute) return recordNested((w) => a.printBody(w));
  return [];
}

function recordNested(print: (w: AttrTypeWriter) => void): (Type | Attribute)[] {
  const out: (Type | Attribute)[] = [];
  print({ write: () => {}, printType: (t) => out.push(t), printAttribute: (a) => out.push(a) });
  return out;
}

/**
 * The OpAsmPrinter that custom printers run against while aliases are collected (MLIR's
 * DummyAliasOperationPrinter): it prints nothing and visits what would be printed.
 */
class AliasCollectingOpPrinter implements OpAsmPrinter {
  readonly printGenericForm = false;
  constructor(
    private readonly state: AliasState,
    private readonly debugInfo: boolean,
  ) {}
  write(): void {}
  printNewline(): void {}
  printOperand(): void {}
  printOperands(): void {}
  printType(type: Type): void {
    this.state.visitType(type, false);
  }
  printTypes(types: readonly Type[]): void {
    for (const t of types) this.state.visitType(t, false);
  }
  printFunctionalType(op: Operation): void {
    for (const v of op.operandValues) this.state.visitType(v.type, false);
    for (let i = 0; i < op.numResults; i++) this.state.visitType(op.getResult(i).type, false);
  }
  printAttribute(attr: Attribute): void {
    this.state.visitAttribute(attr, false);
  }
  printAttributeWithoutType(attr: Attribute): void {
    this.state.visitAttribute(attr, false, true);
  }
  printOptionalAttrDict(attrs: DictionaryAttr, elided: readonly string[] = []): void {
    for (const e of attrs.entries) if (!elided.includes(e.name)) this.state.visitAttribute(e.value, false);
  }
  printOptionalAttrDictWithKeyword(attrs: DictionaryAttr, elided: readonly string[] = []): void {
    this.printOptionalAttrDict(attrs, elided);
  }
  printSymbolName(): void {}
  printRegionArgument(arg: BlockArgument, attrs?: DictionaryAttr): void {
    if (!attrs) return this.state.visitBlockArgument(arg);
    // The type, the attributes, then the location: the order the printer writes them in.
    this.state.visitType(arg.type, false);
    for (const e of attrs.entries) this.state.visitAttribute(e.value, false);
    if (this.debugInfo) this.state.visitLocation(arg.loc, false);
  }
  printRegion(region: Region, options: { printEntryBlockArgs?: boolean; printBlockTerminators?: boolean } = {}): void {
    this.state.visitRegion(region, options.printEntryBlockArgs ?? true, options.printBlockTerminators ?? true);
  }
  printSuccessor(): void {}
  printSuccessorAndUseList(_block: Block, operands: readonly Value[]): void {
    for (const v of operands) this.state.visitType(v.type, false);
  }
  printOptionalLocationSpecifier(loc: Location): void {
    if (this.debugInfo) this.state.visitLocation(loc, false);
  }
  getValueName(): string {
    return '%';
  }
}
