import { runTlOpt } from './tl-opt.js';

// The tl-opt command. Unexpected exceptions are compiler bugs: report them briefly, without a stack trace
// (set TLIR_DEBUG=1 to see one).
try {
  process.exitCode = await runTlOpt(process.argv.slice(2));
} catch (e) {
  if (process.env['TLIR_DEBUG']) throw e;
  process.stderr.write(`tl-opt: internal error: ${e instanceof Error ? e.message : String(e)}\n` +
    'This is a bug in tlir; please report it with the input that triggered it (TLIR_DEBUG=1 shows details).\n');
  process.exitCode = 1;
}
