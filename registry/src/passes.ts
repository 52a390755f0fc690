// Every pass and pipeline tlir ships, for a pass registry.
import { OutlineKernelsPass } from '@tlir/conversion-flow-outline-kernels';
import { InsertBarriersPass } from '@tlir/conversion-gpu-insert-barriers';
import { MapWorkItemsPass } from '@tlir/conversion-gpu-map-work-items';
import { OutlineExecutablesPass } from '@tlir/conversion-gpu-outline-executables';
import { PromoteWorkgroupMemoryPass } from '@tlir/conversion-gpu-promote-workgroup-memory';
import { ConvertKrnlToScfPass } from '@tlir/conversion-krnl-to-scf';
import { SroaPass } from '@tlir/conversion-memref-sroa';
import { ConvertScfToCfPass } from '@tlir/conversion-scf-to-cf';
import { RequireLoweredTlPass, TlToKrnlPass } from '@tlir/conversion-tl-to-krnl';
import { registerFlowPasses } from '@tlir/dialect-flow';
import { PassRegistry } from '@tlir/pass';
import { LowerToGpuPipeline, LowerToKrnlPipeline } from '@tlir/pipelines';
import { registerTransformsPasses } from '@tlir/transforms';

/** Registers every pass and pipeline tlir ships into `registry`: the transforms, the dialects' own passes, each
 * conversion and the pipelines that chain them. */
export function registerAllPasses(registry: PassRegistry): PassRegistry {
  registerTransformsPasses(registry);
  registerFlowPasses(registry);
  for (const pass of [
    TlToKrnlPass,
    RequireLoweredTlPass,
    ConvertKrnlToScfPass,
    OutlineKernelsPass,
    OutlineExecutablesPass,
    PromoteWorkgroupMemoryPass,
    SroaPass,
    ConvertScfToCfPass,
    MapWorkItemsPass,
    InsertBarriersPass,
  ]) {
    registry.registerPass(pass);
  }
  return registry.registerPipeline(LowerToKrnlPipeline).registerPipeline(LowerToGpuPipeline);
}

/** A pass registry holding every pass and pipeline tlir ships (tools add their plugins' passes to it). */
export function createPassRegistry(): PassRegistry {
  return registerAllPasses(new PassRegistry());
}
