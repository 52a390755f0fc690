import { parseCommandLine, type CommandLine, type Flag } from '@tlir/command-line';
import type { OptionSpec, PassRegistry } from '@tlir/pass';
import { DEFAULT_SPLIT_MARKER } from './split-input.js';
import type { VerifyDiagnosticsLevel } from './verify-diagnostics.js';

/** A pass or pipeline named by its own flag (`--cse`, `--canonicalize=top-down=false`), with its options text. */
export interface PassFlag {
  argument: string;
  options: string;
}

/** The command line of tl-opt, parsed. */
export interface TlOptOptions {
  input: string;
  output: string | undefined;
  /** The marker to split the input at (`--split-input-file`); undefined: process the input whole. */
  splitInputFile: string | undefined;
  /** What to put between the outputs of the chunks of a split input. */
  outputSplitMarker: string;
  /** Check diagnostics against `expected-*` comments instead of printing them (`--verify-diagnostics`). */
  verifyDiagnostics: VerifyDiagnosticsLevel | undefined;
  printGeneric: boolean;
  printDebugInfo: boolean;
  /**
   * Name values after their name locations (a kernel's named arguments and values, which the front end records):
   * in MLIR output off by default, as mlir-opt (whose output tl-opt's matches); with --emit=tl on unless false.
   */
  nameLocAsPrefix: boolean | undefined;
  /** Op errors carry a note showing the op (`--mlir-print-op-on-diagnostic`, default true; off when verifying diagnostics). */
  printOpOnDiagnostic: boolean;
  allowUnregisteredDialect: boolean;
  verify: boolean;
  /** `--pass-interleaving` (default true): see PassManagerOptions.interleave. */
  interleavePasses: boolean;
  help: boolean;
  version: boolean;
  /** `--pass-pipeline=` / `-p`: the textual pipeline to run. */
  passPipeline: string | undefined;
  /** The passes and pipelines given as flags, in order. */
  passFlags: PassFlag[];
  /** ESM modules that register passes (`--load-pass-plugin`) or dialects (`--load-dialect-plugin`). */
  passPlugins: string[];
  dialectPlugins: string[];
  /** Pass arguments to print the IR before / after (`--mlir-print-ir-before=cse,canonicalize`). */
  printIrBefore: string[];
  printIrAfter: string[];
  printIrBeforeAll: boolean;
  printIrAfterAll: boolean;
  printIrAfterChange: boolean;
  printIrAfterFailure: boolean;
  printIrModuleScope: boolean;
  timing: boolean;
  timingDisplay: 'tree' | 'list';
  passStatistics: boolean;
  passStatisticsDisplay: 'pipeline' | 'list';
  dumpPassPipeline: boolean;
  showDialects: boolean;
  /** The input's language (`-x tl`): by default `.tl` files are the tensor language, anything else MLIR. */
  inputLanguage: 'mlir' | 'tl' | undefined;
  /** What to print (`--emit=tl`: the tensor language, for a module of tl functions). */
  emit: 'mlir' | 'tl';
  /** Have the passes that choose a schedule (lower-to-krnl) print it, in the schedule file syntax, to stderr. */
  printSchedule: boolean;
}

type BooleanKey = {
  [K in keyof TlOptOptions]: TlOptOptions[K] extends boolean ? K : boolean extends TlOptOptions[K] ? K : never;
}[keyof TlOptOptions];

/** A flag of tl-opt: without `takesValue`, a value may still follow '=' (`--split-input-file=marker`, `--verify=false`). */
interface FlagSpec {
  readonly help: string;
  readonly apply: (o: TlOptOptions, value: string | undefined) => string | undefined;
  /** The flag needs a value, given as `--flag=value` or as the next argument. */
  readonly takesValue?: boolean;
  /** How `--help` shows the value (`<filename>`, `[=<marker>]`). */
  readonly valueHelp?: string;
}

/** The flags as the command-line parser takes them; a problem with a value is reported as LLVM does, for the flag. */
function commandLineFlags(flags: Readonly<Record<string, FlagSpec>>): Record<string, Flag<TlOptOptions>> {
  const out: Record<string, Flag<TlOptOptions>> = {};
  for (const [name, spec] of Object.entries(flags)) {
    out[name] = {
      help: spec.help,
      value: spec.takesValue ? 'required' : 'optional',
      ...(spec.valueHelp === undefined ? {} : { valueHelp: spec.valueHelp }),
      apply: (o, value) => {
        const problem = spec.apply(o, value);
        return problem === undefined ? undefined : `for the ${name} option: ${problem}`;
      },
    };
  }
  return out;
}

