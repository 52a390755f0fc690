// Runs a kernel on a grid: the blocks one after the other, the work-items of a block as strands (coroutines) that
// run until they wait for others (a barrier, a subgroup op), then go on together once everyone they wait for is
// there. A wait that cannot be met (some work-items finished or wait elsewhere) is a divergence: a runtime error at
// the op, saying who is missing.
import { formatLocationPrefix, type Operation, type Region } from '@tlir/ir';
import { RuntimeFault, fault, type ExecutionContext, type Memory, type RuntimeValue, type Strand, type Suspension } from '@tlir/interpreter';
import { BarrierOp } from '../cooperative-ops.js';
import { BlockRaceDetector } from './race-detector.js';
import type { Rendezvous } from './rendezvous.js';
import { WORK_ITEM, blockWorkItems, delinearize, describeWorkItem, dim3Text, volume, type Dim3, type LaunchGeometry, type WorkItem } from './work-item.js';

/** What runs on every work-item: a region, with the arguments of each work-item of each block. */
export interface KernelBody {
  /** The launch (gpu.launch_func or gpu.launch), where notes point. */
  readonly launchOp: Operation;
  readonly region: Region;
  /** `@kernels::@scale` or `the gpu.launch`, for notes. */
  readonly name: string;
  /**
   * Enters block `blockId` (its workgroup memory, `shared`); `args` gives each work-item's region arguments, `release`
   * frees the block's memory.
   */
  enterBlock(ctx: ExecutionContext, blockId: Dim3): { args(item: WorkItem): RuntimeValue[]; release(): void; readonly shared: readonly Memory[] };
  /** The memory outside the kernel its work-items may share (the memrefs it is given), watched for races. */
  readonly globalMemories: readonly Memory[];
}

/** How a launch runs. */
export interface LaunchOptions {
  /** Report data races between the work-items of a block (race-detector.ts). */
  readonly detectRaces: boolean;
}

/** Runs `kernel` on every work-item of every block of `launch`, blocks in linear order (x fastest). */
export function runLaunch(ctx: ExecutionContext, launch: LaunchGeometry, kernel: KernelBody, options: LaunchOptions): void {
  const blocks = volume(launch.grid);
  for (let b = 0; b < blocks; b++) {
    const blockId = delinearize(b, launch.grid);
    const memory = kernel.enterBlock(ctx, blockId);
    const races = options.detectRaces ? new BlockRaceDetector() : undefined;
    if (races) for (const m of [...memory.shared, ...kernel.globalMemories]) races.watch(m);
    try {
      runBlock(ctx, launch, blockId, kernel, memory.args, races);
    } finally {
      races?.stop();
      memory.release();
    }
  }
}

function rendezvousOf(s: Suspension): Rendezvous {
  const r = s.payload as Rendezvous | undefined;
  if (!r || typeof r.complete !== 'function') fault(`internal: '${s.op.name}' suspended a work-item without saying what it waits for`);
  return r;
}

/** The work-items a rendezvous of `item` waits for (in linear order). */
function participants(r: Rendezvous, item: WorkItem, items: readonly WorkItem[]): WorkItem[] {
  if (r.scope === 'workgroup') return [...items];
  const lanes = r.lanes ?? Infinity;
  return items.filter((o) => o.subgroupId === item.subgroupId && o.laneId < lanes);
}

