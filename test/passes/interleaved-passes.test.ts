// Interleaved passes give the IR and the diagnostics of running each pass on the whole module (tl-opt
// --pass-interleaving=false, mlir-opt's order): on every .mlir file of the dialects' and passes' tests, on generated
// modules of the benchmark's kind, and for the checks that belong to the module (its symbol table's uses).
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Context, parseSourceString, SymbolRefAttr, verify, type Operation } from '@tlir/ir';
import { captureDiagnostics } from '../lib/test-context.js';
import { definePass, PassManager } from '@tlir/pass';
import { DEFAULT_DIALECTS } from '@tlir/registry';
import { CanonicalizePass, CSEPass } from '@tlir/transforms';
import { runTlOpt, type ToolIO } from '@tlir/tl-opt';

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');

/** tl-opt's exit code, stdout and stderr on `text` (named input.mlir). */
async function tlOpt(args: readonly string[], text: string): Promise<{ code: number; out: string; err: string }> {
  const out: string[] = [];
  const err: string[] = [];
  const decoder = new TextDecoder();
  const io: ToolIO = {
    readFile: () => text,
    readStdin: () => text,
    writeFile: () => {},
    stdout: (d) => void out.push(typeof d === 'string' ? d : d.map((c) => decoder.decode(c)).join('')),
    stderr: (t) => void err.push(t),
  };
  const code = await runTlOpt([...args, 'input.mlir'], io);
  return { code, out: out.join(''), err: err.join('') };
}

/** The .mlir inputs of the dialects' tests and of the passes' tests. */
function corpus(): string[] {
  const files: string[] = [];
  for (const dialect of readdirSync(join(root, 'dialects'))) {
    const dir = join(root, 'dialects', dialect, 'test');
    let names: string[];
    try {
      names = readdirSync(dir);
    } catch {
      continue;
    }
    for (const name of names) if (name.endsWith('.mlir')) files.push(join(dir, name));
  }
  for (const name of readdirSync(join(root, 'test/passes'))) if (name.endsWith('.mlir')) files.push(join(root, 'test/passes', name));
  return files;
}

const PIPELINES = [['--canonicalize', '--cse'], ['--cse', '--canonicalize', '--cse', '--mlir-pass-statistics'], ['--canonicalize=top-down=false', '--cse']];

