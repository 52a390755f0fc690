// The memref ops in the reference interpreter: allocation and lifetimes (alloc/dealloc, alloca and its scope),
// loads and stores with bounds checks, views (subview with static and dynamic parts and rank reduction,
// reinterpret_cast, expand_shape, collapse_shape, cast), dim and rank, copy, globals, atomics and strided
// metadata; host memrefs of builtin memref types; every runtime error located at its op.
import { describe, expect, it } from 'vitest';
import { ArithDialect, registerArithInterpreter } from '@tlir/dialect-arith';
import { FuncDialect, registerFuncInterpreter } from '@tlir/dialect-func';
import { MemRefDialect, createMemref, memrefElements, registerMemRefInterpreter } from '@tlir/dialect-memref';
import { IntegerType, type MemRefType } from '@tlir/ir';
import { Memory, MemrefView, RuntimeFault, type RuntimeValue } from '@tlir/interpreter';
import { interpreterHarness, type Program } from '../../../test/lib/interpreter-harness.js';

const harness = interpreterHarness({
  dialects: [FuncDialect, ArithDialect, MemRefDialect],
  implementations: [registerFuncInterpreter, registerArithInterpreter, registerMemRefInterpreter],
});

/** The memref type of argument `i` of function `name`. */
const argType = (program: Program, name: string, i: number): MemRefType => program.fn(name).regions[0]!.firstBlock!.args[i]!.type as MemRefType;
/** A host memref for argument `i`, with its elements in row-major order. */
const arg = (program: Program, name: string, i: number, data?: readonly (number | bigint)[], sizes?: (number | undefined)[]): MemrefView =>
  createMemref(argType(program, name, i), { data, sizes, label: `argument #${i}` });
const iota = (n: number): number[] => Array.from({ length: n }, (_, i) => i);
const view = (v: RuntimeValue | undefined): MemrefView => v as MemrefView;
const layoutOf = (v: RuntimeValue | undefined) => ({ offset: view(v).offset, sizes: view(v).sizes, strides: view(v).strides });

