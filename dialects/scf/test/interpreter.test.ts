// The scf ops in the reference interpreter: loops (bounds of index and integer types, signed and unsigned, zero
// trips, the step rule), loop-carried values, conditionals, while loops, switches, parallel loops with reductions
// (run in lexicographic order) and forall, with the runtime errors located at the op.
import { describe, expect, it } from 'vitest';
import { ArithDialect, registerArithInterpreter } from '@tlir/dialect-arith';
import { FuncDialect, registerFuncInterpreter } from '@tlir/dialect-func';
import { MemRefDialect, createMemref, memrefElements, registerMemRefInterpreter } from '@tlir/dialect-memref';
import { ScfDialect, registerScfInterpreter } from '@tlir/dialect-scf';
import type { MemRefType } from '@tlir/ir';
import { interpreterHarness } from '../../../test/lib/interpreter-harness.js';

const harness = interpreterHarness({
  dialects: [FuncDialect, ArithDialect, ScfDialect, MemRefDialect],
  implementations: [registerFuncInterpreter, registerArithInterpreter, registerScfInterpreter, registerMemRefInterpreter],
});

describe('scf.for', () => {
  const program = harness.parse(
    `func.func @sum(%lb: index, %ub: index, %step: index) -> (index, i32) {
  %zero = arith.constant 0 : index
  %c0 = arith.constant 0 : i32
  %r:2 = scf.for %i = %lb to %ub step %step iter_args(%acc = %zero, %n = %c0) -> (index, i32) {
    %next = arith.addi %acc, %i : index
    %one = arith.constant 1 : i32
    %m = arith.addi %n, %one : i32
    scf.yield %next, %m : index, i32
  }
  return %r#0, %r#1 : index, i32
}
func.func @ivs_i8(%lb: i8, %ub: i8, %step: i8) -> i32 {
  %c0 = arith.constant 0 : i32
  %r = scf.for %i = %lb to %ub step %step iter_args(%n = %c0) -> (i32) : i8 {
    %one = arith.constant 1 : i32
    %m = arith.addi %n, %one : i32
    scf.yield %m : i32
  }
  return %r : i32
}
func.func @last_unsigned(%lb: i8, %ub: i8, %step: i8) -> i8 {
  %r = scf.for unsigned %i = %lb to %ub step %step iter_args(%last = %lb) -> (i8) : i8 {
    scf.yield %i : i8
  }
  return %r : i8
}
func.func @sum_i64(%ub: i64) -> i64 {
  %c0 = arith.constant 0 : i64
  %c1 = arith.constant 1 : i64
  %r = scf.for %i = %c0 to %ub step %c1 iter_args(%acc = %c0) -> (i64) : i64 {
    %s = arith.addi %acc, %i : i64
    scf.yield %s : i64
  }
  return %r : i64
}
func.func @nested(%n: index) -> index {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %c0) -> (index) {
    %inner = scf.for %j = %c0 to %i step %c1 iter_args(%a = %acc) -> (index) {
      %s = arith.addi %a, %c1 : index
      scf.yield %s : index
    }
    scf.yield %inner : index
  }
  return %r : index
}
func.func @alloca_per_iteration(%n: index) -> i32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %x = arith.constant 5 : i32
  %first = memref.alloca() : memref<1xi32>
  memref.store %x, %first[%c0] : memref<1xi32>
  %last = scf.for %i = %c0 to %n step %c1 iter_args(%prev = %first) -> (memref<1xi32>) {
    %v = memref.load %prev[%c0] : memref<1xi32>
    %w = arith.addi %v, %x : i32
    %m = memref.alloca() : memref<1xi32>
    memref.store %w, %m[%c0] : memref<1xi32>
    scf.yield %m : memref<1xi32>
  }
  %r = memref.load %last[%c0] : memref<1xi32>
  return %r : i32
}
`,
    'for.mlir',
  );

  it('runs from the lower bound below the upper bound by the step, carrying values', () => {
    expect(program.run('sum', [0, 10, 1]).results).toEqual([45, 10]);
    expect(program.run('sum', [3, 10, 3]).results).toEqual([3 + 6 + 9, 3]);
    expect(program.run('sum', [-5, 0, 2]).results).toEqual([-5 - 3 - 1, 3]);
    expect(program.run('nested', [5]).results).toEqual([10]);
    expect(program.run('sum_i64', [100n]).results).toEqual([4950n]);
  });

  it('runs zero times when the lower bound is not below the upper: the results are the initial values', () => {
    expect(program.run('sum', [10, 10, 1]).results).toEqual([0, 0]);
    expect(program.run('sum', [10, 3, 1]).results).toEqual([0, 0]);
  });

  it('compares signed, or unsigned with `unsigned`; the induction variable never wraps', () => {
    // 100, 120: the next value 140 does not fit i8 and is past the bound (a wrapping lowering would loop on).
    expect(program.run('ivs_i8', [100, 127, 20]).results).toEqual([2]);
    // -128 to 127 step 64: -128, -64, 0, 64.
    expect(program.run('ivs_i8', [-128, 127, 64]).results).toEqual([4]);
    // Unsigned: 0 to 255 (-1) step 100 runs 0, 100, 200; the last value is 200, which reads -56 as i8.
    expect(program.run('last_unsigned', [0, -1, 100]).results).toEqual([-56]);
    // Signed, 0 to -1 does not run.
    expect(program.run('ivs_i8', [0, -1, 100]).results).toEqual([0]);
  });

  it('an alloca in the body lives for one iteration (the loop is an allocation scope)', () => {
    expect(program.run('alloca_per_iteration', [0]).results).toEqual([5]);
    // The second iteration reads the first one's alloca, freed when that iteration ended; so does a load after the loop.
    expect(program.run('alloca_per_iteration', [2]).error).toContain(
      'for.mlir:55:10: error: access to the memory of memref.alloca at for.mlir:57:10 after its lifetime ended (freed at the end of the block that allocated it)',
    );
    expect(program.run('alloca_per_iteration', [1]).error).toContain('for.mlir:61:8: error: access to the memory of memref.alloca at for.mlir:57:10 after its lifetime ended');
  });

  it('a step of zero or less is a runtime error (MLIR requires a positive step), even for a loop that would not run', () => {
    expect(program.run('sum', [0, 10, 0]).error).toBe(
      'for.mlir:4:10: error: the step of scf.for must be positive, got 0\n' +
        '  %r:2 = scf.for %i = %lb to %ub step %step iter_args(%acc = %zero, %n = %c0) -> (index, i32) {\n' +
        '         ^\n',
    );
    expect(program.run('sum', [10, 0, -1]).error).toContain('the step of scf.for must be positive, got -1');
    // Unsigned: 255 is a positive step.
    expect(program.run('last_unsigned', [0, 10, -1]).results).toEqual([0]);
    expect(program.run('last_unsigned', [0, 10, 0]).error).toContain('must be positive, got 0');
  });
});

