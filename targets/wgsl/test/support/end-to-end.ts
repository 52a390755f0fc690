// The end-to-end check of the WGSL translation: a tensor-language kernel runs in the reference interpreter as tl,
// and is lowered (lower-to-krnl, lower-to-gpu), translated to WGSL and run by @tlir/runtime on a WebGPU adapter, on
// the same inputs; every memref and group argument must end up the same, up to a tolerance for floats (docs/wgsl.md,
// "Testing": WGSL's f32 division, conversions and builtins are not all correctly rounded, and work-items may sum in
// another order than the interpreter). The WGSL must compile without any message.
import { readFileSync } from 'node:fs';
import { expect } from 'vitest';
import { DYNAMIC, TlGroupType, TlMemrefType, findKernel, memrefForType, runKernel, GroupValue, type KernelArgument } from '@tlir/dialect-tl';
import { parseTensorLanguage } from '@tlir/frontend-tl';
import { translateToWgsl, type TranslatedKernel, type WgslFeatureName } from '@tlir/target-wgsl';
import { Memory, MemrefView } from '@tlir/interpreter';
import { Context, formatDiagnostic, type Operation, type Type } from '@tlir/ir';
import { parsePassPipeline, PipelineSyntaxError } from '@tlir/pass';
import { dispatchedWorkgroups, ndarray, type DType, type HostTypedArray, type KernelArgumentValue, type NdArray, type RuntimeDevice } from '@tlir/runtime';
import type { NodeDeviceOptions } from '@tlir/runtime/node';
import { createPassRegistry, DEFAULT_DIALECTS } from '@tlir/registry';

/** How the test sets up one argument: sizes of its dynamic modes, a group's member count, a scalar's value. */
export interface ArgumentSetup {
  /** The sizes of the dynamic modes, in order (memrefs and group members). */
  readonly sizes?: readonly number[];
  /** A group's member count (default: the number of work-groups). */
  readonly members?: number;
  /** A scalar's value. */
  readonly value?: number;
  /** The values of the elements (given the element index); default: deterministic pseudo-random values of the type. */
  readonly data?: (e: number) => number;
}

export interface EndToEndCase {
  /** The kernel's tensor-language text and the file name it is reported under. */
  readonly source: string;
  readonly file: string;
  readonly kernel: string;
  /** One entry per argument of the kernel. */
  readonly args: readonly ArgumentSetup[];
  readonly groups: number;
  /** Relative tolerance of float results (0: bit-exact); integers are always exact. */
  readonly tolerance: number;
  /** Options of the lowering (`lower-to-krnl{...}`), if any. */
  readonly lowering?: string;
  readonly features?: readonly WgslFeatureName[];
  /** Translate with loop checks (--loop-check). */
  readonly loopCheck?: boolean;
  /** Fold the grid at this many work-groups per dimension (to test folding into y and z with few work-groups). */
  readonly maxGroupsPerDimension?: number;
}

const MAX_MISMATCHES = 8;

/**
 * A batched gemm, C_g := 1.5 A_g B_g + 0.5 C_g with K = 13, one group per work-group of x by y work-items, whose
 * m x n output and K are not multiples of the tiles (edges in every axis): the case of the launch-shape tests.
 */
export function batchedGemmSource(x: number, y: number, m = 19, n = 23): string {
  return `func @batched(%A: memref<f32x${m}x13x?>, %B: memref<f32x13x${n}x?>, %C: memref<f32x${m}x${n}x?>) work_group_size(${x},${y}) {
  %g = group_id
  %a = subview %A[:, :, %g] : memref<f32x${m}x13x?>
  %b = subview %B[:, :, %g] : memref<f32x13x${n}x?>
  %c = subview %C[:, :, %g] : memref<f32x${m}x${n}x?>
  gemm.n.n 1.5, %a, %b, 0.5, %c : f32, memref<f32x${m}x13,strided<1,${m}>>, memref<f32x13x${n},strided<1,13>>, f32, memref<f32x${m}x${n},strided<1,${m}>>
}
`;
}

