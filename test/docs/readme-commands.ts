// The tool commands of the README's `sh` blocks (lines that run `pnpm tl-opt`, `pnpm tl-translate` or
// `pnpm tl-run`), and a runner that runs them as written, in order, in one directory: from the checkout
// (readme-commands.test.ts) and with the tools installed from their packed tarballs, from another directory
// (test/install/pack-install.test.ts). `pnpm TOOL` runs the TOOL found first on PATH: the checkout's
// node_modules/.bin, which is what `pnpm TOOL` runs there, or an installation's bin folder.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('../../', import.meta.url));

export interface ReadmeCommand {
  /** The line of README.md it starts on. */
  readonly line: number;
  /** The command, continuation lines joined. */
  readonly text: string;
  /** Whether it needs a WebGPU adapter: tl-run on its default backend. */
  readonly webgpu: boolean;
}

/** The tool commands of the README's sh blocks, in order. */
export function readmeCommands(readme = readFileSync(join(ROOT, 'README.md'), 'utf8')): ReadmeCommand[] {
  const commands: ReadmeCommand[] = [];
  const lines = readme.split('\n');
  let inSh = false;
  for (let i = 0; i < lines.length; i++) {
    const l = lines[i]!;
    if (/^```/.test(l)) {
      inSh = !inSh && /^```(sh|bash|shell)\s*$/.test(l);
      continue;
    }
    if (!inSh) continue;
    const line = i + 1;
    let text = l;
    while (/\\\s*$/.test(text) && i + 1 < lines.length) text = `${text.replace(/\\\s*$/, '')} ${lines[++i]!.trim()}`;
    if (!/\bpnpm (tl-opt|tl-translate|tl-run)\b/.test(text)) continue;
    const webgpu = /\bpnpm tl-run\b/.test(text) && !/--backend[= ]interpreter/.test(text) && !/--help|--version/.test(text);
    commands.push({ line, text: text.trim(), webgpu });
  }
  return commands;
}

export interface CommandOutcome {
  readonly command: ReadmeCommand;
  readonly status: number | null;
  readonly output: string;
}

/**
 * A directory to run the README's commands in, away from the checkout: the checkout's `examples/` linked into it
 * (the commands name files there), nothing else.
 */
export function makeReadmeDirectory(dir: string): string {
  mkdirSync(dir, { recursive: true });
  symlinkSync(join(ROOT, 'examples'), join(dir, 'examples'));
  return dir;
}

/** What tl-run says when the machine has no WebGPU adapter. */
const NO_ADAPTER = /tl-run: --backend webgpu needs a WebGPU adapter/;

/**
 * Runs each command with bash in `cwd`, `pnpm TOOL` being the TOOL of `binDirs` (a PATH list); stops at the first
 * failure. Without a WebGPU adapter, tl-run's WebGPU commands fail saying so: those are then left out (with a
 * warning), unless `requireAdapter` (CI=true), when that is a failure like any other.
 */
export function runReadmeCommands(commands: readonly ReadmeCommand[], cwd: string, binDirs: string, requireAdapter: boolean): CommandOutcome[] {
  const outcomes: CommandOutcome[] = [];
  let noAdapter = false;
  for (const command of commands) {
    if (noAdapter && command.webgpu) continue;
    const script = `set -o pipefail\npnpm() { "$@"; }\n${command.text}\n`;
    const run = spawnSync('bash', ['-c', script], {
      cwd,
      encoding: 'utf8',
      env: { ...process.env, PATH: `${binDirs}:${process.env.PATH}` },
      timeout: 120_000,
    });
    const output = `${run.stdout ?? ''}${run.stderr ?? ''}${run.error ? String(run.error) : ''}`;
    if (command.webgpu && run.status !== 0 && NO_ADAPTER.test(output) && !requireAdapter) {
      console.warn(`README commands on WebGPU left out (set CI=true to make this an error):\n${output}`);
      noAdapter = true;
      continue;
    }
    outcomes.push({ command, status: run.status, output });
    if (run.status !== 0) break;
  }
  return outcomes;
}
