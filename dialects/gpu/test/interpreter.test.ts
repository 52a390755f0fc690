// The gpu ops in the reference interpreter: every work-item of a launch is a strand, so barriers and subgroup ops
// really synchronize them. Kernels whose results depend on their barriers (a missing one gives another result or a
// read of memory never written), the ids, the subgroup ops against models written here, attributions, the host-side
// memory ops, printf, the MMA ops, and the runtime errors (divergent barriers, sizes, undefined behavior).
import { describe, expect, it } from 'vitest';
import { ArithDialect, registerArithInterpreter } from '@tlir/dialect-arith';
import { FuncDialect, registerFuncInterpreter } from '@tlir/dialect-func';
import { MemRefDialect, createMemref, memrefElements, registerMemRefInterpreter } from '@tlir/dialect-memref';
import { ScfDialect, registerScfInterpreter } from '@tlir/dialect-scf';
import { formatDiagnostic, type MemRefType } from '@tlir/ir';
import { Interpreter, type MemrefView, type RuntimeValue } from '@tlir/interpreter';
import { AsyncTokenValue, GpuDialect, launchKernel, registerGpuInterpreter } from '../src/index.js';
import { interpreterHarness } from '../../../test/lib/interpreter-harness.js';

const printed: string[] = [];

function harness(subgroupSize = 8, detectRaces = false) {
  return interpreterHarness({
    dialects: [FuncDialect, ArithDialect, MemRefDialect, ScfDialect, GpuDialect],
    implementations: [
      registerFuncInterpreter,
      registerArithInterpreter,
      registerMemRefInterpreter,
      registerScfInterpreter,
      (r) => registerGpuInterpreter(r, { subgroupSize, printf: (t) => printed.push(t), detectRaces }),
    ],
  });
}

/** A host memref of type `type` (the type of argument `arg` of `fn`) filled with `data`. */
function memref(program: ReturnType<ReturnType<typeof harness>['parse']>, fn: string, arg: number, data: readonly number[], sizes?: number[]): MemrefView {
  const type = program.fn(fn).regions[0]!.firstBlock!.args[arg]!.type as MemRefType;
  return createMemref(type, { data, sizes });
}

const range = (n: number, f: (i: number) => number = (i) => i): number[] => Array.from({ length: n }, (_, i) => f(i));

describe('launches', () => {
  it('give each work-item its ids and the launch sizes', () => {
    const p = harness().parse(`
module attributes {gpu.container_module} {
  gpu.module @k {
    gpu.func @ids(%out: memref<2x3x4x2x8xindex>) kernel {
      %tx = gpu.thread_id x
      %ty = gpu.thread_id y
      %bx = gpu.block_id x
      %by = gpu.block_id y
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c2 = arith.constant 2 : index
      %c3 = arith.constant 3 : index
      %c4 = arith.constant 4 : index
      %c5 = arith.constant 5 : index
      %c6 = arith.constant 6 : index
      %c7 = arith.constant 7 : index
      %gx = gpu.global_id x
      %gy = gpu.global_id y
      %bdx = gpu.block_dim x
      %gdy = gpu.grid_dim y
      %lane = gpu.lane_id
      %sg = gpu.subgroup_id : index
      %nsg = gpu.num_subgroups : index
      %sgs = gpu.subgroup_size : index
      memref.store %gx, %out[%bx, %by, %tx, %ty, %c0] : memref<2x3x4x2x8xindex>
      memref.store %gy, %out[%bx, %by, %tx, %ty, %c1] : memref<2x3x4x2x8xindex>
      memref.store %bdx, %out[%bx, %by, %tx, %ty, %c2] : memref<2x3x4x2x8xindex>
      memref.store %gdy, %out[%bx, %by, %tx, %ty, %c3] : memref<2x3x4x2x8xindex>
      memref.store %lane, %out[%bx, %by, %tx, %ty, %c4] : memref<2x3x4x2x8xindex>
      memref.store %sg, %out[%bx, %by, %tx, %ty, %c5] : memref<2x3x4x2x8xindex>
      memref.store %nsg, %out[%bx, %by, %tx, %ty, %c6] : memref<2x3x4x2x8xindex>
      memref.store %sgs, %out[%bx, %by, %tx, %ty, %c7] : memref<2x3x4x2x8xindex>
      gpu.return
    }
  }
  func.func @main(%out: memref<2x3x4x2x8xindex>) {
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c3 = arith.constant 3 : index
    %c4 = arith.constant 4 : index
    gpu.launch_func @k::@ids blocks in (%c2, %c3, %c1) threads in (%c4, %c2, %c1) args(%out : memref<2x3x4x2x8xindex>)
    return
  }
}`);
    const out = memref(p, 'main', 0, range(2 * 3 * 4 * 2 * 8, () => -1));
    expect(p.run('main', [out]).error).toBeUndefined();
    const got = memrefElements(out);
    const expected: number[] = [];
    for (let bx = 0; bx < 2; bx++)
      for (let by = 0; by < 3; by++)
        for (let tx = 0; tx < 4; tx++)
          for (let ty = 0; ty < 2; ty++) {
            const linear = tx + ty * 4;
            expected.push(bx * 4 + tx, by * 2 + ty, 4, 3, linear % 8, Math.floor(linear / 8), 1, 8);
          }
    expect(got).toEqual(expected);
  });
});

/** A kernel that reverses each block's part of %in into %out through workgroup memory; `@BARRIER@` is replaced. */
const REVERSE = `
module attributes {gpu.container_module} {
  gpu.module @k {
    gpu.func @reverse(%in: memref<16xf32>, %out: memref<16xf32>) workgroup(%tile: memref<8xf32, #gpu.address_space<workgroup>>) kernel {
      %t = gpu.thread_id x
      %g = gpu.global_id x
      %v = memref.load %in[%g] : memref<16xf32>
      memref.store %v, %tile[%t] : memref<8xf32, #gpu.address_space<workgroup>>
      @BARRIER@
      %c7 = arith.constant 7 : index
      %m = arith.subi %c7, %t : index
      %w = memref.load %tile[%m] : memref<8xf32, #gpu.address_space<workgroup>>
      memref.store %w, %out[%g] : memref<16xf32>
      gpu.return
    }
  }
  func.func @main(%in: memref<16xf32>, %out: memref<16xf32>) {
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c8 = arith.constant 8 : index
    gpu.launch_func @k::@reverse blocks in (%c2, %c1, %c1) threads in (%c8, %c1, %c1) args(%in : memref<16xf32>, %out : memref<16xf32>)
    return
  }
}`;

