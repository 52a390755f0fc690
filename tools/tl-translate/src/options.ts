// The command line of tl-translate (like mlir-translate: one translation flag, an input, -o).
import { DEFAULT_SPLIT_MARKER, type VerifyDiagnosticsLevel } from '@tlir/tl-opt';
import { WGSL_FEATURES, type WgslFeatureName } from '@tlir/target-wgsl';
import { flagHelp, parseCommandLine, type CommandLine, type Flag } from '@tlir/command-line';

export interface TlTranslateOptions {
  /** The translation to run; undefined when none was given. */
  translation: 'mlir-to-wgsl' | undefined;
  input: string;
  /** Where the WGSL goes (default: standard output). */
  output: string | undefined;
  /** Where the manifest goes, if anywhere. */
  manifest: string | undefined;
  /** Only this kernel. */
  kernel: string | undefined;
  features: WgslFeatureName[];
  /** Translate with bounds checks (every load, store and view checked; the first violation recorded). */
  boundsCheck: boolean;
  /** Translate with loop checks (a loop the adapter ended early is recorded: llvmpipe's loop limit). */
  loopCheck: boolean;
  /** The passes run before translating; by default the tensor language's lowering for `.tl` inputs. */
  passPipeline: string | undefined;
  splitInputFile: string | undefined;
  verifyDiagnostics: VerifyDiagnosticsLevel | undefined;
  inputLanguage: 'mlir' | 'tl' | undefined;
  /** The tuning cache (default: $XDG_CACHE_HOME/tlir/tuning.json). */
  cache: string | undefined;
  /** Do not use tuned schedules. */
  noTunedSchedules: boolean;
  /** Only cached schedules whose adapter or shape bucket contains this text. */
  tunedFor: string | undefined;
  help: boolean;
  version: boolean;
}

/** The pipeline that lowers a tensor-language kernel to gpu kernels. */
export const TL_LOWERING = 'builtin.module(lower-to-krnl,lower-to-gpu)';


/** Parses the arguments; returns the error text for a bad command line. */
export function parseTranslateOptions(argv: readonly string[]): TlTranslateOptions | { error: string } {
  const o: TlTranslateOptions = {
    translation: undefined,
    input: '-',
    output: undefined,
    manifest: undefined,
    kernel: undefined,
    features: [],
    boundsCheck: false,
    loopCheck: false,
    passPipeline: undefined,
    splitInputFile: undefined,
    verifyDiagnostics: undefined,
    inputLanguage: undefined,
    cache: undefined,
    noTunedSchedules: false,
    tunedFor: undefined,
    help: false,
    version: false,
  };
  return parseCommandLine(argv, COMMAND_LINE, o);
}

const set =
  (apply: (o: TlTranslateOptions, value: string) => string | void) =>
  (o: TlTranslateOptions, value: string | undefined): string | undefined =>
    apply(o, value!) || undefined;

