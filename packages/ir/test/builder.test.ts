import { describe, expect, it } from 'vitest';
import {
  Block,
  Builder,
  Context,
  FileLineColLoc,
  FloatType,
  IntegerType,
  Operation,
  OperationState,
  Region,
  type BuilderListener,
} from '../src/index.js';

const ctx = new Context({ allowUnregisteredDialects: true });

const names = (b: Block): string[] => b.opsArray().map((o) => o.name);

function recordingListener(): BuilderListener & { events: string[] } {
  const events: string[] = [];
  return {
    events,
    onOperationInserted: (op) => events.push(`op ${op.name}`),
    onBlockInserted: (b) => events.push(`block ${b.indexInRegion}`),
  };
}

describe('insertion points', () => {
  function blockWithOps(): { block: Block; a: Operation; c: Operation } {
    const block = new Block();
    const a = Operation.create(ctx, { name: 'test.a' });
    const c = Operation.create(ctx, { name: 'test.c' });
    block.append(a);
    block.append(c);
    return { block, a, c };
  }

  it('to the start: consecutive creations keep their order, before the old first op', () => {
    const { block } = blockWithOps();
    const b = new Builder(ctx).setInsertionPointToStart(block);
    b.create({ name: 'test.s1' });
    b.create({ name: 'test.s2' });
    expect(names(block)).toEqual(['test.s1', 'test.s2', 'test.a', 'test.c']);
  });

  it('to the start of an empty block, then to its end', () => {
    const block = new Block();
    const b = new Builder(ctx).setInsertionPointToStart(block);
    b.create({ name: 'test.x' });
    b.create({ name: 'test.y' });
    b.setInsertionPointToEnd(block).create({ name: 'test.z' });
    expect(names(block)).toEqual(['test.x', 'test.y', 'test.z']);
  });

  it('before and after an op', () => {
    const { block, a, c } = blockWithOps();
    const b = new Builder(ctx);
    b.setInsertionPoint(c);
    b.create({ name: 'test.b1' });
    b.create({ name: 'test.b2' });
    b.setInsertionPointAfter(a);
    b.create({ name: 'test.a1' });
    b.create({ name: 'test.a2' });
    b.setInsertionPointAfter(c);
    b.create({ name: 'test.end' });
    expect(names(block)).toEqual(['test.a', 'test.a1', 'test.a2', 'test.b1', 'test.b2', 'test.c', 'test.end']);
    expect(b.insertionBlock).toBe(block);
    expect(() => b.setInsertionPoint(Operation.create(ctx, { name: 'test.detached' }))).toThrow(/not in a block/);
    expect(() => b.setInsertionPointAfter(Operation.create(ctx, { name: 'test.detached' }))).toThrow(/not in a block/);
  });

  it('without an insertion point, ops are created detached and nobody is told', () => {
    const b = new Builder(ctx);
    const l = recordingListener();
    b.listener = l;
    const op = b.create({ name: 'test.free' });
    expect(op.parentBlock).toBeNull();
    expect(l.events).toEqual([]);
    const block = new Block();
    b.setInsertionPointToEnd(block).clearInsertionPoint();
    b.create({ name: 'test.free2' });
    expect(block.empty).toBe(true);
  });

  it('withInsertionPoint restores the insertion point, also when the callback throws', () => {
    const outer = new Block();
    const inner = new Block();
    const b = new Builder(ctx).setInsertionPointToEnd(outer);
    const r = b.withInsertionPoint(() => {
      b.setInsertionPointToEnd(inner);
      b.create({ name: 'test.in' });
      return 42;
    });
    expect(r).toBe(42);
    b.create({ name: 'test.out' });
    expect(() =>
      b.withInsertionPoint(() => {
        b.setInsertionPointToStart(inner);
        throw new Error('boom');
      }),
    ).toThrow('boom');
    b.create({ name: 'test.out2' });
    expect(names(outer)).toEqual(['test.out', 'test.out2']);
    expect(names(inner)).toEqual(['test.in']);
  });
});

