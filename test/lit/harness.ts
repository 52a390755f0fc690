/**
 * A small lit-style runner for file tests: `.mlir` and `.tl` files whose comments hold RUN lines (shell
 * commands) and whose CHECK lines FileCheck matches against a tool's output. `test/lit.test.ts` turns every
 * such file into one vitest test; docs/testing.md explains how to write one.
 */
import { spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
import { staleBundle } from '../lib/bundle-freshness.js';

/** The repository root (this file lives in `<root>/test/lit/`). */
export const repoRoot: string = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

/** The `not` the harness falls back to when LLVM's is not installed. */
export const bundledNot: string = path.join(repoRoot, 'test', 'lit', 'bin', 'not');

/** File-test extensions, each with the line-comment prefix its RUN lines sit behind. */
const commentPrefixes: ReadonlyMap<string, string> = new Map([
  ['.mlir', '//'],
  ['.tl', ';'],
]);

/** Where file tests live, relative to the root; `*` stands for one folder name. */
const testRoots = ['test', 'packages/*/test', 'dialects/*/test', 'frontends/*/test', 'conversions/*/test', 'targets/*/test', 'registry/test', 'tools/*/test'];

/** The variable naming the file where a stale tool's wrapper notes that it was called (see prepareLit). */
const STALE_LOG_VARIABLE = 'TLIR_LIT_STALE_LOG';

/** The project's own tools, run from `tools/<name>/bin/<name>.js` once that file exists. */
const projectTools = ['tl-opt', 'tl-translate', 'tl-run'];

/** Tools from outside the project: the names tried, in order, and where to get them. */
interface ExternalTool {
  readonly name: ExternalToolName;
  readonly candidates: readonly string[];
  /** The Debian package that installs it; absent when the harness has its own fallback. */
  readonly debianPackage?: string;
}
export type ExternalToolName = 'FileCheck' | 'mlir-opt' | 'not';

const externalTools: readonly ExternalTool[] = [
  {
    name: 'FileCheck',
    candidates: ['FileCheck-22', 'FileCheck', '/usr/lib/llvm-22/bin/FileCheck'],
    debianPackage: 'llvm-22-tools',
  },
  {
    name: 'mlir-opt',
    candidates: ['mlir-opt-22', 'mlir-opt', '/usr/lib/llvm-22/bin/mlir-opt'],
    debianPackage: 'mlir-22-tools',
  },
  { name: 'not', candidates: ['/usr/lib/llvm-22/bin/not', 'not-22', 'not', bundledNot] },
];

// ---------------------------------------------------------------------------------------------------------
// Discovery and parsing

/** Directories never searched: lit's `Inputs` convention (helper files of other tests), dot folders
 *  (`.output` holds %t files), installs and build outputs. */
function isSearchedDirectory(name: string): boolean {
  return name !== 'Inputs' && name !== 'node_modules' && name !== 'dist' && !name.startsWith('.');
}

function expandTestRoot(root: string, pattern: string): string[] {
  let dirs = [root];
  for (const segment of pattern.split('/')) {
    const next: string[] = [];
    for (const dir of dirs) {
      if (segment !== '*') {
        next.push(path.join(dir, segment));
        continue;
      }
      for (const entry of safeReadDir(dir)) {
        if (entry.isDirectory() && isSearchedDirectory(entry.name)) next.push(path.join(dir, entry.name));
      }
    }
    dirs = next;
  }
  return dirs.filter((dir) => fs.existsSync(dir));
}

function safeReadDir(dir: string): fs.Dirent[] {
  try {
    return fs.readdirSync(dir, { withFileTypes: true });
  } catch {
    return [];
  }
}

/** Every file test under the test roots: `.mlir`/`.tl` files with at least one RUN line, sorted. */
export function discoverLitFiles(root: string = repoRoot): string[] {
  const found = new Set<string>();
  const walk = (dir: string): void => {
    for (const entry of safeReadDir(dir)) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        if (isSearchedDirectory(entry.name)) walk(full);
      } else if (entry.isFile() && commentPrefixes.has(path.extname(entry.name))) {
        if (hasRunLine(fs.readFileSync(full, 'utf8'), full)) found.add(full);
      }
    }
  };
  for (const pattern of testRoots) for (const dir of expandTestRoot(root, pattern)) walk(dir);
  return [...found].sort();
}

