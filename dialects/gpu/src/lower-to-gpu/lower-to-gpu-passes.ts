// The passes of the gpu lowering and the lower-to-gpu pipeline (docs/lowering-to-gpu.md):
//   tl-opt kernel.tl --lower-to-krnl --lower-to-gpu
//   tl-opt kernel.tl --lower-to-krnl -p 'builtin.module(convert-krnl-to-scf, flow-outline-kernels, gpu-outline-executables, ...)'
import { ArithDialect } from '@tlir/dialect-arith';
import { OutlineKernelsPass } from '@tlir/dialect-flow';
import { ConvertKrnlToScfPass } from '@tlir/dialect-krnl';
import { ScfDialect } from '@tlir/dialect-scf';
import type { Operation } from '@tlir/ir';
import { definePass, definePipeline, type PassRegistry } from '@tlir/pass';
import { CSEPass, CanonicalizePass } from '@tlir/transforms';
import { isKernel } from '../func-op.js';
import { GpuDialect } from '../gpu-dialect.js';
import { insertKernelBarriers } from './insert-barriers.js';
import { mapWorkItems } from './map-work-items.js';
import { outlineExecutables } from './outline-executables.js';
import { promoteWorkgroupMemory } from './promote-workgroup-memory.js';

/** The gpu.func kernels of `root`. */
function kernelsOf(root: Operation): Operation[] {
  const out: Operation[] = [];
  root.walk((op) => {
    if (op.name === 'gpu.func' && isKernel(op)) out.push(op);
  });
  return out;
}

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
    module.walk((op) => void (op.name === 'flow.dispatch' && launches++));
    if (!outlineExecutables(module)) return pass.signalPassFailure();
    pass.statistics['num-kernels'].value += kernelsOf(module).length;
    pass.statistics['num-launches'].value += launches;
  },
});

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

export const MapWorkItemsPass = definePass({
  argument: 'gpu-map-work-items',
  summary: "Deal a kernel's parallel loops and work-group code to its work-items (gpu.thread_id)",
  description: `
In each gpu.func kernel (of known_block_size), scf.parallel loops mapped to work-items (krnl.mapping) run their
iterations on the work-items of thread ids along their dimension, striding when there are more iterations than
work-items; loops without a mapping are dealt over the linear id. Code outside parallel loops is the work-group's:
replicated when it only computes, reads or writes private memory; loops of independent shared stores (tile copies,
memsets) dealt over the linear id; other shared writes run on the first work-item. Inserts no barrier (see
gpu-insert-barriers). See docs/lowering-to-gpu.md.
`,
  anchor: 'builtin.module',
  statistics: { 'num-kernels': 'Number of kernels mapped' },
  run(module, pass) {
    for (const d of [ScfDialect, ArithDialect, GpuDialect]) module.context.loadDialect(d);
    let ok = true;
    for (const kernel of kernelsOf(module)) {
      ok = mapWorkItems(kernel) && ok;
      pass.statistics['num-kernels'].value++;
    }
    if (!ok) pass.signalPassFailure();
  },
});

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

export const LowerToGpuPipeline = definePipeline({
  argument: 'lower-to-gpu',
  summary: 'Lower krnl kernels to gpu kernels launched from host functions',
  description:
    'convert-krnl-to-scf, canonicalize, cse, flow-outline-kernels, gpu-outline-executables, gpu-promote-workgroup-memory, ' +
    'gpu-map-work-items, gpu-insert-barriers, canonicalize, cse (docs/lowering-to-gpu.md).',
  build(pm) {
    pm.addPass(ConvertKrnlToScfPass);
    pm.addPass(CanonicalizePass);
    pm.addPass(CSEPass);
    pm.addPass(OutlineKernelsPass);
    pm.addPass(OutlineExecutablesPass);
    pm.addPass(PromoteWorkgroupMemoryPass);
    pm.addPass(MapWorkItemsPass);
    pm.addPass(InsertBarriersPass);
    pm.addPass(CanonicalizePass);
    pm.addPass(CSEPass);
  },
});

/** Registers the gpu lowering's passes and the lower-to-gpu pipeline (tl-opt does it for its registry). */
export function registerGpuPasses(registry: PassRegistry): PassRegistry {
  return registry
    .registerPass(OutlineExecutablesPass)
    .registerPass(PromoteWorkgroupMemoryPass)
    .registerPass(MapWorkItemsPass)
    .registerPass(InsertBarriersPass)
    .registerPipeline(LowerToGpuPipeline);
}

