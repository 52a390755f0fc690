import { describe, expect, it } from 'vitest';
import { SpanCache } from '../src/parser/span-cache.js';
import { encodeSource } from '../src/parser/source-bytes.js';

/** Finds every occurrence of `word` in `text` (the spans the cache is asked about). */
function spans(text: string, word: string): [number, number][] {
  const out: [number, number][] = [];
  for (let i = text.indexOf(word); i >= 0; i = text.indexOf(word, i + 1)) out.push([i, i + word.length]);
  return out;
}

describe('SpanCache', () => {
  // ASCII: its offsets are those of its bytes, which the cache reads.
  const text = '(i32) -> i32 ; (i32) -> i64 ; (i32) -> i32 ; (i3) -> i32';
  const src = encodeSource(text);

  it('finds a span by its text, wherever the text occurs again', () => {
    const cache = new SpanCache<string>(src);
    const [a, b] = spans(text, '(i32) -> i32');
    expect(cache.get(a![0], a![1], SpanCache.hash(src, a![0], a![1]))).toBeUndefined();
    cache.set(a![0], a![1], SpanCache.hash(src, a![0], a![1]), 'first');
    expect(cache.get(b![0], b![1], SpanCache.hash(src, b![0], b![1]))).toBe('first');
  });

  it('tells texts apart even when their hashes are equal (the text is compared)', () => {
    const cache = new SpanCache<string>(src);
    const [x] = spans(text, '(i32) -> i32');
    const [y] = spans(text, '(i32) -> i64');
    const [z] = spans(text, '(i3) -> i32');
    // The same hash for all three: only the text can tell them apart.
    cache.set(x![0], x![1], 7, 'i32');
    expect(cache.get(y![0], y![1], 7)).toBeUndefined();
    expect(cache.get(z![0], z![1], 7)).toBeUndefined();
    cache.set(y![0], y![1], 7, 'i64');
    expect(cache.get(x![0], x![1], 7)).toBe('i32');
    expect(cache.get(y![0], y![1], 7)).toBe('i64');
  });

  it('hashes a span in pieces as in one go (the lexer hashes while it scans)', () => {
    const whole = SpanCache.hash(src, 0, 12);
    expect(SpanCache.hash(src, 5, 12, SpanCache.hash(src, 0, 5))).toBe(whole);
  });

  it('grows up to its maximum size, then starts over rather than growing further', () => {
    const words = Array.from({ length: 3000 }, (_, i) => `w${i}`);
    const big = encodeSource(words.join(' '));
    const cache = new SpanCache<number>(big, 10);
    let start = 0;
    const at: [number, number][] = [];
    for (const w of words) {
      at.push([start, start + w.length]);
      start += w.length + 1;
    }
    at.forEach(([s, e], i) => cache.set(s, e, SpanCache.hash(big, s, e), i));
    // The last ones added are there; the first ones were dropped when the full table was emptied.
    const [s, e] = at[2999]!;
    expect(cache.get(s, e, SpanCache.hash(big, s, e))).toBe(2999);
    const [s0, e0] = at[0]!;
    expect(cache.get(s0, e0, SpanCache.hash(big, s0, e0))).toBeUndefined();
  });

  it('compares the bytes of non-ASCII spans, not their characters', () => {
    // "é" and "ê" are two bytes each in UTF-8 and share their first byte.
    const bytes = encodeSource('"é" "ê" "é"');
    const cache = new SpanCache<string>(bytes);
    cache.set(0, 4, 1, 'e-acute');
    expect(cache.get(5, 9, 1)).toBeUndefined();
    expect(cache.get(10, 14, 1)).toBe('e-acute');
  });
});
