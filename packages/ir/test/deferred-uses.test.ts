import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  AnyRegion,
  AnyType,
  Builder,
  Context,
  IntegerType,
  IsolatedFromAbove,
  Operation,
  SameOperandsAndResultType,
  defineDialect,
  defineOp,
  parseSourceString,
  printOperation,
  type Value,
} from '../src/index.js';

// The parser defers making operand slots (see DeferredUses): these tests check that what a use list shows is
// exactly what linking every op as it was made gives, whatever asks for it first.

const ctx = new Context({ allowUnregisteredDialects: true });
const i32 = IntegerType.get(ctx, 32);

/** A generated op: `%rN = "t.oN"(operands) ({regions}) : (...) -> i32`, one i32 result. */
interface GenOp {
  id: number;
  /** Each operand: a value name (`r3`, `a2`) that is visible or (a result later in the same block) forward. */
  operands: string[];
  regions: GenBlock[][];
}
interface GenBlock {
  args: string[];
  ops: GenOp[];
}

/**
 * Random nested modules: ops use earlier results and block arguments of their block and the blocks around
 * it, and results defined later in their own block (forward references, which the parser resolves by
 * replacing a placeholder's uses).
 */
function genModule(seed: number): GenBlock {
  let s = seed >>> 0 || 1;
  const rand = (n: number): number => {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    return (s >>> 0) % n;
  };
  let nextOp = 0;
  let nextArg = 0;
  const block = (visible: string[], depth: number): GenBlock => {
    const args = Array.from({ length: depth === 0 ? 0 : rand(3) }, () => `a${nextArg++}`);
    const count = 1 + rand(depth === 0 ? 8 : 5);
    const ids = Array.from({ length: count }, () => nextOp++);
    const ops: GenOp[] = [];
    const here = [...visible, ...args];
    for (let k = 0; k < count; k++) {
      const regions =
        depth < 2 && rand(4) === 0 ? Array.from({ length: 1 + rand(2) }, () => [block([...here, ...ids.slice(0, k).map((i) => `r${i}`)], depth + 1)]) : [];
      const operands: string[] = [];
      for (let j = rand(4); j > 0; j--) {
        const backward = [...here, ...ids.slice(0, k).map((i) => `r${i}`)];
        if (rand(5) === 0 && k + 1 < count) operands.push(`r${ids[k + 1 + rand(count - k - 1)]}`);
        else if (backward.length) operands.push(backward[rand(backward.length)]!);
      }
      ops.push({ id: ids[k]!, operands, regions });
    }
    return { args, ops };
  };
  return block([], 0);
}

function text(b: GenBlock, indent = ''): string {
  let out = b.args.length ? `${indent}^bb0(${b.args.map((a) => `%${a}: i32`).join(', ')}):\n` : '';
  for (const op of b.ops) {
    const regions = op.regions.length ? ` (${op.regions.map((r) => `{\n${r.map((blk) => text(blk, indent + '  ')).join('')}${indent}}`).join(', ')})` : '';
    const types = op.operands.map(() => 'i32').join(', ');
    out += `${indent}%r${op.id} = "t.o${op.id}"(${op.operands.map((o) => `%${o}`).join(', ')})${regions} : (${types}) -> i32\n`;
  }
  return out;
}

/**
 * The use lists that linking each op's operands as the op is made gives (MLIR's order, newest use first), by
 * replaying the parse: an op is made after its regions, its results are named after it is made, and naming
 * a value that was used before moves the placeholder's uses to it one at a time.
 */
function expectedUses(top: GenBlock): Map<string, string[]> {
  const lists = new Map<string, string[]>();
  const list = (key: string): string[] => lists.get(key) ?? (lists.set(key, []), lists.get(key)!);
  const defined = new Set<string>();
  const define = (name: string): void => {
    const placeholder = lists.get(`?${name}`);
    defined.add(name);
    while (placeholder?.length) list(name).unshift(placeholder.shift()!);
    lists.delete(`?${name}`);
  };
  const visit = (b: GenBlock): void => {
    for (const a of b.args) define(a);
    for (const op of b.ops) {
      for (const r of op.regions) for (const blk of r) visit(blk);
      op.operands.forEach((name, i) => list(defined.has(name) ? name : `?${name}`).unshift(`o${op.id}#${i}`));
      define(`r${op.id}`);
    }
  };
  visit(top);
  return lists;
}

