// Runs every file test (`.mlir`/`.tl` with RUN lines) as one vitest test named by its path; see
// docs/testing.md. The logic lives in test/lit/harness.ts.
import { afterAll, describe, it } from 'vitest';
import { discoverLitFiles, prepareLit, relativeName, runLitFile } from './lit/harness.js';

const setup = prepareLit();
const files = discoverLitFiles(setup.root);
const skipped: string[] = [];

afterAll(() => {
  setup.dispose();
  if (skipped.length > 0) {
    const reasons = [...new Set(skipped.map((message) => message.replace(/^[^:]*: /, '')))];
    console.warn(`file tests: skipped ${skipped.length} (set CI=true to make this an error):\n  ${reasons.join('\n  ')}`);
  }
});

/** A failed file test: its message already names the file, the command and the output. */
class FileTestFailure extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'FileTestFailure';
    this.stack = `${this.name}: ${message}`; // the harness's own stack says nothing about the test file
  }
}

describe.concurrent('file tests', () => {
  for (const file of files) {
    it(relativeName(file, setup.root), async (ctx) => {
      const result = await runLitFile(file, setup);
      if (result.status === 'skip') {
        skipped.push(result.message);
        ctx.skip(result.message);
      }
      if (result.status === 'fail') throw new FileTestFailure(result.message);
    });
  }
});
