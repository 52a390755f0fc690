import { runTlRun } from './tl-run.js';
import { runTuneWorker } from './tuning/tune-worker.js';

// The tl-run command. Unexpected exceptions are bugs: report them briefly, without a stack trace (set TLIR_DEBUG=1
// to see one). `tl-run --tune-worker` is the worker process of --tune (tuning/worker-runner.ts starts it), not a
// command for users.
if (process.argv[2] === '--tune-worker') runTuneWorker();
else {
  runTlRun(process.argv.slice(2)).then(
    (code) => {
      process.exitCode = code;
    },
    (e: unknown) => {
      if (process.env['TLIR_DEBUG']) throw e;
      process.stderr.write(
        `tl-run: internal error: ${e instanceof Error ? e.message : String(e)}\n` +
          'This is a bug in tlir; please report it with the input that triggered it (TLIR_DEBUG=1 shows details).\n',
      );
      process.exitCode = 1;
    },
  );
}
