// krnl loop schedules in the reference interpreter: the order in which krnl.iterate visits its iterations (blocks
// with partial tiles, permutations, blocked tile loops, nests split over nested krnl.iterate ops), what
// krnl.get_induction_var_value and the induction variables give, loop-carried values, and the schedules that
// cannot run (located errors). Each test records the visit order in memory and compares it with the order
// enumerated here from the schedule's definition.
import { describe, expect, it } from 'vitest';
import { argument, elements, krnlHarness } from './krnl-harness.js';

const harness = krnlHarness();

/** Positions in visit order: `order[p]` is the element visited p-th; returns element -> p. */
function rankOf(order: readonly number[], size: number): number[] {
  const rank = new Array<number>(size).fill(-1);
  order.forEach((e, p) => (rank[e] = p));
  return rank;
}

/** A range: lo, lo + step, ... below hi. */
function* range(lo: number, hi: number, step = 1): Generator<number> {
  for (let i = lo; i < hi; i += step) yield i;
}

describe('the order of iterations', () => {
  // Each iteration stores the number of iterations before it at out[i, j] (a counter carried through the nest).
  const program = harness.parse(`
func.func @tiled(%out: memref<7x5xindex>) -> index {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %ii, %jj = krnl.define_loops 2
  %ib, %il = krnl.block %ii 3 : (!krnl.loop) -> (!krnl.loop, !krnl.loop)
  %jb, %jl = krnl.block %jj 2 : (!krnl.loop) -> (!krnl.loop, !krnl.loop)
  krnl.permute(%ib, %il, %jb, %jl) [0, 2, 1, 3] : !krnl.loop, !krnl.loop, !krnl.loop, !krnl.loop
  %n = krnl.iterate(%ib, %il, %jb, %jl) with (%ii -> %i = 0 to 7, %jj -> %j = 0 to 5) iter_args(%count = %c0) -> (index) {
    krnl.store %count, %out[%i, %j] : memref<7x5xindex>
    %next = arith.addi %count, %c1 : index
    krnl.yield %next : index
  }
  return %n : index
}
func.func @spec_permute(%out: memref<2x3x4xindex>) -> index {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %ii, %jj, %kk = krnl.define_loops 3
  krnl.permute(%ii, %jj, %kk) [1, 2, 0] : !krnl.loop, !krnl.loop, !krnl.loop
  %n = krnl.iterate(%ii, %jj, %kk) with (%ii -> %i = 0 to 2, %jj -> %j = 0 to 3, %kk -> %k = 0 to 4) iter_args(%count = %c0) -> (index) {
    krnl.store %count, %out[%i, %j, %k] : memref<2x3x4xindex>
    %next = arith.addi %count, %c1 : index
    krnl.yield %next : index
  }
  return %n : index
}
func.func @blocked_tile(%out: memref<23xindex>, %lb: index, %ub: index) -> index {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %ii = krnl.define_loops 1
  %ib, %il = krnl.block %ii 4 : (!krnl.loop) -> (!krnl.loop, !krnl.loop)
  %ibb, %ibl = krnl.block %ib 2 : (!krnl.loop) -> (!krnl.loop, !krnl.loop)
  %n = krnl.iterate(%ibb, %ibl, %il) with (%ii -> %i = %lb to %ub) iter_args(%count = %c0) -> (index) {
    krnl.store %count, %out[%i] : memref<23xindex>
    %next = arith.addi %count, %c1 : index
    krnl.yield %next : index
  }
  return %n : index
}
func.func @point_reblocked(%out: memref<23xindex>) -> index {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %ii = krnl.define_loops 1
  %ib, %il = krnl.block %ii 7 : (!krnl.loop) -> (!krnl.loop, !krnl.loop)
  %ilb, %ill = krnl.block %il 3 : (!krnl.loop) -> (!krnl.loop, !krnl.loop)
  %n = krnl.iterate(%ib, %ilb, %ill) with (%ii -> %i = 0 to 23) iter_args(%count = %c0) -> (index) {
    krnl.store %count, %out[%i] : memref<23xindex>
    %next = arith.addi %count, %c1 : index
    krnl.yield %next : index
  }
  return %n : index
}`);

  it('runs tile loops outside point loops, with partial last tiles', () => {
    const out = argument(program, 'tiled', 0);
    const r = program.run('tiled', [out]);
    expect(r.error).toBeUndefined();
    expect(r.results).toEqual([35]);
    const order: number[] = [];
    for (const ib of range(0, 7, 3)) for (const jb of range(0, 5, 2)) for (const i of range(ib, Math.min(ib + 3, 7))) for (const j of range(jb, Math.min(jb + 2, 5))) order.push(i * 5 + j);
    expect(elements(out)).toEqual(rankOf(order, 35));
  });

  it('sends the i-th loop of krnl.permute to position map[i] (the spec example runs %kk outermost)', () => {
    const out = argument(program, 'spec_permute', 0);
    expect(program.run('spec_permute', [out]).results).toEqual([24]);
    const order: number[] = [];
    for (const k of range(0, 4)) for (const i of range(0, 2)) for (const j of range(0, 3)) order.push(i * 12 + j * 4 + k);
    expect(elements(out)).toEqual(rankOf(order, 24));
  });

  it('blocks a tile loop in steps of whole tiles, from a dynamic lower bound', () => {
    for (const [lb, ub] of [
      [3, 23],
      [0, 16],
      [5, 6],
      [9, 9],
      [12, 4],
    ] as const) {
      const out = argument(program, 'blocked_tile', 0, new Array<number>(23).fill(-1));
      const r = program.run('blocked_tile', [out, lb, ub]);
      const order: number[] = [];
      for (const ibb of range(lb, ub, 8)) for (const ibl of range(ibb, Math.min(ibb + 8, ub), 4)) for (const i of range(ibl, Math.min(ibl + 4, ub))) order.push(i);
      expect(r.results, `${lb} to ${ub}`).toEqual([order.length]);
      const expected = new Array<number>(23).fill(-1);
      order.forEach((e, p) => (expected[e] = p));
      expect(elements(out)).toEqual(expected);
    }
  });

  it('blocks a point loop within its tile (tiles of 7 cut in 3, 3, 1)', () => {
    const out = argument(program, 'point_reblocked', 0);
    expect(program.run('point_reblocked', [out]).results).toEqual([23]);
    const order: number[] = [];
    for (const ib of range(0, 23, 7)) for (const ilb of range(ib, Math.min(ib + 7, 23), 3)) for (const i of range(ilb, Math.min(ilb + 3, ib + 7, 23))) order.push(i);
    expect(order).toEqual([...range(0, 23)]);
    expect(elements(out)).toEqual([...range(0, 23)]);
  });
});