describe('creating blocks', () => {
  it('createBlock appends (or inserts before a block), adds arguments and moves the insertion point', () => {
    const region = new Region();
    const b = new Builder(ctx);
    const l = recordingListener();
    b.listener = l;
    const i32 = b.i32;
    const loc = new FileLineColLoc('b.mlir', 1, 1);
    const b1 = b.createBlock(region, [i32, b.f32], [loc]);
    b.create({ name: 'test.in_b1' });
    const b0 = b.createBlock(region, [], undefined, b1);
    b.create({ name: 'test.in_b0' });
    expect(region.blocksArray()).toEqual([b0, b1]);
    expect(b1.args.map((a) => a.type)).toEqual([i32, FloatType.get(ctx, 'f32')]);
    expect(b1.args[0]!.loc).toBe(loc);
    expect(names(b0)).toEqual(['test.in_b0']);
    expect(names(b1)).toEqual(['test.in_b1']);
    // The block is in its region when the listener hears of it.
    expect(l.events).toEqual(['block 0', 'op test.in_b1', 'block 0', 'op test.in_b0']);
  });
});

describe('listener and locations', () => {
  it('is told about created, inserted and cloned ops, after they are in place', () => {
    const block = new Block();
    const b = new Builder(ctx).setInsertionPointToEnd(block);
    const seenParents: (Block | null)[] = [];
    b.listener = { onOperationInserted: (op) => seenParents.push(op.parentBlock) };
    const a = b.create({ name: 'test.a' });
    b.insert(Operation.create(ctx, { name: 'test.b' }));
    b.clone(a);
    expect(names(block)).toEqual(['test.a', 'test.b', 'test.a']);
    expect(seenParents).toEqual([block, block, block]);
  });

  it('gives its location to ops created without one', () => {
    const b = new Builder(ctx);
    const loc = new FileLineColLoc('l.mlir', 7, 8);
    const own = new FileLineColLoc('l.mlir', 1, 1);
    b.loc = loc;
    expect(b.create({ name: 'test.a' }).loc).toBe(loc);
    expect(b.create({ name: 'test.b', loc: own }).loc).toBe(own);
    expect(b.create(new OperationState('test.c', own)).loc).toBe(own);
  });

  it('convenience getters return the interned types and attributes', () => {
    const b = new Builder(ctx);
    expect(b.i32).toBe(IntegerType.get(ctx, 32));
    expect(b.integerType(7)).toBe(IntegerType.get(ctx, 7));
    expect(b.functionType([b.i1], [b.index])).toBe(b.functionType([b.i1], [b.index]));
    expect(b.i64Attr(3).toString()).toBe('3 : i64');
    expect(b.indexAttr(3).toString()).toBe('3 : index');
    expect(b.boolAttr(false).toString()).toBe('false');
    expect(b.floatAttr(b.f16, 0.5).toString()).toBe('5.000000e-01 : f16');
    expect(b.dictionaryAttr({ b: b.unitAttr(), a: b.stringAttr('s') }).toString()).toBe('{a = "s", b}');
    expect(b.arrayAttr([b.typeAttr(b.none)]).toString()).toBe('[none]');
    expect(b.symbolRefAttr('m', ['f']).toString()).toBe('@m::@f');
  });
});

describe('locations of created ops', () => {
  it('setLocFrom gives created ops the location the op has when they are created; setting loc replaces it', () => {
    const block = new Block();
    const src = Operation.create(ctx, { name: 'test.src', loc: new FileLineColLoc('a.mlir', 3, 4) });
    block.append(src);
    const b = new Builder(ctx).setInsertionPointToEnd(block);
    b.setLocFrom(src);
    src.loc = new FileLineColLoc('a.mlir', 7, 8); // read when an op is made, not when setLocFrom is called
    expect(String(b.create({ name: 'test.x' }).loc)).toBe(String(src.loc));
    b.loc = new FileLineColLoc('b.mlir', 1, 2);
    expect(String(b.create({ name: 'test.y' }).loc)).toBe(String(new FileLineColLoc('b.mlir', 1, 2)));
    // An op that gives its own location keeps it.
    expect(String(b.setLocFrom(src).create({ name: 'test.z', loc: new FileLineColLoc('c.mlir', 5, 6) }).loc)).toBe(
      String(new FileLineColLoc('c.mlir', 5, 6)),
    );
  });

  it('withInsertionPoint restores the block and the op, and insertionPoint describes them', () => {
    const block = new Block();
    const a = Operation.create(ctx, { name: 'test.a' });
    block.append(a);
    const b = new Builder(ctx).setInsertionPoint(a);
    b.withInsertionPoint(() => b.setInsertionPointToEnd(block).create({ name: 'test.end' }));
    expect(b.insertionPoint).toEqual({ block, before: a });
    b.create({ name: 'test.before' });
    expect(names(block)).toEqual(['test.before', 'test.a', 'test.end']);
    b.clearInsertionPoint();
    expect(b.insertionPoint).toBeUndefined();
    expect(b.insertionBlock).toBeUndefined();
  });
});
