import { describe, expect, it } from 'vitest';
import { Block, Builder, Context, FileLineColLoc, IntegerType, Operation, Region, UnknownLoc } from '../src/index.js';

const ctx = new Context({ allowUnregisteredDialects: true });
const i32 = IntegerType.get(ctx, 32);
const i64 = IntegerType.get(ctx, 64);

const names = (b: Block): string[] => b.opsArray().map((o) => o.name);

function fill(block: Block, ...opNames: string[]): Operation[] {
  return opNames.map((name) => {
    const op = Operation.create(ctx, { name });
    block.append(op);
    return op;
  });
}

describe('block arguments', () => {
  it('keep their indices through insertions and erasures', () => {
    const loc = new FileLineColLoc('a.mlir', 1, 2);
    const block = new Block([i32, i64], [loc]);
    expect(block.args.map((a) => a.type)).toEqual([i32, i64]);
    expect(block.args[0]!.loc).toBe(loc);
    expect(block.args[1]!.loc).toBe(UnknownLoc.instance);
    const first = block.insertArgument(0, i64);
    const mid = block.insertArgument(2, i32);
    expect(block.args).toEqual([first, expect.anything(), mid, expect.anything()]);
    expect(block.args.map((a) => a.index)).toEqual([0, 1, 2, 3]);
    expect(block.args.every((a) => a.owner === block && a.parentBlock === block && a.definingOp === null)).toBe(true);
    block.eraseArgument(1);
    expect(block.args.map((a) => a.index)).toEqual([0, 1, 2]);
    expect(block.args[1]).toBe(mid);
    expect(block.args.map((a) => a.type)).toEqual([i64, i32, i64]);
    const added = block.addArgument(i32);
    expect(added.index).toBe(3);
    expect(() => block.eraseArgument(4)).toThrow(RangeError);
    expect(block.numArguments).toBe(4);
  });
});

describe('operations of a block', () => {
  it('can be iterated while erasing the current op', () => {
    const block = new Block();
    fill(block, 'test.a', 'test.b', 'test.c', 'test.d');
    const seen: string[] = [];
    for (const op of block.ops()) {
      seen.push(op.name);
      if (op.name !== 'test.c') op.erase();
    }
    expect(seen).toEqual(['test.a', 'test.b', 'test.c', 'test.d']);
    expect(names(block)).toEqual(['test.c']);
    expect(block.numOps).toBe(1);
    expect(block.terminator).toBe(block.firstOp);
  });
});

describe('splitBlock', () => {
  it('moves the split op and everything after it to a new block right after', () => {
    const region = new Region();
    const block = region.pushBack(new Block([i32]));
    const last = region.pushBack(new Block());
    const [a, b, c, d] = fill(block, 'test.a', 'test.b', 'test.c', 'test.d');
    expect(a!.isBeforeInBlock(d!)).toBe(true);
    const tail = block.splitBlock(c!);
    expect(region.blocksArray()).toEqual([block, tail, last]);
    expect(names(block)).toEqual(['test.a', 'test.b']);
    expect(names(tail)).toEqual(['test.c', 'test.d']);
    expect(tail.numArguments).toBe(0);
    expect(c!.parentBlock).toBe(tail);
    expect(block.numOps).toBe(2);
    expect(tail.numOps).toBe(2);
    expect(block.lastOp).toBe(b);
    expect(b!.nextOperation).toBeNull();
    expect(c!.prevOperation).toBeNull();
    expect(b!.isBeforeInBlock(a!)).toBe(false);
    expect(c!.isBeforeInBlock(d!)).toBe(true);
    expect(d!.isBeforeInBlock(c!)).toBe(false);
    expect(tail.indexInRegion).toBe(1);
    // Splitting at the first op leaves an empty block behind.
    const t2 = tail.splitBlock(c!);
    expect(tail.empty).toBe(true);
    expect(names(t2)).toEqual(['test.c', 'test.d']);
    expect(() => block.splitBlock(d!)).toThrow(/not in this block/);
  });
});

