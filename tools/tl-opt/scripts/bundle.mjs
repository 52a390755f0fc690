// Bundles tl-opt and the packages it uses into one ES module (tools/tl-opt/dist/tl-opt.bundle.mjs), built
// from the TypeScript sources. Loading one file instead of a hundred modules saves a third of a startup that
// every file test and every benchmark run pays. Plugins are unaffected: they receive tl-opt's framework
// objects from the host (see src/plugins.ts) rather than importing their own copy.
import { build } from 'esbuild';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../../', import.meta.url));
await build({
  absWorkingDir: root,
  entryPoints: ['tools/tl-opt/src/main.ts'],
  outfile: 'tools/tl-opt/dist/tl-opt.bundle.mjs',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  conditions: ['@tlir/source'],
  // CommonJS dependencies (graphology) may call require(); give the ES module one.
  banner: { js: "import { createRequire as __tlirCreateRequire } from 'node:module'; const require = __tlirCreateRequire(import.meta.url);" },
  logLevel: 'warning',
});
