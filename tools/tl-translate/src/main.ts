import { runTlTranslate } from './tl-translate.js';

// The tl-translate command. Unexpected exceptions are compiler bugs: report them briefly, without a stack trace
// (set TLIR_DEBUG=1 to see one).
try {
  process.exitCode = runTlTranslate(process.argv.slice(2));
} catch (e) {
  if (process.env['TLIR_DEBUG']) throw e;
  process.stderr.write(
    `tl-translate: internal error: ${e instanceof Error ? e.message : String(e)}\n` +
      'This is a bug in tlir; please report it with the input that triggered it (TLIR_DEBUG=1 shows details).\n',
  );
  process.exitCode = 1;
}
