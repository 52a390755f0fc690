// The analyses of the gpu lowering, on small kernels: which work-item ids values and control depend on, where memory
// lives and what may alias, bounds on trip counts, which loops of the work-group can be dealt to work-items, and
// the rows a dealt loop writes and reads.
import { describe, expect, it } from 'vitest';
import { ArithDialect } from '@tlir/dialect-arith';
import { FuncDialect } from '@tlir/dialect-func';
import { MemRefDialect } from '@tlir/dialect-memref';
import { ScfDialect } from '@tlir/dialect-scf';
import { Context, formatDiagnostic, parseSourceString, type Operation, type Value } from '@tlir/ir';
import { GpuDialect } from '@tlir/dialect-gpu';
import { ThreadDependence, asPreviousIteration, disjointRows, isDistributableLoop, loadedRows, mayAlias, memoryRoot, nonNegativeSpan, tripCountBound, valueRange, writtenRows } from '@tlir/gpu-kernel-analysis';

/** The gpu.func of `body` (a kernel of a 4 x 2 work-group with the arguments `args`). */
function kernel(args: string, body: string, workgroup = ''): Operation {
  const ctx = new Context({ dialects: [FuncDialect, ArithDialect, ScfDialect, MemRefDialect, GpuDialect], allowUnregisteredDialects: true });
  const errors: string[] = [];
  ctx.diagnostics.addHandler((d) => errors.push(formatDiagnostic(d, ctx.sources)));
  const text = `module attributes {gpu.container_module} { gpu.module @m {
    gpu.func @k(${args}) ${workgroup} kernel attributes {known_block_size = array<i32: 4, 2, 1>} {
      ${body}
      gpu.return
    } } }`;
  const module = parseSourceString(ctx, text, 'k.mlir');
  if (!module) throw new Error(errors.join(''));
  let found: Operation | undefined;
  module.walk((op) => void (op.name === 'gpu.func' && (found = op)));
  return found!;
}

/** The ops of `k` named `name`, in program order. */
function ops(k: Operation, name: string): Operation[] {
  const out: Operation[] = [];
  k.walk((op) => void (op.name === name && out.push(op)), 'pre');
  return out;
}

/** The value a `"test.use"(%v)` names, by position. */
const used = (k: Operation, i: number): Value => ops(k, 'test.use')[i]!.operands[0]!;

describe('ThreadDependence', () => {
  it('follows ids through data, loops (bounds and carried values) and branches', () => {
    const k = kernel(
      '%n: index, %A: memref<8xf32>',
      `%c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %tx = gpu.thread_id x
      %ty = gpu.thread_id y
      %bx = gpu.block_id x
      %s = arith.addi %tx, %n : index
      %u = arith.addi %bx, %n : index
      %sum = scf.for %i = %c0 to %ty step %c1 iter_args(%a = %c0) -> (index) {
        %b = arith.addi %a, %c1 : index
        "test.use"(%i) : (index) -> ()
        scf.yield %b : index
      }
      %first = arith.cmpi eq, %tx, %c0 : index
      %r = scf.if %first -> (index) {
        scf.yield %c0 : index
      } else {
        scf.yield %c1 : index
      }
      %p = memref.alloca() : memref<2xf32>
      %x = memref.load %p[%c0] : memref<2xf32>
      %y = memref.load %A[%c0] : memref<8xf32>
      "test.use"(%s) : (index) -> ()
      "test.use"(%u) : (index) -> ()
      "test.use"(%sum) : (index) -> ()
      "test.use"(%r) : (index) -> ()
      "test.use"(%x) : (f32) -> ()
      "test.use"(%y) : (f32) -> ()`,
    );
    const deps = new ThreadDependence(k);
    const [insideLoop, s, u, sum, r, x, y] = [0, 1, 2, 3, 4, 5, 6].map((i) => deps.of(used(k, i)));
    expect(s).toBe(1); // x
    expect(u).toBe(0); // block ids are the same for the work-group
    expect(sum).toBe(2); // the trip count depends on y
    expect(r).toBe(1);
    expect(x).toBe(7); // private memory: every work-item's own
    expect(y).toBe(0); // a uniform load
    expect(insideLoop).toBe(0); // the induction variable: 0, 1, ... on every work-item that runs the iteration
    // The loop body runs under control that depends on y; the uses after it under none.
    expect(deps.controlOf(ops(k, 'test.use')[0]!)).toBe(2);
    expect(deps.controlOf(ops(k, 'test.use')[1]!)).toBe(0);
    expect(deps.isUniformControl(ops(k, 'scf.for')[0]!)).toBe(false);
  });
});

