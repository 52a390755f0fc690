// Dispatches in the reference interpreter: flow.dispatch.workgroups runs its body once per workgroup of the grid the
// count region (or the workload) gives, flow.dispatch runs the export's function the same way, flow.dispatch.region
// runs its body once; results are compared with computations written in the test; inputs are never changed.
import { describe, expect, it } from 'vitest';
import { ArithDialect, registerArithInterpreter } from '@tlir/dialect-arith';
import { FuncDialect, registerFuncInterpreter } from '@tlir/dialect-func';
import { ScfDialect, registerScfInterpreter } from '@tlir/dialect-scf';
import type { RankedTensorType } from '@tlir/ir';
import { FlowDialect, TensorValue, registerFlowInterpreter } from '@tlir/dialect-flow';
import { interpreterHarness } from '../../../test/lib/interpreter-harness.js';

const harness = interpreterHarness({
  dialects: [FuncDialect, ArithDialect, ScfDialect, FlowDialect],
  implementations: [registerFuncInterpreter, registerArithInterpreter, registerScfInterpreter, registerFlowInterpreter],
});

// @add: tiles of 2 elements, one per workgroup (the count region rounds up); the last tile may be partial.
// @scale_in_place: the result is tied to the argument (a readwrite binding), one element per workgroup.
// @grid: flow.dispatch of an export whose function writes x + 10 y at (y, x) of a 2D grid given by the workload.
// @region: a dispatch region runs once.
const PROGRAM = `
func.func @add(%a: tensor<?xf32>, %b: tensor<?xf32>, %n: index) -> tensor<?xf32> {
  %r = flow.dispatch.workgroups[%n](%a, %b, %n) : (tensor<?xf32>{%n}, tensor<?xf32>{%n}, index) -> tensor<?xf32>{%n} =
      (%ba: !flow.dispatch.tensor<readonly:tensor<?xf32>>, %bb: !flow.dispatch.tensor<readonly:tensor<?xf32>>, %bn: index,
       %br: !flow.dispatch.tensor<writeonly:tensor<?xf32>>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %id = flow.dispatch.workgroup.id[0] : index
    %start = arith.muli %id, %c2 : index
    %left = arith.subi %bn, %start : index
    %size = arith.minsi %left, %c2 : index
    %ta = flow.dispatch.tensor.load %ba, offsets = [%start], sizes = [%size], strides = [1] : !flow.dispatch.tensor<readonly:tensor<?xf32>>{%bn} -> tensor<?xf32>
    %tb = flow.dispatch.tensor.load %bb, offsets = [%start], sizes = [%size], strides = [1] : !flow.dispatch.tensor<readonly:tensor<?xf32>>{%bn} -> tensor<?xf32>
    %init = flow.tensor.empty : tensor<?xf32>{%size}
    %sum = scf.for %i = %c0 to %size step %c1 iter_args(%acc = %init) -> (tensor<?xf32>) {
      %x = flow.tensor.load %ta[%i] : tensor<?xf32>{%size}
      %y = flow.tensor.load %tb[%i] : tensor<?xf32>{%size}
      %s = arith.addf %x, %y : f32
      %next = flow.tensor.store %s, %acc[%i] : tensor<?xf32>{%size}
      scf.yield %next : tensor<?xf32>
    }
    flow.dispatch.tensor.store %sum, %br, offsets = [%start], sizes = [%size], strides = [1] : tensor<?xf32> -> !flow.dispatch.tensor<writeonly:tensor<?xf32>>{%bn}
    flow.return
  } count(%w: index) -> (index, index, index) {
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %x = arith.ceildivsi %w, %c2 : index
    flow.return %x, %c1, %c1 : index, index, index
  }
  return %r : tensor<?xf32>
}

func.func @scale_in_place(%a: tensor<4xf32>, %k: f32) -> tensor<4xf32> {
  %c4 = arith.constant 4 : index
  %r = flow.dispatch.workgroups[%c4](%a, %k) : (tensor<4xf32>, f32) -> %a =
      (%ba: !flow.dispatch.tensor<readwrite:tensor<4xf32>>, %bk: f32) {
    %c0 = arith.constant 0 : index
    %id = flow.dispatch.workgroup.id[0] : index
    %t = flow.dispatch.tensor.load %ba, offsets = [%id], sizes = [1], strides = [1] : !flow.dispatch.tensor<readwrite:tensor<4xf32>> -> tensor<1xf32>
    %x = flow.tensor.load %t[%c0] : tensor<1xf32>
    %y = arith.mulf %x, %bk : f32
    %u = flow.tensor.splat %y : tensor<f32>
    flow.dispatch.tensor.store %u, %ba, offsets = [%id], sizes = [1], strides = [1] : tensor<f32> -> !flow.dispatch.tensor<readwrite:tensor<4xf32>>
    flow.return
  }
  return %r : tensor<4xf32>
}

flow.executable private @ex {
  flow.executable.export public @grid_export as("grid") workgroups(%x: index, %y: index) -> (index, index, index) {
    %c1 = arith.constant 1 : index
    flow.return %x, %y, %c1 : index, index, index
  }
  flow.executable.export public @grid_export as("grid_default")
  builtin.module {
    func.func @grid_export(%out: !flow.dispatch.tensor<writeonly:tensor<?x?xindex>>, %h: index, %w: index) {
      %x = flow.dispatch.workgroup.id[0] : index
      %y = flow.dispatch.workgroup.id[1] : index
      %cx = flow.dispatch.workgroup.count[0] : index
      %cy = flow.dispatch.workgroup.count[1] : index
      %c10 = arith.constant 10 : index
      %ty = arith.muli %y, %c10 : index
      %v = arith.addi %x, %ty : index
      %t = flow.tensor.splat %v : tensor<1x1xindex>
      flow.dispatch.tensor.store %t, %out, offsets = [%y, %x], sizes = [1, 1], strides = [1, 1] : tensor<1x1xindex> -> !flow.dispatch.tensor<writeonly:tensor<?x?xindex>>{%h, %w}
      return
    }
  }
}

func.func @grid(%h: index, %w: index) -> tensor<?x?xindex> {
  %e = flow.tensor.empty : tensor<?x?xindex>{%h, %w}
  %r = flow.dispatch @ex::@grid[%w, %h](%e, %h, %w) : (tensor<?x?xindex>{%h, %w}, index, index) -> %e{%h, %w}
  return %r : tensor<?x?xindex>
}

func.func @grid_default(%h: index, %w: index) -> tensor<?x?xindex> {
  %e = flow.tensor.empty : tensor<?x?xindex>{%h, %w}
  %r = flow.dispatch @ex::@grid_default[%w, %h](%e, %h, %w) : (tensor<?x?xindex>{%h, %w}, index, index) -> %e{%h, %w}
  return %r : tensor<?x?xindex>
}

func.func @region(%a: tensor<2xi32>, %v: i32) -> (tensor<2xi32>, tensor<2xi32>) {
  %c1 = arith.constant 1 : index
  %r:2 = flow.dispatch.region -> (tensor<2xi32>, tensor<2xi32>) {
    %s = flow.tensor.store %v, %a[%c1] : tensor<2xi32>
    flow.return %s, %a : tensor<2xi32>, tensor<2xi32>
  }
  return %r#0, %r#1 : tensor<2xi32>, tensor<2xi32>
}

func.func @count_ops(%a: index, %b: index, %c: index, %d: index) -> (index, index, index, index, index, index, index) {
  %x, %y, %z = flow.dispatch.workgroup_count_from_slice %a, %b, %c, %d
  %p, %q, %r = flow.dispatch.workgroup_count_from_dag_root %a
  %o = flow.dispatch.workload.ordinal %b, 1 : index
  return %x, %y, %z, %p, %q, %r, %o : index, index, index, index, index, index, index
}
`;

