// The `test` dialect: small ops with the traits, folds and patterns that the generic passes care about, for
// testing them before (and besides) the standard dialects. It is a tl-opt dialect plugin:
//
//   tl-opt --load-dialect-plugin=test/lib/test-dialect.mjs --canonicalize input.mlir
//
// and unit tests build it with `makeTestDialect(host)`. Like every plugin, it takes the framework's objects
// from the host tl-opt hands it (`host.ir`, `host.rewrite`) instead of importing them.
// Ops of the `test` namespace that are not defined here stay usable as unregistered ops
// (`--allow-unregistered-dialect`), with unknown side effects.

/** @typedef {import('@tlir/tl-opt').PluginHost} PluginHost */

/**
 * Registers the test dialect with tl-opt.
 * @param {PluginHost} host
 */
export function registerDialects(host) {
  host.registerDialect(makeTestDialect(host));
}

/**
 * Builds the test dialect from the framework modules of `host`.
 * @param {Pick<PluginHost, 'ir' | 'rewrite'>} host
 * @returns {import('@tlir/ir').Dialect}
 */
export function makeTestDialect({ ir, rewrite }) {
  const {
    BranchOpInterface,
    Commutative,
    ConstantLike,
    DictionaryAttr,
    GraphRegion,
    IntegerAttr,
    IsolatedFromAbove,
    LoopLikeOpInterface,
    NoTerminator,
    NOperands,
    NRegions,
    NResults,
    Pure,
    ReturnLike,
    SingleBlock,
    SymbolTableTrait,
    SymbolTrait,
    Terminator,
  } = ir;
  const { MemAlloc, MemFree, MemRead, MemWrite, NoMemoryEffect, RecursiveMemoryEffects, RecursivelySpeculatable, definePattern } =
    rewrite;

  /** @param {unknown} a */
  const int = (a) => (a instanceof IntegerAttr ? a.value : undefined);
  /** @param {import('@tlir/ir').Operation} op @param {bigint} v */
  const intAttr = (op, v) => IntegerAttr.get(op.context, op.results[0].type, v);

  /** An integer binary op: constants fold with `f`; `identity` for the right operand folds to the left one. */
  const binary = (name, f, { commutative = false, identity, absorbing } = {}) => ({
    name: `test.${name}`,
    summary: `Integer ${name}`,
    traits: [Pure, NOperands(2), NResults(1), ...(commutative ? [Commutative] : [])],
    fold(op, [lhs, rhs]) {
      const a = int(lhs);
      const b = int(rhs);
      if (a !== undefined && b !== undefined) {
        const r = f(a, b);
        return r === undefined ? undefined : [intAttr(op, r)];
      }
      if (b !== undefined && identity !== undefined && b === identity) return [op.getOperand(0)];
      if (b !== undefined && absorbing !== undefined && b === absorbing) return [rhs];
      return undefined;
    },
  });

  /** `test.neg(test.neg(x))` -> `x`. */
  const negNeg = definePattern(
    'test.neg',
    (op, rewriter) => {
      const inner = op.getOperand(0).definingOp;
      if (!inner || inner.name !== 'test.neg') return rewriter.notifyMatchFailure(op, 'operand is not a test.neg');
      rewriter.replaceOp(op, [inner.getOperand(0)]);
      return true;
    },
    { debugName: 'NegNeg' },
  );

  /** `test.counter {count = n, limit = m}` counts up to its limit, one rewrite at a time (to test iteration limits). */
  const countUp = definePattern(
    'test.counter',
    (op, rewriter) => {
      const count = int(op.getAttr('count')) ?? 0n;
      const limit = int(op.getAttr('limit')) ?? 0n;
      if (count >= limit) return false;
      const type = op.getAttr('count')?.type ?? ir.IntegerType.get(op.context, 64);
      rewriter.modifyOpInPlace(op, () => op.setAttr('count', IntegerAttr.get(op.context, type, count + 1n)));
      return true;
    },
    { debugName: 'CountUp' },
  );

  /** @type {import('@tlir/ir').OpDefinition[]} */
  const operations = [
    {
      name: 'test.constant',
      summary: 'An integer constant',
      traits: [ConstantLike, Pure, NOperands(0), NResults(1)],
      fold: (op) => [op.getProperty('value') ?? op.getAttr('value')],
    },
    binary('addi', (a, b) => a + b, { commutative: true, identity: 0n }),
    binary('subi', (a, b) => a - b, { identity: 0n }),
    binary('muli', (a, b) => a * b, { commutative: true, identity: 1n, absorbing: 0n }),
    {
      // Division may trap: no memory effects, but not speculatable (not hoisted out of loops).
      ...binary('divi', (a, b) => (b === 0n ? undefined : a / b), { identity: 1n }),
      traits: [NoMemoryEffect, NOperands(2), NResults(1)],
    },
    { name: 'test.neg', summary: 'Integer negation', traits: [Pure, NOperands(1), NResults(1)], canonicalizationPatterns: [negNeg] },
    { name: 'test.counter', summary: 'Counts up to its limit', traits: [NOperands(0)], canonicalizationPatterns: [countUp] },
    { name: 'test.load', summary: 'Reads memory', traits: [MemRead] },
    { name: 'test.store', summary: 'Writes memory', traits: [MemWrite, NResults(0)] },
    { name: 'test.alloc', summary: 'Allocates memory', traits: [MemAlloc] },
    { name: 'test.free', summary: 'Frees memory', traits: [MemFree, NResults(0)] },
    { name: 'test.call', summary: 'Calls a symbol (unknown effects)' },
    {
      name: 'test.func',
      summary: 'A function: a symbol with a body isolated from above',
      traits: [SymbolTrait, IsolatedFromAbove, NRegions(1)],
    },
    { name: 'test.symbol', summary: 'A symbol without body', traits: [SymbolTrait, NRegions(0)] },
    {
      name: 'test.symbol_table',
      summary: 'A symbol holding a symbol table',
      traits: [SymbolTrait, SymbolTableTrait, NoTerminator, SingleBlock, NRegions(1)],
    },
    { name: 'test.return', summary: 'Returns from a test.func', traits: [Terminator, ReturnLike, Pure] },
    {
      name: 'test.for',
      summary: 'A loop from %lb to %ub by %step; the body gets the induction variable',
      traits: [RecursiveMemoryEffects, SingleBlock, NRegions(1), NOperands(3)],
      interfaces: [LoopLikeOpInterface.implement({})],
    },
    {
      name: 'test.if',
      summary: 'A conditional with a then and an else region',
      traits: [RecursiveMemoryEffects, RecursivelySpeculatable, NRegions(2), NOperands(1)],
    },
    { name: 'test.yield', summary: 'Ends a test.for or test.if region', traits: [Terminator, ReturnLike, Pure] },
    { name: 'test.br', summary: 'Branches to its successor', traits: [Terminator, Pure] },
    { name: 'test.cond_br', summary: 'Branches to one of two successors', traits: [Terminator, Pure] },
    {
      name: 'test.branch',
      summary: 'Branches to its successor, passing it its operands (a BranchOpInterface op, as cf.br)',
      traits: [Terminator, Pure],
      interfaces: [
        BranchOpInterface.implement({
          getSuccessorOperandRange: (op) => [0, op.numOperands],
          eraseSuccessorOperand: (op, _index, i) => op.eraseOperand(i),
          appendSuccessorOperands: (op, _index, values) => op.insertOperands(op.numOperands, values),
        }),
      ],
    },
    {
      name: 'test.branch_fixed',
      summary: 'Branches to one of its successors, passing each its operands; cannot be given more (no appendSuccessorOperands)',
      traits: [Terminator, Pure],
      interfaces: [
        BranchOpInterface.implement({
          getSuccessorOperandRange: (op, index) => (index === 0 ? [0, op.numOperands] : [op.numOperands, 0]),
          eraseSuccessorOperand: (op, _index, i) => op.eraseOperand(i),
        }),
      ],
    },
    {
      name: 'test.graph',
      summary: 'A graph region',
      traits: [GraphRegion, NoTerminator, SingleBlock, NRegions(1), NResults(0)],
    },
    {
      name: 'test.isolated',
      summary: 'A region isolated from above',
      traits: [IsolatedFromAbove, NoTerminator, SingleBlock, NRegions(1), NResults(0)],
    },
  ];

  return {
    name: 'test',
    summary: 'Ops for testing the generic passes',
    operations,
    allowUnknownOperations: true,
    materializeConstant(builder, value, type, loc) {
      if (!(value instanceof IntegerAttr)) return undefined;
      return builder.create({
        name: 'test.constant',
        resultTypes: [type],
        properties: DictionaryAttr.get(builder.context, [{ name: 'value', value }]),
        loc,
      });
    },
  };
}
