import { setPluginImporter } from './plugins.js';
import { runTlOpt } from './tl-opt.js';

/**
 * The tl-opt command, which bin/tl-opt.js starts (the bundle is a CommonJS script: no top-level await). It passes
 * the `import()` of an ES module to load plugins with. Unexpected exceptions are compiler bugs: report them
 * briefly, without a stack trace (set TLIR_DEBUG=1 to see one).
 */
export function main(importModule: (url: string) => Promise<unknown>): void {
  setPluginImporter(importModule);
  runTlOpt(process.argv.slice(2)).then(
    (code) => {
      // Everything was written synchronously: exit now rather than tear down a heap of IR object by object
      // (about 20 ms for a 200k-op module), as LLVM's tools skip freeing their IR at exit.
      process.exit(code);
    },
    (e: unknown) => {
      if (process.env['TLIR_DEBUG']) throw e;
      process.stderr.write(`tl-opt: internal error: ${e instanceof Error ? e.message : String(e)}\n` +
        'This is a bug in tlir; please report it with the input that triggered it (TLIR_DEBUG=1 shows details).\n');
      process.exitCode = 1;
    },
  );
}
