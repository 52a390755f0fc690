// The command line of tl-run: a tensor-language file, the kernel to run, its arguments, where to run it (a backend
// and a stage of the lowering) and what to do with the results (write them, check them, time the kernel).
import { parseCommandLine, type CommandLine, type Flag } from '@tlir/command-line';

/** Where the kernel runs. */
export type Backend = 'webgpu' | 'interpreter';

/**
 * The IR the interpreter runs: the front end's (tl), after `--lower-to-krnl` (krnl), after convert-krnl-to-scf
 * (scf: the kernel's loops are scf loops), after `--lower-to-gpu` (gpu). The webgpu backend runs the gpu stage,
 * translated to WGSL. Stages only go forward: IR given at one stage runs there or later.
 */
export type Stage = 'tl' | 'krnl' | 'scf' | 'gpu';

export const STAGES: readonly Stage[] = ['tl', 'krnl', 'scf', 'gpu'];
export const BACKENDS: readonly Backend[] = ['webgpu', 'interpreter'];

/** `--arg NAME=VALUE`, as written. */
export interface ArgumentFlag {
  readonly name: string;
  readonly value: string;
  /** The flag as the user wrote it, for messages. */
  readonly text: string;
}

/** `--shape NAME=16x8x4`: the sizes of a memref, or of a group's members, that --random fills. */
export interface ShapeFlag {
  readonly name: string;
  readonly sizes: readonly number[];
  readonly text: string;
}

/** The command line of tl-run, parsed. */
export interface TlRunOptions {
  /** The first input (the program to run), undefined when none is given. */
  readonly input: string | undefined;
  /** Every input, in order (two under --compare). */
  readonly inputs: readonly string[];
  /** ESM modules that register passes, for -p (`--load-pass-plugin`). */
  readonly passPlugins: readonly string[];
  /** A pipeline to run on the input before it runs (`-p 'builtin.module(my-pass)'`). */
  readonly passPipeline: string | undefined;
  /** A tensor-language file whose kernel of the same name is --check's reference. */
  readonly reference: string | undefined;
  /** Run the two inputs on the same arguments and compare their results and timings. */
  readonly compare: boolean;
  readonly kernel: string | undefined;
  readonly groups: number | undefined;
  readonly args: readonly ArgumentFlag[];
  readonly shapes: readonly ShapeFlag[];
  /** The seed of --random; undefined without --random. */
  readonly random: number | undefined;
  readonly backend: Backend;
  /** undefined: the gpu stage for a .tl input, the input's own stage for MLIR (the interpreter backend). */
  readonly stage: Stage | undefined;
  /** The options of the lower-to-krnl pipeline (`tile-m=32 copy=false`), as its pipeline text takes them. */
  readonly lowerToKrnl: string;
  readonly out: string | undefined;
  readonly check: boolean;
  /** Translate with bounds checks (--bounds-check; on under --check unless --bounds-check=false). */
  readonly boundsCheck: boolean;
  /** Whether --bounds-check was given (true or false). */
  readonly boundsCheckGiven: boolean;
  /** Tolerances of --check for floats; undefined: the element type's default. */
  readonly rtol: number | undefined;
  readonly atol: number | undefined;
  readonly bench: boolean;
  readonly repetitions: number;
  /** Whether --repetitions was given (--compare times one launch each otherwise). */
  readonly repetitionsGiven: boolean;
  /** --tune: search the schedule space for this kernel on this adapter (docs/tuning.md). */
  readonly tune: boolean;
  /** Seconds --tune may spend. */
  readonly budget: number;
  /** Where --tune writes its JSON and SVG report. */
  readonly report: string | undefined;
  /** The tuning cache file (default: $XDG_CACHE_HOME/tlir/tuning.json). */
  readonly cache: string | undefined;
  /** Do not use (or, under --tune, read) tuned schedules from the cache. */
  readonly noTunedSchedules: boolean;
  /** Tune even when the cache has a schedule. */
  readonly retune: boolean;
  /** Test hook: corrupt the results of the candidate launched at this index (docs/tuning.md). */
  readonly tuneCorrupt: number | undefined;
  /** Test hooks: the candidate launched at this index hangs, or keeps allocating memory (docs/tuning.md). */
  readonly tuneHang: number | undefined;
  readonly tuneBloat: number | undefined;
  /** Seconds a candidate may take under --tune (undefined: the tuner's own limit). */
  readonly candidateTimeout: number | undefined;
  /** Megabytes of resident memory a --tune worker process may use (undefined: a quarter of the machine's, at most 8 GiB). */
  readonly tuneMemoryLimit: number | undefined;
  /** The clock --tune times candidates by: wall (the adapter's timestamps) or cpu (the worker's CPU time; experimental). */
  readonly tuneClock: 'auto' | 'wall' | 'cpu';
  /** Try --tune's candidates in this process, not in a worker process. */
  readonly tuneInProcess: boolean;
  readonly verbose: boolean;
  readonly help: boolean;
  readonly version: boolean;
}