/**
 * Each work-item adds, 3 times, what its right neighbour wrote into workgroup memory for this round. The second
 * barrier keeps a work-item from writing the next round's value before its left neighbour read this round's:
 * without it the last work-item reads the first one's next value.
 */
const ROUNDS = `
module attributes {gpu.container_module} {
  gpu.module @k {
    gpu.func @rounds(%out: memref<4xi32>) workgroup(%buf: memref<4xi32, 3>) kernel {
      %t = gpu.thread_id x
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c3 = arith.constant 3 : index
      %c4 = arith.constant 4 : index
      %c10 = arith.constant 10 : i32
      %zero = arith.constant 0 : i32
      %ti = arith.index_cast %t : index to i32
      %tn = arith.addi %t, %c1 : index
      %next = arith.remui %tn, %c4 : index
      %sum = scf.for %r = %c0 to %c3 step %c1 iter_args(%acc = %zero) -> (i32) {
        %ri = arith.index_cast %r : index to i32
        %mine0 = arith.muli %ti, %c10 : i32
        %mine = arith.addi %mine0, %ri : i32
        memref.store %mine, %buf[%t] : memref<4xi32, 3>
        gpu.barrier
        %theirs = memref.load %buf[%next] : memref<4xi32, 3>
        %acc2 = arith.addi %acc, %theirs : i32
        @BARRIER@
        scf.yield %acc2 : i32
      }
      memref.store %sum, %out[%t] : memref<4xi32>
      gpu.return
    }
  }
  func.func @main(%out: memref<4xi32>) {
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    gpu.launch_func @k::@rounds blocks in (%c1, %c1, %c1) threads in (%c4, %c1, %c1) args(%out : memref<4xi32>)
    return
  }
}`;

describe('clusters and kernels that are not gpu.func', () => {
  it('give the cluster ids and sizes of a launch with clusters (i32 sizes), to a func.func marked gpu.kernel', () => {
    const p = harness().parse(`
module attributes {gpu.container_module} {
  gpu.module @k {
    func.func @clusters(%out: memref<4x4xindex>) attributes {gpu.kernel} {
      %b = gpu.block_id x
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c2 = arith.constant 2 : index
      %c3 = arith.constant 3 : index
      %cid = gpu.cluster_id x
      %cdim = gpu.cluster_dim x
      %cbid = gpu.cluster_block_id x
      %cdb = gpu.cluster_dim_blocks x
      memref.store %cid, %out[%b, %c0] : memref<4x4xindex>
      memref.store %cdim, %out[%b, %c1] : memref<4x4xindex>
      memref.store %cbid, %out[%b, %c2] : memref<4x4xindex>
      memref.store %cdb, %out[%b, %c3] : memref<4x4xindex>
      return
    }
  }
  func.func @main(%out: memref<4x4xindex>, %cluster: i32) {
    %c1 = arith.constant 1 : i32
    %c4 = arith.constant 4 : i32
    gpu.launch_func @k::@clusters clusters in (%cluster, %c1, %c1) blocks in (%c4, %c1, %c1) threads in (%c1, %c1, %c1) : i32 args(%out : memref<4x4xindex>)
    return
  }
}`, 'clusters.mlir');
    const out = memref(p, 'main', 0, range(16, () => -1));
    expect(p.run('main', [out, 2]).error).toBeUndefined();
    expect(memrefElements(out)).toEqual([0, 2, 0, 2, 0, 2, 1, 2, 1, 2, 0, 2, 1, 2, 1, 2]);
    expect(p.run('main', [out, 3]).error).toContain('clusters.mlir:24:5: error: the cluster size (3, 1, 1) does not divide the grid size (4, 1, 1)');
  });
});

