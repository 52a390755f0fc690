// krnl's memory ops in the reference interpreter: load/store, memset, memcpy, the tile-buffer copies (partial
// tiles, padding, transposes, tile sizes), krnl.matmul (buffers, sub-tiles, partial tiles, overcompute, integer
// elements, broadcast dimensions), views (getref, dim, shape), globals, scalar math, the runtime ops. Expected
// values are computed here from the definitions, element by element.
import { describe, expect, it } from 'vitest';
import type { RuntimeValue } from '@tlir/interpreter';
import { argument, elements, iota, krnlHarness } from './krnl-harness.js';

const harness = krnlHarness();

describe('load, store, memset, memcpy', () => {
  const program = harness.parse(`
func.func @fill(%m: memref<2x3xi32>, %v: i32) {
  krnl.memset %m, %v : memref<2x3xi32>
  return
}
func.func @copy(%d: memref<3x4xf32>, %s: memref<10xf32>, %n: i64, %doff: index, %soff: index) {
  "krnl.memcpy"(%d, %s, %n, %doff, %soff) : (memref<3x4xf32>, memref<10xf32>, i64, index, index) -> ()
  return
}
func.func @outside(%m: memref<4xf32>, %i: index) -> f32 {
  %x = krnl.load %m[%i] : memref<4xf32>
  krnl.store %x, %m[%i] : memref<4xf32>
  return %x : f32
}`);

  it('memset writes every element', () => {
    const m = argument(program, 'fill', 0, [1, 2, 3, 4, 5, 6]);
    program.run('fill', [m, -7]);
    expect(elements(m)).toEqual([-7, -7, -7, -7, -7, -7]);
  });

  it('memcpy copies elements as laid out in memory, from and to offsets', () => {
    const d = argument(program, 'copy', 0, new Array<number>(12).fill(0));
    const s = argument(program, 'copy', 1, iota(10).map((i) => i + 0.5));
    expect(program.run('copy', [d, s, 5n, 6, 2]).error).toBeUndefined();
    expect(elements(d)).toEqual([0, 0, 0, 0, 0, 0, 2.5, 3.5, 4.5, 5.5, 6.5, 0]);
    expect(program.run('copy', [d, s, 4n, 9, 0]).error).toMatch(/input\.mlir:7:3: error: krnl\.memcpy: the 4 elements at offset 9 of the destination are not all within it/);
  });

  it('load and store check their indices', () => {
    const m = argument(program, 'outside', 0, [1, 2, 3, 4]);
    expect(program.run('outside', [m, 3]).results).toEqual([4]);
    expect(program.run('outside', [m, 4]).error).toMatch(/^input\.mlir:11:8: error: index 4 is out of bounds for mode 0 of size 4/);
  });
});