/** One command of a file test, continuation lines joined. */
export interface RunLine {
  /** 1-based line number of the RUN line the command starts on. */
  readonly line: number;
  readonly command: string;
}

function runLinePattern(file: string): RegExp {
  const prefix = commentPrefixes.get(path.extname(file));
  if (prefix === undefined) throw new Error(`${file}: not a file test (expected .mlir or .tl)`);
  const escaped = prefix.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
  return new RegExp(`^\\s*(?:${escaped})+\\s*RUN:(.*)$`);
}

function hasRunLine(text: string, file: string): boolean {
  const pattern = runLinePattern(file);
  return text.split('\n').some((line) => pattern.test(line));
}

/** A file test that cannot be run as written (a dangling `\` continuation). */
export class LitSyntaxError extends Error {}

/**
 * The RUN lines of a file test. A RUN line is a comment line (`//` in .mlir, `;` in .tl) whose text starts
 * with `RUN:`; one ending in `\` continues on the next RUN line.
 */
export function parseRunLines(text: string, file: string): RunLine[] {
  const pattern = runLinePattern(file);
  const result: RunLine[] = [];
  let pending: { line: number; parts: string[] } | undefined;
  text.split('\n').forEach((source, index) => {
    const match = pattern.exec(source.replace(/\r$/, ''));
    if (!match) return;
    let command = (match[1] ?? '').trim();
    const continues = command.endsWith('\\');
    if (continues) command = command.slice(0, -1).trim();
    pending ??= { line: index + 1, parts: [] };
    if (command !== '') pending.parts.push(command);
    if (!continues) {
      result.push({ line: pending.line, command: pending.parts.join(' ') });
      pending = undefined;
    }
  });
  if (pending) {
    throw new LitSyntaxError(`${file}:${pending.line}: RUN line ends with '\\' but no RUN line follows`);
  }
  return result;
}

/** The values of lit's substitutions for one file test. */
export interface Substitutions {
  /** %s: the test file. */
  readonly s: string;
  /** %S: the test file's directory. */
  readonly S: string;
  /** %t: a temporary path of this test only (its directory exists; the path itself does not). */
  readonly t: string;
  /** %T: a temporary directory of this test only. */
  readonly T: string;
}

