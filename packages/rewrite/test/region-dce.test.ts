import { describe, expect, it } from 'vitest';
import { type Operation } from '@tlir/ir';
import { applyPatternsGreedily, definePattern, PatternRewriter, runRegionDCE, simplifyRegions } from '@tlir/rewrite';
import { findOp, parse, print, testContext } from '../../../test/lib/test-context.js';

const func = (body: string, args = '%x: i32, %y: i32, %m: memref<4xi32>'): string =>
  `"test.func"() <{sym_name = "f"}> ({\n^bb0(${args}):\n${body}\n}) : () -> ()\n`;

/** The body of the first test.func, printed generically, one op per line (trimmed). */
function bodyOf(module: Operation): string[] {
  const lines = print(findOp(module, 'test.func')).trimEnd().split('\n');
  return lines.slice(2, -1).map((l) => l.trim());
}

// Region DCE skips the liveness walk of an isolated op whose regions are single SSA blocks without a trivially
// dead op (nothing in them can be dead). These cases sit at the edges of that shortcut: each must still lose its
// dead ops.
describe('runRegionDCE: what the shortcut for single-block functions must still find', () => {
  it('erases a chain of dead ops, the last of them unused (found by the check, then by liveness)', () => {
    const ctx = testContext();
    const module = parse(
      ctx,
      func(`
  %a = "test.addi"(%x, %y) : (i32, i32) -> i32
  %b = "test.muli"(%a, %a) : (i32, i32) -> i32
  %c = "test.addi"(%b, %x) : (i32, i32) -> i32
  "test.return"(%x) : (i32) -> ()`),
    );
    expect(runRegionDCE(new PatternRewriter(ctx), module.regions)).toBe(true);
    expect(bodyOf(module)).toEqual(['"test.return"(%arg0) : (i32) -> ()']);
  });

  it('erases an unused op nested in the single-block region of a live op', () => {
    const ctx = testContext();
    const module = parse(
      ctx,
      func(`
  %lb = "test.constant"() <{value = 0 : i32}> : () -> i32
  "test.for"(%lb, %x, %y) ({
  ^bb0(%i: i32):
    %d = "test.addi"(%i, %y) : (i32, i32) -> i32
    "test.store"(%i, %m) : (i32, memref<4xi32>) -> ()
    "test.yield"() : () -> ()
  }) : (i32, i32, i32) -> ()
  "test.return"(%x) : (i32) -> ()`),
    );
    expect(runRegionDCE(new PatternRewriter(ctx), module.regions)).toBe(true);
    expect(print(module)).not.toContain('test.addi');
    expect(print(module)).toContain('test.store');
  });

  it('erases a dead op whose only user is a dead op nested in a later op (pre-order, not block order)', () => {
    const ctx = testContext();
    const module = parse(
      ctx,
      func(`
  %a = "test.addi"(%x, %y) : (i32, i32) -> i32
  %lb = "test.constant"() <{value = 0 : i32}> : () -> i32
  "test.for"(%lb, %x, %y) ({
  ^bb0(%i: i32):
    %d = "test.muli"(%a, %i) : (i32, i32) -> i32
    "test.yield"() : () -> ()
  }) : (i32, i32, i32) -> ()
  "test.return"(%x) : (i32) -> ()`),
    );
    expect(runRegionDCE(new PatternRewriter(ctx), module.regions)).toBe(true);
    // The loop has no effect left either: it goes too, with its bounds' constant.
    expect(bodyOf(module)).toEqual(['"test.return"(%arg0) : (i32) -> ()']);
  });

  it('keeps everything, and reports no change, when every op is live', () => {
    const ctx = testContext();
    const text = func(`
  %a = "test.addi"(%x, %y) : (i32, i32) -> i32
  "test.store"(%a, %m) : (i32, memref<4xi32>) -> ()
  "test.return"(%a) : (i32) -> ()`);
    const module = parse(ctx, text);
    expect(runRegionDCE(new PatternRewriter(ctx), module.regions)).toBe(false);
    expect(print(module)).toBe(print(parse(ctx, text)));
  });

  it('still erases a dead cycle through block arguments when the function has several blocks', () => {
    const ctx = testContext();
    const module = parse(
      ctx,
      func(`
  "test.br"(%x)[^bb1] : (i32) -> ()
^bb1(%v: i32):
  %n = "test.addi"(%v, %y) : (i32, i32) -> i32
  "test.cond_br"(%n)[^bb1, ^bb2] : (i32) -> ()
^bb2:
  "test.return"(%x) : (i32) -> ()`),
    );
    // test.cond_br is no BranchOpInterface op: its operand stays live (the shortcut must not be taken here either).
    simplifyRegions(new PatternRewriter(ctx), module.regions);
    expect(print(module)).toContain('test.addi');
  });

  it('the greedy driver erases an op a pattern left unused without erasing it (found by region DCE)', () => {
    // The pattern redirects the use of %a to %x: %a is not queued again, so within one iteration only the region
    // simplification after the worklist erases it.
    const ctx = testContext();
    const module = parse(
      ctx,
      func(`
  %a = "test.muli"(%x, %y) : (i32, i32) -> i32
  "test.store"(%a, %m) : (i32, memref<4xi32>) -> ()
  "test.return"(%x) : (i32) -> ()`),
    );
    const redirect = definePattern('test.store', (op, rewriter) => {
      const v = op.getOperand(0);
      if (v.definingOp?.name !== 'test.muli') return false;
      rewriter.modifyOpInPlace(op, () => op.setOperand(0, op.parentBlock!.args[0]!));
      return true;
    });
    applyPatternsGreedily(module, [redirect], { topDown: true, fold: false, maxIterations: 1, nonConvergence: 'ignore' });
    expect(bodyOf(module)).toEqual(['"test.store"(%arg0, %arg2) : (i32, memref<4xi32>) -> ()', '"test.return"(%arg0) : (i32) -> ()']);
  });
});