describe('tile-buffer copies', () => {
  const program = harness.parse(`
func.func @to(%buf: memref<4x4xi32>, %src: memref<5x7xi32>, %i: index, %j: index) {
  %pad = arith.constant -1 : i32
  krnl.copy_to_tile_buffer %buf, %src[%i, %j], %pad : memref<4x4xi32>, memref<5x7xi32>
  return
}
func.func @padded(%buf: memref<4x4xi32>, %src: memref<5x7xi32>, %i: index, %j: index) {
  %pad = arith.constant -1 : i32
  krnl.copy_to_tile_buffer %buf, %src[%i, %j], %pad {padToNext = [2, 4]} : memref<4x4xi32>, memref<5x7xi32>
  return
}
func.func @transposed(%buf: memref<4x3xi32>, %src: memref<5x7xi32>, %i: index, %j: index) {
  %pad = arith.constant -1 : i32
  krnl.copy_to_tile_buffer %buf, %src[%i, %j], %pad {transpose = true, padToNext = [4, 3]} : memref<4x3xi32>, memref<5x7xi32>
  return
}
func.func @sized(%buf: memref<4x4xi32>, %src: memref<2x5x7xi32>, %b: index, %i: index, %j: index) {
  %pad = arith.constant -1 : i32
  krnl.copy_to_tile_buffer %buf, %src[%b, %i, %j], %pad {tileSize = [2, 3], padToNext = [1, 3]} : memref<4x4xi32>, memref<2x5x7xi32>
  return
}
func.func @from(%buf: memref<4x4xi32>, %dst: memref<5x7xi32>, %i: index, %j: index) {
  krnl.copy_from_tile_buffer %buf, %dst[%i, %j] : memref<4x4xi32>, memref<5x7xi32>
  return
}`);
  const source = iota(35).map((e) => 100 + e);
  const at = (i: number, j: number): number => source[i * 7 + j]!;
  const sentinel = () => new Array<number>(16).fill(9);

  /** The buffer the definition gives: element (x, y) written when below `written`, from the source when below `read`. */
  function expected(rows: number, cols: number, read: [number, number], written: [number, number], value: (x: number, y: number) => number): number[] {
    const out: number[] = [];
    for (let x = 0; x < rows; x++) for (let y = 0; y < cols; y++) out.push(x < written[0] && y < written[1] ? (x < read[0] && y < read[1] ? value(x, y) : -1) : 9);
    return out;
  }

  it('copies what exists of the tile and leaves the rest of the buffer without padding', () => {
    for (const [i, j] of [
      [0, 0],
      [4, 4],
      [4, 0],
      [0, 6],
    ] as const) {
      const buf = argument(program, 'to', 0, sentinel());
      program.run('to', [buf, argument(program, 'to', 1, source), i, j]);
      const read: [number, number] = [Math.min(4, 5 - i), Math.min(4, 7 - j)];
      expect(elements(buf), `${i}, ${j}`).toEqual(expected(4, 4, read, read, (x, y) => at(i + x, j + y)));
    }
  });

  it('pads to the next multiple of padToNext, not past the tile', () => {
    for (const [i, j] of [
      [0, 0],
      [4, 4],
      [3, 5],
      [4, 6],
    ] as const) {
      const buf = argument(program, 'padded', 0, sentinel());
      program.run('padded', [buf, argument(program, 'padded', 1, source), i, j]);
      const read: [number, number] = [Math.min(4, 5 - i), Math.min(4, 7 - j)];
      const written: [number, number] = [Math.min(4, Math.ceil(read[0] / 2) * 2), 4];
      expect(elements(buf), `${i}, ${j}`).toEqual(expected(4, 4, read, written, (x, y) => at(i + x, j + y)));
    }
  });

  it('transposes: buffer element (x, y) is source element (i + y, j + x)', () => {
    const buf = argument(program, 'transposed', 0, new Array<number>(12).fill(9));
    program.run('transposed', [buf, argument(program, 'transposed', 1, source), 3, 4]);
    // Buffer dimension 0 runs along source dimension 1 (from 4: 3 elements), dimension 1 along dimension 0 (2 elements).
    expect(elements(buf)).toEqual(expected(4, 3, [3, 2], [4, 3], (x, y) => at(3 + y, 4 + x)));
  });

  it('copies a tile of tileSize into an oversized buffer, with fixed outer indices', () => {
    const src3 = iota(70).map((e) => 100 + e);
    const buf = argument(program, 'sized', 0, sentinel());
    program.run('sized', [buf, argument(program, 'sized', 1, src3), 1, 4, 5]);
    expect(elements(buf)).toEqual(expected(4, 4, [1, 2], [1, 3], (x, y) => src3[35 + (4 + x) * 7 + 5 + y]!));
  });

  it('writes back only the part of the tile inside the memref', () => {
    const dst = argument(program, 'from', 1, new Array<number>(35).fill(0));
    program.run('from', [argument(program, 'from', 0, iota(16)), dst, 3, 5]);
    const want = new Array<number>(35).fill(0);
    for (let x = 0; x < 2; x++) for (let y = 0; y < 2; y++) want[(3 + x) * 7 + 5 + y] = x * 4 + y;
    expect(elements(dst)).toEqual(want);
  });
});

