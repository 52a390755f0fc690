import type { Attribute } from './attribute.js';
import type { Block } from './block.js';
import { DictionaryAttr, type NamedAttribute } from './builtin-attributes.js';
import type { Context } from './context.js';
import { Diagnostic, type Severity } from './diagnostics.js';
import { IRMapping } from './ir-mapping.js';
import { emptyPacked, mapPacked, packedOfLength } from './packed-array.js';
import { FileLineColLoc, UnknownLoc, type Location } from './location.js';
import type { OperationName } from './op-definition.js';
import type { OperationState } from './operation-state.js';
import { Region } from './region.js';
import type { Trait } from './trait.js';
import type { Type } from './type.js';
import { BlockOperand, DeferredUses, OpOperand, OpResult, type Value } from './value.js';
import { walk, type WalkOrder, type WalkResult } from './walk.js';
import { AsmPrinter } from './printer/asm-printer.js';

// Shared by the many ops without regions, successors, operands or results: never mutated (slots are replaced,
// not pushed). Not frozen: they have the shape of the non-empty arrays in the same slots (packed arrays of
// objects, see packed-array.ts), so that code reading a slot meets one array shape, not two.
const NO_REGIONS: Region[] = emptyPacked();
const NO_SUCCESSORS: BlockOperand[] = emptyPacked();
const NO_OPERANDS: OpOperand[] = emptyPacked();
const NO_VALUES: Value[] = emptyPacked();
const NO_RESULTS: OpResult[] = emptyPacked();
/** The operand slots of a parsed op whose uses are deferred (see DeferredUses): not made yet. */
const DEFERRED_SLOTS: OpOperand[] = emptyPacked();

/**
 * The first `n` of `values` in a new array. Short lists are array literals, which V8 allocates directly in the
 * old generation once it sees them survive (as an op's operands do), rather than copying them out of the young one.
 */
function copyValues(values: readonly Value[], n: number): Value[] {
  switch (n) {
    case 1:
      return [values[0]!];
    case 2:
      return [values[0]!, values[1]!];
    case 3:
      return [values[0]!, values[1]!, values[2]!];
    case 4:
      return [values[0]!, values[1]!, values[2]!, values[3]!];
    default: {
      const out = packedOfLength<Value>(n);
      for (let i = 0; i < n; i++) out[i] = values[i]!;
      return out;
    }
  }
}

/** `orderIndex` of an erased operation. */
const ERASED = -1;
/** A parsed op's line and column are packed in one small integer when they fit (else the location is made). */
const COLUMN_BITS = 12;
const MAX_PACKED_LINE = 1 << 19;

/** The fields from which an operation is created; see also OperationState. */
export interface OperationInit {
  name: string;
  operands?: readonly Value[];
  resultTypes?: readonly Type[];
  attributes?: readonly NamedAttribute[] | DictionaryAttr;
  properties?: Attribute;
  /** The regions to take (moved into the op), or the number of empty regions to create. */
  regions?: readonly Region[] | number;
  successors?: readonly Block[];
  loc?: Location;
}

/**
 * An operation: a name, operands, results, attributes (discardable `{...}`), properties (inherent `<{...}>`),
 * regions and successors, with a location. Operations live in an intrusive list in their block.
 */
