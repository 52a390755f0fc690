// Patterns rooted at an op definition: definePattern(Def, ...), OpRewritePattern<typeof Def> and
// defineConversionPattern(Def, ...) receive the op's typed view, and do not match an op of the same name that is not
// of the definition (an unregistered one).
import { describe, expect, expectTypeOf, it } from 'vitest';
import {
  AnyType,
  AsmPrinter,
  Context,
  Pure,
  SameAs,
  SignlessIntegerLike,
  UnitAttr,
  defineDialect,
  defineOp,
  parseSourceString,
  type OpResult,
  type Operation,
  type Value,
  type ViewOf,
} from '@tlir/ir';
import {
  ConversionTarget,
  OpRewritePattern,
  applyPartialConversion,
  applyPatternsGreedily,
  defineConversionPattern,
  definePattern,
  type PatternRewriter,
} from '@tlir/rewrite';

const NegOp = defineOp('calc.neg', {
  operands: { input: SignlessIntegerLike },
  results: { result: SameAs('input') },
  traits: [Pure],
  assemblyFormat: '$input attr-dict `:` type($result)',
});
const AddOp = defineOp('calc.add', {
  operands: { lhs: SignlessIntegerLike, rhs: SameAs('lhs') },
  results: { result: SameAs('lhs') },
  properties: { exact: UnitAttr },
  assemblyFormat: '$lhs `,` $rhs (`exact` $exact^)? attr-dict `:` type($result)',
});
const SubOp = defineOp('calc.sub', {
  operands: { lhs: SignlessIntegerLike, rhs: SameAs('lhs') },
  results: { result: SameAs('lhs') },
  assemblyFormat: '$lhs `,` $rhs attr-dict `:` type($result)',
});
const UseOp = defineOp('calc.use', { operands: { values: AnyType }, assemblyFormat: '$values attr-dict `:` type($values)' });
const CalcDialect = defineDialect({ name: 'calc', operations: [NegOp, AddOp, SubOp, UseOp] });

/** neg(neg(x)) -> x */
const NegNeg = definePattern(NegOp, function negNeg(op, rewriter) {
  expectTypeOf(op.input).toEqualTypeOf<Value>();
  const inner = op.input.definingOp && NegOp.match(op.input.definingOp);
  if (!inner) return false;
  rewriter.replaceOp(op.op, [inner.input]);
  return true;
});

/** add(x, neg(y)) -> sub(x, y) */
class AddNeg extends OpRewritePattern<typeof AddOp> {
  constructor() {
    super(AddOp);
  }
  matchAndRewriteOp(op: ViewOf<typeof AddOp>, rewriter: PatternRewriter): boolean {
    expectTypeOf(op.exact).toEqualTypeOf<UnitAttr | undefined>();
    expectTypeOf(op.result).toEqualTypeOf<OpResult>();
    const neg = op.rhs.definingOp && NegOp.match(op.rhs.definingOp);
    if (!neg || op.exact) return false;
    const sub = SubOp.create(rewriter, { lhs: op.lhs, rhs: neg.input });
    rewriter.replaceOp(op.op, [sub.result]);
    return true;
  }
}

function parse(ctx: Context, text: string): Operation {
  const m = parseSourceString(ctx, text, 'typed.mlir');
  if (!m) throw new Error(ctx.diagnostics.unhandled.map((d) => d.message).join('\n'));
  return m;
}

const body = (m: Operation): string[] =>
  AsmPrinter.print(m.regions[0]!.firstBlock!.firstOp!).trim().split('\n').slice(2, -1).map((l) => l.trim());

const SOURCE = `
"test.func"() ({
^bb0(%x: i32, %y: i32):
  %0 = calc.neg %x : i32
  %1 = calc.neg %0 : i32
  %2 = calc.neg %y : i32
  %3 = calc.add %1, %2 : i32
  %4 = calc.add %1, %2 exact : i32
  calc.use %3 : i32
  calc.use %4 : i32
}) : () -> ()
`;

