// The command line of a tool, as a table of flags: LLVM's spellings (`-flag` and `--flag` alike, `--flag=value`, or
// `--flag value` for a flag that needs one), aliases (`-h` for `--help`), one positional input, and flags the table
// does not name handed to the tool (tl-opt's pass flags). Each flag applies its value to the options and says what is
// wrong with it; the parser reports what is wrong with the command line itself, in one style for every tool.

/** Whether a flag takes a value: never (`--check`), optionally after '=' (`--split-input-file[=marker]`), or always. */
export type FlagValue = 'none' | 'optional' | 'required';

/** One flag of a tool. */
export interface Flag<O> {
  /** What `--help` says of it. */
  readonly help: string;
  /** Default 'none'. A required value is `--flag=value` or the next argument. */
  readonly value?: FlagValue;
  /** How `--help` shows the value (`' <filename>'`, `'=<list>'`, `'[=<marker>]'`). */
  readonly valueHelp?: string;
  /** Applies the flag (its value, if given) to the options; returns the problem with the value, in full, if any. */
  readonly apply: (options: O, value: string | undefined) => string | undefined;
}

/** A tool's command line. */
export interface CommandLine<O> {
  /** The tool's name, for messages (`Try: 'tl-opt --help'`). */
  readonly tool: string;
  /** The flags by their spelling: `--name`, or `-x` for a one-letter flag. */
  readonly flags: Readonly<Record<string, Flag<O>>>;
  /** Other spellings of flags (`-h` -> `--help`). */
  readonly aliases?: Readonly<Record<string, string>>;
  /** Takes the one positional argument: the input file (`-` is standard input). A second one is an error. */
  readonly input: (options: O, file: string) => void;
  /** Takes several positional arguments (each goes to `input`; the tool checks how many it got). */
  readonly multipleInputs?: boolean;
  /** A flag the table does not name, as `--name` with its value after '=': true if the tool takes it. */
  readonly other?: (options: O, name: string, value: string | undefined) => boolean;
}

/** The canonical spelling of a flag as written: MLIR's tools take `-flag` for `--flag` (one-letter flags keep one dash). */
function canonicalName<O>(line: CommandLine<O>, written: string): string {
  const aliased = line.aliases?.[written] ?? written;
  if (aliased.startsWith('--') || line.flags[aliased]) return aliased;
  const long = '-' + aliased;
  return line.aliases?.[long] ?? long;
}

/** Parses `argv` into `options` (which holds the defaults); returns them, or the first problem. */
export function parseCommandLine<O>(argv: readonly string[], line: CommandLine<O>, options: O): O | { error: string } {
  let input: string | undefined;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '-' || !arg.startsWith('-')) {
      if (input !== undefined && !line.multipleInputs) return { error: `Too many positional arguments specified: '${arg}' (one input file is expected, and '${input}' was given)` };
      input = arg;
      line.input(options, arg);
      continue;
    }
    const eq = arg.indexOf('=');
    const name = canonicalName(line, eq < 0 ? arg : arg.slice(0, eq));
    let value = eq < 0 ? undefined : arg.slice(eq + 1);
    const flag = line.flags[name];
    if (!flag) {
      if (line.other?.(options, name, value)) continue;
      return { error: `Unknown command line argument '${arg}'.  Try: '${line.tool} --help'` };
    }
    const kind = flag.value ?? 'none';
    if (kind === 'none' && value !== undefined) return { error: `option '${name}' takes no value` };
    if (kind === 'required' && value === undefined) {
      if (i + 1 >= argv.length) return { error: `option '${name}' needs a value` };
      value = argv[++i]!;
    }
    const problem = flag.apply(options, value);
    if (problem !== undefined) return { error: problem };
  }
  return options;
}

/** The OPTIONS lines of `--help`: each flag with its value and its help, aligned at `column`. */
export function flagHelp<O>(flags: Readonly<Record<string, Flag<O>>>, column = 32): string[] {
  return Object.entries(flags).map(([name, flag]) => `  ${(name + (flag.valueHelp ?? '')).padEnd(column)} - ${flag.help}`);
}

/** A flag that sets a boolean option: `--flag`, or `--flag=true|false|1|0` as LLVM's boolean options take. */
export function booleanFlag<O>(help: string, set: (options: O, on: boolean) => void): Flag<O> {
  return {
    help,
    value: 'optional',
    apply: (options, value) => {
      if (value === undefined || value === 'true' || value === '1') set(options, true);
      else if (value === 'false' || value === '0') set(options, false);
      else return `invalid value '${value}' (expected true or false)`;
      return undefined;
    },
  };
}
