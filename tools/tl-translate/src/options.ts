// The command line of tl-translate (like mlir-translate: one translation flag, an input, -o).
import { DEFAULT_SPLIT_MARKER, type VerifyDiagnosticsLevel } from '@tlir/tl-opt';
import { WGSL_FEATURES, type WgslFeatureName } from '@tlir/target-wgsl';

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
  /** The passes run before translating; by default the tensor language's lowering for `.tl` inputs. */
  passPipeline: string | undefined;
  splitInputFile: string | undefined;
  verifyDiagnostics: VerifyDiagnosticsLevel | undefined;
  inputLanguage: 'mlir' | 'tl' | undefined;
  help: boolean;
  version: boolean;
}

/** The pipeline that lowers a tensor-language kernel to gpu kernels. */
export const TL_LOWERING = 'builtin.module(lower-to-krnl,lower-to-gpu)';

export const HELP = `OVERVIEW: tlir translation tool (gpu kernels to WGSL)

USAGE: tl-translate --mlir-to-wgsl [options] <input file>

OPTIONS:
  --mlir-to-wgsl              Translate the gpu.func kernels of the input to WGSL (one compute entry point each)
  -o <file>                   Write the WGSL to <file> (default: standard output; '-' is standard output)
  --manifest <file>           Write the kernel's launch manifest (JSON, @tlir/runtime's format) to <file>
  --kernel=<name>             Translate only the kernel @<name>
  --wgsl-features=<list>      WebGPU features the target adapter has (${WGSL_FEATURES.join(', ')}); without them,
                              f16 values and subgroup ops are errors
  --pass-pipeline=<pipeline>  Passes to run before translating (default for .tl inputs: ${TL_LOWERING})
  -x <tl|mlir>                The input's language (default: .tl files are the tensor language, others MLIR)
  --split-input-file          Translate each '// -----' chunk of the input on its own
  --verify-diagnostics        Check diagnostics against the input's expected-* comments instead of printing them
  --help                      Show this help
  --version                   Show the version

Several kernels go to standard output one after the other, separated by '// -----' lines; -o and --manifest
need a single kernel (choose one with --kernel).
`;

/** Parses the arguments; returns the error text for a bad command line. */
export function parseTranslateOptions(argv: readonly string[]): TlTranslateOptions | { error: string } {
  const o: TlTranslateOptions = {
    translation: undefined,
    input: '-',
    output: undefined,
    manifest: undefined,
    kernel: undefined,
    features: [],
    passPipeline: undefined,
    splitInputFile: undefined,
    verifyDiagnostics: undefined,
    inputLanguage: undefined,
    help: false,
    version: false,
  };
  let inputSeen = false;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    const eq = arg.indexOf('=');
    const [flag, inline] = arg.startsWith('--') && eq > 0 ? [arg.slice(0, eq), arg.slice(eq + 1)] : [arg, undefined];
    /** The flag's value: after '=' or the next argument. */
    const value = (): string | { error: string } => {
      if (inline !== undefined) return inline;
      const next = argv[i + 1];
      if (next === undefined) return { error: `option '${flag}' needs a value` };
      i++;
      return next;
    };
    const take = (set: (v: string) => string | undefined): string | undefined => {
      const v = value();
      return typeof v === 'string' ? set(v) : v.error;
    };
    let problem: string | undefined;
    switch (flag) {
      case '--mlir-to-wgsl':
        o.translation = 'mlir-to-wgsl';
        break;
      case '-o':
        problem = take((v) => void (o.output = v));
        break;
      case '--manifest':
        problem = take((v) => void (o.manifest = v));
        break;
      case '--kernel':
        problem = take((v) => void (o.kernel = v.replace(/^@/, '')));
        break;
      case '--wgsl-features':
        problem = take((v) => {
          const names = v.split(',').map((s) => s.trim()).filter((s) => s !== '');
          const bad = names.filter((n) => !(WGSL_FEATURES as readonly string[]).includes(n));
          if (bad.length) return `unknown WebGPU feature${bad.length > 1 ? 's' : ''} ${bad.map((b) => `'${b}'`).join(', ')} (known: ${WGSL_FEATURES.join(', ')})`;
          o.features = names as WgslFeatureName[];
          return undefined;
        });
        break;
      case '--pass-pipeline':
        problem = take((v) => void (o.passPipeline = v));
        break;
      case '-x':
        problem = take((v) => {
          if (v !== 'tl' && v !== 'mlir') return `unknown input language '${v}' (expected tl or mlir)`;
          o.inputLanguage = v;
          return undefined;
        });
        break;
      case '--split-input-file':
        o.splitInputFile = inline ?? DEFAULT_SPLIT_MARKER;
        break;
      case '--verify-diagnostics':
        if (inline !== undefined && inline !== 'all' && inline !== 'only-expected') problem = `unknown --verify-diagnostics level '${inline}'`;
        else o.verifyDiagnostics = (inline as VerifyDiagnosticsLevel | undefined) ?? 'all';
        break;
      case '--help':
      case '-h':
        o.help = true;
        break;
      case '--version':
        o.version = true;
        break;
      default:
        if (arg.startsWith('-') && arg !== '-') problem = `unknown option '${arg}' (see --help)`;
        else if (inputSeen) problem = `more than one input file: '${o.input}' and '${arg}'`;
        else {
          o.input = arg;
          inputSeen = true;
        }
    }
    if (problem !== undefined) return { error: problem };
  }
  return o;
}
