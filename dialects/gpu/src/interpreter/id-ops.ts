// The id ops: where the work-item runs (thread/block/global/cluster ids and sizes, lane and subgroup), read from
// its strand's WorkItem. A value reaching the op's `upper_bound` is undefined behavior in MLIR: a runtime error.
import { IntegerAttr, type Operation } from '@tlir/ir';
import { fault, type InterpreterRegistry } from '@tlir/interpreter';
import { DimensionAttr } from '../gpu-attributes.js';
import { currentWorkItem, numSubgroups, type Dim3, type WorkItem } from './work-item.js';

/** The dimension (0, 1, 2) of an id op. */
function dimension(op: Operation): 0 | 1 | 2 {
  const a = op.getProperty('dimension');
  if (a === undefined || !DimensionAttr.is(a)) fault(`internal: '${op.name}' without a dimension`);
  return (['x', 'y', 'z'] as const).indexOf(a.value) as 0 | 1 | 2;
}

/**
 * Checks `value` against the op's upper_bound: an id must be below it (`bound: 'exclusive'`), a size at most it
 * (`'inclusive'`).
 */
function checkUpperBound(op: Operation, value: number, bound: 'exclusive' | 'inclusive', what: string): number {
  const a = op.getProperty('upper_bound');
  if (a instanceof IntegerAttr) {
    const ub = Number(a.value);
    if (bound === 'exclusive' ? value >= ub : value > ub) {
      fault(`${what} is ${value}, ${bound === 'exclusive' ? 'not below' : 'above'} the op's upper_bound ${ub} (undefined behavior)`);
    }
  }
  return value;
}

const clusterOf = (item: WorkItem): Dim3 => item.launch.cluster;

type DimQuery = (item: WorkItem, d: 0 | 1 | 2) => number;

/** The ops of a dimension: what they give, and whether upper_bound bounds an id or a size. */
const DIMENSION_OPS: Readonly<Record<string, { query: DimQuery; bound: 'exclusive' | 'inclusive' }>> = {
  'gpu.thread_id': { query: (w, d) => w.threadId[d], bound: 'exclusive' },
  'gpu.block_id': { query: (w, d) => w.blockId[d], bound: 'exclusive' },
  'gpu.block_dim': { query: (w, d) => w.launch.block[d], bound: 'inclusive' },
  'gpu.grid_dim': { query: (w, d) => w.launch.grid[d], bound: 'inclusive' },
  'gpu.global_id': { query: (w, d) => w.blockId[d] * w.launch.block[d] + w.threadId[d], bound: 'exclusive' },
  'gpu.cluster_id': { query: (w, d) => Math.floor(w.blockId[d] / clusterOf(w)[d]), bound: 'exclusive' },
  'gpu.cluster_dim': { query: (w, d) => w.launch.grid[d] / clusterOf(w)[d], bound: 'inclusive' },
  'gpu.cluster_block_id': { query: (w, d) => w.blockId[d] % clusterOf(w)[d], bound: 'exclusive' },
  'gpu.cluster_dim_blocks': { query: (w, d) => clusterOf(w)[d], bound: 'inclusive' },
};

export function registerIdOps(registry: InterpreterRegistry): void {
  for (const [name, { query, bound }] of Object.entries(DIMENSION_OPS)) {
    registry.register(name, (op, _operands, ctx) => {
      const d = dimension(op);
      const value = query(currentWorkItem(ctx, `'${name}'`), d);
      return [checkUpperBound(op, value, bound, `${name} ${'xyz'[d]}`)];
    });
  }
  registry.register('gpu.lane_id', (op, _operands, ctx) => {
    const item = currentWorkItem(ctx, "'gpu.lane_id'");
    checkUpperBound(op, item.launch.subgroupSize, 'inclusive', 'the subgroup size');
    return [item.laneId];
  });
  registry.register('gpu.subgroup_id', (op, _operands, ctx) => {
    const item = currentWorkItem(ctx, "'gpu.subgroup_id'");
    checkUpperBound(op, numSubgroups(item.launch), 'inclusive', 'the number of subgroups');
    return [item.subgroupId];
  });
  registry.register('gpu.num_subgroups', (op, _operands, ctx) => {
    const item = currentWorkItem(ctx, "'gpu.num_subgroups'");
    return [checkUpperBound(op, numSubgroups(item.launch), 'inclusive', 'the number of subgroups')];
  });
  registry.register('gpu.subgroup_size', (op, _operands, ctx) => {
    const item = currentWorkItem(ctx, "'gpu.subgroup_size'");
    return [checkUpperBound(op, item.launch.subgroupSize, 'inclusive', 'the subgroup size')];
  });
}
