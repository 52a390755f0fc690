import { describe, expect, it } from 'vitest';
import { AsmPrinter, Block, Builder, Context, IRMapping, IntegerType, Operation, parseSourceString, type Value } from '../src/index.js';

function parse(text: string): { ctx: Context; module: Operation; ops: Operation[] } {
  const ctx = new Context({ allowUnregisteredDialects: true });
  const module = parseSourceString(ctx, text, 'clone.mlir');
  expect(ctx.diagnostics.unhandled.map((d) => d.message)).toEqual([]);
  return { ctx, module: module!, ops: module!.regions[0]!.entryBlock.opsArray() };
}

/** Every op nested in `op` (pre-order), and `op` first. */
function allOps(op: Operation): Operation[] {
  const out: Operation[] = [];
  op.walk((o) => void out.push(o), 'pre');
  return out;
}

/** Every value defined in `op` (results and block arguments), nested ones included. */
function definedValues(op: Operation): Set<Value> {
  const s = new Set<Value>();
  for (const o of allOps(op)) {
    o.results.forEach((r) => s.add(r));
    for (const r of o.regions) for (const b of r.blocks()) b.args.forEach((a) => s.add(a));
  }
  return s;
}

/** Checks that `clone` shares no op, block or internally defined value with `orig`. */
function expectDisjoint(orig: Operation, clone: Operation): void {
  const origOps = new Set(allOps(orig));
  const origBlocks = new Set(allOps(orig).flatMap((o) => o.regions.flatMap((r) => r.blocksArray())));
  const origValues = definedValues(orig);
  for (const o of allOps(clone)) {
    expect(origOps.has(o)).toBe(false);
    for (const operand of o.operands) expect(origValues.has(operand), `${o.name} uses a value of the original`).toBe(false);
    for (const s of o.successors) expect(origBlocks.has(s), `${o.name} branches into the original`).toBe(false);
  }
}

const MULTI_BLOCK = `
%outer = "test.outer"() : () -> i32
"test.fn"() ({
^bb0(%a: i32):
  %0 = "test.def"(%a, %outer) : (i32, i32) -> i32
  "test.br"(%0)[^bb2] : (i32) -> ()
^bb1(%b: i32):
  // Uses a value of ^bb3, which comes later in block order but dominates ^bb1.
  %1 = "test.use"(%b, %late, %outer) : (i32, i32, i32) -> i32
  "test.nested"() ({
    %2 = "test.inner"(%1, %late, %a, %outer) : (i32, i32, i32, i32) -> i32
    "test.yield"(%2) : (i32) -> ()
  }) : () -> ()
  "test.return"(%1) : (i32) -> ()
^bb2(%c: i32):
  "test.br"(%c)[^bb3] : (i32) -> ()
^bb3:
  %late = "test.late"() : () -> i32
  "test.cond_br"(%late, %late)[^bb1, ^bb3] : (i32, i32) -> ()
}) : () -> ()
`;