export class Operation {
  // The fields are those of the object literal `construct` makes, in the order of their declarations here
  // (`declare`d: there are no class field initializers). The fields a walk reads come first, so that they share
  // the object's first cache line.
  /** @internal */ declare nextOp: Operation | null;
  declare readonly regions: Region[];
  declare readonly opName: OperationName;
  /**
   * The operand values, in order (read-only: change them with setOperand/setOperands). Kept beside the slots,
   * which are made later for a parsed op (see DeferredUses), so that reading operands never makes them.
   */
  declare readonly operandValues: readonly Value[];
  /** The operand slots (uses); DEFERRED_SLOTS while a parsed op's uses are deferred. */
  private declare operandSlots: OpOperand[];
  /** The single result, or the list of results (0 or several, or one once `results` was asked for). */
  private declare resultStore: OpResult | OpResult[];
  declare parentBlock: Block | null;
  /** @internal */ declare prevOp: Operation | null;
  /**
   * @internal Position in the block, valid while `parentBlock.orderValid`; ERASED once the op has been erased
   * (one field for both keeps the op small).
   */
  declare orderIndex: number;
  declare properties: Attribute | undefined;
  private declare attrs: DictionaryAttr;
  /** @internal */ declare successorSlots: BlockOperand[];
  /**
   * The location, or (for a parsed op whose location was never asked for) the file name, with the line and
   * column packed in `locPos`: the location object is made on first use. Most ops' locations are never looked
   * at, and one object per op is a tenth of what parsing allocates.
   */
  private declare locRef: Location | string;
  private declare locPos: number;
  /**
   * @internal Scratch slots for the passes that visit every op (no Map or Set lookup per op): the greedy driver
   * keeps the op's position in its worklist in `worklistSlot`, region DCE its liveness stamp in `markSlot`. Their
   * owners check what they find (the worklist entry at that position is the op; the stamp is this run's).
   */
  declare worklistSlot: number;
  declare markSlot: number;
  /**
   * @internal The greedy driver's constant folder keeps where its record of a constant it uniqued is (checked as
   * `worklistSlot` is; -1: none).
   */
  declare constantSlot: number;

  /**
   * Makes an operation. It is an object literal with the class's prototype rather than an instance made with
   * `new`: V8 allocates what a literal site makes directly in the old generation once it sees those objects
   * survive, as operations do, instead of copying each one twice through the young generation (a third of the
   * collector's time in a large module's parse). The fields are those declared above, in that order.
   */
  private static construct(
    name: OperationName,
    loc: Location | string,
    locPos: number,
    operands: readonly Value[],
    numOperands: number,
    resultTypes: readonly Type[],
    attrs: DictionaryAttr,
    properties: Attribute | undefined,
    regions: Region[],
    successors: readonly Block[],
    deferredUses: DeferredUses | undefined,
  ): Operation {
    const op = {
      __proto__: Operation.prototype,
      nextOp: null,
      regions: regions.length ? regions : NO_REGIONS,
      opName: name,
      operandValues: NO_VALUES,
      operandSlots: NO_OPERANDS,
      resultStore: NO_RESULTS,
      parentBlock: null,
      prevOp: null,
      orderIndex: 0,
      properties,
      attrs,
      successorSlots: NO_SUCCESSORS,
      locRef: loc,
      locPos,
      worklistSlot: -1,
      markSlot: 0,
      constantSlot: -1,
    } as unknown as Operation;
    op.setUp(name, operands, numOperands, resultTypes, regions, successors, deferredUses);
    return op;
  }

  /** Operations are made by `Operation.create` (or a Builder), never with `new` (see `construct`). */
  private constructor() {
    throw new Error('operations are made with Operation.create or a Builder');
  }

  /** The rest of making an op: operands, results, regions, successors, properties. */
  private setUp(
    name: OperationName,
    operands: readonly Value[],
    numOperands: number,
    resultTypes: readonly Type[],
    regions: Region[],
    successors: readonly Block[],
    deferredUses: DeferredUses | undefined,
  ): void {
    const n = numOperands;
    if (n !== 0) {
      const values = copyValues(operands, n);
      (this as { operandValues: readonly Value[] }).operandValues = values;
      if (deferredUses !== undefined && deferredUses.accepts(values, n)) {
        this.operandSlots = DEFERRED_SLOTS;
        deferredUses.add(this);
      } else this.linkOperandSlots();
    }
    const m = resultTypes.length;
    if (m === 1) this.resultStore = OpResult.make(resultTypes[0]!, this, 0);
    else if (m !== 0) {
      const results = packedOfLength<OpResult>(m);
      for (let i = 0; i < m; i++) results[i] = OpResult.make(resultTypes[i]!, this, i);
      this.resultStore = results;
    }
    for (let i = 0; i < regions.length; i++) {
      const r = regions[i]!;
      if (r.parentOp) throw new Error('region already belongs to an operation');
      r.parentOp = this;
    }
    if (successors.length) this.successorSlots = mapPacked(successors, (b, i) => new BlockOperand(this, i, b));
    // A registered op sets up its properties (inherent attributes, defaults), as MLIR 22 does on creation.
    const init = name.def?.initializeProperties;
    if (init !== undefined) init(this);
  }

