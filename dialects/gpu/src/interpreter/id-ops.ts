// The id ops: where the work-item runs (thread/block/global/cluster ids and sizes, lane and subgroup), read from
// its strand's WorkItem. A value reaching the op's `upper_bound` is undefined behavior in MLIR: a runtime error.
import { IntegerAttr, type Attribute, type Operation } from '@tlir/ir';
import { fault, type InterpreterRegistry } from '@tlir/interpreter';
import { DimensionAttr } from '../gpu-attributes.js';
import {
  BlockDimOp,
  BlockIdOp,
  ClusterBlockIdOp,
  ClusterDimBlocksOp,
  ClusterDimOp,
  ClusterIdOp,
  GlobalIdOp,
  GridDimOp,
  LaneIdOp,
  NumSubgroupsOp,
  SubgroupIdOp,
  SubgroupSizeOp,
  ThreadIdOp,
} from '../id-ops.js';
import { currentWorkItem, numSubgroups, type Dim3, type WorkItem } from './work-item.js';

/** The dimension (0, 1, 2) of an id op. */
function dimension(op: { readonly op: Operation; readonly dimension: Attribute | undefined }): 0 | 1 | 2 {
  const a = op.dimension;
  if (a === undefined || !DimensionAttr.is(a)) fault(`internal: '${op.op.name}' without a dimension`);
  return (['x', 'y', 'z'] as const).indexOf(a.value) as 0 | 1 | 2;
}

/**
 * Checks `value` against the op's upper_bound: an id must be below it (`bound: 'exclusive'`), a size at most it
 * (`'inclusive'`).
 */
function checkUpperBound(op: { readonly upper_bound: Attribute | undefined }, value: number, bound: 'exclusive' | 'inclusive', what: string): number {
  const a = op.upper_bound;
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
const DIMENSION_OPS = [
  [ThreadIdOp, { query: (w, d) => w.threadId[d], bound: 'exclusive' }],
  [BlockIdOp, { query: (w, d) => w.blockId[d], bound: 'exclusive' }],
  [BlockDimOp, { query: (w, d) => w.launch.block[d], bound: 'inclusive' }],
  [GridDimOp, { query: (w, d) => w.launch.grid[d], bound: 'inclusive' }],
  [GlobalIdOp, { query: (w, d) => w.blockId[d] * w.launch.block[d] + w.threadId[d], bound: 'exclusive' }],
  [ClusterIdOp, { query: (w, d) => Math.floor(w.blockId[d] / clusterOf(w)[d]), bound: 'exclusive' }],
  [ClusterDimOp, { query: (w, d) => w.launch.grid[d] / clusterOf(w)[d], bound: 'inclusive' }],
  [ClusterBlockIdOp, { query: (w, d) => w.blockId[d] % clusterOf(w)[d], bound: 'exclusive' }],
  [ClusterDimBlocksOp, { query: (w, d) => clusterOf(w)[d], bound: 'inclusive' }],
] as const satisfies readonly (readonly [unknown, { query: DimQuery; bound: 'exclusive' | 'inclusive' }])[];

export function registerIdOps(registry: InterpreterRegistry): void {
  for (const [def, { query, bound }] of DIMENSION_OPS) {
    const name = def.name;
    registry.registerImpl(def, (op, _operands, ctx) => {
      const d = dimension(op);
      const value = query(currentWorkItem(ctx, `'${name}'`), d);
      return [checkUpperBound(op, value, bound, `${name} ${'xyz'[d]}`)];
    });
  }
  registry.registerImpl(LaneIdOp, (op, _operands, ctx) => {
    const item = currentWorkItem(ctx, "'gpu.lane_id'");
    checkUpperBound(op, item.launch.subgroupSize, 'inclusive', 'the subgroup size');
    return [item.laneId];
  });
  registry.registerImpl(SubgroupIdOp, (op, _operands, ctx) => {
    const item = currentWorkItem(ctx, "'gpu.subgroup_id'");
    checkUpperBound(op, numSubgroups(item.launch), 'inclusive', 'the number of subgroups');
    return [item.subgroupId];
  });
  registry.registerImpl(NumSubgroupsOp, (op, _operands, ctx) => {
    const item = currentWorkItem(ctx, "'gpu.num_subgroups'");
    return [checkUpperBound(op, numSubgroups(item.launch), 'inclusive', 'the number of subgroups')];
  });
  registry.registerImpl(SubgroupSizeOp, (op, _operands, ctx) => {
    const item = currentWorkItem(ctx, "'gpu.subgroup_size'");
    return [checkUpperBound(op, item.launch.subgroupSize, 'inclusive', 'the subgroup size')];
  });
}
