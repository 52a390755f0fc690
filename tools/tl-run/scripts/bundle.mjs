// Bundles tl-run and the packages it uses into one ES module (tools/tl-run/dist/tl-run.bundle.mjs), built from the
// TypeScript sources: one file to load instead of a hundred modules (as tl-opt and tl-translate do, for start-up).
// The `webgpu` package stays outside: a native module, imported only by the webgpu backend.
import { build } from 'esbuild';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../../', import.meta.url));

await build({
  absWorkingDir: root,
  entryPoints: ['tools/tl-run/src/main.ts'],
  outfile: 'tools/tl-run/dist/tl-run.bundle.mjs',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  conditions: ['@tlir/source'],
  external: ['webgpu'],
  // Modules of the bundle that use require() (CommonJS dependencies) get one made for them.
  banner: { js: "import { createRequire as __tlirCreateRequire } from 'node:module'; const require = __tlirCreateRequire(import.meta.url);" },
  logLevel: 'warning',
});
