// docs/dialects/<name>.md are generated from the dialect definitions: if this test fails, run
// `pnpm docs:dialects` and commit the result.
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { generateDialectDoc } from '@tlir/ir';
import { DEFAULT_DIALECTS } from '@tlir/registry';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

describe('docs/dialects', () => {
  it.each(DEFAULT_DIALECTS.map((d) => [d.name, d] as const))('%s.md is up to date (pnpm docs:dialects)', (name, dialect) => {
    const file = path.join(root, 'docs', 'dialects', `${name}.md`);
    expect(readFileSync(file, 'utf8')).toBe(generateDialectDoc(dialect));
  });
});