  /**
   * Creates a detached operation (insert it with a Builder or `Block.append`). (The parser passes
   * `deferredUses`, see DeferredUses.)
   */
  static create(ctx: Context, init: OperationInit | OperationState, deferredUses?: DeferredUses): Operation {
    const regions = emptyPacked<Region>();
    if (typeof init.regions === 'number') for (let i = 0; i < init.regions; i++) regions.push(new Region());
    else if (init.regions) regions.push(...init.regions);
    const attributes = init.attributes instanceof DictionaryAttr ? init.attributes : DictionaryAttr.get(ctx, init.attributes ?? []);
    const operands = init.operands ?? [];
    return Operation.construct(
      ctx.getOperationName(init.name),
      init.loc ?? UnknownLoc.instance,
      -1,
      operands,
      operands.length,
      'resultTypes' in init ? (init.resultTypes ?? []) : [],
      attributes,
      init.properties,
      regions,
      init.successors ?? [],
      deferredUses,
    );
  }

  /** @internal Fast path for cloning: everything already resolved. */
  static createResolved(
    name: OperationName,
    loc: Location,
    operands: readonly Value[],
    resultTypes: readonly Type[],
    attrs: DictionaryAttr,
    properties: Attribute | undefined,
    regions: Region[],
    successors: readonly Block[],
  ): Operation {
    return Operation.construct(name, loc, -1, operands, operands.length, resultTypes, attrs, properties, regions, successors, undefined);
  }

  /**
   * @internal Fast path for the parser: everything resolved, the first `numOperands` values of `operands` (a
   * scratch array) are the operands, the location is `file:line:col` (made when first asked for), and the uses
   * join `deferredUses` when they can.
   */
  static createParsed(
    name: OperationName,
    file: string,
    line: number,
    col: number,
    operands: readonly Value[],
    numOperands: number,
    resultTypes: readonly Type[],
    attrs: DictionaryAttr,
    properties: Attribute | undefined,
    regions: Region[],
    successors: readonly Block[],
    deferredUses: DeferredUses,
  ): Operation {
    const pos = line >= 0 && line < MAX_PACKED_LINE && col >= 0 && col < 1 << COLUMN_BITS ? (line << COLUMN_BITS) | col : -1;
    const loc = pos < 0 ? new FileLineColLoc(file, line, col) : file;
    return Operation.construct(name, loc, pos, operands, numOperands, resultTypes, attrs, properties, regions, successors, deferredUses);
  }

  /** Where the op comes from. */
  get loc(): Location {
    const l = this.locRef;
    if (typeof l !== 'string') return l;
    const pos = this.locPos;
    const loc = new FileLineColLoc(l, pos >> COLUMN_BITS, pos & ((1 << COLUMN_BITS) - 1));
    this.locRef = loc;
    this.locPos = -1;
    return loc;
  }

  set loc(loc: Location) {
    this.locRef = loc;
    this.locPos = -1;
  }

  /** Whether the location is unknown, without making a parsed op's location object (see `loc`). */
  get hasUnknownLoc(): boolean {
    const l = this.locRef;
    return typeof l !== 'string' && l instanceof UnknownLoc;
  }

  /** Set once the operation has been erased; erased operations must not be used. */
  get isErased(): boolean {
    return this.orderIndex === ERASED;
  }

