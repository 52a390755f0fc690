// --bench's report: the time per launch over the repetitions, and the rates of the collectives' work at the median
// time (collective-counts.ts says how operations and bytes are counted).
import type { CollectiveCount } from './collective-counts.js';

export interface BenchTiming {
  /** How the launches were timed: 'timestamp-query' (the GPU's timestamps), 'wall-clock', 'interpreter'. */
  readonly method: string;
  /** Seconds of each launch. */
  readonly seconds: readonly number[];
}

export interface BenchFacts {
  readonly kernel: string;
  readonly groups: number;
  /** Where it ran: `webgpu (SwiftShader ...)`, `interpreter, krnl stage`. */
  readonly where: string;
  readonly timing: BenchTiming;
  readonly collectives: readonly CollectiveCount[];
}

/** A duration with a readable unit. */
export function formatSeconds(s: number): string {
  if (s >= 1) return `${s.toFixed(3)} s`;
  if (s >= 1e-3) return `${(s * 1e3).toFixed(3)} ms`;
  if (s >= 1e-6) return `${(s * 1e6).toFixed(3)} us`;
  return `${(s * 1e9).toFixed(1)} ns`;
}

function median(sorted: readonly number[]): number {
  const n = sorted.length;
  return n % 2 ? sorted[(n - 1) / 2]! : (sorted[n / 2 - 1]! + sorted[n / 2]!) / 2;
}

const rate = (amount: number, seconds: number): string => (seconds > 0 ? (amount / seconds / 1e9).toPrecision(4) : 'inf');

export function formatBenchReport(f: BenchFacts): string {
  const sorted = [...f.timing.seconds].sort((a, b) => a - b);
  const mid = median(sorted);
  const mean = sorted.reduce((a, s) => a + s, 0) / sorted.length;
  const launches = `${sorted.length} launch${sorted.length === 1 ? '' : 'es'}`;
  let text = `bench: @${f.kernel}, ${f.groups} work-group${f.groups === 1 ? '' : 's'}, ${f.where}, ${launches} timed by ${f.timing.method}\n`;
  text += `  time per launch: median ${formatSeconds(mid)} (min ${formatSeconds(sorted[0]!)}, mean ${formatSeconds(mean)}, max ${formatSeconds(sorted[sorted.length - 1]!)})\n`;
  if (f.collectives.length === 0) {
    return `${text}  collectives: none (GFLOP/s and GB/s count the work of the collectives)\n`;
  }
  let flops = 0;
  let bytes = 0;
  for (const c of f.collectives) {
    text += `  ${c.name}: ${c.executions} execution${c.executions === 1 ? '' : 's'}, ${c.flops} operations, ${c.bytes} bytes\n`;
    flops += c.flops;
    bytes += c.bytes;
  }
  text += `  GFLOP/s ${rate(flops, mid)}, GB/s ${rate(bytes, mid)} (the collectives' ${flops} operations and ${bytes} bytes per launch, at the median time)\n`;
  return text;
}
