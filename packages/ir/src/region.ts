import { Block } from './block.js';
import type { IRMapping } from './ir-mapping.js';
import type { Operation } from './operation.js';

/** A list of blocks owned by an operation. Blocks form an intrusive doubly linked list. */
export class Region {
  parentOp: Operation | null = null;
  firstBlock: Block | null = null;
  lastBlock: Block | null = null;
  private count = 0;

  *blocks(): IterableIterator<Block> {
    for (let b = this.firstBlock; b !== null; ) {
      const next = b.nextBlock;
      yield b;
      b = next;
    }
  }

  blocksArray(): Block[] {
    const out: Block[] = [];
    for (let b = this.firstBlock; b !== null; b = b.nextBlock) out.push(b);
    return out;
  }

  get numBlocks(): number {
    return this.count;
  }

  get empty(): boolean {
    return this.firstBlock === null;
  }

  /** The entry block; throws on an empty region. */
  get entryBlock(): Block {
    if (!this.firstBlock) throw new Error('region has no blocks');
    return this.firstBlock;
  }

  /** The index of this region in its parent op. */
  get index(): number {
    return this.parentOp ? this.parentOp.regions.indexOf(this) : -1;
  }

  /** Appends `block` (not in any region) and returns it. */
  pushBack(block: Block = new Block()): Block {
    return this.insertBefore(block, null);
  }

  /** Inserts `block` before `anchor` (null = at the end). */
  insertBefore(block: Block, anchor: Block | null): Block {
    if (block.parentRegion) throw new Error('block is already in a region; remove it first');
    block.parentRegion = this;
    block.nextBlock = anchor;
    block.prevBlock = anchor ? anchor.prevBlock : this.lastBlock;
    if (block.prevBlock) block.prevBlock.nextBlock = block;
    else this.firstBlock = block;
    if (anchor) anchor.prevBlock = block;
    else this.lastBlock = block;
    this.count++;
    return block;
  }

  insertAfter(block: Block, anchor: Block): Block {
    return this.insertBefore(block, anchor.nextBlock);
  }

  /** @internal */
  unlinkBlock(block: Block): void {
    if (block.prevBlock) block.prevBlock.nextBlock = block.nextBlock;
    else this.firstBlock = block.nextBlock;
    if (block.nextBlock) block.nextBlock.prevBlock = block.prevBlock;
    else this.lastBlock = block.prevBlock;
    block.prevBlock = block.nextBlock = null;
    block.parentRegion = null;
    this.count--;
  }

  /** Moves all blocks of `other` to the end of this region. */
  takeBody(other: Region): void {
    for (const b of other.blocks()) {
      other.unlinkBlock(b);
      this.pushBack(b);
    }
  }

  /** Whether `op` is this region's parent or nested in it. */
  isAncestorOf(op: Operation): boolean {
    for (let r: Region | null = op.parentRegion; r !== null; r = r.parentOp?.parentRegion ?? null) if (r === this) return true;
    return false;
  }

  /** Drops all uses made inside the region. */
  dropAllReferences(): void {
    for (let b = this.firstBlock; b !== null; b = b.nextBlock) b.dropAllReferences();
  }

  /**
   * Clones the blocks of this region into `dest` before `before` (null = at the end), recording the mapping.
   * Blocks and arguments are mapped first, then operations, then operands, so references to later blocks and
   * values in later blocks are remapped as well.
   */
  cloneInto(dest: Region, mapping: IRMapping, before: Block | null = null): void {
    const pairs: [Block, Block][] = [];
    for (let b = this.firstBlock; b !== null; b = b.nextBlock) {
      const nb = new Block();
      for (const a of b.args) {
        if (!mapping.values.has(a)) mapping.values.set(a, nb.addArgument(a.type, a.loc));
      }
      mapping.blocks.set(b, nb);
      dest.insertBefore(nb, before);
      pairs.push([b, nb]);
    }
    const cloned: Operation[] = [];
    for (const [b, nb] of pairs) {
      for (let op = b.firstOp; op !== null; op = op.nextOp) {
        const c = op.cloneWithoutOperands(mapping);
        nb.append(c);
        cloned.push(c);
      }
    }
    for (const c of cloned) c.remapOperandsAfterClone(mapping);
  }
}
