// The func ops in the reference interpreter: calling functions (direct, recursive, indirect through function
// values), several results, and the runtime errors of calls (an external declaration, unbounded recursion,
// arguments that do not fit the function's type), located at the op or the function.
import { describe, expect, it } from 'vitest';
import { ArithDialect, registerArithInterpreter } from '@tlir/dialect-arith';
import { FuncDialect, FunctionValue, registerFuncInterpreter } from '@tlir/dialect-func';
import { interpreterHarness } from '../../../test/lib/interpreter-harness.js';

const harness = interpreterHarness({ dialects: [FuncDialect, ArithDialect], implementations: [registerFuncInterpreter, registerArithInterpreter] });

const PROGRAM = `func.func @add(%a: i32, %b: i32) -> i32 {
  %r = arith.addi %a, %b : i32
  return %r : i32
}
func.func @twice(%a: i32, %b: i32) -> i32 {
  %0 = func.call @add(%a, %b) : (i32, i32) -> i32
  %1 = call @add(%0, %0) : (i32, i32) -> i32
  return %1 : i32
}
func.func @divmod(%a: i64, %b: i64) -> (i64, i64) {
  %q = arith.divsi %a, %b : i64
  %r = arith.remsi %a, %b : i64
  return %q, %r : i64, i64
}
func.func @factorial(%n: i64) -> i64 {
  %one = arith.constant 1 : i64
  %small = arith.cmpi sle, %n, %one : i64
  %base = func.constant @one : (i64) -> i64
  %step = func.constant @factorial_step : (i64) -> i64
  %next = arith.select %small, %base, %step : (i64) -> i64
  %r = func.call_indirect %next(%n) : (i64) -> i64
  return %r : i64
}
func.func @one(%n: i64) -> i64 {
  %one = arith.constant 1 : i64
  return %one : i64
}
func.func @factorial_step(%n: i64) -> i64 {
  %one = arith.constant 1 : i64
  %m = arith.subi %n, %one : i64
  %f = func.call @factorial(%m) : (i64) -> i64
  %p = arith.muli %n, %f : i64
  return %p : i64
}
func.func @apply(%f: (i32, i32) -> i32, %x: i32) -> i32 {
  %r = func.call_indirect %f(%x, %x) : (i32, i32) -> i32
  return %r : i32
}
func.func @apply_add(%x: i32) -> i32 {
  %f = func.constant @add : (i32, i32) -> i32
  %r = func.call @apply(%f, %x) : ((i32, i32) -> i32, i32) -> i32
  return %r : i32
}
func.func @get_add() -> ((i32, i32) -> i32) {
  %f = constant @add : (i32, i32) -> i32
  return %f : (i32, i32) -> i32
}
func.func private @external(i32) -> i32
func.func @call_external(%x: i32) -> i32 {
  %r = func.call @external(%x) : (i32) -> i32
  return %r : i32
}
func.func @forever(%x: i32) -> i32 {
  %r = func.call @forever(%x) : (i32) -> i32
  return %r : i32
}
func.func @nothing() {
  return
}
`;

describe('calls', () => {
  const program = harness.parse(PROGRAM, 'calls.mlir');

  it('runs a function and returns what its func.return returns', () => {
    expect(program.run('add', [2, 40]).results).toEqual([42]);
    expect(program.run('nothing').results).toEqual([]);
  });

  it('calls functions by symbol, each call with its own values', () => {
    expect(program.run('twice', [3, 4]).results).toEqual([14]);
  });

  it('returns several results', () => {
    expect(program.run('divmod', [-7n, 2n]).results).toEqual([-3n, -1n]);
  });

  it('recurses (through function values chosen by arith.select)', () => {
    expect(program.run('factorial', [20n]).results).toEqual([2432902008176640000n]);
    // 21! wraps at 64 bits.
    expect(program.run('factorial', [21n]).results).toEqual([BigInt.asIntN(64, 51090942171709440000n)]);
  });

  it('calls through function values made by func.constant', () => {
    expect(program.run('apply_add', [21]).results).toEqual([42]);
    const [f] = program.run('get_add').results!;
    expect(f).toBeInstanceOf(FunctionValue);
    expect((f as FunctionValue).describe()).toBe('function @add');
    expect(program.run('apply', [f!, 5]).results).toEqual([10]);
  });

  it('an external declaration cannot be called: a runtime error at the call', () => {
    expect(program.run('call_external', [1]).error).toBe(
      'calls.mlir:50:8: error: cannot call @external: it is an external declaration (no body to run)\n' +
        '  %r = func.call @external(%x) : (i32) -> i32\n' +
        '       ^\n',
    );
  });

  it('unbounded recursion is a runtime error at the innermost call', () => {
    expect(program.run('forever', [1], { maxCallDepth: 50 }).error).toContain('calls.mlir:54:8: error: call depth exceeds 50 (unbounded recursion?)');
  });

  it('arguments are checked against the function type', () => {
    expect(program.run('add', [1]).error).toContain("calls.mlir:1:1: error: 'func.func' @add takes 2 arguments, 1 given");
    expect(program.run('add', [1, 2 ** 40]).error).toContain('argument #1 of');
    expect(program.run('apply', [7, 1]).error).toContain('argument #0 of \'func.func\' @apply ((i32, i32) -> i32): expected a function, got number');
    const [divmod] = [program.fn('divmod')];
    expect(program.run('apply', [new FunctionValue(divmod), 1]).error).toContain('expected a function of type (i32, i32) -> i32, got function @divmod of type (i64, i64) -> (i64, i64)');
  });
});
