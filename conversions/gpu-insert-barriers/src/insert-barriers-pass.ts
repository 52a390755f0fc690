// gpu-insert-barriers: gpu.barrier wherever work-items of a work-group may meet in memory.
import { kernelsOf } from '@tlir/gpu-kernel-analysis';
import { definePass } from '@tlir/pass';
import { insertKernelBarriers } from './insert-barriers.js';

export const InsertBarriersPass = definePass({
  argument: 'gpu-insert-barriers',
  summary: 'Insert gpu.barrier wherever work-items of a work-group may meet in memory',
  description: `
In each gpu.func kernel, a barrier goes before every step of uniform control flow that reads what an earlier step
may have written, or writes what an earlier step may have read or written, in workgroup or global memory (loops
analysed to a fixed point: a buffer overwritten in the next iteration waits for this one's reads). Each barrier
lists the memory it must make visible in \`address_spaces\`. Work-items that may meet in memory inside control flow
that depends on the work-item are a compile error. See docs/lowering-to-gpu.md.
`,
  anchor: 'builtin.module',
  statistics: { 'num-barriers': 'Number of barriers inserted' },
  run(module, pass) {
    let ok = true;
    for (const kernel of kernelsOf(module)) {
      const n = insertKernelBarriers(kernel);
      if (n === undefined) ok = false;
      else pass.statistics['num-barriers'].value += n;
    }
    if (!ok) pass.signalPassFailure();
  },
});
