// Trait queries as flags at the traits' ids, and facts kept on an operation name (defineOperationNameMemo): both
// answer for the definition registered under the name, also when it is registered after the name was first used.
import { describe, expect, it } from 'vitest';
import { AnyType, Context, Pure, Terminator, defineOp, defineOperationNameMemo, defineTrait, type OpDefinition, type Trait } from '../src/index.js';

const Late = defineTrait('MemoTestLate');
const Unused = defineTrait('MemoTestUnused');
const WithTraits = defineOp('memo.with', { operands: { x: AnyType }, results: { y: AnyType }, traits: [Pure, Late] });

describe('OperationName.hasTrait', () => {
  it('answers for the traits of the definition, and not for others (ids past the last flag included)', () => {
    const ctx = new Context({ allowUnregisteredDialects: true });
    ctx.registerOperation(WithTraits);
    const name = ctx.getOperationName('memo.with');
    expect(name.hasTrait(Pure)).toBe(true);
    expect(name.hasTrait(Late)).toBe(true);
    expect(name.hasTrait(Terminator)).toBe(false);
    // Defined after the op: its id is beyond the flags the name holds.
    const Later = defineTrait('MemoTestDefinedLater');
    expect(name.hasTrait(Later)).toBe(false);
    expect(name.hasTrait(Unused)).toBe(false);
  });

  it('gives each trait its own id, and a trait made without defineTrait is found by identity', () => {
    expect(new Set([Pure.id, Terminator.id, Late.id, Unused.id]).size).toBe(4);
    const handMade: Trait = Object.freeze({ name: 'MemoTestHandMade' });
    const def: OpDefinition = { name: 'memo.hand', traits: [handMade] };
    const ctx = new Context({ allowUnregisteredDialects: true });
    ctx.registerOperation(def);
    expect(ctx.getOperationName('memo.hand').hasTrait(handMade)).toBe(true);
    expect(ctx.getOperationName('memo.hand').hasTrait(Pure)).toBe(false);
  });

  it('an unregistered name has no traits; registering a definition later gives them', () => {
    const ctx = new Context({ allowUnregisteredDialects: true });
    const name = ctx.getOperationName('memo.with');
    expect(name.hasTrait(Pure)).toBe(false);
    ctx.registerOperation(WithTraits);
    expect(name.hasTrait(Pure)).toBe(true);
  });
});

describe('defineOperationNameMemo', () => {
  it('computes once per name, keeps separate memos apart, and computes again after a registration', () => {
    let calls = 0;
    const isPure = defineOperationNameMemo((name) => {
      calls++;
      return name.hasTrait(Pure);
    });
    const nameLength = defineOperationNameMemo((name) => name.name.length);
    const ctx = new Context({ allowUnregisteredDialects: true });
    const name = ctx.getOperationName('memo.with');
    expect(isPure.get(name)).toBe(false);
    expect(isPure.get(name)).toBe(false);
    expect(calls).toBe(1);
    expect(nameLength.get(name)).toBe('memo.with'.length);
    // The definition registered under the name now: the memo is reset.
    ctx.registerOperation(WithTraits);
    expect(isPure.get(name)).toBe(true);
    expect(calls).toBe(2);
    expect(nameLength.get(name)).toBe('memo.with'.length);
  });
});
