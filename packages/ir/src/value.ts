import type { Block } from './block.js';
import type { Location } from './location.js';
import type { Operation } from './operation.js';
import type { Type } from './type.js';

/**
 * An SSA value: an operation result or a block argument. Its uses form an intrusive doubly linked list of
 * OpOperands, so adding, removing and replacing a use is O(1) and replacing all uses is O(uses).
 */
export abstract class Value {
  // The fields are assigned in the constructor, not initialized as class fields: a base class's field
  // initializers define properties on objects of several subclasses, which V8 does several times slower.
  declare type: Type;
  /**
   * @internal Head of the use list; or, while every use of this value is made by parsed operations whose
   * operand slots are not made yet, their DeferredUses (read `firstUse`, which links them first).
   */
  declare useHead: OpOperand | DeferredUses | null;
  /**
   * @internal The printer's name for this value, valid while `asmEpoch` matches that printer's epoch. Kept on
   * the value rather than in a Map: identity-keyed maps over every value cost more than the whole print.
   */
  declare asmEpoch: number;
  /** @internal `%N` for N >= 0, `%arg(-N-1)` for N < 0. */
  declare asmId: number;
  /** @internal This value's identity hash once asked for (`valueHashId`), else 0. */
  declare hashId: number;

  constructor(type: Type) {
    this.type = type;
    this.useHead = null;
    this.asmEpoch = 0;
    this.asmId = 0;
    this.hashId = 0;
  }

  /** The operation that defines this value, or null for a block argument. */
  abstract get definingOp(): Operation | null;
  /** The block the value is defined in (the defining op's block, or the argument's block). */
  abstract get parentBlock(): Block | null;
  abstract get loc(): Location;

  /** The first use (the most recent one made), or null: the head of the use list, to walk with `nextUse`. */
  get firstUse(): OpOperand | null {
    const h = this.useHead;
    if (h instanceof DeferredUses) {
      h.link();
      return this.useHead as OpOperand | null;
    }
    return h;
  }

  /** The uses, safe against removal of the current use while iterating. */
  *uses(): IterableIterator<OpOperand> {
    for (let u = this.firstUse; u !== null; ) {
      const next = u.nextUse;
      yield u;
      u = next;
    }
  }

  /** The operations that use this value (an op using it twice appears twice). */
  *users(): IterableIterator<Operation> {
    for (const u of this.uses()) yield u.owner;
  }

  get hasUses(): boolean {
    return this.firstUse !== null;
  }

  get hasOneUse(): boolean {
    const u = this.firstUse;
    return u !== null && u.nextUse === null;
  }

  get numUses(): number {
    let n = 0;
    for (let u = this.firstUse; u !== null; u = u.nextUse) n++;
    return n;
  }

  /** Makes every use of this value use `other` instead. O(uses). */
  replaceAllUsesWith(other: Value): void {
    if (other === this) return;
    for (let u = this.firstUse; u !== null; u = this.useHead as OpOperand | null) u.set(other);
  }

  /** Replaces the uses for which `pred` holds. */
  replaceUsesWithIf(other: Value, pred: (use: OpOperand) => boolean): void {
    for (const u of this.uses()) if (pred(u)) u.set(other);
  }

  /** Replaces all uses except those owned by `except`. */
  replaceAllUsesExcept(other: Value, except: Operation): void {
    this.replaceUsesWithIf(other, (u) => u.owner !== except);
  }
}

let lastValueHashId = 0;

/**
 * A number that identifies `value` for hashing (passes that key tables by operands, such as CSE): given when first
 * asked for, never reused, kept on the value (no identity-keyed Map over every value). Two values may share a hash
 * only by collision of what it is mixed into; compare the values themselves.
 */
export function valueHashId(value: Value): number {
  const id = value.hashId;
  if (id !== 0) return id;
  // Wraps within the small integers V8 stores without allocating (2^30 values before ids repeat, which a hash allows).
  lastValueHashId = (lastValueHashId + 1) & 0x3fffffff || 1;
  return (value.hashId = lastValueHashId);
}

/** The `index`-th result of an operation. */
export class OpResult extends Value {
  /**
   * @internal Makes a result. Results and operands are made as object literals with their class's prototype
   * rather than with `new`: V8 allocates what a literal site makes directly in the old generation once it has
   * seen those objects survive, as the IR's do, instead of copying each of them twice through the young
   * generation (class instances are never allocated there). The fields are the constructors'.
   */
  static make(type: Type, owner: Operation, index: number): OpResult {
    return { __proto__: OpResult.prototype, type, useHead: null, asmEpoch: 0, asmId: 0, hashId: 0, owner, index } as unknown as OpResult;
  }

  constructor(
    type: Type,
    readonly owner: Operation,
    readonly index: number,
  ) {
    super(type);
  }
  get definingOp(): Operation {
    return this.owner;
  }
  get parentBlock(): Block | null {
    return this.owner.parentBlock;
  }
  get loc(): Location {
    return this.owner.loc;
  }
}

/** The `index`-th argument of a block. */
export class BlockArgument extends Value {
  constructor(
    type: Type,
    readonly owner: Block,
    public index: number,
    public loc: Location,
  ) {
    super(type);
  }
  get definingOp(): null {
    return null;
  }
  get parentBlock(): Block {
    return this.owner;
  }
}

