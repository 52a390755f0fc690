// A tl-opt plugin: a small dialect (`demo`) and three passes.
//
//   tl-opt --load-dialect-plugin=examples/plugins/demo-plugin.mjs \
//          --load-pass-plugin=examples/plugins/demo-plugin.mjs \
//          --demo-expand-double --demo-count-ops examples/plugins/demo.mlir
//
// A plugin is an ES module. tl-opt imports it and calls `registerDialects(host)` (for --load-dialect-plugin)
// or `registerPasses(host)` (for --load-pass-plugin). Everything it needs from tlir comes from `host`
// (host.ir, host.rewrite, host.pass, host.transforms, and the dialects tlir ships, host.dialects): a plugin must
// not import its own copy of the framework, since traits, interned types and registries are compared by identity.

/** @typedef {import('@tlir/tl-opt').PluginHost} PluginHost */

/**
 * The `demo` dialect: `demo.double` and `demo.add` on integers.
 * @param {PluginHost} host
 */
export function registerDialects({ ir, registerDialect }) {
  registerDialect({
    name: 'demo',
    summary: 'A demonstration dialect',
    operations: [
      { name: 'demo.double', summary: 'Twice its operand', traits: [ir.Pure, ir.NOperands(1), ir.NResults(1)] },
      { name: 'demo.add', summary: 'The sum of its operands', traits: [ir.Pure, ir.Commutative, ir.NOperands(2), ir.NResults(1)] },
    ],
  });
}

/**
 * Three passes: a rewrite with a pattern, a lowering to another dialect (arith), and an analysis that reports
 * through the tool's output.
 * @param {PluginHost} host
 */
export function registerPasses({ ir, pass, rewrite, dialects, registry }) {
  // demo.double(x) -> demo.add(x, x)
  const expandDouble = rewrite.definePattern(
    'demo.double',
    (op, rewriter) => {
      const x = op.getOperand(0);
      rewriter.replaceOpWithNewOp(op, { name: 'demo.add', operands: [x, x], resultTypes: [op.result.type] });
      return true;
    },
    { debugName: 'ExpandDouble' },
  );

  registry.registerPass(
    pass.definePass({
      argument: 'demo-expand-double',
      summary: 'Rewrite demo.double(x) as demo.add(x, x)',
      statistics: { 'num-expanded': 'Number of demo.double ops expanded' },
      run(op, p) {
        rewrite.applyPatternsGreedily(op, [expandDouble], {
          listener: { onOperationErased: (erased) => void (erased.name === 'demo.double' && p.statistics['num-expanded'].value++) },
        });
      },
    }),
  );

  // demo.double(x) -> arith.muli(x, arith.constant 2), demo.add(x, y) -> arith.addi(x, y): ops of another dialect
  // are built with that dialect's op definitions, from host.dialects (`Def.create(builder, { operands, results,
  // properties })`, the names its definition gives them), at the rewriter's insertion point (before `op`).
  const { ConstantOp, MulIOp, AddIOp } = dialects.arith;
  const doubleToArith = rewrite.definePattern('demo.double', (op, rewriter) => {
    const x = op.getOperand(0);
    const two = ConstantOp.create(rewriter, { value: rewriter.integerAttr(x.type, 2), result: x.type, loc: op.loc }).result;
    const product = MulIOp.create(rewriter, { lhs: x, rhs: two, result: x.type, loc: op.loc }).result;
    rewriter.replaceOp(op, [product]);
    return true;
  });
  const addToArith = rewrite.definePattern('demo.add', (op, rewriter) => {
    if (!(op.result.type instanceof ir.IntegerType)) return rewriter.notifyMatchFailure(op, 'not an integer add');
    const sum = AddIOp.create(rewriter, { lhs: op.getOperand(0), rhs: op.getOperand(1), result: op.result.type, loc: op.loc }).result;
    rewriter.replaceOp(op, [sum]);
    return true;
  });
  registry.registerPass(
    pass.definePass({
      argument: 'demo-to-arith',
      summary: 'Lower demo.double and demo.add to the arith dialect',
      run(op) {
        rewrite.applyPatternsGreedily(op, [doubleToArith, addToArith]);
      },
    }),
  );

  registry.registerPass(
    pass.definePass({
      argument: 'demo-count-ops',
      summary: 'Print how many ops of each name (or dialect) the IR holds',
      options: { 'by-dialect': pass.option.bool('Count per dialect rather than per op name') },
      run(op, p) {
        const counts = new Map();
        op.walk((o) => {
          const key = p.options['by-dialect'] ? o.opName.dialect : o.name;
          counts.set(key, (counts.get(key) ?? 0) + 1);
        });
        const lines = [...counts].sort(([a], [b]) => (a < b ? -1 : 1)).map(([k, n]) => `  ${k}: ${n}`);
        p.write(`op counts:\n${lines.join('\n')}\n`);
        p.markAllAnalysesPreserved(); // nothing changed
      },
    }),
  );
}
