import { IsolatedFromAbove, verify, type Diagnostic, type Operation } from '@tlir/ir';
import { AnalysisManager } from './analysis.js';
import type { PassInstrumentation } from './instrumentation.js';
import type { AnyPassDefinition, Pass } from './pass.js';
import { platform } from './platform.js';

/** A misuse of the pass-manager API found while building a pipeline (reported as an error by tools). */
export class PipelineError extends Error {}

/** Runs the nested pass managers on the ops directly inside an op's regions (MLIR's OpToOpPassAdaptor). */
export class NestedPipelines {
  constructor(readonly managers: OpPassManager[]) {}

  /** The pass manager that runs on `op`, if any: the one anchored on its name, else an op-agnostic one that can. */
  managerFor(op: Operation): OpPassManager | undefined {
    let any: OpPassManager | undefined;
    for (const pm of this.managers) {
      if (pm.anchor === op.name) return pm;
      if (pm.anchor === undefined && !any && pm.canScheduleOn(op)) any = pm;
    }
    return any;
  }
}

export type PipelineElement = Pass | NestedPipelines;

/** How passes anchored on another op than the pass manager's are added: nested for them, or an error. */
export type Nesting = 'explicit' | 'implicit';

/**
 * A pipeline of passes that runs on ops of one name (`builtin.module`, `func.func`) or on any op (anchor
 * undefined, written `any`). Nested pass managers run on the ops directly inside the regions of that op:
 * `builtin.module(func.func(cse))` is `pm.nest('func.func').addPass(...)`.
 */
export class OpPassManager {
  readonly elements: PipelineElement[] = [];

  constructor(
    /** The op name the passes run on; undefined: any op. */
    readonly anchor: string | undefined,
    readonly nesting: Nesting = 'explicit',
  ) {}

  /** The anchor as pipelines write it. */
  get anchorName(): string {
    return this.anchor ?? 'any';
  }

  /**
   * Adds a pass (an instance, or a definition to instantiate with default options). A pass anchored on
   * another op is an error, or, with implicit nesting, goes into a nested pass manager for that op.
   */
  addPass(pass: Pass | AnyPassDefinition): this {
    const p = 'kind' in pass ? pass.create() : pass;
    if (p.anchor !== undefined && p.anchor !== this.anchor) {
      if (this.nesting === 'implicit') {
        this.nest(p.anchor).addPass(p);
        return this;
      }
      throw new PipelineError(
        `Can't add pass '${p.name}' restricted to '${p.anchor}' on a PassManager intended to run on '${this.anchorName}', did you intend to nest?`,
      );
    }
    this.elements.push(p);
    return this;
  }

  /** Adds a nested pass manager for ops named `anchor` (undefined or 'any': any op) and returns it. */
  nest(anchor: string | undefined): OpPassManager {
    const pm = new OpPassManager(anchor === 'any' ? undefined : anchor, this.nesting);
    this.elements.push(new NestedPipelines([pm]));
    return pm;
  }

  /** The number of elements (passes and nested pipelines) at this level. */
  get size(): number {
    return this.elements.length;
  }

  /** Every pass of the pipeline, nested ones included, in order. */
  *passes(): IterableIterator<Pass> {
    for (const e of this.elements) {
      if (e instanceof NestedPipelines) for (const pm of e.managers) yield* pm.passes();
      else yield e;
    }
  }

  /**
   * Whether this (op-agnostic) pass manager can run on `op`: a registered op that is isolated from above, on
   * which every pass can run (MLIR's rule for `any(...)`).
   */
  canScheduleOn(op: Operation): boolean {
    if (this.anchor !== undefined) return op.name === this.anchor;
    if (!op.isRegistered || !op.hasTrait(IsolatedFromAbove)) return false;
    for (const e of this.elements) {
      if (e instanceof NestedPipelines) continue;
      if (!e.canScheduleOn(op)) return false;
    }
    return true;
  }

  /** The pipeline in MLIR's textual syntax: `builtin.module(func.func(cse,canonicalize{...}))`. */
  printAsTextualPipeline(): string {
    return `${this.anchorName}(${this.elements.map((e) => printElement(e)).join(',')})`;
  }

  /** The pipeline spread over lines, as `--dump-pass-pipeline` prints it. */
  printAsIndentedPipeline(indent = 0): string {
    const pad = '  '.repeat(indent);
    const lines = this.elements.map((e) => {
      if (!(e instanceof NestedPipelines)) return `${pad}  ${e.printAsTextualPipeline()}`;
      return e.managers.map((pm) => pm.printAsIndentedPipeline(indent + 1)).join(',\n');
    });
    return `${pad}${this.anchorName}(\n${lines.join(',\n')}\n${pad})`;
  }