describe('gpu.barrier', () => {
  it('makes the stores of every work-item of the block visible to the others', () => {
    const p = harness().parse(REVERSE.replace('@BARRIER@', 'gpu.barrier'));
    const input = memref(p, 'main', 0, range(16, (i) => i + 0.5));
    const out = memref(p, 'main', 1, range(16, () => 0));
    expect(p.run('main', [input, out]).error).toBeUndefined();
    expect(memrefElements(out)).toEqual([...range(8, (i) => 7 - i + 0.5), ...range(8, (i) => 15 - i + 0.5)]);
  });

  it('missing, lets a work-item read workgroup memory its neighbour has not written yet: a runtime error', () => {
    const p = harness().parse(REVERSE.replace('@BARRIER@', ''), 'reverse.mlir');
    const input = memref(p, 'main', 0, range(16));
    const out = memref(p, 'main', 1, range(16, () => 0));
    const { error } = p.run('main', [input, out]);
    expect(error).toContain('reverse.mlir:12:12: error: load of element 7 of workgroup attribution #0 of @k::@reverse in block (0, 0, 0), which was never written');
    expect(error).toContain('note: in thread (0, 0, 0) of block (0, 0, 0) of @k::@reverse');
  });

  it('inside a loop, orders the rounds; without the second barrier the result differs', () => {
    const expected = range(4, (t) => range(3, (r) => ((t + 1) % 4) * 10 + r).reduce((a, b) => a + b, 0));
    const p = harness().parse(ROUNDS.replace('@BARRIER@', 'gpu.barrier'));
    const out = memref(p, 'main', 0, range(4, () => -1));
    expect(p.run('main', [out]).error).toBeUndefined();
    expect(memrefElements(out)).toEqual(expected);

    const q = harness().parse(ROUNDS.replace('@BARRIER@', ''));
    const racy = memref(q, 'main', 0, range(4, () => -1));
    expect(q.run('main', [racy]).error).toBeUndefined();
    // Work-item 3 reads work-item 0's value of the next round (0 * 10 + r + 1) in rounds 0 and 1.
    expect(memrefElements(racy)).toEqual([...expected.slice(0, 3), 0 + 1 + (0 + 2) + (0 + 2)]);
    expect(memrefElements(racy)).not.toEqual(expected);
  });

  it('reached by only some work-items of a block is a divergent barrier', () => {
    const p = harness().parse(
      `
module attributes {gpu.container_module} {
  gpu.module @k {
    gpu.func @f() kernel {
      %t = gpu.thread_id x
      %c2 = arith.constant 2 : index
      %low = arith.cmpi ult, %t, %c2 : index
      scf.if %low {
        gpu.barrier
      }
      gpu.return
    }
  }
  func.func @main() {
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    gpu.launch_func @k::@f blocks in (%c1, %c1, %c1) threads in (%c4, %c1, %c1)
    return
  }
}`,
      'divergent.mlir',
    );
    const { error } = p.run('main');
    expect(error).toContain(
      'divergent.mlir:9:9: error: divergent barrier: not all of the work-items of block (0, 0, 0) reach it (thread (0, 0, 0) of block (0, 0, 0) waits here, thread (2, 0, 0) of block (0, 0, 0) finished without reaching it)',
    );
    expect(error).toContain('divergent.mlir:17:5: note: in thread (0, 0, 0) of block (0, 0, 0) of @k::@f');
  });

  it('at different barriers is a divergence, naming where the others wait', () => {
    const p = harness().parse(
      `
module attributes {gpu.container_module} {
  gpu.module @k {
    gpu.func @f() kernel {
      %t = gpu.thread_id x
      %c1 = arith.constant 1 : index
      %first = arith.cmpi ult, %t, %c1 : index
      scf.if %first {
        gpu.barrier
      } else {
        gpu.barrier
      }
      gpu.return
    }
  }
  func.func @main() {
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    gpu.launch_func @k::@f blocks in (%c1, %c1, %c1) threads in (%c2, %c1, %c1)
    return
  }
}`,
      'two.mlir',
    );
    const { error } = p.run('main');
    expect(error).toContain("two.mlir:9:9: error: divergent barrier: not all of the work-items of block (0, 0, 0) reach it (thread (0, 0, 0) of block (0, 0, 0) waits here, thread (1, 0, 0) of block (0, 0, 0) waits at 'gpu.barrier' at two.mlir:11:9)");
    expect(error).toContain('two.mlir:11:9: note: thread (1, 0, 0) of block (0, 0, 0) waits here');
  });

  it('works in a function the kernel calls, and in uniform control flow', () => {
    const p = harness().parse(`
module attributes {gpu.container_module} {
  gpu.module @k {
    func.func @exchange(%buf: memref<4xi32, 3>, %t: index, %v: i32) -> i32 {
      memref.store %v, %buf[%t] : memref<4xi32, 3>
      gpu.barrier
      %c3 = arith.constant 3 : index
      %o = arith.subi %c3, %t : index
      %w = memref.load %buf[%o] : memref<4xi32, 3>
      gpu.barrier
      return %w : i32
    }
    gpu.func @f(%out: memref<4xi32>, %twice: i1) workgroup(%buf: memref<4xi32, 3>) kernel {
      %t = gpu.thread_id x
      %ti = arith.index_cast %t : index to i32
      %a = func.call @exchange(%buf, %t, %ti) : (memref<4xi32, 3>, index, i32) -> i32
      %b = scf.if %twice -> (i32) {
        %c100 = arith.constant 100 : i32
        %a2 = arith.addi %a, %c100 : i32
        %r = func.call @exchange(%buf, %t, %a2) : (memref<4xi32, 3>, index, i32) -> i32
        scf.yield %r : i32
      } else {
        scf.yield %a : i32
      }
      memref.store %b, %out[%t] : memref<4xi32>
      gpu.return
    }
  }
  func.func @main(%out: memref<4xi32>, %twice: i1) {
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    gpu.launch_func @k::@f blocks in (%c1, %c1, %c1) threads in (%c4, %c1, %c1) args(%out : memref<4xi32>, %twice : i1)
    return
  }
}`);
    const once = memref(p, 'main', 0, range(4, () => 0));
    expect(p.run('main', [once, 0]).error).toBeUndefined();
    expect(memrefElements(once)).toEqual([3, 2, 1, 0]);
    const twice = memref(p, 'main', 0, range(4, () => 0));
    expect(p.run('main', [twice, 1]).error).toBeUndefined();
    expect(memrefElements(twice)).toEqual([100, 101, 102, 103]);
  });
});