describe('patterns rooted at an op definition', () => {
  it('receive the typed view of the ops they match', () => {
    const ctx = new Context({ dialects: [CalcDialect], allowUnregisteredDialects: true });
    const m = parse(ctx, SOURCE);
    applyPatternsGreedily(m, [NegNeg, new AddNeg()]);
    expect(body(m)).toEqual([
      '%0 = calc.neg %arg1 : i32',
      '%1 = calc.sub %arg0, %arg1 : i32',
      '%2 = calc.add %arg0, %0 exact : i32',
      'calc.use %1 : i32',
      'calc.use %2 : i32',
    ]);
    expect(NegNeg.rootName).toBe('calc.neg');
    expect(NegNeg.debugName).toBe('negNeg');
    expect(new AddNeg().rootName).toBe('calc.add');
  });

  it('share one view of an op among the patterns of its definition, in benefit order, with name-rooted patterns between', () => {
    // A pattern set makes one view per op for the definePattern patterns of its definition: each still sees a
    // view of the op it is tried on, the first to apply wins, and a pattern rooted at the name (given the
    // operation) keeps its place by benefit.
    const ctx = new Context({ dialects: [CalcDialect], allowUnregisteredDialects: true });
    const m = parse(ctx, SOURCE);
    const tried: string[] = [];
    const views = new Set<unknown>();
    const failing = (label: string, benefit: number) =>
      definePattern(
        AddOp,
        (op) => {
          tried.push(label);
          views.add(op);
          expect(AddOp.is(op.op)).toBe(true);
          return false;
        },
        { benefit, debugName: label },
      );
    const byName = definePattern('calc.add', (op) => {
      tried.push('by-name');
      expect(op.name).toBe('calc.add');
      return false;
    }, { benefit: 3 });
    const exactToSub = definePattern(
      AddOp,
      (op, rewriter) => {
        tried.push('apply');
        views.add(op);
        if (!op.exact) return false;
        rewriter.replaceOp(op.op, [SubOp.create(rewriter, { lhs: op.lhs, rhs: op.rhs }).result]);
        return true;
      },
      { benefit: 1 },
    );
    applyPatternsGreedily(m, [exactToSub, byName, failing('first', 4), failing('second', 2)], { fold: false, topDown: true, maxIterations: 1 });
    // Two adds, each tried by every pattern in benefit order; the exact one is rewritten by the last.
    expect(tried.slice(0, 4)).toEqual(['first', 'by-name', 'second', 'apply']);
    expect(tried.slice(4, 8)).toEqual(['first', 'by-name', 'second', 'apply']);
    // One view per add visited (the new sub is not an add).
    expect(views.size).toBe(2);
    expect(body(m)).toContain('%4 = calc.sub %1, %2 : i32');
  });

  it('do not match an op of the same name that is not of the definition', () => {
    const ctx = new Context({ allowUnregisteredDialects: true });
    const m = parse(
      ctx,
      `"test.func"() ({
^bb0(%x: i32):
  %0 = "calc.neg"(%x) : (i32) -> i32
  %1 = "calc.neg"(%0) : (i32) -> i32
  "calc.use"(%1) : (i32) -> ()
}) : () -> ()`,
    );
    expect(NegOp.is(m.regions[0]!.firstBlock!.firstOp!.regions[0]!.firstBlock!.firstOp!)).toBe(false);
    applyPatternsGreedily(m, [NegNeg]);
    expect(body(m)).toHaveLength(3);
  });

  it('in a dialect conversion, with the target given by definitions', () => {
    const ctx = new Context({ dialects: [CalcDialect], allowUnregisteredDialects: true });
    const m = parse(ctx, SOURCE);
    const lowerNeg = defineConversionPattern(NegOp, (op, adaptor, rewriter) => {
      expectTypeOf(op.result).toEqualTypeOf<OpResult>();
      const zero = rewriter.create({ name: 'lo.zero', resultTypes: [op.result.type] }).results[0]!;
      rewriter.replaceOp(op.op, [SubOp.create(rewriter, { lhs: zero, rhs: adaptor.operands[0]! }).result]);
      return true;
    });
    const target = new ConversionTarget().addLegalOp(AddOp, SubOp, UseOp).addIllegalOp(NegOp).markUnknownOpDynamicallyLegal(() => true);
    expect(applyPartialConversion(m, target, [lowerNeg])).toBe(true);
    expect(body(m).filter((l) => l.includes('calc.neg'))).toEqual([]);
    expect(body(m).filter((l) => l.includes('calc.sub'))).toHaveLength(3);
  });
});