describe('memory roots', () => {
  it('traces views to their buffer and says what may alias', () => {
    const k = kernel(
      '%A: memref<8xf32>, %B: memref<8xf32>',
      `%p = memref.alloca() : memref<2xf32>
      %va = memref.subview %A[2] [4] [1] : memref<8xf32> to memref<4xf32, strided<[1], offset: 2>>
      %vw = memref.cast %w : memref<4xf32, #gpu.address_space<workgroup>> to memref<?xf32, #gpu.address_space<workgroup>>
      "test.use"(%va) : (memref<4xf32, strided<[1], offset: 2>>) -> ()
      "test.use"(%vw) : (memref<?xf32, #gpu.address_space<workgroup>>) -> ()
      "test.use"(%p) : (memref<2xf32>) -> ()`,
      'workgroup(%w : memref<4xf32, #gpu.address_space<workgroup>>, %w2 : memref<4xf32, #gpu.address_space<workgroup>>)',
    );
    const entry = k.regions[0]!.firstBlock!;
    const [A, B, w, w2] = entry.args;
    const va = memoryRoot(used(k, 0));
    const vw = memoryRoot(used(k, 1));
    expect(va).toEqual({ space: 'global', value: A });
    expect(vw).toEqual({ space: 'workgroup', value: w });
    expect(memoryRoot(used(k, 2)).space).toBe('private');
    expect(mayAlias(va, memoryRoot(A!))).toBe(true);
    expect(mayAlias(va, memoryRoot(B!))).toBe(false); // distinct kernel arguments, as tinytc assumes
    expect(mayAlias(vw, memoryRoot(w2!))).toBe(false);
    expect(mayAlias(vw, memoryRoot(w!))).toBe(true);
    expect(mayAlias(memoryRoot(used(k, 2)), memoryRoot(used(k, 2)))).toBe(false); // private memory meets no one
  });
});

describe('tripCountBound', () => {
  it('reads constants, lb + c and min(lb + c, n)', () => {
    const k = kernel(
      '%lb: index, %n: index',
      `%c2 = arith.constant 2 : index
      %c3 = arith.constant 3 : index
      %c16 = arith.constant 16 : index
      %e = arith.addi %lb, %c16 : index
      %m = arith.minsi %e, %n : index
      "test.use"(%c3) : (index) -> ()
      "test.use"(%c16) : (index) -> ()
      "test.use"(%e) : (index) -> ()
      "test.use"(%m) : (index) -> ()
      "test.use"(%n) : (index) -> ()
      "test.use"(%c2) : (index) -> ()`,
    );
    const [c3, c16, e, m, n, c2] = [0, 1, 2, 3, 4, 5].map((i) => used(k, i));
    const lb = k.regions[0]!.firstBlock!.args[0]!;
    expect(tripCountBound(c3!, c16!, c2!)).toBe(7);
    expect(tripCountBound(lb, e!, c3!)).toBe(6);
    expect(tripCountBound(lb, m!, c2!)).toBe(8);
    expect(tripCountBound(lb, n!, c2!)).toBeUndefined();
    expect(tripCountBound(c16!, c3!, c2!)).toBe(0);
    expect(tripCountBound(lb, e!, n!)).toBeUndefined(); // a step known at run time only
  });

  it("reads a tile's end lb + minui(n - lb, c), whose span is never negative", () => {
    const k = kernel(
      '%lb: index, %n: index',
      `%c2 = arith.constant 2 : index
      %c16 = arith.constant 16 : index
      %left = arith.subi %n, %lb : index
      %m = arith.minui %left, %c16 : index
      %end = arith.addi %lb, %m : index
      %s = arith.minsi %left, %c16 : index
      %send = arith.addi %lb, %s : index
      "test.use"(%end) : (index) -> ()
      "test.use"(%m) : (index) -> ()
      "test.use"(%send) : (index) -> ()
      "test.use"(%c2) : (index) -> ()`,
    );
    const [end, m, send, c2] = [0, 1, 2, 3].map((i) => used(k, i));
    const lb = k.regions[0]!.firstBlock!.args[0]!;
    expect(tripCountBound(lb, end!, c2!)).toBe(8);
    expect(nonNegativeSpan(lb, end!)).toBe(m);
    // minsi(x, 16) may be negative: no span of [0, 16] (its trip count is still at most 8).
    expect(nonNegativeSpan(lb, send!)).toBeUndefined();
    expect(tripCountBound(lb, send!, c2!)).toBeUndefined();
  });
});