/** The seed of `--random` without a value. */
export const DEFAULT_SEED = 1;
/** Launches timed by `--bench` without `--repetitions`. */
export const DEFAULT_REPETITIONS = 10;
/** Batches of launches timed per candidate by --tune without --repetitions (candidate-session.ts, timeLaunches). */
export const DEFAULT_TUNE_REPETITIONS = 5;
/** Seconds --tune spends without --budget. */
export const DEFAULT_BUDGET = 60;

export const HELP = `OVERVIEW: tlir kernel runner (a tensor-language kernel on WebGPU or in the reference interpreter)

USAGE: tl-run <file.tl|file.mlir> [--kernel <name>] [options]
       tl-run --compare <A> <B> [--kernel <name>] [options]

The input is a tensor-language file or MLIR at any stage of the lowering (what tl-opt writes: tl, krnl, scf or gpu
IR); it is lowered from there to the stage it runs at.

ARGUMENTS:
  --kernel <name>             The kernel to run (its name, without '@'); optional when the file has one
  --groups <N>                The number of work-groups (default: the member count of the group arguments)
  --arg <name>=<value>        An argument, by its name without '%': a scalar literal (1.5, -3, true, nan) for a
                              scalar; a .npy file for a memref (the array has the memref's shape) or a group (the
                              members' shape plus a trailing mode of one index per member); dynamic sizes come
                              from the arrays; C and Fortran order are both accepted
  --random[=<seed>]           Fill every argument not given with pseudo-random values (seed default ${DEFAULT_SEED})
  --shape <name>=<sizes>      The sizes of a memref, or of a group's members, that --random fills (16x8x4);
                              needed where the type has a '?'

WHERE IT RUNS:
  --backend <webgpu|interpreter>  WebGPU (the gpu IR translated to WGSL; default) or the reference interpreter
  --stage <tl|krnl|gpu>       The IR the interpreter runs: the front end's, after --lower-to-krnl, or after
                              --lower-to-gpu (default); the webgpu backend runs the gpu stage
  --stage <tl|krnl|scf|gpu>   (above) For MLIR input, the default is the input's own stage
  --lower-to-krnl=<options>   Options of the lower-to-krnl pipeline ('tile-m=32 copy=false'; see tl-opt --help)
  --load-pass-plugin=<path>   Load passes from an ESM plugin module (as tl-opt), for -p
  -p, --pass-pipeline=<text>  Run this pipeline on the input first ('builtin.module(my-pass)'), as tl-opt would

RESULTS:
  --out <dir>                 Write every memref and group argument after the run as <dir>/<name>.npy
  --check                     Also run the interpreter on the earliest IR given (the input before -p) and compare
                              every memref and group argument (integers exactly, floats within the tolerance);
                              exit 1 on a mismatch
  --bounds-check[=false]      Check every load, store and view against its memref's sizes (WebGPU clamps them
                              silently) and stop with the first out-of-bounds access, located at its source
                              line; and before launching, --groups that a view or group indexed by group_id
                              cannot cover. On by default under --check
  --reference <K.tl>          --check against the interpreter on this file's kernel of the same name instead
  --compare                   Run the two inputs on the same arguments; report the largest difference of each
                              argument and both timings (exit 1 when they differ beyond the tolerance)
  --rtol <x>, --atol <x>      --check's float tolerance, element by element (as numpy.allclose):
                              |got - expected| <= atol + rtol |expected|
                              (default f32: rtol 1e-4, atol 1e-5; f64: rtol 1e-10, atol 1e-12)
  --bench                     Time the kernel: time per launch, GFLOP/s and GB/s of its collectives
  --repetitions <N>           Launches timed by --bench (default ${DEFAULT_REPETITIONS})

TUNING (docs/tuning.md):
  --tune                      Search the schedule space of the kernel on this adapter: every candidate is
                              compiled, checked against the interpreter on a small instance (at most 2
                              work-groups) and timed on the arguments given as pnpm bench:webgpu times a
                              kernel (median of --repetitions batches of launches, default
                              ${DEFAULT_TUNE_REPETITIONS}); prints the best ones and the chosen schedule
                              (a schedule file), and caches it
  --budget <seconds>          The time --tune may spend (default ${DEFAULT_BUDGET})
  --report <dir>              Write --tune's results as <dir>/tuning.json and <dir>/tuning.svg
  --retune                    Tune even when the cache has a schedule for this kernel, adapter and shapes
  --cache <file>              The tuning cache (default $XDG_CACHE_HOME/tlir/tuning.json, else
                              ~/.cache/tlir/tuning.json); runs on WebGPU use its schedule for the kernel, adapter
                              and shape bucket and say so ('schedule: tuned (cache ...)')
  --no-tuned-schedules        Do not use the cache's schedules (the lowering's own, or --lower-to-krnl's)
  --candidate-timeout <seconds>
                              The time one candidate may take before it is stopped and reported failed
                              (default: 12 s, or 5 times the longest candidate so far; the default schedule
                              the budget, at least 36 s)
  --tune-memory-limit <MB>    The resident memory of the worker process that tries the candidates; a candidate
                              that passes it is stopped and reported failed (default: a quarter of the
                              machine's memory, at most 8192)
  --tune-clock <auto|wall|cpu>
                              The clock of --tune's batches of launches: wall (the benchmark's: from
                              submission to completion), cpu (the worker process's CPU time during each batch,
                              which other processes' load moves much less), or auto (default: cpu on a CPU
                              adapter, wall on a GPU)
  --tune-in-process           Try the candidates in this process, not in a worker process (no time or memory
                              limit: a candidate that hangs hangs the tuner)
  --tune-test-corrupt <N>     (tests) Corrupt the results of the N-th candidate launched (0: the default; one
                              with the WGSL of an earlier one is not launched), which the check must catch
  --tune-test-hang <N>        (tests) The N-th candidate launched never finishes (which the time limit stops)
  --tune-test-bloat <N>       (tests) The N-th candidate launched keeps allocating memory (the memory limit)

  --verbose                   Say on stderr what runs where (the stage, the adapter)
  --help                      Show this help
  --version                   Show the version
`;

