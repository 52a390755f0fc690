// The cf ops in the reference interpreter: loops and conditionals built from branches with block arguments,
// switches (cases, the default, negative and wide values), assertions, and that canonicalizing a program does not
// change what it computes (the patterns and region simplification against the interpreter).
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { ArithDialect, registerArithInterpreter } from '@tlir/dialect-arith';
import { CfDialect, registerCfInterpreter } from '@tlir/dialect-cf';
import { FuncDialect, registerFuncInterpreter } from '@tlir/dialect-func';
import { PassManager } from '@tlir/pass';
import { CanonicalizePass } from '@tlir/transforms';
import { verify } from '@tlir/ir';
import { interpreterHarness } from '../../../test/lib/interpreter-harness.js';

const harness = interpreterHarness({
  dialects: [FuncDialect, ArithDialect, CfDialect],
  implementations: [registerFuncInterpreter, registerArithInterpreter, registerCfInterpreter],
});

const PROGRAM = `func.func @sum_to(%n: i32) -> i32 {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  cf.br ^head(%c0, %c0 : i32, i32)
^head(%i: i32, %acc: i32):
  %more = arith.cmpi slt, %i, %n : i32
  cf.cond_br %more, ^body, ^exit(%acc : i32)
^body:
  %i1 = arith.addi %i, %c1 : i32
  %acc1 = arith.addi %acc, %i1 : i32
  cf.br ^head(%i1, %acc1 : i32, i32)
^exit(%r: i32):
  return %r : i32
}
func.func @classify(%x: i32, %y: i32) -> i32 {
  %c100 = arith.constant 100 : i32
  cf.switch %x : i32, [
    default: ^other(%y : i32),
    1: ^one,
    -1: ^other(%c100 : i32),
    7: ^seven(%x, %y : i32, i32)
  ]
^one:
  %c10 = arith.constant 10 : i32
  return %c10 : i32
^seven(%a: i32, %b: i32):
  %s = arith.muli %a, %b : i32
  return %s : i32
^other(%v: i32):
  return %v : i32
}
func.func @wide(%x: i64) -> i64 {
  %c0 = arith.constant 0 : i64
  %c1 = arith.constant 1 : i64
  cf.switch %x : i64, [default: ^r(%c0 : i64), 4294967296: ^r(%c1 : i64)]
^r(%v: i64):
  return %v : i64
}
func.func @checked(%x: i32) -> i32 {
  %c0 = arith.constant 0 : i32
  %ok = arith.cmpi sge, %x, %c0 : i32
  cf.assert %ok, "x must not be negative"
  return %x : i32
}
`;

describe('cf in the interpreter', () => {
  const program = harness.parse(PROGRAM, 'cf.mlir');

  it('runs loops made of branches with block arguments', () => {
    expect(program.run('sum_to', [0]).results).toEqual([0]);
    expect(program.run('sum_to', [10]).results).toEqual([55]);
  });

  it('switches to the case of the flag, else to the default, with each edge its operands', () => {
    expect(program.run('classify', [1, 5]).results).toEqual([10]);
    expect(program.run('classify', [7, 6]).results).toEqual([42]);
    expect(program.run('classify', [-1, 5]).results).toEqual([100]);
    expect(program.run('classify', [3, 5]).results).toEqual([5]);
    expect(program.run('wide', [4294967296n]).results).toEqual([1n]);
    expect(program.run('wide', [0n]).results).toEqual([0n]);
  });

  it('passes a true assertion and reports a false one as a located runtime error', () => {
    expect(program.run('checked', [3]).results).toEqual([3]);
    const error = program.run('checked', [-3]).error;
    expect(error).toContain('cf.mlir:42:3: error: assertion failed: x must not be negative');
  });

  it('computes the same after --canonicalize (cf patterns and region simplification)', () => {
    const canonical = harness.parse(PROGRAM, 'cf.mlir');
    const pm = new PassManager('builtin.module');
    pm.addPass(CanonicalizePass);
    expect(pm.run(canonical.module)).toBe(true);
    expect(verify(canonical.module)).toBe(true);
    // The loop and the switch are still there (their conditions are not constants): the comparison runs them.
    let branches = 0;
    canonical.module.walk((op) => void (op.numSuccessors > 0 && branches++));
    expect(branches).toBeGreaterThan(2);
    fc.assert(
      fc.property(fc.integer({ min: -3, max: 12 }), fc.integer({ min: -50, max: 50 }), (x, y) => {
        expect(canonical.run('classify', [x, y]).results).toEqual(program.run('classify', [x, y]).results);
        expect(canonical.run('sum_to', [x]).results).toEqual(program.run('sum_to', [x]).results);
      }),
      { numRuns: 100 },
    );
  });
});