function runBlock(ctx: ExecutionContext, launch: LaunchGeometry, blockId: Dim3, kernel: KernelBody, args: (item: WorkItem) => RuntimeValue[], races: BlockRaceDetector | undefined): void {
  const items = blockWorkItems(launch, blockId);
  const n = items.length;
  const strands: Strand[] = [];
  const waits: (Suspension | undefined)[] = new Array(n).fill(undefined);
  const resumes: unknown[] = new Array(n).fill(undefined);
  const runnable: boolean[] = new Array(n).fill(true);
  const finished: boolean[] = new Array(n).fill(false);
  try {
    for (const item of items) {
      const note = { loc: kernel.launchOp.loc, message: `in ${describeWorkItem(item)} of ${kernel.name}` };
      strands.push(ctx.spawn(kernel.region, args(item), { locals: new Map([[WORK_ITEM, item]]), note }));
    }
    for (;;) {
      for (let i = 0; i < n; i++) {
        if (!runnable[i]) continue;
        runnable[i] = false;
        const strand = strands[i]!;
        if (races) {
          races.current = items[i];
          races.currentOp = () => strand.context.currentOp;
        }
        const step = strand.resume(resumes[i]);
        if (races) races.current = undefined;
        resumes[i] = undefined;
        if (step.done) finished[i] = true;
        else waits[i] = step.suspension;
      }
      if (finished.every((f) => f)) return;
      if (!completeWaits(ctx, kernel, items, waits, resumes, runnable, races)) reportDivergence(items, waits, finished, kernel);
    }
  } finally {
    for (const s of strands) s.close();
  }
}

/** Completes every rendezvous whose participants all wait at it; whether one did. */
function completeWaits(
  ctx: ExecutionContext,
  kernel: KernelBody,
  items: readonly WorkItem[],
  waits: (Suspension | undefined)[],
  resumes: unknown[],
  runnable: boolean[],
  races: BlockRaceDetector | undefined,
): boolean {
  let progressed = false;
  for (let i = 0; i < items.length; i++) {
    const wait = waits[i];
    if (!wait) continue;
    const r = rendezvousOf(wait);
    const group = participants(r, items[i]!, items);
    if (!group.every((w) => waits[w.linearId]?.op === wait.op)) continue;
    let values: unknown[];
    try {
      values = r.complete(
        group.map((w) => rendezvousOf(waits[w.linearId]!)),
        group,
        ctx,
      );
    } catch (e) {
      // What the participants brought together is wrong (non-uniform operands): the error is the op's.
      if (e instanceof RuntimeFault && e.at === undefined) fault(e.message, { at: wait.op, notes: [{ loc: kernel.launchOp.loc, message: `in ${describeWorkItem(items[i]!)} of ${kernel.name}` }] });
      throw e;
    }
    if (BarrierOp.is(wait.op)) races?.barrier();
    group.forEach((w, k) => {
      resumes[w.linearId] = values[k];
      waits[w.linearId] = undefined;
      runnable[w.linearId] = true;
    });
    progressed = true;
  }
  return progressed;
}

/** No wait can be met: reports the first waiting work-item's op, and a participant that is not there. */
function reportDivergence(items: readonly WorkItem[], waits: readonly (Suspension | undefined)[], finished: readonly boolean[], kernel: KernelBody): never {
  const i = waits.findIndex((w) => w !== undefined);
  const wait = waits[i]!;
  const item = items[i]!;
  const r = rendezvousOf(wait);
  const missing = participants(r, item, items).find((w) => waits[w.linearId]?.op !== wait.op)!;
  const other = waits[missing.linearId];
  const who = r.scope === 'workgroup' ? `the work-items of block ${dim3Text(item.blockId)}` : `the lanes of subgroup ${item.subgroupId} of block ${dim3Text(item.blockId)}`;
  const why = finished[missing.linearId]
    ? `${describeWorkItem(missing)} finished without reaching it`
    : `${describeWorkItem(missing)} waits at '${other!.op.name}' at ${formatLocationPrefix(other!.op.loc)}`;
  const notes = [{ loc: kernel.launchOp.loc, message: `in ${describeWorkItem(item)} of ${kernel.name}` }];
  if (other) notes.push({ loc: other.op.loc, message: `${describeWorkItem(missing)} waits here` });
  const kind = BarrierOp.is(wait.op) ? 'barrier' : `'${wait.op.name}'`;
  fault(`divergent ${kind}: not all of ${who} reach it (${describeWorkItem(item)} waits here, ${why})`, { at: wait.op, notes });
}