/** A valid argument or shape name: a named identifier of the tensor language (`%A`, `%alpha_1`), or `argN`. */
const NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** Parses a count: a positive integer. */
function positiveInteger(text: string): number | undefined {
  if (!/^[0-9]+$/.test(text)) return undefined;
  const n = Number(text);
  return Number.isSafeInteger(n) && n >= 1 ? n : undefined;
}

function nonNegativeNumber(text: string): number | undefined {
  const n = text.trim() === '' ? NaN : Number(text);
  return Number.isFinite(n) && n >= 0 ? n : undefined;
}

/** `NAME=VALUE` of --arg and --shape. */
function namedValue(flag: string, text: string): { name: string; value: string } | string {
  const eq = text.indexOf('=');
  if (eq <= 0) return `${flag} ${text}: expected <name>=<value>`;
  const name = text.slice(0, eq).replace(/^%/, '');
  if (!NAME.test(name)) return `${flag} ${text}: '${text.slice(0, eq)}' is not an argument name`;
  return { name, value: text.slice(eq + 1) };
}

/** Parses the arguments of tl-run; returns the error text for a bad command line. */
/** The options while the command line is read. */
type Draft = { -readonly [K in keyof TlRunOptions]: TlRunOptions[K] } & { args: ArgumentFlag[]; shapes: ShapeFlag[]; inputs: string[]; passPlugins: string[] };

