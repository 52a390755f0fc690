import { afterEach, describe, expect, it, vi } from 'vitest';
import { Block, Builder, Context, IntegerType, OpOperand, Operation, Region, type Value } from '../src/index.js';

const ctx = new Context({ allowUnregisteredDialects: true });
const i32 = IntegerType.get(ctx, 32);

/** A fresh block inside a `test.container` op, and a builder at its end. */
function setup(): { block: Block; b: Builder; container: Operation } {
  const container = Operation.create(ctx, { name: 'test.container', regions: 1 });
  const block = container.regions[0]!.pushBack(new Block([i32]));
  const b = new Builder(ctx);
  b.setInsertionPointToEnd(block);
  return { block, b, container };
}

function def(b: Builder, name = 'test.def'): Value {
  return b.create({ name, resultTypes: [i32] }).result;
}

function use(b: Builder, ...operands: Value[]): Operation {
  return b.create({ name: 'test.use', operands });
}

/** The owners and operand numbers of the uses of `v`, in use-list order, as a sorted list of strings. */
function useSet(v: Value): string[] {
  return [...v.uses()].map((u) => `${opId.get(u.owner)}#${u.index}`).sort();
}
const opId = new WeakMap<Operation, string>();
function named<T extends Operation>(name: string, op: T): T {
  opId.set(op, name);
  return op;
}

