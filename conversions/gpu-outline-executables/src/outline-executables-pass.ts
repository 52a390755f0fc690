// gpu-outline-executables: flow executables to gpu.module kernels, dispatches to gpu.launch_func.
import { ArithDialect } from '@tlir/dialect-arith';
import { GpuDialect } from '@tlir/dialect-gpu';
import { kernelsOf } from '@tlir/gpu-kernel-analysis';
import { definePass } from '@tlir/pass';
import { outlineExecutables } from './outline-executables.js';
import { DispatchOp } from '@tlir/dialect-flow';

export const OutlineExecutablesPass = definePass({
  argument: 'gpu-outline-executables',
  summary: 'Outline flow executables into gpu.module kernels and their dispatches into gpu.launch_func',
  description: `
Each flow.executable becomes a gpu.module of the same name; each export a gpu.func kernel of the export's name with
the body of the function it names and \`known_block_size\` = the export's \`workgroup_size\`;
flow.dispatch.workgroup.id / count / size become gpu.block_id / grid_dim / block_dim. Each flow.dispatch of an
export becomes a gpu.launch_func with the grid the export's workgroup count region computes from the workload and
the work-group size as threads. The module gets \`gpu.container_module\`. See docs/lowering-to-gpu.md.
`,
  anchor: 'builtin.module',
  statistics: { 'num-kernels': 'Number of kernels outlined', 'num-launches': 'Number of dispatches launched' },
  run(module, pass) {
    for (const d of [GpuDialect, ArithDialect]) module.context.loadDialect(d);
    let launches = 0;
    module.walk((op) => void (DispatchOp.is(op) && launches++));
    if (!outlineExecutables(module)) return pass.signalPassFailure();
    pass.statistics['num-kernels'].value += kernelsOf(module).length;
    pass.statistics['num-launches'].value += launches;
  },
});