/** A flag whose value is required: `--flag value` or `--flag=value`. */
const withValue = (apply: (o: Draft, value: string) => string | undefined): Flag<Draft> => ({ help: '', value: 'required', apply: (o, v) => apply(o, v!) });
/** A flag without a value. */
const switchFlag = (apply: (o: Draft) => void): Flag<Draft> => ({ help: '', apply: (o) => void apply(o) });

/** tl-run's flags (their help is HELP's, written by section). */
const FLAGS: Record<string, Flag<Draft>> = {
  '--kernel': withValue((o, v) => {
    o.kernel = v.replace(/^@/, '');
    return o.kernel === '' ? `option '--kernel' needs a kernel name` : undefined;
  }),
  '--groups': withValue((o, v) => {
    o.groups = positiveInteger(v);
    return o.groups === undefined ? `--groups ${v}: expected a positive integer` : undefined;
  }),
  '--arg': withValue((o, v) => {
    const named = namedValue('--arg', v);
    if (typeof named === 'string') return named;
    if (o.args.some((a) => a.name === named.name)) return `--arg ${v}: argument '${named.name}' is given twice`;
    o.args.push({ ...named, text: `--arg ${v}` });
    return undefined;
  }),
  '--shape': withValue((o, v) => {
    const named = namedValue('--shape', v);
    if (typeof named === 'string') return named;
    if (o.shapes.some((s) => s.name === named.name)) return `--shape ${v}: the shape of '${named.name}' is given twice`;
    const sizes = named.value === '' ? [] : named.value.split('x').map((s) => (/^[0-9]+$/.test(s) ? Number(s) : NaN));
    if (named.value === '' || sizes.some((s) => !Number.isSafeInteger(s))) return `--shape ${v}: expected sizes such as 16x8x4`;
    o.shapes.push({ name: named.name, sizes, text: `--shape ${v}` });
    return undefined;
  }),
  '--random': {
    help: '',
    value: 'optional',
    apply: (o, v) => {
      if (v === undefined) o.random = DEFAULT_SEED;
      else if (/^[0-9]+$/.test(v) && Number(v) <= 0xffffffff) o.random = Number(v);
      else return `--random=${v}: the seed must be an integer from 0 to 4294967295`;
      return undefined;
    },
  },
  '--backend': withValue((o, v) => {
    if (!(BACKENDS as readonly string[]).includes(v)) return `--backend ${v}: expected one of ${BACKENDS.join(', ')}`;
    o.backend = v as Backend;
    return undefined;
  }),
  '--stage': withValue((o, v) => {
    if (!(STAGES as readonly string[]).includes(v)) return `--stage ${v}: expected one of ${STAGES.join(', ')}`;
    o.stage = v as Stage;
    return undefined;
  }),
  '--lower-to-krnl': { help: '', value: 'optional', apply: (o, v) => void (o.lowerToKrnl = v ?? '') },
  '--load-pass-plugin': withValue((o, v) => void o.passPlugins.push(v)),
  '--pass-pipeline': withValue((o, v) => {
    if (o.passPipeline !== undefined) return '--pass-pipeline (-p) may be given once';
    o.passPipeline = v;
    return undefined;
  }),
  '--reference': withValue((o, v) => void (o.reference = v)),
  '--compare': switchFlag((o) => (o.compare = true)),
  '--out': withValue((o, v) => void (o.out = v)),
  '--check': switchFlag((o) => (o.check = true)),
  '--bounds-check': {
    help: '',
    value: 'optional',
    apply: (o, v) => {
      if (v === undefined || v === 'true' || v === '1') o.boundsCheck = true;
      else if (v === 'false' || v === '0') o.boundsCheck = false;
      else return `--bounds-check=${v}: expected true or false`;
      o.boundsCheckGiven = true;
      return undefined;
    },
  },
  '--rtol': withValue((o, v) => {
    o.rtol = nonNegativeNumber(v);
    return o.rtol === undefined ? `--rtol ${v}: expected a non-negative number` : undefined;
  }),
  '--atol': withValue((o, v) => {
    o.atol = nonNegativeNumber(v);
    return o.atol === undefined ? `--atol ${v}: expected a non-negative number` : undefined;
  }),
  '--bench': switchFlag((o) => (o.bench = true)),
  '--repetitions': withValue((o, v) => {
    const n = positiveInteger(v);
    if (n === undefined) return `--repetitions ${v}: expected a positive integer`;
    o.repetitions = n;
    o.repetitionsGiven = true;
    return undefined;
  }),
  '--tune': switchFlag((o) => (o.tune = true)),
  '--budget': withValue((o, v) => {
    const n = nonNegativeNumber(v);
    if (n === undefined || n === 0) return `--budget ${v}: expected a positive number of seconds`;
    o.budget = n;
    return undefined;
  }),
  '--report': withValue((o, v) => void (o.report = v)),
  '--cache': withValue((o, v) => void (o.cache = v)),
  '--no-tuned-schedules': switchFlag((o) => (o.noTunedSchedules = true)),
  '--retune': switchFlag((o) => (o.retune = true)),
  '--tune-test-corrupt': withValue((o, v) => {
    if (!/^[0-9]+$/.test(v)) return `--tune-test-corrupt ${v}: expected a candidate index`;
    o.tuneCorrupt = Number(v);
    return undefined;
  }),
  '--tune-test-hang': withValue((o, v) => {
    if (!/^[0-9]+$/.test(v)) return `--tune-test-hang ${v}: expected a candidate index`;
    o.tuneHang = Number(v);
    return undefined;
  }),
  '--tune-test-bloat': withValue((o, v) => {
    if (!/^[0-9]+$/.test(v)) return `--tune-test-bloat ${v}: expected a candidate index`;
    o.tuneBloat = Number(v);
    return undefined;
  }),
  '--candidate-timeout': withValue((o, v) => {
    const n = nonNegativeNumber(v);
    if (n === undefined || n === 0) return `--candidate-timeout ${v}: expected a positive number of seconds`;
    o.candidateTimeout = n;
    return undefined;
  }),
  '--tune-memory-limit': withValue((o, v) => {
    const n = positiveInteger(v);
    if (n === undefined) return `--tune-memory-limit ${v}: expected a positive number of megabytes`;
    o.tuneMemoryLimit = n;
    return undefined;
  }),
  '--tune-in-process': switchFlag((o) => (o.tuneInProcess = true)),
  '--tune-clock': withValue((o, v) => {
    if (v !== 'auto' && v !== 'wall' && v !== 'cpu') return `--tune-clock ${v}: expected auto, wall or cpu`;
    o.tuneClock = v;
    return undefined;
  }),
  '--verbose': switchFlag((o) => (o.verbose = true)),
  '--help': switchFlag((o) => (o.help = true)),
  '--version': switchFlag((o) => (o.version = true)),
};

