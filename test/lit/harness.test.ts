// Unit tests of the file-test harness itself, above all that a failing file test is reported as failing.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  bundledNot,
  discoverLitFiles,
  isCiEnvironment,
  LitSyntaxError,
  parseRunLines,
  prepareLit,
  repoRoot,
  runLitFile,
  substitute,
  outputDirectory,
  type LitOptions,
  type LitSetup,
} from './harness.js';
import { makeBundleWorkspace, touch } from '../lib/bundle-workspace.js';

const here = path.join(repoRoot, 'test', 'lit');
const input = (name: string): string => path.join(here, 'Inputs', name);
const setups: LitSetup[] = [];
// Its own output folder: test/lit.test.ts runs some of the same files at the same time.
const outputRoot = path.join(repoRoot, 'test', '.output', 'harness.test');
const setupWith = (options: LitOptions = {}): LitSetup => {
  const setup = prepareLit({ outputRoot, ...options });
  setups.push(setup);
  return setup;
};
afterAll(() => setups.forEach((setup) => setup.dispose()));

describe('parseRunLines', () => {
  it('reads RUN lines behind the comment prefix of the file type', () => {
    const text = ['// RUN: tl-opt %s | FileCheck %s', '%0 = "a.b"() // RUN: not-a-run-line', '//RUN:true'].join('\n');
    expect(parseRunLines(text, 'x.mlir')).toEqual([
      { line: 1, command: 'tl-opt %s | FileCheck %s' },
      { line: 3, command: 'true' },
    ]);
    expect(parseRunLines('; RUN: tl-opt %s\n// RUN: ignored', 'x.tl')).toEqual([{ line: 1, command: 'tl-opt %s' }]);
  });

  it('does not take a CHECK line that mentions RUN: for a RUN line', () => {
    expect(parseRunLines('// CHECK: RUN: x', 'x.mlir')).toEqual([]);
  });

  it('joins a RUN line ending in a backslash with the next RUN line', () => {
    const text = '// RUN: tl-opt %s \\\n// CHECK: between\n// RUN:   --flag \\\n// RUN: | FileCheck %s\n// RUN: true';
    expect(parseRunLines(text, 'x.mlir')).toEqual([
      { line: 1, command: 'tl-opt %s --flag | FileCheck %s' },
      { line: 5, command: 'true' },
    ]);
  });

  it('rejects a continuation with nothing after it', () => {
    expect(() => parseRunLines('// RUN: echo \\\n', 'x.mlir')).toThrow(LitSyntaxError);
  });
});

describe('substitute', () => {
  const values = { s: '/r/t/a.mlir', S: '/r/t', t: '/r/o/a.mlir.d/t', T: '/r/o/a.mlir.d' };
  it('replaces %s %S %t %T and %%', () => {
    expect(substitute('x %s %S %t.mlir %T/y 100%% %%s %d', values)).toBe(
      'x /r/t/a.mlir /r/t /r/o/a.mlir.d/t.mlir /r/o/a.mlir.d/y 100% %s %d',
    );
  });
  it('quotes paths the shell would split', () => {
    expect(substitute('cat %s', { ...values, s: "/a b/it's.mlir" })).toBe(`cat '/a b/it'\\''s.mlir'`);
  });
});

describe('discoverLitFiles', () => {
  it('finds the self-tests and leaves Inputs alone', () => {
    const found = discoverLitFiles().map((file) => path.relative(repoRoot, file));
    expect(found).toContain(path.join('test', 'lit', 'self', 'filecheck.mlir'));
    expect(found).toContain(path.join('test', 'lit', 'self', 'comment-prefix.tl'));
    expect(found.filter((file) => file.includes(`${path.sep}Inputs${path.sep}`))).toEqual([]);
  });
});

