import { DominanceInfo, type Operation } from '@tlir/ir';

/**
 * An analysis: a name (shown by `--mlir-timing`) and how to compute it for an op. Analyses are computed on
 * demand, cached per op by the analysis manager, and dropped after a pass that does not preserve them.
 */
export interface AnalysisKey<T> {
  readonly name: string;
  compute(op: Operation, am: AnalysisManager): T;
}

/** Defines an analysis: `const Liveness = defineAnalysis('Liveness', (op) => new Liveness(op))`. */
export function defineAnalysis<T>(name: string, compute: (op: Operation, am: AnalysisManager) => T): AnalysisKey<T> {
  return Object.freeze({ name, compute });
}

/** Dominance of the regions nested in an op (MLIR's DominanceInfo analysis). */
export const DominanceAnalysis = defineAnalysis('DominanceInfo', () => new DominanceInfo());

/** Which analyses a pass kept valid: all, or a set. */
export class PreservedAnalyses {
  private all = false;
  private readonly kept = new Set<AnalysisKey<unknown>>();

  preserveAll(): void {
    this.all = true;
  }

  preserve(...keys: AnalysisKey<unknown>[]): void {
    for (const k of keys) this.kept.add(k);
  }

  get isAll(): boolean {
    return this.all;
  }

  isPreserved(key: AnalysisKey<unknown>): boolean {
    return this.all || this.kept.has(key);
  }
}

/** Hooks the pass manager's instrumentation gives the analysis manager (for timing). */
export interface AnalysisObserver {
  runBeforeAnalysis?(name: string, op: Operation): void;
  runAfterAnalysis?(name: string, op: Operation): void;
}

/**
 * The analyses computed for one op, and managers for the ops nested in it (MLIR's AnalysisManager). A pass
 * asks its op's manager; after the pass, analyses it did not preserve are dropped, here and below.
 */
export class AnalysisManager {
  private readonly cache = new Map<AnalysisKey<unknown>, unknown>();
  private readonly children = new Map<Operation, AnalysisManager>();

  constructor(
    readonly op: Operation,
    private readonly observer?: AnalysisObserver,
  ) {}

  /** The analysis for this op, computed now unless cached. */
  getAnalysis<T>(key: AnalysisKey<T>): T {
    if (this.cache.has(key)) return this.cache.get(key) as T;
    this.observer?.runBeforeAnalysis?.(key.name, this.op);
    const value = key.compute(this.op, this);
    this.observer?.runAfterAnalysis?.(key.name, this.op);
    this.cache.set(key, value);
    return value;
  }

  /** The analysis if it is cached. */
  getCachedAnalysis<T>(key: AnalysisKey<T>): T | undefined {
    return this.cache.get(key) as T | undefined;
  }

  /** The manager of an op nested in this one. */
  nest(op: Operation): AnalysisManager {
    let am = this.children.get(op);
    if (!am) this.children.set(op, (am = new AnalysisManager(op, this.observer)));
    return am;
  }

  /** Drops the analyses not in `preserved` of this op alone (not those of the ops nested in it). */
  invalidateOwn(preserved: PreservedAnalyses): void {
    if (preserved.isAll) return;
    for (const key of [...this.cache.keys()]) if (!preserved.isPreserved(key)) this.cache.delete(key);
  }

  /** Drops the analyses not in `preserved`, here and in every nested manager. */
  invalidate(preserved: PreservedAnalyses): void {
    if (preserved.isAll) return;
    for (const key of [...this.cache.keys()]) if (!preserved.isPreserved(key)) this.cache.delete(key);
    for (const [op, am] of this.children) {
      if (op.isErased) this.children.delete(op);
      else am.invalidate(preserved);
    }
  }
}
