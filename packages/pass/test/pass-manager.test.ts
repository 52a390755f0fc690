import { describe, expect, it } from 'vitest';
import type { Operation } from '@tlir/ir';
import {
  defineAnalysis,
  definePass,
  formatPassStatistics,
  formatTimingReport,
  IRPrinterInstrumentation,
  OpPassManager,
  option,
  PassManager,
  PassTimingInstrumentation,
  Timer,
} from '@tlir/pass';
import { captureDiagnostics, findOp, parse, testContext } from '../../../test/lib/test-context.js';

const SRC = `
"test.func"() <{sym_name = "f"}> ({
  %a = "test.constant"() <{value = 1 : i32}> : () -> i32
  "test.return"(%a) : (i32) -> ()
}) : () -> ()
"test.func"() <{sym_name = "g"}> ({
  "test.return"() : () -> ()
}) : () -> ()
`;

/** Records which op each pass ran on. */
function tracer(log: string[], argument: string, anchor?: string) {
  return definePass({
    argument,
    summary: argument,
    anchor,
    run(op) {
      const name = op.getProperty('sym_name');
      log.push(`${argument}@${op.name}${name ? `:${String(name)}` : ''}`);
    },
  });
}

describe('pass manager', () => {
  it('runs passes in order, nested pipelines on the ops directly inside', () => {
    const ctx = testContext();
    const module = parse(ctx, SRC);
    const log: string[] = [];
    const pm = new PassManager('builtin.module');
    pm.addPass(tracer(log, 'first'));
    pm.nest('test.func').addPass(tracer(log, 'inner')).addPass(tracer(log, 'inner2'));
    pm.addPass(tracer(log, 'last'));
    expect(pm.run(module)).toBe(true);
    expect(log).toEqual(['first@builtin.module', 'inner@test.func:"f"', 'inner2@test.func:"f"', 'inner@test.func:"g"', 'inner2@test.func:"g"', 'last@builtin.module']);
  });

  it('schedules an op-agnostic pipeline only on registered isolated-from-above ops', () => {
    const ctx = testContext();
    const module = parse(ctx, SRC + '"test.other"() ({ "test.x"() : () -> () }) : () -> ()\n');
    const log: string[] = [];
    const pm = new PassManager('builtin.module');
    pm.nest('any').addPass(tracer(log, 'p'));
    expect(pm.run(module)).toBe(true);
    expect(log).toEqual(['p@test.func:"f"', 'p@test.func:"g"']);
  });

  it('refuses to run on an op of another name', () => {
    const ctx = testContext();
    const module = parse(ctx, SRC);
    const pm = new PassManager('test.func');
    const { result, diagnostics } = captureDiagnostics(ctx, () => pm.run(module));
    expect(result).toBe(false);
    expect(diagnostics[0]).toContain("error: can't run 'test.func' pass manager on 'builtin.module' op");
  });

  it('stops at a failing pass; its diagnostics are what the user sees', () => {
    const ctx = testContext();
    const module = parse(ctx, SRC);
    const log: string[] = [];
    const failing = definePass({
      argument: 'failing',
      summary: '',
      run(op, pass) {
        op.emitError('this pass fails');
        pass.signalPassFailure();
      },
    });
    const pm = new PassManager().addPass(failing).addPass(tracer(log, 'after'));
    const { result, diagnostics } = captureDiagnostics(ctx, () => pm.run(module));
    expect(result).toBe(false);
    expect(diagnostics).toHaveLength(1);
    expect(diagnostics[0]).toContain('error: this pass fails');
    expect(log).toEqual([]);
  });

  it('verifies after each pass (unless it preserved everything, or verifyEach is off)', () => {
    const ctx = testContext();
    const breaking = definePass({
      argument: 'breaking',
      summary: '',
      anchor: 'test.func',
      options: { preserve: option.bool('Claim nothing changed') },
      run(op, pass) {
        // Moves the terminator before the constant: the block no longer ends with it.
        const ret = findOp(op, 'test.return');
        ret.moveBefore(ret.parentBlock!.firstOp!);
        if (pass.options.preserve) pass.markAllAnalysesPreserved();
      },
    });
    const run = (verifyEach: boolean, preserve: boolean) => {
      const module = parse(ctx, SRC);
      const pm = new PassManager('builtin.module', { verifyEach });
      pm.nest('test.func').addPass(breaking.create({ preserve }));
      return captureDiagnostics(ctx, () => pm.run(module));
    };
    const checked = run(true, false);
    expect(checked.result).toBe(false);
    expect(checked.diagnostics.join('')).toContain("error: 'test.return' op must be the last operation in the parent block");
    expect(run(false, false).result).toBe(true);
    expect(run(true, true).result).toBe(true);
  });

  it('caches analyses until a pass that does not preserve them', () => {
    const ctx = testContext();
    const module = parse(ctx, SRC);
    let computed = 0;
    const Counting = defineAnalysis('Counting', (op: Operation) => ({ op, n: ++computed }));
    const user = (argument: string, preserve: boolean) =>
      definePass({
        argument,
        summary: '',
        run(_op, pass) {
          pass.getAnalysis(Counting);
          if (preserve) pass.markAnalysesPreserved(Counting);
        },
      });
    const pm = new PassManager().addPass(user('a', true)).addPass(user('b', false)).addPass(user('c', false));
    expect(pm.run(module)).toBe(true);
    expect(computed).toBe(2); // a computes; b reuses it (a preserved it); c recomputes (b did not)
  });

  it('runs dynamic pipelines on nested ops', () => {
    const ctx = testContext();
    const module = parse(ctx, SRC);
    const log: string[] = [];
    const inner = new OpPassManager('test.func').addPass(tracer(log, 'dyn'));
    const driver = definePass({
      argument: 'driver',
      summary: '',
      run(op, pass) {
        pass.runPipeline(inner, findOp(op, 'test.func'));
      },
    });
    expect(new PassManager().addPass(driver).run(module)).toBe(true);
    expect(log).toEqual(['dyn@test.func:"f"']);
  });
});

