import { defineDialect } from '@tlir/ir';
import * as operations from './operations.js';
import { AsyncTokenType } from './async-token-type.js';
import { AddressSpaceAttr, AllReduceOperationAttr, DimensionAttr, MMAElementwiseAttr, ShuffleModeAttr } from './gpu-attributes.js';
import { BlockMappingAttr, LaneMappingAttr, MemorySpaceMappingAttr, SelectObjectAttr, ThreadMappingAttr, WarpMappingAttr, WarpgroupMappingAttr } from './mapping-attributes.js';
import { MMAMatrixType } from './mma-matrix-type.js';
import { verifyGpuOperationAttribute } from './launch-size-hints.js';
import { ObjectAttr } from './binary-op.js';
import {
  Prune2To4SpMatFlagAttr,
  SparseDnTensorHandleType,
  SparseSpGEMMOpHandleType,
  SparseSpMatHandleType,
  SpGEMMWorkEstimationOrComputeKindAttr,
  TransposeModeAttr,
} from './sparse-ops.js';
import { gpuCanonicalizationPatterns } from './canonicalization.js';

/** MLIR's gpu dialect (MLIR 22's textual forms): kernels and their launches, work-item queries, collectives, memory. */
export const GpuDialect = defineDialect({
  name: 'gpu',
  // MLIR's gpu dialect parses its types by hand, with its own words.
  unknownTypeMessage: (mnemonic) => `unknown gpu type: ${mnemonic}`,
  verifyOperationAttribute: verifyGpuOperationAttribute,
  summary: 'Kernels run by the work-items of a GPU and their launches (MLIR 22)',
  description: `
The \`gpu\` dialect (MLIR's) provides middle-level abstractions for launching GPU kernels following a programming model
similar to that of CUDA or OpenCL: a kernel is run by every work-item (thread) of every work-group (block) of a 3-D
grid. Kernels are \`gpu.func\`s marked \`kernel\` in a \`gpu.module\`, launched by the host with \`gpu.launch_func\`, or
written inline in a \`gpu.launch\`. Inside, work-items ask where they run (\`gpu.thread_id\`, \`gpu.block_id\`,
\`gpu.block_dim\`, ...), synchronize (\`gpu.barrier\`), exchange values within a subgroup (\`gpu.shuffle\`,
\`gpu.subgroup_reduce\`) or the work-group (\`gpu.all_reduce\`), and use memory the function declares for the
work-group (\`workgroup\` attributions, shared by its work-items) or for each work-item (\`private\` attributions). The
host allocates and copies device memory with ops that may run asynchronously (\`async\`, \`!gpu.async.token\`).

Memory buffers are defined at the function level, either in \`gpu.launch\` or in \`gpu.func\` ops. This encoding makes
it clear where the memory belongs and makes the lifetime of the memory visible: the buffers live while the kernel
runs.

\`\`\`mlir
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @scale(%x: memref<?xf32>, %a: f32) kernel {
      %i = gpu.global_id x
      %v = memref.load %x[%i] : memref<?xf32>
      %r = arith.mulf %v, %a : f32
      memref.store %r, %x[%i] : memref<?xf32>
      gpu.return
    }
  }
  func.func @main(%x: memref<?xf32>, %a: f32, %blocks: index, %threads: index) {
    %c1 = arith.constant 1 : index
    gpu.launch_func @kernels::@scale blocks in (%blocks, %c1, %c1) threads in (%threads, %c1, %c1)
        args(%x : memref<?xf32>, %a : f32)
    return
  }
}
\`\`\`

The reference interpreter (\`registerGpuInterpreter\`, docs/interpreter.md) runs launches with every work-item as a
coroutine, so that barriers and subgroup ops really synchronize them.
`,
  operations: Object.values(operations),
  types: [AsyncTokenType, MMAMatrixType, SparseDnTensorHandleType, SparseSpMatHandleType, SparseSpGEMMOpHandleType],
  attributes: [
    AddressSpaceAttr,
    DimensionAttr,
    AllReduceOperationAttr,
    ShuffleModeAttr,
    MMAElementwiseAttr,
    ThreadMappingAttr,
    BlockMappingAttr,
    WarpMappingAttr,
    WarpgroupMappingAttr,
    LaneMappingAttr,
    MemorySpaceMappingAttr,
    SelectObjectAttr,
    ObjectAttr,
    TransposeModeAttr,
    Prune2To4SpMatFlagAttr,
    SpGEMMWorkEstimationOrComputeKindAttr,
  ],
  canonicalize: gpuCanonicalizationPatterns,
});
