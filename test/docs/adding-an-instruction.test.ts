// docs/adding-an-instruction.md walks through an addition that is in the repository (arith.min and arith.max): every
// excerpt it shows (a code block starting `// file: <path>`) must still be in that file, and its example kernel must
// run, as tensor language and after lowering, to the values it should compute. If this test fails, fix the doc.
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { TlMemrefType, memrefForType } from '@tlir/dialect-tl';
import { LATER_STAGES, runEquivalence } from '../../conversions/tl-to-krnl/test/lowering-harness.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const doc = readFileSync(path.join(root, 'docs', 'adding-an-instruction.md'), 'utf8');

/** The fenced code blocks of the doc: their language and text. */
const blocks = [...doc.matchAll(/^```(\w*)\n([\s\S]*?)^```$/gm)].map((m) => ({ lang: m[1]!, text: m[2]! }));

describe('docs/adding-an-instruction.md', () => {
  const excerpts = blocks.flatMap((b) => {
    const m = /^\/\/ file: (\S+)\n/.exec(b.text);
    return m ? [[m[1]!, b.text.slice(m[0].length)] as const] : [];
  });

  it('shows excerpts of the files it names', () => {
    expect(excerpts.length).toBeGreaterThanOrEqual(8);
  });

  it.each(excerpts)('its excerpt of %s is in that file', (file, text) => {
    expect(readFileSync(path.join(root, file), 'utf8')).toContain(text);
  });

  it('its example kernel clamps with arith.max and arith.min, as tensor language and after lower-to-krnl', () => {
    const kernels = blocks.filter((b) => b.lang === 'tl');
    expect(kernels).toHaveLength(1);
    const xs = [-3, 0.5, 7, NaN, -0, 2, 1e30, -1e30];
    const [lo, hi] = [0, 2];
    let x: ReturnType<typeof memrefForType> | undefined;
    const r = runEquivalence({
      source: kernels[0]!.text,
      kernel: 'clamp',
      groups: 1,
      stages: ['builtin.module(lower-to-krnl)', ...LATER_STAGES],
      args: (k) => {
        x = memrefForType(k.regions[0]!.firstBlock!.args[0]!.type as TlMemrefType, { sizes: [xs.length], data: xs, label: 'x' });
        return [x, lo, hi];
      },
    });
    expect(r.differences).toEqual([]);
    // max(NaN, 0) is 0 (a NaN operand gives the other one); max(-0.0, 0.0) is +0.0.
    expect(x!.toArray()).toEqual([0, 0.5, 2, 0, 0, 2, 2, 0]);
  });
});
