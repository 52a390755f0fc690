// A research plugin: passes a researcher runs over the krnl (or later) IR of a kernel, between tl-opt's lowering
// steps, then checks with tl-run (docs/research.md walks through the loop):
//
//   tl-opt k.tl --lower-to-krnl -o k.krnl.mlir
//   tl-opt k.krnl.mlir --load-pass-plugin=examples/plugins/research-plugin.mjs --research-double-to-add -o k.mine.mlir
//   tl-run k.mine.mlir --kernel k --random --check --reference k.tl ...
//
// research-double-to-add is a rewrite that keeps every result bit for bit: x * 2.0 becomes x + x.
// research-break-first-add is a deliberately wrong one (the first arith.addf becomes arith.subf), to see that
// tl-run --check catches a pass that computes something else.

/** @typedef {import('@tlir/tl-opt').PluginHost} PluginHost */

/** The float an arith.constant holds, or undefined. */
function constantValue(value) {
  const def = value.definingOp;
  if (!def || def.name !== 'arith.constant') return undefined;
  const attr = def.getProperty('value');
  return attr && typeof attr.value === 'number' ? attr.value : undefined;
}

/** @param {PluginHost} host */
export function registerPasses({ pass, rewrite, registry }) {
  const doubleToAdd = rewrite.definePattern(
    'arith.mulf',
    (op, rewriter) => {
      const [lhs, rhs] = [op.getOperand(0), op.getOperand(1)];
      const x = constantValue(rhs) === 2 ? lhs : constantValue(lhs) === 2 ? rhs : undefined;
      if (!x) return false;
      rewriter.replaceOpWithNewOp(op, { name: 'arith.addf', operands: [x, x], resultTypes: [op.results[0].type] });
      return true;
    },
    { debugName: 'DoubleToAdd' },
  );

  registry.registerPass(
    pass.definePass({
      argument: 'research-double-to-add',
      summary: 'Rewrite x * 2.0 as x + x (the same result, bit for bit)',
      statistics: { 'num-rewritten': 'Number of products rewritten' },
      run(op, p) {
        rewrite.applyPatternsGreedily(op, [doubleToAdd], {
          listener: { onOperationErased: (erased) => void (erased.name === 'arith.mulf' && p.statistics['num-rewritten'].value++) },
        });
      },
    }),
  );

  registry.registerPass(
    pass.definePass({
      argument: 'research-break-first-add',
      summary: 'Turn one arith.addf into arith.subf (a wrong rewrite, for tl-run --check to catch)',
      run(op) {
        let done = false;
        const breakAdd = rewrite.definePattern('arith.addf', (add, rewriter) => {
          if (done) return false;
          done = true;
          rewriter.replaceOpWithNewOp(add, { name: 'arith.subf', operands: [add.getOperand(0), add.getOperand(1)], resultTypes: [add.results[0].type] });
          return true;
        });
        rewrite.applyPatternsGreedily(op, [breakAdd]);
      },
    }),
  );
}