describe('nested krnl.iterate, induction variables and loop-carried values', () => {
  const program = harness.parse(`
func.func @split(%tiles: memref<10x2xindex>, %sum: memref<10xindex>) {
  %ii = krnl.define_loops 1
  %ib, %il = krnl.block %ii 4 : (!krnl.loop) -> (!krnl.loop, !krnl.loop)
  krnl.iterate(%ib) with (%ii -> %i = 0 to 10) {
    %t = krnl.get_induction_var_value(%ib) : (!krnl.loop) -> index
    krnl.iterate(%il) with () {
      %t2, %e = krnl.get_induction_var_value(%ib, %il) : (!krnl.loop, !krnl.loop) -> (index, index)
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      krnl.store %t, %tiles[%i, %c0] : memref<10x2xindex>
      krnl.store %e, %tiles[%i, %c1] : memref<10x2xindex>
      %s = arith.addi %t2, %i : index
      krnl.store %s, %sum[%e] : memref<10xindex>
    }
  }
  return
}
func.func @carried(%A: memref<10xf32>, %zero: f32, %n: index) -> (f32, f32) {
  %ii = krnl.define_loops 1
  %ib, %il = krnl.block %ii 4 : (!krnl.loop) -> (!krnl.loop, !krnl.loop)
  %s = krnl.iterate(%ib, %il) with (%ii -> %i = 0 to %n) iter_args(%acc = %zero) -> (f32) {
    %v = krnl.load %A[%i] : memref<10xf32>
    %next = arith.addf %acc, %v : f32
    krnl.yield %next : f32
  }
  %jj = krnl.define_loops 1
  %once = krnl.iterate() with (%jj -> %j = 0 to 5) iter_args(%acc = %zero) -> (f32) {
    %one = arith.constant 1.0 : f32
    %next = arith.addf %acc, %one : f32
    krnl.yield %next : f32
  }
  return %s, %once : f32, f32
}
func.func @marks(%out: memref<6x4xindex>) {
  %ii, %jj = krnl.define_loops 2
  %ib, %il = krnl.block %ii 4 : (!krnl.loop) -> (!krnl.loop, !krnl.loop)
  krnl.parallel %ib mapping workgroup_x : !krnl.loop
  krnl.unroll %il : !krnl.loop
  krnl.parallel %jj : !krnl.loop
  krnl.iterate(%ib, %il, %jj) with (%ii -> %i = 0 to 6, %jj -> %j = 0 to 4) {
    %v = arith.addi %i, %j : index
    krnl.store %v, %out[%i, %j] : memref<6x4xindex>
  }
  return
}
func.func @specialized(%out: memref<3xindex>) {
  %ii, %jj = krnl.define_loops 2
  krnl.specialized_kernel(%jj) : !krnl.loop
  krnl.iterate(%ii) with (%ii -> %i = 0 to 3, %jj -> %j = 0 to 100) {
    krnl.store %i, %out[%i] : memref<3xindex>
  }
  return
}`);

  it('gives the first index of the tile for a tile loop and the element index for the point loop and %i', () => {
    const tiles = argument(program, 'split', 0);
    const sum = argument(program, 'split', 1);
    expect(program.run('split', [tiles, sum]).error).toBeUndefined();
    expect(elements(tiles)).toEqual([...range(0, 10)].flatMap((i) => [i - (i % 4), i]));
    expect(elements(sum)).toEqual([...range(0, 10)].map((i) => i - (i % 4) + i));
  });

  it('carries values through every iteration of the nest, and runs a body once when no loop is run', () => {
    const data = [0.5, 1.25, -2, 8, 3.75, 0.125, -1.5, 2, 9, 4];
    for (const n of [10, 7, 4, 0]) {
      const A = argument(program, 'carried', 0, data);
      const expected = data.slice(0, n).reduce((a, v) => Math.fround(a + v), 0);
      expect(program.run('carried', [A, 0, n]).results, `n = ${n}`).toEqual([expected, 1]);
    }
  });

  it('runs parallel and unrolled loops as loops', () => {
    const out = argument(program, 'marks', 0);
    expect(program.run('marks', [out]).error).toBeUndefined();
    expect(elements(out)).toEqual([...range(0, 6)].flatMap((i) => [...range(0, 4)].map((j) => i + j)));
  });

  it('does not run the loops a specialized kernel computes', () => {
    const out = argument(program, 'specialized', 0);
    expect(program.run('specialized', [out]).error).toBeUndefined();
    expect(elements(out)).toEqual([0, 1, 2]);
  });
});

