// The flow.tensor ops in the reference interpreter: each result is computed here independently (row-major index
// arithmetic written out in the test) and compared; operands are never changed (tensors are values); runtime errors
// are located at the op.
import { describe, expect, it } from 'vitest';
import { ArithDialect, registerArithInterpreter } from '@tlir/dialect-arith';
import { FuncDialect, registerFuncInterpreter } from '@tlir/dialect-func';
import { RankedTensorType } from '@tlir/ir';
import { FlowDialect, TensorValue, registerFlowInterpreter, type TensorTraceSink } from '@tlir/dialect-flow';
import { interpreterHarness } from '../../../test/lib/interpreter-harness.js';

const traces: { key: string; tensors: number[][] }[] = [];
const sink: TensorTraceSink = (key, tensors) => traces.push({ key, tensors: tensors.map((t) => t.toArray().map(Number)) });

const harness = interpreterHarness({
  dialects: [FuncDialect, ArithDialect, FlowDialect],
  implementations: [registerFuncInterpreter, registerArithInterpreter, (r) => registerFlowInterpreter(r, { traceSink: sink })],
});

const PROGRAM = `
func.func @create(%n: index, %v: f32) -> (tensor<?x3xf32>, tensor<2x2xi32>, tensor<?x2xf32>) {
  %s = flow.tensor.splat %v : tensor<?x3xf32>{%n}
  %c = flow.tensor.constant dense<[[1, -2], [3, 4]]> : tensor<2x2xi32>
  %d = flow.tensor.dynamic_constant dense<[[1.5, 2.5]]> : tensor<1x2xf32> -> tensor<?x2xf32>
  return %s, %c, %d : tensor<?x3xf32>, tensor<2x2xi32>, tensor<?x2xf32>
}
func.func @empty_read(%n: index) -> f32 {
  %e = flow.tensor.empty : tensor<?xf32>{%n}
  %c1 = arith.constant 1 : index
  %v = flow.tensor.load %e[%c1] : tensor<?xf32>{%n}
  return %v : f32
}
func.func @alloca_store(%v: f32) -> (f32, tensor<2xf32>) {
  %a = flow.tensor.alloca : tensor<2xf32>
  %c0 = arith.constant 0 : index
  %a2 = flow.tensor.store %v, %a[%c0] : tensor<2xf32>
  %r = flow.tensor.load %a2[%c0] : tensor<2xf32>
  return %r, %a2 : f32, tensor<2xf32>
}
func.func @store(%t: tensor<2x3xf32>, %i: index, %j: index, %v: f32) -> (tensor<2x3xf32>, tensor<2x3xf32>) {
  %r = flow.tensor.store %v, %t[%i, %j] : tensor<2x3xf32>
  return %r, %t : tensor<2x3xf32>, tensor<2x3xf32>
}
func.func @load(%t: tensor<?x3xf32>, %n: index, %i: index, %j: index) -> f32 {
  %v = flow.tensor.load %t[%i, %j] : tensor<?x3xf32>{%n}
  return %v : f32
}
func.func @slice(%t: tensor<3x4xi32>, %i: index, %j: index, %m: index, %n: index) -> tensor<?x?xi32> {
  %s = flow.tensor.slice %t[%i, %j for %m, %n] : tensor<3x4xi32> -> tensor<?x?xi32>{%m, %n}
  return %s : tensor<?x?xi32>
}
func.func @slice_static(%t: tensor<3x4xi32>, %i: index, %m: index) -> tensor<2x2xi32> {
  %s = flow.tensor.slice %t[%i, %i for %m, %m] : tensor<3x4xi32> -> tensor<2x2xi32>
  return %s : tensor<2x2xi32>
}
func.func @update(%t: tensor<3x4xi32>, %u: tensor<2x2xi32>, %i: index, %j: index) -> (tensor<3x4xi32>, tensor<3x4xi32>) {
  %r = flow.tensor.update %u, %t[%i, %j] : tensor<2x2xi32> -> %t as tensor<3x4xi32>
  return %r, %t : tensor<3x4xi32>, tensor<3x4xi32>
}
func.func @reshape(%t: tensor<2x3xi32>, %n: index) -> tensor<?x2xi32> {
  %r = flow.tensor.reshape %t : tensor<2x3xi32> -> tensor<?x2xi32>{%n}
  return %r : tensor<?x2xi32>
}
func.func @reshape_bits(%t: tensor<2xf32>) -> tensor<2xi32> {
  %r = flow.tensor.reshape %t : tensor<2xf32> -> tensor<2xi32>
  return %r : tensor<2xi32>
}
func.func @bitcast(%t: tensor<2xi32>) -> tensor<4xi16> {
  %r = flow.tensor.bitcast %t : tensor<2xi32> -> tensor<4xi16>
  return %r : tensor<4xi16>
}
func.func @bitcast_wide(%t: tensor<4xi8>) -> tensor<1xi32> {
  %r = flow.tensor.bitcast %t : tensor<4xi8> -> tensor<1xi32>
  return %r : tensor<1xi32>
}
func.func @copies(%t: tensor<?xf32>, %n: index) -> (tensor<?xf32>, tensor<?xf32>, tensor<?xf32>) {
  %a = flow.tensor.tie_shape %t : tensor<?xf32>{%n}
  %b = flow.tensor.clone %a : tensor<?xf32>{%n}
  %c = flow.tensor.transfer %b : tensor<?xf32>{%n} to "device"
  flow.tensor.trace "copies" = [%a : tensor<?xf32>{%n}, %c : tensor<?xf32>{%n}]
  return %a, %b, %c : tensor<?xf32>, tensor<?xf32>, tensor<?xf32>
}
`;

