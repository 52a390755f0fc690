import { describe, expect, it } from 'vitest';
import { AsmPrinter, Context, IntegerType, parseSourceString, TupleType, verify, type Operation } from '@tlir/ir';
import { FuncDialect } from '@tlir/dialect-func';
import {
  applyFullConversion,
  applyPartialConversion,
  collectUnrealizedCasts,
  ConversionTarget,
  defineConversionPattern,
  definePattern,
  FunctionSignatureConversion,
  isFunctionSignatureLegal,
  OpConversionPattern,
  reconcileUnrealizedCasts,
  TypeConverter,
  typeConversionPattern,
  type ConversionPatternRewriter,
  type OpAdaptor,
} from '@tlir/rewrite';
import { captureDiagnostics, findOp, parse, print, testContext } from '../../../test/lib/test-context.js';

/** The body of the first test.func, one op per line, with its block header. */
function body(module: Operation): string[] {
  const lines = print(findOp(module, 'test.func')).trimEnd().split('\n');
  return lines.slice(1, -1).map((l) => l.trim());
}

/** Narrows i64 to i32: `hi.add` on i64 becomes `lo.add` on i32. */
function narrowing(ctx: Context, options: { materialize: boolean }) {
  const i32 = IntegerType.get(ctx, 32);
  const i64 = IntegerType.get(ctx, 64);
  const tc = new TypeConverter()
    .addConversion((t) => t) // every other type is legal as it is
    .addConversion((t) => (t === i64 ? i32 : undefined));
  if (options.materialize) {
    tc.addSourceMaterialization((b, type, inputs, loc) => b.create({ name: 'lo.extend', operands: inputs, resultTypes: [type], loc }).result);
    tc.addTargetMaterialization((b, type, inputs, loc) => b.create({ name: 'lo.trunc', operands: inputs, resultTypes: [type], loc }).result);
  }

  class LowerAdd extends OpConversionPattern {
    constructor() {
      super('hi.add', { typeConverter: tc });
    }
    matchAndRewrite(op: Operation, adaptor: OpAdaptor, rewriter: ConversionPatternRewriter): boolean {
      const type = this.typeConverter!.convertType(op.result.type);
      if (!type) return rewriter.notifyMatchFailure(op, 'cannot convert the result type');
      rewriter.replaceOpWithNewOp(op, { name: 'lo.add', operands: adaptor.operands, resultTypes: [type] });
      return true;
    }
  }
  // The function's signature: its block arguments get converted types.
  const convertFunc = defineConversionPattern(
    'test.func',
    (op, _adaptor, rewriter) => {
      if (!rewriter.convertRegionTypes(op.regions[0]!, tc)) return false;
      rewriter.modifyOpInPlace(op, () => op.setAttr('converted', rewriter.unitAttr()));
      return true;
    },
    { typeConverter: tc },
  );
  const target = new ConversionTarget()
    .addLegalOp('builtin.module', 'test.return')
    .addLegalDialect('lo')
    .addIllegalOp('hi.add')
    .addDynamicallyLegalOp('test.func', (op) => tc.hasLegalRegionTypes(op));
  return { tc, target, patterns: [new LowerAdd(), convertFunc] };
}

const NARROW_SRC = `
"test.func"() <{sym_name = "f"}> ({
^bb0(%a: i64, %b: i64):
  %s = "hi.add"(%a, %b) : (i64, i64) -> i64
  %t = "hi.add"(%s, %b) : (i64, i64) -> i64
  "hi.print"(%t) : (i64) -> ()
  "test.return"() : () -> ()
}) : () -> ()
`;