  toString(): string {
    return this.printAsTextualPipeline();
  }
}

function printElement(e: PipelineElement): string {
  return e instanceof NestedPipelines ? e.managers.map((pm) => pm.printAsTextualPipeline()).join(',') : e.printAsTextualPipeline();
}

/** Options of a top-level pass manager. */
export interface PassManagerOptions {
  /** Verify the op after each pass that did not preserve all analyses (default true; `--verify-each`). */
  verifyEach?: boolean;
  nesting?: Nesting;
  /** Where passes write reports and dumps (`PassRun.write`); default the platform's (stderr in Node). */
  output?: (text: string) => void;
  /**
   * Interleave the passes of a run that are local to the isolated ops inside the op they run on (default true; see
   * `isolatedLocal` in PassDefinitionInit and docs/passes.md, "Interleaved passes"): `canonicalize, cse` on a module
   * takes each function through both passes, verified after each, before the next function, then runs both on the
   * module with the functions' insides left out. The IR is the same as running each pass on the whole module; it is
   * faster, since a function is still in the cache for the next pass. Only under instrumentations that allow it
   * (timing does, IR printing does not).
   */
  interleave?: boolean;
}

/**
 * The top-level pass manager: an OpPassManager that runs on an op, with instrumentation and verification
 * after each pass. A pass that fails (or leaves invalid IR) stops the pipeline; `run` then returns false,
 * the reasons having been reported as diagnostics.
 */
export class PassManager extends OpPassManager {
  readonly instrumentations: PassInstrumentation[] = [];
  verifyEach: boolean;
  output: (text: string) => void;
  /** See PassManagerOptions.interleave. */
  interleave: boolean;

  constructor(anchor: string | undefined = 'builtin.module', options: PassManagerOptions = {}) {
    super(anchor === 'any' ? undefined : anchor, options.nesting ?? 'explicit');
    this.verifyEach = options.verifyEach ?? true;
    this.output = options.output ?? ((text) => platform().writeError(text));
    this.interleave = options.interleave ?? true;
  }

  addInstrumentation(instrumentation: PassInstrumentation): this {
    this.instrumentations.push(instrumentation);
    return this;
  }

  /** Runs the pipeline on `op`; false after a failure (reported through diagnostics). */
  run(op: Operation): boolean {
    if (this.anchor !== undefined && op.name !== this.anchor) {
      op.emitError(`can't run '${this.anchor}' pass manager on '${op.name}' op`);
      return false;
    }
    const interleave = this.interleave && this.instrumentations.every((i) => i.allowsInterleaving === true);
    const executor = new PipelineExecutor(this.instrumentations, this.verifyEach, this.output, interleave);
    return executor.runPipeline(this, op, new AnalysisManager(op, executor));
  }
}

/** Runs pipelines: passes in order, nested pipelines on the ops inside, instrumentation around each. */
class PipelineExecutor {
  constructor(
    private readonly instrumentations: readonly PassInstrumentation[],
    private readonly verifyEach: boolean,
    private readonly output: (text: string) => void,
    private readonly interleave: boolean,
  ) {}

  runBeforeAnalysis(name: string, op: Operation): void {
    for (const i of this.instrumentations) i.runBeforeAnalysis?.(name, op);
  }

  runAfterAnalysis(name: string, op: Operation): void {
    for (let k = this.instrumentations.length - 1; k >= 0; k--) this.instrumentations[k]!.runAfterAnalysis?.(name, op);
  }

  runPipeline(pm: OpPassManager, op: Operation, am: AnalysisManager): boolean {
    const elements = pm.elements;
    for (let i = 0; i < elements.length; ) {
      const e = elements[i]!;
      if (e instanceof NestedPipelines) {
        if (!this.runNested(e, op, am)) return false;
        i++;
        continue;
      }
      // The longest run of passes from here that may be local to isolated ops (see `runInterleaved`).
      let end = i;
      if (this.interleave) {
        while (end < elements.length) {
          const next = elements[end]!;
          if (next instanceof NestedPipelines || next.definition.init.isolatedLocal === undefined) break;
          end++;
        }
      }
      if (end > i) {
        if (!this.runInterleaved(elements.slice(i, end) as Pass[], op, am)) return false;
        i = end;
      } else {
        if (this.runPass(e, op, am) === 'failed') return false;
        i++;
      }
    }
    return true;
  }

