import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { computeLineStarts, lineIndexOf } from '../src/index.js';

describe('line index', () => {
  it('finds the line of every offset as counting the newlines before it does', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom('a', 'b', '\n', '\r', 'é'), { maxLength: 60 }), (chars) => {
        const text = chars.join('');
        const starts = computeLineStarts(text);
        expect(starts).toEqual(computeLineStarts(new TextEncoder().encode(text.replace(/é/g, 'e'))));
        for (let offset = 0; offset <= text.length; offset++) {
          const line = text.slice(0, offset).split('\n').length - 1;
          expect(lineIndexOf(starts, offset)).toBe(line);
        }
      }),
    );
  });

  it('starts a line after each newline', () => {
    expect(computeLineStarts('ab\n\ncd\n')).toEqual([0, 3, 4, 7]);
    expect(lineIndexOf([0, 3, 4, 7], 3)).toBe(1);
    expect(lineIndexOf([0, 3, 4, 7], 2)).toBe(0);
  });
});