/** The parsed module's values by name (`rN` for the result of `t.oN`, `aN` for block arguments in order). */
function valuesByName(module: Operation): Map<string, Value> {
  const values = new Map<string, Value>();
  let arg = 0;
  // Block arguments are numbered in the order the generator made them: pre-order, outer blocks first.
  const preorder = (ops: Iterable<Operation>): void => {
    for (const op of ops) {
      values.set(`r${op.name.slice('t.o'.length)}`, op.result);
      for (const r of op.regions) {
        for (const b of r.blocks()) {
          for (const a of b.args) values.set(`a${arg++}`, a);
          preorder(b.ops());
        }
      }
    }
  };
  preorder(module.regions[0]!.entryBlock.ops());
  return values;
}

function useList(v: Value): string[] {
  return [...v.uses()].map((u) => `o${u.owner.name.slice('t.o'.length)}#${u.index}`);
}

function parse(src: string): Operation {
  const m = parseSourceString(ctx, src, 'deferred.mlir');
  if (!m) throw new Error(`parse failed:\n${src}`);
  return m;
}

describe('deferred uses of parsed operations', () => {
  it('give use lists in the order linking each op as it is made would', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 2 ** 31 - 1 }), (seed) => {
        const gen = genModule(seed);
        const module = parse(text(gen));
        const values = valuesByName(module);
        const expected = expectedUses(gen);
        for (const [name, v] of values) expect(useList(v), `uses of %${name}`).toEqual(expected.get(name) ?? []);
      }),
      { numRuns: 200 },
    );
  });

  it('give the same use lists for a batch of many thousand ops (which the batch keeps in chunks)', () => {
    // One block of 20,000 ops using results a few ops back, with a forward reference now and then (which links
    // the batch so far and starts another): batches that fill chunks of every size the batch uses.
    const count = 20_000;
    const ops: GenOp[] = [];
    for (let k = 0; k < count; k++) {
      const operands = [k - 1, k - 7, k - 300].filter((j) => j >= 0).map((j) => `r${j}`);
      if (k % 9_000 === 4_500) operands.push(`r${k + 3}`);
      ops.push({ id: k, operands, regions: [] });
    }
    const gen: GenBlock = { args: [], ops };
    const module = parse(text(gen));
    const values = valuesByName(module);
    const expected = expectedUses(gen);
    for (const [name, v] of values) expect(useList(v), `uses of %${name}`).toEqual(expected.get(name) ?? []);
  });

  it('hold for ops read in their custom form as for generic ones', () => {
    // `du.add` and `du.region` read with assembly formats (Operation.create from the parser's OperationState).
    const Add = defineOp('du.add', {
      operands: { lhs: AnyType, rhs: AnyType },
      results: { result: AnyType },
      traits: [SameOperandsAndResultType],
      assemblyFormat: '$lhs `,` $rhs attr-dict `:` type($result)',
    });
    const Wrap = defineOp('du.wrap', { regions: { body: AnyRegion }, assemblyFormat: '$body attr-dict' });
    const custom = new Context({ allowUnregisteredDialects: true, dialects: [defineDialect({ name: 'du', operations: [Add, Wrap] })] });
    const m = parseSourceString(
      custom,
      '%0 = "t.o0"() : () -> i32\ndu.wrap {\n  %1 = du.add %0, %0 : i32\n  %2 = du.add %1, %0 : i32\n  "t.o3"(%2, %1) : (i32, i32) -> ()\n}\n',
      'custom.mlir',
    )!;
    const ops = [...m.regions[0]!.entryBlock.ops()];
    const inner = [...ops[1]!.regions[0]!.entryBlock.ops()];
    const id = (op: Operation): string => (op.name === 'du.add' ? `add${inner.indexOf(op) + 1}` : op.name.slice(2));
    const list = (v: Value): string[] => [...v.uses()].map((u) => `${id(u.owner)}#${u.index}`);
    expect(list(ops[0]!.result)).toEqual(['add2#1', 'add1#1', 'add1#0']);
    expect(list(inner[0]!.result)).toEqual(['o3#1', 'add2#0']);
    expect(list(inner[1]!.result)).toEqual(['o3#0']);
  });

  it('are linked before a use made through the builder, which then comes first', () => {
    const m = parse('%0 = "t.o0"() : () -> i32\n%1 = "t.o1"(%0, %0) : (i32, i32) -> i32\n');
    const [def, user] = [...m.regions[0]!.entryBlock.ops()];
    const b = new Builder(ctx);
    b.setInsertionPointToEnd(m.regions[0]!.entryBlock);
    b.create({ name: 't.o2', operands: [def!.result], resultTypes: [i32] });
    expect(useList(def!.result)).toEqual(['o2#0', 'o1#1', 'o1#0']);
    expect(user!.operandUses.map((u) => u.value)).toEqual([def!.result, def!.result]);
  });

  it('follow setOperand, replaceAllUsesWith and erase on ops whose uses were never looked at', () => {
    const src = '%0 = "t.o0"() : () -> i32\n%1 = "t.o1"() : () -> i32\n%2 = "t.o2"(%0, %1) : (i32, i32) -> i32\n%3 = "t.o3"(%0) : (i32) -> i32\n';
    let m = parse(src);
    let [a, b, c, d] = [...m.regions[0]!.entryBlock.ops()];
    c!.setOperand(1, a!.result);
    expect(useList(a!.result)).toEqual(['o2#1', 'o3#0', 'o2#0']);
    expect(b!.result.hasUses).toBe(false);
    expect(c!.operands).toEqual([a!.result, a!.result]);

    m = parse(src);
    [a, b, c, d] = [...m.regions[0]!.entryBlock.ops()];
    a!.result.replaceAllUsesWith(b!.result);
    expect(useList(b!.result)).toEqual(['o2#0', 'o3#0', 'o2#1']);
    expect(c!.getOperand(0)).toBe(b!.result);
    expect(d!.getOperand(0)).toBe(b!.result);

    m = parse(src);
    [a, b, c, d] = [...m.regions[0]!.entryBlock.ops()];
    d!.erase();
    c!.erase();
    expect(a!.result.hasUses).toBe(false);
    expect(b!.result.hasUses).toBe(false);
    a!.erase();
    expect(printOperation(m)).toBe('module {\n  %0 = "t.o1"() : () -> i32\n}\n');
  });

  it('are read by operandValues, operands and getOperand without being linked, and survive cloning', () => {
    const m = parse('%0 = "t.o0"() : () -> i32\n%1 = "t.o1"(%0, %0) : (i32, i32) -> i32\n');
    const [def, user] = [...m.regions[0]!.entryBlock.ops()];
    expect(user!.numOperands).toBe(2);
    expect(user!.operandValues).toEqual([def!.result, def!.result]);
    expect(user!.getOperand(1)).toBe(def!.result);
    const copy = user!.clone();
    expect(copy.operandValues).toEqual([def!.result, def!.result]);
    expect(useList(def!.result)).toEqual([`o1#1`, `o1#0`, `o1#1`, `o1#0`]);
    expect(() => user!.getOperand(2)).toThrow(RangeError);
  });

  it('make a batch of their own inside each function (op isolated from above), linked when first needed there', () => {
    const Fn = defineOp('du.fn', { traits: [IsolatedFromAbove], regions: { body: AnyRegion } });
    const isolating = new Context({ allowUnregisteredDialects: true, dialects: [defineDialect({ name: 'du', operations: [Fn] })] });
    const body = '^bb0:\n  %0 = "t.o0"() : () -> i32\n  %1 = "t.o1"(%0, %0) : (i32, i32) -> i32\n  "t.o2"(%1, %0) : (i32, i32) -> ()\n';
    const m = parseSourceString(isolating, `"du.fn"() ({\n${body}}) : () -> ()\n"du.fn"() ({\n${body}}) : () -> ()\n`, 'deferred.mlir')!;
    const [f, g] = [...m.regions[0]!.entryBlock.ops()];
    const firstOf = (fn: Operation): Operation => fn.regions[0]!.entryBlock.firstOp!;
    expect(useList(firstOf(f!).result)).toEqual(['o2#1', 'o1#1', 'o1#0']);
    // g's uses are still a batch of their own, not linked by f's.
    expect(firstOf(g!).result.useHead).not.toBeInstanceOf(Operation);
    expect(firstOf(g!).result.useHead?.constructor.name).toBe('DeferredUses');
    expect(useList(firstOf(g!).result)).toEqual(['o2#1', 'o1#1', 'o1#0']);
  });
});
