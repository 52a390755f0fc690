import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { IntKeyTable } from '../src/hash-table.js';

describe('IntKeyTable', () => {
  it('answers as a Map of the keys taken as 32-bit signed integers, through any growth', () => {
    const key = fc.oneof(
      fc.integer({ min: -(2 ** 31), max: 2 ** 31 - 1 }),
      // Keys that share their low bits (one probe sequence) and keys outside the 32-bit range (wrapped).
      fc.integer({ min: 0, max: 64 }).map((k) => k * 1024),
      fc.integer({ min: 0, max: 2 ** 31 - 1 }).map((k) => k * 4 + 3),
    );
    fc.assert(
      fc.property(fc.array(fc.tuple(key, fc.nat()), { maxLength: 3000 }), fc.array(key, { maxLength: 200 }), (sets, probes) => {
        const table = new IntKeyTable<number>();
        const oracle = new Map<number, number>();
        for (const [k, v] of sets) {
          table.set(k, v);
          oracle.set(k | 0, v);
        }
        expect(table.size).toBe(oracle.size);
        for (const [k] of sets) expect(table.get(k)).toBe(oracle.get(k | 0));
        for (const k of probes) expect(table.get(k)).toBe(oracle.get(k | 0));
      }),
      { numRuns: 100 },
    );
  });

  it('keeps every entry when it grows far past its first size', () => {
    const table = new IntKeyTable<string>();
    for (let i = 0; i < 50_000; i++) table.set(Math.imul(i, 0x9e3779b1), `v${i}`);
    expect(table.size).toBe(50_000);
    for (let i = 0; i < 50_000; i += 997) expect(table.get(Math.imul(i, 0x9e3779b1))).toBe(`v${i}`);
    expect(table.get(Math.imul(50_001, 0x9e3779b1))).toBeUndefined();
  });
});
