import { describe, expect, it } from 'vitest';
import { dropRedundantArguments, mergeIdenticalBlocks, PatternRewriter } from '@tlir/rewrite';
import { findOp, parse, print, testContext } from '../../../test/lib/test-context.js';

const func = (body: string): string => `"test.func"() <{sym_name = "f"}> ({\n^bb0(%x: i32, %y: i32):\n${body}\n}) : () -> ()\n`;

/** Merges the blocks of the module's test.func; returns whether anything merged and the function's text. */
function merge(body: string): { merged: boolean; text: string } {
  const ctx = testContext();
  const module = parse(ctx, func(body));
  const f = findOp(module, 'test.func');
  const merged = mergeIdenticalBlocks(new PatternRewriter(ctx), f.regions);
  return { merged, text: print(f) };
}

describe('mergeIdenticalBlocks', () => {
  it('merges blocks that differ in outside values when their predecessors can pass them', () => {
    const { merged, text } = merge(`  "test.cond_br"()[^a, ^b] : () -> ()
^a:
  "test.branch"()[^c] : () -> ()
^b:
  "test.branch"()[^c] : () -> ()
^c:
  "test.return"() : () -> ()`);
    expect(merged).toBe(true);
    expect(text).toContain('"test.cond_br"()[^bb1, ^bb1]');
  });

  it('leaves blocks that differ in outside values when a predecessor is not a branch that takes operands', () => {
    for (const pred of ['"test.cond_br"()[^a, ^b] : () -> ()', '"test.branch_fixed"()[^a, ^b] : () -> ()']) {
      const { merged } = merge(`  ${pred}
^a:
  "test.return"(%x) : (i32) -> ()
^b:
  "test.return"(%y) : (i32) -> ()`);
      expect(merged).toBe(false);
    }
  });

  it('passes the differing values through new arguments', () => {
    const { merged, text } = merge(`  "test.branch"()[^p] : () -> ()
^p:
  "test.one"() : () -> ()
  "test.branch"()[^a] : () -> ()
^q:
  "test.two"() : () -> ()
  "test.branch"()[^b] : () -> ()
^a:
  %s = "test.addi"(%x, %x) : (i32, i32) -> i32
  "test.return"(%s) : (i32) -> ()
^b:
  %t = "test.addi"(%y, %y) : (i32, i32) -> i32
  "test.return"(%t) : (i32) -> ()`);
    expect(merged).toBe(true);
    // One new argument for both operands (the same value at both places in each block).
    expect(text).toContain('"test.branch"(%arg0)[^bb3]');
    expect(text).toContain('"test.branch"(%arg1)[^bb3]');
    expect(text).toMatch(/\^bb3\(%(\d+): i32\):.*\n\s*%\d+ = "test.addi"\(%\1, %\1\)/);
  });
});

describe('dropRedundantArguments', () => {
  it('replaces an argument every predecessor passes the same value', () => {
    const ctx = testContext();
    const module = parse(
      ctx,
      func(`  "test.branch"(%x, %y)[^a] : (i32, i32) -> ()
^a(%p: i32, %q: i32):
  "test.return"(%p, %q) : (i32, i32) -> ()
^b:
  "test.branch"(%x, %x)[^a] : (i32, i32) -> ()`),
    );
    const f = findOp(module, 'test.func');
    expect(dropRedundantArguments(new PatternRewriter(ctx), f.regions)).toBe(true);
    const text = print(f);
    expect(text).toContain('"test.branch"(%arg1)[^bb1]');
    expect(text).toContain('"test.branch"(%arg0)[^bb1]');
    expect(text).toMatch(/\^bb1\(%(\d+): i32\):.*\n\s*"test.return"\(%arg0, %\1\)/);
  });
});
