// The code of docs/passes.md, section by section: if this test fails, fix the doc with it.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  AnyIntegerAttr,
  AnySignlessInteger,
  AsmPrinter,
  Commutative,
  ConstantLike,
  Context,
  IntegerAttr,
  IntegerType,
  Pure,
  SameOperandsAndResultType,
  defineDialect,
  defineOp,
  formatDiagnostic,
  parseSourceString,
  type Diagnostic,
  type Dialect,
  type Operation,
} from '@tlir/ir';
import {
  ConversionTarget,
  OpConversionPattern,
  applyFullConversion,
  RewritePattern,
  TypeConverter,
  applyPartialConversion,
  applyPatternsGreedily,
  definePattern,
  getConstantValue,
  type ConversionPatternRewriter,
  type OpAdaptor,
  type PatternRewriter,
} from '@tlir/rewrite';
import { PassManager, PassRegistry, definePass, option, parsePassPipeline, PipelineSyntaxError } from '@tlir/pass';
import { CanonicalizePass, CSEPass, registerTransformsPasses } from '@tlir/transforms';
import { runTlOpt, type ToolIO } from '@tlir/tl-opt';
import { FuncDialect } from '@tlir/dialect-func';

// ---- 1. A dialect to work on ------------------------------------------------------------------------------

/** `x * x`, written `calc.neg(calc.neg(x))` -> `x`: a canonicalization pattern of calc.neg. */
class NegNeg extends RewritePattern {
  constructor() {
    super('calc.neg');
  }
  matchAndRewrite(op: Operation, rewriter: PatternRewriter): boolean {
    const inner = op.getOperand(0).definingOp;
    if (inner?.name !== 'calc.neg') return rewriter.notifyMatchFailure(op, 'operand is not a calc.neg');
    rewriter.replaceOp(op, [inner.getOperand(0)]);
    return true;
  }
}

const ConstantOp = defineOp('calc.constant', {
  summary: 'An integer constant',
  properties: { value: AnyIntegerAttr },
  results: { result: AnySignlessInteger },
  traits: [ConstantLike, Pure],
  fold: ({ op }) => op.value, // a constant folds to its value
});

/** The value of a constant operand, as a bigint. */
const int = (a: unknown): bigint | undefined => (a instanceof IntegerAttr ? a.value : undefined);

const AddOp = defineOp('calc.add', {
  summary: 'Integer addition',
  operands: { lhs: AnySignlessInteger, rhs: AnySignlessInteger },
  results: { result: AnySignlessInteger },
  traits: [Pure, Commutative, SameOperandsAndResultType],
  assemblyFormat: '$lhs `,` $rhs attr-dict `:` type($result)',
  fold({ op, lhs, rhs }) {
    const a = int(lhs);
    const b = int(rhs);
    if (a !== undefined && b !== undefined) return IntegerAttr.get(op.op.context, op.result.type, a + b);
    if (b === 0n) return op.lhs; // x + 0 = x (constants are moved to the right of commutative ops)
    return undefined;
  },
});

const MulOp = defineOp('calc.mul', {
  summary: 'Integer multiplication',
  operands: { lhs: AnySignlessInteger, rhs: AnySignlessInteger },
  results: { result: AnySignlessInteger },
  traits: [Pure, Commutative, SameOperandsAndResultType],
  assemblyFormat: '$lhs `,` $rhs attr-dict `:` type($result)',
  fold({ op, lhs, rhs }) {
    const a = int(lhs);
    const b = int(rhs);
    if (a !== undefined && b !== undefined) return IntegerAttr.get(op.op.context, op.result.type, a * b);
    if (b === 1n) return op.lhs;
    return undefined;
  },
});

const NegOp = defineOp('calc.neg', {
  summary: 'Integer negation',
  operands: { operand: AnySignlessInteger },
  results: { result: AnySignlessInteger },
  traits: [Pure, SameOperandsAndResultType],
  assemblyFormat: '$operand attr-dict `:` type($result)',
  canonicalize: [new NegNeg()],
});

const CalcDialect: Dialect = {
  ...defineDialect({ name: 'calc', summary: 'A calculator', operations: [ConstantOp, AddOp, MulOp, NegOp] }),
  // Folding produces attributes; the dialect turns them back into ops.
  materializeConstant: (builder, value, type, loc) =>
    value instanceof IntegerAttr ? ConstantOp.create(builder, { value, result: type, loc }).op : undefined,
};

const SOURCE = `
func.func @f(%x: i32) -> i32 {
  %c2 = "calc.constant"() <{value = 2 : i32}> : () -> i32
  %c3 = "calc.constant"() <{value = 3 : i32}> : () -> i32
  %0 = calc.add %c2, %c3 : i32
  %1 = calc.mul %x, %0 : i32
  %2 = calc.mul %1, %c2 : i32
  %3 = calc.neg %2 : i32
  %4 = calc.neg %3 : i32
  return %4 : i32
}
`;

function parse(ctx: Context, text: string): Operation {
  const module = parseSourceString(ctx, text, 'calc.mlir');
  if (!module) throw new Error('parse failed');
  return module;
}

