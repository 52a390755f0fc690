// Bundles tl-translate and the packages it uses into one ES module (tools/tl-translate/dist/tl-translate.bundle.mjs),
// built from the TypeScript sources: one file to load instead of a hundred modules (as tl-opt does, for start-up).
import { build } from 'esbuild';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../../', import.meta.url));

await build({
  absWorkingDir: root,
  entryPoints: ['tools/tl-translate/src/main.ts'],
  outfile: 'tools/tl-translate/dist/tl-translate.bundle.mjs',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  conditions: ['@tlir/source'],
  // Modules of the bundle that use require() (CommonJS dependencies) get one made for them.
  banner: { js: "import { createRequire as __tlirCreateRequire } from 'node:module'; const require = __tlirCreateRequire(import.meta.url);" },
  logLevel: 'warning',
});