describe('valueRange', () => {
  it('reads the range of constants and of min / max of values with known ranges', () => {
    const k = kernel(
      '%n: index',
      `%c0 = arith.constant 0 : index
      %c8 = arith.constant 8 : index
      %low = arith.minsi %n, %c8 : index
      %rows = arith.maxsi %low, %c0 : index
      %high = arith.maxsi %n, %c0 : index
      %u = arith.minui %n, %c8 : index
      "test.use"(%rows) : (index) -> ()
      "test.use"(%low) : (index) -> ()
      "test.use"(%high) : (index) -> ()
      "test.use"(%u) : (index) -> ()
      "test.use"(%n) : (index) -> ()`,
    );
    const [rows, low, high, u, n] = [0, 1, 2, 3, 4].map((i) => used(k, i));
    expect(valueRange(rows!)).toEqual({ low: 0, high: 8 });
    expect(valueRange(low!)).toEqual({ low: -Infinity, high: 8 });
    expect(valueRange(high!)).toEqual({ low: 0, high: Infinity });
    expect(valueRange(u!)).toEqual({ low: 0, high: 8 });
    expect(valueRange(n!)).toBeUndefined();
  });
});

describe('isDistributableLoop', () => {
  const loops = (body: string): boolean[] => {
    const k = kernel(
      '%A: memref<16x8xf32>, %B: memref<16xf32>, %n: index',
      `%c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c8 = arith.constant 8 : index
      %c16 = arith.constant 16 : index
      %zero = arith.constant 0.0 : f32
      ${body}`,
    );
    return ops(k, 'scf.for').filter((l) => l.parentOp === k).map(isDistributableLoop);
  };

  it('deals loops whose stores are to rows of the induction variable and read only what they store', () => {
    expect(
      loops(`scf.for %i = %c0 to %c16 step %c1 {
          scf.for %j = %c0 to %c8 step %c1 {
            memref.store %zero, %A[%i, %j] : memref<16x8xf32>
          }
        }
        scf.for %i = %c0 to %c16 step %c1 {
          %k = arith.addi %i, %n : index
          %v = memref.load %B[%k] : memref<16xf32>
          %w = arith.addf %v, %v : f32
          memref.store %w, %B[%k] : memref<16xf32>
        }
        scf.for %i = %c0 to %c16 step %c1 {
          %v = memref.load %B[%i] : memref<16xf32>
          memref.store %v, %A[%i, %c0] : memref<16x8xf32>
        }`),
    ).toEqual([true, true, true]);
  });

  it('keeps loops whose iterations meet in memory, atomics, loops without stores and stores to buffers of their own', () => {
    expect(
      loops(`scf.for %i = %c1 to %c16 step %c1 {
          %p = arith.subi %i, %c1 : index
          %v = memref.load %B[%p] : memref<16xf32>
          memref.store %v, %B[%i] : memref<16xf32>
        }
        scf.for %i = %c0 to %c16 step %c1 {
          memref.store %zero, %B[%c0] : memref<16xf32>
        }
        scf.for %i = %c0 to %c16 step %c1 {
          %old = memref.atomic_rmw addf %zero, %B[%i] : (f32, memref<16xf32>) -> f32
        }
        scf.for %i = %c0 to %c16 step %c1 {
          %v = memref.load %B[%i] : memref<16xf32>
        }
        scf.for %i = %c0 to %c16 step %c1 {
          %p = memref.alloca() : memref<16xf32>
          memref.store %zero, %p[%i] : memref<16xf32>
        }`),
    ).toEqual([false, false, false, false, false]);
  });
});

