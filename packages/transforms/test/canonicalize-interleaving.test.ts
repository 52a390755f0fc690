// Which ops the canonicalizer is local to (CanonicalizePass's isolatedLocal): the pass manager interleaves it with
// its neighbours on those only, and an isolated op whose own patterns look inside it is not one of them.
import { describe, expect, it } from 'vitest';
import { IsolatedFromAbove, NoTerminator, NRegions, NResults, Pure, SingleBlock, UnitAttr, type Dialect, type Operation } from '@tlir/ir';
import { PassManager, type OpPassManager } from '@tlir/pass';
import { definePattern } from '@tlir/rewrite';
import { CanonicalizePass, CSEPass } from '@tlir/transforms';
import { captureDiagnostics, parse, print, testContext } from '../../../test/lib/test-context.js';

/** `box.tagged`: an isolated op whose pattern marks it when a test.neg is inside it (it reads its own insides). */
const tagNeg = definePattern(
  'box.tagged',
  (op, rewriter) => {
    if (op.getAttr('saw_neg') !== undefined) return false;
    let neg = false;
    op.walk((o) => void (o.name === 'test.neg' ? (neg = true) : undefined));
    if (!neg) return false;
    rewriter.modifyOpInPlace(op, () => op.setAttr('saw_neg', UnitAttr.get(op.context)));
    return true;
  },
  { debugName: 'TagNeg' },
);

/** `box.remark`: a pattern that only reports that it saw the op (a remark), and changes nothing. */
const remarkSeen = definePattern('box.remark', (op) => {
  op.emit('remark', 'seen');
  return false;
});

const BoxDialect: Dialect = {
  name: 'box',
  summary: 'Isolated ops for the interleaving tests',
  operations: [
    { name: 'box.plain', summary: 'An isolated op nothing rewrites', traits: [IsolatedFromAbove, NoTerminator, SingleBlock, NRegions(1), NResults(0)] },
    {
      name: 'box.tagged',
      summary: 'An isolated op with a pattern of its own',
      traits: [IsolatedFromAbove, NoTerminator, SingleBlock, NRegions(1), NResults(0)],
      canonicalizationPatterns: [tagNeg],
    },
    {
      name: 'box.pure',
      summary: 'An isolated op without memory effects (erased when unused, merged with an equivalent one)',
      traits: [IsolatedFromAbove, Pure, NoTerminator, SingleBlock, NRegions(1), NResults(0)],
    },
    { name: 'box.remark', summary: 'An op whose pattern reports it', traits: [NResults(0)], canonicalizationPatterns: [remarkSeen] },
  ],
};

const SRC = `
"box.tagged"() ({
^bb0(%x: i32):
  %a = "test.neg"(%x) : (i32) -> i32
  %b = "test.neg"(%a) : (i32) -> i32
  "test.use"(%b) : (i32) -> ()
}) : () -> ()
"box.plain"() ({
^bb0(%x: i32):
  %a = "test.neg"(%x) : (i32) -> i32
  %b = "test.neg"(%a) : (i32) -> i32
  "test.use"(%b) : (i32) -> ()
}) : () -> ()
`;

function ops(module: Operation): Operation[] {
  const out: Operation[] = [];
  for (let op = module.regions[0]!.firstBlock!.firstOp; op !== null; op = op.nextOperation) out.push(op);
  return out;
}

/**
 * `canonicalize, cse` on `src` (in the pass manager `where` picks), interleaved or not: whether it succeeded, the
 * diagnostics, each pass's statistics and the IR.
 */
function canonicalizeThenCSE(src: string, interleave: boolean, where: (pm: PassManager) => OpPassManager) {
  const ctx = testContext({ dialects: [BoxDialect] });
  const module = parse(ctx, src);
  const pm = new PassManager('builtin.module', { interleave });
  where(pm).addPass(CanonicalizePass).addPass(CSEPass);
  const { result, diagnostics } = captureDiagnostics(ctx, () => pm.run(module));
  const statistics = [...pm.passes()].map((p) => Object.values(p.statistics).map((s) => s.value));
  return { result, diagnostics, statistics, ir: print(module) };
}