describe('data races (detectRaces)', () => {
  const RACES = `
module attributes {gpu.container_module} {
  gpu.module @k {
    gpu.func @same(%out: memref<2xi32>) kernel {
      %c0 = arith.constant 0 : index
      %seven = arith.constant 7 : i32
      memref.store %seven, %out[%c0] : memref<2xi32>
      %v = memref.load %out[%c0] : memref<2xi32>
      gpu.return
    }
    gpu.func @different(%out: memref<2xi32>) kernel {
      %t = gpu.thread_id x
      %c0 = arith.constant 0 : index
      %ti = arith.index_cast %t : index to i32
      memref.store %ti, %out[%c0] : memref<2xi32>
      gpu.return
    }
    gpu.func @read_then_write(%out: memref<2xi32>) workgroup(%buf: memref<2xi32, 3>) kernel {
      %t = gpu.thread_id x
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %zero = arith.constant 0 : i32
      %first = arith.cmpi eq, %t, %c0 : index
      scf.if %first {
        memref.store %zero, %buf[%c1] : memref<2xi32, 3>
      }
      gpu.barrier
      // Work-item 0 reads buf[1]; work-item 1 then writes it: on a GPU the read may see either value.
      scf.if %first {
        %v = memref.load %buf[%c1] : memref<2xi32, 3>
        memref.store %v, %out[%c0] : memref<2xi32>
      } else {
        %five = arith.constant 5 : i32
        memref.store %five, %buf[%c1] : memref<2xi32, 3>
      }
      gpu.return
    }
  }
  func.func @main(%out: memref<2xi32>) {
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    gpu.launch_func @k::@same blocks in (%c1, %c1, %c1) threads in (%c2, %c1, %c1) args(%out : memref<2xi32>)
    return
  }
  func.func @different(%out: memref<2xi32>) {
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    gpu.launch_func @k::@different blocks in (%c1, %c1, %c1) threads in (%c2, %c1, %c1) args(%out : memref<2xi32>)
    return
  }
  func.func @read_then_write(%out: memref<2xi32>) {
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    gpu.launch_func @k::@read_then_write blocks in (%c1, %c1, %c1) threads in (%c2, %c1, %c1) args(%out : memref<2xi32>)
    return
  }
}`;

  it('are not reported when work-items store the same value, or read what nobody changed', () => {
    const p = harness(8, true).parse(RACES, 'races.mlir');
    expect(p.run('main', [memref(p, 'main', 0, [0, 0])]).error).toBeUndefined();
  });

  it('are reported when work-items store different values to one element with no barrier between', () => {
    const p = harness(8, true).parse(RACES, 'races.mlir');
    const { error } = p.run('different', [memref(p, 'different', 0, [0, 0])]);
    expect(error).toContain(
      'races.mlir:15:7: error: data race: thread (1, 0, 0) of block (0, 0, 0) stores to element 0 of a host memref, which thread (0, 0, 0) of block (0, 0, 0) stored another value to with no gpu.barrier between (the result depends on the order the work-items run in)',
    );
    expect(error).toContain('races.mlir:15:7: note: thread (0, 0, 0) of block (0, 0, 0) stored it here');
    // Without the detector, the last work-item wins.
    const q = harness(8, false).parse(RACES, 'races.mlir');
    const out = memref(q, 'different', 0, [0, 0]);
    expect(q.run('different', [out]).error).toBeUndefined();
    expect(memrefElements(out)).toEqual([1, 0]);
  });

  it('are reported when a work-item changes what another read in the same phase', () => {
    const p = harness(8, true).parse(RACES, 'races.mlir');
    const { error } = p.run('read_then_write', [memref(p, 'read_then_write', 0, [0, 0])]);
    expect(error).toContain('races.mlir:34:9: error: data race: thread (1, 0, 0) of block (0, 0, 0) stores a new value to element 1 of workgroup attribution #0 of @k::@read_then_write in block (0, 0, 0), which thread (0, 0, 0) of block (0, 0, 0) read');
    expect(error).toContain('races.mlir:30:14: note: thread (0, 0, 0) of block (0, 0, 0) read it here');
  });

  it('make a missing barrier an error whatever the order: the rounds kernel without its second barrier', () => {
    const p = harness(8, true).parse(ROUNDS.replace('@BARRIER@', ''), 'rounds.mlir');
    const { error } = p.run('main', [memref(p, 'main', 0, range(4, () => -1))]);
    expect(error).toContain('error: data race: thread (1, 0, 0) of block (0, 0, 0) stores a new value to element 1 of workgroup attribution #0 of @k::@rounds in block (0, 0, 0), which thread (0, 0, 0) of block (0, 0, 0) read');
    const ok = harness(8, true).parse(ROUNDS.replace('@BARRIER@', 'gpu.barrier'));
    expect(ok.run('main', [memref(ok, 'main', 0, range(4, () => -1))]).error).toBeUndefined();
  });

  it('do not count atomic read-modify-writes', () => {
    const p = harness(8, true).parse(`
module attributes {gpu.container_module} {
  gpu.module @k {
    gpu.func @count(%out: memref<1xi32>) kernel {
      %c0 = arith.constant 0 : index
      %one = arith.constant 1 : i32
      %old = memref.atomic_rmw addi %one, %out[%c0] : (i32, memref<1xi32>) -> i32
      gpu.return
    }
  }
  func.func @main(%out: memref<1xi32>) {
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    gpu.launch_func @k::@count blocks in (%c1, %c1, %c1) threads in (%c4, %c1, %c1) args(%out : memref<1xi32>)
    return
  }
}`);
    const out = memref(p, 'main', 0, [0]);
    expect(p.run('main', [out]).error).toBeUndefined();
    expect(memrefElements(out)).toEqual([4]);
  });
});

/** Each work-item of one block of `n` stores `@OP@`'s results at out[tid] (and a flag at flags[tid]). */
function subgroupKernel(op: string, n: number, type = 'i32'): string {
  return `
module attributes {gpu.container_module} {
  gpu.module @k {
    gpu.func @f(%out: memref<${n}x${type}>, %flags: memref<${n}xi1>, %offset: i32, %width: i32) kernel {
      %t = gpu.thread_id x
      %ti = arith.index_cast %t : index to i32
      %zero = arith.constant 0 : i32
      %v = ${type === 'i32' ? 'arith.addi %ti, %zero : i32' : `arith.sitofp %ti : i32 to ${type}`}
      ${op}
      memref.store %r, %out[%t] : memref<${n}x${type}>
      memref.store %ok, %flags[%t] : memref<${n}xi1>
      gpu.return
    }
  }
  func.func @main(%out: memref<${n}x${type}>, %flags: memref<${n}xi1>, %offset: i32, %width: i32) {
    %c1 = arith.constant 1 : index
    %cn = arith.constant ${n} : index
    gpu.launch_func @k::@f blocks in (%c1, %c1, %c1) threads in (%cn, %c1, %c1) args(%out : memref<${n}x${type}>, %flags : memref<${n}xi1>, %offset : i32, %width : i32)
    return
  }
}`;
}

/** Runs a subgroupKernel with subgroups of 8; the values and flags of every work-item. */
function runSubgroup(op: string, n: number, offset: number, width: number, type = 'i32'): { values: (number | bigint)[]; flags: (number | bigint)[]; error?: string } {
  const p = harness(8).parse(subgroupKernel(op, n, type), 'subgroup.mlir');
  const out = memref(p, 'main', 0, range(n, () => 0));
  const flags = memref(p, 'main', 1, range(n, () => 0));
  const { error } = p.run('main', [out, flags, offset, width]);
  return { values: error ? [] : memrefElements(out), flags: error ? [] : memrefElements(flags), error };
}