const program = harness.parse(PROGRAM, 'dispatch.mlir');
const argType = (fn: string, i: number): RankedTensorType => program.fn(fn).regions[0]!.firstBlock!.args[i]!.type as RankedTensorType;
const elements = (v: unknown): number[] => (v as TensorValue).toArray().map(Number);

describe('flow dispatches in the interpreter', () => {
  it('runs the body of flow.dispatch.workgroups once per workgroup of the count region', () => {
    for (const n of [0, 1, 2, 5, 8]) {
      const a = Array.from({ length: n }, (_, i) => i + 0.5);
      const b = Array.from({ length: n }, (_, i) => 100 * i);
      const ta = TensorValue.fromHost(argType('add', 0).elementType, [n], a);
      const tb = TensorValue.fromHost(argType('add', 1).elementType, [n], b);
      const r = program.run('add', [ta, tb, n]);
      expect(r.error).toBeUndefined();
      expect(elements(r.results![0])).toEqual(a.map((x, i) => Math.fround(x + b[i]!)));
      expect(elements(ta)).toEqual(a);
    }
  });

  it('updates a copy of a tied argument: the result changes, the argument does not', () => {
    const a = TensorValue.fromHost(argType('scale_in_place', 0).elementType, [4], [1, 2, 3, 4]);
    const r = program.run('scale_in_place', [a, 3]);
    expect(elements(r.results![0])).toEqual([3, 6, 9, 12]);
    expect(elements(a)).toEqual([1, 2, 3, 4]);
  });

  it("calls the export's function once per workgroup of a 2D grid (x fastest), with the grid's ids and counts", () => {
    for (const [h, w] of [[1, 1], [2, 3], [3, 2], [0, 4]] as const) {
      const r = program.run('grid', [h, w]);
      expect(r.error).toBeUndefined();
      const expected: number[] = [];
      for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) expected.push(x + 10 * y);
      expect(elements(r.results![0])).toEqual(expected);
    }
  });

  it('uses the workload as the grid when the export has no workgroup count region', () => {
    expect(elements(program.run('grid_default', [2, 2]).results![0])).toEqual([0, 1, 10, 11]);
  });

  it('runs a dispatch region once and returns what it returns', () => {
    const a = TensorValue.fromHost(argType('region', 0).elementType, [2], [5, 6]);
    const r = program.run('region', [a, 7]);
    expect(r.results!.map(elements)).toEqual([[5, 7], [5, 6]]);
  });

  it('computes workgroup counts from the workload: x, y, then the rest multiplied into z', () => {
    expect(program.run('count_ops', [4, 5, 6, 7]).results).toEqual([4, 5, 42, 4, 1, 1, 5]);
    expect(program.run('count_ops', [-1, 5, 6, 7]).error).toContain('workload value #0 is negative (-1)');
  });

  it('reports an input whose shape differs from the dims the dispatch gives', () => {
    const ta = TensorValue.fromHost(argType('add', 0).elementType, [3], [1, 2, 3]);
    const tb = TensorValue.fromHost(argType('add', 1).elementType, [3], [1, 2, 3]);
    expect(program.run('add', [ta, tb, 2]).error).toContain('dispatch.mlir:3:8: error: argument #0 has shape 3, but the op gives 2');
  });
});

