// vector-width on a WebGPU adapter against the interpreter (the CPU adapters here; docs/lowering-tl-to-krnl.md,
// "Vector width"): gemm, gemv and axpby shapes with widths 2 and 4, where the views are aligned (the vec2/vec4 loads
// run) and where they are not (the run-time check takes the scalar nest, which reads the same buffer, now an array of
// vectors, a component at a time). Buffers whose size is not a multiple of 16 bytes are among them (the runtime pads
// them). conversions/tl-to-krnl/test/vector-width.test.ts shows which path runs in each case.
import { describe, expect, it } from 'vitest';
import { useWebGpuDevice } from '../../../../packages/runtime/test/support/webgpu-adapter.js';
import { END_TO_END_ADAPTERS, expectSameResults, type ArgumentSetup } from '../support/end-to-end.js';

const device = useWebGpuDevice(END_TO_END_ADAPTERS);

// Sums of products in f32: the device may contract a * b + c.
const SUMS = 1e-5;

const batchedGemm = `func @k(%A: memref<f32x16x12x?>, %B: memref<f32x12x20x?>, %C: memref<f32x16x20x?>) work_group_size(4,2) {
  %g = group_id
  %a = subview %A[:, :, %g] : memref<f32x16x12x?>
  %b = subview %B[:, :, %g] : memref<f32x12x20x?>
  %c = subview %C[:, :, %g] : memref<f32x16x20x?>
  gemm.n.n 1.5, %a, %b, 0.5, %c : f32, memref<f32x16x12,strided<1,16>>, memref<f32x12x20,strided<1,12>>, f32, memref<f32x16x20,strided<1,16>>
}`;

const offsetGemm = `func @k(%A: memref<f32x21x5>, %B: memref<f32x5x8>, %C: memref<f32x16x8>, %o: index) work_group_size(4,2) {
  %a = subview %A[%o:16, :] : memref<f32x21x5>
  gemm.n.n 1.0, %a, %B, 1.0, %C : f32, memref<f32x16x5,strided<1,21>>, memref<f32x5x8>, f32, memref<f32x16x8>
}`;

const gemv = `func @k(%A: memref<f32x24x9>, %x: memref<f32x9>, %y: memref<f32x24>, %r: index) work_group_size(4,1) {
  %a = subview %A[0:%r, :] : memref<f32x24x9>
  %z = subview %y[0:%r] : memref<f32x24>
  gemv.n 2.0, %a, %x, 1.0, %z : f32, memref<f32x?x9,strided<1,24>>, memref<f32x9>, f32, memref<f32x?>
}`;

// 18x3 floats: 216 bytes, not a multiple of 16 (an array of 27 vec2; the runtime pads the buffer to 224 bytes).
const oddGemm = `func @k(%A: memref<f32x18x3>, %B: memref<f32x3x10>, %C: memref<f32x18x10>) work_group_size(4,2) {
  gemm.n.n 1.0, %A, %B, 0.0, %C : f32, memref<f32x18x3>, memref<f32x3x10>, f32, memref<f32x18x10>
}`;

// i8 elements are i32 words in WGSL (an array of vec4<i32>); i1 ones are read as bool, element by element.
const narrowGemm = `func @k(%A: memref<i8x16x8>, %B: memref<i8x8x12>, %C: memref<i32x16x12>, %P: memref<i1x16x8>, %Q: memref<i1x8x12>, %D: memref<i32x16x12>) work_group_size(4,2) {
  gemm.n.n 3, %A, %B, 1, %C : i8, memref<i8x16x8>, memref<i8x8x12>, i8, memref<i32x16x12>
  gemm.n.n 1, %P, %Q, 1, %D : i1, memref<i1x16x8>, memref<i1x8x12>, i1, memref<i32x16x12>
}`;

const axpby = `func @k(%A: memref<f32x13x6>, %C: memref<f32x13x6>) work_group_size(4,2) {
  axpby.n 2.0, %A, 0.5, %C : f32, memref<f32x13x6>, f32, memref<f32x13x6>
}`;