/**
 * A slot in an intrusive use list: an operand (use of a value) or a successor (use of a block). Linking and
 * unlinking are O(1).
 */
abstract class UseListEntry<V extends { useHead: unknown }> {
  // Assigned in the constructor rather than initialized as class fields (see Value).
  declare readonly owner: Operation;
  declare index: number;
  /** @internal */ declare nextUse: this | null;
  /** @internal */ declare prevUse: this | null;
  protected declare current: V;

  constructor(owner: Operation, index: number, target: V) {
    this.owner = owner;
    this.index = index;
    this.nextUse = null;
    this.prevUse = null;
    this.current = target;
    this.link();
  }

  /** Moves this use to `target`'s use list. */
  protected retarget(target: V): void {
    if (target === this.current) return;
    this.unlink();
    this.current = target;
    this.link();
  }

  /** @internal Removes this use from its target's use list (the slot is being destroyed). */
  unlink(): void {
    if (this.prevUse) this.prevUse.nextUse = this.nextUse;
    else if (this.current.useHead === this) this.current.useHead = this.nextUse;
    if (this.nextUse) this.nextUse.prevUse = this.prevUse;
    this.nextUse = this.prevUse = null;
  }

  /** @internal */
  link(): void {
    let head = this.current.useHead;
    // The value's deferred uses are older than this one: they are linked first, so the list's order is the
    // order in which the uses were made.
    if (head instanceof DeferredUses) {
      head.link();
      head = this.current.useHead;
    }
    this.nextUse = head as this | null;
    this.prevUse = null;
    if (head !== null) (head as this).prevUse = this;
    this.current.useHead = this;
  }
}

/** One operand slot of an operation: a use of a value, linked into the value's use list. */
export class OpOperand extends UseListEntry<Value> {
  /** @internal Makes an operand slot using `value` (an object literal, see OpResult.make). */
  static make(owner: Operation, index: number, value: Value): OpOperand {
    const o = { __proto__: OpOperand.prototype, owner, index, nextUse: null, prevUse: null, current: value } as unknown as OpOperand;
    o.link();
    return o;
  }

  get value(): Value {
    return this.current;
  }
  /** Points this operand at another value, moving the use between use lists. */
  set(value: Value): void {
    this.retarget(value);
    (this.owner.operandValues as Value[])[this.index] = value;
  }
}

/** One successor slot of a terminator: a use of a block, linked into the block's predecessor list. */
export class BlockOperand extends UseListEntry<Block> {
  get block(): Block {
    return this.current;
  }
  set(block: Block): void {
    this.retarget(block);
  }
}

/**
 * @internal The uses made by a batch of parsed operations, linked into their values' use lists only when
 * something first needs a use list or an operand slot: parsing, verifying and printing never do, and one
 * OpOperand per operand is a large part of what parsing would otherwise allocate. While a value is used only
 * by ops of a batch, its `useHead` is the batch; reading `firstUse`, linking another use of the value, or
 * asking one of the ops for its operand slots links the whole batch, in the order the ops were made: the use
 * lists are then exactly what linking each op as it was made would have built.
 */
export class DeferredUses {
  /**
   * The ops whose operand slots are not made yet, in the order they were made, in chunks of up to
   * MAX_BATCH_CHUNK: a batch may hold every op of a large module, and one array grown to that size would be
   * copied at each growth (about three times its final size in fresh memory, as large objects that only a
   * full collection frees).
   */
  private chunks: Operation[][] = [];
  private current: Operation[] = [];
  private chunkSize = 16;
  /** Once linked, the batch takes no more ops. */
  linked = false;

  /**
   * Whether an op using the first `n` of `values` can join: every value is used by ops of this batch alone,
   * or not at all yet.
   */
  accepts(values: readonly Value[], n: number): boolean {
    if (this.linked) return false;
    for (let i = 0; i < n; i++) {
      const h = values[i]!.useHead;
      if (h !== null && h !== this) return false;
    }
    return true;
  }

  /** Records `op`, whose operand values (at least one) are in `op.operandValues` and whose slots are not made. */
  add(op: Operation): void {
    if (this.current.length === this.chunkSize) {
      // Chunks start small, so that this path runs (and V8 sees it) before the function is optimized.
      this.chunks.push(this.current);
      this.current = [];
      if (this.chunkSize < MAX_BATCH_CHUNK) this.chunkSize *= 2;
    }
    this.current.push(op);
    const vs = op.operandValues;
    for (let i = 0; i < vs.length; i++) vs[i]!.useHead = this;
  }

  /** Makes and links the operand slots of every op of the batch. */
  link(): void {
    if (this.linked) return;
    this.linked = true;
    const chunks = this.chunks;
    chunks.push(this.current);
    this.chunks = [];
    this.current = [];
    // One walk, in the order the ops were made: a value still marked with this batch has no use linked yet (all
    // of its uses are the batch's), so its list starts empty at its first use here.
    for (const ops of chunks) {
      for (let k = 0; k < ops.length; k++) {
        const op = ops[k]!;
        const vs = op.operandValues;
        for (let i = 0; i < vs.length; i++) if (vs[i]!.useHead === this) vs[i]!.useHead = null;
        op.linkOperandSlots();
      }
    }
  }
}

/** The most ops in a chunk of a DeferredUses batch (a chunk stays below V8's large-object size). */
const MAX_BATCH_CHUNK = 8192;