  /**
   * Runs `passes` on `op` interleaved: each isolated op in the entry blocks of `op` to which every one of them is local
   * (`Pass.isolatedLocal`) goes through all of them, verified after each, in turn; then each pass runs on `op`
   * with those ops' insides left out, and the verifier leaves them out too (they were verified after the last pass
   * that changed them, and nothing has changed them since). Each pass does on each op what it does when it runs on
   * all of `op`, and verification checks what it checks on all of `op`; only the order differs, a function at a
   * time instead of a pass at a time.
   *
   * A failure is what running each pass on all of `op` gives too: the pipeline stops at the first pass that fails on
   * one of the ops (or on `op`), after that pass has run on all of them, with the diagnostics of the passes up to
   * it. So the diagnostics of the runs on the ops are held back, per pass, until the pass's run on `op`; after a
   * failure on one op, the ops after it still go through the passes up to the one that failed, and what the ops
   * made in the passes after it is dropped. The verification errors of the ops at that pass come where the
   * verification of `op` reaches them (none if it stops before, at an op of its own, as it would on all of `op`).
   */
  private runInterleaved(passes: readonly Pass[], op: Operation, am: AnalysisManager): boolean {
    let local: Operation[] | undefined;
    // Only the ops of entry blocks: another block may be unreachable, or become so, and its ops be erased with it
    // before (or without) a pass looking inside them.
    for (const region of op.regions) {
      const entry = region.firstBlock;
      if (entry === null) continue;
      for (let child = entry.firstOp; child !== null; child = child.nextOperation) {
        if (child.numRegions === 0 || !child.isRegistered || !child.hasTrait(IsolatedFromAbove)) continue;
        if (passes.every((p) => p.isolatedLocal(child))) (local ??= []).push(child);
      }
    }
    if (local === undefined) return passes.every((p) => this.runPass(p, op, am) !== 'failed');
    const n = passes.length;
    // Per pass, whether a run on one of the ops changed it: the checks of `op` as a whole (its symbol table's uses)
    // are then made after the pass's run on `op` even if that run changes nothing.
    const changedInside = passes.map(() => false);
    // Each op, with the symbol users its latest verification found (the module's check of their uses takes them).
    const verified = new Map<Operation, Operation[] | undefined>();
    // The first pass that failed on one of the ops (n: none); whether the pass itself failed there (not only the
    // verification after it); the ops whose verification failed there, with the errors it reported.
    let failedAt = n;
    let passFailed = false;
    let invalid = new Map<Operation, Diagnostic[]>();
    // The diagnostics held back: those of each pass's runs on the ops, in the order they came.
    const held: Diagnostic[][] = passes.map(() => []);
    // What each pass's runs on the ops added to its statistics (taken back with the runs' diagnostics).
    const counted: number[][] = passes.map((p) => Object.values(p.statistics).map(() => 0));
    const diagnostics = op.context.diagnostics;
    let bucket: Diagnostic[] = held[0]!;
    const stopHolding = diagnostics.addHandler((d) => void bucket.push(d));
    let holding = true;
    const release = (diags: readonly Diagnostic[]): void => {
      for (const d of diags) diagnostics.deliver(d);
    };
    const drop = (diags: readonly Diagnostic[]): void => {
      for (const d of diags) if (d.severity === 'error') diagnostics.errorCount--;
    };
    try {
      for (const child of local) {
        const childAm = am.nest(child);
        verified.set(child, undefined);
        for (let k = 0; k < n && k <= failedAt; k++) {
          bucket = held[k]!;
          const verifyDiags: Diagnostic[] = [];
          let verifying = false;
          const statistics = Object.values(passes[k]!.statistics);
          const before = statistics.map((st) => st.value);
          const outcome = this.runPass(passes[k]!, child, childAm, {
            partOf: op,
            parentAm: am,
            verified,
            beforeVerify: () => {
              verifying = true;
              bucket = verifyDiags;
            },
          });
          bucket = held[k]!;
          for (let i = 0; i < statistics.length; i++) counted[k]![i]! += statistics[i]!.value - before[i]!;
          if (outcome === 'changed') changedInside[k] = true;
          if (outcome !== 'failed') {
            bucket.push(...verifyDiags);
            continue;
          }
          if (k < failedAt) {
            for (const diags of invalid.values()) drop(diags);
            failedAt = k;
            passFailed = false;
            invalid = new Map();
          }
          if (!verifying) passFailed = true;
          else invalid.set(child, verifyDiags);
          break;
        }
      }
      stopHolding();
      holding = false;
      for (let k = n - 1; k > failedAt; k--) {
        drop(held[k]!);
        Object.values(passes[k]!.statistics).forEach((st, i) => (st.value -= counted[k]![i]!));
      }
      const done: ReadonlySet<Operation> = new Set(local);
      for (let k = 0; k < n && k <= failedAt; k++) {
        release(held[k]!);
        held[k] = [];
        if (k < failedAt) {
          if (this.runPass(passes[k]!, op, am, { interleaved: done, verified, changedInside: changedInside[k] }) !== 'failed') continue;
          for (let m = k + 1; m <= failedAt && m < n; m++) {
            drop(held[m]!);
            Object.values(passes[m]!.statistics).forEach((st, i) => (st.value -= counted[m]![i]!));
          }
          for (const diags of invalid.values()) drop(diags);
          return false;
        }
        // The pass failed on one of the ops: it runs on `op` too, then the verification (unless the pass failed)
        // reports the errors of the ops it reaches.
        const reports = new Map<Operation, () => void>();
        for (const [child, diags] of invalid) reports.set(child, () => release(diags.splice(0)));
        this.runPass(passes[k]!, op, am, { interleaved: done, verified, changedInside: true, skipVerify: passFailed, invalid: reports });
        for (const diags of invalid.values()) drop(diags);
        return false;
      }
      return true;
    } finally {
      // A pass that threw: what was held back is reported.
      if (holding) {
        stopHolding();
        for (const diags of held) release(diags);
        for (const diags of invalid.values()) release(diags);
      }
    }
  }

