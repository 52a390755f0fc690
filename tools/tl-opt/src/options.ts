import { DEFAULT_SPLIT_MARKER } from './split-input.js';
import type { VerifyDiagnosticsLevel } from './verify-diagnostics.js';

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
  allowUnregisteredDialect: boolean;
  verify: boolean;
  help: boolean;
  version: boolean;
}

interface FlagSpec {
  readonly help: string;
  readonly apply: (o: TlOptOptions, value: string | undefined) => string | undefined;
  /** The flag needs a value, given as `--flag=value` or as the next argument. */
  readonly takesValue?: boolean;
  /** How `--help` shows the value (`<filename>`, `[=<marker>]`). */
  readonly valueHelp?: string;
}

const booleanFlag =
  (key: 'printGeneric' | 'printDebugInfo' | 'allowUnregisteredDialect' | 'verify' | 'help' | 'version') =>
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
  '--split-input-file': {
    help: `Split the input at the marker (default '${DEFAULT_SPLIT_MARKER}') and process each chunk independently`,
    valueHelp: '[=<marker>]',
    apply: (o, v) => {
      // As in mlir-opt, a value is the marker itself (an empty one disables splitting).
      o.splitInputFile = v ?? DEFAULT_SPLIT_MARKER;
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
  '--allow-unregistered-dialect': {
    help: 'Allow operations, types and attributes of unregistered dialects',
    apply: booleanFlag('allowUnregisteredDialect'),
  },
  '--verify-each': { help: 'Verify the IR (default true; false skips the verifier)', apply: booleanFlag('verify') },
  '--help': { help: 'Show this help', apply: booleanFlag('help') },
  '--version': { help: 'Show the version', apply: booleanFlag('version') },
};

const ALIASES: Record<string, string> = { '-h': '--help' };

/** Parses argv (without node and the script); returns the options or an error message. */
export function parseOptions(argv: readonly string[]): TlOptOptions | { error: string } {
  const o: TlOptOptions = {
    input: '-',
    output: undefined,
    splitInputFile: undefined,
    outputSplitMarker: DEFAULT_SPLIT_MARKER,
    verifyDiagnostics: undefined,
    printGeneric: false,
    printDebugInfo: false,
    allowUnregisteredDialect: false,
    verify: true,
    help: false,
    version: false,
  };
  let inputSeen = false;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '-' || !arg.startsWith('-')) {
      if (inputSeen) return { error: `Too many positional arguments specified: '${arg}' (one input file is expected)` };
      o.input = arg;
      inputSeen = true;
      continue;
    }
    // MLIR tools accept both -flag and --flag, and --flag=value.
    const eq = arg.indexOf('=');
    let name = eq < 0 ? arg : arg.slice(0, eq);
    let value = eq < 0 ? undefined : arg.slice(eq + 1);
    name = ALIASES[name] ?? name;
    if (!name.startsWith('--') && name !== '-o') name = '-' + name;
    const spec = FLAGS[name];
    if (!spec) return { error: `Unknown command line argument '${arg}'.  Try: 'tl-opt --help'` };
    if (spec.takesValue && value === undefined) {
      if (i + 1 >= argv.length) return { error: `Not enough positional command line arguments specified: '${arg}' needs a value` };
      value = argv[++i];
    }
    const err = spec.apply(o, value);
    if (err) return { error: `for the ${name} option: ${err}` };
  }
  return o;
}

export function helpText(): string {
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
  return lines.join('\n') + '\n';
}