/** A path as one shell word: quoted only when it holds characters the shell would act on. */
function shellWord(value: string): string {
  return /^[\w@%+=:,./-]+$/.test(value) ? value : `'${value.replace(/'/g, `'\\''`)}'`;
}

/** Replaces %s, %S, %t, %T in a RUN line, and %% by a literal %. Other % sequences are left alone. */
export function substitute(command: string, values: Substitutions): string {
  return command.replace(/%([%sStT])/g, (_match, key: string) =>
    key === '%' ? '%' : shellWord(values[key as keyof Substitutions]),
  );
}

// ---------------------------------------------------------------------------------------------------------
// Setup: the tools a RUN line can name

export interface LitOptions {
  root?: string;
  /** Missing FileCheck/mlir-opt fails a test instead of skipping it; default: the CI environment variable. */
  ci?: boolean;
  /** The PATH searched for external tools; default: process.env.PATH. */
  searchPath?: string;
  /** Use this executable for a tool, or treat the tool as missing (null), instead of searching. */
  tools?: Partial<Record<ExternalToolName, string | null>>;
  /** Where %t and %T of each file go; default: `<root>/test/.output`. */
  outputRoot?: string;
  /** Per RUN line; the command's process group is killed after it. */
  timeoutMs?: number;
  /** At most this many RUN-line processes at once (the harness runs file tests concurrently). */
  jobs?: number;
}

export interface LitSetup {
  readonly root: string;
  readonly ci: boolean;
  readonly outputRoot: string;
  /** A temporary directory of wrappers put first on the PATH of every RUN line. */
  readonly binDir: string;
  /** Resolved tools: name -> what runs. */
  readonly tools: ReadonlyMap<string, string>;
  /** Missing tools: name -> why, and how to install it. */
  readonly missing: ReadonlyMap<string, string>;
  /**
   * Project tools whose bundle is missing or older than its sources (test/lib/bundle-freshness.ts): name -> why, and
   * what to run. A file test that uses one fails, with or without CI=true: it would test the code of the last build.
   */
  readonly stale: ReadonlyMap<string, string>;
  readonly timeoutMs: number;
  readonly env: NodeJS.ProcessEnv;
  readonly limiter: Limiter;
  dispose(): void;
}

export function isCiEnvironment(env: NodeJS.ProcessEnv = process.env): boolean {
  const value = env['CI'];
  return value !== undefined && value !== '' && value !== '0' && value.toLowerCase() !== 'false';
}

function isExecutable(file: string): boolean {
  try {
    fs.accessSync(file, fs.constants.X_OK);
    return fs.statSync(file).isFile();
  } catch {
    return false;
  }
}

function findExecutable(candidate: string, searchPath: string): string | undefined {
  if (path.isAbsolute(candidate)) return isExecutable(candidate) ? candidate : undefined;
  for (const dir of searchPath.split(path.delimiter)) {
    if (dir === '') continue;
    const full = path.join(dir, candidate);
    if (isExecutable(full)) return full;
  }
  return undefined;
}

function writeScript(file: string, body: string): void {
  fs.writeFileSync(file, `#!/bin/sh\n${body}\n`, { mode: 0o755 });
}

/**
 * Builds the tool directory: `tl-opt` & co. run the project's bins with this node; FileCheck, mlir-opt and
 * not point at the installed LLVM 22 tools (`not` falls back to test/lit/bin/not).
 */
export function prepareLit(options: LitOptions = {}): LitSetup {
  const root = options.root ?? repoRoot;
  const searchPath = options.searchPath ?? process.env['PATH'] ?? '';
  const binDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tlir-lit-bin-'));
  const tools = new Map<string, string>();
  const missing = new Map<string, string>();
  const stale = new Map<string, string>();

  for (const name of projectTools) {
    const bin = path.join(root, 'tools', name, 'bin', `${name}.js`);
    if (!fs.existsSync(bin)) continue;
    const why = staleBundle(name, root);
    if (why === undefined) {
      writeScript(path.join(binDir, name), `exec ${shellWord(process.execPath)} ${shellWord(bin)} "$@"`);
    } else {
      // runLitFile fails the files whose RUN lines name the tool; this wrapper catches the others (a script that a
      // RUN line runs calls the tool): it says why, notes it where runLitFile looks after each RUN line (whatever
      // the exit status, `not` or a script may hide it), and dies by a signal.
      stale.set(name, why);
      const line = shellWord(`${name}: ${why}`);
      writeScript(path.join(binDir, name), `echo ${line} >&2\n[ -n "$${STALE_LOG_VARIABLE}" ] && echo ${line} >> "$${STALE_LOG_VARIABLE}"\nkill -TERM $$`);
    }
    tools.set(name, `node ${bin}`);
  }

  for (const tool of externalTools) {
    const override = options.tools?.[tool.name];
    const found =
      override === null
        ? undefined
        : override !== undefined
          ? override
          : tool.candidates.map((c) => findExecutable(c, searchPath)).find((c) => c !== undefined);
    if (found === undefined) {
      const install = tool.debianPackage ? `; install it with: apt-get install ${tool.debianPackage}` : '';
      missing.set(tool.name, `${tool.name} is not installed (looked for ${tool.candidates.join(', ')})${install}`);
      continue;
    }
    // A script rather than a symlink: the bundled `not` need not be executable in every checkout.
    const run = found === bundledNot ? `exec /usr/bin/env bash ${shellWord(found)} "$@"` : `exec ${shellWord(found)} "$@"`;
    writeScript(path.join(binDir, tool.name), run);
    tools.set(tool.name, found);
  }

  const env: NodeJS.ProcessEnv = { ...process.env, PATH: `${binDir}${path.delimiter}${process.env['PATH'] ?? ''}` };
  delete env['FORCE_COLOR'];
  env['NO_COLOR'] = '1';

  return {
    root,
    ci: options.ci ?? isCiEnvironment(),
    outputRoot: options.outputRoot ?? path.join(root, 'test', '.output'),
    binDir,
    tools,
    missing,
    stale,
    timeoutMs: options.timeoutMs ?? 50_000,
    env,
    limiter: new Limiter(options.jobs ?? 4),
    dispose: () => fs.rmSync(binDir, { recursive: true, force: true }),
  };
}

