// Interleaved passes (PassManagerOptions.interleave): consecutive passes local to the isolated ops inside the op they
// run on go through those ops one at a time, then run on the op with their insides left out.
import { describe, expect, it } from 'vitest';
import { IntegerAttr, Terminator, type Operation } from '@tlir/ir';
import { defineAnalysis, definePass, IRPrinterInstrumentation, option, PassManager, PassTimingInstrumentation, Timer, type PassInstrumentation } from '@tlir/pass';
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

function where(op: Operation): string {
  const name = op.getProperty('sym_name');
  return name ? String(name).replaceAll('"', '') : op.name;
}

/**
 * A pass that logs each run: `a@f<module` for a run on f that is part of the run on the module, `a@module[f,g]` for
 * the run on the module that leaves out f's and g's insides. `local`: the ops it is local to (default all; null: none, the pass does not say).
 */
function logged(log: string[], argument: string, local: ((child: Operation) => boolean) | null = () => true) {
  return definePass({
    argument,
    summary: argument,
    isolatedLocal: local ? (child) => local(child) : undefined,
    run(op, pass) {
      const part = pass.partOf ? `<${where(pass.partOf)}` : '';
      const left = pass.interleaved ? `[${[...pass.interleaved].map(where).join(',')}]` : '';
      log.push(`${argument}@${where(op)}${part}${left}`);
      pass.markAllAnalysesPreserved();
    },
  });
}

/** An instrumentation that allows interleaving and records nothing. */
const quiet: PassInstrumentation = { allowsInterleaving: true };