/** What gpu.shuffle gives lane `k` of a subgroup: the lane it reads if in [0, width), else its own value. */
function shuffleModel(mode: string, k: number, offset: number, width: number): [number, number] {
  const src = mode === 'xor' ? k ^ offset : mode === 'down' ? k + offset : mode === 'up' ? k - offset : offset;
  return k < width && src >= 0 && src < width ? [src, 1] : [k, 0];
}

describe('subgroup ops', () => {
  for (const mode of ['xor', 'down', 'up', 'idx']) {
    for (const [offset, width] of [
      [1, 8],
      [3, 8],
      [2, 5],
      [6, 8],
    ] as const) {
      it(`gpu.shuffle ${mode} with offset ${offset} and width ${width} reads the lanes of its own subgroup`, () => {
        const r = runSubgroup(`%r, %ok = gpu.shuffle ${mode} %v, %offset, %width : i32`, 16, offset, width);
        expect(r.error).toBeUndefined();
        const expected = range(16, (t) => {
          const [src, ok] = shuffleModel(mode, t % 8, offset, width);
          return [8 * Math.floor(t / 8) + src, ok];
        });
        expect(r.values).toEqual(expected.map((e) => e[0]));
        expect(r.flags).toEqual(expected.map((e) => e[1]));
      });
    }
  }

  it('gpu.shuffle with a width beyond the subgroup size is an error', () => {
    const r = runSubgroup('%r, %ok = gpu.shuffle xor %v, %offset, %width : i32', 8, 1, 16);
    expect(r.error).toContain('error: the width of gpu.shuffle is 16, not in [0, 8] (the subgroup size)');
  });

  it('gpu.shuffle needs the first width lanes of a subgroup: a partial subgroup may not have them', () => {
    // 12 work-items: the second subgroup has 4.
    const r = runSubgroup('%r, %ok = gpu.shuffle xor %v, %offset, %width : i32', 12, 1, 8);
    expect(r.error).toContain('error: gpu.shuffle of width 8 in a subgroup of 4 work-items: its first 8 lanes must take part');
  });

  it('gpu.shuffle reached by only some lanes is divergent', () => {
    const r = runSubgroup(
      `%c4 = arith.constant 4 : index
      %low = arith.cmpi ult, %t, %c4 : index
      %r, %ok = scf.if %low -> (i32, i1) {
        %s, %b = gpu.shuffle xor %v, %offset, %width : i32
        scf.yield %s, %b : i32, i1
      } else {
        %f = arith.constant false
        scf.yield %v, %f : i32, i1
      }`,
      8,
      1,
      8,
    );
    expect(r.error).toContain(
      "error: divergent 'gpu.shuffle': not all of the lanes of subgroup 0 of block (0, 0, 0) reach it (thread (0, 0, 0) of block (0, 0, 0) waits here, thread (4, 0, 0) of block (0, 0, 0) finished without reaching it)",
    );
  });

  it('gpu.subgroup_reduce reduces each subgroup, or each cluster of it', () => {
    const sum = (xs: number[]): number => xs.reduce((a, b) => a + b, 0);
    // 20 work-items: subgroups 0..7, 8..15 and a partial one 16..19.
    const whole = runSubgroup('%r = gpu.subgroup_reduce add %v : (i32) -> i32\n      %ok = arith.constant true', 20, 0, 0);
    expect(whole.values).toEqual(range(20, (t) => (t < 8 ? sum(range(8)) : t < 16 ? sum(range(8, (i) => i + 8)) : 16 + 17 + 18 + 19)));
    const clusters = runSubgroup('%r = gpu.subgroup_reduce add %v cluster(size = 2) : (i32) -> i32\n      %ok = arith.constant true', 16, 0, 0);
    expect(clusters.values).toEqual(range(16, (t) => (t - (t % 2)) * 2 + 1));
    // Clusters of 2 lanes 4 apart: lanes {0, 4}, {1, 5}, {2, 6}, {3, 7}.
    const strided = runSubgroup('%r = gpu.subgroup_reduce maxsi %v cluster(size = 2, stride = 4) : (i32) -> i32\n      %ok = arith.constant true', 8, 0, 0);
    expect(strided.values).toEqual(range(8, (t) => (t % 4) + 4));
    const floats = runSubgroup('%r = gpu.subgroup_reduce minimumf %v uniform : (f32) -> f32\n      %ok = arith.constant true', 8, 0, 0, 'f32');
    expect(floats.values).toEqual(range(8, () => 0));
  });

  it('gpu.subgroup_reduce with clusters larger than the subgroup is an error', () => {
    const r = runSubgroup('%r = gpu.subgroup_reduce add %v cluster(size = 4, stride = 4) : (i32) -> i32\n      %ok = arith.constant true', 8, 0, 0);
    expect(r.error).toContain('error: clusters of 4 lanes 4 apart do not fit in a subgroup of 8 lanes');
  });
});

