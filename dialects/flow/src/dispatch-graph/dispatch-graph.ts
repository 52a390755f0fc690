// The dispatch graph of a host function: which dispatches read and write which tensors (storages), and which
// dispatches must run before which, as a graphology graph. Dependencies come from the storages (a read after a
// write, a write after a read, a write after a write, in program order) and from host values computed from a
// dispatch's results (a workload read back from a result tensor). Dispatches with no path between them are
// independent: they may run in any order, or at the same time.
import { DirectedGraph } from 'graphology';
import { AsmPrinter, IsolatedFromAbove, type Operation, type Value } from '@tlir/ir';
import { storageRoot } from './buffer-aliasing.js';
import { dispatchAccesses, isDispatch, type DispatchAccesses } from './dispatch-accesses.js';

/** Why a dispatch must run after another. */
export type DependencyKind = 'read-after-write' | 'write-after-read' | 'write-after-write' | 'data';

export interface DispatchNodeAttributes {
  readonly kind: 'dispatch';
  readonly op: Operation;
  /** The position of the dispatch in program order (0, 1, ...). */
  readonly index: number;
}

export interface BufferNodeAttributes {
  readonly kind: 'buffer';
  /** The value whose storage this is (a function argument, a dispatch result, ...). */
  readonly root: Value;
  /** The values that are this storage: the root and the results tied to it. */
  readonly values: Value[];
}

export type DispatchGraphNode = DispatchNodeAttributes | BufferNodeAttributes;

export type DispatchGraphEdge =
  | { readonly kind: 'read' | 'write' }
  | { readonly kind: 'dependency'; readonly reasons: DependencyKind[]; readonly through: Value[] };

/** The dispatches directly inside `host` (not inside other isolated ops or dispatches), in program order. */
export function hostDispatches(host: Operation): Operation[] {
  const found: Operation[] = [];
  const visit = (op: Operation): void => {
    for (const r of op.regions) {
      for (let b = r.firstBlock; b; b = b.nextBlock) {
        for (let inner = b.firstOp; inner; inner = inner.nextOperation) {
          if (isDispatch(inner)) found.push(inner);
          else if (!inner.hasTrait(IsolatedFromAbove)) visit(inner);
        }
      }
    }
  };
  visit(host);
  return found;
}

/** The ops whose regions hold dispatches (the host functions) under `root`, in program order. */
export function dispatchHosts(root: Operation): Operation[] {
  const hosts: Operation[] = [];
  root.walk((op) => {
    if (isDispatch(op)) {
      let host = op.parentOp;
      while (host && !host.hasTrait(IsolatedFromAbove) && host.parentOp) host = host.parentOp;
      if (host && !hosts.includes(host)) hosts.push(host);
    }
  }, 'pre');
  return hosts;
}

const dispatchKey = (i: number): string => `d${i}`;

export class DispatchGraph {
  /** Dispatch nodes (`d0`, `d1`, ...), buffer nodes (`b0`, ...), access and dependency edges. */
  readonly graph = new DirectedGraph<DispatchGraphNode, DispatchGraphEdge>();
  /** The dispatches, in program order. */
  readonly dispatches: readonly Operation[];
  private readonly accesses = new Map<Operation, DispatchAccesses>();
  private readonly bufferKeys = new Map<Value, string>();
  private levelCache: Operation[][] | undefined;

  /** The graph of the dispatches directly inside `host` (a function). */
  constructor(readonly host: Operation) {
    this.dispatches = hostDispatches(host);
    this.dispatches.forEach((op, index) => {
      this.graph.addNode(dispatchKey(index), { kind: 'dispatch', op, index });
      this.accesses.set(op, dispatchAccesses(op));
    });
    this.addAccessEdges();
    this.addStorageDependencies();
    this.addDataDependencies();
  }

  /** The key of a dispatch's node. */
  keyOf(op: Operation): string {
    const i = this.dispatches.indexOf(op);
    if (i < 0) throw new Error(`'${op.name}' is not a dispatch of this graph`);
    return dispatchKey(i);
  }

  private opOf(key: string): Operation {
    const a = this.graph.getNodeAttributes(key);
    if (a.kind !== 'dispatch') throw new Error(`${key} is not a dispatch node`);
    return a.op;
  }

