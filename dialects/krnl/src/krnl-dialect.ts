import { defineDialect } from '@tlir/ir';
import * as operations from './operations.js';
import { LoopType, StringType } from './krnl-types.js';
import { ProcessorAttr } from './processor-attr.js';

/** The krnl dialect: loop nests with schedules, and the memory and runtime ops around them (after onnx-mlir). */
export const KrnlDialect = defineDialect({
  name: 'krnl',
  summary: 'Loop nests with schedules (tiling, permutation, parallel loops), tile buffers and kernels',
  description: `
The \`krnl\` dialect (after onnx-mlir's) describes computations as loop nests whose schedule is separate from their
body. \`krnl.define_loops\` creates handles (\`!krnl.loop\`) on the original loops; \`krnl.block\` tiles a loop,
\`krnl.permute\` orders loops, \`krnl.unroll\` and \`krnl.parallel\` mark them; \`krnl.iterate\` runs the loops, giving
bounds and induction variables to the original ones, and \`krnl.get_induction_var_value\` reads the current index of
any loop it runs (the first index of a tile for a tile loop). Memory is accessed with \`krnl.load\` / \`krnl.store\`,
tiles are staged in buffers with \`krnl.copy_to_tile_buffer\` / \`krnl.copy_from_tile_buffer\`, and \`krnl.matmul\`
computes one tile of a matrix product.

\`\`\`mlir
func.func @add(%A: memref<40x80xf32>, %B: memref<40x80xf32>, %C: memref<40x80xf32>) {
  %ii, %jj = krnl.define_loops 2
  %ib, %il = krnl.block %ii 8 : (!krnl.loop) -> (!krnl.loop, !krnl.loop)
  krnl.permute(%ib, %il, %jj) [0, 2, 1] : !krnl.loop, !krnl.loop, !krnl.loop
  krnl.parallel %ib : !krnl.loop
  krnl.iterate(%ib, %il, %jj) with (%ii -> %i = 0 to 40, %jj -> %j = 0 to 80) {
    %a = krnl.load %A[%i, %j] : memref<40x80xf32>
    %b = krnl.load %B[%i, %j] : memref<40x80xf32>
    %c = arith.addf %a, %b : f32
    krnl.store %c, %C[%i, %j] : memref<40x80xf32>
  }
  return
}
\`\`\`

### Textual forms

The custom forms are onnx-mlir's; ops onnx-mlir gives no custom form to (the scalar math ops, \`krnl.memcpy\`,
\`krnl.global\`, \`krnl.call\`, ...) are written in the generic form. Inherent attributes are properties, as in MLIR 22:
the generic form prints them in \`<{...}>\` where onnx-mlir prints \`{...}\`; both are read.

### Differences from onnx-mlir

- Loop bounds of \`krnl.iterate\` are integers or \`index\` values. onnx-mlir writes each bound as an affine map
  (\`affine_map<(d0) -> (d0 + 4)>(%i)\`, \`max\` / \`min\` of several results); tlir has no affine maps, so such bounds
  are computed with \`arith\` ops before the loop. \`max\` and \`min\` are accepted before a single bound and ignored.
  The generic form of \`krnl.iterate\` keeps the integer bounds in \`staticLowerBound\` / \`staticUpperBound\` and the
  operands in groups (\`operandSegmentSizes\`), like MLIR's \`scf.forall\`, instead of onnx-mlir's \`bounds\` and
  \`num_optimized_loops\`.
- The body of \`krnl.iterate\` ends with \`krnl.terminate\` (as the specification says) or \`krnl.yield\` (needed to pass
  loop-carried values, \`iter_args\`, as recent onnx-mlir does).
- Verifiers check what the documentation states: operand counts against loop counts and memref ranks, tile-size
  attributes against buffer ranks and sizes, permutation maps, element types; loop handles must be \`!krnl.loop\`.
- Ops with affine maps (\`krnl.prefetch\`, \`krnl.get_linear_offset_index\`) are left out.
- \`krnl.define_loops\` and \`krnl.block\` are never merged by CSE: equal-looking ops make different loops.

### Extensions for GPUs (tlir)

- \`krnl.parallel %l mapping workitem_x : !krnl.loop\`: the optional \`mapping\` (\`#krnl<processor ...>\`) distributes
  the iterations of a parallel loop over the work-groups of a dispatch (\`workgroup_x\`, \`workgroup_y\`, \`workgroup_z\`)
  or the work-items of a work-group (\`workitem_x\`, \`workitem_y\`, \`workitem_z\`). The loops run by one
  \`krnl.iterate\` map to distinct processor dimensions, and a loop is marked parallel at most once.
`,
  operations: Object.values(operations),
  types: [LoopType, StringType],
  attributes: [ProcessorAttr],
});