describe('allocation, loads and stores', () => {
  const program = harness.parse(
    `func.func @alloc(%n: index, %x: f32) -> memref<?x4xf32> {
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %m = memref.alloc(%n) : memref<?x4xf32>
  memref.store %x, %m[%c1, %c3] : memref<?x4xf32>
  %y = memref.load %m[%c1, %c3] : memref<?x4xf32>
  %z = arith.addf %y, %x : f32
  memref.store %z, %m[%c1, %c3] : memref<?x4xf32>
  return %m : memref<?x4xf32>
}
func.func @unwritten(%i: index) -> f32 {
  %m = memref.alloc() : memref<4xf32>
  %x = memref.load %m[%i] : memref<4xf32>
  return %x : f32
}
func.func @load(%m: memref<2x3xi32>, %i: index, %j: index) -> i32 {
  %x = memref.load %m[%i, %j] : memref<2x3xi32>
  return %x : i32
}
func.func @store(%m: memref<2x3xi32>, %i: index, %j: index, %x: i32) {
  memref.store %x, %m[%i, %j] : memref<2x3xi32>
  return
}
func.func @use_after_dealloc() -> f32 {
  %c0 = arith.constant 0 : index
  %x = arith.constant 1.0 : f32
  %m = memref.alloc() : memref<4xf32>
  memref.store %x, %m[%c0] : memref<4xf32>
  memref.dealloc %m : memref<4xf32>
  %y = memref.load %m[%c0] : memref<4xf32>
  return %y : f32
}
func.func @double_dealloc() {
  %m = memref.alloc() : memref<4xf32>
  memref.dealloc %m : memref<4xf32>
  memref.dealloc %m : memref<4xf32>
  return
}
func.func @dealloc_argument(%m: memref<2x3xi32>) {
  memref.dealloc %m : memref<2x3xi32>
  return
}
func.func @dealloc_alloca() {
  %m = memref.alloca() : memref<4xf32>
  memref.dealloc %m : memref<4xf32>
  return
}
func.func @alloca() -> memref<2xi64> {
  %c0 = arith.constant 0 : index
  %v = arith.constant 7 : i64
  %m = memref.alloca() : memref<2xi64>
  memref.store %v, %m[%c0] : memref<2xi64>
  return %m : memref<2xi64>
}
func.func @alloca_scope() -> i64 {
  %c0 = arith.constant 0 : index
  %v = arith.constant 7 : i64
  %m = memref.alloca_scope -> memref<2xi64> {
    %a = memref.alloca() : memref<2xi64>
    memref.store %v, %a[%c0] : memref<2xi64>
    memref.alloca_scope.return %a : memref<2xi64>
  }
  %x = memref.load %m[%c0] : memref<2xi64>
  return %x : i64
}
func.func @strided_alloc(%off: index) -> memref<3xf32, strided<[2], offset: ?>> {
  %m = memref.alloc()[%off] : memref<3xf32, strided<[2], offset: ?>>
  return %m : memref<3xf32, strided<[2], offset: ?>>
}
func.func @negative_size(%n: index) {
  %m = memref.alloc(%n) : memref<?xf32>
  return
}
`,
    'memory.mlir',
  );

  it('allocates with dynamic sizes, row-major; stores and loads', () => {
    const [m] = program.run('alloc', [3, 1.5]).results!;
    expect(layoutOf(m)).toEqual({ offset: 0, sizes: [3, 4], strides: [4, 1] });
    expect(view(m).load([1, 3])).toBe(3);
  });

  it('reading an allocated element never written is a runtime error', () => {
    expect(program.run('unwritten', [2]).error).toBe(
      'memory.mlir:13:8: error: load of element 2 of the memory of memref.alloc at memory.mlir:12:8, which was never written\n' +
        '  %x = memref.load %m[%i] : memref<4xf32>\n' +
        '       ^\n',
    );
  });

  it('loads and stores are bounds-checked in every dimension', () => {
    const m = arg(program, 'load', 0, iota(6));
    expect(program.run('load', [m, 1, 2]).results).toEqual([5]);
    expect(program.run('load', [m, 0, 3]).error).toContain('memory.mlir:17:8: error: index 3 is out of bounds for mode 1 of size 3');
    expect(program.run('load', [m, -1, 0]).error).toContain('error: index -1 is out of bounds for mode 0 of size 2');
    expect(program.run('store', [m, 2, 0, 9]).error).toContain('memory.mlir:21:3: error: index 2 is out of bounds for mode 0 of size 2');
    expect(program.run('store', [m, 1, 0, 9]).results).toEqual([]);
    expect(memrefElements(m)).toEqual([0, 1, 2, 9, 4, 5]);
  });

  it('an access after memref.dealloc is a runtime error that says where the memory was freed', () => {
    expect(program.run('use_after_dealloc').error).toContain(
      'memory.mlir:30:8: error: access to the memory of memref.alloc at memory.mlir:27:8 after its lifetime ended (freed by memref.dealloc at memory.mlir:29:3)',
    );
    expect(program.run('double_dealloc').error).toContain('memory.mlir:36:3: error: dealloc of the memory of memref.alloc at memory.mlir:34:8, which was already freed by memref.dealloc at memory.mlir:35:3');
  });

  it('only memory memref.alloc made may be deallocated', () => {
    expect(program.run('dealloc_argument', [arg(program, 'dealloc_argument', 0)]).error).toContain('error: dealloc of argument #0, which memref.alloc did not allocate');
    expect(program.run('dealloc_alloca').error).toContain('which memref.alloc did not allocate');
  });

  it('an alloca lives until its allocation scope ends', () => {
    const [m] = program.run('alloca').results!;
    expect(view(m).memory.freedReason).toBe('freed at the end of the block that allocated it');
    expect(program.run('alloca_scope').error).toContain(
      'memory.mlir:63:8: error: access to the memory of memref.alloca at memory.mlir:59:10 after its lifetime ended (freed at the end of the block that allocated it)',
    );
  });

  it('allocates a strided layout with its dynamic offset from the symbol operands', () => {
    const [m] = program.run('strided_alloc', [5]).results!;
    expect(layoutOf(m)).toEqual({ offset: 5, sizes: [3], strides: [2] });
    expect(view(m).memory.length).toBe(10);
  });

  it('a negative dynamic size is a runtime error', () => {
    expect(program.run('negative_size', [-2]).error).toContain('memory.mlir:71:8: error: dimension 0 cannot have the negative size -2');
  });
});