const newContext = (): Context => new Context({ dialects: [FuncDialect, CalcDialect] });

describe('docs/passes.md', () => {
  it('2. a pattern, applied greedily with folding', () => {
    const ctx = newContext();
    const module = parse(ctx, SOURCE);

    // x * 2 -> x + x
    const mulByTwo = definePattern(
      'calc.mul',
      (op, rewriter) => {
        const mul = MulOp.wrap(op);
        if (int(getConstantValue(mul.rhs)) !== 2n) return rewriter.notifyMatchFailure(op, 'not a multiplication by 2');
        rewriter.replaceOpWithNewOp(op, { name: 'calc.add', operands: [mul.lhs, mul.lhs], resultTypes: [mul.result.type] });
        return true;
      },
      { debugName: 'MulByTwo', benefit: 2 },
    );

    const result = applyPatternsGreedily(module, [mulByTwo]);
    expect(result).toEqual({ converged: true, changed: true, iterations: 2 });
    expect(AsmPrinter.print(module)).toBe(`module {
  func.func @f(%arg0: i32) -> i32 {
    %0 = "calc.constant"() <{value = 5 : i32}> : () -> i32
    %1 = calc.mul %arg0, %0 : i32
    %2 = calc.add %1, %1 : i32
    %3 = calc.neg %2 : i32
    %4 = calc.neg %3 : i32
    return %4 : i32
  }
}
`);
  });

  it('3. canonicalization, and a pass manager', () => {
    const ctx = newContext();
    const module = parse(ctx, SOURCE);
    const pm = new PassManager('builtin.module');
    pm.nest('func.func').addPass(CanonicalizePass).addPass(CSEPass);
    expect(pm.run(module)).toBe(true);
    expect(AsmPrinter.print(module)).toBe(`module {
  func.func @f(%arg0: i32) -> i32 {
    %0 = "calc.constant"() <{value = 2 : i32}> : () -> i32
    %1 = "calc.constant"() <{value = 5 : i32}> : () -> i32
    %2 = calc.mul %arg0, %1 : i32
    %3 = calc.mul %2, %0 : i32
    return %3 : i32
  }
}
`);

    // The same pipeline, as text.
    const registry = new PassRegistry();
    registerTransformsPasses(registry);
    const parsed = parsePassPipeline('builtin.module(func.func(canonicalize{max-iterations=3},cse))', registry);
    if (parsed instanceof PipelineSyntaxError) throw new Error(parsed.format());
    expect(parsed.printAsTextualPipeline()).toBe(
      'builtin.module(func.func(canonicalize{  max-iterations=3 max-num-rewrites=-1 region-simplify=normal test-convergence=false top-down=true},cse))',
    );
  });

  it('4. a pass of your own', () => {
    /** Reports the functions that compute more than `max-ops` ops (a remark on each), and counts them. */
    const CheckSize = definePass({
      argument: 'calc-check-size',
      summary: 'Warn about large functions',
      anchor: 'func.func',
      options: { 'max-ops': option.uint('The most ops a function may have', 4) },
      statistics: { 'num-large': 'Number of functions over the limit' },
      run(func, pass) {
        let n = 0;
        func.walk(() => void n++);
        if (n - 1 <= pass.options['max-ops']) return pass.markAllAnalysesPreserved();
        func.emitWarning(`function has ${n - 1} ops, more than ${pass.options['max-ops']}`);
        pass.statistics['num-large'].value++;
        pass.markAllAnalysesPreserved(); // it only looks
      },
    });

    const ctx = newContext();
    const module = parse(ctx, SOURCE);
    const diagnostics: Diagnostic[] = [];
    ctx.diagnostics.addHandler((d) => diagnostics.push(d));

    const registry = new PassRegistry().registerPass(CheckSize);
    const pm = parsePassPipeline('builtin.module(func.func(calc-check-size{max-ops=5}))', registry) as PassManager;
    expect(pm.run(module)).toBe(true);
    expect(diagnostics.map((d) => formatDiagnostic(d, ctx.sources))).toEqual([
      'calc.mlir:2:1: warning: function has 8 ops, more than 5\nfunc.func @f(%x: i32) -> i32 {\n^\n',
    ]);
    const pass = [...pm.passes()][0]!;
    expect(pass.statistics['num-large']!.value).toBe(1);
  });

  it('5. a conversion with a type converter', () => {
    const ctx = newContext();
    const i64 = IntegerType.get(ctx, 64);
    const i32 = IntegerType.get(ctx, 32);

    // i64 becomes i32; every other type stays as it is.
    const narrow = new TypeConverter()
      .addConversion((type) => type)
      .addConversion((type) => (type === i64 ? i32 : undefined))
      // Where converted and unconverted code meet, values cross with these ops.
      .addSourceMaterialization((b, type, inputs, loc) => b.create({ name: 'lo.extend', operands: inputs, resultTypes: [type], loc }).result)
      .addTargetMaterialization((b, type, inputs, loc) => b.create({ name: 'lo.trunc', operands: inputs, resultTypes: [type], loc }).result);

    /** calc.add on i64 -> lo.add on i32. */
    class LowerAdd extends OpConversionPattern {
      constructor() {
        super('calc.add', { typeConverter: narrow });
      }
      matchAndRewrite(op: Operation, adaptor: OpAdaptor, rewriter: ConversionPatternRewriter): boolean {
        const type = this.typeConverter!.convertType(op.result.type)!;
        rewriter.replaceOpWithNewOp(op, { name: 'lo.add', operands: adaptor.operands, resultTypes: [type] });
        return true;
      }
    }

    const target = new ConversionTarget()
      .addLegalDialect('lo', 'func', 'builtin')
      .addDynamicallyLegalOp('calc.add', (op) => narrow.isLegal(op));

    ctx.allowUnregisteredDialects = true; // for the lo ops
    const module = parse(
      ctx,
      `
func.func @g(%a: i64, %b: i64) -> i64 {
  %0 = calc.add %a, %b : i64
  %1 = calc.add %0, %b : i64
  return %1 : i64
}`,
    );
    const source = module.clone();
    expect(applyPartialConversion(module, target, [new LowerAdd()])).toBe(true);

    // Without the pattern, a full conversion reports the op it could not legalize.
    const diagnostics: Diagnostic[] = [];
    ctx.diagnostics.addHandler((d) => diagnostics.push(d));
    expect(applyFullConversion(source, target, [])).toBe(false);
    expect(formatDiagnostic(diagnostics[0]!, ctx.sources).split('\n')[0]).toBe("calc.mlir:3:8: error: failed to legalize operation 'calc.add'");
    expect(AsmPrinter.print(module)).toBe(`module {
  func.func @g(%arg0: i64, %arg1: i64) -> i64 {
    %0 = "lo.trunc"(%arg0) : (i64) -> i32
    %1 = "lo.trunc"(%arg1) : (i64) -> i32
    %2 = "lo.add"(%0, %1) : (i32, i32) -> i32
    %3 = "lo.add"(%2, %1) : (i32, i32) -> i32
    %4 = "lo.extend"(%3) : (i32) -> i64
    return %4 : i64
  }
}
`);
  });

  it('6. a plugin, loaded by tl-opt', async () => {
    const out: string[] = [];
    const err: string[] = [];
    const io: ToolIO = {
      readFile: () => '"ex.func"() ({\n^bb0(%x: i32):\n  %0 = "demo.double"(%x) : (i32) -> i32\n  "ex.return"(%0) : (i32) -> ()\n}) : () -> ()\n',
      readStdin: () => '',
      writeFile: () => {},
      stdout: (d) => void out.push(typeof d === 'string' ? d : d.map((c) => new TextDecoder().decode(c)).join('')),
      stderr: (t) => void err.push(t),
    };
    const plugin = 'examples/plugins/demo-plugin.mjs';
    const code = await runTlOpt(
      ['--allow-unregistered-dialect', `--load-dialect-plugin=${plugin}`, `--load-pass-plugin=${plugin}`, '--demo-expand-double', 'input.mlir'],
      io,
    );
    expect(err.join('')).toBe('');
    expect(code).toBe(0);
    expect(out.join('')).toContain('%0 = "demo.add"(%arg0, %arg0) : (i32, i32) -> i32');
  });

  it('6. building ops of other dialects: the snippet is the demo plugin\'s code, and its pass builds arith ops', async () => {
    const doc = readFileSync(new URL('../../docs/passes.md', import.meta.url), 'utf8');
    const section = doc.slice(doc.indexOf('### Building ops of other dialects'));
    const snippet = /```js\n([\s\S]*?)```/.exec(section)![1]!;
    const plugin = readFileSync(new URL('../../examples/plugins/demo-plugin.mjs', import.meta.url), 'utf8');
    const indented = snippet.trimEnd().split('\n').map((l) => (l ? `  ${l}` : l)).join('\n');
    expect(plugin).toContain(indented);
    const out: string[] = [];
    const err: string[] = [];
    const io: ToolIO = {
      readFile: () => '"ex.func"() ({\n^bb0(%x: i32):\n  %0 = "demo.double"(%x) : (i32) -> i32\n  "ex.return"(%0) : (i32) -> ()\n}) : () -> ()\n',
      readStdin: () => '',
      writeFile: () => {},
      stdout: (d) => void out.push(typeof d === 'string' ? d : d.map((c) => new TextDecoder().decode(c)).join('')),
      stderr: (t) => void err.push(t),
    };
    const path = 'examples/plugins/demo-plugin.mjs';
    const code = await runTlOpt(['--allow-unregistered-dialect', `--load-dialect-plugin=${path}`, `--load-pass-plugin=${path}`, '--demo-to-arith', 'input.mlir'], io);
    expect(err.join('')).toBe('');
    expect(code).toBe(0);
    expect(out.join('')).toContain('%c2_i32 = arith.constant 2 : i32\n    %0 = arith.muli %arg0, %c2_i32 : i32');
  });
});