describe('writtenRows', () => {
  it('gives the rows of loops dealt over work-items, which meet only where one ends past where the other starts', () => {
    const k = kernel(
      '%n: index',
      `%c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c8 = arith.constant 8 : index
      %c16 = arith.constant 16 : index
      %zero = arith.constant 0.0 : f32
      %tx = gpu.thread_id x
      scf.for %r = %tx to %n step %c8 {
        memref.store %zero, %w[%r, %c0] : memref<16x8xf32, #gpu.address_space<workgroup>>
      }
      %s = arith.addi %n, %tx : index
      scf.for %r = %s to %c16 step %c8 {
        memref.store %zero, %w[%r, %c1] : memref<16x8xf32, #gpu.address_space<workgroup>>
      }
      scf.for %r = %tx to %c16 step %c8 {
        memref.store %zero, %w[%c0, %r] : memref<16x8xf32, #gpu.address_space<workgroup>>
      }
      scf.for %r = %c0 to %c16 step %c8 {
        memref.store %zero, %w[%r, %c0] : memref<16x8xf32, #gpu.address_space<workgroup>>
      }`,
      'workgroup(%w : memref<16x8xf32, #gpu.address_space<workgroup>>)',
    );
    const deps = new ThreadDependence(k);
    const [copy, pad, columns, uniform] = ops(k, 'scf.for').map((l) => writtenRows(l, deps));
    expect(copy).toHaveLength(1);
    expect(pad).toHaveLength(1);
    expect(disjointRows(copy![0]!, pad![0]!)).toBe(true);
    expect(columns![0]!.position).toBe(1);
    expect(disjointRows(copy![0]!, columns![0]!)).toBe(false);
    expect(uniform).toBeUndefined(); // not dealt to work-items
  });

  it('gives the rows of a round of a loop dealt by scf.if, which rows of an earlier round never meet', () => {
    const k = kernel(
      '%A: memref<?xf32>, %n: index',
      `%c0 = arith.constant 0 : index
      %c8 = arith.constant 8 : index
      %c9 = arith.constant 9 : index
      %one = arith.constant 1.0 : f32
      %tx = gpu.thread_id x
      scf.for %r = %c0 to %n step %c8 {
        %e = arith.addi %r, %c8 : index
        %u = arith.minsi %e, %n : index
        %i = arith.addi %r, %tx : index
        %in = arith.cmpi slt, %i, %u : index
        scf.if %in {
          memref.store %one, %A[%i] : memref<?xf32>
        }
        %e9 = arith.addi %r, %c9 : index
        %in9 = arith.cmpi slt, %i, %e9 : index
        scf.if %in9 {
          memref.store %one, %A[%i] : memref<?xf32>
        }
      }`,
    );
    const deps = new ThreadDependence(k);
    const loop = ops(k, 'scf.for')[0]!;
    const [round, wide] = ops(k, 'scf.if').map((s) => writtenRows(s, deps)![0]!);
    expect(disjointRows(round!, round!)).toBe(false);
    expect(disjointRows(asPreviousIteration(round!, loop), round!)).toBe(true);
    // Nine rows in a loop of step 8 reach into the next round.
    expect(disjointRows(asPreviousIteration(wide!, loop), wide!)).toBe(false);
  });
});