describe('views', () => {
  const program = harness.parse(
    `func.func @subview(%m: memref<8x16xf32>) -> memref<3x5xf32, strided<[16, 2], offset: 36>> {
  %s = memref.subview %m[2, 4] [3, 5] [1, 2] : memref<8x16xf32> to memref<3x5xf32, strided<[16, 2], offset: 36>>
  return %s : memref<3x5xf32, strided<[16, 2], offset: 36>>
}
func.func @dynamic_subview(%m: memref<8x16xf32>, %o: index, %n: index, %s: index) -> memref<?x?xf32, strided<[?, ?], offset: ?>> {
  %v = memref.subview %m[%o, 1] [2, %n] [%s, %s] : memref<8x16xf32> to memref<2x?xf32, strided<[?, ?], offset: ?>>
  %w = memref.cast %v : memref<2x?xf32, strided<[?, ?], offset: ?>> to memref<?x?xf32, strided<[?, ?], offset: ?>>
  return %w : memref<?x?xf32, strided<[?, ?], offset: ?>>
}
func.func @row(%m: memref<8x16xf32>, %i: index) -> memref<16xf32, strided<[1], offset: ?>> {
  %r = memref.subview %m[%i, 0] [1, 16] [1, 1] : memref<8x16xf32> to memref<16xf32, strided<[1], offset: ?>>
  return %r : memref<16xf32, strided<[1], offset: ?>>
}
func.func @column(%m: memref<8x16xf32>, %j: index) -> memref<8xf32, strided<[16], offset: ?>> {
  %c = memref.subview %m[0, %j] [8, 1] [1, 1] : memref<8x16xf32> to memref<8xf32, strided<[16], offset: ?>>
  return %c : memref<8xf32, strided<[16], offset: ?>>
}
func.func @unit_dims(%m: memref<1x1x4xf32>) -> memref<1x4xf32, strided<[4, 1]>> {
  %u = memref.subview %m[0, 0, 0] [1, 1, 4] [1, 1, 1] : memref<1x1x4xf32> to memref<1x4xf32, strided<[4, 1]>>
  return %u : memref<1x4xf32, strided<[4, 1]>>
}
func.func @reinterpret(%m: memref<12xf32>) -> memref<3x4xf32> {
  %r = memref.reinterpret_cast %m to offset: [0], sizes: [3, 4], strides: [4, 1] : memref<12xf32> to memref<3x4xf32>
  return %r : memref<3x4xf32>
}
func.func @reinterpret_unranked(%m: memref<12xf32>, %o: index) -> memref<?x2xf32, strided<[2, 1], offset: ?>> {
  %u = memref.cast %m : memref<12xf32> to memref<*xf32>
  %r = memref.reinterpret_cast %u to offset: [%o], sizes: [%o, 2], strides: [2, 1] : memref<*xf32> to memref<?x2xf32, strided<[2, 1], offset: ?>>
  return %r : memref<?x2xf32, strided<[2, 1], offset: ?>>
}
func.func @expand(%m: memref<?x32xf32>, %n: index) -> memref<?x4x8xf32> {
  %e = memref.expand_shape %m [[0], [1, 2]] output_shape [%n, 4, 8] : memref<?x32xf32> into memref<?x4x8xf32>
  return %e : memref<?x4x8xf32>
}
func.func @expand_dynamic(%m: memref<?xf32>, %a: index, %b: index) -> memref<?x?xf32> {
  %e = memref.expand_shape %m [[0, 1]] output_shape [%a, %b] : memref<?xf32> into memref<?x?xf32>
  return %e : memref<?x?xf32>
}
func.func @expand_strided(%m: memref<4x8xf32, strided<[16, 2], offset: 3>>) -> memref<4x2x4xf32, strided<[16, 8, 2], offset: 3>> {
  %e = memref.expand_shape %m [[0], [1, 2]] output_shape [4, 2, 4] : memref<4x8xf32, strided<[16, 2], offset: 3>> into memref<4x2x4xf32, strided<[16, 8, 2], offset: 3>>
  return %e : memref<4x2x4xf32, strided<[16, 8, 2], offset: 3>>
}
func.func @collapse(%m: memref<3x4x5xf32>) -> memref<12x5xf32> {
  %c = memref.collapse_shape %m [[0, 1], [2]] : memref<3x4x5xf32> into memref<12x5xf32>
  return %c : memref<12x5xf32>
}
func.func @collapse_strided(%m: memref<?x?xf32, strided<[?, 1], offset: ?>>) -> memref<?xf32, strided<[?], offset: ?>> {
  %c = memref.collapse_shape %m [[0, 1]] : memref<?x?xf32, strided<[?, 1], offset: ?>> into memref<?xf32, strided<[?], offset: ?>>
  return %c : memref<?xf32, strided<[?], offset: ?>>
}
func.func @collapse_all(%m: memref<1x1xf32>) -> memref<f32> {
  %c = memref.collapse_shape %m [] : memref<1x1xf32> into memref<f32>
  return %c : memref<f32>
}
func.func @cast_static(%m: memref<?xf32>) -> memref<4xf32> {
  %c = memref.cast %m : memref<?xf32> to memref<4xf32>
  return %c : memref<4xf32>
}
func.func @cast_identity(%m: memref<?x?xf32, strided<[?, ?], offset: ?>>) -> memref<?x?xf32> {
  %c = memref.cast %m : memref<?x?xf32, strided<[?, ?], offset: ?>> to memref<?x?xf32>
  return %c : memref<?x?xf32>
}
func.func @unranked_round_trip(%m: memref<2x3xi32>) -> (index, memref<2x3xi32>) {
  %u = memref.cast %m : memref<2x3xi32> to memref<*xi32>
  %r = memref.rank %u : memref<*xi32>
  %back = memref.cast %u : memref<*xi32> to memref<2x3xi32>
  return %r, %back : index, memref<2x3xi32>
}
func.func @dims(%m: memref<?x7xf32>, %i: index) -> index {
  %d = memref.dim %m, %i : memref<?x7xf32>
  return %d : index
}
func.func @metadata(%m: memref<3x5xf32, strided<[16, 2], offset: 36>>) -> (memref<f32>, index, index, index, index, index, memref<?x?xf32, strided<[?, ?], offset: ?>>) {
  %base, %offset, %sizes:2, %strides:2 = memref.extract_strided_metadata %m : memref<3x5xf32, strided<[16, 2], offset: 36>> -> memref<f32>, index, index, index, index, index
  %r = memref.reinterpret_cast %base to offset: [%offset], sizes: [%sizes#0, %sizes#1], strides: [%strides#0, %strides#1] : memref<f32> to memref<?x?xf32, strided<[?, ?], offset: ?>>
  return %base, %offset, %sizes#0, %sizes#1, %strides#0, %strides#1, %r : memref<f32>, index, index, index, index, index, memref<?x?xf32, strided<[?, ?], offset: ?>>
}
func.func @aligned(%m: memref<4xf32>) -> memref<4xf32> {
  %a = memref.assume_alignment %m, 16 : memref<4xf32>
  return %a : memref<4xf32>
}
`,
    'views.mlir',
  );
  const m8x16 = (): MemrefView => arg(program, 'subview', 0, iota(128));

  it('subview: offsets, sizes and strides, static', () => {
    const [s] = program.run('subview', [m8x16()]).results!;
    expect(layoutOf(s)).toEqual({ offset: 36, sizes: [3, 5], strides: [16, 2] });
    expect(memrefElements(view(s))).toEqual([36, 38, 40, 42, 44, 52, 54, 56, 58, 60, 68, 70, 72, 74, 76]);
  });

  it('subview: dynamic offsets, sizes and strides, checked at run time against the source', () => {
    const [s] = program.run('dynamic_subview', [m8x16(), 3, 4, 2]).results!;
    expect(layoutOf(s)).toEqual({ offset: 3 * 16 + 1, sizes: [2, 4], strides: [32, 2] });
    expect(memrefElements(view(s))).toEqual([49, 51, 53, 55, 81, 83, 85, 87]);
    expect(program.run('dynamic_subview', [m8x16(), 7, 4, 2]).error).toBe(
      'views.mlir:6:8: error: the subview reaches index 9 of dimension 0, whose size is 8 (memref 8x16 of f32 with strides [16, 1] at offset 0 in argument #0)\n' +
        '  %v = memref.subview %m[%o, 1] [2, %n] [%s, %s] : memref<8x16xf32> to memref<2x?xf32, strided<[?, ?], offset: ?>>\n' +
        '       ^\n',
    );
    expect(program.run('dynamic_subview', [m8x16(), 0, 9, 2]).error).toContain('the subview reaches index 17 of dimension 1, whose size is 16');
    expect(program.run('dynamic_subview', [m8x16(), 0, -1, 1]).error).toContain('the subview has the negative size -1 in dimension 1');
    // An empty subview may start at the end.
    expect(layoutOf(program.run('dynamic_subview', [m8x16(), 0, 0, 1]).results![0]).sizes).toEqual([2, 0]);
  });

  it('rank-reducing subviews drop the unit dimensions MLIR drops', () => {
    const m = m8x16();
    const [r] = program.run('row', [m, 2]).results!;
    expect(layoutOf(r)).toEqual({ offset: 32, sizes: [16], strides: [1] });
    const [c] = program.run('column', [m, 5]).results!;
    expect(layoutOf(c)).toEqual({ offset: 5, sizes: [8], strides: [16] });
    expect(memrefElements(view(c))).toEqual([5, 21, 37, 53, 69, 85, 101, 117]);
    // Two unit dimensions, one dropped: the strides of the result (4, 1) keep the second (stride 4), drop the first.
    const [u] = program.run('unit_dims', [arg(program, 'unit_dims', 0, iota(4))]).results!;
    expect(layoutOf(u)).toEqual({ offset: 0, sizes: [1, 4], strides: [4, 1] });
  });

  it('reinterpret_cast gives the memory any layout, from a ranked or an unranked memref', () => {
    const [r] = program.run('reinterpret', [arg(program, 'reinterpret', 0, iota(12))]).results!;
    expect(memrefElements(view(r))).toEqual(iota(12));
    expect(layoutOf(r)).toEqual({ offset: 0, sizes: [3, 4], strides: [4, 1] });
    const [u] = program.run('reinterpret_unranked', [arg(program, 'reinterpret', 0, iota(12)), 4]).results!;
    expect(memrefElements(view(u))).toEqual([4, 5, 6, 7, 8, 9, 10, 11]);
    // Accesses through a view beyond the memory are errors (the cast itself is not checked, as in MLIR).
    const [far] = program.run('reinterpret_unranked', [arg(program, 'reinterpret', 0, iota(12)), 5]).results!;
    expect(() => memrefElements(view(far))).toThrow('load reaches element 12 of argument #0, which has 12 elements');
  });

  it('expand_shape splits dimensions; the sizes of a group must multiply to the dimension', () => {
    const [e] = program.run('expand', [arg(program, 'expand', 0, iota(64), [2]), 2]).results!;
    expect(layoutOf(e)).toEqual({ offset: 0, sizes: [2, 4, 8], strides: [32, 8, 1] });
    expect(program.run('expand', [arg(program, 'expand', 0, iota(64), [2]), 3]).error).toContain(
      'views.mlir:32:8: error: the sizes [3] of group 0 multiply to 3, not to the size 2 of dimension 0 they expand',
    );
    expect(layoutOf(program.run('expand_dynamic', [arg(program, 'expand_dynamic', 0, iota(12), [12]), 3, 4]).results![0])).toEqual({ offset: 0, sizes: [3, 4], strides: [4, 1] });
    expect(program.run('expand_dynamic', [arg(program, 'expand_dynamic', 0, iota(12), [12]), 5, 2]).error).toContain('multiply to 10, not to the size 12');
    const strided = new MemrefView(Memory.allocate(argType(program, 'expand_strided', 0).elementType, 80), 3, [4, 8], [16, 2]);
    expect(layoutOf(program.run('expand_strided', [strided]).results![0])).toEqual({ offset: 3, sizes: [4, 2, 4], strides: [16, 8, 2] });
  });

  it('collapse_shape merges contiguous groups; a non-contiguous group is a runtime error', () => {
    const [c] = program.run('collapse', [arg(program, 'collapse', 0, iota(60))]).results!;
    expect(layoutOf(c)).toEqual({ offset: 0, sizes: [12, 5], strides: [5, 1] });
    const type = argType(program, 'collapse_strided', 0);
    const memory = Memory.allocate(type.elementType, 64);
    expect(layoutOf(program.run('collapse_strided', [new MemrefView(memory, 8, [3, 4], [4, 1])]).results![0])).toEqual({ offset: 8, sizes: [12], strides: [1] });
    expect(program.run('collapse_strided', [new MemrefView(memory, 8, [3, 4], [8, 1])]).error).toContain(
      'views.mlir:48:8: error: group 0 [0, 1] is not contiguous: dimension 0 has stride 8, 4 would collapse',
    );
    // A dimension of size 1 does not count.
    expect(layoutOf(program.run('collapse_strided', [new MemrefView(memory, 8, [1, 4], [99, 1])]).results![0])).toEqual({ offset: 8, sizes: [4], strides: [1] });
    expect(layoutOf(program.run('collapse_all', [arg(program, 'collapse_all', 0, [7])]).results![0])).toEqual({ offset: 0, sizes: [], strides: [] });
  });

  it('cast: the run-time sizes and layout must be those of the target type', () => {
    const type = argType(program, 'cast_static', 0);
    expect(program.run('cast_static', [createMemref(type, { sizes: [4] })]).results).toHaveLength(1);
    expect(program.run('cast_static', [createMemref(type, { sizes: [5] })]).error).toContain(
      'views.mlir:56:8: error: the memref does not have the type it is cast to (memref<4xf32>): dimension 0 has size 4 in the type, 5 in the view',
    );
    const strided = argType(program, 'cast_identity', 0);
    expect(program.run('cast_identity', [createMemref(strided, { sizes: [2, 3] })]).results).toHaveLength(1);
    expect(program.run('cast_identity', [createMemref(strided, { sizes: [2, 3], strides: [4, 1] })]).error).toContain(
      'the identity layout has row-major strides [3, 1], the view [4, 1]',
    );
    expect(program.run('cast_identity', [createMemref(strided, { sizes: [2, 3], offset: 1 })]).error).toContain('the identity layout has offset 0, the view 1');
  });

  it('casts to an unranked memref and back; rank and dim', () => {
    const m = arg(program, 'unranked_round_trip', 0, iota(6));
    const [rank, back] = program.run('unranked_round_trip', [m]).results!;
    expect(rank).toBe(2);
    expect(back).toBe(m);
    const d = arg(program, 'dims', 0, undefined, [3]);
    expect(program.run('dims', [d, 0]).results).toEqual([3]);
    expect(program.run('dims', [d, 1]).results).toEqual([7]);
    expect(program.run('dims', [d, 2]).error).toContain('views.mlir:70:8: error: dimension 2 of a memref of rank 2');
  });

  it('extract_strided_metadata gives the base buffer, offset, sizes and strides, from which reinterpret_cast rebuilds the view', () => {
    const [s] = program.run('subview', [m8x16()]).results!;
    const [base, offset, s0, s1, t0, t1, rebuilt] = program.run('metadata', [s!]).results!;
    expect(layoutOf(base)).toEqual({ offset: 0, sizes: [], strides: [] });
    expect(view(base).memory).toBe(view(s).memory);
    expect([offset, s0, s1, t0, t1]).toEqual([36, 3, 5, 16, 2]);
    expect(memrefElements(view(rebuilt))).toEqual(memrefElements(view(s)));
  });

  it('assume_alignment gives the memref', () => {
    const m = arg(program, 'aligned', 0);
    expect(program.run('aligned', [m]).results).toEqual([m]);
  });
});