describe('dialect conversion', () => {
  it('converts ops and block arguments with a type converter, materializing where unconverted users remain', () => {
    const ctx = testContext();
    const module = parse(ctx, NARROW_SRC);
    const { target, patterns } = narrowing(ctx, { materialize: true });
    target.addLegalOp('hi.print');
    const { result, diagnostics } = captureDiagnostics(ctx, () => applyPartialConversion(module, target, patterns));
    expect(diagnostics).toEqual([]);
    expect(result).toBe(true);
    expect(body(module)).toEqual([
      '^bb0(%arg0: i32, %arg1: i32):',
      '%0 = "lo.add"(%arg0, %arg1) : (i32, i32) -> i32',
      '%1 = "lo.add"(%0, %arg1) : (i32, i32) -> i32',
      '%2 = "lo.extend"(%1) : (i32) -> i64',
      '"hi.print"(%2) : (i64) -> ()',
      '"test.return"() : () -> ()',
    ]);
    expect(findOp(module, 'test.func').getAttr('converted')).toBeDefined();
    expect(collectUnrealizedCasts(module)).toEqual([]);
  });

  it('uses target materializations for operands that were not converted', () => {
    const ctx = testContext();
    const module = parse(
      ctx,
      `"test.func"() <{sym_name = "f"}> ({
      ^bb0(%a: i64):
        %x = "hi.source"() : () -> i64
        %s = "hi.add"(%x, %x) : (i64, i64) -> i64
        "hi.print"(%s) : (i64) -> ()
        "test.return"() : () -> ()
      }) : () -> ()`,
    );
    const { target, patterns } = narrowing(ctx, { materialize: true });
    target.addLegalOp('hi.print', 'hi.source');
    expect(applyPartialConversion(module, target, patterns)).toBe(true);
    expect(body(module).slice(1, 5)).toEqual([
      '%0 = "hi.source"() : () -> i64',
      '%1 = "lo.trunc"(%0) : (i64) -> i32',
      '%2 = "lo.add"(%1, %1) : (i32, i32) -> i32',
      '%3 = "lo.extend"(%2) : (i32) -> i64',
    ]);
  });

  it('reports a live cast the type converter cannot materialize, or leaves it when asked', () => {
    const ctx = testContext();
    const module = parse(ctx, NARROW_SRC);
    const { target, patterns } = narrowing(ctx, { materialize: false });
    target.addLegalOp('hi.print');
    const { result, diagnostics } = captureDiagnostics(ctx, () => applyPartialConversion(module, target, patterns));
    expect(result).toBe(false);
    expect(diagnostics.join('')).toContain(
      "error: failed to legalize unresolved materialization from ('i32') to ('i64') that remained live after conversion",
    );
    expect(diagnostics.join('')).toContain('note: see existing live user here: "hi.print"');

    const again = parse(ctx, NARROW_SRC);
    expect(applyPartialConversion(again, target, patterns, { buildMaterializations: false })).toBe(true);
    expect(body(again)).toContain('%2 = "builtin.unrealized_conversion_cast"(%1) : (i32) -> i64');
  });

  it('fails a full conversion on an op it could not legalize, naming it and where it is', () => {
    const ctx = testContext();
    const module = parse(ctx, NARROW_SRC);
    const { target, patterns } = narrowing(ctx, { materialize: true });
    const { result, diagnostics } = captureDiagnostics(ctx, () => applyFullConversion(module, target, patterns));
    expect(result).toBe(false);
    expect(diagnostics).toEqual([
      "input.mlir:6:3: error: failed to legalize operation 'hi.print'\n  \"hi.print\"(%t) : (i64) -> ()\n  ^\n" +
        // The op as the conversion left it (its operand is now a cast's result), as MLIR shows it on errors.
        'input.mlir:6:3: note: see current operation: "hi.print"(%5) : (i64) -> ()\n',
    ]);
  });

  it('a partial conversion leaves unknown ops, but not explicitly illegal ones', () => {
    const ctx = testContext();
    const { target, patterns } = narrowing(ctx, { materialize: true });
    const unconverted = new Set<Operation>();
    const module = parse(ctx, NARROW_SRC);
    expect(applyPartialConversion(module, target, patterns, { unlegalizedOps: unconverted })).toBe(true);
    expect([...unconverted].map((o) => o.name)).toEqual(['hi.print']);

    target.addIllegalDialect('hi');
    const again = parse(ctx, NARROW_SRC);
    const { result, diagnostics } = captureDiagnostics(ctx, () => applyPartialConversion(again, target, patterns));
    expect(result).toBe(false);
    expect(diagnostics[0]).toMatch(/^input.mlir:6:3: error: failed to legalize operation 'hi.print' that was explicitly marked illegal/);
  });

  it('legalizes the ops a pattern creates, and accepts plain rewrite patterns', () => {
    const ctx = testContext();
    const module = parse(
      ctx,
      `"test.func"() <{sym_name = "f"}> ({
      ^bb0(%a: i32):
        %d = "hi.double"(%a) : (i32) -> i32
        "test.return"(%d) : (i32) -> ()
      }) : () -> ()`,
    );
    // hi.double(x) -> hi.add(x, x) -> lo.add(x, x): the pattern's result is legalized in turn.
    const double = definePattern('hi.double', (op, rewriter) => {
      rewriter.replaceOpWithNewOp(op, { name: 'hi.add', operands: [op.getOperand(0), op.getOperand(0)], resultTypes: [op.result.type] });
      return true;
    });
    const { target, patterns } = narrowing(ctx, { materialize: true });
    target.addIllegalOp('hi.double');
    expect(applyFullConversion(module, target, [...patterns, double])).toBe(true);
    expect(body(module)).toEqual(['^bb0(%arg0: i32):', '%0 = "lo.add"(%arg0, %arg0) : (i32, i32) -> i32', '"test.return"(%0) : (i32) -> ()']);
  });

  it('converts a type to several (1:N): patterns see the group', () => {
    const ctx = testContext();
    const i32 = IntegerType.get(ctx, 32);
    const pair = TupleType.get(ctx, [i32, i32]);
    const tc = new TypeConverter().addConversion((t) => (t instanceof TupleType ? t.types : t));
    const module = parse(
      ctx,
      `"test.func"() <{sym_name = "f"}> ({
      ^bb0(%p: tuple<i32, i32>):
        %x = "hi.first"(%p) : (tuple<i32, i32>) -> i32
        "test.return"(%x) : (i32) -> ()
      }) : () -> ()`,
    );
    const first = defineConversionPattern(
      'hi.first',
      (op, adaptor, rewriter) => {
        rewriter.replaceOp(op, [adaptor.operandGroups[0]![0]!]);
        return true;
      },
      { typeConverter: tc },
    );
    const func = defineConversionPattern('test.func', (op, _a, rewriter) => {
      if (!rewriter.convertRegionTypes(op.regions[0]!, tc)) return false;
      rewriter.notifyOperationModified(op);
      return true;
    });
    const target = new ConversionTarget()
      .addLegalOp('builtin.module', 'test.return')
      .addDynamicallyLegalOp('test.func', (op) => tc.hasLegalRegionTypes(op));
    expect(applyFullConversion(module, target, [first, func])).toBe(true);
    expect(body(module)).toEqual(['^bb0(%arg0: i32, %arg1: i32):', '"test.return"(%arg0) : (i32) -> ()']);
    expect(pair.types).toHaveLength(2);
  });

  it('a pattern that fails after changing the IR is a bug in the pattern', () => {
    const ctx = testContext();
    const module = parse(ctx, NARROW_SRC);
    const bad = definePattern('hi.add', (op, rewriter) => {
      rewriter.create({ name: 'lo.nothing' });
      return false;
    });
    const target = new ConversionTarget().addIllegalOp('hi.add');
    expect(() => applyPartialConversion(module, target, [bad])).toThrow(/failed after changing the IR/);
  });
});