/** The spec's sample (examples/kernels/fused-kernel.tl: a fused gemm chain on 2x4 work-items, D read and written) on `groups` groups. */
export function specSampleCase(groups: number, tolerance: number): EndToEndCase {
  return {
    source: readFileSync(new URL('../../../../examples/kernels/fused-kernel.tl', import.meta.url), 'utf8'),
    file: 'fused-kernel.tl',
    kernel: 'fused_kernel',
    args: [{ value: 0.75 }, { members: groups }, {}, {}, { sizes: [groups] }],
    groups,
    tolerance,
  };
}

/**
 * The adapters the end-to-end tests prefer: a GPU, else llvmpipe (which compiles these kernels about five times
 * faster than SwiftShader), else SwiftShader; TLIR_WEBGPU_ADAPTER chooses otherwise. The WGSL of the file tests is
 * compiled on the default adapter too (compile-on-webgpu.test.ts), which has subgroups.
 */
export const END_TO_END_ADAPTERS: NodeDeviceOptions = process.env['TLIR_WEBGPU_ADAPTER'] ? {} : { recipes: ['gpu', 'opengles', 'swiftshader'] };

/**
 * Mesa's llvmpipe (the opengles recipe; Mesa 22.3 here) ends a work-item's loops once that work-item has run 65,535
 * loop iterations in all, silently: gallivm keeps one loop limiter per shader invocation, shared by every loop
 * (LP_MAX_TGSI_LOOP_ITERATIONS), and the kernel goes on with partial sums and skipped stores
 * (loop-iteration-limit.test.ts shows it). Kernels whose work-items run longer (a staged GEMM with a long K: a K
 * loop per output tile, several copy loops per K step) are compared on these adapters, which run every loop to
 * its end: a GPU, else SwiftShader.
 */
export const LONG_LOOP_ADAPTERS: NodeDeviceOptions = { recipes: ['gpu', 'swiftshader'] };

/** The loop-iteration budget of one work-item on llvmpipe (see LONG_LOOP_ADAPTERS). */
export const LLVMPIPE_LOOP_ITERATIONS = 65_535;

/** Pseudo-random values in [-1, 1) (a linear congruential generator: the same for every run). */
export function values(n: number, seed: number): number[] {
  let s = seed;
  return Array.from({ length: n }, () => {
    s = (s * 1103515245 + 12345) % 2 ** 31;
    return (s / 2 ** 31) * 2 - 1;
  });
}

/** The element type's name and what its default data are. */
function elementKind(type: Type): { name: string; dtype: DType; integer: boolean; range: number } {
  const name = type.toString();
  switch (name) {
    case 'f32':
      return { name, dtype: 'f32', integer: false, range: 1 };
    case 'i32':
    case 'index':
      return { name, dtype: 'i32', integer: true, range: 1000 };
    case 'i16':
      return { name, dtype: 'i16', integer: true, range: 300 };
    case 'i8':
      return { name, dtype: 'i8', integer: true, range: 100 };
    case 'i1':
      return { name, dtype: 'bool', integer: true, range: 1 };
    default:
      throw new Error(`the end-to-end harness has no host arrays of ${name}`);
  }
}

function defaultData(type: Type, count: number, seed: number): number[] {
  const kind = elementKind(type);
  const raw = values(count, seed);
  if (kind.name === 'i1') return raw.map((v) => (v >= 0 ? 1 : 0));
  return kind.integer ? raw.map((v) => Math.round(v * kind.range)) : raw;
}

function typedArray(dtype: DType, data: readonly number[]): HostTypedArray {
  switch (dtype) {
    case 'f32':
      return Float32Array.from(data);
    case 'i32':
      return Int32Array.from(data);
    case 'i16':
      return Int16Array.from(data);
    case 'i8':
      return Int8Array.from(data);
    case 'bool':
      return Uint8Array.from(data);
    default:
      throw new Error(`no typed array for ${dtype}`);
  }
}

/** The sizes of a tl memref type, dynamic ones from `sizes` in order. */
function concreteSizes(type: TlMemrefType, sizes: readonly number[] | undefined, what: string): number[] {
  let next = 0;
  return type.shape.map((s: number) => {
    if (s !== DYNAMIC) return s;
    const given = sizes?.[next++];
    if (given === undefined) throw new Error(`${what}: give the size of dynamic mode ${next - 1}`);
    return given;
  });
}

