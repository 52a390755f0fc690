import { dirname, resolve } from 'node:path';
import { main } from './main.js';

/**
 * tl-opt's entry when Node starts from tl-opt's startup snapshot (`bin/tl-opt` does, with the snapshot that
 * `pnpm build` makes: scripts/bundle.mjs). The snapshot holds the bundle already run, every dialect defined, so
 * only the run itself is left. Node gives such an entry no script path (argv is `[node, ...args]`). Code in a
 * snapshot cannot `import()`: bin/tl-opt runs bin/tl-opt.js instead when plugins are to be loaded, and a run
 * that asks for plugins here reports that it cannot load them.
 */
export function snapshotMain(): void {
  restoreEnvironment();
  process.argv.splice(1, 0, resolve(dirname(snapshotBlob()), '../bin/tl-opt'));
  main(() => Promise.reject(new Error('tl-opt started from its startup snapshot cannot import modules (bin/tl-opt runs bin/tl-opt.js for plugins)')));
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

/**
 * bin/tl-opt starts Node without NODE_EXTRA_CA_CERTS (parsing the certificates it names is most of Node's start-up
 * where it is set, for TLS connections tl-opt does not make) and passes its value as TLIR_NODE_EXTRA_CA_CERTS:
 * the environment is put back as it was given.
 */
export function restoreEnvironment(): void {
  const env = process.env;
  const saved = env['TLIR_NODE_EXTRA_CA_CERTS'];
  if (saved === undefined) return;
  env['NODE_EXTRA_CA_CERTS'] = saved;
  delete env['TLIR_NODE_EXTRA_CA_CERTS'];
}