describe('scf.if, scf.while, scf.index_switch, scf.execute_region', () => {
  const program = harness.parse(
    `func.func @abs(%x: i32) -> i32 {
  %c0 = arith.constant 0 : i32
  %neg = arith.cmpi slt, %x, %c0 : i32
  %r = scf.if %neg -> i32 {
    %n = arith.subi %c0, %x : i32
    scf.yield %n : i32
  } else {
    scf.yield %x : i32
  }
  return %r : i32
}
func.func @clamp_store(%x: i32, %m: memref<1xi32>) {
  %c0 = arith.constant 0 : index
  %c10 = arith.constant 10 : i32
  %big = arith.cmpi sgt, %x, %c10 : i32
  memref.store %x, %m[%c0] : memref<1xi32>
  scf.if %big {
    memref.store %c10, %m[%c0] : memref<1xi32>
  }
  return
}
func.func @gcd(%a: i32, %b: i32) -> (i32, i32) {
  %c0 = arith.constant 0 : i32
  %r:2 = scf.while (%x = %a, %y = %b) : (i32, i32) -> (i32, i32) {
    %more = arith.cmpi ne, %y, %c0 : i32
    scf.condition(%more) %x, %y : i32, i32
  } do {
  ^bb0(%x: i32, %y: i32):
    %rem = arith.remsi %x, %y : i32
    scf.yield %y, %rem : i32, i32
  }
  return %r#0, %r#1 : i32, i32
}
func.func @forever() {
  %true = arith.constant true
  scf.while : () -> () {
    scf.condition(%true)
  } do {
    scf.yield
  }
  return
}
func.func @switch(%i: index) -> i32 {
  %r = scf.index_switch %i -> i32
  case 2 {
    %c = arith.constant 20 : i32
    scf.yield %c : i32
  }
  case 5 {
    %c = arith.constant 50 : i32
    scf.yield %c : i32
  }
  default {
    %c = arith.constant -1 : i32
    scf.yield %c : i32
  }
  return %r : i32
}
func.func @region(%x: i32) -> i32 {
  %r = scf.execute_region -> i32 {
    %d = arith.addi %x, %x : i32
    scf.yield %d : i32
  }
  return %r : i32
}
`,
    'control.mlir',
  );

  it('scf.if runs one region and gives its yield', () => {
    expect(program.run('abs', [-7]).results).toEqual([7]);
    expect(program.run('abs', [7]).results).toEqual([7]);
  });

  it('scf.if without else does nothing when the condition is false', () => {
    const type = program.fn('clamp_store').regions[0]!.firstBlock!.args[1]!.type as MemRefType;
    for (const [x, stored] of [
      [5, 5],
      [50, 10],
    ]) {
      const m = createMemref(type, { label: 'm' });
      expect(program.run('clamp_store', [x!, m]).results).toEqual([]);
      expect(memrefElements(m)).toEqual([stored]);
    }
  });

  it('scf.while runs before, then after while the condition holds; the results are the values of the last condition', () => {
    expect(program.run('gcd', [48, 18]).results).toEqual([6, 0]);
    expect(program.run('gcd', [7, 0]).results).toEqual([7, 0]);
  });

  it('an endless loop ends at the limit of executed operations, located at the op that crossed it', () => {
    expect(program.run('forever', [], { maxOperations: 1000 }).error).toMatch(/^control\.mlir:3[6-9]:\d+: error: the run exceeds the limit of 1000 executed operations \(an endless loop\?\)/);
  });

  it('scf.index_switch runs the matching case, else the default', () => {
    expect([2, 5, 3, -2].map((i) => program.run('switch', [i]).results![0])).toEqual([20, 50, -1, -1]);
  });

  it('scf.execute_region runs its region', () => {
    expect(program.run('region', [21]).results).toEqual([42]);
  });
});