  /** The context the op belongs to (its name's: an operation name is registered in one context). */
  get context(): Context {
    return this.opName.context;
  }

  get name(): string {
    return this.opName.name;
  }

  get isRegistered(): boolean {
    return this.opName.def !== undefined;
  }

  hasTrait(trait: Trait): boolean {
    return this.opName.hasTrait(trait);
  }

  // ---- operands -------------------------------------------------------------------------------------------

  get numOperands(): number {
    return this.operandValues.length;
  }

  /** The operand values (a new array; `operandValues` reads them without copying). */
  get operands(): Value[] {
    return this.operandValues.slice();
  }

  /** The operand slots (uses), e.g. to find the use of a value. */
  get operandUses(): readonly OpOperand[] {
    return this.linkedOperandSlots();
  }

  getOperand(i: number): Value {
    return this.slot(this.operandValues, i, 'operand');
  }

  setOperand(i: number, v: Value): void {
    this.slot(this.linkedOperandSlots(), i, 'operand').set(v);
  }

  /** The operand slots, made first if this op's uses are deferred (which links its whole batch). */
  private linkedOperandSlots(): OpOperand[] {
    if (this.operandSlots === DEFERRED_SLOTS) {
      const batch = this.operandValues[0]!.useHead;
      if (!(batch instanceof DeferredUses)) throw new Error(`'${this.name}': deferred operands lost their batch`);
      batch.link();
    }
    return this.operandSlots;
  }

  /**
   * @internal Makes the operand slots of `operandValues` and links them into the values' use lists (when the
   * op is made, when its operands are replaced, or when its deferred uses are linked: see DeferredUses.link).
   */
  linkOperandSlots(): void {
    const vs = this.operandValues;
    if (vs.length === 0) {
      this.operandSlots = NO_OPERANDS;
      return;
    }
    // Short lists are array literals, as in copyValues: V8 allocates them in the old generation once it sees them
    // survive (they live as long as the op), instead of copying each through the young generation.
    switch (vs.length) {
      case 1:
        this.operandSlots = [OpOperand.make(this, 0, vs[0]!)];
        return;
      case 2: {
        const a = OpOperand.make(this, 0, vs[0]!);
        this.operandSlots = [a, OpOperand.make(this, 1, vs[1]!)];
        return;
      }
      case 3: {
        const a = OpOperand.make(this, 0, vs[0]!);
        const b = OpOperand.make(this, 1, vs[1]!);
        this.operandSlots = [a, b, OpOperand.make(this, 2, vs[2]!)];
        return;
      }
      default: {
        const slots = packedOfLength<OpOperand>(vs.length);
        for (let i = 0; i < vs.length; i++) slots[i] = OpOperand.make(this, i, vs[i]!);
        this.operandSlots = slots;
      }
    }
  }

  /** Slot `i` of an operand or successor list; a missing one is a programming error. */
  private slot<T>(slots: readonly T[], i: number, what: string): T {
    const s = slots[i];
    if (s === undefined) throw new RangeError(`'${this.name}' has no ${what} #${i}`);
    return s;
  }

  /** Replaces the whole operand list. */
  setOperands(values: readonly Value[]): void {
    for (const o of this.linkedOperandSlots()) o.unlink();
    (this as { operandValues: readonly Value[] }).operandValues = values.length ? mapPacked(values, (v) => v) : NO_VALUES;
    this.linkOperandSlots();
  }

  /** Inserts operands at `index`. */
  insertOperands(index: number, values: readonly Value[]): void {
    const vs = this.operands;
    vs.splice(index, 0, ...values);
    this.setOperands(vs);
  }

  eraseOperand(index: number): void {
    const vs = this.operands;
    vs.splice(index, 1);
    this.setOperands(vs);
  }

  // ---- results --------------------------------------------------------------------------------------------

