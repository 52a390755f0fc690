// docs/tensor-language.md, the language reference: every `tl` block in it is a complete program that the front end
// compiles without a diagnostic and the verifier accepts (the worked shapes of views are checked by the type
// annotations of the instructions after them), and the reference covers every instruction of the language.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { INSTRUCTIONS } from '@tlir/frontend-tl';
import { codeBlocks, compileTl } from './tl-doc-examples.js';

const doc = readFileSync(fileURLToPath(new URL('../../docs/tensor-language.md', import.meta.url)), 'utf8');

describe('docs/tensor-language.md', () => {
  const blocks = codeBlocks(doc, 'tl');

  it('has an example for each part of the language', () => {
    expect(blocks.length).toBeGreaterThanOrEqual(15);
  });

  it.each(blocks.map((b) => [b.line, b.text] as const))('the example at line %i compiles', (line, text) => {
    expect(compileTl(text, `docs/tensor-language.md:${line}`)).toEqual([]);
  });

  it('shows every instruction in an example and in a syntax line', () => {
    const examples = blocks.map((b) => b.text).join('\n');
    const spelled: Record<string, RegExp> = {
      arith: /arith\.(add|sub|mul|shl|max)\b/,
      arith_unary: /arith\.(neg|not)\b/,
      hadamard_product: /\bhadamard_product\b/,
      group_id: /\bgroup_id\b/,
      group_size: /\bgroup_size\b/,
      lifetime_stop: /\blifetime_stop\b/,
    };
    for (const kind of Object.keys(INSTRUCTIONS)) {
      const pattern = spelled[kind] ?? new RegExp(`(^|[\\s=])${kind}\\b`, 'm');
      expect(examples, `an example of ${kind}`).toMatch(pattern);
    }
  });

  it("a worked shape that is wrong would fail: the check is real", () => {
    const wrong = 'func @f(%A: memref<f32x32x16>) {\n  %a = subview %A[4:8, 8:4] : memref<f32x32x16>\n  %0 = size %a[0] : memref<f32x8x4>\n}\n';
    expect(compileTl(wrong, 'wrong.tl').join('')).toContain('type of SSA value does not match operand type');
  });
});