describe('scf.parallel and scf.forall', () => {
  const program = harness.parse(
    `func.func @sum_products(%n: index, %m: index) -> index {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.parallel (%i, %j) = (%c0, %c0) to (%n, %m) step (%c1, %c1) init (%c0) -> index {
    %p = arith.muli %i, %j : index
    scf.reduce(%p : index) {
    ^bb0(%a: index, %b: index):
      %s = arith.addi %a, %b : index
      scf.reduce.return %s : index
    }
  }
  return %r : index
}
func.func @order(%n: index, %m: index, %step: index) -> (index, index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c10 = arith.constant 10 : index
  %r:2 = scf.parallel (%i, %j) = (%c0, %c0) to (%n, %m) step (%step, %c1) init (%c0, %c1) -> (index, index) {
    %k = arith.muli %i, %m : index
    %v = arith.addi %k, %j : index
    %v1 = arith.addi %v, %c1 : index
    scf.reduce(%v, %v1 : index, index) {
    ^bb0(%a: index, %b: index):
      %t = arith.muli %a, %c10 : index
      %s = arith.addi %t, %b : index
      scf.reduce.return %s : index
    }, {
    ^bb0(%a: index, %b: index):
      %p = arith.muli %a, %b : index
      scf.reduce.return %p : index
    }
  }
  return %r#0, %r#1 : index, index
}
func.func @fill(%out: memref<3x4xi32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  scf.parallel (%i, %j) = (%c0, %c0) to (%c3, %c4) step (%c1, %c1) {
    %k = arith.muli %i, %c4 : index
    %v = arith.addi %k, %j : index
    %x = arith.index_cast %v : index to i32
    memref.store %x, %out[%i, %j] : memref<3x4xi32>
  }
  return
}
func.func @forall(%out: memref<3x4xi32>, %n: index) {
  scf.forall (%i, %j) in (3, %n) {
    %c4 = arith.constant 4 : index
    %k = arith.muli %i, %c4 : index
    %v = arith.addi %k, %j : index
    %x = arith.index_cast %v : index to i32
    memref.store %x, %out[%i, %j] : memref<3x4xi32>
  }
  return
}
func.func @forall_steps(%out: memref<8xi32>, %lb: index) {
  scf.forall (%i) = (%lb) to (8) step (3) {
    %x = arith.index_cast %i : index to i32
    memref.store %x, %out[%i] : memref<8xi32>
  }
  return
}
`,
    'parallel.mlir',
  );
  const memrefArg = (fn: string, i: number) => program.fn(fn).regions[0]!.firstBlock!.args[i]!.type as MemRefType;

  it('scf.parallel combines the reduced values into the results', () => {
    // sum over i < 3, j < 4 of i j = (0 + 1 + 2) (0 + 1 + 2 + 3)
    expect(program.run('sum_products', [3, 4]).results).toEqual([18]);
  });

  it('runs the points in lexicographic order, the first induction variable outermost, and reduces in that order', () => {
    // Values 0, 1, 2, 3 appended as digits by a non-commutative reduction; the products of 1..4 by the other.
    expect(program.run('order', [2, 2, 1]).results).toEqual([123, 24]);
    // Step 2 in the first dimension: points (0, 0), (0, 1), (2, 0), (2, 1) of 3 x 2 give 0, 1, 4, 5.
    expect(program.run('order', [3, 2, 2]).results).toEqual([145, 1 * 2 * 5 * 6]);
  });

  it('a parallel loop without points gives the initial values; a step of zero or less is a runtime error', () => {
    expect(program.run('order', [0, 5, 1]).results).toEqual([0, 1]);
    expect(program.run('order', [2, 2, 0]).error).toContain('parallel.mlir:18:10: error: the step of dimension 0 of scf.parallel must be positive, got 0');
  });

  it('scf.parallel without results and scf.forall store at every point', () => {
    const expected = Array.from({ length: 12 }, (_, i) => i);
    const a = createMemref(memrefArg('fill', 0));
    expect(program.run('fill', [a]).results).toEqual([]);
    expect(memrefElements(a)).toEqual(expected);
    const b = createMemref(memrefArg('forall', 0));
    expect(program.run('forall', [b, 4]).results).toEqual([]);
    expect(memrefElements(b)).toEqual(expected);
    const c = createMemref(memrefArg('forall_steps', 0), { data: new Array(8).fill(-1) });
    expect(program.run('forall_steps', [c, 1]).results).toEqual([]);
    expect(memrefElements(c)).toEqual([-1, 1, -1, -1, 4, -1, -1, 7]);
  });

  it('an out-of-bounds store in a parallel loop is located at the store', () => {
    const b = createMemref(memrefArg('forall', 0));
    expect(program.run('forall', [b, 5]).error).toBe(
      'parallel.mlir:54:5: error: index 4 is out of bounds for mode 1 of size 4 (memref 3x4 of i32 with strides [4, 1] at offset 0 in a host memref)\n' +
        '    memref.store %x, %out[%i, %j] : memref<3x4xi32>\n' +
        '    ^\n',
    );
  });
});
