import { spawnSync } from 'node:child_process';
import { dirname, resolve } from 'node:path';
import { main } from './main.js';
import { scanPluginFlags } from './options.js';

/**
 * tl-opt's entry when Node starts from tl-opt's startup snapshot (`bin/tl-opt` does, with the snapshot that
 * `pnpm build` makes: scripts/bundle.mjs). The snapshot holds the bundle already run, every dialect defined, so
 * only the run itself is left. Node gives such an entry no script path (argv is `[node, ...args]`), and code in
 * a snapshot cannot `import()`: a run that loads plugins is handed to bin/tl-opt.js in a child process.
 */
export function snapshotMain(): void {
  const binDir = resolve(dirname(snapshotBlob()), '../bin');
  const args = process.argv.slice(1);
  const plugins = scanPluginFlags(args);
  if (plugins.passPlugins.length !== 0 || plugins.dialectPlugins.length !== 0) {
    const run = spawnSync(process.execPath, [...v8Flags(), resolve(binDir, 'tl-opt.js'), ...args], { stdio: 'inherit' });
    process.exit(run.status ?? 1);
  }
  process.argv.splice(1, 0, resolve(binDir, 'tl-opt'));
  main(() => Promise.reject(new Error('plugins are loaded by bin/tl-opt.js, not from the startup snapshot')));
}

/** The path given to `--snapshot-blob`. */
function snapshotBlob(): string {
  const argv = process.execArgv;
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === '--snapshot-blob') return argv[i + 1] ?? '';
    if (a.startsWith('--snapshot-blob=')) return a.slice('--snapshot-blob='.length);
  }
  return '';
}

/** The V8 flags this process runs with, without the snapshot. */
function v8Flags(): string[] {
  const out: string[] = [];
  const argv = process.execArgv;
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--snapshot-blob') i++;
    else if (!argv[i]!.startsWith('--snapshot-blob=')) out.push(argv[i]!);
  }
  return out;
}