const program = harness.parse(PROGRAM, 'tensors.mlir');
/** The type of argument `i` of function `fn`. */
const argType = (fn: string, i: number): RankedTensorType => program.fn(fn).regions[0]!.firstBlock!.args[i]!.type as RankedTensorType;
/** A host tensor for argument `i` of `fn` with the given shape and row-major data. */
const tensorArg = (fn: string, i: number, shape: number[], data: number[]): TensorValue => TensorValue.fromHost(argType(fn, i).elementType, shape, data);
const elements = (v: unknown): number[] => (v as TensorValue).toArray().map(Number);
const shape = (v: unknown): readonly number[] => (v as TensorValue).shape;

describe('flow.tensor ops in the interpreter', () => {
  it('creates tensors: splat, constant, dynamic_constant', () => {
    const r = program.run('create', [2, 0.5]);
    expect(r.error).toBeUndefined();
    const [s, c, d] = r.results!;
    expect(shape(s)).toEqual([2, 3]);
    expect(elements(s)).toEqual([0.5, 0.5, 0.5, 0.5, 0.5, 0.5]);
    expect(elements(c)).toEqual([1, -2, 3, 4]);
    expect(shape(d)).toEqual([1, 2]);
    expect(elements(d)).toEqual([1.5, 2.5]);
  });

  it('reports a read of an element of an empty tensor that was never written', () => {
    expect(program.run('empty_read', [3]).error).toMatch(/tensors\.mlir:11:8: error: load of element 1 of the memory of flow\.tensor\.empty at tensors\.mlir:9:8, which was never written/);
  });

  it('stores into a new tensor and reads it back; the rest stays unwritten', () => {
    const r = program.run('alloca_store', [2.5]);
    expect(r.results![0]).toBe(2.5);
    const t = r.results![1] as TensorValue;
    expect(t.at(0)).toBe(2.5);
    expect(() => t.at(1)).toThrow(/never written/);
  });

  it('store gives a new tensor and leaves its operand alone', () => {
    const t = tensorArg('store', 0, [2, 3], [0, 1, 2, 3, 4, 5]);
    const r = program.run('store', [t, 1, 2, 9]);
    expect(elements(r.results![0])).toEqual([0, 1, 2, 3, 4, 9]);
    expect(elements(r.results![1])).toEqual([0, 1, 2, 3, 4, 5]);
  });

  it('loads element (i, j) at i * 3 + j and checks indices and dims', () => {
    const data = [10, 11, 12, 13, 14, 15];
    const t = tensorArg('load', 0, [2, 3], data);
    for (const [i, j] of [[0, 0], [1, 2], [0, 2], [1, 0]] as const) expect(program.run('load', [t, 2, i, j]).results).toEqual([data[i * 3 + j]]);
    expect(program.run('load', [t, 2, 2, 0]).error).toContain('tensors.mlir:26:8: error: index 2 is out of bounds for dimension 0 of size 2 (tensor 2x3)');
    expect(program.run('load', [t, 5, 0, 0]).error).toContain('the source has shape 2x3, but the op gives 5x3 (tensor<?x3xf32> with its dynamic sizes)');
  });

  it('slices a box: element (a, b) of the slice is element (i + a, j + b)', () => {
    const data = Array.from({ length: 12 }, (_, k) => k);
    const t = tensorArg('slice', 0, [3, 4], data);
    for (const [i, j, m, n] of [[0, 0, 3, 4], [1, 1, 2, 2], [2, 3, 1, 1], [0, 2, 3, 2], [1, 0, 0, 4]] as const) {
      const r = program.run('slice', [t, i, j, m, n]);
      const expected: number[] = [];
      for (let a = 0; a < m; a++) for (let b = 0; b < n; b++) expected.push(data[(i + a) * 4 + (j + b)]!);
      expect(shape(r.results![0])).toEqual([m, n]);
      expect(elements(r.results![0])).toEqual(expected);
    }
    expect(program.run('slice', [t, 2, 3, 2, 1]).error).toContain('the slice: [2, 4) in dimension 0 is outside the tensor of shape 3x4');
    expect(program.run('slice_static', [t, 0, 3]).error).toContain('the slice has lengths 3x3, but the result is tensor<2x2xi32> of shape 2x2');
  });

  it('updates a box of a copy of the target', () => {
    const t = tensorArg('update', 0, [3, 4], Array.from({ length: 12 }, () => 0));
    const u = tensorArg('update', 1, [2, 2], [1, 2, 3, 4]);
    const r = program.run('update', [t, u, 1, 2]);
    expect(elements(r.results![0])).toEqual([0, 0, 0, 0, 0, 0, 1, 2, 0, 0, 3, 4]);
    expect(elements(r.results![1])).toEqual(Array.from({ length: 12 }, () => 0));
    expect(program.run('update', [t, u, 2, 0]).error).toContain('the update: [2, 4) in dimension 0 is outside the tensor of shape 3x4');
  });

  it('reshapes in row-major order and checks the element count', () => {
    const t = tensorArg('reshape', 0, [2, 3], [1, 2, 3, 4, 5, 6]);
    const r = program.run('reshape', [t, 3]);
    expect(shape(r.results![0])).toEqual([3, 2]);
    expect(elements(r.results![0])).toEqual([1, 2, 3, 4, 5, 6]);
    expect(program.run('reshape', [t, 4]).error).toContain('cannot reshape 6 elements (tensor 2x3) into 4x2');
  });

  it('keeps the bits: reshape between f32 and i32, bitcast to narrower and wider integers (little-endian)', () => {
    const f = tensorArg('reshape_bits', 0, [2], [1, -2]);
    expect(elements(program.run('reshape_bits', [f]).results![0])).toEqual([0x3f800000, 0xc0000000 | 0]);
    const w = tensorArg('bitcast', 0, [2], [0x00020001, -1]);
    expect(elements(program.run('bitcast', [w]).results![0])).toEqual([1, 2, -1, -1]);
    const b = tensorArg('bitcast_wide', 0, [4], [1, 2, 3, -128]);
    expect(elements(program.run('bitcast_wide', [b]).results![0])).toEqual([(0x80 << 24) | (3 << 16) | (2 << 8) | 1]);
  });

  it('tie_shape, clone, transfer give the same elements; trace sends them to the sink', () => {
    traces.length = 0;
    const t = tensorArg('copies', 0, [3], [7, 8, 9]);
    const r = program.run('copies', [t, 3]);
    expect(r.results!.map(elements)).toEqual([[7, 8, 9], [7, 8, 9], [7, 8, 9]]);
    expect(r.results![1]).not.toBe(t);
    expect(traces).toEqual([{ key: 'copies', tensors: [[7, 8, 9], [7, 8, 9]] }]);
    expect(program.run('copies', [t, 2]).error).toContain('the tensor has shape 3, but the op gives 2');
  });

  it('checks tensor arguments against the types', () => {
    const t = tensorArg('store', 0, [3, 2], [0, 1, 2, 3, 4, 5]);
    expect(program.run('store', [t, 0, 0, 1]).error).toContain('dimension 0 has size 3, not 2');
  });
});
