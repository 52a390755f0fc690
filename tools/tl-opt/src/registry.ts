import { registerFlowPasses } from '@tlir/dialect-flow';
import { registerGpuPasses } from '@tlir/dialect-gpu';
import { registerKrnlPasses } from '@tlir/dialect-krnl';
import { registerTlToKrnlPasses } from '@tlir/dialect-tl';
import { PassRegistry } from '@tlir/pass';
import { registerTransformsPasses } from '@tlir/transforms';

/** The passes and pipelines tl-opt knows before plugins add theirs. */
export function createPassRegistry(): PassRegistry {
  const registry = new PassRegistry();
  registerTransformsPasses(registry);
  registerTlToKrnlPasses(registry);
  registerKrnlPasses(registry);
  registerFlowPasses(registry);
  registerGpuPasses(registry);
  return registry;
}