describe('writtenRows of the guards that keep lb + off from wrapping', () => {
  it("gives the rows of a tile's round tested as off < minui(n - t, 8), which rows of an earlier round never meet", () => {
    const k = kernel(
      '%A: memref<?xf32>, %n: index',
      `%c0 = arith.constant 0 : index
      %c8 = arith.constant 8 : index
      %c9 = arith.constant 9 : index
      %one = arith.constant 1.0 : f32
      %tx = gpu.thread_id x
      scf.for %r = %c0 to %n step %c8 {
        %left = arith.subi %n, %r : index
        %m = arith.minui %left, %c8 : index
        %i = arith.addi %r, %tx : index
        %in = arith.cmpi slt, %tx, %m : index
        scf.if %in {
          %v = memref.load %A[%i] : memref<?xf32>
          memref.store %v, %A[%i] : memref<?xf32>
        }
        %m9 = arith.minui %left, %c9 : index
        %in9 = arith.cmpi slt, %tx, %m9 : index
        scf.if %in9 {
          memref.store %one, %A[%i] : memref<?xf32>
        }
        %in0 = arith.cmpi slt, %tx, %left : index
        scf.if %in0 {
          memref.store %one, %A[%tx] : memref<?xf32>
        }
      }`,
    );
    const deps = new ThreadDependence(k);
    const loop = ops(k, 'scf.for')[0]!;
    const [round, wide, unshifted] = ops(k, 'scf.if');
    const rows = writtenRows(round!, deps)![0]!;
    expect(rows).toMatchObject({ position: 0, offset: undefined, limit: 8 });
    expect(rows.lower).toBe(loop.regions[0]!.firstBlock!.args[0]);
    expect(disjointRows(rows, rows)).toBe(false);
    expect(disjointRows(asPreviousIteration(rows, loop), rows)).toBe(true);
    const loaded = loadedRows(round!, deps)!;
    expect(disjointRows(asPreviousIteration(rows, loop), loaded.get(ops(k, 'memref.load')[0]!)!)).toBe(true);
    // Nine rows in a loop of step 8 reach into the next round.
    expect(disjointRows(asPreviousIteration(writtenRows(wide!, deps)![0]!, loop), writtenRows(wide!, deps)![0]!)).toBe(false);
    // off < n - r tells rows [r, n) of r + off, not of off itself: nothing is known of %A[%tx].
    expect(writtenRows(unshifted!, deps)).toBeUndefined();
  });

  it('gives the rows of lb < ub and off < ub - lb, and of a loop under it', () => {
    const k = kernel(
      '%n: index, %m: index',
      `%c0 = arith.constant 0 : index
      %c8 = arith.constant 8 : index
      %zero = arith.constant 0.0 : f32
      %tx = gpu.thread_id x
      %nonempty = arith.cmpi slt, %n, %m : index
      %span = arith.subi %m, %n : index
      %in = arith.cmpi ult, %tx, %span : index
      %both = arith.andi %nonempty, %in : i1
      %s = arith.addi %n, %tx : index
      scf.if %both {
        memref.store %zero, %w[%s, %c0] : memref<16x8xf32, #gpu.address_space<workgroup>>
      }
      scf.if %both {
        scf.for %r = %s to %m step %c8 {
          memref.store %zero, %w[%r, %c0] : memref<16x8xf32, #gpu.address_space<workgroup>>
        }
      }
      scf.for %r = %tx to %n step %c8 {
        memref.store %zero, %w[%r, %c0] : memref<16x8xf32, #gpu.address_space<workgroup>>
      }`,
      'workgroup(%w : memref<16x8xf32, #gpu.address_space<workgroup>>)',
    );
    const deps = new ThreadDependence(k);
    const [single, looped] = ops(k, 'scf.if').map((s) => writtenRows(s, deps)![0]!);
    const below = writtenRows(ops(k, 'scf.for')[1]!, deps)![0]!;
    const args = k.regions[0]!.firstBlock!.args;
    for (const r of [single!, looped!]) {
      expect(r.position).toBe(0);
      expect(r.lower).toBe(args[0]);
      expect(r.upper).toBe(args[1]);
    }
    // [n, m) and [0, n) meet nowhere.
    expect(disjointRows(single!, below)).toBe(true);
    expect(disjointRows(looped!, below)).toBe(true);
  });
});