  /** The node of the storage of `v`, created on first use. */
  private bufferKey(v: Value): string {
    const root = storageRoot(v);
    let key = this.bufferKeys.get(root);
    if (key === undefined) {
      key = `b${this.bufferKeys.size}`;
      this.bufferKeys.set(root, key);
      this.graph.addNode(key, { kind: 'buffer', root, values: [root] });
    }
    const values = (this.graph.getNodeAttributes(key) as BufferNodeAttributes).values;
    if (!values.includes(v)) values.push(v);
    return key;
  }

  private addAccessEdges(): void {
    this.dispatches.forEach((op, i) => {
      const a = this.accesses.get(op)!;
      for (const v of a.reads) this.graph.mergeEdge(this.bufferKey(v), dispatchKey(i), { kind: 'read' });
      for (const v of a.writes) this.graph.mergeEdge(dispatchKey(i), this.bufferKey(v), { kind: 'write' });
      // A result tied to an argument is another name of the argument's storage.
      for (const r of op.results) if (storageRoot(r) !== r) this.bufferKey(r);
    });
  }

  private addDependency(from: number, to: number, reason: DependencyKind, through: Value): void {
    if (from === to) return;
    const [s, t] = [dispatchKey(from), dispatchKey(to)];
    const existing = this.graph.hasEdge(s, t) ? this.graph.getEdgeAttributes(s, t) : undefined;
    if (existing?.kind === 'dependency') {
      if (!existing.reasons.includes(reason)) existing.reasons.push(reason);
      if (!existing.through.includes(through)) existing.through.push(through);
    } else this.graph.addEdge(s, t, { kind: 'dependency', reasons: [reason], through: [through] });
  }

  /** Per storage, in program order: a read depends on the last write, a write on the last write and the reads since. */
  private addStorageDependencies(): void {
    const lastWrite = new Map<string, { dispatch: number; value: Value }>();
    const readsSince = new Map<string, { dispatch: number; value: Value }[]>();
    this.dispatches.forEach((op, i) => {
      const a = this.accesses.get(op)!;
      for (const v of a.reads) {
        const b = this.bufferKey(v);
        const w = lastWrite.get(b);
        if (w) this.addDependency(w.dispatch, i, 'read-after-write', v);
      }
      for (const v of a.writes) {
        const b = this.bufferKey(v);
        const w = lastWrite.get(b);
        if (w) this.addDependency(w.dispatch, i, 'write-after-write', v);
        for (const r of readsSince.get(b) ?? []) this.addDependency(r.dispatch, i, 'write-after-read', r.value);
      }
      for (const v of a.reads) {
        const b = this.bufferKey(v);
        let list = readsSince.get(b);
        if (!list) readsSince.set(b, (list = []));
        list.push({ dispatch: i, value: v });
      }
      for (const v of a.writes) {
        const b = this.bufferKey(v);
        lastWrite.set(b, { dispatch: i, value: v });
        readsSince.set(
          b,
          (readsSince.get(b) ?? []).filter((r) => r.dispatch === i),
        );
      }
    });
  }

  /** A dispatch depends on the dispatches whose results the host values it uses are computed from. */
  private addDataDependencies(): void {
    const index = new Map(this.dispatches.map((op, i) => [op, i]));
    const sources = new Map<Value, Set<Operation>>();
    const visiting = new Set<Value>();
    // The dispatches `v` is computed from, through the host's ops (their operands and what their regions use).
    const sourcesOf = (v: Value): Set<Operation> => {
      let s = sources.get(v);
      if (s) return s;
      s = new Set();
      if (visiting.has(v)) return s;
      visiting.add(v);
      const def = v.definingOp;
      const owner = def ?? v.parentBlock?.parentOp;
      if (def && index.has(def)) s.add(def);
      else if (owner && owner !== this.host && this.host.isProperAncestor(owner)) {
        const inputs = [...owner.operands];
        owner.walk((inner) => {
          if (inner !== owner) for (const u of inner.operands) if (!owner.isAncestor(u.definingOp ?? u.parentBlock!.parentOp!)) inputs.push(u);
        }, 'pre');
        for (const u of inputs) for (const d of sourcesOf(u)) s.add(d);
      }
      visiting.delete(v);
      sources.set(v, s);
      return s;
    };
    this.dispatches.forEach((op, i) => {
      const a = this.accesses.get(op)!;
      for (const v of a.inputs) {
        // A dispatch's result used as a storage is a read (or write) of it, already a storage dependency.
        if (v.definingOp && index.has(v.definingOp) && (a.reads.includes(v) || a.writes.includes(v))) continue;
        for (const d of sourcesOf(v)) this.addDependency(index.get(d)!, i, 'data', v);
      }
    });
  }