  private runNested(nested: NestedPipelines, op: Operation, am: AnalysisManager): boolean {
    for (const region of op.regions) {
      for (let b = region.firstBlock; b !== null; b = b.nextBlock) {
        for (let child = b.firstOp; child !== null; child = child.nextOperation) {
          const pm = nested.managerFor(child);
          if (!pm) continue;
          for (const i of this.instrumentations) i.runBeforePipeline?.(pm, child);
          const ok = this.runPipeline(pm, child, am.nest(child));
          for (let k = this.instrumentations.length - 1; k >= 0; k--) this.instrumentations[k]!.runAfterPipeline?.(pm, child);
          if (!ok) return false;
        }
      }
    }
    return true;
  }

  /**
   * Runs `pass` on `op`, then verifies `op`; whether the pass failed (or left IR that does not verify), or else
   * changed `op`. For interleaved runs (see `runInterleaved`): `interleaved`, the ops inside `op` the pass already ran
   * on; `changedInside`, whether it changed them (then `op` is verified even if this run changes nothing); `partOf`,
   * for a run on one of those ops, the op around it, and `parentAm` its analysis manager, whose own analyses describe
   * the insides of the ops in it too; `verified`, those ops with the symbol users their latest verification found
   * (a run on one of them records its own there, and a run on `op` has the verifier leave them out).
   */
  private runPass(
    pass: Pass,
    op: Operation,
    am: AnalysisManager,
    how: {
      interleaved?: ReadonlySet<Operation>;
      changedInside?: boolean;
      partOf?: Operation;
      parentAm?: AnalysisManager;
      verified?: Map<Operation, Operation[] | undefined>;
      /** Called before the verification, if any (a failure after it is the verification's). */
      beforeVerify?: () => void;
      /** The pass failed on an op inside `op` (the run on `op` is not verified). */
      skipVerify?: boolean;
      /** Ops inside `op` known to be invalid, for the verifier (VerifyOptions.invalid). */
      invalid?: ReadonlyMap<Operation, () => void>;
    } = {},
  ): 'failed' | 'changed' | 'unchanged' {
    for (const i of this.instrumentations) i.runBeforePass?.(pass, op);
    const { failed: passFailed, preserved } = pass.run(
      op,
      am,
      (pm, target) => this.runPipeline(pm, target, target === op ? am : am.nest(target)),
      this.output,
      how.interleaved,
      how.partOf,
    );
    let failed = passFailed || how.skipVerify === true;
    am.invalidate(preserved);
    how.parentAm?.invalidateOwn(preserved);
    // A pass that preserved every analysis changed nothing: no need to verify again (as MLIR).
    if (!failed && this.verifyEach && (how.changedInside === true || !preserved.isAll)) {
      how.beforeVerify?.();
      if (how.partOf !== undefined && how.verified !== undefined) {
        const users: Operation[] = [];
        failed = !verify(op, { symbolUsers: users });
        how.verified.set(op, users);
      } else failed = !verify(op, { verified: how.interleaved && how.verified, invalid: how.invalid });
    }
    for (let k = this.instrumentations.length - 1; k >= 0; k--) {
      const i = this.instrumentations[k]!;
      if (failed) i.runAfterPassFailed?.(pass, op);
      else i.runAfterPass?.(pass, op);
    }
    return failed ? 'failed' : preserved.isAll ? 'unchanged' : 'changed';
  }
}