describe('krnl.matmul', () => {
  const program = harness.parse(`
func.func @direct(%A: memref<5x3xf32>, %B: memref<3x6xf32>, %C: memref<5x6xf32>, %i: index, %j: index, %k: index) {
  %c0 = arith.constant 0 : index
  %c5 = arith.constant 5 : index
  %c6 = arith.constant 6 : index
  %c3 = arith.constant 3 : index
  %ii, %jj, %kk = krnl.define_loops 3
  krnl.matmul %A[%c0, %c0], %B[%c0, %c0], %C[%c0, %c0], (%ii, %jj, %kk), (%i, %j, %k), (%c5, %c6, %c3)
      {computeTileSize = [4, 4, 2]} : memref<5x3xf32>, memref<3x6xf32>, memref<5x6xf32>, (!krnl.loop, !krnl.loop, !krnl.loop)
  return
}
func.func @buffered(%A: memref<4x4xi8>, %B: memref<4x4xi8>, %C: memref<2x4x4xi8>, %ai: index, %ak: index, %bk: index, %bj: index, %ci: index, %cj: index, %i: index, %j: index, %k: index, %ui: index, %uj: index, %uk: index) {
  %c1 = arith.constant 1 : index
  %ii, %jj, %kk = krnl.define_loops 3
  krnl.matmul %A[%ai, %ak], %B[%bk, %bj], %C[%c1, %ci, %cj], (%ii, %jj, %kk), (%i, %j, %k), (%ui, %uj, %uk)
      {aTileSize = [3, 4], cTileSize = [3, 2]} : memref<4x4xi8>, memref<4x4xi8>, memref<2x4x4xi8>, (!krnl.loop, !krnl.loop, !krnl.loop)
  return
}
func.func @over(%A: memref<4x4xf32>, %B: memref<4x4xf32>, %C: memref<4x4xf32>, %ui: index, %uj: index, %uk: index) {
  %c0 = arith.constant 0 : index
  %ii, %jj, %kk = krnl.define_loops 3
  krnl.matmul %A[%c0, %c0], %B[%c0, %c0], %C[%c0, %c0], (%ii, %jj, %kk), (%c0, %c0, %c0), (%ui, %uj, %uk)
      {overcompute = true} : memref<4x4xf32>, memref<4x4xf32>, memref<4x4xf32>, (!krnl.loop, !krnl.loop, !krnl.loop)
  return
}`);

  /** C[c + (i, j)] += sum_k A[a + (i, k)] * B[b + (k, j)] over the trips, in the element type's arithmetic. */
  function reference(
    C: number[],
    cols: { a: number; b: number; c: number },
    at: { a: (i: number, k: number) => number; b: (k: number, j: number) => number; c: (i: number, j: number) => number },
    trips: [number, number, number],
    round: (x: number) => number,
    A: readonly number[],
    B: readonly number[],
  ): number[] {
    const out = [...C];
    for (let i = 0; i < trips[0]; i++) {
      for (let j = 0; j < trips[1]; j++) {
        let acc = out[at.c(i, j)]!;
        for (let k = 0; k < trips[2]; k++) acc = round(round(A[at.a(i, k)]! * B[at.b(k, j)]!) + acc);
        out[at.c(i, j)] = acc;
      }
    }
    void cols;
    return out;
  }

  it('computes one compute tile, cut at the global upper bounds', () => {
    const A = iota(15).map((e) => Math.fround(0.1 * e - 0.7));
    const B = iota(18).map((e) => Math.fround(0.3 * e + 0.05));
    for (const [i, j, k] of [
      [0, 0, 0],
      [4, 4, 2],
      [0, 4, 0],
      [4, 0, 2],
      [3, 1, 1],
    ] as const) {
      const C0 = iota(30).map((e) => Math.fround(e / 8));
      const C = argument(program, 'direct', 2, C0);
      expect(program.run('direct', [argument(program, 'direct', 0, A), argument(program, 'direct', 1, B), C, i, j, k]).error).toBeUndefined();
      const trips: [number, number, number] = [Math.min(4, 5 - i), Math.min(4, 6 - j), Math.min(2, 3 - k)];
      const want = reference(C0, { a: 3, b: 6, c: 6 }, { a: (x, z) => (i + x) * 3 + k + z, b: (z, y) => (k + z) * 6 + j + y, c: (x, y) => (i + x) * 6 + j + y }, trips, Math.fround, A, B);
      expect(elements(C), `${i}, ${j}, ${k}`).toEqual(want);
    }
  });

  it('computes in buffers that start at global indices, with tile sizes, broadcast indices and wrapping integers', () => {
    const A = iota(16).map((e) => e * 9 - 60);
    const B = iota(16).map((e) => 50 - e * 7);
    const C0 = iota(32).map((e) => e - 16);
    const C = argument(program, 'buffered', 2, C0);
    // Buffers: A holds rows 8.. and columns 4.., B rows 4.. and columns 12.., C rows 8.. and columns 12.. (of slice 1).
    const args: RuntimeValue[] = [argument(program, 'buffered', 0, A), argument(program, 'buffered', 1, B), C, 8, 4, 4, 12, 8, 12, 9, 12, 5, 11, 20, 7];
    expect(program.run('buffered', args).error).toBeUndefined();
    // Compute tile: i and j from C's tile (3, 2), k from A's (4); cut at (11, 20, 7) from (9, 12, 5): (2, 2, 2).
    const wrap = (x: number) => ((((x + 128) % 256) + 256) % 256) - 128;
    const want = reference(C0, { a: 4, b: 4, c: 4 }, { a: (x, z) => (1 + x) * 4 + 1 + z, b: (z, y) => (1 + z) * 4 + y, c: (x, y) => 16 + (1 + x) * 4 + y }, [2, 2, 2], wrap, A, B);
    expect(elements(C)).toEqual(want);
  });

  it('overcomputes rows and columns past the upper bounds, never the sums', () => {
    const A = iota(16).map((e) => e + 1);
    const B = iota(16).map((e) => 2 * e - 9);
    const C0 = new Array<number>(16).fill(0.5);
    const C = argument(program, 'over', 2, C0);
    program.run('over', [argument(program, 'over', 0, A), argument(program, 'over', 1, B), C, 2, 3, 1]);
    const want = reference(C0, { a: 4, b: 4, c: 4 }, { a: (x, z) => x * 4 + z, b: (z, y) => z * 4 + y, c: (x, y) => x * 4 + y }, [4, 4, 1], Math.fround, A, B);
    expect(elements(C)).toEqual(want);
  });
});

