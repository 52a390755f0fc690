import type { Location } from './location.js';
import type { Operation } from './operation.js';
import type { Region } from './region.js';
import type { Type } from './type.js';
import { BlockArgument, type BlockOperand, type OpOperand } from './value.js';
import { UnknownLoc } from './location.js';
import { emptyPacked } from './packed-array.js';

/**
 * A basic block: arguments and an intrusive doubly linked list of operations. Uses of the block as a
 * successor form its predecessor list. Operation order is cached lazily for O(1) `isBeforeInBlock`.
 */
export class Block {
  /** (Packed from the start, as the IR's other arrays: see packed-array.ts.) */
  readonly args: BlockArgument[] = emptyPacked();
  parentRegion: Region | null = null;
  /** @internal Siblings in the parent region. */
  prevBlock: Block | null = null;
  /** @internal */ nextBlock: Block | null = null;
  firstOp: Operation | null = null;
  lastOp: Operation | null = null;
  /** @internal Head of the list of successor slots that refer to this block. */
  useHead: BlockOperand | null = null;
  private opCount = 0;
  /** @internal Whether the ops' `orderIndex` values are valid (appending keeps them valid). */
  orderValid = true;

  constructor(argTypes: readonly Type[] = [], argLocs?: readonly Location[]) {
    argTypes.forEach((t, i) => this.addArgument(t, argLocs?.[i] ?? UnknownLoc.instance));
  }

  addArgument(type: Type, loc: Location = UnknownLoc.instance): BlockArgument {
    const a = new BlockArgument(type, this, this.args.length, loc);
    this.args.push(a);
    return a;
  }

  insertArgument(index: number, type: Type, loc: Location = UnknownLoc.instance): BlockArgument {
    const a = new BlockArgument(type, this, index, loc);
    this.args.splice(index, 0, a);
    for (let i = index + 1; i < this.args.length; i++) this.args[i]!.index = i;
    return a;
  }

  /** Erases an argument; it must have no uses. */
  eraseArgument(index: number): void {
    const a = this.args[index];
    if (!a) throw new RangeError(`block has no argument #${index}`);
    if (a.hasUses) throw new Error('cannot erase a block argument that still has uses');
    this.args.splice(index, 1);
    for (let i = index; i < this.args.length; i++) this.args[i]!.index = i;
  }

  get numArguments(): number {
    return this.args.length;
  }

  get numOps(): number {
    return this.opCount;
  }

  get empty(): boolean {
    return this.firstOp === null;
  }

  /** The operations, safe against erasing the current one while iterating. */
  *ops(): IterableIterator<Operation> {
    for (let op = this.firstOp; op !== null; ) {
      const next = op.nextOp;
      yield op;
      op = next;
    }
  }

  /** The operations as an array (a snapshot). */
  opsArray(): Operation[] {
    const out: Operation[] = [];
    for (let op = this.firstOp; op !== null; op = op.nextOp) out.push(op);
    return out;
  }

  /** The operation that owns the region this block is in. */
  get parentOp(): Operation | null {
    return this.parentRegion?.parentOp ?? null;
  }

  get isEntryBlock(): boolean {
    return this.parentRegion !== null && this.parentRegion.firstBlock === this;
  }

  /** The last operation: the terminator of a well-formed block that needs one. */
  get terminator(): Operation | null {
    return this.lastOp;
  }

  /** Predecessor terminators (each appears once per successor slot naming this block). */
  *predecessors(): IterableIterator<Block> {
    for (let u = this.useHead; u !== null; u = u.nextUse) {
      const b = u.owner.parentBlock;
      if (b) yield b;
    }
  }

  get hasNoPredecessors(): boolean {
    return this.useHead === null;
  }

  /** The first successor slot of a terminator that names this block (follow `nextUse` for the others). */
  get firstPredecessorUse(): BlockOperand | null {
    return this.useHead;
  }

  /**
   * The predecessor when exactly one successor slot names this block (MLIR's getSinglePredecessor): a block named
   * twice by one terminator (both ways of a conditional branch) has none.
   */
  get singlePredecessor(): Block | null {
    const u = this.useHead;
    return u !== null && u.nextUse === null ? u.owner.parentBlock : null;
  }

  /** The predecessor when every slot naming this block is in the same block (MLIR's getUniquePredecessor). */
  get uniquePredecessor(): Block | null {
    let pred: Block | null = null;
    for (let u = this.useHead; u !== null; u = u.nextUse) {
      const b = u.owner.parentBlock;
      if (pred !== null && b !== pred) return null;
      pred = b;
    }
    return pred;
  }

  /** The successor blocks of this block's terminator. */
  get successors(): Block[] {
    return this.lastOp ? this.lastOp.successors : [];
  }

  /** Appends `op` (which must not be in a block). */
  append(op: Operation): void {
    this.insertBefore(op, null);
  }

  prepend(op: Operation): void {
    this.insertBefore(op, this.firstOp);
  }

