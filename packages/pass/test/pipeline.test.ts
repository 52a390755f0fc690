import { describe, expect, it } from 'vitest';
import {
  definePass,
  definePipeline,
  OptionError,
  option,
  parseDefinitionOptions,
  parseOptions,
  parsePassPipeline,
  parsePipelineInto,
  PassManager,
  PassRegistry,
  PipelineError,
  PipelineSyntaxError,
  printOptions,
} from '@tlir/pass';

const noop = definePass({ argument: 'noop', summary: 'Does nothing', run: () => {} });
const tuned = definePass({
  argument: 'tuned',
  summary: 'Has options',
  options: {
    'max-iterations': option.int('Iterations', 10),
    'top-down': option.bool('Order', true),
    mode: option.enum('Mode', { fast: 'Fast', slow: 'Slow' }, 'fast'),
    sizes: option.list(option.int(''), 'Tile sizes'),
    name: option.string('A name'),
  },
  run: () => {},
});
const onFuncs = definePass({ argument: 'on-funcs', summary: 'Runs on test.func', anchor: 'test.func', run: () => {} });
const cleanup = definePipeline({
  argument: 'cleanup',
  summary: 'noop twice',
  options: { twice: option.bool('Twice', false) },
  build(pm, o) {
    pm.addPass(noop);
    if (o.twice) pm.addPass(noop);
  },
});

function registry(): PassRegistry {
  return new PassRegistry().registerPass(noop).registerPass(tuned).registerPass(onFuncs).registerPipeline(cleanup);
}

function parseOk(text: string): PassManager {
  const pm = parsePassPipeline(text, registry());
  if (pm instanceof PipelineSyntaxError) throw new Error(pm.format());
  return pm;
}

function parseError(text: string): string {
  const e = parsePassPipeline(text, registry());
  if (!(e instanceof PipelineSyntaxError)) throw new Error(`expected an error for ${text}`);
  return e.format();
}

describe('options', () => {
  it('parse with defaults, keys alone for booleans, quoted and braced values, lists', () => {
    const v = parseOptions(tuned.options, 'max-iterations=3 top-down=false sizes=1,2,4 name="a b" mode=slow');
    expect(v).toEqual({ 'max-iterations': 3, 'top-down': false, mode: 'slow', sizes: [1, 2, 4], name: 'a b' });
    expect(parseOptions(tuned.options, '  top-down  sizes={8,16}')).toMatchObject({ 'top-down': true, sizes: [8, 16], 'max-iterations': 10 });
  });

  it('report bad values and unknown options as MLIR does', () => {
    const err = (t: string): string => (parseOptions(tuned.options, t) as OptionError).message;
    expect(err('max-iterations=x')).toBe("for the --max-iterations option: 'x' value invalid for long argument!");
    expect(err('top-down=maybe')).toBe("for the --top-down option: 'maybe' is invalid value for boolean argument! Try 0 or 1");
    expect(err('mode=medium')).toBe("for the --mode option: Cannot find option named 'medium'!");
    expect(err('foo=1')).toBe("no such option 'foo' (valid options: max-iterations, mode, name, sizes, top-down)");
    expect(err('top-dow')).toBe("no such option 'top-dow'; did you mean 'top-down'? (valid options: max-iterations, mode, name, sizes, top-down)");
    expect(err('nme=x')).toContain("did you mean 'name'?");
    expect(err('sizes=1,x')).toBe("for the --sizes option: 'x' value invalid for long argument!");
    // Out of range: an error, never a rounded number.
    expect(err('max-iterations=99999999999999999999')).toBe("for the --max-iterations option: '99999999999999999999' value invalid for long argument!");
    expect(err('max-iterations=9007199254740993')).toContain('value invalid for long argument!');
    expect(parseOptions(tuned.options, 'max-iterations=-9007199254740991')).toMatchObject({ 'max-iterations': -9007199254740991 });
  });

  it('say where in the text the option at fault is', () => {
    const at = (t: string): number | undefined => (parseOptions(tuned.options, t) as OptionError).offset;
    expect(at('top-down=1 foo=1')).toBe(11);
    expect(at('mode=fast max-iterations=x')).toBe(25);
  });

  it('are validated together by the definition, blaming one option', () => {
    const checked = definePass({
      argument: 'checked',
      summary: 's',
      options: { lo: option.uint('', 0), hi: option.uint('', 10) },
      validate: (o) => (o.lo > o.hi ? { option: 'lo', message: `${o.lo} is above hi (${o.hi})` } : undefined),
      run() {},
    });
    const e = parseDefinitionOptions(checked, 'hi=3 lo=5') as OptionError;
    expect(e.message).toBe('for the --lo option: 5 is above hi (3)');
    expect(e.offset).toBe(5);
    expect(parseDefinitionOptions(checked, 'lo=2 hi=3')).toEqual({ lo: 2, hi: 3 });
  });

  it('print sorted by name, empty lists leaving their gap (as mlir-opt)', () => {
    const v = parseOptions(tuned.options, '') as Record<string, unknown>;
    expect(printOptions(tuned.options, v)).toBe('{max-iterations=10 mode=fast name=  top-down=true}');
    expect(printOptions(tuned.options, { ...v, sizes: [1, 2], name: 'a b' })).toBe('{max-iterations=10 mode=fast name="a b" sizes={1,2} top-down=true}');
  });
});

