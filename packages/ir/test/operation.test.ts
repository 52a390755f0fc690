import { describe, expect, it } from 'vitest';
import {
  parseSourceString,
  Block,
  Builder,
  Context,
  DictionaryAttr,
  FileLineColLoc,
  IntegerAttr,
  IntegerType,
  Operation,
  OperationState,
  Region,
  StringAttr,
  UnitAttr,
  UnknownLoc,
  type Diagnostic,
} from '../src/index.js';

const ctx = new Context({ allowUnregisteredDialects: true });
const i32 = IntegerType.get(ctx, 32);
const i64 = IntegerType.get(ctx, 64);

function blockWith(n: number, name = 'test.op'): { block: Block; ops: Operation[] } {
  const block = new Block();
  const ops: Operation[] = [];
  for (let i = 0; i < n; i++) {
    const op = Operation.create(ctx, { name: `${name}${i}` });
    block.append(op);
    ops.push(op);
  }
  return { block, ops };
}

const names = (b: Block): string[] => b.opsArray().map((o) => o.name);

describe('creating operations', () => {
  it('takes name, operands, results, attributes, properties, regions and location', () => {
    const loc = new FileLineColLoc('f.mlir', 3, 4);
    const a = Operation.create(ctx, { name: 'test.a', resultTypes: [i32, i64] });
    const r1 = new Region();
    const op = Operation.create(ctx, {
      name: 'test.op',
      operands: [a.getResult(0), a.getResult(1)],
      resultTypes: [i32],
      attributes: [{ name: 'z', value: UnitAttr.get(ctx) }, { name: 'a', value: IntegerAttr.get(ctx, i32, 1) }],
      properties: DictionaryAttr.get(ctx, [{ name: 'p', value: StringAttr.get(ctx, 'x') }]),
      regions: [r1],
      loc,
    });
    expect(op.name).toBe('test.op');
    expect(op.opName.dialect).toBe('test');
    expect(op.isRegistered).toBe(false);
    expect(op.numOperands).toBe(2);
    expect(op.resultTypes).toEqual([i32]);
    expect(op.result.owner).toBe(op);
    expect(op.result.index).toBe(0);
    expect(op.result.definingOp).toBe(op);
    expect(op.attributes.entries.map((e) => e.name)).toEqual(['a', 'z']);
    expect(op.getProperty('p')).toBe(StringAttr.get(ctx, 'x'));
    expect(op.regions).toEqual([r1]);
    expect(r1.parentOp).toBe(op);
    expect(r1.index).toBe(0);
    expect(op.loc).toBe(loc);
    expect(op.result.loc).toBe(loc);
    expect(op.toString()).toBe('<operation test.op>');
    expect(a.loc).toBe(UnknownLoc.instance);
    expect(() => a.result).toThrow(/has 2 results, not one/);
    expect(() => a.getResult(2)).toThrow(RangeError);
    expect(() => a.getRegion(0)).toThrow(RangeError);
    expect(Operation.create(ctx, { name: 'test.r', regions: 3 }).numRegions).toBe(3);
  });

  it('refuses a region that already belongs to an operation', () => {
    const op = Operation.create(ctx, { name: 'test.op', regions: 1 });
    expect(() => Operation.create(ctx, { name: 'test.other', regions: [op.regions[0]!] })).toThrow(/already belongs/);
  });

  it('can be created from an OperationState', () => {
    const loc = new FileLineColLoc('s.mlir', 1, 1);
    const state = new OperationState('test.state', loc);
    state.addTypes(i32, i32).addAttribute('a', UnitAttr.get(ctx)).addAttribute('a', IntegerAttr.get(ctx, i32, 2));
    const region = state.addRegion();
    const op = Operation.create(ctx, state);
    expect(op.numResults).toBe(2);
    expect(op.getAttr('a')).toBe(IntegerAttr.get(ctx, i32, 2)); // addAttribute replaces
    expect(op.regions[0]).toBe(region);
    expect(op.loc).toBe(loc);
  });
});

