// What a schedule does with a collective, said back to the user: located warnings when it leaves work-items idle or
// its tiles do not divide the data (with what would fit), and the schedule the lowering chose, printed in the
// schedule file syntax (`--print-schedule`) so that a user can start from it.
import { DYNAMIC, MemRefType, getSymbolName, type Operation } from '@tlir/ir';
import type { CollectiveModel } from './collective-model.js';
import type { SchedulePlan } from './schedule-plan.js';
import type { TileConfig } from './tile-config.js';
import { vectorWidthWarning } from './vector-loads.js';

const product = (dims: readonly { readonly count: number }[]): number => dims.reduce((p, d) => p * d.count, 1);

/** The static extent of the output's mode `d`, or undefined. */
function outputExtent(model: CollectiveModel, d: number): number | undefined {
  const n = (model.output.memref.type as MemRefType).shape[d];
  return n === undefined || n === DYNAMIC ? undefined : n;
}

/**
 * What would divide an extent `n` on the axis `name` (register tile `m`, its register option `register`): the divisors
 * of `n` that are multiples of `m` (at most a few, largest first); where none is, a divisor of `n` with a register
 * tile that divides it (at most `m`, and a multiple of `width`, the vector width that register-m must keep), since a
 * tile that is not a multiple of its register tile is an option error; undefined when nothing fits.
 */
function fittingTiles(name: string, register: string, n: number, m: number, width: number): string | undefined {
  // The divisors of n, largest first (found up to its square root: an extent may be large and prime).
  const divisors: number[] = [];
  for (let d = 1; d * d <= n; d++) if (n % d === 0) divisors.push(...(d * d === n ? [d] : [d, n / d]));
  divisors.sort((a, b) => b - a);
  const out = divisors.filter((t) => t % m === 0).slice(0, 3);
  if (out.length) return `${name}=${out.join(' or ')}`;
  for (const t of divisors) {
    for (let r = Math.min(m, t); r >= 1; r--) if (t % r === 0 && r % width === 0) return `${name}=${t} ${register}=${r}`;
  }
  return undefined;
}

/** Why the schedule of a collective wastes its work-group or its tiles, and what would fit; empty when it does not. */
export function scheduleWarnings(model: CollectiveModel, config: TileConfig, [x, y]: readonly [number, number]): string[] {
  const warnings: string[] = [];
  const rank = model.output.axes.length;
  if (rank === 0) return warnings;
  const itemsM = product(config.dimsM);
  const itemsN = rank === 2 ? product(config.dimsN) : 1;
  const slotsM = Math.ceil(config.tileM / config.registerM);
  const slotsN = rank === 2 ? Math.ceil(config.tileN / config.registerN) : 1;
  const busy = Math.min(itemsM, slotsM) * Math.min(itemsN, slotsN);
  if (busy < x * y) {
    const fits =
      rank === 2
        ? `tile-m=${itemsM * config.registerM} tile-n=${itemsN * config.registerN}, or work-group-size=${Math.min(itemsM, slotsM)},${Math.min(itemsN, slotsN)}, would keep them all busy`
        : `tile-m=${itemsM * config.registerM}, or a work-group of ${busy} work-items, would keep them all busy`;
    const tile = rank === 2 ? `${config.tileM}x${config.tileN} tile in register tiles of ${config.registerM}x${config.registerN}` : `tile of ${config.tileM} in register tiles of ${config.registerM}`;
    warnings.push(`schedule: the ${tile} keeps ${busy} of the ${x}x${y} work-group's ${x * y} work-items busy (${x * y - busy} idle); ${fits}`);
  }
  // register-m must stay a multiple of the vector width (options.ts); register-n has no such rule.
  const axes: [string, number, string, number, number, number | undefined][] = [['tile-m', config.tileM, 'register-m', config.registerM, config.vectorWidth, outputExtent(model, 0)]];
  if (rank === 2) axes.push(['tile-n', config.tileN, 'register-n', config.registerN, 1, outputExtent(model, 1)]);
  for (const [name, tile, registerName, register, width, extent] of axes) {
    if (extent === undefined || extent === 0 || extent % tile === 0) continue;
    const fits = fittingTiles(name, registerName, extent, register, width);
    warnings.push(`schedule: ${name}=${tile} does not divide the output's ${extent} (the last tile has ${extent % tile}: its accesses are guarded); ${fits ? `${fits} would` : `no ${name} divides it with register tiles of a multiple of the vector width ${width}`}`);
  }
  const vector = vectorWidthWarning(model, config);
  if (vector) warnings.push(vector);
  return warnings;
}

/** The tiles each collective was lowered with, for --print-schedule. */
export class ScheduleRecorder {
  private readonly configs = new Map<Operation, TileConfig>();
  private readonly sizes = new Map<Operation, readonly [number, number]>();
  private readonly packing = new Map<Operation, number>();

  private readonly fusedOps = new Set<Operation>();

  collective(op: Operation, config: TileConfig): void {
    this.configs.set(op, config);
  }

  /** A gemm computed by the next gemm's work-items (gemm-fusion.ts): its own tiles do not apply. */
  fused(op: Operation): void {
    this.fusedOps.add(op);
  }

  kernel(fn: Operation, size: readonly [number, number], groupsPerWorkGroup = 1): void {
    this.sizes.set(fn, size);
    this.packing.set(fn, groupsPerWorkGroup);
  }

  /** The schedule file of what was recorded (every kernel and collective of the plan). */
  print(plan: SchedulePlan): string {
    const lines = ["; The schedule tl-to-krnl chose: give it back with --lower-to-krnl='schedule=FILE' (docs/research.md)."];
    for (const { fn, collectives } of plan.kernels) {
      const size = this.sizes.get(fn);
      const groups = this.packing.get(fn) ?? 1;
      lines.push(`kernel @${getSymbolName(fn)}${size ? ` work-group-size=${size[0]},${size[1]}` : ''}${groups > 1 ? ` groups-per-work-group=${groups}` : ''}`);
      collectives.forEach((op, i) => {
        const c = this.configs.get(op);
        const where = op.loc.fileLoc();
        const comment = ` ; ${op.name.slice(3)}${where ? ` at ${where.file}:${where.line}` : ''}`;
        if (!c) return void lines.push(`  collective ${i}${comment}${this.fusedOps.has(op) ? ', fused into the next gemm (fuse-gemm)' : ''}`);
        // fuse-gemm only when off (given back, the schedule must not fuse again what it did not).
        const fuse = plan.of(op)['fuse-gemm'] ? '' : ' fuse-gemm=false';
        lines.push(`  collective ${i} tile-m=${c.tileM} tile-n=${c.tileN} tile-k=${c.tileK} register-m=${c.registerM} register-n=${c.registerN} unroll-k=${c.unrollK} copy=${c.copy} loop-order=${c.loopOrder} matmul=${c.matmul} vector-width=${c.vectorWidth}${fuse}${comment}`);
      });
    }
    return lines.join('\n') + '\n';
  }
}