describe('runLitFile', () => {
  // CI=true or not as the environment says, like the file tests: the FileCheck self-test below is skipped without
  // FileCheck locally and fails under CI=true (where a missing tool is an error, never a silent skip).
  const setup = setupWith();

  it('follows CI=true from the environment', () => {
    expect(setup.ci).toBe(isCiEnvironment());
  });

  it('passes a file whose RUN lines all succeed', async () => {
    const result = await runLitFile(path.join(here, 'self', 'not.mlir'), setup);
    expect(result.status).toBe('pass');
    expect(result.commands).toHaveLength(4);
  });

  it('fails at the first failing RUN line and shows the command and its output', async () => {
    const file = input('fails-second-line.mlir');
    const result = await runLitFile(file, setup);
    expect(result.status).toBe('fail');
    expect(result.message).toContain('test/lit/Inputs/fails-second-line.mlir:3: RUN line 2 of 3 failed with exit code 1');
    expect(result.message).toContain("$ echo 'to stdout'; echo 'to stderr' >&2; exit 1");
    expect(result.message).toMatch(/stderr:\n {2}to stderr/);
    expect(result.message).toMatch(/stdout:\n {2}to stdout/);
    expect(result.commands).toHaveLength(2);
    expect(fs.existsSync(path.join(outputDirectory(file, setup), 't.ran'))).toBe(false);
  });

  it('runs RUN lines with pipefail', async () => {
    const result = await runLitFile(input('fails-pipefail.mlir'), setup);
    expect(result.status).toBe('fail');
    expect(result.message).toContain('$ false | cat');
  });

  it("shows FileCheck's report of what did not match", async (ctx) => {
    const result = await runLitFile(input('fails-filecheck.mlir'), setup);
    // Only without CI=true: under CI a missing FileCheck makes the status 'fail' with a message that is not FileCheck's.
    if (result.status === 'skip') ctx.skip(result.message);
    expect(result.status).toBe('fail');
    expect(result.message, result.message).toContain('error: CHECK: expected string not found in input');
  });

  it('kills a RUN line that runs too long', async () => {
    const result = await runLitFile(input('fails-timeout.mlir'), setupWith({ timeoutMs: 300 }));
    expect(result.status).toBe('fail');
    expect(result.message).toContain('timed out after 0.3 s');
  });

  it('fails a file with a dangling continuation', async () => {
    const result = await runLitFile(input('fails-dangling-continuation.mlir'), setup);
    expect(result.status).toBe('fail');
    expect(result.message).toContain("RUN line ends with '\\' but no RUN line follows");
  });

  it('skips a file that needs a missing tool, and fails it under CI', async () => {
    const file = path.join(here, 'self', 'filecheck.mlir');
    const local = await runLitFile(file, setupWith({ ci: false, tools: { FileCheck: null } }));
    expect(local.status).toBe('skip');
    expect(local.message).toContain('apt-get install llvm-22-tools');
    expect(local.commands).toEqual([]);
    const ci = await runLitFile(file, setupWith({ ci: true, tools: { FileCheck: null } }));
    expect(ci.status).toBe('fail');
    expect(ci.message).toContain('apt-get install llvm-22-tools');
  });

  it('names mlir-22-tools for a missing mlir-opt', async () => {
    const setup = setupWith({ ci: true, tools: { 'mlir-opt': null } });
    expect(setup.missing.get('mlir-opt')).toContain('apt-get install mlir-22-tools');
  });

  it('works with the bundled not', async () => {
    const result = await runLitFile(path.join(here, 'self', 'not.mlir'), setupWith({ tools: { not: bundledNot } }));
    expect(result.status).toBe('pass');
  });
});

describe('a stale bundle', () => {
  // A workspace whose tools/tl-opt/bin/tl-opt.js prints `tl-opt of the last build` (test/lib/bundle-workspace.ts).
  const roots: string[] = [];
  afterAll(() => roots.forEach((root) => fs.rmSync(root, { recursive: true, force: true })));
  const workspace = (files: Record<string, string>): string => {
    const root = makeBundleWorkspace(roots);
    for (const [name, text] of Object.entries(files)) fs.writeFileSync(path.join(root, name), text);
    return root;
  };
  const files = {
    'direct.mlir': "// RUN: tl-opt | grep -q 'tl-opt of the last build'\n",
    'behind-not-in-a-script.mlir': '// RUN: not bash %S/calls-tl-opt.sh\n',
    'calls-tl-opt.sh': 'tl-opt\n',
    'no-tool.mlir': '// RUN: true\n',
  };
  const run = (root: string, name: string) => runLitFile(path.join(root, name), setupWith({ root, outputRoot: path.join(root, '.output') }));

  it('is run when it is newer than its sources', async () => {
    const root = workspace(files);
    expect((await run(root, 'direct.mlir')).status).toBe('pass');
  });

  it('fails a file test that runs the tool, saying to run pnpm build, with or without CI=true', async () => {
    const root = workspace(files);
    touch(root, 'packages/lib/src/deep/lib.ts');
    for (const ci of [false, true]) {
      const result = await runLitFile(path.join(root, 'direct.mlir'), setupWith({ root, ci, outputRoot: path.join(root, '.output') }));
      expect(result.status).toBe('fail');
      expect(result.message).toBe(
        'direct.mlir: tools/tl-opt/dist/tl-opt.bundle.mjs is older than packages/lib/src/deep/lib.ts, edited after the last build: ' +
          'the tests would run the old code; run `pnpm build` (or `node tools/tl-opt/scripts/bundle.mjs` for this bundle alone)',
      );
      expect(result.commands).toEqual([]);
    }
  });

  it('fails a file test whose script runs the tool, even behind not', async () => {
    const root = workspace(files);
    touch(root, 'tools/tl-opt/src/main.ts');
    const result = await run(root, 'behind-not-in-a-script.mlir');
    expect(result.status).toBe('fail');
    expect(result.message).toContain('behind-not-in-a-script.mlir:1: RUN line 1 of 1 ran a stale tool');
    expect(result.message).toContain('tl-opt: tools/tl-opt/dist/tl-opt.bundle.mjs is older than tools/tl-opt/src/main.ts');
  });

  it('leaves file tests that do not run the tool alone', async () => {
    const root = workspace(files);
    touch(root, 'tools/tl-opt/src/main.ts');
    expect((await run(root, 'no-tool.mlir')).status).toBe('pass');
  });
});