describe('copy, globals and atomics', () => {
  const program = harness.parse(
    `memref.global "private" constant @table : memref<2x2xi32> = dense<[[1, 2], [3, 4]]>
memref.global "private" @counter : memref<i64> = dense<0>
memref.global "private" @scratch : memref<3xf32> = uninitialized
memref.global "private" @declared : memref<2xf32>
func.func @copy(%a: memref<2x3xf32>, %b: memref<2x3xf32, strided<[6, 2], offset: 1>>) {
  memref.copy %a, %b : memref<2x3xf32> to memref<2x3xf32, strided<[6, 2], offset: 1>>
  return
}
func.func @copy_dynamic(%a: memref<?xf32>, %b: memref<?xf32>) {
  memref.copy %a, %b : memref<?xf32> to memref<?xf32>
  return
}
func.func @read_table(%i: index, %j: index) -> i32 {
  %t = memref.get_global @table : memref<2x2xi32>
  %x = memref.load %t[%i, %j] : memref<2x2xi32>
  return %x : i32
}
func.func @write_table() {
  %c0 = arith.constant 0 : index
  %x = arith.constant 9 : i32
  %t = memref.get_global @table : memref<2x2xi32>
  memref.store %x, %t[%c0, %c0] : memref<2x2xi32>
  return
}
func.func @count() -> i64 {
  %one = arith.constant 1 : i64
  %c = memref.get_global @counter : memref<i64>
  %old = memref.load %c[] : memref<i64>
  %new = arith.addi %old, %one : i64
  memref.store %new, %c[] : memref<i64>
  %again = memref.get_global @counter : memref<i64>
  %x = memref.load %again[] : memref<i64>
  return %x : i64
}
func.func @count_twice() -> i64 {
  %a = func.call @count() : () -> i64
  %b = func.call @count() : () -> i64
  return %b : i64
}
func.func @read_scratch() -> f32 {
  %c1 = arith.constant 1 : index
  %s = memref.get_global @scratch : memref<3xf32>
  %x = memref.load %s[%c1] : memref<3xf32>
  return %x : f32
}
func.func @get_declared() {
  %d = memref.get_global @declared : memref<2xf32>
  return
}
func.func @generic(%m: memref<4xf32>, %i: index) -> f32 {
  %old = memref.generic_atomic_rmw %m[%i] : memref<4xf32> {
  ^bb0(%current: f32):
    %c2 = arith.constant 2.0 : f32
    %next = arith.mulf %current, %c2 : f32
    memref.atomic_yield %next : f32
  }
  return %old : f32
}
`,
    'globals.mlir',
  );

  it('copy copies the elements between memrefs of the same shape, whatever their layouts', () => {
    const a = arg(program, 'copy', 0, [1, 2, 3, 4, 5, 6]);
    const b = createMemref(argType(program, 'copy', 1), { data: new Array(6).fill(0) });
    expect(program.run('copy', [a, b]).results).toEqual([]);
    expect(memrefElements(b)).toEqual([1, 2, 3, 4, 5, 6]);
    // The elements between those of the strided view were never written: NaN, as new float memory is.
    expect(b.memory.toArray()).toEqual([NaN, 1, NaN, 2, NaN, 3, NaN, 4, NaN, 5, NaN, 6]);
    const type = argType(program, 'copy_dynamic', 0);
    expect(program.run('copy_dynamic', [createMemref(type, { sizes: [3] }), createMemref(type, { sizes: [4] })]).error).toContain(
      'globals.mlir:10:3: error: copy between memrefs of different shapes: 3 to 4',
    );
  });

  it('globals hold their initial values; a constant global cannot be written', () => {
    expect([0, 1].flatMap((i) => [0, 1].map((j) => program.run('read_table', [i, j]).results![0]))).toEqual([1, 2, 3, 4]);
    expect(program.run('write_table').error).toContain('globals.mlir:22:3: error: write to the global @table, which is constant');
  });

  it('a global keeps what is stored in it for the rest of the run (each run starts from its initial value)', () => {
    expect(program.run('count').results).toEqual([1n]);
    expect(program.run('count_twice').results).toEqual([2n]);
  });

  it('an uninitialized global has no values yet; a declared global has no memory', () => {
    expect(program.run('read_scratch').error).toContain('globals.mlir:43:8: error: load of element 1 of the global @scratch, which was never written');
    expect(program.run('get_declared').error).toContain('globals.mlir:47:8: error: the global @declared is only declared');
  });

  it('generic_atomic_rmw stores what its region yields and gives the value before', () => {
    const m = arg(program, 'generic', 0, [1, 2, 3, 4]);
    expect(program.run('generic', [m, 2]).results).toEqual([3]);
    expect(memrefElements(m)).toEqual([1, 2, 6, 4]);
  });

  describe('atomic_rmw stores `memory kind value` and gives the value before', () => {
    const run = (kind: string, type: string, current: RuntimeValue, v: RuntimeValue): [RuntimeValue | string, RuntimeValue | undefined] => {
      const p = harness.parse(
        `func.func @f(%m: memref<1x${type}>, %v: ${type}) -> ${type} {\n  %c0 = arith.constant 0 : index\n  %r = memref.atomic_rmw ${kind} %v, %m[%c0] : (${type}, memref<1x${type}>) -> ${type}\n  return %r : ${type}\n}\n`,
      );
      const m = createMemref(argType(p, 'f', 0), { data: [current] });
      const r = p.run('f', [m, v]);
      return [r.error ?? r.results[0]!, r.error ? undefined : m.load([0])];
    };
    it.each([
      ['addf', 'f32', 1.5, 2.25, 3.75],
      ['addf', 'f16', 2048, 1, 2048],
      ['addi', 'i8', 100, 100, -56],
      ['andi', 'i32', 12, 10, 8],
      ['assign', 'i64', 5n, 9n, 9n],
      ['maximumf', 'f32', 1, Number.NaN, Number.NaN],
      ['maxnumf', 'f32', 1, Number.NaN, 1],
      ['maxs', 'i32', -1, 1, 1],
      ['maxu', 'i32', -1, 1, -1],
      ['minimumf', 'f64', -0, 0, -0],
      ['minnumf', 'f64', Number.NaN, 3, 3],
      ['mins', 'i16', -1, 1, -1],
      ['minu', 'i16', -1, 1, 1],
      ['mulf', 'f32', 3, 0.5, 1.5],
      ['muli', 'i8', 16, 16, 0],
      ['ori', 'i8', 0x0f, -16, -1],
      ['xori', 'i64', -1n, 5n, -6n],
    ] as const)('%s on %s: %s with %s stores %s', (kind, type, current, v, stored) => {
      const [result, after] = run(kind, type, current, v);
      expect(result).toEqual(current);
      if (typeof stored === 'number' && Number.isNaN(stored)) expect(after).toBeNaN();
      else expect(Object.is(after, stored)).toBe(true);
    });
  });
});

