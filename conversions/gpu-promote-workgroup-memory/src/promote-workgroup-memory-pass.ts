// gpu-promote-workgroup-memory: the buffers a work-group shares become workgroup attributions.
import { kernelsOf } from '@tlir/gpu-kernel-analysis';
import { definePass } from '@tlir/pass';
import { promoteWorkgroupMemory } from './promote-workgroup-memory.js';

export const PromoteWorkgroupMemoryPass = definePass({
  argument: 'gpu-promote-workgroup-memory',
  summary: 'Make the buffers a work-group shares workgroup attributions of their kernel',
  description: `
A memref.alloca of a gpu.func kernel that every work-item reaches alike (outside scf.parallel loops, in control
flow that does not depend on the work-item) is the work-group's buffer: it becomes a workgroup attribution in
#gpu.address_space<workgroup>, and its views follow it into that address space. Other allocas stay each
work-item's own. See docs/lowering-to-gpu.md.
`,
  anchor: 'builtin.module',
  statistics: { 'num-buffers': 'Number of buffers made workgroup attributions' },
  run(module, pass) {
    let ok = true;
    for (const kernel of kernelsOf(module)) {
      const before = kernel.regions[0]?.firstBlock?.numArguments ?? 0;
      ok = promoteWorkgroupMemory(kernel) && ok;
      pass.statistics['num-buffers'].value += (kernel.regions[0]?.firstBlock?.numArguments ?? 0) - before;
    }
    if (!ok) pass.signalPassFailure();
  },
});
