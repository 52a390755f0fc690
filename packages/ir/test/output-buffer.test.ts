import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { OutputBuffer } from '../src/printer/output-buffer.js';

const written = (f: (b: OutputBuffer) => void): string => {
  const b = new OutputBuffer();
  f(b);
  return b.toString();
};

describe('OutputBuffer', () => {
  it('writes integers as String() does, at every digit count and past 32 bits', () => {
    const values = [0, 7, 9, 10, 11, 99, 100, 999, 1000, 65535, 99999, 100000, 999999, 1000000, 9999999, 10000000];
    values.push(99999999, 100000000, 999999999, 1000000000, 0x7fffffff, 0x80000000, 4294967295, 1e15, 2 ** 53 - 1);
    for (const v of values) expect(written((b) => b.writeInt(v))).toBe(String(v));
  });

  it('writes any non-negative safe integer as String() does, between other text', () => {
    fc.assert(
      fc.property(fc.array(fc.oneof(fc.nat(), fc.maxSafeNat())), (vs) => {
        expect(written((b) => vs.forEach((v) => (b.write('%'), b.writeInt(v))))).toBe(vs.map((v) => `%${v}`).join(''));
      }),
    );
  });

  it('with a sink, hands over full chunks in one reused buffer, the rest on flush', () => {
    const got: string[] = [];
    const buffers = new Set<ArrayBufferLike>();
    const b = new OutputBuffer((bytes) => {
      buffers.add(bytes.buffer);
      got.push(new TextDecoder().decode(bytes));
    });
    const line = 'y'.repeat(1000) + '\n';
    for (let i = 0; i < 3000; i++) b.write(line);
    b.writeInt(12345);
    b.flush();
    b.flush();
    expect(got.join('')).toBe(line.repeat(3000) + '12345');
    expect(got.length).toBeGreaterThan(2);
    // One buffer serves every chunk, from the first: the field holding it never changes (see the constructor).
    expect(buffers.size).toBe(1);
    expect(b.toChunks().map((c) => c.length)).toEqual([0]);
  });

  it('keeps text across chunk boundaries and encodes non-ASCII as UTF-8', () => {
    const long = 'x'.repeat(50_000);
    const text = written((b) => {
      for (let i = 0; i < 40; i++) {
        b.write(long);
        b.writeInt(i);
        b.write('é∀');
      }
    });
    expect(text).toBe(Array.from({ length: 40 }, (_, i) => `${long}${i}é∀`).join(''));
  });
});
