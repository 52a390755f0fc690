// The enumerations of the gpu dialect as attributes (MLIR's GPUBase.td / GPUOps.td): the address spaces of memrefs,
// the dimensions of the launch grid, the reductions of all_reduce / subgroup_reduce, the modes of shuffle and the
// elementwise operations on MMA matrices.
import { EnumParameter, defineAttribute, type Attribute } from '@tlir/ir';

export const ADDRESS_SPACES = ['global', 'workgroup', 'private'] as const;
export type AddressSpace = (typeof ADDRESS_SPACES)[number];

/**
 * `#gpu.address_space<workgroup>`: a memref's memory space on the device. Workgroup memory is shared by the
 * work-items of one work-group, private memory belongs to one work-item, global memory to the whole device.
 */
export const AddressSpaceAttr = defineAttribute('gpu.address_space', {
  summary: 'GPU address space',
  description:
    'The memory space of a memref on the device: `global` (seen by every work-item of the launch), `workgroup` ' +
    '(shared by the work-items of a work-group: workgroup attributions) or `private` (one work-item\'s own: private ' +
    'attributions). As a memref\'s memory space: `memref<32xf32, #gpu.address_space<workgroup>>`.',
  parameters: { value: EnumParameter('::mlir::gpu::AddressSpace', ADDRESS_SPACES) },
  ods: { record: 'GPU_AddressSpaceAttr' },
  assemblyFormat: '`<` $value `>`',
});

export const DIMENSIONS = ['x', 'y', 'z'] as const;
export type Dimension = (typeof DIMENSIONS)[number];

/** `#gpu<dim x>` (`x` in the ops' custom forms): a dimension of the block or grid. */
export const DimensionAttr = defineAttribute('gpu.dim', {
  summary: "a dimension, either 'x', 'y', or 'z'",
  description: 'A dimension of the work-group (block) or of the grid of work-groups: `x`, `y` or `z`.',
  parameters: { value: EnumParameter('::mlir::gpu::Dimension', DIMENSIONS) },
  ods: { record: 'GPU_DimensionAttr' },
  assemblyFormat: '$value',
});

/** The index of a dimension attribute's dimension (x: 0, y: 1, z: 2). */
export function dimensionIndex(attr: Attribute | undefined): number {
  return attr !== undefined && DimensionAttr.is(attr) ? DIMENSIONS.indexOf(attr.value) : -1;
}

export const ALL_REDUCE_OPERATIONS = ['add', 'mul', 'minui', 'minsi', 'minnumf', 'maxui', 'maxsi', 'maxnumf', 'and', 'or', 'xor', 'minimumf', 'maximumf'] as const;
export type AllReduceOperation = (typeof ALL_REDUCE_OPERATIONS)[number];

/** `#gpu<all_reduce_op add>`: the reduction of gpu.all_reduce and gpu.subgroup_reduce. */
export const AllReduceOperationAttr = defineAttribute('gpu.all_reduce_op', {
  summary: 'built-in reduction operations supported by gpu.allreduce.',
  description:
    'The reduction of `gpu.all_reduce` and `gpu.subgroup_reduce`, named as the arith ops it stands for: `add`, `mul`, ' +
    '`and`, `or`, `xor`, `minsi`, `minui`, `maxsi`, `maxui` (integers) and `add`, `mul`, `minnumf`, `maxnumf`, ' +
    '`minimumf`, `maximumf` (floats).',
  parameters: { value: EnumParameter('::mlir::gpu::AllReduceOperation', ALL_REDUCE_OPERATIONS) },
  ods: { record: 'GPU_AllReduceOperationAttr' },
  assemblyFormat: '$value',
});

export const SHUFFLE_MODES = ['xor', 'up', 'down', 'idx'] as const;
export type ShuffleMode = (typeof SHUFFLE_MODES)[number];

/** `#gpu<shuffle_mode xor>`: how gpu.shuffle picks the lane a value comes from. */
export const ShuffleModeAttr = defineAttribute('gpu.shuffle_mode', {
  summary: 'Indexing modes supported by gpu.shuffle.',
  description:
    'Which lane a `gpu.shuffle` reads: `xor` (lane k reads lane k ^ offset), `down` (k + offset), `up` (k - offset) ' +
    'or `idx` (lane offset).',
  parameters: { value: EnumParameter('::mlir::gpu::ShuffleMode', SHUFFLE_MODES) },
  ods: { record: 'GPU_ShuffleModeAttr' },
  assemblyFormat: '$value',
});

export const MMA_ELEMENTWISE_OPS = ['addf', 'mulf', 'subf', 'maxf', 'minf', 'divf', 'addi', 'muli', 'subi', 'divs', 'divu', 'negatef', 'negates', 'extf'] as const;
export type MMAElementwiseOp = (typeof MMA_ELEMENTWISE_OPS)[number];

/** `#gpu<mma_element_wise addf>`: the operation of gpu.subgroup_mma_elementwise. */
export const MMAElementwiseAttr = defineAttribute('gpu.mma_element_wise', {
  summary: 'elementwise operation to apply to mma matrix',
  description:
    'The operation `gpu.subgroup_mma_elementwise` applies to each element: `addf`, `mulf`, `subf`, `maxf`, `minf`, ' +
    '`divf`, `negatef`, `extf` (floats) and `addi`, `muli`, `subi`, `divs`, `divu`, `negates` (integers).',
  parameters: { value: EnumParameter('::mlir::gpu::MMAElementwiseOp', MMA_ELEMENTWISE_OPS) },
  ods: { record: 'MMAElementWiseAttr' },
  assemblyFormat: '$value',
});