describe('host memrefs', () => {
  const program = harness.parse('func.func @f(%m: memref<2x?xf32>, %s: memref<3xf32, strided<[?], offset: ?>>) {\n  return\n}\n', 'host.mlir');
  const m = argType(program, 'f', 0);
  const s = argType(program, 'f', 1);

  it('createMemref fills row-major data into a view of the type, sizes and strides where the type leaves them open', () => {
    const v = createMemref(m, { sizes: [undefined, 3], data: [1, 2, 3, 4, 5, 6] });
    expect(layoutOf(v)).toEqual({ offset: 0, sizes: [2, 3], strides: [3, 1] });
    expect(v.load([1, 0])).toBe(4);
    const w = createMemref(s, { strides: [3], offset: 2, data: [7, 8, 9] });
    expect(layoutOf(w)).toEqual({ offset: 2, sizes: [3], strides: [3] });
    expect(w.memory.length).toBe(9);
    expect(program.run('f', [v, w]).results).toEqual([]);
  });

  it('createMemref rejects what does not fit the type', () => {
    expect(() => createMemref(m)).toThrow(RuntimeFault);
    expect(() => createMemref(m)).toThrow('a host memref: dimension 1 of memref<2x?xf32> is dynamic: give its size');
    expect(() => createMemref(m, { sizes: [3, 3] })).toThrow('dimension 0 of memref<2x?xf32> has size 2, 3 given');
    expect(() => createMemref(m, { sizes: [2, 2], data: [1, 2, 3] })).toThrow('3 values given for 4 elements');
  });

  it('arguments are checked against the memref types', () => {
    const ok = createMemref(s, { strides: [1] });
    const column = new MemrefView(Memory.allocate(m.elementType, 6), 0, [2, 3], [1, 2]);
    expect(program.run('f', [column, ok]).error).toContain(
      "host.mlir:1:1: error: argument #0 of 'func.func' @f (memref<2x?xf32>): the identity layout has row-major strides [3, 1], the view [1, 2]",
    );
    const integers = new MemrefView(Memory.allocate(IntegerType.get(program.ctx, 32), 6), 0, [2, 3], [3, 1]);
    expect(program.run('f', [integers, ok]).error).toContain('expected elements of f32, got a view of i32');
    expect(program.run('f', [createMemref(m, { sizes: [2, 3] }), 5]).error).toContain('argument #1 of \'func.func\' @f (memref<3xf32, strided<[?], offset: ?>>): expected a memref view, got number');
    expect(program.run('f', [createMemref(m, { sizes: [2, 3] }), createMemref(s, { strides: [2], offset: 4 })]).results).toEqual([]);
  });
});
