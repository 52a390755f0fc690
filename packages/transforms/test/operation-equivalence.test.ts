// CSE's hashing and equivalence of ops (operation-equivalence.ts): equal hashes for ops CSE may merge, and a
// comparison that decides, whatever the hashes.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AnyType, Commutative, Context, Pure, Variadic, defineDialect, defineOp, parseSourceString, valueHashId, type Block, type Operation } from '@tlir/ir';
import { operationHash, sameExceptRegions } from '@tlir/transforms';

const AddOp = defineOp('eq.add', { operands: { lhs: AnyType, rhs: AnyType }, results: { result: AnyType }, traits: [Pure, Commutative] });
const SubOp = defineOp('eq.sub', { operands: { lhs: AnyType, rhs: AnyType }, results: { result: AnyType }, traits: [Pure] });
const SumOp = defineOp('eq.sum', { operands: { values: Variadic(AnyType) }, results: { result: AnyType }, traits: [Pure, Commutative] });
const EqDialect = defineDialect({ name: 'eq', operations: [AddOp, SubOp, SumOp] });

function ops(text: string): Operation[] {
  const ctx = new Context({ dialects: [EqDialect], allowUnregisteredDialects: true });
  const module = parseSourceString(ctx, text, 'eq.mlir')!;
  const found: Operation[] = [];
  module.walk((op) => void (op.name.startsWith('eq.') && found.push(op)), 'pre');
  return found;
}

const hash = (op: Operation): number => operationHash(op, new Map<Block, number>());

describe('operationHash and sameExceptRegions', () => {
  it('a commutative op with its operands swapped is the same op; a non-commutative one is not', () => {
    const [add1, add2, sub1, sub2, add3] = ops(`
      %a = "test.def"() : () -> i32
      %b = "test.def"() : () -> i32
      %0 = "eq.add"(%a, %b) : (i32, i32) -> i32
      %1 = "eq.add"(%b, %a) : (i32, i32) -> i32
      %2 = "eq.sub"(%a, %b) : (i32, i32) -> i32
      %3 = "eq.sub"(%b, %a) : (i32, i32) -> i32
      %4 = "eq.add"(%a, %a) : (i32, i32) -> i32
    `);
    expect(hash(add1!)).toBe(hash(add2!));
    expect(sameExceptRegions(add1!, add2!)).toBe(true);
    expect(sameExceptRegions(sub1!, sub2!)).toBe(false);
    expect(sameExceptRegions(add1!, add3!)).toBe(false);
    expect(sameExceptRegions(add1!, sub1!)).toBe(false);
  });

  it('result types and attributes count', () => {
    const [x, y, z] = ops(`
      %a = "test.def"() : () -> i32
      %0 = "eq.sub"(%a, %a) : (i32, i32) -> i32
      %1 = "eq.sub"(%a, %a) : (i32, i32) -> i64
      %2 = "eq.sub"(%a, %a) {tag} : (i32, i32) -> i32
    `);
    expect(sameExceptRegions(x!, y!)).toBe(false);
    expect(sameExceptRegions(x!, z!)).toBe(false);
  });

  it('variadic commutative ops: any permutation of the operands is the same op, another multiset is not', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 3 }), { minLength: 1, maxLength: 6 }), fc.integer(), fc.integer({ min: 0, max: 3 }), (picks, seed, other) => {
        const names = ['%a', '%b', '%c', '%d'];
        const permuted = [...picks];
        // A deterministic shuffle from the seed.
        for (let i = permuted.length - 1, s = seed; i > 0; i--) {
          s = (Math.imul(s, 1103515245) + 12345) | 0;
          const j = Math.abs(s) % (i + 1);
          [permuted[i], permuted[j]] = [permuted[j]!, permuted[i]!];
        }
        const changed = [...picks];
        changed[0] = other;
        const list = (xs: number[]): string => xs.map((i) => names[i]).join(', ');
        const types = (xs: number[]): string => xs.map(() => 'i32').join(', ');
        const [p, q, r] = ops(`
          %a = "test.def"() : () -> i32
          %b = "test.def"() : () -> i32
          %c = "test.def"() : () -> i32
          %d = "test.def"() : () -> i32
          %0 = "eq.sum"(${list(picks)}) : (${types(picks)}) -> i32
          %1 = "eq.sum"(${list(permuted)}) : (${types(permuted)}) -> i32
          %2 = "eq.sum"(${list(changed)}) : (${types(changed)}) -> i32
        `);
        expect(hash(p!)).toBe(hash(q!));
        expect(sameExceptRegions(p!, q!)).toBe(true);
        const sameMultiset = [...picks].sort().join() === [...changed].sort().join();
        expect(sameExceptRegions(p!, r!)).toBe(sameMultiset);
      }),
      { numRuns: 200 },
    );
  });

  it('valueHashId is given once per value and differs between values', () => {
    const [op] = ops(`
      %a = "test.def"() : () -> i32
      %b = "test.def"() : () -> i32
      %0 = "eq.add"(%a, %b) : (i32, i32) -> i32
    `);
    const [a, b] = op!.operandValues;
    const ida = valueHashId(a!);
    expect(ida).toBeGreaterThan(0);
    expect(valueHashId(a!)).toBe(ida);
    expect(valueHashId(b!)).not.toBe(ida);
  });
});
