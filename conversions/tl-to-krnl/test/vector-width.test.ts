// vector-width on gemm, gemv and axpby shapes: after lower-to-krnl and after convert-krnl-to-scf the kernels store bit
// for bit what the tensor language stores, for widths 2 and 4; the vector loads run where the views are aligned
// (every vector.load the interpreter runs checks the alignment it promises) and the scalar nest runs where they are
// not (a run-time offset, rows or a leading stride that the width does not divide). WebGPU runs the same kernels:
// targets/wgsl/test/end-to-end/vector-width-on-webgpu.test.ts.
import { describe, expect, it } from 'vitest';
import { Memory, MemrefView } from '@tlir/interpreter';
import type { KernelArgument, TlMemrefType } from '@tlir/dialect-tl';
import type { Operation } from '@tlir/ir';
import { LATER_STAGES, VECTOR_LOADS, runEquivalence } from './lowering-harness.js';

/** Column-major memrefs of the kernel's memref arguments (`shapes`, in order), then the scalars. */
function args(shapes: readonly (readonly number[])[], scalars: readonly number[]) {
  return (kernel: Operation): KernelArgument[] => {
    const types = kernel.regions[0]!.firstBlock!.args.map((a) => a.type);
    const out: KernelArgument[] = shapes.map((shape, i) => {
      const n = shape.reduce((a, b) => a * b, 1);
      const strides: number[] = [];
      let s = 1;
      for (const d of shape) {
        strides.push(s);
        s *= d;
      }
      // Small integers: every sum is exact, so the order of the sums cannot matter.
      const values = Array.from({ length: n }, (_, e) => ((e * 7 + i * 3) % 11) - 5);
      return new MemrefView(Memory.fromValues((types[i] as TlMemrefType).elementType, values, `argument ${i}`), 0, [...shape], strides);
    });
    return [...out, ...scalars];
  };
}

const batchedGemm = `func @k(%A: memref<f32x16x12x?>, %B: memref<f32x12x20x?>, %C: memref<f32x16x20x?>) {
  %g = group_id
  %a = subview %A[:, :, %g] : memref<f32x16x12x?>
  %b = subview %B[:, :, %g] : memref<f32x12x20x?>
  %c = subview %C[:, :, %g] : memref<f32x16x20x?>
  gemm.n.n 1.5, %a, %b, 0.5, %c : f32, memref<f32x16x12,strided<1,16>>, memref<f32x12x20,strided<1,12>>, f32, memref<f32x16x20,strided<1,16>>
}`;

// A's rows start at %o: aligned or not, known only at run time.
const offsetGemm = `func @k(%A: memref<f32x24x12>, %B: memref<f32x12x8>, %C: memref<f32x16x8>, %o: index) {
  %a = subview %A[%o:16, :] : memref<f32x24x12>
  gemm.n.n 1.0, %a, %B, 1.0, %C : f32, memref<f32x16x12,strided<1,24>>, memref<f32x12x8>, f32, memref<f32x16x8>
}`;

// The rows of A and y, %r, known at run time.
const gemv = `func @k(%A: memref<f32x24x9>, %x: memref<f32x9>, %y: memref<f32x24>, %r: index) {
  %a = subview %A[0:%r, :] : memref<f32x24x9>
  %z = subview %y[0:%r] : memref<f32x24>
  gemv.n 2.0, %a, %x, 1.0, %z : f32, memref<f32x?x9,strided<1,24>>, memref<f32x9>, f32, memref<f32x?>
}`;

// 18 rows: a leading stride of 18, which 2 divides and 4 does not.
const oddGemm = `func @k(%A: memref<f32x18x7>, %B: memref<f32x7x10>, %C: memref<f32x18x10>) {
  gemm.n.n 1.0, %A, %B, 0.0, %C : f32, memref<f32x18x7>, memref<f32x7x10>, f32, memref<f32x18x10>
}`;

const axpby = `func @k(%A: memref<f32x13x6>, %C: memref<f32x13x6>) {
  axpby.n 2.0, %A, 0.5, %C : f32, memref<f32x13x6>, f32, memref<f32x13x6>
}`;

interface VectorCase {
  readonly name: string;
  readonly source: string;
  readonly shapes: readonly (readonly number[])[];
  readonly scalars?: readonly number[];
  readonly groups?: number;
  readonly options: string;
  /** Whether the vector loads run with width 2 and with width 4. */
  readonly vectors: readonly [boolean, boolean];
}

const CASES: readonly VectorCase[] = [
  { name: 'a batched gemm (aligned)', source: batchedGemm, shapes: [[16, 12, 3], [12, 20, 3], [16, 20, 3]], groups: 3, options: 'tile-m=8 tile-n=8 tile-k=4', vectors: [true, true] },
  { name: 'a batched gemm, register tiles across the edge', source: batchedGemm, shapes: [[16, 12, 2], [12, 20, 2], [16, 20, 2]], groups: 2, options: 'tile-m=12 tile-n=12 register-m=4 register-n=3', vectors: [true, true] },
  { name: 'a gemm whose A starts at row 1 (misaligned)', source: offsetGemm, shapes: [[24, 12], [12, 8], [16, 8]], scalars: [1], options: '', vectors: [false, false] },
  { name: 'a gemm whose A starts at row 2', source: offsetGemm, shapes: [[24, 12], [12, 8], [16, 8]], scalars: [2], options: '', vectors: [true, false] },
  { name: 'a gemm whose A starts at row 8', source: offsetGemm, shapes: [[24, 12], [12, 8], [16, 8]], scalars: [8], options: '', vectors: [true, true] },
  { name: 'a gemv of 20 rows', source: gemv, shapes: [[24, 9], [9], [24]], scalars: [20], options: 'work-group-size=4,1', vectors: [true, true] },
  { name: 'a gemv of 18 rows (the last register tile across the edge)', source: gemv, shapes: [[24, 9], [9], [24]], scalars: [18], options: 'work-group-size=4,1', vectors: [true, false] },
  { name: 'a gemm with 18 rows', source: oddGemm, shapes: [[18, 7], [7, 10], [18, 10]], options: 'register-m=4', vectors: [true, false] },
  { name: 'an axpby (no vector loads)', source: axpby, shapes: [[13, 6], [13, 6]], options: '', vectors: [false, false] },
];

describe('vector-width after lower-to-krnl and convert-krnl-to-scf', () => {
  for (const c of CASES) {
    for (const [w, width] of [2, 4].entries()) {
      it(`${c.name}, vector-width=${width}`, () => {
        VECTOR_LOADS.count = 0;
        const r = runEquivalence({
          source: c.source,
          kernel: 'k',
          groups: c.groups ?? 1,
          args: args(c.shapes, c.scalars ?? []),
          stages: [`builtin.module(lower-to-krnl{${c.options} vector-width=${width}})`, ...LATER_STAGES],
        });
        expect(r.differences).toEqual([]);
        if (c.vectors[w]) expect(VECTOR_LOADS.count, 'vector loads ran').toBeGreaterThan(0);
        else expect(VECTOR_LOADS.count, 'the scalar nest ran').toBe(0);
      });
    }
  }
});
