import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Context, IndexType, IntegerAttr, IntegerType, parseSourceString, printOperation, type Type } from '../src/index.js';

// Integer attributes in the 32-bit range are made, normalized and parsed with numbers rather than big integers
// (IntegerAttr.get, the parser's literals): these properties check those paths against big-integer references.

const SIGNEDNESS = ['signless', 'signed', 'unsigned'] as const;

/** Integer types from i0 to i70 in the three signednesses, and index. */
function integerType(ctx: Context): fc.Arbitrary<Type> {
  return fc.oneof(
    fc.tuple(fc.constantFrom(0, 1, 2, 7, 8, 15, 16, 30, 31, 32, 33, 53, 63, 64, 70), fc.constantFrom(...SIGNEDNESS)).map(([w, s]) => IntegerType.get(ctx, w, s)),
    fc.constant(IndexType.get(ctx)),
  );
}

function width(t: Type): number {
  return t instanceof IntegerType ? t.width : 64;
}

/** MLIR's wrapping of a value to its type: two's complement, or modulo 2^w for unsigned types. */
function normalized(t: Type, v: bigint): bigint {
  return t instanceof IntegerType && t.signedness === 'unsigned' ? BigInt.asUintN(width(t), v) : BigInt.asIntN(width(t), v);
}

/** What a literal `-?m : t` denotes, or the error MLIR reports for it (the rules of its parseDecOrHexAttr). */
function literalValue(t: Type, m: bigint, neg: boolean): bigint | string {
  if (neg && t instanceof IntegerType && t.signedness === 'unsigned') return 'negative integer literal not valid for unsigned integer type';
  const w = BigInt(width(t));
  const outOfRange = 'integer constant out of range for attribute';
  if (m >> w !== 0n) return outOfRange;
  if (w === 0n) return neg ? outOfRange : 0n;
  const half = 1n << (w - 1n);
  if (neg) return m >= 1n && m <= half ? -m : outOfRange;
  const signed = t instanceof IndexType || (t instanceof IntegerType && t.signedness === 'signed');
  return signed && m >= half ? outOfRange : m;
}

const int32 = fc.integer({ min: -(2 ** 31), max: 2 ** 31 - 1 });

describe('integer attributes', () => {
  it('are the same object whether made from a number or a big integer, with the value normalized to the type', () => {
    const ctx = new Context();
    const value = fc.oneof(int32, fc.integer({ min: -300, max: 300 }), fc.constantFrom(2 ** 31 - 1, -(2 ** 31), 255, 256, -129, 65535, 0));
    fc.assert(
      fc.property(integerType(ctx), value, (t, v) => {
        const fromNumber = IntegerAttr.get(ctx, t, v);
        expect(IntegerAttr.get(ctx, t, BigInt(v))).toBe(fromNumber);
        expect(fromNumber.value).toBe(normalized(t, BigInt(v)));
        // Made from the normalized value, in either form, it is the same object again.
        expect(IntegerAttr.get(ctx, t, normalized(t, BigInt(v)))).toBe(fromNumber);
      }),
      { numRuns: 2000 },
    );
  });

  it('read from literals have the value or the error of the big-integer rules, and print it back', () => {
    const ctx = new Context({ allowUnregisteredDialects: true });
    const magnitude = fc.oneof(
      fc.integer({ min: 0, max: 300 }),
      fc.integer({ min: 0, max: 999_999_999 }),
      fc.constantFrom(127, 128, 255, 256, 32767, 32768, 65535, 65536, 2 ** 31 - 1, 2 ** 31, 2 ** 32 - 1, 2 ** 32),
    );
    fc.assert(
      fc.property(integerType(ctx), magnitude, fc.boolean(), (t, m, neg) => {
        const literal = `${neg ? '-' : ''}${m}`;
        const module = parseSourceString(ctx, `"test.op"() {a = ${literal} : ${t}} : () -> ()`, 'literal.mlir');
        const messages = ctx.diagnostics.unhandled.map((d) => d.message);
        ctx.diagnostics.unhandled.length = 0;
        const expected = literalValue(t, BigInt(m), neg);
        if (typeof expected === 'string') {
          expect(module).toBeUndefined();
          expect(messages[0]).toBe(expected);
          return;
        }
        expect(messages).toEqual([]);
        const a = module!.regions[0]!.firstBlock!.firstOp!.getAttr('a');
        expect(a).toBe(IntegerAttr.get(ctx, t, expected));
        expect((a as IntegerAttr).value).toBe(normalized(t, expected));
        const isBool = t instanceof IntegerType && t.width === 1 && t.signedness === 'signless';
        const shown = isBool ? (normalized(t, expected) ? 'true' : 'false') : `${normalized(t, expected)} : ${t}`;
        expect(printOperation(module!.regions[0]!.firstBlock!.firstOp!)).toContain(`{a = ${shown}}`);
      }),
      { numRuns: 2000 },
    );
  });
});