describe('dispatch errors in the interpreter', () => {
  const errors = harness.parse(
    `
func.func @outside(%a: tensor<4xf32>) -> tensor<4xf32> {
  %c4 = arith.constant 4 : index
  %r = flow.dispatch.workgroups[%c4](%a) : (tensor<4xf32>) -> tensor<4xf32> =
      (%ba: !flow.dispatch.tensor<readonly:tensor<4xf32>>, %br: !flow.dispatch.tensor<writeonly:tensor<4xf32>>) {
    %id = flow.dispatch.workgroup.id[0] : index
    %t = flow.dispatch.tensor.load %ba, offsets = [%id], sizes = [2], strides = [1] : !flow.dispatch.tensor<readonly:tensor<4xf32>> -> tensor<2xf32>
    flow.dispatch.tensor.store %t, %br, offsets = [%id], sizes = [2], strides = [1] : tensor<2xf32> -> !flow.dispatch.tensor<writeonly:tensor<4xf32>>
    flow.return
  }
  return %r : tensor<4xf32>
}
func.func @unwritten(%a: tensor<4xf32>) -> f32 {
  %c0 = arith.constant 0 : index
  %c3 = arith.constant 3 : index
  %r = flow.dispatch.workgroups(%a) : (tensor<4xf32>) -> tensor<4xf32> =
      (%ba: !flow.dispatch.tensor<readonly:tensor<4xf32>>, %br: !flow.dispatch.tensor<writeonly:tensor<4xf32>>) {
    %t = flow.dispatch.tensor.load %ba, offsets = [0], sizes = [3], strides = [1] : !flow.dispatch.tensor<readonly:tensor<4xf32>> -> tensor<3xf32>
    flow.dispatch.tensor.store %t, %br, offsets = [0], sizes = [3], strides = [1] : tensor<3xf32> -> !flow.dispatch.tensor<writeonly:tensor<4xf32>>
    flow.return
  }
  %v = flow.tensor.load %r[%c3] : tensor<4xf32>
  return %v : f32
}
func.func @negative_count(%a: tensor<4xf32>) -> tensor<4xf32> {
  %r = flow.dispatch.workgroups(%a) : (tensor<4xf32>) -> %a =
      (%ba: !flow.dispatch.tensor<readwrite:tensor<4xf32>>) {
    flow.return
  } count() -> (index, index, index) {
    %m = arith.constant -1 : index
    flow.return %m, %m, %m : index, index, index
  }
  return %r : tensor<4xf32>
}
flow.executable private @ex {
  flow.executable.export public @f
  builtin.module {
    func.func @f(%a: tensor<4xf32>) {
      return
    }
  }
}
func.func @signature(%a: tensor<4xf32>) -> tensor<4xf32> {
  %r = flow.dispatch @ex::@f(%a) : (tensor<4xf32>) -> %a
  return %r : tensor<4xf32>
}
flow.executable private @ex2 {
  flow.executable.export public @clobber
  builtin.module {
    func.func @clobber(%in: !flow.dispatch.tensor<readwrite:tensor<4xf32>>, %out: !flow.dispatch.tensor<writeonly:tensor<4xf32>>) {
      %t = flow.dispatch.tensor.load %in, offsets = [0], sizes = [4], strides = [1] : !flow.dispatch.tensor<readwrite:tensor<4xf32>> -> tensor<4xf32>
      %z = arith.constant 0.0 : f32
      %zeros = flow.tensor.splat %z : tensor<4xf32>
      flow.dispatch.tensor.store %zeros, %in, offsets = [0], sizes = [4], strides = [1] : tensor<4xf32> -> !flow.dispatch.tensor<readwrite:tensor<4xf32>>
      flow.dispatch.tensor.store %t, %out, offsets = [0], sizes = [4], strides = [1] : tensor<4xf32> -> !flow.dispatch.tensor<writeonly:tensor<4xf32>>
      return
    }
  }
}
func.func @clobber(%a: tensor<4xf32>) -> tensor<4xf32> {
  %r = flow.dispatch @ex2::@clobber(%a) : (tensor<4xf32>) -> tensor<4xf32>
  return %r : tensor<4xf32>
}
`,
    'errors.mlir',
  );
  const f32 = (errors.fn('outside').regions[0]!.firstBlock!.args[0]!.type as RankedTensorType).elementType;
  const t4 = (): TensorValue => TensorValue.fromHost(f32, [4], [1, 2, 3, 4]);

  it('reports a tile outside the binding at the load, in the workgroup that reaches it', () => {
    const error = errors.run('outside', [t4()]).error;
    expect(error).toContain('errors.mlir:7:10: error: the slice reaches index 4 in dimension 0 of the dispatch tensor of shape 4 (offset 3, size 2, stride 1)');
    expect(error).toContain('errors.mlir:4:8: note: in workgroup (3, 0, 0) of the 4x1x1 grid of this dispatch');
  });

  it('leaves the elements no workgroup stored undefined', () => {
    expect(errors.run('unwritten', [t4()]).error).toMatch(/errors\.mlir:22:8: error: load of element 3 of the memory of flow\.dispatch\.workgroups at errors\.mlir:16:8, which was never written/);
  });

  it('reports a negative workgroup count', () => {
    expect(errors.run('negative_count', [t4()]).error).toContain('the count region returned a negative workgroup count (-1) for dimension x');
  });

  it('gives a function that may write an untied argument a copy of it', () => {
    const a = t4();
    expect(errors.run('clobber', [a]).results!.map((r) => (r as TensorValue).toArray())).toEqual([[1, 2, 3, 4]]);
    expect(a.toArray()).toEqual([1, 2, 3, 4]);
  });

  it("reports an export's function whose arguments cannot take the bindings", () => {
    expect(errors.run('signature', [t4()]).error).toContain(
      'argument #0 of the function of @ex::@f (tensor<4xf32>) cannot take what the dispatch binds: expected a tensor, got readwrite dispatch tensor 4 of f32',
    );
  });
});