const booleanFlag =
  (key: BooleanKey) =>
  (o: TlOptOptions, value: string | undefined): string | undefined => {
    if (value === undefined || value === 'true' || value === '1') o[key] = true;
    else if (value === 'false' || value === '0') o[key] = false;
    else return `invalid value '${value}' (expected true or false)`;
    return undefined;
  };

/** The flags tl-opt understands, with the help text `--help` shows (MLIR's spellings). */
export const FLAGS: Record<string, FlagSpec> = {
  '-o': {
    help: 'Output filename (default: standard output)',
    takesValue: true,
    valueHelp: ' <filename>',
    apply: (o, v) => {
      o.output = v;
      return undefined;
    },
  },
  '-x': {
    help: "The input's language: mlir or tl (default: tl for .tl files, else mlir)",
    takesValue: true,
    valueHelp: ' <language>',
    apply: (o, v) => {
      if (v !== 'mlir' && v !== 'tl') return `unknown input language '${v}' (expected mlir or tl)`;
      o.inputLanguage = v;
      return undefined;
    },
  },
  '--emit': {
    help: 'What to print: mlir (default) or tl (tensor-language text of the tl functions)',
    takesValue: true,
    valueHelp: '=<mlir|tl>',
    apply: (o, v) => {
      if (v !== 'mlir' && v !== 'tl') return `unknown output kind '${v}' (expected mlir or tl)`;
      o.emit = v;
      return undefined;
    },
  },
  '--split-input-file': {
    help: `Split the input at the marker (default '${DEFAULT_SPLIT_MARKER}') and process each chunk independently`,
    valueHelp: '[=<marker>]',
    apply: (o, v) => {
      // As in mlir-opt, a value is the marker itself; an empty one (`--split-input-file=`) is the default marker.
      o.splitInputFile = v || DEFAULT_SPLIT_MARKER;
      return undefined;
    },
  },
  '--output-split-marker': {
    help: `Marker written between the outputs of the chunks of a split input (default '${DEFAULT_SPLIT_MARKER}')`,
    takesValue: true,
    valueHelp: '=<marker>',
    apply: (o, v) => {
      o.outputSplitMarker = v!;
      return undefined;
    },
  },
  '--verify-diagnostics': {
    help: 'Check that the diagnostics match the expected-* comments of the input (=only-expected: ignore others)',
    valueHelp: '[=all|only-expected]',
    apply: (o, v) => {
      if (v === undefined || v === '' || v === 'all') o.verifyDiagnostics = 'all';
      else if (v === 'only-expected') o.verifyDiagnostics = 'only-expected';
      else return `Cannot find option named '${v}'!`;
      return undefined;
    },
  },
  '--mlir-print-op-generic': { help: 'Print the generic op form', apply: booleanFlag('printGeneric') },
  '--mlir-print-debuginfo': { help: 'Print debug info (locations) in MLIR output', apply: booleanFlag('printDebugInfo') },
  '--mlir-use-nameloc-as-prefix': {
    help: "Print SSA IDs using NameLocs as prefixes (a kernel's %A, %alpha): on by default for .tl inputs and --emit=tl, off for MLIR inputs (as mlir-opt)",
    apply: booleanFlag('nameLocAsPrefix'),
  },
  '--mlir-print-op-on-diagnostic': {
    help: 'Attach a note showing the operation (generic form) to the errors emitted on it (default true)',
    apply: booleanFlag('printOpOnDiagnostic'),
  },
  '--allow-unregistered-dialect': {
    help: 'Allow operations, types and attributes of unregistered dialects',
    apply: booleanFlag('allowUnregisteredDialect'),
  },
  '--verify-each': { help: 'Verify the IR after each pass (default true; the input is verified either way)', apply: booleanFlag('verify') },
  '--pass-interleaving': {
    help:
      'Run consecutive function-local passes (canonicalize, cse) function by function, then on the module with the functions left out: the same IR, sooner (default true; false: each pass on the whole module in turn, as mlir-opt)',
    apply: booleanFlag('interleavePasses'),
  },
  '--pass-pipeline': {
    help: "Textual description of the pass pipeline to run, e.g. 'builtin.module(func.func(cse))' (also -p)",
    takesValue: true,
    valueHelp: '=<string>',
    apply: (o, v) => {
      if (o.passPipeline !== undefined) return 'may only occur zero or one times!';
      o.passPipeline = v;
      return undefined;
    },
  },
  '--load-pass-plugin': {
    help: 'Load passes from an ESM plugin module (exports registerPasses(host))',
    takesValue: true,
    valueHelp: '=<path>',
    apply: (o, v) => void o.passPlugins.push(v!),
  },
  '--load-dialect-plugin': {
    help: 'Load dialects from an ESM plugin module (exports registerDialects(host))',
    takesValue: true,
    valueHelp: '=<path>',
    apply: (o, v) => void o.dialectPlugins.push(v!),
  },
  '--dump-pass-pipeline': { help: 'Print the pipeline that will be run', apply: booleanFlag('dumpPassPipeline') },
  '--mlir-print-ir-before': {
    help: 'Print IR before the given passes (pass arguments, comma-separated)',
    takesValue: true,
    valueHelp: '=<pass-arg>',
    apply: (o, v) => void o.printIrBefore.push(...splitList(v!)),
  },
  '--mlir-print-ir-after': {
    help: 'Print IR after the given passes (pass arguments, comma-separated)',
    takesValue: true,
    valueHelp: '=<pass-arg>',
    apply: (o, v) => void o.printIrAfter.push(...splitList(v!)),
  },
  '--mlir-print-ir-before-all': { help: 'Print IR before each pass', apply: booleanFlag('printIrBeforeAll') },
  '--mlir-print-ir-after-all': { help: 'Print IR after each pass', apply: booleanFlag('printIrAfterAll') },
  '--mlir-print-ir-after-change': {
    help: 'When printing the IR after a pass, only print if the IR changed',
    apply: booleanFlag('printIrAfterChange'),
  },
  '--mlir-print-ir-after-failure': {
    help: 'When printing the IR after a pass, only print if the pass failed',
    apply: booleanFlag('printIrAfterFailure'),
  },
  '--mlir-print-ir-module-scope': {
    help: 'When printing IR for print-ir-[before|after]{-all} always print the top-level operation',
    apply: booleanFlag('printIrModuleScope'),
  },
  '--mlir-timing': { help: 'Display execution times', apply: booleanFlag('timing') },
  '--mlir-timing-display': {
    help: 'Display method for timing data: tree (default) or list (sorted by total time)',
    takesValue: true,
    valueHelp: '=<tree|list>',
    apply: (o, v) => {
      if (v !== 'tree' && v !== 'list') return `Cannot find option named '${v}'!`;
      o.timingDisplay = v;
      return undefined;
    },
  },
  '--mlir-pass-statistics': { help: 'Display the statistics of each pass', apply: booleanFlag('passStatistics') },
  '--mlir-pass-statistics-display': {
    help: 'Display method for pass statistics: pipeline (default) or list (merged, sorted by pass name)',
    takesValue: true,
    valueHelp: '=<pipeline|list>',
    apply: (o, v) => {
      if (v !== 'pipeline' && v !== 'list') return `Cannot find option named '${v}'!`;
      o.passStatisticsDisplay = v;
      return undefined;
    },
  },
  '--mlir-disable-threading': { help: 'Accepted for compatibility (tl-opt runs passes on one thread)', apply: () => undefined },
  '--print-schedule': {
    help: "Print the schedule lower-to-krnl chooses (to stderr, in the schedule file syntax: give it back with --lower-to-krnl='schedule=FILE')",
    apply: booleanFlag('printSchedule'),
  },
  '--show-dialects': { help: 'Print the list of registered dialects and exit', apply: booleanFlag('showDialects') },
  '--help': { help: 'Show this help', apply: booleanFlag('help') },
  '--version': { help: 'Show the version', apply: booleanFlag('version') },
};

