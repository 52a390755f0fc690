// Failures of plugin code, blamed on the plugin: an exception thrown while a plugin's code is on the stack is
// reported at the innermost plugin frame (file:line:col, the source line and a caret), naming the pass that was
// running, and the tool exits 1; "a bug in tlir" is left for exceptions whose stack is tlir's alone. A plugin that
// does not parse is reported at its syntax error.
import type * as ChildProcess from 'node:child_process';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Operation } from '@tlir/ir';
import type { Pass, PassInstrumentation } from '@tlir/pass';

/** A place in a plugin's source. */
export interface PluginFrame {
  readonly file: string;
  readonly line: number;
  readonly column: number;
}

/** The plugin files loaded so far (absolute paths), and which plugin registered each pass. */
export class LoadedPlugins {
  readonly files: string[] = [];
  private readonly passOwners = new Map<string, string>();

  add(file: string): void {
    const path = resolve(file);
    if (!this.files.includes(path)) this.files.push(path);
    // Deep tlir stacks under a plugin's call must not push the plugin's frame out of the trace.
    if (Error.stackTraceLimit < 100) Error.stackTraceLimit = 100;
  }

  /** Records that the passes named `arguments` came from `file`. */
  own(file: string, passArguments: readonly string[]): void {
    for (const a of passArguments) this.passOwners.set(a, resolve(file));
  }

  /** The plugin that registered the pass named `argument`, if one did. */
  ownerOf(argument: string): string | undefined {
    return this.passOwners.get(argument);
  }

  /** The innermost frame of `error`'s stack in a loaded plugin, if any. */
  frameOf(error: unknown): PluginFrame | undefined {
    const stack = error instanceof Error ? error.stack : undefined;
    if (!stack || !this.files.length) return undefined;
    for (const line of stack.split('\n')) {
      if (!/^\s*at /.test(line)) continue;
      // `at f (file:///p/x.mjs:12:5)` or `at file:///p/x.mjs:12:5`: the last place on the line.
      const places = [...line.matchAll(/(file:\/\/[^\s()]+|\/[^\s()]+):(\d+):(\d+)/g)];
      const m = places[places.length - 1];
      if (!m) continue;
      const path = m[1]!.startsWith('file://') ? fileURLToPath(m[1]!) : m[1]!;
      if (this.files.includes(path)) return { file: path, line: Number(m[2]), column: Number(m[3]) };
    }
    return undefined;
  }
}

/** Tracks the pass being run (the innermost), so that an exception can name it. */
export class RunningPass implements PassInstrumentation {
  readonly allowsInterleaving = true;
  private readonly stack: Pass[] = [];

  get current(): Pass | undefined {
    return this.stack[this.stack.length - 1];
  }

  runBeforePass(pass: Pass, _op: Operation): void {
    this.stack.push(pass);
  }

  runAfterPass(): void {
    this.stack.pop();
  }

  runAfterPassFailed(): void {
    this.stack.pop();
  }
}

/** `file:line:col: error: message`, the source line and a caret (the line read from the file, if it can be). */
export function renderAtFrame(frame: PluginFrame, severity: string, message: string): string {
  let source: string | undefined;
  try {
    source = readFileSync(frame.file, 'utf8').split(/\r?\n/)[frame.line - 1];
  } catch {
    source = undefined;
  }
  const caret = source === undefined ? '' : `${source}\n${' '.repeat(Math.max(0, frame.column - 1))}^\n`;
  return `${frame.file}:${frame.line}:${frame.column}: ${severity}: ${message}\n${caret}`;
}

/**
 * The report of an exception thrown while plugin code ran (a frame of a loaded plugin on its stack, or the running
 * pass registered by a plugin), or undefined when it is tlir's own.
 */
export function describePluginException(error: unknown, plugins: LoadedPlugins, pass: Pass | undefined): string | undefined {
  const frame = plugins.frameOf(error);
  const owner = pass ? plugins.ownerOf(pass.argument) : undefined;
  if (!frame && !owner) return undefined;
  const what = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  const plugin = frame?.file ?? owner!;
  const inPass = pass ? `pass '${pass.argument}' of plugin '${plugin}' failed` : `plugin '${plugin}' failed`;
  const message = `${inPass}: ${what}`;
  if (frame) return renderAtFrame(frame, 'error', message);
  return `tl-opt: error: ${message} (no stack frame in the plugin to point at)\n`;
}

/**
 * Where a plugin module that could not be imported fails to parse (`node --check`): its file:line:col, source
 * line and caret, or undefined when it parses (the failure was something else).
 */
export function syntaxErrorOf(file: string, message: string): string | undefined {
  const path = resolve(file);
  // Taken when needed: tl-opt's startup snapshot is made without child_process.
  const { spawnSync } = (process as unknown as { getBuiltinModule(id: string): typeof ChildProcess }).getBuiltinModule('node:child_process');
  const r = spawnSync(process.execPath, ['--check', path], { encoding: 'utf8' });
  if (r.status === 0 || typeof r.stderr !== 'string') return undefined;
  // node --check prints `path:LINE`, the source line, a caret line, then the SyntaxError.
  const lines = r.stderr.split('\n');
  const head = /^(.*):(\d+)$/.exec(lines[0] ?? '');
  if (!head) return undefined;
  const line = Number(head[2]);
  const caret = lines[2] ?? '';
  const column = caret.indexOf('^') + 1 || 1;
  const error = lines.find((l) => /^\w*Error: /.test(l)) ?? `SyntaxError: ${message}`;
  return renderAtFrame({ file: path, line, column }, 'error', `could not load plugin: ${error}`);
}

export const fileUrl = (file: string): string => pathToFileURL(resolve(file)).href;
