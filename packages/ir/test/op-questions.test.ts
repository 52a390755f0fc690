// What analyses ask of an op instead of matching its name: whether it is a loop (LoopLikeOpInterface), a view
// (ViewLikeOpInterface) and which memory it touches (MemoryAccessOpInterface); and canonicalization patterns a
// dialect attaches lazily.
import { describe, expect, it } from 'vitest';
import {
  AnyRegion,
  AnyType,
  Context,
  LoopLikeOpInterface,
  MemoryAccessOpInterface,
  Variadic,
  ViewLikeOpInterface,
  defineDialect,
  defineOp,
  getLoopRegions,
  getMemoryAccesses,
  getViewRoot,
  getViewSource,
  isLoopLike,
  isViewLike,
  memoryAccess,
  parseSourceString,
  type CanonicalizationPattern,
  type Operation,
} from '../src/index.js';

const ViewOp = defineOp('q.view', {
  operands: { source: AnyType },
  results: { result: AnyType },
  interfaces: [ViewLikeOpInterface.implement({ getViewSource: (op) => op.getOperand(0) })],
});
const StoreOp = defineOp('q.store', {
  operands: { value: AnyType, memref: AnyType, indices: Variadic(AnyType) },
  interfaces: [MemoryAccessOpInterface.implement({ getMemoryAccesses: (op) => [memoryAccess(op, 1, 2, { write: true })] })],
});
const LoopOp = defineOp('q.loop', {
  regions: { body: AnyRegion, other: AnyRegion },
  interfaces: [LoopLikeOpInterface.implement({ getLoopRegions: (op) => [op.regions[0]!] })],
});
const QDialect = defineDialect({ name: 'q', operations: [ViewOp, StoreOp, LoopOp] });

function parse(ctx: Context, text: string): Operation[] {
  const m = parseSourceString(ctx, text, 'q.mlir');
  if (!m) throw new Error(ctx.diagnostics.unhandled.map((d) => d.message).join('\n'));
  const fn = m.regions[0]!.firstBlock!.firstOp!;
  return fn.regions[0]!.firstBlock!.opsArray();
}

describe('questions asked of an op', () => {
  const ctx = new Context({ dialects: [QDialect], allowUnregisteredDialects: true });
  const [v1, v2, store, loop, other] = parse(
    ctx,
    `"test.func"() ({
^bb0(%m: i32, %i: index, %x: i32):
  %0 = "q.view"(%m) : (i32) -> i32
  %1 = "q.view"(%0) : (i32) -> i32
  "q.store"(%x, %1, %i, %i) : (i32, i32, index, index) -> ()
  "q.loop"() ({}, {}) : () -> ()
  "other.op"() ({}) : () -> ()
}) : () -> ()`,
  );

  it('is it a view, and of what', () => {
    const m = v1!.getOperand(0);
    expect([v1, v2, store].map((op) => isViewLike(op!))).toEqual([true, true, false]);
    expect(getViewSource(v2!)).toBe(v1!.results[0]);
    expect(getViewSource(store!)).toBeUndefined();
    expect(getViewRoot(v2!.results[0]!)).toBe(m);
    expect(getViewRoot(m)).toBe(m);
  });

  it('which memory does it touch', () => {
    const [access, ...more] = getMemoryAccesses(store!)!;
    expect(more).toEqual([]);
    expect(access!.memref).toBe(v2!.results[0]);
    expect(access!.indices).toEqual([store!.getOperand(2), store!.getOperand(3)]);
    expect([access!.read, access!.write, access!.atomic, access!.free]).toEqual([false, true, false, false]);
    expect(getMemoryAccesses(v1!)).toBeUndefined();
  });

  it('is it a loop, and which regions are its body', () => {
    expect([isLoopLike(loop!), isLoopLike(other!), isLoopLike(v1!)]).toEqual([true, false, false]);
    expect(getLoopRegions(loop!)).toEqual([loop!.regions[0]]);
    expect(getLoopRegions(other!)).toEqual([]);
  });
});

describe('canonicalization patterns a dialect attaches', () => {
  const pattern = (rootName: string): CanonicalizationPattern => ({ rootName, benefit: 1, matchAndRewrite: () => false });

  it('are computed once, when first asked for', () => {
    let calls = 0;
    const patterns = [pattern('p.a')];
    const dialect = defineDialect({
      name: 'p',
      canonicalize: () => {
        calls++;
        return patterns;
      },
    });
    expect(calls).toBe(0);
    expect(dialect.getCanonicalizationPatterns!()).toEqual(patterns);
    expect(dialect.getCanonicalizationPatterns!()).toBe(dialect.getCanonicalizationPatterns!());
    expect(calls).toBe(1);
  });

  it('are rooted at ops of the dialect', () => {
    const dialect = defineDialect({ name: 'p', canonicalize: () => [pattern('other.a')] });
    expect(() => dialect.getCanonicalizationPatterns!()).toThrow(
      "dialect 'p': a canonicalization pattern rooted at 'other.a', which is not in the dialect's namespace",
    );
  });
});