  /** The values whose storage `op` reads / writes. */
  reads(op: Operation): readonly Value[] {
    return this.accesses.get(op)?.reads ?? [];
  }

  writes(op: Operation): readonly Value[] {
    return this.accesses.get(op)?.writes ?? [];
  }

  /** The storage roots the graph knows, in the order they were met. */
  get buffers(): Value[] {
    return [...this.bufferKeys.keys()];
  }

  /** The dispatches `op` must run after (directly), in program order. */
  dependencies(op: Operation): Operation[] {
    return this.graph
      .inNeighbors(this.keyOf(op))
      .filter((k) => this.graph.getNodeAttributes(k).kind === 'dispatch')
      .map((k) => this.opOf(k))
      .sort((a, b) => this.dispatches.indexOf(a) - this.dispatches.indexOf(b));
  }

  /** The dispatches that must run after `op` (directly), in program order. */
  dependents(op: Operation): Operation[] {
    return this.graph
      .outNeighbors(this.keyOf(op))
      .filter((k) => this.graph.getNodeAttributes(k).kind === 'dispatch')
      .map((k) => this.opOf(k))
      .sort((a, b) => this.dispatches.indexOf(a) - this.dispatches.indexOf(b));
  }

  /** Why `to` must run after `from` (empty when it need not directly). */
  dependencyKinds(from: Operation, to: Operation): DependencyKind[] {
    const [s, t] = [this.keyOf(from), this.keyOf(to)];
    const e = this.graph.hasEdge(s, t) ? this.graph.getEdgeAttributes(s, t) : undefined;
    return e?.kind === 'dependency' ? [...e.reasons] : [];
  }

  /** Whether `later` must run after `earlier`, directly or through other dispatches. */
  dependsOn(later: Operation, earlier: Operation): boolean {
    const target = this.keyOf(earlier);
    const seen = new Set<string>();
    const stack = [this.keyOf(later)];
    while (stack.length) {
      const k = stack.pop()!;
      for (const d of this.dependencies(this.opOf(k))) {
        const dk = this.keyOf(d);
        if (dk === target) return true;
        if (!seen.has(dk)) {
          seen.add(dk);
          stack.push(dk);
        }
      }
    }
    return false;
  }

  /** Whether neither dispatch must run after the other. */
  areIndependent(a: Operation, b: Operation): boolean {
    return a !== b && !this.dependsOn(a, b) && !this.dependsOn(b, a);
  }

  /**
   * The dispatches in waves: each runs in the wave after the last of its dependencies (wave 0 for none). The
   * dispatches of a wave are independent of each other; within a wave they are in program order.
   */
  levels(): Operation[][] {
    if (this.levelCache) return this.levelCache.map((l) => [...l]);
    // Kahn's algorithm, wave by wave.
    const remaining = new Map(this.dispatches.map((op) => [op, this.dependencies(op).length]));
    const levels: Operation[][] = [];
    let wave = this.dispatches.filter((op) => remaining.get(op) === 0);
    while (wave.length) {
      levels.push(wave);
      const next: Operation[] = [];
      for (const op of wave) {
        for (const d of this.dependents(op)) {
          const n = remaining.get(d)! - 1;
          remaining.set(d, n);
          if (n === 0) next.push(d);
        }
      }
      wave = next.sort((a, b) => this.dispatches.indexOf(a) - this.dispatches.indexOf(b));
    }
    if (levels.flat().length !== this.dispatches.length) throw new Error('internal: the dispatch graph has a cycle');
    this.levelCache = levels;
    return levels.map((l) => [...l]);
  }

  /** A topological order of the dispatches: the waves one after the other. */
  topologicalOrder(): Operation[] {
    return this.levels().flat();
  }

  /** The wave of a dispatch (see `levels`). */
  levelOf(op: Operation): number {
    return this.levels().findIndex((l) => l.includes(op));
  }

  /** The names the printed IR gives values (`%0`, `%arg1`), for labels. */
  valueNamer(): (v: Value) => string {
    let top = this.host;
    while (top.parentOp) top = top.parentOp;
    return AsmPrinter.valueNamer(top);
  }
}
