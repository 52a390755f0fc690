import {
  formatPassStatistics,
  formatTimingReport,
  IRPrinterInstrumentation,
  OptionError,
  parseDefinitionOptions,
  parsePassPipeline,
  PassManager,
  PassTimingInstrumentation,
  PipelineError,
  PipelineSyntaxError,
  type Pass,
  type PassRegistry,
  type Timer,
} from '@tlir/pass';
import { mlirNameLocAsPrefix, type PassFlag, type TlOptOptions } from './options.js';

/**
 * The pass manager tl-opt runs: the `--pass-pipeline` text, or the passes and pipelines given as flags, in
 * order, on the top-level `builtin.module` (anchored passes nest implicitly, as in mlir-opt). Returns the error
 * text for a bad pipeline, or undefined when there is nothing to run.
 */
export function buildPassManager(opts: TlOptOptions, registry: PassRegistry): PassManager | { error: string } | undefined {
  // A pass --mlir-print-ir-before/after names must exist (as mlir-opt says): a misspelt one would print nothing.
  for (const [flag, names] of [['--mlir-print-ir-before', opts.printIrBefore], ['--mlir-print-ir-after', opts.printIrAfter]] as const) {
    const unknown = names.find((n) => !registry.lookup(n));
    if (unknown !== undefined) return { error: `tl-opt: for the ${flag} option: Cannot find option named '${unknown}'!\n` };
  }
  if (opts.passPipeline !== undefined && opts.passFlags.length) {
    return { error: "<unknown>:0: error: '-pass-pipeline' option can't be used with individual pass options\n" };
  }
  let pm: PassManager;
  if (opts.passPipeline !== undefined) {
    const parsed = parsePassPipeline(opts.passPipeline, registry, { verifyEach: opts.verify, interleave: opts.interleavePasses });
    if (parsed instanceof PipelineSyntaxError) return { error: `<unknown>:0: error: ${parsed.format()}` };
    pm = parsed;
  } else {
    if (!opts.passFlags.length && !opts.dumpPassPipeline) return undefined;
    pm = new PassManager('builtin.module', { nesting: 'implicit', verifyEach: opts.verify, interleave: opts.interleavePasses });
    let printsSchedule = false;
    for (const flag of opts.passFlags) {
      const def = registry.lookup(flag.argument)!;
      const values = parseDefinitionOptions(def, flag.options);
      // --print-schedule: every pass or pipeline that can print its schedule does.
      if (opts.printSchedule && Object.hasOwn(def.options, 'print-schedule') && !(values instanceof OptionError)) {
        values['print-schedule'] = true;
        printsSchedule = true;
      }
      if (values instanceof OptionError) return { error: formatFlagOptionError(flag, values) };
      try {
        if (def.kind === 'pass') pm.addPass(def.create(values as never));
        else def.build(pm, values as never);
      } catch (e) {
        if (e instanceof PipelineError) return { error: `<unknown>:0: error: ${e.message}\n` };
        throw e;
      }
    }
    if (opts.printSchedule && !printsSchedule) return { error: 'tl-opt: --print-schedule: no pass given chooses a schedule (add --lower-to-krnl)\n' };
  }
  return pm;
}

/**
 * An error in the options of a pass flag, located in the flag as written (`--lower-to-krnl=tile-q=3`): the
 * command line is the "file", the flag its line, and a caret under the option at fault.
 */
export function formatFlagOptionError(flag: PassFlag, error: OptionError): string {
  const shown = `--${flag.argument}=${flag.options}`;
  const column = `--${flag.argument}=`.length + (error.offset ?? 0) + 1;
  return (
    `<command line>:1:${column}: error: ${error.message}\n${shown}\n${' '.repeat(column - 1)}^\n` +
    `failed to add \`${flag.argument}\` with options \`${flag.options}\`\n`
  );
}

/** `--dump-pass-pipeline`: the pipeline, one element per line, as mlir-opt prints it. */
export function dumpPassPipeline(pm: PassManager): string {
  return `Pass Manager with ${pm.size} passes:\n${pm.printAsIndentedPipeline()}\n\n`;
}

/** Adds the instrumentation the flags ask for: IR printing (to `write`) and timing (into `timer`). */
export function instrument(pm: PassManager, opts: TlOptOptions, write: (text: string) => void, timer: Timer | undefined): void {
  const before = new Set(opts.printIrBefore);
  const after = new Set(opts.printIrAfter);
  const printBefore = opts.printIrBeforeAll ? () => true : before.size ? (p: Pass) => before.has(p.argument) : undefined;
  const printAfter =
    opts.printIrAfterAll || (opts.printIrAfterChange && !after.size) ? () => true : after.size ? (p: Pass) => after.has(p.argument) : undefined;
  if (printBefore || printAfter || opts.printIrAfterFailure) {
    pm.addInstrumentation(
      new IRPrinterInstrumentation({
        printBefore,
        printAfter,
        onlyAfterChange: opts.printIrAfterChange,
        onlyAfterFailure: opts.printIrAfterFailure,
        moduleScope: opts.printIrModuleScope,
        printOptions: { generic: opts.printGeneric, debugInfo: opts.printDebugInfo, nameLocAsPrefix: mlirNameLocAsPrefix(opts) },
        write,
      }),
    );
  }
  if (timer) pm.addInstrumentation(new PassTimingInstrumentation(timer));
}

/** The reports printed at the end of a run: `--mlir-pass-statistics`, then `--mlir-timing`. */
export function finalReports(pm: PassManager | undefined, opts: TlOptOptions, timer: Timer | undefined): string {
  let out = '';
  if (opts.passStatistics && pm) out += formatPassStatistics(pm, opts.passStatisticsDisplay);
  if (timer) out += formatTimingReport(timer, opts.timingDisplay);
  return out;
}