describe('textual pipelines', () => {
  it('parse nested pipelines and print them back', () => {
    const pm = parseOk('builtin.module(test.func(noop, tuned{max-iterations=3}), any(noop),noop)');
    expect(pm.printAsTextualPipeline()).toBe(
      'builtin.module(test.func(noop,tuned{max-iterations=3 mode=fast name=  top-down=true}),any(noop),noop)',
    );
    expect(parseOk(pm.printAsTextualPipeline()).printAsTextualPipeline()).toBe(pm.printAsTextualPipeline());
    expect(pm.printAsIndentedPipeline()).toBe(
      [
        'builtin.module(',
        '  test.func(',
        '    noop,',
        '    tuned{max-iterations=3 mode=fast name=  top-down=true}',
        '  ),',
        '  any(',
        '    noop',
        '  ),',
        '  noop',
        ')',
      ].join('\n'),
    );
  });

  it('expand registered pipelines with their options', () => {
    expect(parseOk('builtin.module(cleanup{twice})').printAsTextualPipeline()).toBe('builtin.module(noop,noop)');
    const pm = new PassManager('builtin.module');
    expect(parsePipelineInto('cleanup,test.func(noop)', pm, registry())).toBeUndefined();
    expect(pm.printAsTextualPipeline()).toBe('builtin.module(noop,test.func(noop))');
  });

  it('report errors with the place in the text', () => {
    expect(parseError('builtin.module(foo)')).toBe(
      "MLIR Textual PassPipeline Parser:1:16: error: 'foo' does not refer to a registered pass or pass pipeline\nbuiltin.module(foo)\n               ^\n",
    );
    expect(parseError('noop')).toContain("expected pass pipeline to be wrapped with the anchor operation type, e.g. 'builtin.module(...)'");
    expect(parseError('builtin.module(noop))')).toContain(":1:21: error: encountered extra closing ')' creating unbalanced parentheses");
    expect(parseError('builtin.module(noop')).toContain(':1:15: error: encountered unbalanced parentheses while parsing pipeline');
    expect(parseError('builtin.module(noop,,noop)')).toContain(":1:21: error: '' does not refer to a registered pass or pass pipeline");
    expect(parseError('builtin.module(tuned{top-down)')).toContain(":1:21: error: missing closing '}' while processing pass options");
    expect(parseError('builtin.module(tuned{max-iterations=x})')).toContain(
      "error: failed to add `tuned` with options `max-iterations=x`: for the --max-iterations option: 'x' value invalid for long argument!",
    );
    expect(parseError('builtin.module(on-funcs)')).toContain(
      "error: Can't add pass 'OnFuncs' restricted to 'test.func' on a PassManager intended to run on 'builtin.module', did you intend to nest?",
    );
  });

  it('nest anchored passes implicitly when asked (as tl-opt does for pass flags)', () => {
    const pm = new PassManager('builtin.module', { nesting: 'implicit' });
    pm.addPass(noop).addPass(onFuncs);
    expect(pm.printAsTextualPipeline()).toBe('builtin.module(noop,test.func(on-funcs))');
    expect(() => new PassManager('builtin.module').addPass(onFuncs)).toThrow(PipelineError);
  });

  it('the registry refuses a second pass of the same name', () => {
    const r = registry();
    r.registerPass(noop);
    expect(() => r.registerPass(definePass({ argument: 'noop', summary: '', run: () => {} }))).toThrow(/already registered/);
    expect(r.passes.map((p) => p.argument)).toEqual(['noop', 'on-funcs', 'tuned']);
    expect(r.pipelines.map((p) => p.argument)).toEqual(['cleanup']);
  });
});