describe('views, globals, scalar math and the runtime', () => {
  const written: string[] = [];
  const calls: RuntimeValue[][] = [];
  const h = krnlHarness({ write: (t) => written.push(t), externalFunctions: { record: (p) => calls.push([...p]) } });
  const program = h.parse(`
func.func @views(%pool: memref<8xf32>, %bytes: memref<16xi8>, %n: index) -> (f32, i32, index, index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %off = arith.constant 2 : i64
  %v = "krnl.getref"(%pool, %off, %n) : (memref<8xf32>, i64, index) -> memref<?x2xf32>
  %x = krnl.load %v[%c1, %c1] : memref<?x2xf32>
  %b4 = arith.constant 4 : i64
  %w = "krnl.getref"(%bytes, %b4) : (memref<16xi8>, i64) -> memref<2xi32>
  %y = krnl.load %w[%c1] : memref<2xi32>
  %d = "krnl.dim"(%v, %c0) : (memref<?x2xf32>, index) -> index
  %s = "krnl.shape"(%v) : (memref<?x2xf32>) -> memref<2xindex>
  %s1 = krnl.load %s[%c1] : memref<2xindex>
  return %x, %y, %d, %s1 : f32, i32, index, index
}
func.func @global(%i: index) -> f32 {
  %g = "krnl.global"() {name = "w", shape = [2, 2], value = dense<[[1.5, 2.5], [3.5, 4.5]]> : tensor<2x2xf32>} : () -> memref<2x2xf32>
  %c1 = arith.constant 1 : index
  %x = krnl.load %g[%i, %c1] : memref<2x2xf32>
  return %x : f32
}
func.func @math(%x: f32) -> (f32, i1, i1) {
  %e = "krnl.erf"(%x) : (f32) -> f32
  %n = "krnl.isnan"(%x) : (f32) -> i1
  %i = "krnl.isinf"(%x) : (f32) -> i1
  return %e, %n, %i : f32, i1, i1
}
func.func @runtime(%x: f32, %m: memref<2x2xi32>) {
  "krnl.print"(%x) {format = "x = %8.3f|%-5d|\\n"} : (f32) -> ()
  "krnl.print"() {format = "done %%\\n"} : () -> ()
  "krnl.print_tensor"(%m) {msg = "m: %t %d"} : (memref<2x2xi32>) -> ()
  "krnl.runtime_instrument"() {opName = "x", tag = 1 : i64} : () -> ()
  "krnl.call"(%m, %x) {funcName = "record", numOfOutput = 1 : si64} : (memref<2x2xi32>, f32) -> ()
  return
}
func.func @random(%m: memref<4xf32>, %f: f32) {
  %c4 = arith.constant 4 : index
  "krnl.random_normal"(%m, %c4, %f, %f, %f) : (memref<4xf32>, index, f32, f32, f32) -> ()
  return
}`);

  it('getref views a pool (of its element type, or of its bytes), dim and shape read sizes', () => {
    const bytes = new Int8Array(new Int32Array([11, 22, -33, 44]).buffer);
    const r = program.run('views', [argument(program, 'views', 0, iota(8).map((e) => e + 0.25)), argument(program, 'views', 1, [...bytes]), 3]);
    expect(r.error).toBeUndefined();
    expect(r.results).toEqual([5.25, -33, 3, 2]);
  });

  it('krnl.global holds its dense value', () => {
    expect(program.run('global', [1]).results).toEqual([4.5]);
  });

  it('scalar math is the math dialect’s', () => {
    const math = h.parse('func.func @erf(%x: f32) -> f32 {\n  %e = math.erf %x : f32\n  return %e : f32\n}');
    expect(program.run('math', [0.5]).results).toEqual([math.run('erf', [0.5]).results![0], 0, 0]);
    expect(program.run('math', [Infinity]).results).toEqual([1, 0, 1]);
  });

  it('print, print_tensor and call go to the host', () => {
    written.length = 0;
    const m = argument(program, 'runtime', 1, [1, 2, 3, 4]);
    expect(program.run('runtime', [1.25, m]).error).toBeUndefined();
    expect(written).toEqual(['x =    1.250||\n', 'done %\n', 'm: 2x2xi32 1 2 3 4\n']);
    expect(calls).toEqual([[m, 1.25]]);
  });

  it('random_normal writes every element it is asked for (its statistics: runtime-library.test.ts)', () => {
    const m = argument(program, 'random', 0);
    expect(program.run('random', [m, 1]).error).toBeUndefined();
    expect(elements(m).every((v) => Number.isFinite(v))).toBe(true);
  });
});
