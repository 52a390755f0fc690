// Where a work-item runs in a launch: its ids and the launch's sizes, kept as a strand-local value of the strand
// that runs it (ExecutionContext.local).
import { fault, type ExecutionContext } from '@tlir/interpreter';

export type Dim3 = readonly [number, number, number];

/** The sizes of a launch: the grid (in blocks), the block (in work-items), the clusters, the subgroup size. */
export interface LaunchGeometry {
  readonly grid: Dim3;
  readonly block: Dim3;
  /** The cluster size (in blocks); (1, 1, 1) for a launch without clusters. */
  readonly cluster: Dim3;
  readonly subgroupSize: number;
}

/** A work-item of a launch. */
export interface WorkItem {
  readonly launch: LaunchGeometry;
  readonly blockId: Dim3;
  readonly threadId: Dim3;
  /** The index of the work-item in its block, x fastest: x + y X + z X Y. */
  readonly linearId: number;
  readonly subgroupId: number;
  readonly laneId: number;
}

/** The key of the WorkItem local of a strand. */
export const WORK_ITEM = { name: 'gpu work-item' };

/** The work-item the current strand runs, or a runtime error naming `what` outside a kernel launch. */
export function currentWorkItem(ctx: ExecutionContext, what: string): WorkItem {
  return ctx.local<WorkItem>(WORK_ITEM) ?? fault(`${what} outside a kernel (it runs in the work-items of a gpu.launch_func or gpu.launch)`);
}

/** The number of elements of a 3-D size. */
export const volume = (d: Dim3): number => d[0] * d[1] * d[2];

/** `(x, y, z)`. */
export const dim3Text = (d: Dim3): string => `(${d[0]}, ${d[1]}, ${d[2]})`;

/** The 3-D index of linear index `i` in `size` (x fastest). */
export function delinearize(i: number, size: Dim3): Dim3 {
  return [i % size[0], Math.floor(i / size[0]) % size[1], Math.floor(i / (size[0] * size[1]))];
}

/** The number of subgroups of a block (the last one may be partial). */
export function numSubgroups(launch: LaunchGeometry): number {
  return Math.ceil(volume(launch.block) / launch.subgroupSize);
}

/** The work-items of block `blockId`, in linear order. */
export function blockWorkItems(launch: LaunchGeometry, blockId: Dim3): WorkItem[] {
  const n = volume(launch.block);
  const items: WorkItem[] = [];
  for (let i = 0; i < n; i++) {
    items.push({ launch, blockId, threadId: delinearize(i, launch.block), linearId: i, subgroupId: Math.floor(i / launch.subgroupSize), laneId: i % launch.subgroupSize });
  }
  return items;
}

/** `thread (1, 0, 0) of block (0, 2, 0)`. */
export function describeWorkItem(item: WorkItem): string {
  return `thread ${dim3Text(item.threadId)} of block ${dim3Text(item.blockId)}`;
}
