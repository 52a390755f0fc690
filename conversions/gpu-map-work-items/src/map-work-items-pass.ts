// gpu-map-work-items: a kernel's parallel loops and work-group code dealt to its work-items.
import { ArithDialect } from '@tlir/dialect-arith';
import { GpuDialect } from '@tlir/dialect-gpu';
import { ScfDialect } from '@tlir/dialect-scf';
import { kernelsOf } from '@tlir/gpu-kernel-analysis';
import { definePass } from '@tlir/pass';
import { mapWorkItems } from './map-work-items.js';

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