describe('attributes and properties', () => {
  it('setAttr, getAttr and removeAttr update the interned dictionary', () => {
    const op = Operation.create(ctx, { name: 'test.op' });
    const before = op.attributes;
    op.setAttr('b', UnitAttr.get(ctx));
    op.setAttr('a', IntegerAttr.get(ctx, i32, 1));
    expect(op.attributes.toString()).toBe('{a = 1 : i32, b}');
    expect(before.size).toBe(0);
    op.setAttr('a', IntegerAttr.get(ctx, i32, 2));
    expect(op.getAttr('a')).toBe(IntegerAttr.get(ctx, i32, 2));
    expect(op.removeAttr('a')).toBe(IntegerAttr.get(ctx, i32, 2));
    expect(op.removeAttr('a')).toBeUndefined();
    expect(op.attributes).toBe(DictionaryAttr.get(ctx, [{ name: 'b', value: UnitAttr.get(ctx) }]));
  });

  it('properties hold inherent attributes; discardable ones are the fallback', () => {
    const op = Operation.create(ctx, { name: 'test.op', attributes: [{ name: 'x', value: UnitAttr.get(ctx) }] });
    expect(op.properties).toBeUndefined();
    expect(op.getInherentOrDiscardable('x')).toBe(UnitAttr.get(ctx));
    op.setProperty('x', StringAttr.get(ctx, 'p'));
    expect(op.getInherentOrDiscardable('x')).toBe(StringAttr.get(ctx, 'p'));
    expect(op.properties!.toString()).toBe('{x = "p"}');
    op.setProperty('x', undefined);
    expect(op.properties).toBeUndefined();
    // A non-dictionary property (allowed for unregistered ops) has no named entries.
    op.properties = StringAttr.get(ctx, 'opaque');
    expect(op.getProperty('x')).toBeUndefined();
  });
});

describe('moving operations', () => {
  it('remove detaches without erasing; the op can be inserted elsewhere', () => {
    const { block, ops } = blockWith(3);
    const other = new Block();
    expect(ops[1]!.remove()).toBe(ops[1]);
    expect(ops[1]!.parentBlock).toBeNull();
    expect(ops[1]!.isErased).toBe(false);
    expect(names(block)).toEqual(['test.op0', 'test.op2']);
    expect(block.numOps).toBe(2);
    other.append(ops[1]!);
    expect(ops[1]!.parentBlock).toBe(other);
    expect(ops[0]!.nextOperation).toBe(ops[2]);
    expect(ops[2]!.prevOperation).toBe(ops[0]);
  });

  it('moveBefore and moveAfter work within a block and across blocks', () => {
    const { block, ops } = blockWith(4);
    ops[3]!.moveBefore(ops[0]!);
    expect(names(block)).toEqual(['test.op3', 'test.op0', 'test.op1', 'test.op2']);
    ops[3]!.moveAfter(ops[2]!);
    expect(names(block)).toEqual(['test.op0', 'test.op1', 'test.op2', 'test.op3']);
    ops[1]!.moveAfter(ops[1]!.nextOperation!);
    expect(names(block)).toEqual(['test.op0', 'test.op2', 'test.op1', 'test.op3']);
    const { block: b2, ops: others } = blockWith(2, 'test.other');
    ops[0]!.moveAfter(others[1]!);
    ops[3]!.moveBefore(others[0]!);
    expect(names(block)).toEqual(['test.op2', 'test.op1']);
    expect(names(b2)).toEqual(['test.op3', 'test.other0', 'test.other1', 'test.op0']);
    expect(block.numOps).toBe(2);
    expect(b2.numOps).toBe(4);
    expect(block.firstOp).toBe(ops[2]);
    expect(block.lastOp).toBe(ops[1]);
    expect(b2.lastOp).toBe(ops[0]);
    expect(() => ops[0]!.moveBefore(Operation.create(ctx, { name: 'test.detached' }))).toThrow(/not in a block/);
  });

  it('moving an op before or after itself changes nothing', () => {
    const { block, ops } = blockWith(3);
    ops[1]!.moveBefore(ops[1]!);
    ops[2]!.moveAfter(ops[2]!);
    ops[0]!.moveAfter(ops[0]!);
    expect(names(block)).toEqual(['test.op0', 'test.op1', 'test.op2']);
    expect(block.numOps).toBe(3);
    expect(ops.every((o) => o.parentBlock === block)).toBe(true);
  });

  it('insertion refuses an op that is in a block and an anchor of another block', () => {
    const { block, ops } = blockWith(2);
    const { ops: others } = blockWith(1);
    expect(() => block.append(ops[0]!)).toThrow(/already in a block/);
    const detached = Operation.create(ctx, { name: 'test.d' });
    expect(() => block.insertBefore(detached, others[0]!)).toThrow(/anchor is not in this block/);
    expect(detached.parentBlock).toBeNull();
    block.prepend(detached);
    expect(block.firstOp).toBe(detached);
  });
});

describe('isBeforeInBlock', () => {
  it('stays right through insertions in the middle, removals and moves', () => {
    const { block, ops } = blockWith(10);
    const order = (): Operation[] => block.opsArray();
    const check = (): void => {
      const list = order();
      for (let i = 0; i < list.length; i++) {
        for (let j = 0; j < list.length; j++) {
          expect(list[i]!.isBeforeInBlock(list[j]!), `${list[i]!.name} before ${list[j]!.name}`).toBe(i < j);
        }
      }
    };
    check();
    const mid = Operation.create(ctx, { name: 'test.mid' });
    block.insertBefore(mid, ops[5]!);
    check();
    const head = Operation.create(ctx, { name: 'test.head' });
    block.prepend(head);
    check();
    ops[2]!.remove();
    check();
    ops[9]!.moveBefore(ops[1]!);
    check();
    block.append(Operation.create(ctx, { name: 'test.tail' }));
    check();
    block.append(ops[2]!);
    check();
    ops[0]!.erase();
    check();
    const b = new Builder(ctx).setInsertionPointAfter(ops[4]!);
    b.create({ name: 'test.after1' });
    b.create({ name: 'test.after2' });
    check();
    expect(() => ops[1]!.isBeforeInBlock(Operation.create(ctx, { name: 'test.x' }))).toThrow(/not in the same block/);
  });
});