interface WebGpuCase {
  readonly name: string;
  readonly source: string;
  readonly args: readonly ArgumentSetup[];
  readonly groups?: number;
  readonly options?: string;
  /** The WGSL element of A's words (default f32). */
  readonly element?: string;
  /** Whether the translation reads A as vectors (its binding an array of vectors), with width 2 and with width 4. */
  readonly vectorBinding: readonly [boolean, boolean];
}

const CASES: readonly WebGpuCase[] = [
  { name: 'a batched gemm (aligned)', source: batchedGemm, args: [{ sizes: [3] }, { sizes: [3] }, { sizes: [3] }], groups: 3, options: 'tile-m=8 tile-n=8 tile-k=4', vectorBinding: [true, true] },
  // A of 21x5 floats: 420 bytes, not a multiple of 16; rows from 1 (misaligned) or 4 (aligned), the leading stride 21
  // is not a multiple of 2 or 4: the types show it, and the scalar loads are all there is.
  { name: 'a gemm on a 21x5 A (420 bytes) from row 4', source: offsetGemm, args: [{}, {}, {}, { value: 4 }], vectorBinding: [false, false] },
  { name: 'a gemv of 20 rows', source: gemv, args: [{}, {}, {}, { value: 20 }], vectorBinding: [true, true] },
  { name: 'a gemv of 18 rows (the last register tile across the edge)', source: gemv, args: [{}, {}, {}, { value: 18 }], vectorBinding: [true, true] },
  { name: 'a gemm on an 18x3 A (216 bytes)', source: oddGemm, args: [{}, {}, {}], vectorBinding: [true, false] },
  { name: 'gemms of i8 and of i1', source: narrowGemm, args: [{}, {}, {}, {}, {}, {}], element: 'i32', vectorBinding: [true, true] },
  { name: 'an axpby (the width ignored)', source: axpby, args: [{}, {}], vectorBinding: [false, false] },
];

describe('vector-width on WebGPU', () => {
  for (const c of CASES) {
    for (const [w, width] of [2, 4].entries()) {
      it(`${c.name}, vector-width=${width}`, async (ctx) => {
        const translated = await expectSameResults(device(ctx), {
          source: c.source,
          file: 'k.tl',
          kernel: 'k',
          args: c.args,
          groups: c.groups ?? 1,
          tolerance: SUMS,
          lowering: `lower-to-krnl{${c.options ?? ''} vector-width=${width}}`,
        });
        const binding = new RegExp(`var<storage, read> A: array<vec${width}<${c.element ?? 'f32'}>>;`);
        if (c.vectorBinding[w]) {
          expect(translated.wgsl).toMatch(binding);
          // A whole vector read at once: element at / width (at >> log2 width) of the array of vectors.
          expect(translated.wgsl).toMatch(new RegExp(`let \\w+ = A\\[\\(\\w+ >> ${Math.log2(width)}u\\)\\];`));
        } else expect(translated.wgsl).not.toMatch(/array<vec/);
        // i1 is never an array of vectors.
        expect(translated.wgsl).not.toMatch(/var<storage, read> P: array<vec/);
      }, 120_000);
    }
  }

  it('a gemm whose A starts at a row the width does not divide, known at run time: the scalar nest', async (ctx) => {
    const misaligned = offsetGemm.replaceAll('21x5', '24x5').replace('strided<1,21>', 'strided<1,24>');
    for (const [width, row] of [
      [4, 1],
      [4, 2],
      [2, 3],
      [4, 8],
    ] as const) {
      const translated = await expectSameResults(device(ctx), {
        source: misaligned,
        file: 'k.tl',
        kernel: 'k',
        args: [{}, {}, {}, { value: row }],
        groups: 1,
        tolerance: SUMS,
        lowering: `lower-to-krnl{vector-width=${width}}`,
      });
      expect(translated.wgsl).toMatch(new RegExp(`array<vec${width}<f32>>`));
    }
  }, 120_000);
});
