// The flow.tensor canonicalization patterns keep what programs compute: the reference interpreter runs each function
// before and after --canonicalize on random inputs and gets the same results; the canonical form has lost the ops
// the patterns remove (so the comparison is not of two copies of the same program).
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { ArithDialect, registerArithInterpreter } from '@tlir/dialect-arith';
import { FuncDialect, registerFuncInterpreter } from '@tlir/dialect-func';
import { FlowDialect, TensorValue, registerFlowInterpreter } from '@tlir/dialect-flow';
import { IntegerType, verify, type Operation } from '@tlir/ir';
import { PassManager } from '@tlir/pass';
import { CanonicalizePass } from '@tlir/transforms';
import { interpreterHarness } from '../../../test/lib/interpreter-harness.js';

const harness = interpreterHarness({
  dialects: [FuncDialect, ArithDialect, FlowDialect],
  implementations: [registerFuncInterpreter, registerArithInterpreter, registerFlowInterpreter],
});

const PROGRAM = `
func.func @casts(%t: tensor<2x6xi32>, %i: index, %j: index) -> (i32, i32) {
  %0 = flow.tensor.reshape %t : tensor<2x6xi32> -> tensor<3x4xi32>
  %1 = flow.tensor.reshape %0 : tensor<3x4xi32> -> tensor<12xi32>
  %2 = flow.tensor.bitcast %1 : tensor<12xi32> -> tensor<12xf32>
  %3 = flow.tensor.bitcast %2 : tensor<12xf32> -> tensor<12xi32>
  %4 = flow.tensor.reshape %3 : tensor<12xi32> -> tensor<2x6xi32>
  %a = flow.tensor.load %4[%i, %j] : tensor<2x6xi32>
  %5 = flow.tensor.reshape %t : tensor<2x6xi32> -> tensor<2x6xi32>
  %b = flow.tensor.load %5[%j, %i] : tensor<2x6xi32>
  return %a, %b : i32, i32
}
func.func @constants(%i: index, %j: index, %v: i32) -> (i32, i32, i32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %k = flow.tensor.constant dense<[[10, 11, 12], [13, 14, 15], [16, 17, 18]]> : tensor<3x3xi32>
  %s = flow.tensor.slice %k[%c1, %c0 for %c2, %c2] : tensor<3x3xi32> -> tensor<2x2xi32>
  %a = flow.tensor.load %s[%i, %j] : tensor<2x2xi32>
  %u = flow.tensor.update %s, %k[%c0, %c1] : tensor<2x2xi32> -> %k as tensor<3x3xi32>
  %b = flow.tensor.load %u[%i, %j] : tensor<3x3xi32>
  %seven = arith.constant 7 : i32
  %w = flow.tensor.store %seven, %u[%c1, %c1] : tensor<3x3xi32>
  %x = flow.tensor.load %w[%j, %i] : tensor<3x3xi32>
  %c = arith.addi %x, %v : i32
  return %a, %b, %c : i32, i32, i32
}
func.func @splats_and_clones(%v: i32, %i: index, %t: tensor<4xi32>) -> (i32, i32, tensor<4xi32>) {
  %s = flow.tensor.splat %v : tensor<2x4xi32>
  %r = flow.tensor.reshape %s : tensor<2x4xi32> -> tensor<8xi32>
  %a = flow.tensor.load %r[%i] : tensor<8xi32>
  %k = flow.tensor.constant dense<[5, 6, 7, 8]> : tensor<4xi32>
  %c = flow.tensor.clone %k : tensor<4xi32>
  %b = flow.tensor.load %c[%i] : tensor<4xi32>
  %c0 = arith.constant 0 : index
  %u = flow.tensor.update %t, %c[%c0] : tensor<4xi32> -> %c as tensor<4xi32>
  return %a, %b, %u : i32, i32, tensor<4xi32>
}
`;

const program = harness.parse(PROGRAM, 'flow.mlir');
const canonical = harness.parse(PROGRAM, 'flow.mlir');
const pm = new PassManager('builtin.module');
pm.addPass(CanonicalizePass);

/** The number of ops named `name` in a module. */
function count(module: Operation, name: string): number {
  let n = 0;
  module.walk((op) => void (op.name === name && n++));
  return n;
}

/** A host tensor of i32 elements for the context of `h` (each parsed program has its own context). */
const tensorOf = (h: typeof program, shape: number[], data: number[]): TensorValue => TensorValue.fromHost(IntegerType.get(h.ctx, 32), shape, data);
const plain = (r: { results?: unknown[]; error?: string }): unknown => r.error ?? r.results!.map((v) => (v instanceof TensorValue ? v.toArray() : v));

describe('flow.tensor canonicalization keeps what programs compute', () => {
  it('removes the ops its patterns fold', () => {
    expect(pm.run(canonical.module)).toBe(true);
    expect(verify(canonical.module)).toBe(true);
    for (const name of ['flow.tensor.slice', 'flow.tensor.update', 'flow.tensor.store', 'flow.tensor.clone', 'flow.tensor.bitcast']) {
      expect(count(canonical.module, name), name).toBe(0);
    }
    expect(count(canonical.module, 'flow.tensor.reshape')).toBe(0);
    expect(count(program.module, 'flow.tensor.reshape')).toBe(5);
  });

  it('gives the same results on random inputs', () => {
    const ints = fc.integer({ min: -1000, max: 1000 });
    fc.assert(
      fc.property(fc.array(ints, { minLength: 12, maxLength: 12 }), fc.array(ints, { minLength: 4, maxLength: 4 }), fc.nat(1), fc.nat(1), ints, (data, four, i, j, v) => {
        const casts = (h: typeof program) => plain(h.run('casts', [tensorOf(h, [2, 6], data), i, j]));
        expect(casts(canonical)).toEqual(casts(program));
        expect(plain(canonical.run('constants', [i, j, v]))).toEqual(plain(program.run('constants', [i, j, v])));
        const splats = (h: typeof program) => plain(h.run('splats_and_clones', [v, i + 2 * j, tensorOf(h, [4], four)]));
        expect(splats(canonical)).toEqual(splats(program));
        // The runs succeed (an error in both would compare equal).
        for (const r of [casts(program), splats(program), plain(program.run('constants', [i, j, v]))]) expect(Array.isArray(r)).toBe(true);
      }),
      { numRuns: 60 },
    );
  });
});