describe('interleaved passes', () => {
  const files = corpus();

  it('find a corpus to compare on', () => {
    expect(files.length).toBeGreaterThan(50);
  });

  it('give the same output and diagnostics as running each pass on the whole module, on every test input', async () => {
    let compared = 0;
    for (const file of files) {
      const text = readFileSync(file, 'utf8');
      for (const pipeline of PIPELINES) {
        const args = ['--split-input-file', '--allow-unregistered-dialect', '--mlir-print-op-on-diagnostic=false', ...pipeline];
        const interleaved = await tlOpt(args, text);
        const whole = await tlOpt([...args, '--pass-interleaving=false'], text);
        expect({ file, pipeline, ...interleaved }).toEqual({ file, pipeline, ...whole });
        if (interleaved.code === 0) compared++;
      }
    }
    expect(compared).toBeGreaterThan(100);
  }, 120_000);

  it('give the same output on generated modules of the benchmark kind (functions, calls, control flow)', () => {
    fc.assert(
      fc.asyncProperty(fc.integer({ min: 1, max: 1_000_000 }), fc.integer({ min: 400, max: 3000 }), async (seed, ops) => {
        const text = execFileSync(process.execPath, [join(root, 'bench/gen-module.mjs'), '--ops', String(ops), '--seed', String(seed)], {
          encoding: 'utf8',
          stdio: ['ignore', 'pipe', 'ignore'],
        });
        const args = ['--canonicalize', '--cse', '--mlir-print-op-generic'];
        const interleaved = await tlOpt(args, text);
        const whole = await tlOpt([...args, '--pass-interleaving=false'], text);
        expect(interleaved.code).toBe(0);
        expect(interleaved).toEqual(whole);
      }),
      { numRuns: 8 },
    );
  }, 120_000);

  it('report non-convergence on the module, as a run on the whole module does', async () => {
    const text = 'func.func @f(%x: i32) -> i32 {\n  %c = arith.constant 0 : i32\n  %y = arith.addi %x, %c : i32\n  return %y : i32\n}\n';
    for (const mode of [[], ['--pass-interleaving=false']]) {
      const r = await tlOpt(['--canonicalize=max-iterations=1', ...mode], text);
      expect(r.code).toBe(0);
      expect(r.err).toBe('input.mlir:0:0: warning: greedy pattern rewrite did not converge after 1 iterations\n');
    }
  });

  it('report non-convergence as the canonicalize that did not converge, not another one of the run', async () => {
    // The first canonicalize converges; CSE then merges the products, and the second one folds the difference in
    // its one iteration (a change in the last iteration: not converged).
    const text =
      'func.func @f(%x: i32) -> i32 {\n  %c = arith.constant 7 : i32\n  %a = arith.muli %x, %c : i32\n' +
      '  %b = arith.muli %x, %c : i32\n  %d = arith.subi %a, %b : i32\n  return %d : i32\n}\n';
    for (const mode of [[], ['--pass-interleaving=false']]) {
      const r = await tlOpt(['-p', 'builtin.module(canonicalize{max-iterations=5},cse,canonicalize{max-iterations=1})', ...mode], text);
      expect(r.code).toBe(0);
      expect(r.err).toBe('input.mlir:0:0: warning: greedy pattern rewrite did not converge after 1 iterations\n');
    }
  });

  it('verify the module after a pass that changed a function, even when its run on the module changes nothing', () => {
    const ctx = new Context({ dialects: [...DEFAULT_DIALECTS] });
    const module = parseSourceString(ctx, 'func.func @f() {\n  call @g() : () -> ()\n  return\n}\nfunc.func @g() {\n  return\n}\n', 'input.mlir')!;
    // Points f's call at a function that does not exist: a symbol use only the module's check finds.
    const retarget = definePass({
      argument: 'retarget',
      summary: '',
      isolatedLocal: () => true,
      run(op, pass) {
        let call: Operation | undefined;
        op.walk((o) => void (o.name === 'func.call' ? (call = o) : undefined));
        if (pass.partOf === undefined || call === undefined) return pass.markAllAnalysesPreserved();
        call.setProperty('callee', SymbolRefAttr.get(ctx, 'missing'));
      },
    });
    const pm = new PassManager().addPass(CanonicalizePass).addPass(retarget).addPass(CSEPass);
    const { result, diagnostics } = captureDiagnostics(ctx, () => pm.run(module));
    expect(result).toBe(false);
    expect(diagnostics.join('')).toContain("'missing' does not reference a valid function");
  });

  it('leave the functions out of the verification of the module, but not the uses of symbols in them', () => {
    const ctx = new Context({ dialects: [...DEFAULT_DIALECTS] });
    const module = parseSourceString(ctx, 'func.func @f() {\n  call @g() : () -> ()\n  return\n}\nfunc.func @g() {\n  return\n}\n', 'input.mlir')!;
    const [f, g] = [module.regions[0]!.firstBlock!.firstOp!, module.regions[0]!.firstBlock!.lastOp!];
    const users: Operation[] = [];
    expect(verify(f, { symbolUsers: users })).toBe(true);
    expect(users.map((u) => u.name)).toEqual(['func.call']);
    users[0]!.setProperty('callee', SymbolRefAttr.get(ctx, 'missing'));
    // With the users the function's verification found, and with none known (found by a walk).
    for (const known of [users, undefined]) {
      const { result, diagnostics } = captureDiagnostics(ctx, () => verify(module, { verified: new Map([[f, known], [g, []]]) }));
      expect(result).toBe(false);
      expect(diagnostics.join('')).toContain("'missing' does not reference a valid function");
    }
    // What is left out is not looked at: a function made invalid after its verification goes unnoticed.
    users[0]!.setProperty('callee', SymbolRefAttr.get(ctx, 'g'));
    g.regions[0]!.firstBlock!.firstOp!.erase();
    expect(captureDiagnostics(ctx, () => verify(module, { verified: new Map([[f, users], [g, []]]) })).result).toBe(true);
    expect(captureDiagnostics(ctx, () => verify(module)).result).toBe(false);
  });
});
