// The flow-outline-kernels pass: `tl-opt kernel.tl --lower-to-krnl --flow-outline-kernels`.
import { ArithDialect } from '@tlir/dialect-arith';
import { FuncDialect } from '@tlir/dialect-func';
import { MemRefDialect } from '@tlir/dialect-memref';
import { definePass } from '@tlir/pass';
import { FlowDialect, isKernelFunction } from '@tlir/dialect-flow';
import { outlineKernels } from './outline-kernels.js';

export const OutlineKernelsPass = definePass({
  argument: 'flow-outline-kernels',
  summary: 'Outline each kernel into a flow.executable and dispatch it from a host function',
  description: `
Every func.func of the module with \`work_group_size\` (a kernel, as tl-to-krnl makes them) moves into a
flow.executable of its own (\`@<kernel>_dispatch\`), exported with its work-group size (\`workgroup_size =
array<i32: x, y, z>\` on the export, and \`subgroup_size\` when the kernel names one) and a workgroup count region
giving the grid (groups, 1, 1). A host function of the kernel's name takes the kernel's arguments and the number of
work-groups (an index) and dispatches the export over them. See docs/lowering-to-gpu.md.
`,
  anchor: 'builtin.module',
  statistics: { 'num-kernels': 'Number of kernels outlined' },
  run(module, pass) {
    const ctx = module.context;
    for (const d of [FlowDialect, ArithDialect, FuncDialect, MemRefDialect]) ctx.loadDialect(d);
    let kernels = 0;
    for (let op = module.regions[0]?.firstBlock?.firstOp ?? null; op; op = op.nextOperation) if (isKernelFunction(op)) kernels++;
    if (!outlineKernels(module)) return pass.signalPassFailure();
    pass.statistics['num-kernels'].value += kernels;
  },
});
