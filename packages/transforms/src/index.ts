// The public surface of @tlir/transforms: generic passes, and the utilities behind them.
import type { PassRegistry } from '@tlir/pass';
import { CanonicalizePass } from './canonicalize.js';
import { CSEPass } from './cse.js';
import { DCEPass } from './dce.js';
import { LICMPass } from './licm.js';
import { ReconcileUnrealizedCastsPass } from './reconcile-unrealized-casts.js';
import { SymbolDCEPass } from './symbol-dce.js';
import { ViewOpGraphPass } from './view-op-graph.js';

export { CanonicalizePass, collectCanonicalizationPatterns } from './canonicalize.js';
export { CSEPass } from './cse.js';
export { DCEPass, eraseDeadCode } from './dce.js';
export { LICMPass, moveLoopInvariantCode } from './licm.js';
export { operationHash, regionsEquivalent, sameExceptRegions } from './operation-equivalence.js';
export { ReconcileUnrealizedCastsPass } from './reconcile-unrealized-casts.js';
export { isPrivateSymbol, SymbolDCEPass } from './symbol-dce.js';
export { OpGraph, ViewOpGraphPass, type OpGraphOptions } from './view-op-graph.js';

/** Every pass of this package. */
export const transformPasses = [
  CanonicalizePass,
  CSEPass,
  DCEPass,
  LICMPass,
  ReconcileUnrealizedCastsPass,
  SymbolDCEPass,
  ViewOpGraphPass,
] as const;

/** Registers the passes of this package. */
export function registerTransformsPasses(registry: PassRegistry): void {
  for (const p of transformPasses) registry.registerPass(p);
}