/** Runs at most `size` tasks at once. */
export class Limiter {
  private active = 0;
  private readonly waiting: (() => void)[] = [];
  constructor(private readonly size: number) {}

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.active >= this.size) await new Promise<void>((resolve) => this.waiting.push(resolve));
    this.active++;
    try {
      return await task();
    } finally {
      this.active--;
      this.waiting.shift()?.();
    }
  }
}

// ---------------------------------------------------------------------------------------------------------
// Running

export type LitStatus = 'pass' | 'fail' | 'skip';

export interface LitResult {
  readonly file: string;
  readonly status: LitStatus;
  /** For fail and skip: what happened, ready to show a person. */
  readonly message: string;
  /** The commands that ran, after substitution. */
  readonly commands: readonly string[];
}

interface CommandOutcome {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
  timedOut: boolean;
  spawnError?: string;
}

const maxCapturedChars = 1 << 20;
const maxShownChars = 8_000;

function runShell(command: string, cwd: string, setup: LitSetup, env: NodeJS.ProcessEnv = setup.env): Promise<CommandOutcome> {
  return new Promise((resolve) => {
    const child = spawn('bash', ['-o', 'pipefail', '-c', command], {
      cwd,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true, // its own process group, so a timeout kills the whole pipeline
    });
    const outcome: CommandOutcome = { code: null, signal: null, stdout: '', stderr: '', timedOut: false };
    const append = (key: 'stdout' | 'stderr') => (chunk: Buffer) => {
      if (outcome[key].length < maxCapturedChars) outcome[key] += chunk.toString('utf8');
    };
    child.stdout.on('data', append('stdout'));
    child.stderr.on('data', append('stderr'));
    const timer = setTimeout(() => {
      outcome.timedOut = true;
      try {
        if (child.pid !== undefined) process.kill(-child.pid, 'SIGKILL');
      } catch {
        // already gone
      }
    }, setup.timeoutMs);
    child.on('error', (error) => {
      clearTimeout(timer);
      resolve({ ...outcome, spawnError: error.message });
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      resolve({ ...outcome, code, signal });
    });
  });
}

function indent(text: string): string {
  let shown = text.replace(/\s+$/, '');
  if (shown.length > maxShownChars) {
    shown = `${shown.slice(0, maxShownChars)}\n... (${shown.length - maxShownChars} more characters)`;
  }
  return shown
    .split('\n')
    .map((line) => (line.trimEnd() === '' ? '' : `  ${line.trimEnd()}`))
    .join('\n');
}

function describeFailure(
  relFile: string,
  run: RunLine,
  index: number,
  count: number,
  command: string,
  outcome: CommandOutcome,
  setup: LitSetup,
): string {
  const how = outcome.spawnError
    ? `could not start bash: ${outcome.spawnError}`
    : outcome.timedOut
      ? `timed out after ${setup.timeoutMs / 1000} s and was killed`
      : outcome.signal
        ? `was killed by ${outcome.signal}`
        : `failed with exit code ${outcome.code}`;
  const parts = [`${relFile}:${run.line}: RUN line ${index + 1} of ${count} ${how}`, `$ ${command}`];
  if (outcome.stderr.trim() !== '') parts.push('stderr:', indent(outcome.stderr));
  if (outcome.stdout.trim() !== '') parts.push('stdout:', indent(outcome.stdout));
  if (outcome.code === 127) {
    parts.push(`(exit code 127: a command was not found; the harness provides ${[...setup.tools.keys()].join(', ')})`);
  }
  return parts.join('\n');
}

