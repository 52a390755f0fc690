// The flow dialect's passes, for a pass registry.
import type { PassRegistry } from '@tlir/pass';
import { ViewDispatchGraphPass } from './dispatch-graph/view-dispatch-graph-pass.js';
import { OutlineKernelsPass } from './kernel-outlining/outline-kernels-pass.js';

/** Registers the flow dialect's passes (tl-opt does it for its registry). */
export function registerFlowPasses(registry: PassRegistry): PassRegistry {
  return registry.registerPass(ViewDispatchGraphPass).registerPass(OutlineKernelsPass);
}