describe('clone', () => {
  it('copies a region with several blocks, remapping successors and values used before their block', () => {
    const { ops } = parse(MULTI_BLOCK);
    const [outer, fn] = ops as [Operation, Operation];
    const mapping = new IRMapping();
    const c = fn.clone(mapping);
    expect(c.parentBlock).toBeNull();
    expectDisjoint(fn, c);
    // Same text (values from outside print as unknown in both).
    expect(AsmPrinter.printSingle(c)).toBe(AsmPrinter.printSingle(fn));
    // Values defined outside the cloned op are not in the mapping and are used as they are.
    const cloneOps = allOps(c);
    expect(cloneOps.filter((o) => o.operands.includes(outer.result)).map((o) => o.name)).toEqual(['test.def', 'test.use', 'test.inner']);
    // The mapping records blocks, values and operations.
    const origBlocks = fn.regions[0]!.blocksArray();
    const cloneBlocks = c.regions[0]!.blocksArray();
    origBlocks.forEach((b, i) => expect(mapping.lookupBlockOrDefault(b)).toBe(cloneBlocks[i]));
    expect(mapping.lookupOrDefault(origBlocks[1]!.args[0]!)).toBe(cloneBlocks[1]!.args[0]);
    expect(mapping.operations.get(fn)).toBe(c);
    expect(cloneBlocks[3]!.lastOp!.successors).toEqual([cloneBlocks[1], cloneBlocks[3]]);
    expect([...cloneBlocks[1]!.predecessors()]).toEqual([cloneBlocks[3]]);
    // The late value's clone is used in ^bb1 and in the nested region.
    const lateClone = cloneBlocks[3]!.firstOp!.result;
    expect(lateClone.numUses).toBe(4);
    expect(cloneBlocks[3]!.firstOp!.result).not.toBe(origBlocks[3]!.firstOp!.result);
    expect(origBlocks[3]!.firstOp!.result.numUses).toBe(4);
  });

  it('uses the values and blocks that the caller maps', () => {
    const { ctx, ops } = parse(MULTI_BLOCK);
    const [outer, fn] = ops as [Operation, Operation];
    const replacement = Operation.create(ctx, { name: 'test.repl', resultTypes: [IntegerType.get(ctx, 32)] }).result;
    const mapping = new IRMapping();
    mapping.map(outer.result, replacement);
    expect(mapping.contains(outer.result)).toBe(true);
    const c = fn.clone(mapping);
    expect(allOps(c).filter((o) => o.operands.includes(replacement)).map((o) => o.name)).toEqual(['test.def', 'test.use', 'test.inner']);
    expect(allOps(c).some((o) => o.operands.includes(outer.result))).toBe(false);
    expect(outer.result.numUses).toBe(3);
  });

  it('drops entry arguments that the caller maps, as MLIR does', () => {
    const { ctx, ops } = parse(MULTI_BLOCK);
    const fn = ops[1]!;
    const entry = fn.regions[0]!.entryBlock;
    const v = Operation.create(ctx, { name: 'test.v', resultTypes: [IntegerType.get(ctx, 32)] }).result;
    const mapping = new IRMapping();
    mapping.map(entry.args[0]!, v);
    const c = fn.clone(mapping);
    const cEntry = c.regions[0]!.entryBlock;
    expect(cEntry.numArguments).toBe(0);
    expect(cEntry.firstOp!.getOperand(0)).toBe(v);
    // %a is also used in the nested region of ^bb1.
    const inner = allOps(c).find((o) => o.name === 'test.inner')!;
    expect(inner.getOperand(2)).toBe(v);
  });

  it('keeps successors outside the cloned op, unless mapped', () => {
    const { ctx, ops } = parse(MULTI_BLOCK);
    const fn = ops[1]!;
    const blocks = fn.regions[0]!.blocksArray();
    const br = blocks[0]!.lastOp!;
    const c1 = br.clone();
    expect(c1.successors).toEqual([blocks[2]]);
    expect(c1.successorUses[0]!.block).toBe(blocks[2]);
    const other = new Block();
    const mapping = new IRMapping();
    mapping.map(blocks[2]!, other);
    expect(mapping.contains(blocks[2]!)).toBe(true);
    const c2 = br.clone(mapping);
    expect(c2.successors).toEqual([other]);
    expect(c2.getOperand(0)).toBe(br.getOperand(0));
    c1.dropAllReferences();
    expect([...blocks[2]!.predecessors()]).toEqual([blocks[0]]);
    void ctx;
  });

  it('maps the results of the cloned op for its own regions (graph regions)', () => {
    const { ops } = parse(`
      %0 = "test.graph"() ({
        "test.use_self"(%0) : (i32) -> ()
      }) : () -> i32
    `);
    const g = ops[0]!;
    const c = g.clone();
    expect(c.regions[0]!.entryBlock.firstOp!.getOperand(0)).toBe(c.result);
  });

  it('cloneWithoutRegions gives empty regions, and results mapped', () => {
    const { ops } = parse(MULTI_BLOCK);
    const fn = ops[1]!;
    const mapping = new IRMapping();
    const c = fn.cloneWithoutRegions(mapping);
    expect(c.numRegions).toBe(1);
    expect(c.regions[0]!.empty).toBe(true);
    expect(mapping.operations.get(fn)).toBe(c);
  });

  it('Region.cloneInto inserts before a given block of the destination', () => {
    const { ctx, ops } = parse(MULTI_BLOCK);
    const fn = ops[1]!;
    const dest = Operation.create(ctx, { name: 'test.dest', regions: 1 });
    const b = new Builder(ctx);
    const first = b.createBlock(dest.regions[0]!);
    const last = b.createBlock(dest.regions[0]!);
    fn.regions[0]!.cloneInto(dest.regions[0]!, new IRMapping(), last);
    const blocks = dest.regions[0]!.blocksArray();
    expect(blocks).toHaveLength(6);
    expect(blocks[0]).toBe(first);
    expect(blocks[5]).toBe(last);
    expect(blocks[4]!.lastOp!.successors).toEqual([blocks[2], blocks[4]]);
  });

  it('looks the operands of the cloned op up once (unrolling: the next iteration uses this one)', () => {
    // Unrolling `%x = f(%iter)` maps %iter to %x and clones f: the clone must use %x, not its own result.
    const { module, ops } = parse(`
      "test.loop"() ({
      ^bb0(%iter: i32):
        %x = "test.f"(%iter) : (i32) -> i32
        "test.yield"(%x) : (i32) -> ()
      }) : () -> ()
    `);
    const body = ops[0]!.regions[0]!.entryBlock;
    const f = body.firstOp!;
    const mapping = new IRMapping();
    mapping.map(body.args[0]!, f.result);
    const f2 = f.clone(mapping);
    f2.moveAfter(f);
    expect(f2.getOperand(0)).toBe(f.result);
    expect(mapping.lookupOrDefault(f.result)).toBe(f2.result);
    expect(AsmPrinter.print(module)).toContain('%0 = "test.f"(%arg0) : (i32) -> i32\n    %1 = "test.f"(%0) : (i32) -> i32\n');
  });

  it('Builder.clone inserts the clone at the insertion point', () => {
    const { ctx, module, ops } = parse(`
      %0 = "test.a"() : () -> i32
      %1 = "test.b"(%0) : (i32) -> i32
    `);
    const b = new Builder(ctx).setInsertionPointAfter(ops[1]!);
    const mapping = new IRMapping();
    mapping.map(ops[0]!.result, ops[1]!.result);
    const c = b.clone(ops[1]!, mapping);
    expect(c.getOperand(0)).toBe(ops[1]!.result);
    expect(AsmPrinter.print(module)).toBe(
      'module {\n  %0 = "test.a"() : () -> i32\n  %1 = "test.b"(%0) : (i32) -> i32\n  %2 = "test.b"(%1) : (i32) -> i32\n}\n',
    );
  });
});
