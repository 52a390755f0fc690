// gpu-promote-workgroup-memory: the buffers a work-group shares become workgroup attributions.
import { kernelsOf } from '@tlir/gpu-kernel-analysis';
import { definePass, option } from '@tlir/pass';
import { GUARANTEED_WORKGROUP_MEMORY, workgroupMemoryProblem } from './workgroup-memory-limit.js';
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
  options: {
    'max-workgroup-memory': option.uint(
      "The most bytes of workgroup memory a kernel may use (the adapter's maxComputeWorkgroupStorageSize): more is an error. 0: warn above the 16384 bytes every WebGPU adapter has",
      0,
    ),
  },
  statistics: { 'num-buffers': 'Number of buffers made workgroup attributions' },
  run(module, pass) {
    let ok = true;
    for (const kernel of kernelsOf(module)) {
      const before = kernel.regions[0]?.firstBlock?.numArguments ?? 0;
      ok = promoteWorkgroupMemory(kernel) && ok;
      // The runtime asks for the adapter's best limits: above WebGPU's guarantee a kernel runs on some adapters only.
      const limit = pass.options['max-workgroup-memory'];
      const problem = workgroupMemoryProblem(kernel, limit || GUARANTEED_WORKGROUP_MEMORY);
      if (problem && limit) {
        kernel.emit('error', `gpu-promote-workgroup-memory: ${problem}`);
        ok = false;
      } else if (problem) kernel.emit('warning', `gpu-promote-workgroup-memory: ${problem}; it runs only on adapters with more (max-workgroup-memory=N makes this an error)`);
      pass.statistics['num-buffers'].value += (kernel.regions[0]?.firstBlock?.numArguments ?? 0) - before;
    }
    if (!ok) pass.signalPassFailure();
  },
});
