#!/usr/bin/env node
// Writes docs/dialects/<name>.md for each dialect tl-opt loads, generated from the dialect definitions
// (`pnpm docs:dialects`; run `pnpm build` first). test/docs/dialect-docs.test.ts checks they are up to date.
import { mkdirSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
import { generateDialectDoc } from '@tlir/ir';
import { DEFAULT_DIALECTS } from '@tlir/registry';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const dir = path.join(root, 'docs', 'dialects');
mkdirSync(dir, { recursive: true });
for (const dialect of DEFAULT_DIALECTS) {
  const file = path.join(dir, `${dialect.name}.md`);
  writeFileSync(file, generateDialectDoc(dialect));
  console.log(`wrote ${path.relative(root, file)}`);
}
