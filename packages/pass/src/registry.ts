import { defaultOptions, type OptionProblem, type OptionSpecs, type OptionValues } from './options.js';
import type { OpPassManager } from './pass-manager.js';
import type { AnyPassDefinition } from './pass.js';

/** A named pipeline (`--lower-to-krnl`): options, and how it adds its passes to a pass manager. */
export interface PipelineDefinition<O extends OptionSpecs = OptionSpecs> {
  readonly kind: 'pipeline';
  readonly argument: string;
  readonly summary: string;
  readonly description: string | undefined;
  readonly options: O;
  /** What is wrong with a set of option values taken together (see PassDefinitionInit.validate). */
  validate?(options: Readonly<OptionValues<O>>): OptionProblem | undefined;
  /** Adds the pipeline's passes to `pm` (the pass manager at the place the pipeline is named). */
  build(pm: OpPassManager, options: OptionValues<O>): void;
}

/** Defines a registered pipeline: `definePipeline({ argument: 'cleanup', summary: '...', build(pm) { pm.addPass(CSE) } })`. */
export function definePipeline<const O extends OptionSpecs = {}>(init: {
  argument: string;
  summary: string;
  description?: string;
  options?: O;
  validate?(options: Readonly<OptionValues<O>>): OptionProblem | undefined;
  build(pm: OpPassManager, options: OptionValues<O>): void;
}): PipelineDefinition<O> {
  return Object.freeze({
    kind: 'pipeline' as const,
    argument: init.argument,
    summary: init.summary,
    description: init.description,
    options: (init.options ?? {}) as O,
    validate: init.validate?.bind(init),
    build: init.build,
  });
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyPipelineDefinition = PipelineDefinition<any>;

/**
 * The passes and pipelines known by name: what pipelines can say and what tl-opt offers as flags. Plugins
 * register theirs in the registry tl-opt hands them.
 */
export class PassRegistry {
  private readonly entries = new Map<string, AnyPassDefinition | AnyPipelineDefinition>();

  /** Registers a pass (registering the same definition again does nothing). */
  registerPass(def: AnyPassDefinition): this {
    return this.register(def);
  }

  registerPipeline(def: AnyPipelineDefinition): this {
    return this.register(def);
  }

  private register(def: AnyPassDefinition | AnyPipelineDefinition): this {
    const existing = this.entries.get(def.argument);
    if (existing === def) return this;
    if (existing) throw new Error(`a pass or pipeline named '${def.argument}' is already registered`);
    this.entries.set(def.argument, def);
    return this;
  }

  lookup(argument: string): AnyPassDefinition | AnyPipelineDefinition | undefined {
    return this.entries.get(argument);
  }

  /** The registered passes, by argument. */
  get passes(): AnyPassDefinition[] {
    return this.sorted().filter((d): d is AnyPassDefinition => d.kind === 'pass');
  }

  /** The registered pipelines, by argument. */
  get pipelines(): AnyPipelineDefinition[] {
    return this.sorted().filter((d): d is AnyPipelineDefinition => d.kind === 'pipeline');
  }

  private sorted(): (AnyPassDefinition | AnyPipelineDefinition)[] {
    return [...this.entries.values()].sort((a, b) => (a.argument < b.argument ? -1 : a.argument > b.argument ? 1 : 0));
  }
}

/** Builds a registered pipeline with default options into `pm` (for programmatic use). */
export function addPipeline<O extends OptionSpecs>(pm: OpPassManager, def: PipelineDefinition<O>, options: Partial<OptionValues<O>> = {}): void {
  def.build(pm, { ...defaultOptions(def.options), ...options } as OptionValues<O>);
}