const ALIASES: Record<string, string> = { '-h': '--help', '-p': '--pass-pipeline' };

const COMMAND_LINE_FLAGS = commandLineFlags(FLAGS);

function splitList(v: string): string[] {
  return v
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

/**
 * The plugin paths on the command line (`--load-pass-plugin=x`, `--load-dialect-plugin x`): plugins are loaded
 * before the rest is parsed, since their passes are flags too.
 */
export function scanPluginFlags(argv: readonly string[]): { passPlugins: string[]; dialectPlugins: string[] } {
  const out = { passPlugins: [] as string[], dialectPlugins: [] as string[] };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    const m = /^--?load-(pass|dialect)-plugin(?:=(.*))?$/.exec(arg);
    if (!m) continue;
    const value = m[2] ?? argv[++i];
    if (value === undefined) continue;
    (m[1] === 'pass' ? out.passPlugins : out.dialectPlugins).push(value);
  }
  return out;
}

/**
 * Parses argv (without node and the script); returns the options or an error message. Flags named after a
 * pass or pipeline of `registry` add it to the pipeline (`--cse`, `--canonicalize=top-down=false`).
 */
export function parseOptions(argv: readonly string[], registry?: PassRegistry): TlOptOptions | { error: string } {
  const o: TlOptOptions = {
    input: '-',
    output: undefined,
    inputLanguage: undefined,
    emit: 'mlir',
    splitInputFile: undefined,
    outputSplitMarker: DEFAULT_SPLIT_MARKER,
    verifyDiagnostics: undefined,
    printGeneric: false,
    printDebugInfo: false,
    nameLocAsPrefix: undefined,
    printOpOnDiagnostic: true,
    allowUnregisteredDialect: false,
    verify: true,
    interleavePasses: true,
    help: false,
    version: false,
    passPipeline: undefined,
    passFlags: [],
    passPlugins: [],
    dialectPlugins: [],
    printIrBefore: [],
    printIrAfter: [],
    printIrBeforeAll: false,
    printIrAfterAll: false,
    printIrAfterChange: false,
    printIrAfterFailure: false,
    printIrModuleScope: false,
    timing: false,
    timingDisplay: 'tree',
    passStatistics: false,
    passStatisticsDisplay: 'pipeline',
    dumpPassPipeline: false,
    showDialects: false,
    printSchedule: false,
  };
  return parseCommandLine(argv, commandLine(registry), o);
}