  /** The results (an array made on first use for an op with one result). */
  get results(): OpResult[] {
    const s = this.resultStore;
    if (Array.isArray(s)) return s;
    const list = [s];
    this.resultStore = list;
    return list;
  }

  get numResults(): number {
    const s = this.resultStore;
    return Array.isArray(s) ? s.length : 1;
  }

  getResult(i: number): OpResult {
    const s = this.resultStore;
    const r = Array.isArray(s) ? s[i] : i === 0 ? s : undefined;
    if (!r) throw new RangeError(`'${this.name}' has no result #${i}`);
    return r;
  }

  /** The type of result `i` (which must exist). */
  getResultType(i: number): Type {
    return this.getResult(i).type;
  }

  /** The single result; throws unless the op has exactly one. */
  get result(): OpResult {
    const s = this.resultStore;
    if (!Array.isArray(s)) return s;
    if (s.length !== 1) throw new Error(`'${this.name}' has ${s.length} results, not one`);
    return s[0]!;
  }

  get resultTypes(): Type[] {
    const s = this.resultStore;
    return Array.isArray(s) ? s.map((r) => r.type) : [s.type];
  }

  /** Whether no result is used. */
  get useEmpty(): boolean {
    const s = this.resultStore;
    if (!Array.isArray(s)) return s.firstUse === null;
    for (let i = 0; i < s.length; i++) if (s[i]!.firstUse) return false;
    return true;
  }

  /** Replaces all uses of this op's results with `values` (one per result). */
  replaceAllUsesWith(values: readonly Value[] | Operation): void {
    const vs = values instanceof Operation ? values.results : values;
    if (vs.length !== this.results.length) throw new Error(`replacing ${this.results.length} results of '${this.name}' with ${vs.length} values`);
    this.results.forEach((r, i) => r.replaceAllUsesWith(vs[i]!));
  }

  // ---- successors -----------------------------------------------------------------------------------------

  get numSuccessors(): number {
    return this.successorSlots.length;
  }

  get successors(): Block[] {
    return this.successorSlots.map((s) => s.block);
  }

  get successorUses(): readonly BlockOperand[] {
    return this.successorSlots;
  }

  getSuccessor(i: number): Block {
    return this.slot(this.successorSlots, i, 'successor').block;
  }

  setSuccessor(i: number, b: Block): void {
    this.slot(this.successorSlots, i, 'successor').set(b);
  }

  // ---- attributes -----------------------------------------------------------------------------------------

  /** The discardable attributes (`{...}`). */
  get attributes(): DictionaryAttr {
    return this.attrs;
  }

  set attributes(d: DictionaryAttr) {
    this.attrs = d;
  }

  getAttr(name: string): Attribute | undefined {
    return this.attrs.get(name);
  }

  setAttr(name: string, value: Attribute): void {
    this.attrs = this.attrs.with(this.context, name, value);
  }

  removeAttr(name: string): Attribute | undefined {
    const old = this.attrs.get(name);
    if (old) this.attrs = this.attrs.with(this.context, name, undefined);
    return old;
  }

  /** A property of a dictionary of properties (`<{name = ...}>`). */
  getProperty(name: string): Attribute | undefined {
    return this.properties instanceof DictionaryAttr ? this.properties.get(name) : undefined;
  }

  setProperty(name: string, value: Attribute | undefined): void {
    const d = this.properties instanceof DictionaryAttr ? this.properties : DictionaryAttr.empty(this.context);
    const nd = d.with(this.context, name, value);
    this.properties = nd.size === 0 ? undefined : nd;
  }

  /** An inherent attribute (property) or, failing that, a discardable attribute of this name. */
  getInherentOrDiscardable(name: string): Attribute | undefined {
    return this.getProperty(name) ?? this.attrs.get(name);
  }

  // ---- structure ------------------------------------------------------------------------------------------

  get numRegions(): number {
    return this.regions.length;
  }