describe('schedules that cannot run', () => {
  const cases: [string, string, RegExp][] = [
    [
      'a point loop outside its tile loop',
      `%ii = krnl.define_loops 1
  %ib, %il = krnl.block %ii 4 : (!krnl.loop) -> (!krnl.loop, !krnl.loop)
  krnl.permute(%ib, %il) [1, 0] : !krnl.loop, !krnl.loop
  krnl.iterate(%ib, %il) with (%ii -> %i = 0 to 10) {
  }`,
      /^input\.mlir:6:3: error: the loop schedule cannot run: 'krnl\.iterate' op runs the point loop of the krnl\.block at input\.mlir:4:14 outside the tile loop of the krnl\.block at input\.mlir:4:14, whose index its range depends on/,
    ],
    [
      'an induction variable used where its loop does not run',
      `%ii = krnl.define_loops 1
  %ib, %il = krnl.block %ii 4 : (!krnl.loop) -> (!krnl.loop, !krnl.loop)
  krnl.iterate(%ib) with (%ii -> %i = 0 to 10) {
    %x = arith.addi %i, %i : index
    krnl.iterate(%il) with () {
    }
  }`,
      /cannot run: 'arith\.addi' op uses induction variable #0 of the 'krnl\.iterate' at input\.mlir:5:3 where its loop does not run: it is the index of the point loop of the krnl\.block at input\.mlir:4:14, which no 'krnl\.iterate' around this use runs \(at input\.mlir:6:10\)/,
    ],
    [
      'a loop blocked twice',
      `%ii = krnl.define_loops 1
  %a, %b = krnl.block %ii 4 : (!krnl.loop) -> (!krnl.loop, !krnl.loop)
  %c, %d = krnl.block %ii 2 : (!krnl.loop) -> (!krnl.loop, !krnl.loop)
  krnl.iterate(%a, %b) with (%ii -> %i = 0 to 10) {
  }`,
      /'krnl\.block' op blocks loop #0 of the krnl\.define_loops at input\.mlir:3:9, which the krnl\.block at input\.mlir:4:12 already blocks \(at input\.mlir:5:12\)/,
    ],
    [
      'a loop left out before a loop that runs',
      `%ii, %jj = krnl.define_loops 2
  krnl.iterate(%jj) with (%ii -> %i = 0 to 10, %jj -> %j = 0 to 3) {
  }`,
      /runs loop #1 of the krnl\.define_loops at input\.mlir:3:14, but loop #0 of the krnl\.define_loops at input\.mlir:3:14 comes before it in the schedule and is run neither by this nor by an enclosing 'krnl\.iterate'/,
    ],
    [
      'a blocked loop run whole',
      `%ii = krnl.define_loops 1
  %a, %b = krnl.block %ii 4 : (!krnl.loop) -> (!krnl.loop, !krnl.loop)
  krnl.iterate(%ii) with (%ii -> %i = 0 to 10) {
  }`,
      /runs loop #0, loop #0 of the krnl\.define_loops at input\.mlir:3:9, which the krnl\.block at input\.mlir:4:12 splits: run its tile and point loops/,
    ],
    [
      'a parallel loop carrying values',
      `%ii = krnl.define_loops 1
  krnl.parallel %ii : !krnl.loop
  %c0 = arith.constant 0 : index
  %r = krnl.iterate(%ii) with (%ii -> %i = 0 to 10) iter_args(%a = %c0) -> (index) {
    krnl.yield %a : index
  }`,
      /'krnl\.parallel' op makes loop #0 of the krnl\.define_loops at input\.mlir:3:9 parallel, but the 'krnl\.iterate' at input\.mlir:6:8 that runs it carries values/,
    ],
    [
      'a loop both unrolled and parallel',
      `%ii = krnl.define_loops 1
  krnl.parallel %ii : !krnl.loop
  krnl.unroll %ii : !krnl.loop
  krnl.iterate(%ii) with (%ii -> %i = 0 to 10) {
  }`,
      /'krnl\.unroll' op unrolls loop #0 of the krnl\.define_loops at input\.mlir:3:9, which the krnl\.parallel at input\.mlir:4:3 makes parallel/,
    ],
  ];
  for (const [what, body, message] of cases) {
    it(`reports ${what}, located`, () => {
      const p = harness.parse(`// ${what}\nfunc.func @f() {\n  ${body}\n  return\n}\n`);
      const r = p.run('f');
      expect(r.error).toMatch(message);
    });
  }
});
