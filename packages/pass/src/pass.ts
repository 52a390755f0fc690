import type { Context, Operation } from '@tlir/ir';
import { PreservedAnalyses, type AnalysisKey, type AnalysisManager } from './analysis.js';
import { defaultOptions, printOptions, type OptionProblem, type OptionSpecs, type OptionValues } from './options.js';
import type { OpPassManager } from './pass-manager.js';

/** A counter a pass keeps (`--mlir-pass-statistics` shows them), e.g. the number of ops it erased. */
export interface Statistic {
  readonly name: string;
  readonly description: string;
  value: number;
}

/** What a pass sees while it runs on an op: its options, state, statistics, analyses, and how to fail. */
export interface PassRun<O extends OptionSpecs = OptionSpecs, St extends string = string, S = unknown> {
  /** The op the pass runs on. */
  readonly op: Operation;
  readonly context: Context;
  readonly options: Readonly<OptionValues<O>>;
  /** What the definition's `initialize` returned (computed once per context). */
  readonly state: S;
  readonly statistics: Readonly<Record<St, Statistic>>;
  /** Marks the pass as failed: the pipeline stops after it (emit a diagnostic saying why first). */
  signalPassFailure(): void;
  /** An analysis of the op, computed unless cached. */
  getAnalysis<T>(key: AnalysisKey<T>): T;
  getCachedAnalysis<T>(key: AnalysisKey<T>): T | undefined;
  /** An analysis of an op nested in the pass's op. */
  getChildAnalysis<T>(child: Operation, key: AnalysisKey<T>): T;
  /** The pass changed nothing that analyses depend on: keep them all (also skips the verifier). */
  markAllAnalysesPreserved(): void;
  /** These analyses stay valid. */
  markAnalysesPreserved(...keys: AnalysisKey<unknown>[]): void;
  /** Runs a pipeline on the pass's op or an op nested in it (a dynamic pipeline); false when it failed. */
  runPipeline(pm: OpPassManager, op: Operation): boolean;
  /**
   * The isolated-from-above ops directly inside `op` that this pass has already run on, interleaved with the
   * passes around it (see `isolatedLocal` and docs/passes.md, "Interleaved passes"): the run leaves their insides
   * out. Undefined: none (the pass runs on all of `op`).
   */
  readonly interleaved: ReadonlySet<Operation> | undefined;
  /**
   * Set when this run is one of those interleaved runs, on an op directly inside the op the pass is scheduled on:
   * that op, on which the pass's own run follows. What concerns the pass's run as a whole (a report that it did not
   * converge, say) belongs to that run.
   */
  readonly partOf: Operation | undefined;
  /** Writes text to the tool's output for reports and dumps (stderr in tl-opt), not to the IR output. */
  write(text: string): void;
}

/** How a pass is defined: what it is called, where it runs, its options and statistics, and what it does. */
export interface PassDefinitionInit<O extends OptionSpecs, St extends string, S> {
  /** The name in pipelines and on the command line, kebab-case: `cse`, `loop-invariant-code-motion`. */
  argument: string;
  /** The name in reports (`--mlir-timing`, IR dumps): `CSE`. Default: the argument in PascalCase. */
  name?: string;
  /** One line for `--help`. */
  summary: string;
  /** More, in markdown. */
  description?: string;
  /** The op the pass runs on (`func.func`); default: any op. */
  anchor?: string;
  options?: O;
  /**
   * What is wrong with a set of option values taken together (`tile-m` not a multiple of `register-m`): checked
   * when the pass is named in a pipeline, so a bad value is an option error before any IR is read.
   */
  validate?(options: Readonly<OptionValues<O>>): OptionProblem | undefined;
  /** Statistic names (kebab-case, as MLIR shows them) and their descriptions. */
  statistics?: Readonly<Record<St, string>>;
  /** Whether the pass can run on `op` (checked when an op-agnostic pipeline is scheduled on an op). */
  canScheduleOn?(op: Operation): boolean;
  /**
   * Whether this pass is local to `child`, a registered isolated-from-above op directly in the regions of an op the
   * pass runs on: what the pass does inside `child` is exactly what it does when it runs on `child` itself, and
   * nothing it does outside `child` looks at or changes what is inside it. The pass manager may then run the pass
   * on each such child, interleaved with the neighbouring passes that are local to it too, before running it on the
   * op with those children's insides left out (`PassRun.interleaved`), which gives the same IR: a module's functions
   * are each taken through the whole run of passes while they are in the cache. Default: never.
   */
  isolatedLocal?(child: Operation, options: Readonly<OptionValues<O>>, state: S): boolean;
  /** Prepares state shared by every run of the pass within a context (e.g. a frozen pattern set). */
  initialize?(context: Context, options: Readonly<OptionValues<O>>): S;
  /** Runs the pass on `op`. */
  run(op: Operation, pass: PassRun<O, St, S>): void;
}

/** A registered kind of pass: `create()` makes an instance to add to a pass manager. */
export interface PassDefinition<O extends OptionSpecs = OptionSpecs, St extends string = string, S = unknown> {
  readonly kind: 'pass';
  readonly argument: string;
  readonly name: string;
  readonly summary: string;
  readonly description: string | undefined;
  readonly anchor: string | undefined;
  readonly options: O;
  validate?(options: Readonly<OptionValues<O>>): OptionProblem | undefined;
  readonly statistics: Readonly<Record<St, string>>;
  /** A pass instance; options not given keep their defaults. */
  create(options?: Partial<OptionValues<O>>): Pass;
  /** @internal */ readonly init: PassDefinitionInit<O, St, S>;
}

