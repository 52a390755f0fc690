// The command-line parser every tool uses: spellings, values, aliases, the input, flags handed to the tool, and the
// messages of a bad command line.
import { describe, expect, it } from 'vitest';
import { booleanFlag, flagHelp, parseCommandLine, type CommandLine } from '../src/index.js';

interface Options {
  input: string;
  output: string | undefined;
  marker: string | undefined;
  verbose: boolean;
  passes: string[];
}

const LINE: CommandLine<Options> = {
  tool: 'demo',
  flags: {
    '-o': { help: 'Output file', value: 'required', valueHelp: ' <file>', apply: (o, v) => void (o.output = v) },
    '--split': { help: 'Split at the marker', value: 'optional', valueHelp: '[=<marker>]', apply: (o, v) => void (o.marker = v ?? '-----') },
    '--verbose': booleanFlag('Say more', (o, on) => (o.verbose = on)),
    '--count': { help: 'A count', value: 'required', apply: (_o, v) => (/^[0-9]+$/.test(v!) ? undefined : `--count ${v}: expected a number`) },
  },
  aliases: { '-v': '--verbose' },
  input: (o, file) => void (o.input = file),
  other: (o, name, value) => name.startsWith('--pass-') && o.passes.push(name.slice(2) + (value === undefined ? '' : `{${value}}`)) > 0,
};

const parse = (...argv: string[]): Options | { error: string } =>
  parseCommandLine(argv, LINE, { input: '-', output: undefined, marker: undefined, verbose: false, passes: [] });

describe('parseCommandLine', () => {
  it('reads values after = or as the next argument, and -flag as --flag', () => {
    expect(parse('in.mlir', '-o', 'out.mlir')).toMatchObject({ input: 'in.mlir', output: 'out.mlir' });
    expect(parse('--count=3', '-count', '4')).toMatchObject({ input: '-' });
    expect(parse('-split')).toMatchObject({ marker: '-----' });
    expect(parse('--split=//')).toMatchObject({ marker: '//' });
  });

  it('takes aliases, LLVM booleans and the flags the tool adds', () => {
    expect(parse('-v')).toMatchObject({ verbose: true });
    expect(parse('--verbose=false')).toMatchObject({ verbose: false });
    expect(parse('--pass-cse', '-pass-inline=depth=2')).toMatchObject({ passes: ['pass-cse', 'pass-inline{depth=2}'] });
  });

  it('reports a bad command line in one style', () => {
    expect(parse('--bogus')).toEqual({ error: "Unknown command line argument '--bogus'.  Try: 'demo --help'" });
    expect(parse('-o')).toEqual({ error: "option '-o' needs a value" });
    expect(parse('a.mlir', 'b.mlir')).toEqual({ error: "Too many positional arguments specified: 'b.mlir' (one input file is expected, and 'a.mlir' was given)" });
    expect(parse('--verbose=maybe')).toEqual({ error: "invalid value 'maybe' (expected true or false)" });
    expect(parse('--count', 'x')).toEqual({ error: '--count x: expected a number' });
  });

  it('rejects a value given to a flag that takes none', () => {
    const line: CommandLine<{ on: boolean }> = { tool: 't', flags: { '--check': { help: '', apply: (o) => void (o.on = true) } }, input: () => undefined };
    expect(parseCommandLine(['--check=1'], line, { on: false })).toEqual({ error: "option '--check' takes no value" });
  });

  it('writes the help lines from the same table', () => {
    expect(flagHelp(LINE.flags, 16)).toEqual([
      '  -o <file>        - Output file',
      '  --split[=<marker>] - Split at the marker',
      '  --verbose        - Say more',
      '  --count          - A count',
    ]);
  });
});