describe('the nesting structure', () => {
  it('knows its parents and ancestors', () => {
    const b = new Builder(ctx);
    const top = Operation.create(ctx, { name: 'test.top', regions: 1 });
    b.createBlock(top.regions[0]!);
    const mid = b.create({ name: 'test.mid', regions: 2 });
    b.createBlock(mid.regions[1]!);
    const leaf = b.create({ name: 'test.leaf' });
    expect(leaf.parentOp).toBe(mid);
    expect(leaf.parentRegion).toBe(mid.regions[1]);
    expect(mid.regions[1]!.index).toBe(1);
    expect(leaf.getParentOfType('test.top')).toBe(top);
    expect(leaf.getParentOfType((o) => o.numRegions === 2)).toBe(mid);
    expect(leaf.getParentOfType('test.none')).toBeNull();
    expect(top.isAncestor(leaf)).toBe(true);
    expect(top.isAncestor(top)).toBe(true);
    expect(top.isProperAncestor(top)).toBe(false);
    expect(leaf.isAncestor(top)).toBe(false);
    expect(Operation.findAncestorInBlock(top.regions[0]!.entryBlock, leaf)).toBe(mid);
    expect(Operation.findAncestorInBlock(mid.regions[1]!.entryBlock, top)).toBeNull();
    expect(top.regions[0]!.isAncestorOf(leaf)).toBe(true);
    expect(mid.regions[0]!.isAncestorOf(leaf)).toBe(false);
    expect(top.parentOp).toBeNull();
  });
});

describe('diagnostics at an operation', () => {
  it('emitOpError prefixes the op name and reports at the op location', () => {
    const c = new Context({ allowUnregisteredDialects: true });
    const seen: Diagnostic[] = [];
    c.diagnostics.addHandler((d) => seen.push(d));
    const loc = new FileLineColLoc('x.mlir', 2, 3);
    const op = Operation.create(c, { name: 'test.op', loc });
    op.emitOpError('is wrong').attachNote(loc, 'see here');
    op.emitWarning('careful');
    op.emitRemark('fyi');
    expect(seen.map((d) => [d.severity, d.message])).toEqual([
      ['error', "'test.op' op is wrong"],
      ['warning', 'careful'],
      ['remark', 'fyi'],
    ]);
    expect(seen[0]!.loc).toBe(loc);
    // An error shows the op first (MLIR's printOpOnDiagnostic), then the notes its emitter attached; warnings and
    // remarks do not.
    expect(seen[0]!.notes.map((n) => n.message)).toEqual(['see current operation: "test.op"() : () -> ()', 'see here']);
    expect(seen[0]!.notes[0]!.loc).toBe(loc);
    expect(seen[1]!.notes).toEqual([]);
    expect(seen[2]!.notes).toEqual([]);
    expect(c.diagnostics.errorCount).toBe(1);
  });

  it('shows the op in generic form, its values named as in its isolated ancestor; the context can turn it off', () => {
    const c = new Context({ allowUnregisteredDialects: true });
    const seen: Diagnostic[] = [];
    c.diagnostics.addHandler((d) => seen.push(d));
    const m = parseSourceString(
      c,
      `"test.fn"() ({
^bb0(%a: i32):
  %0 = "test.def"() : () -> i32
  "test.region"(%0) ({
    "test.use"(%a, %0) : (i32, i32) -> ()
  }) : (i32) -> ()
}) {test.isolated} : () -> ()`,
      'n.mlir',
    )!;
    const fn = m.regions[0]!.firstBlock!.firstOp!;
    const region = fn.regions[0]!.firstBlock!.firstOp!.nextOp!;
    const use = region.regions[0]!.firstBlock!.firstOp!;
    // test.fn is not isolated (unregistered): names are those of the whole module.
    use.emitError('bad use');
    expect(seen[0]!.notes[0]!.message).toBe('see current operation: "test.use"(%arg0, %0) : (i32, i32) -> ()');
    // An op printed on several lines starts on its own line.
    region.emitOpError('bad region');
    expect(seen[1]!.notes[0]!.message).toBe(
      'see current operation: \n"test.region"(%0) ({\n  "test.use"(%arg0, %0) : (i32, i32) -> ()\n}) : (i32) -> ()',
    );
    c.printOpOnDiagnostic = false;
    use.emitError('quiet');
    expect(seen[2]!.notes).toEqual([]);
  });
});
