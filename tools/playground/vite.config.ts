// The playground's build: a static site (index.html, one script for the page, one for the compiler's worker) that any
// static host serves from any path (base './'). The packages are bundled from their TypeScript sources (the
// @tlir/source condition), so the site needs no `tsc -b` first. A Node built-in reached from the page or the worker
// fails the build: Node-only code stays behind the packages' Node entry points ('@tlir/runtime/node', tl-run's CLI).
import { builtinModules } from 'node:module';
import { defineConfig, type Plugin } from 'vite';

// graphology imports 'events', which resolves to the npm package of that name (its dependency), not to Node.
const BROWSER_PACKAGES = new Set(['events']);
const NODE_BUILTINS = new Set([...builtinModules.filter((m) => !BROWSER_PACKAGES.has(m)), ...builtinModules.map((m) => `node:${m}`)]);

function noNodeBuiltins(): Plugin {
  return {
    name: 'tlir-no-node-builtins',
    enforce: 'pre',
    resolveId(source, importer) {
      if (NODE_BUILTINS.has(source) || source.startsWith('node:')) {
        this.error(`'${source}' (a Node built-in) imported by ${importer ?? '?'}: the playground runs in a browser; keep Node-only code behind a Node entry point`);
      }
      return null;
    },
  };
}

export default defineConfig({
  root: import.meta.dirname,
  base: './',
  resolve: { conditions: ['@tlir/source', 'browser', 'module', 'import', 'default'] },
  plugins: [noNodeBuiltins()],
  worker: { format: 'es', plugins: () => [noNodeBuiltins()] },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    chunkSizeWarningLimit: 4096,
    reportCompressedSize: false,
  },
  server: { host: 'localhost', port: 5173, strictPort: false },
  preview: { host: 'localhost' },
  logLevel: 'info',
});
