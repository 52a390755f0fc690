import { describe, expect, it } from 'vitest';
import { splitInput } from '../src/split-input.js';

const texts = (input: string, marker?: string): string[] => splitInput(input, marker).chunks.map((c) => c.text);

describe('splitInput', () => {
  it('splits at marker lines; a chunk starts right after the marker', () => {
    const r = splitInput('a\n// -----\nb\n// -----\nc\n');
    expect(r.chunks).toEqual([
      { text: 'a\n', offset: 0, line: 1, column: 1 },
      { text: '\nb\n', offset: 10, line: 2, column: 9 },
      { text: '\nc\n', offset: 21, line: 4, column: 9 },
    ]);
    expect(r.nearMisses).toEqual([]);
  });

  it('keeps a text without markers whole', () => {
    expect(texts('a\nb\n')).toEqual(['a\nb\n']);
  });

  it('splits at a marker in the middle of a line too', () => {
    const r = splitInput('a // -----\nb');
    expect(r.chunks.map((c) => [c.text, c.line, c.column])).toEqual([
      ['a ', 1, 1],
      ['\nb', 1, 11],
    ]);
  });

  it('warns about near misses and keeps their text in the chunk', () => {
    const r = splitInput('a\n// ---\nb\n// -----0\nc\n// ----\n');
    expect(r.chunks.map((c) => c.text)).toEqual(['a\n// ---\nb\n// -----0\nc\n// ----\n']);
    expect(r.nearMisses).toEqual([
      { line: 2, column: 7 },
      { line: 4, column: 7 },
      { line: 6, column: 7 },
    ]);
  });

  it('treats a longer run of dashes as the marker followed by the rest (as mlir-opt 22 does)', () => {
    expect(texts('a\n// ------\nb')).toEqual(['a\n', '-\nb']);
  });

  it('does not split at a marker at the very start (its dashes stay in the first chunk)', () => {
    expect(texts('// -----\na\n// -----\nb')).toEqual(['--\na\n', '\nb']);
  });

  it('takes a marker at the very end, with nothing after it, for a near miss', () => {
    expect(splitInput('a\n// -----')).toEqual({
      chunks: [{ text: 'a\n// -----', offset: 0, line: 1, column: 1 }],
      nearMisses: [{ line: 2, column: 7 }],
    });
  });

  it('gives no chunk at all for an empty text', () => {
    expect(texts('')).toEqual([]);
  });

  it('uses a custom marker; one of two characters or fewer does not split', () => {
    expect(texts('a\n;; XX\nb', ';; XX')).toEqual(['a\n', '\nb']);
    expect(texts('a\n// -----\nb', '')).toEqual(['a\n// -----\nb']);
  });
});
