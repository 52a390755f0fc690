// The command line of tl-run: defaults, both spellings of values, and the checks made before anything runs (the
// messages themselves are tested by command-line-errors.tl).
import { describe, expect, it } from 'vitest';
import { DEFAULT_REPETITIONS, DEFAULT_SEED, parseRunOptions, type TlRunOptions } from '../src/options.js';

function parsed(argv: string[]): TlRunOptions {
  const o = parseRunOptions(argv);
  if ('error' in o) throw new Error(o.error);
  return o;
}

describe('parseRunOptions', () => {
  it("takes --tune's limits and clock, only with --tune, and refuses the hooks and the CPU clock without the worker process", () => {
    const o = parsed(['k.tl', '--tune', '--candidate-timeout', '2.5', '--tune-memory-limit', '900', '--tune-clock', 'cpu', '--tune-test-hang', '3']);
    expect(o).toMatchObject({ candidateTimeout: 2.5, tuneMemoryLimit: 900, tuneClock: 'cpu', tuneHang: 3, tuneInProcess: false });
    expect(parsed(['k.tl', '--tune']).tuneClock).toBe('auto');
    expect(parsed(['k.tl', '--tune', '--tune-clock', 'wall']).tuneClock).toBe('wall');
    const error = (argv: string[]): string => {
      const r = parseRunOptions(argv);
      return 'error' in r ? r.error : '';
    };
    expect(error(['k.tl', '--candidate-timeout', '3'])).toMatch(/go with --tune/);
    expect(error(['k.tl', '--tune', '--tune-clock', 'gpu'])).toBe('--tune-clock gpu: expected auto, wall or cpu');
    expect(error(['k.tl', '--tune', '--tune-in-process', '--tune-test-bloat', '1'])).toMatch(/need the worker process/);
    expect(error(['k.tl', '--tune', '--tune-in-process', '--tune-clock', 'cpu'])).toMatch(/times the worker process/);
    expect(error(['k.tl', '--tune', '--tune-memory-limit', '0'])).toMatch(/--tune-memory-limit 0: expected a positive number of megabytes/);
  });

  it('has defaults: webgpu, the gpu stage, no random, no check', () => {
    const o = parsed(['k.tl', '--kernel', 'k']);
    expect(o).toMatchObject({ input: 'k.tl', kernel: 'k', backend: 'webgpu', stage: undefined, random: undefined, check: false, bench: false });
    expect(o.repetitions).toBe(DEFAULT_REPETITIONS);
    expect(o.lowerToKrnl).toBe('');
  });

  it('takes values after = or as the next argument, and names with or without % and @', () => {
    const o = parsed(['--kernel=@k', 'k.tl', '--groups=3', '--arg', '%A=a.npy', '--arg=alpha=-1.5', '--shape', 'B=4x5', '--stage', 'krnl', '--backend=interpreter']);
    expect(o.kernel).toBe('k');
    expect(o.groups).toBe(3);
    expect(o.args).toEqual([
      { name: 'A', value: 'a.npy', text: '--arg %A=a.npy' },
      { name: 'alpha', value: '-1.5', text: '--arg alpha=-1.5' },
    ]);
    expect(o.shapes).toEqual([{ name: 'B', sizes: [4, 5], text: '--shape B=4x5' }]);
    expect(o.stage).toBe('krnl');
    expect(o.backend).toBe('interpreter');
  });

  it('reads --random with and without a seed, and the tolerances of --check', () => {
    expect(parsed(['k.tl', '--kernel', 'k', '--random']).random).toBe(DEFAULT_SEED);
    expect(parsed(['k.tl', '--kernel', 'k', '--random=0']).random).toBe(0);
    const o = parsed(['k.tl', '--kernel', 'k', '--check', '--rtol', '1e-3', '--atol=0']);
    expect([o.rtol, o.atol]).toEqual([1e-3, 0]);
  });

  it('keeps --lower-to-krnl options as written', () => {
    expect(parsed(['k.tl', '--kernel', 'k', '--lower-to-krnl=tile-m=32 copy=false']).lowerToKrnl).toBe('tile-m=32 copy=false');
  });

  it('needs no input for --help and --version', () => {
    expect(parsed(['--help']).help).toBe(true);
    expect(parsed(['--version']).version).toBe(true);
  });

  it.each([
    [['k.tl', '--kernel', 'k', '--groups', '1.5'], '--groups 1.5: expected a positive integer'],
    [['k.tl', '--kernel', 'k', '--shape', 'A=0x'], '--shape A=0x: expected sizes such as 16x8x4'],
    [['k.tl', '--kernel', 'k', '--random=-1'], '--random=-1: the seed must be an integer from 0 to 4294967295'],
    [['k.tl', '--kernel', 'k', '--stage', 'tl'], '--stage tl: the webgpu backend runs the gpu stage (use --backend interpreter to run the tl IR)'],
    [['k.tl', '--kernel', 'k', '--bench=1'], "option '--bench' takes no value"],
    [['k.tl', '--kernel', 'k', '--shape', 'A=2', '--shape', 'A=3'], "--shape A=3: the shape of 'A' is given twice"],
    [['k.tl', '--kernel='], "option '--kernel' needs a kernel name"],
  ])('refuses %j', (argv, message) => {
    expect(parseRunOptions(argv)).toEqual({ error: message });
  });
});