describe('instrumentation', () => {
  it('prints the IR before and after passes, as mlir-opt heads it', () => {
    const ctx = testContext();
    const module = parse(ctx, SRC);
    const out: string[] = [];
    const pm = new PassManager();
    pm.nest('test.func').addPass(tracer([], 'p'));
    pm.addInstrumentation(new IRPrinterInstrumentation({ printBefore: () => true, printAfter: () => true, onlyAfterChange: true, write: (t) => out.push(t), printOptions: { generic: true } }));
    pm.run(module);
    expect(out).toHaveLength(2); // before on f and on g; nothing after: the pass changed nothing
    expect(out[0]!.split('\n')[0]).toBe('// -----// IR Dump Before P (p) //----- //');
    expect(out[0]!.split('\n')[1]).toBe('"test.func"() <{sym_name = "f"}> ({');
  });

  it('prints the IR of a failed pass with --mlir-print-ir-after-failure, at module scope when asked', () => {
    const ctx = testContext();
    const module = parse(ctx, SRC);
    const out: string[] = [];
    const failing = definePass({ argument: 'fail', summary: '', anchor: 'test.func', run: (_op, pass) => pass.signalPassFailure() });
    const pm = new PassManager();
    pm.nest('test.func').addPass(failing);
    pm.addInstrumentation(new IRPrinterInstrumentation({ onlyAfterFailure: true, moduleScope: true, write: (t) => out.push(t) }));
    pm.run(module);
    expect(out).toHaveLength(1);
    expect(out[0]!.split('\n').slice(0, 2)).toEqual(["// -----// IR Dump After Fail Failed (fail) ('test.func' operation: @f) //----- //", 'module {']);
  });

  it('times pipelines, passes and analyses into a tree', () => {
    const ctx = testContext();
    const module = parse(ctx, SRC);
    const Dummy = defineAnalysis('Dummy', () => 1);
    const root = new Timer('root');
    const pm = new PassManager();
    pm.nest('test.func').addPass(definePass({ argument: 'inner', summary: '', run: (_op, pass) => void pass.getAnalysis(Dummy) }));
    pm.addPass(tracer([], 'outer'));
    pm.addInstrumentation(new PassTimingInstrumentation(root));
    root.time(() => pm.run(module));
    const report = formatTimingReport(root);
    const names = report
      .split('\n')
      .filter((l) => l.includes('%)'))
      .map((l) => l.replace(/^.*%\) {2}/, ''));
    expect(names).toEqual(["'test.func' Pipeline", '  Inner', '    (A) Dummy', 'Outer', 'Rest', 'Total']);
    expect(report.split('\n').slice(0, 6)).toEqual([
      '===-------------------------------------------------------------------------===',
      '                         ... Execution time report ...',
      '===-------------------------------------------------------------------------===',
      expect.stringMatching(/^ {2}Total Execution Time: \d+\.\d{4} seconds$/),
      '',
      '  ----Wall Time----  ----Name----',
    ]);
    const list = formatTimingReport(root, 'list');
    expect(list).toContain('(A) Dummy\n');
  });

  it('reports pass statistics in the pipeline\'s shape or as a list', () => {
    const ctx = testContext();
    const module = parse(ctx, SRC);
    const counting = definePass({
      argument: 'count-ops',
      summary: '',
      statistics: { 'num-ops': 'Number of ops seen', 'num-funcs': 'Number of functions' },
      run(op, pass) {
        pass.statistics['num-funcs'].value++;
        op.walk(() => void pass.statistics['num-ops'].value++);
      },
    });
    const pm = new PassManager();
    pm.nest('test.func').addPass(counting);
    pm.run(module);
    expect(formatPassStatistics(pm)).toBe(
      [
        '===-------------------------------------------------------------------------===',
        '                         ... Pass statistics report ...',
        '===-------------------------------------------------------------------------===',
        "'test.func' Pipeline",
        '  CountOps',
        '    (S) 2 num-funcs - Number of functions',
        '    (S) 5 num-ops   - Number of ops seen',
        '',
      ].join('\n'),
    );
    expect(formatPassStatistics(pm, 'list')).toContain('CountOps\n  (S) 2 num-funcs - Number of functions\n');
  });
});