describe('canonicalize, interleaved', () => {
  it('is local to isolated ops nothing rewrites, not to those with patterns or under options that span the whole op', () => {
    const ctx = testContext({ dialects: [BoxDialect] });
    const [tagged, plain] = ops(parse(ctx, SRC));
    expect(CanonicalizePass.create().isolatedLocal(plain!)).toBe(true);
    expect(CanonicalizePass.create().isolatedLocal(tagged!)).toBe(false);
    expect(CanonicalizePass.create({ 'test-convergence': true }).isolatedLocal(plain!)).toBe(false);
    expect(CanonicalizePass.create({ 'max-num-rewrites': 5 }).isolatedLocal(plain!)).toBe(false);
    expect(CanonicalizePass.create({ 'region-simplify': 'aggressive' }).isolatedLocal(plain!)).toBe(false);
    expect(CSEPass.create().isolatedLocal(tagged!)).toBe(true);
  });

  it('gives the diagnostics and statistics of each pass on the whole op for isolated ops in unreachable blocks', () => {
    // On the whole function, the canonicalizer leaves the unreachable block alone, then erases it: neither the
    // pattern inside the box nor CSE ever sees its insides.
    const src = `
"test.func"() <{sym_name = "f"}> ({
  "test.br"()[^bb2] : () -> ()
^bb1:
  "box.plain"() ({
  ^bb0(%x: i32):
    "box.remark"() : () -> ()
    %a = "test.neg"(%x) : (i32) -> i32
    %b = "test.neg"(%x) : (i32) -> i32
    "test.use"(%a, %b) : (i32, i32) -> ()
  }) : () -> ()
  "test.br"()[^bb2] : () -> ()
^bb2:
  "test.return"() : () -> ()
}) : () -> ()
`;
    const run = (interleave: boolean) => canonicalizeThenCSE(src, interleave, (pm) => pm.nest('test.func'));
    const whole = run(false);
    expect(whole).toMatchObject({ result: true, diagnostics: [], statistics: [[], [0, 0]] });
    expect(whole).not.toHaveProperty('ir', expect.stringContaining('box.plain'));
    expect(run(true)).toEqual(whole);
  });

  it('leaves out isolated ops that a pass of the run may erase (dead, or merged by CSE): their insides go first', () => {
    // An unused box.pure is trivially dead: on the whole module, the canonicalizer erases it before what is inside
    // it (top-down), so neither the pattern inside nor CSE ever sees its insides.
    const src = `
"box.pure"() ({
^bb0(%x: i32):
  "box.remark"() : () -> ()
  %a = "test.neg"(%x) : (i32) -> i32
  %b = "test.neg"(%x) : (i32) -> i32
  "test.use"(%a, %b) : (i32, i32) -> ()
}) : () -> ()
"box.plain"() ({
}) : () -> ()
`;
    const run = (interleave: boolean) => canonicalizeThenCSE(src, interleave, (pm) => pm);
    const whole = run(false);
    expect(whole).toMatchObject({ result: true, diagnostics: [], statistics: [[], [0, 0]] });
    expect(run(true)).toEqual(whole);
    const ctx0 = testContext({ dialects: [BoxDialect] });
    const [pure, plain] = ops(parse(ctx0, src));
    expect(CanonicalizePass.create().isolatedLocal(pure!)).toBe(false);
    expect(CSEPass.create().isolatedLocal(pure!)).toBe(false);
    expect(CSEPass.create().isolatedLocal(plain!)).toBe(true);
  });

  it('gives the IR of running each pass on the whole module, where an op sees its own insides before they change', () => {
    const run = (interleave: boolean): string => {
      const ctx = testContext({ dialects: [BoxDialect] });
      const module = parse(ctx, SRC);
      expect(new PassManager('builtin.module', { interleave }).addPass(CanonicalizePass).addPass(CSEPass).run(module)).toBe(true);
      return print(module);
    };
    const whole = run(false);
    // The tagged box is processed before its insides (top-down), so it saw the negations that are then folded away.
    expect(whole).toContain('saw_neg');
    expect(whole).not.toContain('test.neg');
    expect(run(true)).toBe(whole);
  });
});