  /** Inserts `op` before `anchor` (null = at the end). O(1). */
  insertBefore(op: Operation, anchor: Operation | null): void {
    if (op.parentBlock) throw new Error(`operation '${op.name}' is already in a block; remove it first`);
    if (anchor && anchor.parentBlock !== this) throw new Error('insertion anchor is not in this block');
    op.parentBlock = this;
    op.nextOp = anchor;
    op.prevOp = anchor ? anchor.prevOp : this.lastOp;
    if (op.prevOp) op.prevOp.nextOp = op;
    else this.firstOp = op;
    if (anchor) anchor.prevOp = op;
    else this.lastOp = op;
    this.opCount++;
    // Appending keeps the cached order valid; inserting in the middle invalidates it.
    if (this.orderValid) {
      if (anchor === null && op.prevOp) op.orderIndex = op.prevOp.orderIndex + 1;
      else if (anchor === null) op.orderIndex = 0;
      else this.orderValid = false;
    }
  }

  /** @internal Unlinks `op` from this block without destroying it. */
  unlinkOp(op: Operation): void {
    if (op.prevOp) op.prevOp.nextOp = op.nextOp;
    else this.firstOp = op.nextOp;
    if (op.nextOp) op.nextOp.prevOp = op.prevOp;
    else this.lastOp = op.prevOp;
    op.prevOp = op.nextOp = null;
    op.parentBlock = null;
    this.opCount--;
  }

  /** @internal Numbers the operations so that `isBeforeInBlock` is a comparison. */
  recomputeOpOrder(): void {
    let i = 0;
    for (let op = this.firstOp; op !== null; op = op.nextOp) op.orderIndex = i++;
    this.orderValid = true;
  }

  /** Moves the ops from `start` (inclusive) to the end of this block to the end of `dest`. */
  splitOpsInto(start: Operation, dest: Block): void {
    for (let op: Operation | null = start; op !== null; ) {
      const next: Operation | null = op.nextOp;
      this.unlinkOp(op);
      dest.append(op);
      op = next;
    }
  }

  /**
   * Splits this block before `op`: `op` and everything after it move to a new block inserted after this one,
   * which is returned. The caller adds the branch that connects them.
   */
  splitBlock(op: Operation): Block {
    if (op.parentBlock !== this) throw new Error('split point is not in this block');
    const nb = new Block();
    this.parentRegion?.insertAfter(nb, this);
    this.splitOpsInto(op, nb);
    return nb;
  }

  /** Drops every use made by the ops of this block (before erasing a group of ops that refer to each other). */
  dropAllReferences(): void {
    for (let op = this.firstOp; op !== null; op = op.nextOp) op.dropAllReferences();
  }

  /** Removes this block from its region without destroying it. */
  remove(): void {
    this.parentRegion?.unlinkBlock(this);
  }

  /**
   * Erases the block and its operations. Nothing outside the block may still branch to it or use a value defined
   * in it (branches and uses from within the block itself, such as a self-loop, go away with it).
   */
  erase(): void {
    for (let u = this.useHead; u !== null; u = u.nextUse) {
      if (!this.contains(u.owner)) throw new Error('cannot erase a block that is still a successor of some terminator');
    }
    const use = this.firstUseFromOutside((user) => this.contains(user));
    if (use) throw new Error(`cannot erase a block: a value defined in it is still used by '${use.owner.name}'`);
    this.dropAllReferences();
    for (let op = this.lastOp; op !== null; ) {
      const prev: Operation | null = op.prevOp;
      op.eraseDroppedReferences();
      op = prev;
    }
    this.remove();
  }

  /** Whether `op` is in this block, directly or nested in one of its ops. */
  contains(op: Operation): boolean {
    for (let o: Operation | null = op; o !== null; o = o.parentOp) if (o.parentBlock === this) return true;
    return false;
  }

  /**
   * @internal A use of a value defined in this block (an argument, a result of one of its ops or of an op nested
   * in them) by an op for which `inside` is false; null if there is none.
   */
  firstUseFromOutside(inside: (user: Operation) => boolean): OpOperand | null {
    for (const a of this.args) for (let u = a.firstUse; u !== null; u = u.nextUse) if (!inside(u.owner)) return u;
    for (let op = this.firstOp; op !== null; op = op.nextOp) {
      const nr = op.numResults;
      for (let i = 0; i < nr; i++) for (let u = op.getResult(i).firstUse; u !== null; u = u.nextUse) if (!inside(u.owner)) return u;
      for (const region of op.regions) {
        for (let b = region.firstBlock; b !== null; b = b.nextBlock) {
          const use = b.firstUseFromOutside(inside);
          if (use) return use;
        }
      }
    }
    return null;
  }

  /** The index of this block in its region (O(blocks)). */
  get indexInRegion(): number {
    let i = 0;
    for (let b = this.parentRegion?.firstBlock ?? null; b !== null; b = b.nextBlock, i++) if (b === this) return i;
    return -1;
  }
}