/** tl-translate's flags, with the help text `--help` shows (mlir-translate's spellings). */
const FLAGS: Record<string, Flag<TlTranslateOptions>> = {
  '--mlir-to-wgsl': {
    help: 'Translate the gpu.func kernels of the input to WGSL (one compute entry point each)',
    apply: (o) => void (o.translation = 'mlir-to-wgsl'),
  },
  '-o': { help: "Write the WGSL to <file> (default: standard output; '-' is standard output)", value: 'required', valueHelp: ' <file>', apply: set((o, v) => void (o.output = v)) },
  '--manifest': {
    help: "Write the kernel's launch manifest (JSON, @tlir/runtime's format) to <file>",
    value: 'required',
    valueHelp: ' <file>',
    apply: set((o, v) => void (o.manifest = v)),
  },
  '--kernel': { help: 'Translate only the kernel @<name>', value: 'required', valueHelp: '=<name>', apply: set((o, v) => void (o.kernel = v.replace(/^@/, ''))) },
  '--wgsl-features': {
    help: `WebGPU features the target adapter has (${WGSL_FEATURES.join(', ')}); without them, f16 values and subgroup ops are errors`,
    value: 'required',
    valueHelp: '=<list>',
    apply: set((o, v) => {
      const names = v.split(',').map((s) => s.trim()).filter((s) => s !== '');
      const bad = names.filter((n) => !(WGSL_FEATURES as readonly string[]).includes(n));
      if (bad.length) return `unknown WebGPU feature${bad.length > 1 ? 's' : ''} ${bad.map((b) => `'${b}'`).join(', ')} (known: ${WGSL_FEATURES.join(', ')})`;
      o.features = names as WgslFeatureName[];
    }),
  },
  '--bounds-check': {
    help: "Check every load, store and view against its memref's sizes; the first access out of bounds is recorded (the manifest's boundsCheck) and reported by the runtime at its source line",
    apply: (o) => void (o.boundsCheck = true),
  },
  '--loop-check': {
    help: "Test after each loop whether the adapter ended it before its condition did (Mesa's llvmpipe ends a work-item's loops after 65,535 iterations); the first such loop is recorded (the manifest's boundsCheck) and reported by the runtime at its source line",
    apply: (o) => void (o.loopCheck = true),
  },
  '--pass-pipeline': {
    help: `Passes to run before translating (default for .tl inputs: ${TL_LOWERING})`,
    value: 'required',
    valueHelp: '=<pipeline>',
    apply: set((o, v) => void (o.passPipeline = v)),
  },
  '-x': {
    help: "The input's language (default: .tl files are the tensor language, others MLIR)",
    value: 'required',
    valueHelp: ' <tl|mlir>',
    apply: set((o, v) => {
      if (v !== 'tl' && v !== 'mlir') return `unknown input language '${v}' (expected tl or mlir)`;
      o.inputLanguage = v;
    }),
  },
  '--split-input-file': {
    help: "Translate each '// -----' chunk of the input on its own",
    value: 'optional',
    valueHelp: '[=<marker>]',
    apply: (o, v) => void (o.splitInputFile = v || DEFAULT_SPLIT_MARKER), // '--split-input-file=': the default, as in mlir-opt
  },
  '--verify-diagnostics': {
    help: "Check diagnostics against the input's expected-* comments instead of printing them",
    value: 'optional',
    valueHelp: '[=all|only-expected]',
    apply: (o, v) => {
      if (v !== undefined && v !== 'all' && v !== 'only-expected') return `unknown --verify-diagnostics level '${v}'`;
      o.verifyDiagnostics = (v as VerifyDiagnosticsLevel | undefined) ?? 'all';
      return undefined;
    },
  },
  '--cache': {
    help: "The tuning cache (tl-run --tune; default $XDG_CACHE_HOME/tlir/tuning.json): a .tl kernel lowered with the default pipeline takes its tuned schedule (docs/tuning.md)",
    value: 'required',
    valueHelp: ' <file>',
    apply: set((o, v) => void (o.cache = v)),
  },
  '--tuned-for': {
    help: "Use only the cached schedules whose adapter ('vendor|architecture|device|description|backend') or shape bucket ('A=64x64 groups=1') contains this text",
    value: 'required',
    valueHelp: ' <text>',
    apply: set((o, v) => void (o.tunedFor = v)),
  },
  '--no-tuned-schedules': { help: "Do not use the tuning cache's schedules", apply: (o) => void (o.noTunedSchedules = true) },
  '--help': { help: 'Show this help', apply: (o) => void (o.help = true) },
  '--version': { help: 'Show the version', apply: (o) => void (o.version = true) },
};

const COMMAND_LINE: CommandLine<TlTranslateOptions> = {
  tool: 'tl-translate',
  flags: FLAGS,
  aliases: { '-h': '--help' },
  input: (o, file) => void (o.input = file),
};

/** The text of --help, its options from the table of flags. */
export const HELP = [
  'OVERVIEW: tlir translation tool (gpu kernels to WGSL)',
  '',
  'USAGE: tl-translate --mlir-to-wgsl [options] <input file>',
  '',
  'OPTIONS:',
  ...flagHelp(FLAGS, 28),
  '',
  "Several kernels go to standard output one after the other, separated by '// -----' lines; -o and --manifest",
  'need a single kernel (choose one with --kernel).',
  '',
].join('\n');