  getRegion(i: number): Region {
    const r = this.regions[i];
    if (!r) throw new RangeError(`'${this.name}' has no region #${i}`);
    return r;
  }

  get parentRegion(): Region | null {
    return this.parentBlock?.parentRegion ?? null;
  }

  get parentOp(): Operation | null {
    return this.parentBlock?.parentRegion?.parentOp ?? null;
  }

  /** The closest enclosing op with this name (or satisfying the predicate). */
  getParentOfType(pred: string | ((op: Operation) => boolean)): Operation | null {
    const test = typeof pred === 'string' ? (o: Operation) => o.name === pred : pred;
    for (let p = this.parentOp; p !== null; p = p.parentOp) if (test(p)) return p;
    return null;
  }

  get nextOperation(): Operation | null {
    return this.nextOp;
  }

  get prevOperation(): Operation | null {
    return this.prevOp;
  }

  /** Whether this op comes before `other` in the same block. Amortized O(1). */
  isBeforeInBlock(other: Operation): boolean {
    const b = this.parentBlock;
    if (!b || other.parentBlock !== b) throw new Error('isBeforeInBlock: operations are not in the same block');
    if (!b.orderValid) b.recomputeOpOrder();
    return this.orderIndex < other.orderIndex;
  }

  /** Whether this op is `other` or contains it. */
  isAncestor(other: Operation): boolean {
    for (let o: Operation | null = other; o !== null; o = o.parentOp) if (o === this) return true;
    return false;
  }

  isProperAncestor(other: Operation): boolean {
    return other !== this && this.isAncestor(other);
  }

  /** The ancestor of `op` (or `op` itself) whose block is `block`, if any. */
  static findAncestorInBlock(block: Block, op: Operation): Operation | null {
    for (let o: Operation | null = op; o !== null; o = o.parentOp) if (o.parentBlock === block) return o;
    return null;
  }

  walk(callback: (op: Operation) => WalkResult, order: WalkOrder = 'post'): 'interrupt' | 'advance' {
    return walk(this, callback, order);
  }

  // ---- mutation -------------------------------------------------------------------------------------------

  /** Unlinks the op from its block without destroying it (it can be inserted elsewhere). */
  remove(): this {
    this.parentBlock?.unlinkOp(this);
    return this;
  }

  /** Moves the op right before `anchor`, possibly into another block. O(1). */
  moveBefore(anchor: Operation): void {
    if (!anchor.parentBlock) throw new Error('moveBefore: anchor is not in a block');
    if (anchor === this) return;
    this.remove();
    anchor.parentBlock.insertBefore(this, anchor);
  }

  moveAfter(anchor: Operation): void {
    if (!anchor.parentBlock) throw new Error('moveAfter: anchor is not in a block');
    if (anchor === this) return;
    this.remove();
    anchor.parentBlock.insertBefore(this, anchor.nextOp);
  }

  /** Drops the uses this op and the ops nested in it make (of values and of blocks). */
  dropAllReferences(): void {
    for (const o of this.linkedOperandSlots()) o.unlink();
    this.operandSlots = NO_OPERANDS;
    (this as { operandValues: readonly Value[] }).operandValues = NO_VALUES;
    for (const s of this.successorSlots) s.unlink();
    this.successorSlots = NO_SUCCESSORS;
    for (const r of this.regions) r.dropAllReferences();
  }

  /**
   * Erases the op and everything nested in it. Its results must have no uses left (replace them first):
   * erasing is O(operands + nested ops), independent of the size of the module.
   */
  erase(): void {
    if (!this.useEmpty) {
      const r = this.results.find((x) => x.hasUses)!;
      throw new Error(`cannot erase '${this.name}': result #${r.index} still has uses`);
    }
    for (const region of this.regions) {
      for (let b = region.firstBlock; b !== null; b = b.nextBlock) {
        const use = b.firstUseFromOutside((user) => this.isAncestor(user));
        if (use) throw new Error(`cannot erase '${this.name}': a value defined in its regions is still used by '${use.owner.name}'`);
      }
    }
    this.dropAllReferences();
    this.eraseDroppedReferences();
  }

