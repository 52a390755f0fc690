/** The command line of tl-opt, parsed. */
export interface TlOptOptions {
  input: string;
  output: string | undefined;
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
  readonly takesValue?: boolean;
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
    apply: (o, v) => {
      o.output = v;
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
    const shown = spec.takesValue ? `${name} <filename>` : name;
    lines.push(`  ${shown.padEnd(32)} - ${spec.help}`);
  }
  return lines.join('\n') + '\n';
}
