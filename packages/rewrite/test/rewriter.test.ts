import { describe, expect, it } from 'vitest';
import { IntegerType, type Operation } from '@tlir/ir';
import { PatternRewriter, type RewriterListener } from '@tlir/rewrite';
import { findOp, parse, print, testContext } from '../../../test/lib/test-context.js';

/** A listener that records every notification as text. */
function recorder(): RewriterListener & { events: string[] } {
  const events: string[] = [];
  const name = (op: Operation): string => op.name + (op.getAttr('tag') ? `#${String(op.getAttr('tag')).replace(/"/g, '')}` : '');
  return {
    events,
    onOperationInserted: (op, previous) => events.push(`${previous ? 'moved' : 'inserted'} ${name(op)}`),
    onBlockInserted: () => events.push('block inserted'),
    onOperationModified: (op) => events.push(`modified ${name(op)}`),
    onOperationReplaced: (op, vs) => events.push(`replaced ${name(op)} with ${vs.length}`),
    onOperationErased: (op) => events.push(`erased ${name(op)}`),
    onBlockErased: () => events.push('block erased'),
    onMatchFailure: (op, reason) => events.push(`failure ${name(op)}: ${reason}`),
  };
}

const SRC = `
"test.func"() <{sym_name = "f"}> ({
^bb0(%x: i32, %y: i32):
  %a = "test.addi"(%x, %y) {tag = "a"} : (i32, i32) -> i32
  %b = "test.muli"(%a, %a) {tag = "b"} : (i32, i32) -> i32
  "test.return"(%b) : (i32) -> ()
}) : () -> ()
`;

function setup(): { ctx: ReturnType<typeof testContext>; module: Operation; rewriter: PatternRewriter; events: string[] } {
  const ctx = testContext();
  const module = parse(ctx, SRC);
  const l = recorder();
  return { ctx, module, rewriter: new PatternRewriter(ctx, l), events: l.events };
}

describe('PatternRewriter', () => {
  it('reports creation, replacement (users modified) and erasure', () => {
    const { module, rewriter, events } = setup();
    const add = findOp(module, 'test.addi');
    rewriter.setInsertionPoint(add);
    const sub = rewriter.create({ name: 'test.subi', operands: add.operands, resultTypes: [add.result.type] });
    rewriter.replaceOp(add, sub);
    expect(events).toEqual(['inserted test.subi', 'replaced test.addi#a with 1', 'modified test.muli#b', 'modified test.muli#b', 'erased test.addi#a']);
    expect(print(module)).toContain('%0 = "test.subi"(%arg0, %arg1) : (i32, i32) -> i32');
  });

  it('replaceOpWithNewOp builds at the op, with its location', () => {
    const { module, rewriter } = setup();
    const mul = findOp(module, 'test.muli');
    const neg = rewriter.replaceOpWithNewOp(mul, { name: 'test.neg', operands: [mul.getOperand(0)], resultTypes: [mul.result.type] });
    expect(neg.loc.equals(mul.loc)).toBe(true);
    expect(findOp(module, 'test.return').getOperand(0)).toBe(neg.result);
  });

  it('erases nested ops innermost first, and refuses an op that is still used', () => {
    const { module, rewriter, events } = setup();
    expect(() => rewriter.eraseOp(findOp(module, 'test.addi'))).toThrow(/still has uses/);
    rewriter.eraseOp(findOp(module, 'test.func'));
    expect(events).toEqual(['erased test.return', 'erased test.muli#b', 'erased test.addi#a', 'block erased', 'erased test.func']);
  });

  it('modifies in place and reports it', () => {
    const { module, rewriter, events } = setup();
    const mul = findOp(module, 'test.muli');
    const x = mul.parentBlock!.args[0]!;
    rewriter.modifyOpInPlace(mul, () => mul.setOperand(1, x));
    expect(events).toEqual(['modified test.muli#b']);
    expect(mul.getOperand(1)).toBe(x);
  });

  it('moves ops, splits, merges and inlines blocks', () => {
    const { module, rewriter, events } = setup();
    const add = findOp(module, 'test.addi');
    const mul = findOp(module, 'test.muli');
    const block = add.parentBlock!;
    const tail = rewriter.splitBlock(block, mul);
    expect(block.numOps).toBe(1);
    expect(tail.numOps).toBe(2);
    expect(events).toEqual(['block inserted', 'moved test.muli#b', 'moved test.return']);
    events.length = 0;
    rewriter.mergeBlocks(tail, block);
    expect(block.opsArray().map((o) => o.name)).toEqual(['test.addi', 'test.muli', 'test.return']);
    expect(events).toEqual(['moved test.muli#b', 'moved test.return', 'block erased']);
    events.length = 0;
    rewriter.moveOpBefore(mul, add);
    expect(block.firstOp).toBe(mul);
    expect(events).toEqual(['moved test.muli#b']);
  });

  it('inlines a block with arguments, replacing them', () => {
    const ctx = testContext();
    const module = parse(
      ctx,
      `"test.if"() ({
        ^bb0(%v: i32):
          %n = "test.neg"(%v) : (i32) -> i32
          "test.yield"(%n) : (i32) -> ()
      }, {}) : () -> ()`,
    );
    const op = findOp(module, 'test.if');
    const inner = op.regions[0]!.entryBlock;
    const rewriter = new PatternRewriter(ctx);
    rewriter.setInsertionPoint(op);
    const c = rewriter.create({ name: 'test.constant', resultTypes: [IntegerType.get(ctx, 32)], properties: rewriter.dictionaryAttr({ value: rewriter.integerAttr(rewriter.i32, 7) }) });
    rewriter.inlineBlockBefore(inner, op.parentBlock!, op, [c.result]);
    expect(op.regions[0]!.empty).toBe(true);
    expect(findOp(module, 'test.neg').getOperand(0)).toBe(c.result);
  });

  it('clones with notifications for nested ops', () => {
    const { module, rewriter, events } = setup();
    const func = findOp(module, 'test.func');
    rewriter.setInsertionPointAfter(func);
    rewriter.clone(func);
    expect(events).toEqual(['inserted test.func', 'inserted test.addi#a', 'inserted test.muli#b', 'inserted test.return']);
  });

  it('notifyMatchFailure reports the reason and returns false', () => {
    const { module, rewriter, events } = setup();
    expect(rewriter.notifyMatchFailure(findOp(module, 'test.addi'), 'no reason')).toBe(false);
    expect(events).toEqual(['failure test.addi#a: no reason']);
  });
});
