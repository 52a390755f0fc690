import { describe, expect, it } from 'vitest';
import { Context, DominanceInfo, GraphRegion, NoTerminator, Operation, parseSourceString, type Block, type Dialect } from '../src/index.js';

// A registered op whose single region is a graph region (like builtin.module, but without a symbol table).
const TestDialect: Dialect = {
  name: 'test',
  // test.func and test.holder are registered SSA ops: a single-block region of an unregistered op may be a
  // graph region, so MLIR (and tlir) does not order definitions and uses there.
  operations: [{ name: 'test.graph', traits: [GraphRegion, NoTerminator] }, { name: 'test.func' }, { name: 'test.holder' }],
  allowUnknownOperations: true,
};

function parse(text: string): { op: (name: string) => Operation; block: (name: string) => Block } {
  const ctx = new Context({ dialects: [TestDialect] });
  const m = parseSourceString(ctx, text, 'dom.mlir');
  expect(ctx.diagnostics.unhandled.map((d) => d.message)).toEqual([]);
  const ops = new Map<string, Operation>();
  m!.walk((o) => void ops.set(o.name.replace('test.', ''), o));
  const op = (name: string): Operation => {
    const o = ops.get(name);
    if (!o) throw new Error(`no op ${name}`);
    return o;
  };
  // A block is named by the op it starts with.
  return { op, block: (name) => op(name).parentBlock! };
}