const elementCount = (sizes: readonly number[]): number => sizes.reduce((a, b) => a * b, 1);

/** One argument on both sides: the interpreter's value and the runtime's, and the arrays to compare afterwards. */
interface BoundArgument {
  readonly interpreter: KernelArgument;
  readonly runtime: KernelArgumentValue;
  /** What to compare: the interpreter's views and the runtime's arrays, member by member. */
  readonly outputs: { view: MemrefView; array: NdArray; what: string; integer: boolean }[];
}

function bindArgument(type: Type, setup: ArgumentSetup, index: number, groups: number): BoundArgument {
  const what = `argument #${index}`;
  if (TlMemrefType.is(type)) {
    const sizes = concreteSizes(type, setup.sizes, what);
    const n = elementCount(sizes);
    const data = setup.data ? Array.from({ length: n }, (_, e) => setup.data!(e)) : defaultData(type.elementType, n, 100 + index);
    const kind = elementKind(type.elementType);
    const view = memrefForType(type, { sizes, data, label: what });
    const array = ndarray(typedArray(kind.dtype, data), sizes, { order: 'F', dtype: kind.dtype });
    return { interpreter: view, runtime: array, outputs: [{ view, array, what, integer: kind.integer }] };
  }
  if (TlGroupType.is(type)) {
    const memberType = type.memrefType as TlMemrefType;
    const sizes = concreteSizes(memberType, setup.sizes, what);
    const n = elementCount(sizes);
    const kind = elementKind(memberType.elementType);
    // A dynamic group offset is 0 on the runtime (the host chooses it); a static one skips that many elements.
    const offset = type.offset === DYNAMIC ? 0 : type.offset;
    const members = setup.members ?? groups;
    const outputs: BoundArgument['outputs'] = [];
    const views: MemrefView[] = [];
    const arrays: NdArray[] = [];
    for (let m = 0; m < members; m++) {
      const data = setup.data ? Array.from({ length: n }, (_, e) => setup.data!(e + m * n)) : defaultData(memberType.elementType, n, 200 + 17 * index + m);
      // The member's memory: `offset` elements the group's offset skips, then the memref (its strides packed).
      const strides: number[] = [];
      let packed = 1;
      memberType.strides.forEach((s: number, k: number) => {
        strides.push(s !== DYNAMIC ? s : packed);
        packed = strides[k]! * sizes[k]!;
      });
      const extent = sizes.includes(0) ? 0 : 1 + sizes.reduce((a, size, k) => a + (size - 1) * strides[k]!, 0);
      const memory = Memory.allocate(memberType.elementType, offset + extent, { label: `${what} member ${m}` });
      const base = new MemrefView(memory, offset, sizes, strides);
      const idx = new Array<number>(sizes.length).fill(0);
      for (let e = 0; e < n; e++) {
        base.store(idx, kind.name === 'f32' ? data[e]! : data[e]!);
        for (let k = 0; k < idx.length; k++) {
          if (++idx[k]! < sizes[k]!) break;
          idx[k] = 0;
        }
      }
      const view = new MemrefView(memory, 0, sizes, strides);
      views.push(view);
      const array = ndarray(typedArray(kind.dtype, data), sizes, { order: 'F', dtype: kind.dtype });
      arrays.push(array);
      outputs.push({ view: base, array, what: `${what} member ${m}`, integer: kind.integer });
    }
    return { interpreter: new GroupValue(views, offset), runtime: arrays, outputs };
  }
  const value = setup.value ?? 1;
  return { interpreter: value, runtime: value, outputs: [] };
}

/** Parses a tl kernel in a context of every dialect, failing the test with the rendered diagnostics. */
function parse(source: string, file: string): { ctx: Context; module: Operation } {
  const ctx = new Context({ dialects: [...DEFAULT_DIALECTS] });
  const errors: string[] = [];
  ctx.diagnostics.addHandler((d) => errors.push(formatDiagnostic(d, ctx.sources)));
  const module = parseTensorLanguage(ctx, source, file);
  if (!module) throw new Error(errors.join(''));
  return { ctx, module };
}