const COMMAND_LINE: CommandLine<Draft> = {
  tool: 'tl-run',
  flags: FLAGS,
  aliases: { '-h': '--help', '-v': '--verbose', '-p': '--pass-pipeline' },
  multipleInputs: true,
  input: (o, file) => {
    o.inputs.push(file);
    o.input ??= file;
  },
};

/** Parses tl-run's command line; returns the options, or the first problem. */
export function parseRunOptions(argv: readonly string[]): TlRunOptions | { error: string } {
  const draft: Draft = {
    input: undefined,
    inputs: [],
    passPlugins: [],
    passPipeline: undefined,
    reference: undefined,
    compare: false,
    kernel: undefined,
    groups: undefined,
    args: [],
    shapes: [],
    random: undefined,
    backend: 'webgpu',
    stage: undefined,
    lowerToKrnl: '',
    out: undefined,
    check: false,
    boundsCheck: false,
    boundsCheckGiven: false,
    rtol: undefined,
    atol: undefined,
    bench: false,
    repetitions: DEFAULT_REPETITIONS,
    repetitionsGiven: false,
    tune: false,
    budget: DEFAULT_BUDGET,
    report: undefined,
    cache: undefined,
    noTunedSchedules: false,
    retune: false,
    tuneCorrupt: undefined,
    tuneHang: undefined,
    tuneBloat: undefined,
    candidateTimeout: undefined,
    tuneMemoryLimit: undefined,
    tuneInProcess: false,
    tuneClock: 'auto',
    verbose: false,
    help: false,
    version: false,
  };
  const o = parseCommandLine(argv, COMMAND_LINE, draft);
  if ('error' in o) return o;
  // --check checks the bounds too, unless told not to.
  if (o.check && !o.boundsCheckGiven) o.boundsCheck = true;
  if (!o.help && !o.version) {
    if (o.input === undefined) return { error: 'no input file (usage: tl-run <file.tl> [--kernel <name>] ...; see --help)' };
    if (o.compare && o.inputs.length !== 2) return { error: `--compare runs two inputs, got ${o.inputs.length} (tl-run --compare A.tl B.mlir --kernel k ...)` };
    if (!o.compare && o.inputs.length > 1) return { error: `one input at a time, got ${o.inputs.join(', ')} (--compare runs two)` };
    if (o.reference !== undefined && !o.check) return { error: `--reference names the reference of --check, which is not given` };
    if (o.passPipeline === undefined && o.passPlugins.length) return { error: `--load-pass-plugin loads passes for -p, which is not given` };
    if (o.backend === 'webgpu' && o.stage !== undefined && o.stage !== 'gpu') {
      return { error: `--stage ${o.stage}: the webgpu backend runs the gpu stage (use --backend interpreter to run the ${o.stage} IR)` };
    }
    if (o.tune && (o.compare || o.backend !== 'webgpu' || o.passPipeline !== undefined || o.out !== undefined)) {
      return { error: '--tune tunes a tensor-language kernel on WebGPU: not with --compare, --backend interpreter, -p or --out' };
    }
    const tuneOnly = o.report !== undefined || o.retune || o.tuneCorrupt !== undefined || o.tuneHang !== undefined || o.tuneBloat !== undefined;
    if ((tuneOnly || o.candidateTimeout !== undefined || o.tuneMemoryLimit !== undefined || o.tuneInProcess || o.tuneClock !== 'auto') && !o.tune) {
      return { error: '--report, --retune, --candidate-timeout, --tune-memory-limit, --tune-clock, --tune-in-process and --tune-test-* go with --tune' };
    }
    if (o.tuneInProcess && o.tuneClock === 'cpu') return { error: '--tune-clock cpu times the worker process that --tune-in-process turns off' };
    if (o.tuneInProcess && (o.tuneHang !== undefined || o.tuneBloat !== undefined)) {
      return { error: '--tune-test-hang and --tune-test-bloat need the worker process that --tune-in-process turns off' };
    }
    if ((o.rtol !== undefined || o.atol !== undefined) && !o.check && !o.compare) return { error: `--rtol and --atol are tolerances of --check and --compare, neither of which is given` };
  }
  return o;
}
