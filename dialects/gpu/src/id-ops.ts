// The ops a work-item asks where it runs with: its ids in the block, the block's in the grid, the sizes, its lane
// and subgroup (MLIR's GPU_IndexOp and friends). All are pure and give an `index`.
import { Index, IndexAttr, OptionalAttr, Pure, defineOp } from '@tlir/ir';
import { DimensionAttr } from './gpu-attributes.js';

interface IndexOpDoc {
  readonly summary: string;
  readonly description: string;
}

/**
 * `gpu.<name> x [upper_bound N]`, its result named `<name>_x` in the custom form (`%thread_id_x`). A run where the
 * value reaches `upper_bound` is undefined in MLIR; the interpreter reports it.
 */
function indexOp<const N extends string>(name: N, doc: IndexOpDoc) {
  return defineOp(`gpu.${name}`, {
    summary: doc.summary,
    description: doc.description,
    properties: { dimension: DimensionAttr, upper_bound: OptionalAttr(IndexAttr) },
    results: { result: Index },
    traits: [Pure],
    assemblyFormat: '$dimension (`upper_bound` $upper_bound^)? attr-dict',
    getAsmResultNames: (v, setName) => setName(v.result, `${name}_${v.dimension.value}`),
  });
}

const upperBound = (what: string): string =>
  `If \`upper_bound\` is set, executions where ${what} reaches it are undefined (the interpreter reports them).`;

export const ThreadIdOp = indexOp('thread_id', {
  summary: 'The id of the work-item in its block',
  description: `
Returns the thread id, i.e. the index of the current thread within the block along the x, y, or z \`dimension\`.

\`\`\`mlir
%tIdX = gpu.thread_id x
\`\`\`

${upperBound('the thread id')}
`,
});

export const BlockIdOp = indexOp('block_id', {
  summary: 'The id of the block in the grid',
  description: `
Returns the block id, i.e. the index of the current block within the grid along the x, y, or z \`dimension\`.

\`\`\`mlir
%bIdY = gpu.block_id y
\`\`\`

${upperBound('the block id')}
`,
});

export const BlockDimOp = indexOp('block_dim', {
  summary: 'The number of work-items of a block',
  description: `
Returns the number of threads in the thread block (aka the block size) along the x, y, or z \`dimension\`.

\`\`\`mlir
%bDimX = gpu.block_dim x
\`\`\`

${upperBound('the block size')}
`,
});

export const GridDimOp = indexOp('grid_dim', {
  summary: 'The number of blocks of the grid',
  description: `
Returns the number of thread blocks in the grid along the x, y, or z \`dimension\`.

\`\`\`mlir
%gDimZ = gpu.grid_dim z
\`\`\`

${upperBound('the grid size')}
`,
});

export const GlobalIdOp = indexOp('global_id', {
  summary: 'The id of the work-item in the whole grid',
  description: `
Returns the unique global workitem/thread id, i.e., the unique index of the current workitem/thread within all
workgroups / grid along the x, y, or z \`dimension\`: \`block_id * block_dim + thread_id\`.

\`\`\`mlir
%gidX = gpu.global_id x
%gidX = gpu.global_id x upper_bound 65536
\`\`\`
`,
});

export const ClusterIdOp = indexOp('cluster_id', {
  summary: 'The id of the cluster in the grid',
  description: `
Returns the cluster id, i.e. the index of the current cluster within the grid along the x, y, or z \`dimension\`
(launches with \`clusters\`; without them every block is its own cluster).

\`\`\`mlir
%cIdY = gpu.cluster_id y
\`\`\`
`,
});

export const ClusterDimOp = indexOp('cluster_dim', {
  summary: 'The number of clusters of the grid',
  description: `
Returns the number of cluster identifiers per grid along the x, y, or z \`dimension\`.

\`\`\`mlir
%cDimX = gpu.cluster_dim x
\`\`\`
`,
});

export const ClusterBlockIdOp = indexOp('cluster_block_id', {
  summary: 'The id of the block in its cluster',
  description: `
Returns the block id within the cluster along the x, y, or z \`dimension\`.

\`\`\`mlir
%cBlockIdY = gpu.cluster_block_id y
\`\`\`
`,
});

export const ClusterDimBlocksOp = indexOp('cluster_dim_blocks', {
  summary: 'The number of blocks of a cluster',
  description: `
Returns the number of thread blocks in the cluster along the x, y, or z \`dimension\`.

\`\`\`mlir
%cDimBlocksX = gpu.cluster_dim_blocks x
\`\`\`
`,
});

export const LaneIdOp = defineOp('gpu.lane_id', {
  summary: 'The lane of the work-item in its subgroup',
  description: `
Returns the lane id within the subgroup (warp/wave).

\`\`\`mlir
%laneId = gpu.lane_id
\`\`\`

If \`upper_bound\` is set, executions with more than \`upper_bound\` lanes per subgroup are undefined.
`,
  properties: { upper_bound: OptionalAttr(IndexAttr) },
  results: { result: Index },
  traits: [Pure],
  assemblyFormat: '(`upper_bound` $upper_bound^)? attr-dict',
});

/** `gpu.<name> [upper_bound N] : index`. */
function subgroupQuery<const N extends string>(name: N, doc: IndexOpDoc) {
  return defineOp(`gpu.${name}`, {
    summary: doc.summary,
    description: doc.description,
    properties: { upper_bound: OptionalAttr(IndexAttr) },
    results: { result: Index },
    traits: [Pure],
    assemblyFormat: '(`upper_bound` $upper_bound^)? attr-dict `:` type($result)',
  });
}

export const SubgroupIdOp = subgroupQuery('subgroup_id', {
  summary: 'The id of the subgroup in its work-group',
  description: `
Returns the subgroup id, i.e., the index of the current subgroup within the workgroup.

\`\`\`mlir
%sgId = gpu.subgroup_id : index
\`\`\`
`,
});

export const NumSubgroupsOp = subgroupQuery('num_subgroups', {
  summary: 'The number of subgroups of a work-group',
  description: `
Returns the number of subgroups within a workgroup.

\`\`\`mlir
%numSg = gpu.num_subgroups : index
\`\`\`
`,
});

export const SubgroupSizeOp = subgroupQuery('subgroup_size', {
  summary: 'The number of work-items of a subgroup',
  description: `
Returns the number of threads within a subgroup.

\`\`\`mlir
%sgSz = gpu.subgroup_size : index
\`\`\`
`,
});
