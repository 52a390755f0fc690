// The lower-to-gpu pipeline: krnl kernels to gpu kernels launched from host functions (docs/lowering-to-gpu.md):
//   tl-opt kernel.tl --lower-to-krnl --lower-to-gpu
//   tl-opt kernel.tl --lower-to-krnl -p 'builtin.module(convert-krnl-to-scf, flow-outline-kernels, gpu-outline-executables, ...)'
import { OutlineKernelsPass } from '@tlir/conversion-flow-outline-kernels';
import { InsertBarriersPass } from '@tlir/conversion-gpu-insert-barriers';
import { MapWorkItemsPass } from '@tlir/conversion-gpu-map-work-items';
import { OutlineExecutablesPass } from '@tlir/conversion-gpu-outline-executables';
import { PromoteWorkgroupMemoryPass } from '@tlir/conversion-gpu-promote-workgroup-memory';
import { ConvertKrnlToScfPass } from '@tlir/conversion-krnl-to-scf';
import { SroaPass } from '@tlir/conversion-memref-sroa';
import { MAX_UNROLLED_REGISTERS, RequireLoweredTlPass } from '@tlir/conversion-tl-to-krnl';
import { definePipeline, option } from '@tlir/pass';
import { CSEPass, CanonicalizePass, LICMPass } from '@tlir/transforms';

/**
 * The private buffers split into scalars (registers): as many elements as tl-to-krnl unrolls in a work-item's
 * register tile (its accumulators, with their rounds when staged).
 */
const REGISTER_ELEMENTS = MAX_UNROLLED_REGISTERS;

export const LowerToGpuPipeline = definePipeline({
  argument: 'lower-to-gpu',
  summary: 'Lower krnl kernels to gpu kernels launched from host functions',
  description:
    'require-lowered-tl, convert-krnl-to-scf, canonicalize, cse, flow-outline-kernels, gpu-outline-executables, gpu-promote-workgroup-memory, ' +
    `sroa{max-elements=${REGISTER_ELEMENTS}}, gpu-map-work-items, gpu-insert-barriers, canonicalize, loop-invariant-code-motion, cse, canonicalize (docs/lowering-to-gpu.md).`,
  options: {
    'max-workgroup-memory': option.uint(
      "The most bytes of workgroup memory a kernel may use (the adapter's maxComputeWorkgroupStorageSize): more is an error. 0: warn above the 16384 bytes every WebGPU adapter has",
      0,
    ),
  },
  build(pm, options) {
    pm.addPass(RequireLoweredTlPass);
    pm.addPass(ConvertKrnlToScfPass);
    pm.addPass(CanonicalizePass);
    pm.addPass(CSEPass);
    pm.addPass(OutlineKernelsPass);
    pm.addPass(OutlineExecutablesPass);
    pm.addPass(PromoteWorkgroupMemoryPass.create({ 'max-workgroup-memory': options['max-workgroup-memory'] }));
    pm.addPass(SroaPass.create({ 'max-elements': REGISTER_ELEMENTS }));
    pm.addPass(MapWorkItemsPass);
    pm.addPass(InsertBarriersPass);
    pm.addPass(CanonicalizePass);
    // After canonicalization has removed the single-iteration loops: the index arithmetic that does not change
    // from one iteration to the next leaves the loops, and cse then merges it with the same values computed
    // after them. What cse makes equal (the conditions of consecutive scf.if, say) canonicalizes once more.
    pm.addPass(LICMPass);
    pm.addPass(CSEPass);
    pm.addPass(CanonicalizePass);
  },
});