describe('loadedRows', () => {
  it('gives the rows each load of a dealt round reads; a round of reads and writes of its own rows meets no other round', () => {
    const k = kernel(
      '%A: memref<?xf32>, %n: index',
      `%c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c8 = arith.constant 8 : index
      %tx = gpu.thread_id x
      scf.for %r = %c0 to %n step %c8 {
        %e = arith.addi %r, %c8 : index
        %u = arith.minsi %e, %n : index
        %i = arith.addi %r, %tx : index
        %in = arith.cmpi slt, %i, %u : index
        scf.if %in {
          %v = memref.load %A[%i] : memref<?xf32>
          %next = arith.addi %i, %c1 : index
          %w = memref.load %A[%next] : memref<?xf32>
          %f = memref.load %A[%c0] : memref<?xf32>
          memref.store %v, %A[%i] : memref<?xf32>
        }
      }`,
    );
    const deps = new ThreadDependence(k);
    const loop = ops(k, 'scf.for')[0]!;
    const round = ops(k, 'scf.if')[0]!;
    const [own, next, first] = ops(k, 'memref.load');
    const rows = loadedRows(round, deps)!;
    const written = writtenRows(round, deps)![0]!;
    expect(rows.get(own!)).toMatchObject({ position: 0, offset: undefined });
    // %i + 1 is %i + a value from outside the round: the same rows, shifted by it.
    expect(rows.get(next!)!.offset).toBeDefined();
    expect(rows.has(first!)).toBe(false); // %A[0] is no row of the round
    expect(disjointRows(asPreviousIteration(written, loop), rows.get(own!)!)).toBe(true);
    expect(disjointRows(asPreviousIteration(rows.get(own!)!, loop), written)).toBe(true);
    // Shifted rows are compared only with rows shifted alike.
    expect(disjointRows(asPreviousIteration(written, loop), rows.get(next!)!)).toBe(false);
    expect(loadedRows(loop, deps)).toBeUndefined(); // the round loop itself is not dealt
  });

  it('says nothing of rows of an earlier iteration whose view or bounds the loop makes anew', () => {
    const k = kernel(
      '%A: memref<?xf32>, %n: index',
      `%c0 = arith.constant 0 : index
      %c2 = arith.constant 2 : index
      %c8 = arith.constant 8 : index
      %zero = arith.constant 0.0 : f32
      %tx = gpu.thread_id x
      scf.for %r = %c0 to %n step %c8 {
        %e = arith.addi %r, %c8 : index
        %u = arith.minsi %e, %n : index
        %i = arith.addi %r, %tx : index
        %in = arith.cmpi slt, %i, %u : index
        %half = arith.divui %r, %c2 : index
        %view = memref.subview %A[%half] [%c8] [1] : memref<?xf32> to memref<?xf32, strided<[1], offset: ?>>
        scf.if %in {
          memref.store %zero, %view[%i] : memref<?xf32, strided<[1], offset: ?>>
        }
        %below = arith.cmpi slt, %tx, %r : index
        scf.if %below {
          memref.store %zero, %A[%tx] : memref<?xf32>
        }
        %from = arith.addi %r, %tx : index
        %above = arith.cmpi slt, %from, %n : index
        scf.if %above {
          memref.store %zero, %A[%from] : memref<?xf32>
        }
      }`,
    );
    const deps = new ThreadDependence(k);
    const loop = ops(k, 'scf.for')[0]!;
    const [viewed, below, above] = ops(k, 'scf.if').map((s) => writtenRows(s, deps)![0]!);
    // Rows of a view made in the loop: other elements in each iteration.
    expect(asPreviousIteration(viewed!, loop).opaque).toBe(true);
    expect(disjointRows(asPreviousIteration(viewed!, loop), viewed!)).toBe(false);
    // [0, %r) and [%r, %n) meet nowhere in one iteration, but [%r, %n) of an earlier one reaches into [0, %r) now.
    expect(disjointRows(below!, above!)).toBe(true);
    expect(disjointRows(below!, asPreviousIteration(above!, loop))).toBe(false);
  });
});