  /** @internal Erases an op whose references (and those of its nested ops) are already dropped. */
  eraseDroppedReferences(): void {
    for (const r of this.regions) {
      for (let b = r.firstBlock; b !== null; b = b.nextBlock) {
        for (let op = b.lastOp; op !== null; ) {
          const prev: Operation | null = op.prevOp;
          op.eraseDroppedReferences();
          op = prev;
        }
      }
    }
    this.remove();
    this.orderIndex = ERASED;
  }

  /**
   * Clones the op (and its regions); operands not in `mapping` keep referring to the same values. The op's own
   * operands are looked up once, as in MLIR: with `a -> b` mapped, cloning `b = f(a)` gives `f(b)`, not a clone
   * using its own result. (The regions were remapped by `Region.cloneInto` already.)
   */
  clone(mapping: IRMapping = new IRMapping()): Operation {
    return this.cloneWithoutOperands(mapping);
  }

  /** Clones the op without its regions' contents (the regions are empty). */
  cloneWithoutRegions(mapping: IRMapping = new IRMapping()): Operation {
    const c = Operation.createResolved(
      this.opName,
      this.loc,
      this.operands.map((v) => mapping.lookupOrDefault(v)),
      this.resultTypes,
      this.attrs,
      this.properties,
      this.regions.map(() => new Region()),
      this.successors.map((b) => mapping.lookupBlockOrDefault(b)),
    );
    this.results.forEach((r, i) => mapping.values.set(r, c.results[i]!));
    mapping.operations.set(this, c);
    return c;
  }

  /** @internal First phase of cloning: structure and results mapped; operands may still refer to originals. */
  cloneWithoutOperands(mapping: IRMapping): Operation {
    const c = this.cloneWithoutRegions(mapping);
    this.regions.forEach((r, i) => r.cloneInto(c.regions[i]!, mapping));
    return c;
  }

  /** @internal Second phase of cloning: operands (here and nested) that refer to cloned values are remapped. */
  remapOperandsAfterClone(mapping: IRMapping): void {
    walk(this, (op) => {
      const vs = op.operandValues;
      for (let i = 0; i < vs.length; i++) {
        const m = mapping.values.get(vs[i]!);
        if (m) op.setOperand(i, m);
      }
    });
  }

  // ---- diagnostics ----------------------------------------------------------------------------------------

  /** Emits a diagnostic at this op's location; attach notes to the returned diagnostic. */
  emit(severity: Severity, message: string): Diagnostic {
    return this.context.diagnostics.emit(new Diagnostic(severity, this.loc, message));
  }

  /** An error at this op; it carries a note showing the op (in generic form) unless the context says not to. */
  emitError(message: string): Diagnostic {
    const diag = this.emit('error', message);
    if (this.context.printOpOnDiagnostic) {
      // As MLIR's Diagnostic::appendOp: an op printed on several lines starts on a line of its own. IR being
      // reported on may be half-built: if it cannot be printed, the error goes without the note.
      let text: string | undefined;
      try {
        text = AsmPrinter.printInScope(this);
      } catch {
        text = undefined;
      }
      if (text !== undefined) diag.attachNote(this.loc, `see current operation: ${text.includes('\n') ? '\n' : ''}${text}`);
    }
    return diag;
  }

  /** An error prefixed with the op name, as MLIR's emitOpError: `'arith.addi' op ...`. */
  emitOpError(message: string): Diagnostic {
    return this.emitError(`'${this.name}' op ${message}`);
  }

  emitWarning(message: string): Diagnostic {
    return this.emit('warning', message);
  }

  emitRemark(message: string): Diagnostic {
    return this.emit('remark', message);
  }

  toString(): string {
    return `<operation ${this.name}>`;
  }
}