describe('reconcileUnrealizedCasts', () => {
  it('folds cast chains back to their source and erases unused casts; other casts stay', () => {
    const ctx = testContext();
    const module = parse(
      ctx,
      `"test.func"() <{sym_name = "f"}> ({
      ^bb0(%a: i32):
        %0 = builtin.unrealized_conversion_cast %a : i32 to i64
        %1 = builtin.unrealized_conversion_cast %0 : i64 to i32
        %2 = builtin.unrealized_conversion_cast %a : i32 to f32
        %3 = builtin.unrealized_conversion_cast %2 : f32 to i16
        %4 = builtin.unrealized_conversion_cast %a : i32 to f64
        "test.use"(%3) : (i16) -> ()
        "test.return"(%1) : (i32) -> ()
      }) : () -> ()`,
    );
    const remaining = reconcileUnrealizedCasts(collectUnrealizedCasts(module));
    expect(remaining.map((c) => String(c.result.type))).toEqual(['f32', 'i16']);
    expect(body(module).slice(1)).toEqual([
      '%0 = "builtin.unrealized_conversion_cast"(%arg0) : (i32) -> f32',
      '%1 = "builtin.unrealized_conversion_cast"(%0) : (f32) -> i16',
      '"test.use"(%1) : (i16) -> ()',
      '"test.return"(%arg0) : (i32) -> ()',
    ]);
  });
});

describe('type conversion of functions, returns and calls', () => {
  it('converts func.func signatures, and rebuilds returns and calls with converted types', () => {
    const ctx = new Context({ dialects: [FuncDialect] });
    const i64 = IntegerType.get(ctx, 64);
    const i32 = IntegerType.get(ctx, 32);
    const tc = new TypeConverter().addConversion((t) => t).addConversion((t) => (t === i64 ? i32 : undefined));
    const module = parseSourceString(
      ctx,
      `func.func @f(%a: i64, %b: f32) -> i64 {
  %r = func.call @g(%a) : (i64) -> i64
  return %r : i64
}
func.func private @g(i64) -> i64
`,
      'funcs.mlir',
    )!;
    const target = new ConversionTarget()
      .addLegalOp('builtin.module')
      .addDynamicallyLegalOp('func.func', (op) => isFunctionSignatureLegal(tc, op))
      .addDynamicallyLegalOp(['func.return', 'func.call'], (op) => tc.isLegal(op));
    const patterns = [new FunctionSignatureConversion(tc), typeConversionPattern(tc, 'func.return'), typeConversionPattern(tc, 'func.call')];
    const { result, diagnostics } = captureDiagnostics(ctx, () => applyFullConversion(module, target, patterns));
    expect(diagnostics).toEqual([]);
    expect(result).toBe(true);
    expect(verify(module)).toBe(true);
    expect(AsmPrinter.print(module)).toBe(`module {
  func.func @f(%arg0: i32, %arg1: f32) -> i32 {
    %0 = call @g(%arg0) : (i32) -> i32
    return %0 : i32
  }
  func.func private @g(i32) -> i32
}
`);
  });
});
