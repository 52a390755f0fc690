// One random collective case (conversions/tl-to-krnl/test/collective-cases.ts) run through the end-to-end harness:
// its kernel text, its arguments as the interpreter cases make them (inputs made finite: WGSL may assume floats are
// finite), its number of work-groups and its schedule; the WebGPU results must be the interpreter's.
import { Context, formatDiagnostic, type Operation } from '@tlir/ir';
import { findKernel, TlMemrefType, DYNAMIC, type KernelArgument } from '@tlir/dialect-tl';
import { MemrefView } from '@tlir/interpreter';
import { parseTensorLanguage } from '@tlir/frontend-tl';
import { DEFAULT_DIALECTS } from '@tlir/registry';
import type { RuntimeDevice } from '@tlir/runtime';
import { argumentsOf, kernelText, type Case } from '../../../../conversions/tl-to-krnl/test/collective-cases.js';
import { expectSameResults, type ArgumentSetup } from './end-to-end.js';

/** The tolerance of float results: sums of products in f32 added in another order. */
const SUMS = 1e-5;

/** Whether WGSL can run the case (no 64-bit types). */
export const runsOnWebGpu = (c: Case): boolean => !/\b(f64|i64)\b/.test(kernelText(c).text);

/**
 * The case on one work-group where several would race: every work-group of a case runs the same collective on the
 * same operands, so with beta != 0 and no `.atomic` each reads C while another may be writing it (a data race: the
 * spec's work-groups run concurrently). The interpreter runs them one after the other (C + 2 alpha A B with two
 * groups); on the device both may read the old C (C + alpha A B, seen on SwiftShader). With beta = 0 every group
 * stores the same values, and `.atomic` updates are race-free: those keep their work-groups.
 */
export const raceFree = (c: Case): Case => (c.groups > 1 && !c.atomic && c.beta !== 0 ? { ...c, groups: 1 } : c);

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

/** Runs the case on `device` and in the interpreter, and expects the same memories. */
export async function expectCaseOnWebGpu(device: RuntimeDevice, c: Case): Promise<void> {
  const { text, indexArgs } = kernelText(c);
  const kernel = kernelOf(text);
  await expectSameResults(device, {
    source: text,
    file: 'case.tl',
    kernel: 'k',
    args: setupsOf(kernel, argumentsOf(c, indexArgs)(kernel), c.operands.length - 1),
    groups: c.groups,
    tolerance: SUMS,
    lowering: c.schedule,
  });
}