/** The tools of `names` a RUN line names as a command (a word of its own, not part of a path). */
function toolsUsed(command: string, names: Iterable<string>): string[] {
  return [...names].filter((name) =>
    new RegExp(`(?:^|[\\s|;&(\`])${name.replace(/-/g, '\\-')}(?=$|[\\s|;&)\`])`).test(command),
  );
}

/** The repository-relative path of a file, with `/` separators (the vitest test name). */
export function relativeName(file: string, root: string = repoRoot): string {
  return path.relative(root, file).split(path.sep).join('/');
}

/** The directory %T of a file test: `test/.output/<its path>.d`, emptied before each run. */
export function outputDirectory(file: string, setup: LitSetup): string {
  const rel = path.relative(setup.root, file);
  const inside = !rel.startsWith('..') && !path.isAbsolute(rel);
  return path.join(setup.outputRoot, `${inside ? rel : path.join('external', path.basename(file))}.d`);
}

/** Runs one file test: its RUN lines in order, stopping at the first that fails. Never throws. */
export async function runLitFile(file: string, setup: LitSetup): Promise<LitResult> {
  const absFile = path.resolve(file);
  const relFile = relativeName(absFile, setup.root);
  const commands: string[] = [];
  const result = (status: LitStatus, message = ''): LitResult => ({ file: absFile, status, message, commands });

  let runs: RunLine[];
  try {
    runs = parseRunLines(fs.readFileSync(absFile, 'utf8'), absFile);
  } catch (error) {
    return result('fail', error instanceof Error ? error.message : String(error));
  }
  if (runs.length === 0) return result('fail', `${relFile}: no RUN lines`);

  const stale = [...new Set(runs.flatMap((run) => toolsUsed(run.command, setup.stale.keys())))];
  if (stale.length > 0) return result('fail', `${relFile}: ${stale.map((name) => setup.stale.get(name)).join('; ')}`);
  const missing = [...new Set(runs.flatMap((run) => toolsUsed(run.command, setup.missing.keys())))];
  if (missing.length > 0) {
    const reasons = missing.map((name) => setup.missing.get(name)).join('; ');
    return setup.ci
      ? result('fail', `${relFile}: ${reasons} (CI=true: missing tools fail file tests instead of skipping them)`)
      : result('skip', `${relFile}: ${reasons}`);
  }

  const tempDir = outputDirectory(absFile, setup);
  fs.rmSync(tempDir, { recursive: true, force: true });
  fs.mkdirSync(tempDir, { recursive: true });
  const values: Substitutions = { s: absFile, S: path.dirname(absFile), t: path.join(tempDir, 't'), T: tempDir };
  const staleLog = path.join(tempDir, '.stale-tools.log');
  const env = setup.stale.size > 0 ? { ...setup.env, [STALE_LOG_VARIABLE]: staleLog } : setup.env;

  for (const [index, run] of runs.entries()) {
    const command = substitute(run.command, values);
    commands.push(command);
    const outcome = await setup.limiter.run(() => runShell(command, values.S, setup, env));
    if (fs.existsSync(staleLog)) {
      const why = [...new Set(fs.readFileSync(staleLog, 'utf8').trim().split('\n'))].join('\n');
      return result('fail', `${relFile}:${run.line}: RUN line ${index + 1} of ${runs.length} ran a stale tool\n$ ${command}\n${why}`);
    }
    if (outcome.code !== 0 || outcome.timedOut || outcome.spawnError) {
      return result('fail', describeFailure(relFile, run, index, runs.length, command, outcome, setup));
    }
  }
  return result('pass');
}