/** Counts the reads of `obj[prop]` from now on (a scan of a block has to start at its `firstOp` or `lastOp`). */
function countReads(obj: object, prop: string): { reads: number } {
  const counter = { reads: 0 };
  let value = (obj as Record<string, unknown>)[prop];
  Object.defineProperty(obj, prop, {
    get() {
      counter.reads++;
      return value;
    },
    set(v) {
      value = v;
    },
    configurable: true,
  });
  return counter;
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('use lists', () => {
  it('record every use, once per operand slot', () => {
    const { b } = setup();
    const v = def(b);
    expect(v.hasUses).toBe(false);
    expect(v.numUses).toBe(0);
    const u1 = named('u1', use(b, v));
    expect(v.hasOneUse).toBe(true);
    const u2 = named('u2', use(b, v, v));
    expect(v.numUses).toBe(3);
    expect(v.hasOneUse).toBe(false);
    expect(useSet(v)).toEqual(['u1#0', 'u2#0', 'u2#1']);
    expect([...v.users()].filter((o) => o === u2)).toHaveLength(2);
    expect(u1.getOperand(0)).toBe(v);
    expect(u2.operandUses[1]!.value).toBe(v);
    expect(u2.operandUses[1]!.owner).toBe(u2);
  });

  it('replaceAllUsesWith moves every use, merging into an existing use list', () => {
    const { b } = setup();
    const v = def(b);
    const w = def(b);
    const u1 = named('u1', use(b, v));
    const u2 = named('u2', use(b, v, w));
    const u3 = named('u3', use(b, w));
    v.replaceAllUsesWith(w);
    expect(v.hasUses).toBe(false);
    expect(useSet(w)).toEqual(['u1#0', 'u2#0', 'u2#1', 'u3#0']);
    expect(u1.operands).toEqual([w]);
    expect(u2.operands).toEqual([w, w]);
    expect(u3.operands).toEqual([w]);
    w.replaceAllUsesWith(w); // no-op, must not loop
    expect(w.numUses).toBe(4);
  });

  it('replaceUsesWithIf and replaceAllUsesExcept replace only the selected uses', () => {
    const { b } = setup();
    const v = def(b);
    const w = def(b);
    const u1 = named('u1', use(b, v, v));
    const u2 = named('u2', use(b, v));
    named('u3', use(b, v));
    v.replaceUsesWithIf(w, (u) => u.owner === u1 && u.index === 1);
    expect(u1.operands).toEqual([v, w]);
    expect(useSet(v)).toEqual(['u1#0', 'u2#0', 'u3#0']);
    v.replaceAllUsesExcept(w, u2);
    expect(useSet(v)).toEqual(['u2#0']);
    expect(useSet(w)).toEqual(['u1#0', 'u1#1', 'u3#0']);
    // Replacing every use from inside the predicate's iteration is safe.
    w.replaceUsesWithIf(v, () => true);
    expect(w.hasUses).toBe(false);
    expect(v.numUses).toBe(4);
  });

  it('setOperand moves one use; out-of-range indices throw', () => {
    const { b } = setup();
    const v = def(b);
    const w = def(b);
    const u = named('u', use(b, v, v));
    u.setOperand(1, w);
    expect(useSet(v)).toEqual(['u#0']);
    expect(useSet(w)).toEqual(['u#1']);
    u.setOperand(1, w); // same value: nothing changes
    expect(w.numUses).toBe(1);
    expect(() => u.setOperand(2, w)).toThrow(RangeError);
    expect(() => u.getOperand(-1)).toThrow(RangeError);
  });

  it('setOperands, insertOperands and eraseOperand keep use lists and operand numbers right', () => {
    const { b } = setup();
    const [x, y, z] = [def(b), def(b), def(b)];
    const u = named('u', use(b, x, y));
    u.insertOperands(1, [z, z]);
    expect(u.operands).toEqual([x, z, z, y]);
    expect(useSet(z)).toEqual(['u#1', 'u#2']);
    expect(useSet(y)).toEqual(['u#3']);
    u.eraseOperand(1);
    expect(u.operands).toEqual([x, z, y]);
    expect(useSet(z)).toEqual(['u#1']);
    expect(useSet(y)).toEqual(['u#2']);
    expect(u.operandUses.map((o) => o.index)).toEqual([0, 1, 2]);
    u.setOperands([y]);
    expect(x.hasUses).toBe(false);
    expect(z.hasUses).toBe(false);
    expect(useSet(y)).toEqual(['u#0']);
  });

  it('Operation.replaceAllUsesWith replaces result by result and checks the count', () => {
    const { b } = setup();
    const a = b.create({ name: 'test.two', resultTypes: [i32, i32] });
    const c = b.create({ name: 'test.two', resultTypes: [i32, i32] });
    const u = named('u', use(b, a.getResult(1), a.getResult(0)));
    a.replaceAllUsesWith(c);
    expect(u.operands).toEqual([c.getResult(1), c.getResult(0)]);
    expect(a.useEmpty).toBe(true);
    expect(() => c.replaceAllUsesWith([a.getResult(0)])).toThrow(/replacing 2 results/);
  });

  it('block arguments have use lists too; erasing a used argument throws', () => {
    const { b, block } = setup();
    const arg = block.args[0]!;
    const u = named('u', use(b, arg));
    expect(useSet(arg)).toEqual(['u#0']);
    expect(() => block.eraseArgument(0)).toThrow(/still has uses/);
    const v = def(b);
    arg.replaceAllUsesWith(v);
    block.eraseArgument(0);
    expect(block.numArguments).toBe(0);
    expect(u.operands).toEqual([v]);
  });
});

describe('erasing drops uses', () => {
  it('erase unlinks the operands of the op and of everything nested in it', () => {
    const { b, block } = setup();
    const v = def(b);
    const w = def(b);
    named('keep', use(b, v));
    const outer = b.create({ name: 'test.region_op', operands: [v], regions: 2 });
    b.withInsertionPoint(() => {
      b.createBlock(outer.regions[0]!);
      use(b, v, w);
      const nestedOp = b.create({ name: 'test.nested', regions: 1 });
      b.createBlock(nestedOp.regions[0]!);
      use(b, w, v);
      b.createBlock(outer.regions[1]!);
      use(b, w);
    });
    expect(v.numUses).toBe(4);
    expect(w.numUses).toBe(3);
    const nested = [...outer.regions.flatMap((r) => r.blocksArray().flatMap((bb) => bb.opsArray()))];
    outer.erase();
    expect(outer.isErased).toBe(true);
    expect(nested.every((o) => o.isErased)).toBe(true);
    expect(useSet(v)).toEqual(['keep#0']);
    expect(w.hasUses).toBe(false);
    expect(block.opsArray()).not.toContain(outer);
    expect(outer.parentBlock).toBeNull();
  });

  it('erase refuses an op whose results are still used, and leaves everything as it was', () => {
    const { b, block } = setup();
    const d = b.create({ name: 'test.def', resultTypes: [i32, i32] });
    const u = named('u', use(b, d.getResult(1)));
    expect(() => d.erase()).toThrow(/result #1 still has uses/);
    expect(d.isErased).toBe(false);
    expect(d.parentBlock).toBe(block);
    expect(u.operands).toEqual([d.getResult(1)]);
    u.erase();
    d.erase();
    expect(block.opsArray()).toEqual([]);
  });

  it('a group of ops that use each other can be erased after dropAllReferences', () => {
    const { b, block } = setup();
    const a = b.create({ name: 'test.a', resultTypes: [i32] });
    const c = b.create({ name: 'test.c', operands: [a.result], resultTypes: [i32] });
    a.setOperands([c.result]); // a cycle, as in a graph region
    block.dropAllReferences();
    a.erase();
    c.erase();
    expect(block.empty).toBe(true);
  });
});

describe('successors and predecessors', () => {
  it('successor slots form the predecessor lists of blocks', () => {
    const region = new Region();
    const b = new Builder(ctx);
    const entry = b.createBlock(region);
    const bb1 = new Block();
    const bb2 = new Block();
    region.pushBack(bb1);
    region.pushBack(bb2);
    const br = named('br', b.create({ name: 'test.cond_br', successors: [bb1, bb2, bb1] }));
    b.setInsertionPointToEnd(bb1);
    b.create({ name: 'test.br', successors: [bb2] });
    expect([...bb1.predecessors()]).toEqual([entry, entry]);
    expect(new Set(bb2.predecessors())).toEqual(new Set([entry, bb1]));
    expect(entry.hasNoPredecessors).toBe(true);
    expect(entry.successors).toEqual([bb1, bb2, bb1]);
    br.setSuccessor(2, bb2);
    expect([...bb1.predecessors()]).toEqual([entry]);
    expect([...bb2.predecessors()]).toHaveLength(3);
    expect(() => br.setSuccessor(3, bb2)).toThrow(RangeError);
    expect(() => bb2.erase()).toThrow(/still a successor/);
    br.erase();
    expect(bb1.hasNoPredecessors).toBe(true);
    expect([...bb2.predecessors()]).toEqual([bb1]);
    bb1.erase(); // erasing its terminator drops the last predecessor of bb2
    expect(bb2.hasNoPredecessors).toBe(true);
    expect(region.blocksArray()).toEqual([entry, bb2]);
  });
});

describe('use-list updates cost O(uses), not O(module)', () => {
  const N = 100_000;

  /** A block of N unrelated ops (each using the block argument) plus `v` with three uses spread among them. */
  function bigModule(): { block: Block; v: Value; w: Value; users: Operation[]; unrelated: Operation[] } {
    const { b, block } = setup();
    const arg = block.args[0]!;
    const v = def(b);
    const w = def(b);
    const users: Operation[] = [];
    const unrelated: Operation[] = [];
    for (let i = 0; i < N; i++) {
      if (i === 10 || i === N / 2 || i === N - 10) users.push(use(b, v));
      unrelated.push(b.create({ name: 'test.unrelated', operands: [arg], resultTypes: [i32] }));
    }
    return { block, v, w, users, unrelated };
  }

  it('RAUW of a value with 3 uses touches exactly those 3 operand slots', () => {
    const { block, v, w, users, unrelated } = bigModule();
    // Any write to the use-list links of an unrelated op's operand would throw.
    for (const op of unrelated) Object.freeze(op.operandUses[0]);
    const set = vi.spyOn(OpOperand.prototype, 'set');
    const opsIter = vi.spyOn(Block.prototype, 'ops');
    const opsArray = vi.spyOn(Block.prototype, 'opsArray');
    const walk = vi.spyOn(Operation.prototype, 'walk');
    const firstOp = countReads(block, 'firstOp');
    const lastOp = countReads(block, 'lastOp');
    v.replaceAllUsesWith(w);
    expect(firstOp.reads + lastOp.reads).toBe(0);
    expect(set).toHaveBeenCalledTimes(3);
    expect(set.mock.contexts.map((c) => (c as OpOperand).owner)).toEqual(expect.arrayContaining(users));
    expect(opsIter).not.toHaveBeenCalled();
    expect(opsArray).not.toHaveBeenCalled();
    expect(walk).not.toHaveBeenCalled();
    expect(w.numUses).toBe(3);
    expect(block.args[0]!.numUses).toBe(N);
  });

  it('replaceUsesWithIf asks the predicate once per use of the value', () => {
    const { v, w, unrelated } = bigModule();
    for (const op of unrelated) Object.freeze(op.operandUses[0]);
    const pred = vi.fn(() => true);
    v.replaceUsesWithIf(w, pred);
    expect(pred).toHaveBeenCalledTimes(3);
  });

  it('erase, remove and moveBefore in a huge block neither scan nor renumber the block', () => {
    const { block, users, unrelated } = bigModule();
    const first = block.firstOp!;
    expect(first.isBeforeInBlock(block.lastOp!)).toBe(true); // numbers the ops once
    const recompute = vi.spyOn(Block.prototype, 'recomputeOpOrder');
    const opsIter = vi.spyOn(Block.prototype, 'ops');
    const opsArray = vi.spyOn(Block.prototype, 'opsArray');
    const walk = vi.spyOn(Operation.prototype, 'walk');
    const firstOp = countReads(block, 'firstOp');
    users[1]!.erase();
    unrelated[N / 2]!.remove();
    unrelated[N - 1]!.moveBefore(unrelated[3]!);
    unrelated[5]!.moveAfter(unrelated[N - 2]!);
    block.append(unrelated[N / 2]!);
    expect(firstOp.reads).toBe(0);
    expect(recompute).not.toHaveBeenCalled();
    expect(opsIter).not.toHaveBeenCalled();
    expect(opsArray).not.toHaveBeenCalled();
    expect(walk).not.toHaveBeenCalled();
    // Erasing and appending keep the numbering valid; inserting in the middle costs one renumbering, later.
    expect(unrelated[N - 1]!.isBeforeInBlock(unrelated[3]!)).toBe(true);
    expect(recompute).toHaveBeenCalledTimes(1);
    expect(unrelated[5]!.isBeforeInBlock(unrelated[N - 2]!)).toBe(false);
    expect(unrelated[N - 2]!.isBeforeInBlock(unrelated[N / 2]!)).toBe(true);
    expect(recompute).toHaveBeenCalledTimes(1);
    expect(block.numOps).toBe(N + 2 + 2);
  });
});