describe('DominanceInfo', () => {
  it('in one block: defined before is available, after or at the op itself is not', () => {
    // (Inside a registered op without the GraphRegion trait: SSA dominance. The module body is a graph region.)
    const { op } = parse(`
      "test.func"() ({
        %0 = "test.a"() : () -> i32
        %1 = "test.b"() : () -> i32
        "test.c"() : () -> ()
      }) : () -> ()
    `);
    const dom = new DominanceInfo();
    expect(dom.properlyDominates(op('a').result, op('b'))).toBe(true);
    expect(dom.properlyDominates(op('a').result, op('c'))).toBe(true);
    expect(dom.properlyDominates(op('b').result, op('a'))).toBe(false);
    expect(dom.properlyDominates(op('b').result, op('b'))).toBe(false);
  });

  it('answers after ops are inserted in the middle of a block', () => {
    const { op } = parse(`
      "test.func"() ({
        %0 = "test.a"() : () -> i32
        %1 = "test.b"() : () -> i32
      }) : () -> ()
    `);
    const dom = new DominanceInfo();
    expect(dom.properlyDominates(op('a').result, op('b'))).toBe(true);
    op('b').moveBefore(op('a'));
    expect(dom.properlyDominates(op('a').result, op('b'))).toBe(false);
    expect(dom.properlyDominates(op('b').result, op('a'))).toBe(true);
  });

  const DIAMOND = `
    "test.func"() ({
    ^bb0(%arg: i32):
      %0 = "test.entry"() : () -> i32
      "test.cond_br"()[^bb1, ^bb2] : () -> ()
    ^bb1:
      %1 = "test.left"() : () -> i32
      "test.br_l"()[^bb3] : () -> ()
    ^bb2:
      %2 = "test.right"() : () -> i32
      "test.br_r"()[^bb3] : () -> ()
    ^bb3:
      "test.join"() : () -> ()
      "test.ret"() : () -> ()
    }) : () -> ()
  `;

  it('CFG diamond: the entry dominates everything, the branches do not dominate the join', () => {
    const { op, block } = parse(DIAMOND);
    const dom = new DominanceInfo();
    const [entry, left, right, join] = [block('entry'), block('left'), block('right'), block('join')];
    for (const b of [entry, left, right, join]) {
      expect(dom.blockDominates(entry, b)).toBe(true);
      expect(dom.blockDominates(b, b)).toBe(true);
      expect(dom.isReachableFromEntry(b)).toBe(true);
    }
    expect(dom.blockDominates(left, join)).toBe(false);
    expect(dom.blockDominates(right, join)).toBe(false);
    expect(dom.blockDominates(left, right)).toBe(false);
    expect(dom.blockDominates(join, entry)).toBe(false);
    expect(dom.properlyDominates(op('entry').result, op('join'))).toBe(true);
    expect(dom.properlyDominates(entry.args[0]!, op('join'))).toBe(true);
    expect(dom.properlyDominates(op('left').result, op('join'))).toBe(false);
    expect(dom.properlyDominates(op('left').result, op('br_l'))).toBe(true);
    expect(dom.properlyDominates(op('right').result, op('left'))).toBe(false);
  });

  it('loops: the header dominates the body and the exit, the body does not dominate the header', () => {
    const { op, block } = parse(`
      "test.func"() ({
        %0 = "test.entry"() : () -> i32
        "test.br0"()[^header] : () -> ()
      ^header(%i: i32):
        %h = "test.h"() : () -> i32
        "test.cond"()[^body, ^exit] : () -> ()
      ^body:
        %b = "test.b"() : () -> i32
        "test.latch"(%b)[^header] : (i32) -> ()
      ^exit:
        "test.ret"() : () -> ()
      }) : () -> ()
    `);
    const dom = new DominanceInfo();
    const [header, body, exit] = [block('h'), block('b'), block('ret')];
    expect(dom.blockDominates(header, body)).toBe(true);
    expect(dom.blockDominates(header, exit)).toBe(true);
    expect(dom.blockDominates(body, header)).toBe(false);
    expect(dom.blockDominates(body, exit)).toBe(false);
    expect(dom.properlyDominates(header.args[0]!, op('latch'))).toBe(true);
    expect(dom.properlyDominates(op('h').result, op('latch'))).toBe(true);
    expect(dom.properlyDominates(op('b').result, op('h'))).toBe(false);
    expect(dom.properlyDominates(op('b').result, op('ret'))).toBe(false);
    expect(dom.properlyDominates(op('b').result, op('latch'))).toBe(true);
  });

  it('unreachable blocks are dominated by every block and dominate no reachable one', () => {
    const { op, block } = parse(`
      "test.func"() ({
        %0 = "test.entry"() : () -> i32
        "test.br"()[^live] : () -> ()
      ^dead:
        %d = "test.dead"() : () -> i32
        "test.br_dead"()[^live] : () -> ()
      ^dead2:
        "test.dead2"() : () -> ()
        "test.br_dead2"()[^dead] : () -> ()
      ^live:
        "test.live"() : () -> ()
        "test.ret"() : () -> ()
      }) : () -> ()
    `);
    const dom = new DominanceInfo();
    const [entry, dead, dead2, live] = [block('entry'), block('dead'), block('dead2'), block('live')];
    expect(dom.isReachableFromEntry(dead)).toBe(false);
    expect(dom.isReachableFromEntry(dead2)).toBe(false);
    expect(dom.isReachableFromEntry(live)).toBe(true);
    expect(dom.blockDominates(live, dead)).toBe(true);
    expect(dom.blockDominates(dead2, dead)).toBe(true);
    expect(dom.blockDominates(dead, live)).toBe(false);
    expect(dom.blockDominates(dead, entry)).toBe(false);
    // The live block is reached from the entry and from a dead block: still dominated by the entry.
    expect(dom.blockDominates(entry, live)).toBe(true);
    expect(dom.properlyDominates(op('dead').result, op('live'))).toBe(false);
    expect(dom.properlyDominates(op('entry').result, op('dead'))).toBe(true);
  });

  it('nested regions: outer values defined before the op are visible inside, its own results are not', () => {
    const { op, block } = parse(`
      "test.func"() ({
        %0 = "test.before"() : () -> i32
        %1 = "test.outer"() ({
        ^bb0(%x: i32):
          %2 = "test.inner"() : () -> i32
          "test.deep"() ({
            "test.deepest"() : () -> ()
          }) : () -> ()
        }, {
          "test.sibling"() : () -> ()
        }) : () -> i32
        %3 = "test.after"() : () -> i32
      }) : () -> ()
    `);
    const dom = new DominanceInfo();
    expect(dom.properlyDominates(op('before').result, op('deepest'))).toBe(true);
    expect(dom.properlyDominates(op('after').result, op('deepest'))).toBe(false);
    expect(dom.properlyDominates(op('outer').result, op('inner'))).toBe(false);
    expect(dom.properlyDominates(op('outer').result, op('after'))).toBe(true);
    expect(dom.properlyDominates(op('inner').result, op('deepest'))).toBe(true);
    expect(dom.properlyDominates(block('inner').args[0]!, op('deepest'))).toBe(true);
    // Values of one region are not visible in a sibling region, nor outside.
    expect(dom.properlyDominates(op('inner').result, op('sibling'))).toBe(false);
    expect(dom.properlyDominates(block('inner').args[0]!, op('sibling'))).toBe(false);
    expect(dom.properlyDominates(op('inner').result, op('after'))).toBe(false);
    expect(dom.blockDominates(block('before'), block('inner'))).toBe(false); // different regions
  });

  it('the module body is a graph region', () => {
    const { op } = parse(`
      %0 = "test.a"(%1) : (i32) -> i32
      %1 = "test.b"() : () -> i32
    `);
    expect(DominanceInfo.hasSSADominance(op('a').parentRegion)).toBe(false);
    expect(new DominanceInfo().properlyDominates(op('b').result, op('a'))).toBe(true);
  });

  it('graph regions have no order: later values and own results are available', () => {
    const { op } = parse(`
      "test.graph"() ({
        %0 = "test.a"(%1) : (i32) -> i32
        %1 = "test.b"(%0) : (i32) -> i32
        %2 = "test.self"(%2) : (i32) -> i32
        "test.holder"() ({
          "test.nested_use"(%3) : (i32) -> ()
        }) : () -> ()
        %3 = "test.later"() : () -> i32
      }) : () -> ()
    `);
    const dom = new DominanceInfo();
    expect(DominanceInfo.hasSSADominance(op('graph').regions[0]!)).toBe(false);
    expect(dom.properlyDominates(op('b').result, op('a'))).toBe(true);
    expect(dom.properlyDominates(op('a').result, op('b'))).toBe(true);
    expect(dom.properlyDominates(op('self').result, op('self'))).toBe(true);
    expect(dom.properlyDominates(op('later').result, op('nested_use'))).toBe(true);
    // The holder's region is an SSA region, but the definition is in the graph region.
    expect(DominanceInfo.hasSSADominance(op('holder').regions[0]!)).toBe(true);
  });
});