describe('gpu.all_reduce', () => {
  it('reduces over the whole work-group, by an operation or a region, in the order of the linear ids', () => {
    const p = harness(4).parse(`
module attributes {gpu.container_module} {
  gpu.module @k {
    gpu.func @f(%out: memref<3x2x6xf32>) kernel {
      %tx = gpu.thread_id x
      %ty = gpu.thread_id y
      %bx = gpu.block_id x
      %t = gpu.global_id x
      %ti = arith.index_cast %t : index to i32
      %tyi = arith.index_cast %ty : index to i32
      %c10 = arith.constant 10 : i32
      %y10 = arith.muli %tyi, %c10 : i32
      %vi = arith.addi %ti, %y10 : i32
      %v = arith.sitofp %vi : i32 to f32
      %sum = gpu.all_reduce add %v uniform {} : (f32) -> (f32)
      %max = gpu.all_reduce maxnumf %v {} : (f32) -> (f32)
      // A region that is not commutative: it shows the order, a * 2 + b.
      %ord = gpu.all_reduce %v {
      ^bb0(%a: f32, %b: f32):
        %two = arith.constant 2.0 : f32
        %a2 = arith.mulf %a, %two : f32
        %s = arith.addf %a2, %b : f32
        gpu.yield %s : f32
      } : (f32) -> (f32)
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c2 = arith.constant 2 : index
      %lin0 = arith.muli %ty, %c3x : index
      %lin = arith.addi %lin0, %tx : index
      memref.store %sum, %out[%c0, %bx, %lin] : memref<3x2x6xf32>
      memref.store %max, %out[%c1, %bx, %lin] : memref<3x2x6xf32>
      memref.store %ord, %out[%c2, %bx, %lin] : memref<3x2x6xf32>
      gpu.return
    }
  }
  func.func @main(%out: memref<3x2x6xf32>) {
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c3 = arith.constant 3 : index
    gpu.launch_func @k::@f blocks in (%c2, %c1, %c1) threads in (%c3, %c2, %c1) args(%out : memref<3x2x6xf32>)
    return
  }
}`.replace('%lin0 = arith.muli %ty, %c3x : index', '%c3 = arith.constant 3 : index\n      %lin0 = arith.muli %ty, %c3 : index').replace('      // A region that is not commutative: it shows the order, a * 2 + b.\n', ''));
    const out = memref(p, 'main', 0, range(36, () => -1));
    expect(p.run('main', [out]).error).toBeUndefined();
    const got = memrefElements(out) as number[];
    for (const b of [0, 1]) {
      // Linear order: (tx, ty) = (0,0) (1,0) (2,0) (0,1) (1,1) (2,1); value = global x + 10 ty.
      const values = range(6, (l) => b * 3 + (l % 3) + 10 * Math.floor(l / 3));
      const sum = values.reduce((a, v) => Math.fround(a + v), 0);
      const ordered = values.slice(1).reduce((a, v) => Math.fround(Math.fround(a * 2) + v), values[0]!);
      expect(got.slice(b * 6, b * 6 + 6)).toEqual(range(6, () => sum));
      expect(got.slice(12 + b * 6, 12 + b * 6 + 6)).toEqual(range(6, () => Math.max(...values)));
      expect(got.slice(24 + b * 6, 24 + b * 6 + 6)).toEqual(range(6, () => ordered));
    }
  });
});

describe('memory attributions', () => {
  it('give each block its own workgroup memory and each work-item its own private memory', () => {
    const p = harness().parse(`
module attributes {gpu.container_module} {
  gpu.module @k {
    gpu.func @f(%out: memref<2x4xi32>) workgroup(%count: memref<1xi32, 3>) private(%mine: memref<1xi32, 5>) kernel {
      %t = gpu.thread_id x
      %b = gpu.block_id x
      %c0 = arith.constant 0 : index
      %zero = arith.constant 0 : i32
      %one = arith.constant 1 : i32
      // Work-item 0 clears the block's counter; then every work-item adds one, one after the other.
      %first = arith.cmpi eq, %t, %c0 : index
      scf.if %first {
        memref.store %zero, %count[%c0] : memref<1xi32, 3>
      }
      gpu.barrier
      %old = memref.atomic_rmw addi %one, %count[%c0] : (i32, memref<1xi32, 3>) -> i32
      memref.store %old, %mine[%c0] : memref<1xi32, 5>
      gpu.barrier
      %total = memref.load %count[%c0] : memref<1xi32, 3>
      %own = memref.load %mine[%c0] : memref<1xi32, 5>
      %r = arith.muli %total, %own : i32
      memref.store %r, %out[%b, %t] : memref<2x4xi32>
      gpu.return
    }
  }
  func.func @main(%out: memref<2x4xi32>) {
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c4 = arith.constant 4 : index
    gpu.launch_func @k::@f blocks in (%c2, %c1, %c1) threads in (%c4, %c1, %c1) args(%out : memref<2x4xi32>)
    return
  }
}`);
    const out = memref(p, 'main', 0, range(8, () => -1));
    expect(p.run('main', [out]).error).toBeUndefined();
    // Each block counts to 4 on its own; each work-item kept its own ticket 0..3.
    expect(memrefElements(out)).toEqual([0, 4, 8, 12, 0, 4, 8, 12]);
  });
});

describe('gpu.launch', () => {
  it('runs its body on every work-item, with the block and thread ids, sizes and values defined before it', () => {
    const p = harness().parse(`
func.func @main(%out: memref<2x3xindex>, %base: index, %t0: !gpu.async.token) -> !gpu.async.token {
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %t = gpu.launch async [%t0] blocks(%bx, %by, %bz) in (%gx = %c2, %gy = %c1, %gz = %c1) threads(%tx, %ty, %tz) in (%sx = %c3, %sy = %c1, %sz = %c1)
      workgroup(%w: memref<3xindex, 3>) {
    %i0 = arith.muli %bx, %sx : index
    %i = arith.addi %i0, %tx : index
    %v0 = arith.muli %gx, %c1 : index
    %v1 = arith.addi %i, %base : index
    %v = arith.addi %v1, %v0 : index
    memref.store %v, %w[%tx] : memref<3xindex, 3>
    gpu.barrier
    %c2i = arith.constant 2 : index
    %o = arith.subi %c2i, %tx : index
    %r = memref.load %w[%o] : memref<3xindex, 3>
    memref.store %r, %out[%bx, %tx] : memref<2x3xindex>
    gpu.terminator
  }
  return %t : !gpu.async.token
}`);
    const out = memref(p, 'main', 0, range(6, () => -1));
    const r = p.run('main', [out, 100, new AsyncTokenValue()]);
    expect(r.error).toBeUndefined();
    expect(r.results![0]).toBeInstanceOf(AsyncTokenValue);
    expect(memrefElements(out)).toEqual([104, 103, 102, 107, 106, 105]);
  });
});

