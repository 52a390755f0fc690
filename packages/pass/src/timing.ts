import { reportHeader } from './instrumentation.js';

/**
 * A node of a timing tree: wall time accumulated over its runs, and children by key (a pass, a pipeline, an
 * analysis name), kept in the order they first ran.
 */
export class Timer {
  /** Accumulated wall time, in milliseconds. */
  wall = 0;
  private started = -1;
  private depth = 0;
  private readonly kids = new Map<object, Timer>();

  constructor(readonly name: string) {}

  start(): void {
    if (this.depth++ === 0) this.started = performance.now();
  }

  stop(): void {
    if (--this.depth === 0) this.wall += performance.now() - this.started;
  }

  /** Times `fn` in this timer. */
  time<T>(fn: () => T): T {
    this.start();
    try {
      return fn();
    } finally {
      this.stop();
    }
  }

  /** The child for `key`, created (with `name`) the first time. */
  child(key: object, name: string): Timer {
    let t = this.kids.get(key);
    if (!t) this.kids.set(key, (t = new Timer(name)));
    return t;
  }

  /** A child keyed by its name (for the tool's own phases: Parser, Output). */
  nest(name: string): Timer {
    return this.child(namedKey(name), name);
  }

  get children(): Timer[] {
    return [...this.kids.values()];
  }
}

const namedKeys = new Map<string, object>();
function namedKey(name: string): object {
  let k = namedKeys.get(name);
  if (!k) namedKeys.set(name, (k = { name }));
  return k;
}

/**
 * The `--mlir-timing` report, as mlir-opt prints it: a tree of timers under the root (or, with `'list'`, every
 * timer merged by name and sorted by time), then "Rest" (the root's time not in a child) and "Total".
 */
export function formatTimingReport(root: Timer, display: 'tree' | 'list' = 'tree'): string {
  const total = root.wall / 1000;
  const row = (seconds: number, indent: number, name: string): string => {
    const pct = total > 0 ? (100 * seconds) / total : 0;
    return `  ${seconds.toFixed(4).padStart(8)} (${pct.toFixed(1).padStart(5)}%)  ${'  '.repeat(indent)}${name}\n`;
  };
  let out = reportHeader('... Execution time report ...');
  out += `  Total Execution Time: ${total.toFixed(4)} seconds\n\n`;
  out += '  ----Wall Time----  ----Name----\n';
  if (display === 'tree') {
    const walk = (t: Timer, indent: number): void => {
      for (const c of t.children) {
        out += row(c.wall / 1000, indent, c.name);
        walk(c, indent + 1);
      }
    };
    walk(root, 0);
  } else {
    const merged = new Map<string, number>();
    const walk = (t: Timer): void => {
      for (const c of t.children) {
        merged.set(c.name, (merged.get(c.name) ?? 0) + c.wall);
        walk(c);
      }
    };
    walk(root);
    for (const [name, ms] of [...merged].sort((a, b) => b[1] - a[1])) out += row(ms / 1000, 0, name);
  }
  const inChildren = root.children.reduce((s, c) => s + c.wall, 0);
  out += row(Math.max(0, root.wall - inChildren) / 1000, 0, 'Rest');
  out += row(total, 0, 'Total');
  return out;
}
