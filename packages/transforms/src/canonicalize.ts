import type { Context, Operation } from '@tlir/ir';
import { definePass, option } from '@tlir/pass';
import {
  applyPatternsGreedily,
  FrozenRewritePatternSet,
  opaqueToPatterns,
  RecursiveMemoryEffects,
  wouldOpBeTriviallyDead,
  type Pattern,
} from '@tlir/rewrite';

/**
 * The canonicalization patterns of every op registered in `ctx`: those their definitions list
 * (`canonicalizationPatterns`) and those their dialects attach (`getCanonicalizationPatterns`).
 */
export function collectCanonicalizationPatterns(ctx: Context): Pattern[] {
  const out: Pattern[] = [];
  for (const dialect of ctx.loadedDialects) {
    for (const def of dialect.operations ?? []) for (const p of def.canonicalizationPatterns ?? []) out.push(p as Pattern);
    for (const p of dialect.getCanonicalizationPatterns?.() ?? []) out.push(p as Pattern);
  }
  return out;
}

export const CanonicalizePass = definePass({
  argument: 'canonicalize',
  name: 'Canonicalizer',
  summary: 'Canonicalize operations',
  description:
    'Applies the canonicalization patterns of the registered ops and folds ops (their fold hooks), with the ' +
    'greedy worklist driver, until a fixpoint: constants are uniqued and hoisted, trivially dead ops erased, ' +
    'unreachable blocks removed, dead ops and dead block arguments dropped (MLIR\'s runRegionDCE).',
  options: {
    'top-down': option.bool('Seed the worklist in general top-down order', true),
    'region-simplify': option.enum(
      'Perform control flow optimizations to the region tree',
      {
        disabled: "Don't run any control-flow simplification.",
        normal: 'Perform simple control flow optimizations: erase unreachable blocks, dead ops and dead block arguments.',
        aggressive: 'Perform aggressive control flow optimizations: as normal, then merge identical blocks and drop block arguments every predecessor passes the same value.',
      },
      'normal',
    ),
    'max-iterations': option.int('Max. iterations between applying patterns / simplifying regions', 10),
    'max-num-rewrites': option.int('Max. number of pattern rewrites within an iteration', -1),
    'test-convergence': option.bool('Test only: Fail pass on non-convergence to detect cyclic pattern'),
    'disable-patterns': option.list(option.string(''), 'Labels of patterns that should be filtered out during application'),
    'enable-patterns': option.list(
      option.string(''),
      'Labels of patterns that should be used during application, all other patterns are filtered out',
    ),
  },
  initialize(ctx, options) {
    const enabled = options['enable-patterns'];
    const patterns = new FrozenRewritePatternSet(collectCanonicalizationPatterns(ctx), {
      disabledPatterns: options['disable-patterns'],
      enabledPatterns: enabled.length ? enabled : undefined,
    });
    // The ops whose interleaved runs of this pass instance (PassRun.partOf) include one that did not converge: the
    // instance's run on that op reports it, as a run on all of it would (another canonicalize of the same pipeline,
    // with other options, must not take it).
    return { patterns, unconvergedInside: new WeakSet<Operation>() };
  },
  /**
   * Local to a function (any isolated op the patterns cannot rewrite, whose effects are its own and rule out its
   * erasure as dead), as long as the driver's work on one function is independent of the others': not with a
   * rewrite limit per iteration (shared by all of them), a failure on non-convergence (one diagnostic for all), or
   * aggressive region simplification (which compares blocks holding such ops, with what is inside them). An op the
   * driver may erase as dead is erased, on the whole module, before what is inside it is worked on (top-down), or
   * before the next pass sees it: its insides must not go through the passes of the run first.
   */
  isolatedLocal(child, o, state) {
    if (o['test-convergence'] || o['max-num-rewrites'] !== -1 || o['region-simplify'] === 'aggressive') return false;
    return !child.hasTrait(RecursiveMemoryEffects) && !wouldOpBeTriviallyDead(child) && opaqueToPatterns(child.opName, state.patterns);
  },
  run(op, pass) {
    const o = pass.options;
    const { patterns, unconvergedInside } = pass.state;
    const result = applyPatternsGreedily(op, patterns, {
      topDown: o['top-down'],
      regionSimplification: o['region-simplify'],
      maxIterations: o['max-iterations'],
      maxNumRewrites: o['max-num-rewrites'],
      // An interleaved run's non-convergence is reported by the run on the op around it.
      nonConvergence: pass.partOf !== undefined ? 'ignore' : o['test-convergence'] ? 'error' : 'warning',
      convergedIsolatedOps: pass.interleaved,
      unconvergedBefore: pass.interleaved !== undefined && unconvergedInside.delete(op),
    });
    if (pass.partOf !== undefined && !result.converged) unconvergedInside.add(pass.partOf);
    if (o['test-convergence'] && !result.converged) pass.signalPassFailure();
    if (!result.changed) pass.markAllAnalysesPreserved();
  },
});
