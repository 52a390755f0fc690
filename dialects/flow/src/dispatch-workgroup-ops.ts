// The ops a dispatched kernel uses to ask where it runs in the dispatch grid (IREE's
// flow.dispatch.workgroup.id / count / size): `%x = flow.dispatch.workgroup.id[0] : index`.
import { Index, IndexAttr, Pure, defineOp, type IntegerAttr, type Operation } from '@tlir/ir';

/** The grid has three dimensions, written XYZ (0, 1, 2). */
export const DISPATCH_DIMENSIONS = 3;

const AXES = ['x', 'y', 'z'] as const;

/** IREE's check of the `dimension` of a workgroup query: it names one of the grid's dimensions. */
function verifyDimension(op: Operation, dimension: IntegerAttr): boolean {
  const d = dimension.value;
  if (d >= 0n && d < BigInt(DISPATCH_DIMENSIONS)) return true;
  op.emitOpError(`dimension ${d} out of bounds of dispatch dimensions; expected [0, ${DISPATCH_DIMENSIONS})`);
  return false;
}

/** `workgroup_id_x` ...: the name the printer gives the result (as IREE does). */
const resultName = (prefix: string, dimension: IntegerAttr): string => `${prefix}_${AXES[Number(dimension.value)] ?? dimension.value}`;

const FORMAT = '`[` $dimension `]` attr-dict `:` type($result)';

export const DispatchWorkgroupIdOp = defineOp('flow.dispatch.workgroup.id', {
  summary: 'Returns the index of the current workgroup in the grid',
  description: `
The global workgroup ID of the current workgroup in the range of \`[0, flow.dispatch.workgroup.count)\` along each
dimension. Represented as a 3D grid classically written as XYZ. Corresponds to the \`WorkgroupId\` SPIR-V built-in
and the \`blockIdx\` CUDA built-in variable (\`workgroup_id\` in WGSL).

\`\`\`mlir
%x = flow.dispatch.workgroup.id[0] : index
%y = flow.dispatch.workgroup.id[1] : index
%z = flow.dispatch.workgroup.id[2] : index
\`\`\`

A tensor-language kernel's \`group_id\` is dimension 0 (tl-to-krnl); in the reference interpreter it is the id of the
work-group being run, and dimensions 1 and 2 are 0.
`,
  properties: { dimension: IndexAttr },
  results: { result: Index },
  traits: [Pure],
  assemblyFormat: FORMAT,
  getAsmResultNames: (w, setName) => setName(w.result, resultName('workgroup_id', w.dimension)),
  verify: (w) => verifyDimension(w.op, w.dimension),
});

export const DispatchWorkgroupCountOp = defineOp('flow.dispatch.workgroup.count', {
  summary: 'Returns the total workgroup count of the grid',
  description: `
The total number of workgroups along each dimension in the dispatch grid. Represented as a 3D grid classically
written as XYZ. Corresponds to the \`NumWorkgroups\` SPIR-V built-in and the \`gridDim\` CUDA built-in variable
(\`num_workgroups\` in WGSL).

\`\`\`mlir
%x = flow.dispatch.workgroup.count[0] : index
%y = flow.dispatch.workgroup.count[1] : index
%z = flow.dispatch.workgroup.count[2] : index
\`\`\`

A tensor-language kernel's \`group_size\` is dimension 0 (tl-to-krnl); in the reference interpreter it is the number
of work-groups of the launch, and dimensions 1 and 2 are 1.
`,
  properties: { dimension: IndexAttr },
  results: { result: Index },
  traits: [Pure],
  assemblyFormat: FORMAT,
  getAsmResultNames: (w, setName) => setName(w.result, resultName('workgroup_count', w.dimension)),
  verify: (w) => verifyDimension(w.op, w.dimension),
});

export const DispatchWorkgroupSizeOp = defineOp('flow.dispatch.workgroup.size', {
  summary: 'Returns the size of each workgroup in invocations',
  description: `
The number of local invocations within the current workgroup along each dimension. Depending on backend this may map
to the SIMT thread count or inner loop nest parameters. Represented as a 3D grid classically written as XYZ.
Corresponds to the \`WorkgroupSize\` SPIR-V built-in and the \`blockDim\` CUDA built-in variable.

\`\`\`mlir
%x = flow.dispatch.workgroup.size[0] : index
%y = flow.dispatch.workgroup.size[1] : index
%z = flow.dispatch.workgroup.size[2] : index
\`\`\`

In the reference interpreter the size is the \`work_group_size\` attribute (\`array<i32: x, y>\`) of the enclosing
function (1 for a dimension it does not give); without one, asking for it is a runtime error.
`,
  properties: { dimension: IndexAttr },
  results: { result: Index },
  traits: [Pure],
  assemblyFormat: FORMAT,
  getAsmResultNames: (w, setName) => setName(w.result, resultName('workgroup_size', w.dimension)),
  verify: (w) => verifyDimension(w.op, w.dimension),
});