/** The kernel lowered and translated (failing the test with the diagnostics if it cannot be). */
export function translateTl(c: Pick<EndToEndCase, 'source' | 'file' | 'kernel' | 'lowering' | 'features' | 'loopCheck'>): TranslatedKernel {
  const { ctx, module } = parse(c.source, c.file);
  const errors: string[] = [];
  ctx.diagnostics.addHandler((d) => errors.push(formatDiagnostic(d, ctx.sources)));
  const pm = parsePassPipeline(`builtin.module(${c.lowering ?? 'lower-to-krnl'},lower-to-gpu)`, createPassRegistry());
  if (pm instanceof PipelineSyntaxError) throw new Error(pm.format());
  if (!pm.run(module)) throw new Error(`the lowering failed:\n${errors.join('')}`);
  const translated = translateToWgsl(module, { kernel: c.kernel, ...(c.features ? { features: c.features } : {}), ...(c.loopCheck ? { loopCheck: true } : {}) });
  if (!translated) throw new Error(`the translation failed:\n${errors.join('')}`);
  return translated[0]!;
}

/** Whether `got` is within `tolerance` of `want` relative to max(1, |want|) (NaN equals NaN). */
function close(got: number, want: number, tolerance: number): boolean {
  if (Number.isNaN(got) || Number.isNaN(want)) return Number.isNaN(got) && Number.isNaN(want);
  if (tolerance === 0 || !Number.isFinite(want)) return Object.is(got, want) || got === want; // an infinity only equals itself
  return Math.abs(got - want) <= tolerance * Math.max(1, Math.abs(want));
}

/**
 * Runs the case both ways and expects the same memories. Returns the translated kernel (for further checks).
 */
export async function expectSameResults(device: RuntimeDevice, c: EndToEndCase): Promise<TranslatedKernel> {
  const translated = translateTl(c);
  const { ctx, module } = parse(c.source, c.file);
  const kernel = findKernel(module, c.kernel);
  if (!kernel) throw new Error(`no kernel @${c.kernel}`);
  const types = kernel.regions[0]!.firstBlock!.args.map((a) => a.type);
  expect(c.args.length, 'one setup per argument').toBe(types.length);
  const bound = types.map((t, i) => bindArgument(t, c.args[i]!, i, c.groups));

  const result = runKernel(kernel, bound.map((b) => b.interpreter), { groups: c.groups });
  if (!result.ok) throw new Error(`the interpreter failed:\n${formatDiagnostic(result.diagnostic, ctx.sources)}`);

  const compiled = await device.loadKernel({ wgsl: translated.wgsl, manifest: translated.manifest, wgslFile: `${c.kernel}.wgsl`, sources: { [c.file]: c.source } });
  expect(compiled.renderDiagnostics(), 'the WGSL compiles without messages').toBe('');
  const args: Record<string, KernelArgumentValue> = {};
  translated.manifest.arguments.forEach((a, i) => (args[a.name] = bound[i]!.runtime));
  const launched = await compiled.launch(args, { groups: c.groups, ...(c.maxGroupsPerDimension ? { maxGroupsPerDimension: c.maxGroupsPerDimension } : {}) });
  if (c.maxGroupsPerDimension) expect(launched.grid[0] * launched.grid[1] * launched.grid[2]).toBeGreaterThanOrEqual(dispatchedWorkgroups(c.groups, translated.manifest.grid.groupsPerWorkgroup));

  const mismatches: string[] = [];
  for (const b of bound) {
    for (const out of b.outputs) {
      const want = out.view.toArray().map(Number);
      const got = Array.from(out.array.data as ArrayLike<number>, Number);
      want.forEach((w, e) => {
        const g = got[e]!;
        const wantValue = out.integer && out.array.dtype === 'bool' ? (w !== 0 ? 1 : 0) : w;
        if (!close(g, wantValue, out.integer ? 0 : c.tolerance) && mismatches.length < MAX_MISMATCHES) {
          mismatches.push(`${out.what} element ${e}: WebGPU ${g}, interpreter ${wantValue}`);
        }
      });
    }
  }
  expect(mismatches, `${c.file}: results that differ (tolerance ${c.tolerance})`).toEqual([]);
  return translated;
}
