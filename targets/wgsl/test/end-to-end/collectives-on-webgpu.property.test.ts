// Property: the collectives' fast paths, lowered (lower-to-krnl with a random schedule, lower-to-gpu), translated
// to WGSL and run on the WebGPU adapter, store what the reference interpreter stores on the tensor language, for
// random GEMM, GEMV, GER, AXPBY (and hadamard_product, sum) cases: static and dynamic sizes, extents that are
// multiples of the tiles or not, transposes, strided subviews, beta 0 and 1, several work-groups
// (../../../../conversions/tl-to-krnl/test/collective-cases.ts). The register-tile paths (reductionCaseArb) get
// their own property. Float sums may be added in another order on the device: a relative tolerance; integers exact.
// WGSL has no f64 or i64: cases that use them are left out; its floats may be assumed finite: inputs are finite.
import fc from 'fast-check';
import { describe, it } from 'vitest';
import { Context, formatDiagnostic, type Operation } from '@tlir/ir';
import { findKernel, TlMemrefType, DYNAMIC, type KernelArgument } from '@tlir/dialect-tl';
import { MemrefView } from '@tlir/interpreter';
import { parseTensorLanguage } from '@tlir/frontend-tl';
import { DEFAULT_DIALECTS } from '@tlir/registry';
import { useWebGpuDevice } from '../../../../packages/runtime/test/support/webgpu-adapter.js';
import { argumentsOf, caseArb, kernelText, reductionCaseArb, type Case } from '../../../../conversions/tl-to-krnl/test/collective-cases.js';
import { SCALE } from '../../../../frontends/tl/test/property-settings.js';
import { END_TO_END_ADAPTERS, expectSameResults, type ArgumentSetup } from '../support/end-to-end.js';

const device = useWebGpuDevice(END_TO_END_ADAPTERS);

/** The tolerance of float results: sums of products in f32 added in another order. */
const SUMS = 1e-5;

/** Whether WGSL can run the case (no 64-bit types). */
const runsOnWebGpu = (c: Case): boolean => !/\b(f64|i64)\b/.test(kernelText(c).text);

function kernelOf(text: string): Operation {
  const ctx = new Context({ dialects: [...DEFAULT_DIALECTS] });
  const errors: string[] = [];
  ctx.diagnostics.addHandler((d) => errors.push(formatDiagnostic(d, ctx.sources)));
  const module = parseTensorLanguage(ctx, text, 'case.tl');
  if (!module) throw new Error(errors.join(''));
  return findKernel(module, 'k')!;
}

/**
 * The end-to-end harness's setup of each argument, from the arguments the interpreter cases make. WGSL lets a
 * compiler assume that floats are finite (`0 * x` may fold to 0), so the inputs' infinities and NaNs become finite
 * values here; the output keeps its NaNs, which a kernel with beta = 0 must never read.
 */
function setupsOf(kernel: Operation, args: readonly KernelArgument[], output: number): ArgumentSetup[] {
  const types = kernel.regions[0]!.firstBlock!.args.map((a) => a.type);
  return args.map((arg, i) => {
    if (arg instanceof MemrefView) {
      const type = types[i] as TlMemrefType;
      const data = arg.toArray().map((v, e) => (i === output || Number.isFinite(Number(v)) ? Number(v) : 0.25 + (e % 7)));
      return { sizes: type.shape.flatMap((s, k) => (s === DYNAMIC ? [arg.sizes[k]!] : [])), data: (e: number) => data[e]! };
    }
    return { value: Number(arg) };
  });
}

async function runCase(ctx: { skip: (note?: string) => void }, c: Case): Promise<void> {
  const { text, indexArgs } = kernelText(c);
  const kernel = kernelOf(text);
  await expectSameResults(device(ctx), {
    source: text,
    file: 'case.tl',
    kernel: 'k',
    args: setupsOf(kernel, argumentsOf(c, indexArgs)(kernel), c.operands.length - 1),
    groups: c.groups,
    tolerance: SUMS,
    lowering: c.schedule,
  });
}

describe('collectives on WebGPU against the interpreter', () => {
  it('random cases and schedules (gemm, gemv, ger, hadamard_product, axpby, sum)', async (ctx) => {
    await fc.assert(
      fc.asyncProperty(caseArb.filter(runsOnWebGpu), (c) => runCase(ctx, c)),
      { numRuns: 12 * SCALE },
    );
  }, 300_000); // each case compiles a pipeline on the CPU adapter

  it('the register-tile paths of gemm and gemv (divisible and edge shapes, direct and staged, unrolled K)', async (ctx) => {
    await fc.assert(
      fc.asyncProperty(reductionCaseArb.filter(runsOnWebGpu), (c) => runCase(ctx, c)),
      { numRuns: 12 * SCALE },
    );
  }, 300_000); // each case compiles a pipeline on the CPU adapter
});