// A pass definition of any options, statistics and state (the registry and pass managers hold these).
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyPassDefinition = PassDefinition<OptionSpecs, string, any>;

function pascalCase(argument: string): string {
  return argument
    .split(/[-_]/)
    .map((w) => (w ? w[0]!.toUpperCase() + w.slice(1) : w))
    .join('');
}

/**
 * Defines a pass:
 *
 * ```ts
 * const CountOps = definePass({
 *   argument: 'count-ops',
 *   summary: 'Count the ops in each function',
 *   anchor: 'func.func',
 *   options: { verbose: option.bool('Report each function') },
 *   statistics: { 'num-ops': 'Number of ops seen' },
 *   run(op, pass) {
 *     op.walk(() => void pass.statistics['num-ops'].value++);
 *   },
 * });
 * ```
 */
export function definePass<const O extends OptionSpecs = {}, const St extends string = never, S = undefined>(
  init: PassDefinitionInit<O, St, S>,
): PassDefinition<O, St, S> {
  if (!/^[a-z0-9][a-z0-9-]*$/.test(init.argument)) throw new Error(`pass argument '${init.argument}' is not kebab-case`);
  const def: PassDefinition<O, St, S> = {
    kind: 'pass',
    argument: init.argument,
    name: init.name ?? pascalCase(init.argument),
    summary: init.summary,
    description: init.description,
    anchor: init.anchor,
    options: (init.options ?? {}) as O,
    validate: init.validate?.bind(init),
    statistics: (init.statistics ?? {}) as Readonly<Record<St, string>>,
    create: (options) => new Pass(def as AnyPassDefinition, { ...defaultOptions((init.options ?? {}) as O), ...options }),
    init,
  };
  return Object.freeze(def);
}

/**
 * A pass instance in a pipeline: a definition with option values and its statistics. The pass manager runs it
 * on each op it is scheduled on.
 */
export class Pass {
  readonly statistics: Record<string, Statistic> = {};
  private state: unknown;
  private stateContext: Context | undefined;

  constructor(
    readonly definition: AnyPassDefinition,
    readonly options: Readonly<Record<string, unknown>>,
  ) {
    for (const [name, description] of Object.entries(definition.statistics)) this.statistics[name] = { name, description, value: 0 };
  }

  get argument(): string {
    return this.definition.argument;
  }

  get name(): string {
    return this.definition.name;
  }

  get anchor(): string | undefined {
    return this.definition.anchor;
  }

  canScheduleOn(op: Operation): boolean {
    if (this.anchor !== undefined && op.name !== this.anchor) return false;
    return this.definition.init.canScheduleOn?.(op) ?? true;
  }

  /** `argument{options}` as the pipeline syntax writes this pass. */
  printAsTextualPipeline(): string {
    return this.argument + printOptions(this.definition.options, this.options);
  }

  /** Whether the pass is local to `child`, an isolated op directly inside an op it runs on (see `isolatedLocal`). */
  isolatedLocal(child: Operation): boolean {
    const init = this.definition.init;
    if (init.isolatedLocal === undefined || !this.canScheduleOn(child)) return false;
    return init.isolatedLocal(child, this.options as never, this.stateFor(child));
  }

  /** What the definition's `initialize` returned for the context of `op` (made on first use). */
  private stateFor(op: Operation): unknown {
    if (this.stateContext !== op.context) {
      this.state = this.definition.init.initialize?.(op.context, this.options as never);
      this.stateContext = op.context;
    }
    return this.state;
  }

  /**
   * @internal Runs the pass on `op` (leaving out the insides of the `interleaved` ops inside it, which it already
   * ran on; `partOf`: the op this run is an interleaved part of); returns whether it failed and what it preserved.
   */
  run(
    op: Operation,
    am: AnalysisManager,
    runPipeline: (pm: OpPassManager, op: Operation) => boolean,
    write: (text: string) => void,
    interleaved?: ReadonlySet<Operation>,
    partOf?: Operation,
  ): { failed: boolean; preserved: PreservedAnalyses } {
    const init = this.definition.init;
    this.stateFor(op);
    const preserved = new PreservedAnalyses();
    let failed = false;
    const run: PassRun = {
      op,
      context: op.context,
      options: this.options as never,
      state: this.state,
      statistics: this.statistics,
      signalPassFailure: () => void (failed = true),
      getAnalysis: (key) => am.getAnalysis(key),
      getCachedAnalysis: (key) => am.getCachedAnalysis(key),
      getChildAnalysis: (child, key) => {
        if (!op.isProperAncestor(child)) throw new Error(`getChildAnalysis: '${child.name}' is not nested in '${op.name}'`);
        return am.nest(child).getAnalysis(key);
      },
      markAllAnalysesPreserved: () => preserved.preserveAll(),
      markAnalysesPreserved: (...keys) => preserved.preserve(...keys),
      runPipeline: (pm, target) => {
        if (!op.isAncestor(target)) throw new Error(`runPipeline: '${target.name}' is not the pass's op or nested in it`);
        return runPipeline(pm, target);
      },
      write,
      interleaved,
      partOf,
    };
    init.run(op, run as never);
    return { failed, preserved };
  }
}
