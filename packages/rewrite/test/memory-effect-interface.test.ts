// MemoryEffectOpInterface: effects an op computes from itself, consulted when its traits say nothing.
import { describe, expect, it } from 'vitest';
import { AnyType, Context, Variadic, defineDialect, defineOp, parseSourceString, type Operation } from '@tlir/ir';
import { MemoryEffectOpInterface, applyPatternsGreedily, getMemoryEffects, isOpTriviallyDead, mayWriteMemory } from '@tlir/rewrite';

// `fx.touch` writes memory when one of its operands is an i64 ("a pointer"), and touches nothing otherwise.
const TouchOp = defineOp('fx.touch', {
  operands: { values: Variadic(AnyType) },
  results: { results: Variadic(AnyType) },
  interfaces: [
    MemoryEffectOpInterface.implement({
      getEffects: (op) => (op.operands.some((v) => String(v.type) === 'i64') ? ['read', 'write'] : []),
    }),
  ],
});
// `fx.opaque` says it does not know.
const OpaqueOp = defineOp('fx.opaque', {
  operands: { values: Variadic(AnyType) },
  interfaces: [MemoryEffectOpInterface.implement({ getEffects: () => undefined })],
});
const FxDialect = defineDialect({ name: 'fx', operations: [TouchOp, OpaqueOp] });

function ops(text: string): { module: Operation; ops: Operation[] } {
  const ctx = new Context({ dialects: [FxDialect], allowUnregisteredDialects: true });
  const module = parseSourceString(ctx, text, 'fx.mlir')!;
  const found: Operation[] = [];
  module.walk((op) => void (op.name.startsWith('fx.') && found.push(op)), 'pre');
  return { module, ops: found };
}

describe('MemoryEffectOpInterface', () => {
  it('gives each op the effects its implementation computes', () => {
    const { ops: [pure, writes, opaque] } = ops(`
      %a = "test.def"() : () -> i32
      %p = "test.def"() : () -> i64
      %0 = "fx.touch"(%a) : (i32) -> i32
      %1 = "fx.touch"(%p) : (i64) -> i32
      "fx.opaque"(%a) : (i32) -> ()
    `);
    expect(getMemoryEffects(pure!)).toEqual([]);
    expect(getMemoryEffects(writes!)).toEqual(['read', 'write']);
    expect(getMemoryEffects(opaque!)).toBeUndefined();
    expect(mayWriteMemory(pure!)).toBe(false);
    expect(mayWriteMemory(writes!)).toBe(true);
    expect(mayWriteMemory(opaque!)).toBe(true);
    expect(isOpTriviallyDead(pure!)).toBe(true);
    expect(isOpTriviallyDead(writes!)).toBe(false);
  });

  it('decides what the greedy driver erases as dead', () => {
    const { module } = ops(`
      %a = "test.def"() : () -> i32
      %p = "test.def"() : () -> i64
      %0 = "fx.touch"(%a) : (i32) -> i32
      %1 = "fx.touch"(%p) : (i64) -> i32
    `);
    applyPatternsGreedily(module, []);
    const left: string[] = [];
    module.walk((op) => void (op.name === 'fx.touch' && left.push(String(op.operands[0]!.type))));
    expect(left).toEqual(['i64']);
  });
});