describe('host-side ops', () => {
  const HOST = `
func.func @main(%host: memref<4xf32>, %n: index, %v: f32) -> f32 {
  %t0 = gpu.wait async
  %dev, %t1 = gpu.alloc async [%t0] (%n) : memref<?xf32>
  %t2 = gpu.memset async [%t1] %dev, %v : memref<?xf32>, f32
  %c0 = arith.constant 0 : index
  %x = memref.load %dev[%c0] : memref<?xf32>
  %t3 = gpu.memcpy async [%t2] %host, %dev : memref<4xf32>, memref<?xf32>
  gpu.wait [%t3]
  %u = memref.cast %host : memref<4xf32> to memref<*xf32>
  gpu.host_register %u : memref<*xf32>
  %c0i = arith.constant 0 : i32
  gpu.set_default_device %c0i
  %t4 = gpu.dealloc async [%t3] %dev : memref<?xf32>
  gpu.wait [%t4]
  return %x : f32
}
func.func @double_free(%n: index) {
  %dev = gpu.alloc (%n) : memref<?xf32>
  gpu.dealloc %dev : memref<?xf32>
  gpu.dealloc %dev : memref<?xf32>
  return
}
func.func @free_host(%m: memref<4xf32>) {
  gpu.dealloc %m : memref<4xf32>
  return
}
func.func @bad_copy(%m: memref<4xf32>, %n: index) {
  %dev = gpu.alloc (%n) : memref<?xf32>
  gpu.memcpy %m, %dev : memref<4xf32>, memref<?xf32>
  return
}
func.func @uninitialized(%m: memref<4xf32>) {
  %c4 = arith.constant 4 : index
  %dev = gpu.alloc (%c4) : memref<?xf32>
  gpu.memcpy %m, %dev : memref<4xf32>, memref<?xf32>
  return
}
func.func @device(%i: i32) {
  gpu.set_default_device %i
  return
}`;

  it('allocate, fill, copy and free device memory; asynchronous ones give tokens', () => {
    const p = harness().parse(HOST, 'host.mlir');
    const host = memref(p, 'main', 0, [0, 0, 0, 0]);
    expect(p.run('main', [host, 4, 2.5])).toEqual({ results: [2.5] });
    expect(memrefElements(host)).toEqual([2.5, 2.5, 2.5, 2.5]);
  });

  it('report misuse of device memory and devices', () => {
    const p = harness().parse(HOST, 'host.mlir');
    expect(p.run('double_free', [2]).error).toContain('host.mlir:21:3: error: dealloc of the memory of gpu.alloc at host.mlir:19:10, which was already freed by gpu.dealloc at host.mlir:20:3');
    expect(p.run('free_host', [memref(p, 'free_host', 0, [1, 2, 3, 4])]).error).toContain('host.mlir:25:3: error: dealloc of a host memref, which gpu.alloc did not allocate');
    expect(p.run('bad_copy', [memref(p, 'bad_copy', 0, [1, 2, 3, 4]), 3]).error).toContain('host.mlir:30:3: error: gpu.memcpy between memrefs of sizes [3] and [4]');
    expect(p.run('uninitialized', [memref(p, 'uninitialized', 0, [1, 2, 3, 4])]).error).toContain('which was never written');
    expect(p.run('device', [1]).error).toContain('host.mlir:40:3: error: the interpreter has one device, 0; gpu.set_default_device asks for 1');
  });
});

describe('gpu.printf', () => {
  it('formats its arguments as C does, in the order the work-items run', () => {
    printed.length = 0;
    const p = harness().parse(`
module attributes {gpu.container_module} {
  gpu.module @k {
    gpu.func @f(%x: f32, %big: i64, %u: i8) kernel {
      %t = gpu.thread_id x
      gpu.printf "thread %ld: %5.2f %e %g|%-4d|%04x|%u %%\\n", %t, %x, %x, %x, %t, %big, %u : index, f32, f32, f32, index, i64, i8
      gpu.return
    }
  }
  func.func @main(%x: f32, %big: i64, %u: i8) {
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    gpu.launch_func @k::@f blocks in (%c1, %c1, %c1) threads in (%c2, %c1, %c1) args(%x : f32, %big : i64, %u : i8)
    return
  }
}`);
    expect(p.run('main', [1234.5, 255n, -1]).error).toBeUndefined();
    expect(printed).toEqual(['thread 0: 1234.50 1.234500e+03 1234.5|0   |00ff|255 %\n', 'thread 1: 1234.50 1.234500e+03 1234.5|1   |00ff|255 %\n']);
  });
});