/** tl-opt's command line: its flags, and a flag for each pass and pipeline of `registry` (`--cse`, `--lower-to-krnl=...`). */
function commandLine(registry: PassRegistry | undefined): CommandLine<TlOptOptions> {
  return {
    tool: 'tl-opt',
    flags: COMMAND_LINE_FLAGS,
    aliases: ALIASES,
    input: (o, file) => void (o.input = file),
    other: (o, name, value) => {
      const pass = name.startsWith('--') ? registry?.lookup(name.slice(2)) : undefined;
      if (!pass) return false;
      o.passFlags.push({ argument: pass.argument, options: value ?? '' });
      return true;
    },
  };
}

/** The `--help` lines of one option of a pass or pipeline (MLIR's layout, enum values listed below it). */
function optionHelp(name: string, spec: OptionSpec<unknown>, lines: string[]): void {
  const shown = `--${name}${spec.valueName ? `=${spec.valueName}` : ''}`;
  lines.push(`        ${shown.padEnd(34)} - ${spec.help}`);
  for (const c of spec.choices ?? []) lines.push(`          ${('=' + c.value).padEnd(32)} -   ${c.help}`);
}

/** The usage text; with a registry, its passes and pipelines and their options (as mlir-opt lists them). */
export function helpText(registry?: PassRegistry): string {
  const lines = [
    'OVERVIEW: tlir modular optimizer driver',
    '',
    'USAGE: tl-opt [options] <input file (default: -, standard input)>',
    '',
    'OPTIONS:',
  ];
  for (const [name, spec] of Object.entries(FLAGS)) {
    const shown = name + (spec.valueHelp ?? '');
    lines.push(`  ${shown.padEnd(32)} - ${spec.help}`);
  }
  if (registry) {
    lines.push('', '  Compiler passes to run', '    Passes:');
    const entry = (p: { argument: string; summary: string; options: Readonly<Record<string, OptionSpec<unknown>>> }): void => {
      lines.push(`      --${p.argument.padEnd(34)} -   ${p.summary}`);
      for (const name of Object.keys(p.options).sort()) optionHelp(name, p.options[name]!, lines);
    };
    registry.passes.forEach(entry);
    lines.push('    Pass Pipelines:');
    registry.pipelines.forEach(entry);
  }
  return lines.join('\n') + '\n';
}

/** The input's language: `-x` when given, else the file's extension. */
export function inputLanguage(opts: TlOptOptions): 'tl' | 'mlir' {
  return opts.inputLanguage ?? (opts.input.endsWith('.tl') ? 'tl' : 'mlir');
}

/**
 * Whether MLIR output names values after their NameLocs: as asked, else for `.tl` inputs (a kernel's names,
 * %A and %alpha, are the tensor language's own). MLIR inputs keep mlir-opt's default (numbered), so the two
 * tools' outputs stay byte-comparable.
 */
export function mlirNameLocAsPrefix(opts: TlOptOptions): boolean {
  return opts.nameLocAsPrefix ?? inputLanguage(opts) === 'tl';
}
