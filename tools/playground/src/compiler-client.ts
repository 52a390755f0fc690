// The page's side of the compiler worker: requests as promises, and cancellation (the worker is terminated, which
// stops whatever it was doing, and a fresh one started).
import type { CompileRequest, CompileResult, FromWorker, GraphRequest, GraphResult, RunRequest, RunResult, ToWorker, WorkerHello } from './protocol.js';

export class Cancelled extends Error {
  constructor() {
    super('cancelled');
  }
}

interface Pending {
  resolve(value: unknown): void;
  reject(e: Error): void;
}

export class CompilerClient {
  private worker!: Worker;
  private nextId = 1;
  private readonly pending = new Map<number, Pending>();
  hello!: Promise<WorkerHello>;

  constructor() {
    this.start();
  }

  private start(): void {
    this.worker = new Worker(new URL('./worker.ts', import.meta.url), { type: 'module', name: 'tlir compiler' });
    let helloResolve!: (h: WorkerHello) => void;
    this.hello = new Promise((resolve) => (helloResolve = resolve));
    this.worker.onmessage = (event: MessageEvent<FromWorker>) => {
      const m = event.data;
      if (m.kind === 'hello') return helloResolve(m.hello);
      const p = this.pending.get(m.id);
      if (!p) return;
      this.pending.delete(m.id);
      if (m.kind === 'crash') p.reject(new Error(`internal error in the compiler (a bug in tlir): ${m.message}`));
      else p.resolve(m.result);
    };
    this.worker.onerror = (event) => {
      const error = new Error(`the compiler's worker failed: ${event.message || 'it could not be loaded'}`);
      for (const p of this.pending.values()) p.reject(error);
      this.pending.clear();
    };
  }

  get busy(): boolean {
    return this.pending.size > 0;
  }

  private request<T>(message: Omit<ToWorker, 'id'>): Promise<T> {
    const id = this.nextId++;
    return new Promise<T>((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (v: unknown) => void, reject });
      this.worker.postMessage({ ...message, id } as ToWorker);
    });
  }

  compile(request: CompileRequest): Promise<CompileResult> {
    return this.request({ kind: 'compile', request });
  }

  run(request: RunRequest): Promise<RunResult> {
    return this.request({ kind: 'run', request });
  }

  graph(request: GraphRequest): Promise<GraphResult> {
    return this.request({ kind: 'graph', request });
  }

  /** Stops the work in progress; its requests reject with Cancelled. */
  cancel(): void {
    this.worker.terminate();
    for (const p of this.pending.values()) p.reject(new Cancelled());
    this.pending.clear();
    this.start();
  }
}