describe('subgroup MMA', () => {
  it('computes C + A B of 16x16 matrices loaded, computed and stored by a subgroup', () => {
    const p = harness(32).parse(`
module attributes {gpu.container_module} {
  gpu.module @k {
    gpu.func @mma(%a: memref<16x16xf16>, %b: memref<16x16xf16>, %c: memref<16x16xf32>) kernel {
      %c0 = arith.constant 0 : index
      %ma = gpu.subgroup_mma_load_matrix %a[%c0, %c0] {leadDimension = 16 : index} : memref<16x16xf16> -> !gpu.mma_matrix<16x16xf16, "AOp">
      %mb = gpu.subgroup_mma_load_matrix %b[%c0, %c0] {leadDimension = 16 : index, transpose} : memref<16x16xf16> -> !gpu.mma_matrix<16x16xf16, "BOp">
      %mc = gpu.subgroup_mma_load_matrix %c[%c0, %c0] {leadDimension = 16 : index} : memref<16x16xf32> -> !gpu.mma_matrix<16x16xf32, "COp">
      %md = gpu.subgroup_mma_compute %ma, %mb, %mc : !gpu.mma_matrix<16x16xf16, "AOp">, !gpu.mma_matrix<16x16xf16, "BOp"> -> !gpu.mma_matrix<16x16xf32, "COp">
      %half = arith.constant 0.5 : f32
      %mh = gpu.subgroup_mma_constant_matrix %half : !gpu.mma_matrix<16x16xf32, "COp">
      %me = gpu.subgroup_mma_elementwise mulf %md, %mh : (!gpu.mma_matrix<16x16xf32, "COp">, !gpu.mma_matrix<16x16xf32, "COp">) -> !gpu.mma_matrix<16x16xf32, "COp">
      gpu.subgroup_mma_store_matrix %me, %c[%c0, %c0] {leadDimension = 16 : index} : !gpu.mma_matrix<16x16xf32, "COp">, memref<16x16xf32>
      gpu.return
    }
  }
  func.func @main(%a: memref<16x16xf16>, %b: memref<16x16xf16>, %c: memref<16x16xf32>) {
    %c1 = arith.constant 1 : index
    %c32 = arith.constant 32 : index
    gpu.launch_func @k::@mma blocks in (%c1, %c1, %c1) threads in (%c32, %c1, %c1) args(%a : memref<16x16xf16>, %b : memref<16x16xf16>, %c : memref<16x16xf32>)
    return
  }
}`);
    const A = range(256, (i) => ((i * 7) % 11) - 5);
    const B = range(256, (i) => ((i * 3) % 5) - 2);
    const C = range(256, (i) => i % 9);
    const a = memref(p, 'main', 0, A);
    const b = memref(p, 'main', 1, B);
    const c = memref(p, 'main', 2, C);
    expect(p.run('main', [a, b, c]).error).toBeUndefined();
    // B is loaded transposed: B'[k][j] = B[j][k]. The C of every lane is stored once: C is updated in place.
    const expected = range(256, (e) => {
      const [i, j] = [Math.floor(e / 16), e % 16];
      let acc = C[e]!;
      for (let k = 0; k < 16; k++) acc += A[i * 16 + k]! * B[j * 16 + k]!;
      return acc * 0.5;
    });
    expect(memrefElements(c)).toEqual(expected);
  });

  it('needs every lane of the subgroup at a load, with the same memref and indices', () => {
    const p = harness(4).parse(
      `
module attributes {gpu.container_module} {
  gpu.module @k {
    gpu.func @mma(%a: memref<32x16xf16>) kernel {
      %t = gpu.thread_id x
      %c0 = arith.constant 0 : index
      %ma = gpu.subgroup_mma_load_matrix %a[%t, %c0] {leadDimension = 16 : index} : memref<32x16xf16> -> !gpu.mma_matrix<16x16xf16, "AOp">
      gpu.return
    }
  }
  func.func @main(%a: memref<32x16xf16>) {
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    gpu.launch_func @k::@mma blocks in (%c1, %c1, %c1) threads in (%c4, %c1, %c1) args(%a : memref<32x16xf16>)
    return
  }
}`,
      'mma.mlir',
    );
    const { error } = p.run('main', [memref(p, 'main', 0, range(512))]);
    expect(error).toContain("mma.mlir:7:13: error: the lanes of a subgroup give 'gpu.subgroup_mma_load_matrix' different memrefs or indices; they load and store one matrix together");
  });
});

describe('launch errors', () => {
  const KERNELS = `
module attributes {gpu.container_module} {
  gpu.module @k {
    gpu.func @sized() kernel attributes {known_block_size = array<i32: 4, 1, 1>} {
      gpu.return
    }
    gpu.func @bounded(%out: memref<8xindex>) kernel {
      %t = gpu.thread_id x upper_bound 4
      memref.store %t, %out[%t] : memref<8xindex>
      gpu.return
    }
  }
  func.func @sized(%n: index) {
    %c1 = arith.constant 1 : index
    gpu.launch_func @k::@sized blocks in (%c1, %c1, %c1) threads in (%n, %c1, %c1)
    return
  }
  func.func @bounded(%out: memref<8xindex>, %n: index) {
    %c1 = arith.constant 1 : index
    gpu.launch_func @k::@bounded blocks in (%c1, %c1, %c1) threads in (%n, %c1, %c1) args(%out : memref<8xindex>)
    return
  }
  func.func @outside() -> index {
    %t = gpu.thread_id x
    return %t : index
  }
  func.func @barrier_on_host() {
    gpu.barrier
    return
  }
}`;

  it('check the sizes of a launch', () => {
    const p = harness().parse(KERNELS, 'errors.mlir');
    expect(p.run('sized', [4]).error).toBeUndefined();
    expect(p.run('sized', [0]).error).toContain('errors.mlir:15:5: error: the block size of a launch must be at least 1 in every dimension, got (0, 1, 1)');
    expect(p.run('sized', [8]).error).toContain(
      'errors.mlir:15:5: error: @sized is launched with block size (8, 1, 1), but its known_block_size is (4, 1, 1) (undefined behavior)',
    );
  });

  it('report ids beyond their upper_bound and ids outside a kernel', () => {
    const p = harness().parse(KERNELS, 'errors.mlir');
    const out = memref(p, 'bounded', 0, range(8, () => 0));
    expect(p.run('bounded', [out, 4]).error).toBeUndefined();
    const { error } = p.run('bounded', [out, 5]);
    expect(error).toContain('errors.mlir:8:12: error: gpu.thread_id x is 4, not below the op\'s upper_bound 4 (undefined behavior)');
    expect(error).toContain('errors.mlir:20:5: note: in thread (4, 0, 0) of block (0, 0, 0) of @k::@bounded');
    expect(p.run('outside').error).toContain("errors.mlir:24:10: error: 'gpu.thread_id' outside a kernel (it runs in the work-items of a gpu.launch_func or gpu.launch)");
    expect(p.run('barrier_on_host').error).toContain('errors.mlir:28:5: error: gpu.barrier outside a kernel');
  });
});

describe('launchKernel', () => {
  it('launches a gpu.func from the host API on host memory', () => {
    const p = harness().parse(REVERSE.replace('@BARRIER@', 'gpu.barrier'));
    const kernel = p.fn('reverse');
    const input = memref(p, 'main', 0, range(16));
    const out = memref(p, 'main', 1, range(16, () => 0));
    const interpreter = new Interpreter(harness().registry);
    const r = launchKernel(interpreter, kernel, [input, out], { grid: 2, block: 8 });
    expect(r.ok ? '' : formatDiagnostic(r.diagnostic, p.ctx.sources)).toBe('');
    expect(memrefElements(out)).toEqual([...range(8, (i) => 7 - i), ...range(8, (i) => 15 - i)]);
    const bad = launchKernel(interpreter, kernel, [input], { grid: 2, block: 8 });
    expect(bad.ok ? '' : bad.diagnostic.message).toBe("'gpu.func' @reverse takes 2 arguments, 1 given");
  });
});