describe('interleaved passes', () => {
  it('take each isolated op through the run of local passes, then run them on the op with those left out', () => {
    const ctx = testContext();
    const log: string[] = [];
    const pm = new PassManager().addPass(logged(log, 'a')).addPass(logged(log, 'b'));
    expect(pm.run(parse(ctx, SRC))).toBe(true);
    expect(log).toEqual(['a@f<builtin.module', 'b@f<builtin.module', 'a@g<builtin.module', 'b@g<builtin.module', 'a@builtin.module[f,g]', 'b@builtin.module[f,g]']);
  });

  it('run each pass on the whole op when interleaving is off, or under an instrumentation that does not allow it', () => {
    const ctx = testContext();
    const whole = ['a@builtin.module', 'b@builtin.module'];
    const log: string[] = [];
    new PassManager('builtin.module', { interleave: false }).addPass(logged(log, 'a')).addPass(logged(log, 'b')).run(parse(ctx, SRC));
    expect(log).toEqual(whole);
    log.length = 0;
    const printing = new PassManager().addPass(logged(log, 'a')).addPass(logged(log, 'b'));
    printing.addInstrumentation(quiet);
    printing.addInstrumentation(new IRPrinterInstrumentation({ printAfter: () => true, write: () => {} }));
    printing.run(parse(ctx, SRC));
    expect(log).toEqual(whole);
    // Timing allows it: interleaved runs add up in the pass's node.
    log.length = 0;
    const timed = new PassManager().addPass(logged(log, 'a'));
    timed.addInstrumentation(new PassTimingInstrumentation(new Timer('root')));
    timed.run(parse(ctx, SRC));
    expect(log).toEqual(['a@f<builtin.module', 'a@g<builtin.module', 'a@builtin.module[f,g]']);
  });

  it('interleave only consecutive local passes, and only on the ops every one of them is local to', () => {
    const ctx = testContext();
    const log: string[] = [];
    const pm = new PassManager()
      .addPass(logged(log, 'a'))
      .addPass(logged(log, 'x', null))
      .addPass(logged(log, 'b'))
      .addPass(logged(log, 'c', (child) => where(child) === 'g'));
    expect(pm.run(parse(ctx, SRC))).toBe(true);
    expect(log).toEqual([
      'a@f<builtin.module',
      'a@g<builtin.module',
      'a@builtin.module[f,g]',
      'x@builtin.module',
      'b@g<builtin.module',
      'c@g<builtin.module',
      'b@builtin.module[g]',
      'c@builtin.module[g]',
    ]);
  });

  it('stop after the pass that left a function invalid, reporting it, and run nothing after', () => {
    const ctx = testContext();
    const log: string[] = [];
    const breaking = definePass({
      argument: 'breaking',
      summary: '',
      isolatedLocal: () => true,
      run(op, pass) {
        log.push(`breaking@${where(op)}`);
        if (pass.partOf === undefined) return;
        // Moves the terminator first: the block no longer ends with it.
        const ret = findOp(op, 'test.return');
        if (ret.parentBlock!.firstOp !== ret) ret.moveBefore(ret.parentBlock!.firstOp!);
      },
    });
    const pm = new PassManager().addPass(breaking).addPass(logged(log, 'after'));
    const { result, diagnostics } = captureDiagnostics(ctx, () => pm.run(parse(ctx, SRC)));
    expect(result).toBe(false);
    expect(diagnostics.join('')).toContain("error: 'test.return' op must be the last operation in the parent block");
    // As on the whole module: the pass that failed ran on every function, and on the module; nothing after it.
    expect(log).toEqual(['breaking@f', 'breaking@g', 'breaking@builtin.module']);
  });

  it('report what running each pass on the whole op reports when a pass fails on some of the functions', () => {
    // Pass `step{n}` emits a remark at each op marked `remark = n`, fails at an op marked `fail = n`, and breaks the
    // block of an op marked `break = n` (moves the block's terminator first), in the ops it is not told to leave out.
    const step = definePass({
      argument: 'step',
      summary: '',
      options: { n: option.int('', 0) },
      statistics: { 'num-ops': 'Ops visited' },
      isolatedLocal: (child) => child.name === 'test.func',
      run(op, pass) {
        const marked = (o: Operation, name: string): boolean => {
          const a = o.getAttr(name);
          return a instanceof IntegerAttr && Number(a.value) === pass.options.n;
        };
        let changed = false;
        const visit = (o: Operation): void => {
          for (const r of o.regions) {
            for (let b = r.firstBlock; b !== null; b = b.nextBlock) {
              for (let x = b.firstOp; x !== null; x = x.nextOperation) {
                pass.statistics['num-ops'].value++;
                if (marked(x, 'remark')) x.emit('remark', `step ${pass.options.n}`);
                if (marked(x, 'fail')) {
                  x.emitError(`failed at step ${pass.options.n}`);
                  pass.signalPassFailure();
                }
                if (marked(x, 'break') && b.lastOp !== x && b.lastOp!.hasTrait(Terminator)) {
                  changed = true;
                  b.lastOp!.moveBefore(b.firstOp!);
                }
                // What is inside an op the pass already ran on is left out.
                if (pass.interleaved?.has(x) !== true) visit(x);
              }
            }
          }
        };
        visit(op);
        if (!changed) pass.markAllAnalysesPreserved();
      },
    });
    const fn = (name: string, ...marks: string[]): string =>
      `"test.func"() <{sym_name = "${name}"}> ({\n${marks.map((m) => `  "test.op"() {${m}} : () -> ()\n`).join('')}  "test.return"() : () -> ()\n}) : () -> ()\n`;
    const cases = [
      // g fails at step 2: f's remarks of step 3 are not made, nor its failure there.
      fn('f', 'remark = 1', 'remark = 2', 'remark = 3, break = 3') + fn('g', 'remark = 1', 'break = 2') + fn('h', 'remark = 2'),
      // f and h fail at step 2: both are reported.
      fn('f', 'break = 2') + fn('g', 'remark = 2') + fn('h', 'break = 2'),
      // The pass itself fails at step 2 on f: nothing is verified then (g's broken block is not reported).
      fn('f', 'fail = 2, remark = 2') + fn('g', 'break = 2, remark = 2'),
      // An op of the module's own fails first: the functions are not verified then.
      `"test.wrap"() ({\n  "test.op"() {break = 2} : () -> ()\n  "test.return"() : () -> ()\n}) : () -> ()\n` + fn('f', 'break = 2'),
    ];
    for (const src of cases) {
      const run = (interleave: boolean): { result: boolean; diagnostics: string[]; statistics: number[] } => {
        const ctx = testContext();
        const module = parse(ctx, src);
        const pm = new PassManager('builtin.module', { interleave });
        for (const n of [1, 2, 3]) pm.addPass(step.create({ n }));
        const { result, diagnostics } = captureDiagnostics(ctx, () => pm.run(module));
        // What each pass counted: the ops it visited (those of the runs after the failure do not count).
        const statistics = [...pm.passes()].map((p) => p.statistics['num-ops']!.value);
        return { result, diagnostics: diagnostics.sort(), statistics };
      };
      const whole = run(false);
      expect(whole.result).toBe(false);
      expect(run(true)).toEqual(whole);
    }
  });

  it('drop the analyses of the op around a function the pass changed, even when its own run changes nothing', () => {
    const ctx = testContext();
    let computed = 0;
    const Counting = defineAnalysis('Counting', (op: Operation) => ({ op, n: ++computed }));
    const computes = definePass({
      argument: 'computes',
      summary: '',
      run(_op, pass) {
        pass.getAnalysis(Counting);
        pass.markAnalysesPreserved(Counting);
      },
    });
    // Changes each function (preserving nothing there); its run on the module changes nothing.
    const local = definePass({
      argument: 'local',
      summary: '',
      isolatedLocal: () => true,
      run(_op, pass) {
        if (pass.partOf === undefined) pass.markAllAnalysesPreserved();
      },
    });
    const pm = new PassManager().addPass(computes).addPass(local).addPass(computes.create());
    expect(pm.run(parse(ctx, SRC))).toBe(true);
    expect(computed).toBe(2);
  });
});
