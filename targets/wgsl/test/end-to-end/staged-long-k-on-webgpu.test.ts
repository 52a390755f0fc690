// Staged GEMMs with a long K (conversions/tl-to-krnl/test/staged-long-k-cases.ts) on WebGPU against the interpreter,
// on an adapter that runs every loop to its end (LONG_LOOP_ADAPTERS: each work-item of these kernels runs more than
// the 65,535 loop iterations llvmpipe allows one).
import { describe, it } from 'vitest';
import { useWebGpuDevice } from '../../../../packages/runtime/test/support/webgpu-adapter.js';
import { STAGED_I8_GEMM, STAGED_ZERO_GEMM } from '../../../../conversions/tl-to-krnl/test/staged-long-k-cases.js';
import { LONG_LOOP_ADAPTERS } from '../support/end-to-end.js';
import { expectCaseOnWebGpu } from '../support/collective-case-on-webgpu.js';

const device = useWebGpuDevice(LONG_LOOP_ADAPTERS);

describe('staged GEMMs with a long K on WebGPU', () => {
  it('i8 inputs, transposed, strided subviews, dynamic sizes, alpha and beta as arguments', async (ctx) => {
    await expectCaseOnWebGpu(device(ctx), STAGED_I8_GEMM);
  }, 120_000);
  it('alpha = beta = 0: every element of C (NaN on input) becomes 0', async (ctx) => {
    await expectCaseOnWebGpu(device(ctx), STAGED_ZERO_GEMM);
  }, 120_000);
});
