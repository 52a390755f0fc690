// The flow dialect's passes, for a pass registry.
import type { PassRegistry } from '@tlir/pass';
import { ViewDispatchGraphPass } from './dispatch-graph/view-dispatch-graph-pass.js';

/** Registers the flow dialect's passes (the registry package does it for every tool). */
export function registerFlowPasses(registry: PassRegistry): PassRegistry {
  return registry.registerPass(ViewDispatchGraphPass);
}
