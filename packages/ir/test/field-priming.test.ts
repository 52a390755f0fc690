import { describe, expect, it } from 'vitest';
import { Context, IntegerType } from '@tlir/ir';

// Context's constructor primes the IR objects' fields for V8 once per process (field-priming.ts), in a scratch
// context: the contexts a program makes must not see it.
describe('field priming', () => {
  it('leaves no operation names in the contexts made', () => {
    const ctx = new Context();
    const names = (ctx as unknown as { opNames: Map<string, unknown> }).opNames;
    expect([...names.keys()].filter((n) => n.startsWith('prime.'))).toEqual([]);
    expect(ctx.lookupOperation('prime.branch')).toBeUndefined();
  });

  it('does not shift the ids of interned types: the first context numbers them as any later one', () => {
    const first = new Context();
    const firstIds = [IntegerType.get(first, 32).id, IntegerType.get(first, 64).id];
    const later = new Context();
    expect([IntegerType.get(later, 32).id, IntegerType.get(later, 64).id]).toEqual(firstIds);
  });
});
