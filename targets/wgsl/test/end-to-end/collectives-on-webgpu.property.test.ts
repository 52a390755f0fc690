// Property: the collectives' fast paths, lowered (lower-to-krnl with a random schedule, lower-to-gpu), translated
// to WGSL and run on the WebGPU adapter, store what the reference interpreter stores on the tensor language, for
// random GEMM, GEMV, GER, AXPBY (and hadamard_product, sum) cases: static and dynamic sizes, extents that are
// multiples of the tiles or not, transposes, strided subviews, beta 0 and 1, several work-groups (one where they
// would race on C: collective-case-on-webgpu.ts)
// (../../../../conversions/tl-to-krnl/test/collective-cases.ts). The register-tile paths (reductionCaseArb) get
// their own property. Float sums may be added in another order on the device: a relative tolerance; integers exact.
// WGSL has no f64 or i64: cases that use them are left out; its floats may be assumed finite: inputs are finite.
import fc from 'fast-check';
import { describe, it } from 'vitest';
import { useWebGpuDevice } from '../../../../packages/runtime/test/support/webgpu-adapter.js';
import { caseArb, reductionCaseArb } from '../../../../conversions/tl-to-krnl/test/collective-cases.js';
import { SCALE } from '../../../../frontends/tl/test/property-settings.js';
import { END_TO_END_ADAPTERS, LONG_LOOP_ADAPTERS } from '../support/end-to-end.js';
import { expectCaseOnWebGpu, raceFree, runsOnWebGpu } from '../support/collective-case-on-webgpu.js';

const device = useWebGpuDevice(END_TO_END_ADAPTERS);
/**
 * The register-tile cases include GEMMs with a long K, staged: their work-items run more loop iterations than
 * llvmpipe lets one run (end-to-end.ts, LONG_LOOP_ADAPTERS), so they run where every loop runs to its end.
 */
const longLoopDevice = useWebGpuDevice(LONG_LOOP_ADAPTERS);

describe('collectives on WebGPU against the interpreter', () => {
  it('random cases and schedules (gemm, gemv, ger, hadamard_product, axpby, sum)', async (ctx) => {
    await fc.assert(
      fc.asyncProperty(caseArb.filter(runsOnWebGpu).map(raceFree), (c) => expectCaseOnWebGpu(device(ctx), c)),
      { numRuns: 12 * SCALE },
    );
  }, 300_000); // each case compiles a pipeline on the CPU adapter

  it('the register-tile paths of gemm and gemv (divisible and edge shapes, direct and staged, unrolled K)', async (ctx) => {
    await fc.assert(
      fc.asyncProperty(reductionCaseArb.filter(runsOnWebGpu).map(raceFree), (c) => expectCaseOnWebGpu(longLoopDevice(ctx), c)),
      { numRuns: 12 * SCALE },
    );
  }, 300_000); // each case compiles a pipeline on the CPU adapter
});