describe('block structure queries', () => {
  it('entry block, parent op, terminator, successors and predecessors', () => {
    const op = Operation.create(ctx, { name: 'test.func', regions: 1 });
    const b = new Builder(ctx);
    const entry = b.createBlock(op.regions[0]!);
    const exit = b.createBlock(op.regions[0]!, [i32]);
    b.create({ name: 'test.return' });
    b.setInsertionPointToEnd(entry);
    const v = b.create({ name: 'test.def', resultTypes: [i32] }).result;
    const br = b.create({ name: 'test.br', operands: [v], successors: [exit] });
    expect(entry.isEntryBlock).toBe(true);
    expect(exit.isEntryBlock).toBe(false);
    expect(entry.parentOp).toBe(op);
    expect(entry.terminator).toBe(br);
    expect(entry.successors).toEqual([exit]);
    expect(exit.successors).toEqual([]);
    expect([...exit.predecessors()]).toEqual([entry]);
    expect(new Block().isEntryBlock).toBe(false);
    expect(new Block().indexInRegion).toBe(-1);
    expect(new Block().successors).toEqual([]);
  });

  it('erasing a block erases its ops, whose uses go away', () => {
    const region = new Region();
    const b = new Builder(ctx);
    const b0 = b.createBlock(region);
    const v = b.create({ name: 'test.def', resultTypes: [i32] }).result;
    const b1 = b.createBlock(region);
    const inner = b.create({ name: 'test.use', operands: [v], regions: 1 });
    b.createBlock(inner.regions[0]!);
    const nested = b.create({ name: 'test.use', operands: [v] });
    expect(v.numUses).toBe(2);
    b1.erase();
    expect(v.hasUses).toBe(false);
    expect(inner.isErased && nested.isErased).toBe(true);
    expect(region.blocksArray()).toEqual([b0]);
    expect(b1.parentRegion).toBeNull();
  });
});

describe('erasing blocks and ops with uses left', () => {
  it('a block that branches to itself can be erased', () => {
    const region = new Region();
    const b = new Builder(ctx);
    const entry = b.createBlock(region);
    b.create({ name: 'test.ret' });
    const loop = b.createBlock(region, [i32]);
    b.create({ name: 'test.use', operands: [loop.args[0]!] });
    b.create({ name: 'test.br', operands: [loop.args[0]!], successors: [loop] });
    loop.erase();
    expect(region.blocksArray()).toEqual([entry]);
  });

  it('a block whose values are used outside it, or that is branched to from outside, is left alone', () => {
    const region = new Region();
    const b = new Builder(ctx);
    const b0 = b.createBlock(region, [i32]);
    const v = b.create({ name: 'test.def', resultTypes: [i32] }).result;
    const holder = b.create({ name: 'test.holder', regions: 1 });
    b.createBlock(holder.regions[0]!);
    const nested = b.create({ name: 'test.nested', resultTypes: [i32] }).result;
    const b1 = b.createBlock(region);
    const userOfArg = b.create({ name: 'test.use_arg', operands: [b0.args[0]!] });
    expect(() => b0.erase()).toThrow(/still used by 'test.use_arg'/);
    userOfArg.erase();
    const userOfNested = b.create({ name: 'test.use_nested', operands: [nested] });
    expect(() => b0.erase()).toThrow(/still used by 'test.use_nested'/);
    expect(() => holder.erase()).toThrow(/cannot erase 'test.holder': a value defined in its regions is still used by 'test.use_nested'/);
    expect(holder.isErased).toBe(false);
    userOfNested.erase();
    const br = b.create({ name: 'test.br', operands: [v], successors: [b0] });
    expect(() => b0.erase()).toThrow(/still a successor/);
    expect(b0.opsArray()).toHaveLength(2);
    expect(v.numUses).toBe(1);
    br.erase();
    b0.erase();
    expect(region.blocksArray()).toEqual([b1]);
  });
});

describe('regions', () => {
  it('insert, remove and iterate blocks (safe against removal while iterating)', () => {
    const r = new Region();
    expect(r.empty).toBe(true);
    expect(() => r.entryBlock).toThrow(/no blocks/);
    const a = r.pushBack();
    const c = r.pushBack(new Block());
    const b = r.insertBefore(new Block(), c);
    const d = r.insertAfter(new Block(), c);
    const z = r.insertBefore(new Block(), a);
    expect(r.blocksArray()).toEqual([z, a, b, c, d]);
    expect(r.numBlocks).toBe(5);
    expect(r.entryBlock).toBe(z);
    expect(r.lastBlock).toBe(d);
    for (const blk of r.blocks()) if (blk === a || blk === d) blk.remove();
    expect(r.blocksArray()).toEqual([z, b, c]);
    expect(r.lastBlock).toBe(c);
    expect(r.numBlocks).toBe(3);
    expect(() => r.pushBack(b)).toThrow(/already in a region/);
    expect(new Region().index).toBe(-1);
  });

  it('takeBody moves all blocks, keeping their contents and order', () => {
    const src = new Region();
    const blocks = [src.pushBack(), src.pushBack(), src.pushBack()];
    fill(blocks[1]!, 'test.x');
    const dst = new Region();
    const existing = dst.pushBack();
    dst.takeBody(src);
    expect(src.empty).toBe(true);
    expect(src.numBlocks).toBe(0);
    expect(dst.blocksArray()).toEqual([existing, ...blocks]);
    expect(blocks.every((b) => b.parentRegion === dst)).toBe(true);
    expect(names(blocks[1]!)).toEqual(['test.x']);
  });
});
