// One gpu.func kernel to a WGSL module with one compute entry point, and its manifest (docs/wgsl.md):
//
//   struct Parameters { group_count: u32, <scalars and dope vector words> }
//   @group(0) @binding(0) var<uniform> params: Parameters;
//   @group(0) @binding(1) var<storage, read> A: array<f32>;            one per memref argument
//   @group(0) @binding(2) var<storage, read_write> G_data: array<f32>;  two per group argument
//   @group(0) @binding(3) var<storage, read> G_offsets: array<u32>;
//   var<workgroup> tile: array<f32, 128>;                              workgroup attributions
//
//   @compute @workgroup_size(64, 1, 1)
//   fn k(@builtin(workgroup_id) wid: vec3<u32>, @builtin(num_workgroups) nwg: vec3<u32>, ...) {
//     let group_linear = wid.x + nwg.x * (wid.y + nwg.y * wid.z);   the grid is folded into y and z
//     if (group_linear >= params.group_count) { return; }              work-groups past the count do nothing
//     let group_id = i32(group_linear);
//     let group_count = i32(params.group_count);
//     ... the kernel's ops ...
//   }
//
// With several tl groups per work-group (the gpu.func's groups_per_workgroup = G, from tl-to-krnl's
// groups-per-work-group), the entry point runs G copies of the work-items (launch-shape.ts) and
// `group_linear = (wid.x + nwg.x * (wid.y + nwg.y * wid.z)) * G + <packed index>`.
import { AllReduceOp, BarrierOp, FuncOp, funcAttributions, isKernel } from '@tlir/dialect-gpu';
import { AllocaOp } from '@tlir/dialect-memref';
import {
  DenseArrayAttr,
  Diagnostic,
  IntegerAttr,
  MemRefType,
  getFunctionType,
  getSymbolName,
  type Context,
  type Operation,
} from '@tlir/ir';
import type { KernelManifest } from '@tlir/runtime';
import { BoundsChecks } from './bounds-checks.js';
import { bufferUses } from './buffer-roots.js';
import { HelperFunctions } from './helper-functions.js';
import { IndexExpression } from './index-expression.js';
import { planArguments, type ArgumentPlan, type SourceLineReader } from './kernel-arguments.js';
import { buildKernelManifest, storageDeclarations } from './kernel-manifest-builder.js';
import { BUILTINS, KernelTranslation } from './kernel-translation.js';
import { declareArray, isWorkgroupMemory } from './memref-translation.js';
import { OP_TRANSLATORS } from './op-translators.js';
import { vectorWidthsOf } from './vector-translation.js';
import { ParameterBlock } from './parameter-block.js';
import { TranslationFailure } from './translation-values.js';
import { Uniformity } from './uniformity.js';
import { isLinearLaunch, launchSize, packedIndexExpression, packedSize } from './launch-shape.js';
import type { WgslFeatures } from './scalar-types.js';
import { WgslNames } from './wgsl-names.js';
import { assembleSections, sourcePositionOf, WgslWriter } from './wgsl-writer.js';

export interface TranslatedKernel {
  /** The kernel's symbol name. */
  readonly name: string;
  readonly wgsl: string;
  readonly manifest: KernelManifest;
  /** The gpu.func it was translated from. */
  readonly op: Operation;
}

export interface KernelTranslationOptions {
  readonly features: WgslFeatures;
  /** Reads the kernel's sources, to find argument names at the positions their locations give. */
  readonly sourceLine: SourceLineReader;
  /** Check every load, store and view against its memref's sizes and record the first violation (--bounds-check). */
  readonly boundsCheck?: boolean;
  /** Test after each loop whether the adapter ended it (loop-checks.ts; --loop-check). */
  readonly loopCheck?: boolean;
}

/** The work-group size a kernel is launched with: known_block_size, else tl's work_group_size attribute. */
function workgroupSizeOf(kernel: Operation): [number, number, number] | undefined {
  const known = FuncOp.match(kernel)?.known_block_size ?? kernel.getAttr('gpu.known_block_size');
  const tl = kernel.getAttr('work_group_size');
  const attr = known ?? tl;
  if (!(attr instanceof DenseArrayAttr)) return undefined;
  const values = attr.values.map(Number);
  const size = [values[0] ?? 1, values[1] ?? 1, values[2] ?? 1] as [number, number, number];
  return size.every((n) => Number.isSafeInteger(n) && n >= 1) && values.length <= 3 ? size : undefined;
}

/** The discardable attribute of a gpu.func holding the tl groups one work-group runs (gpu-outline-executables). */
export const GROUPS_PER_WORKGROUP_ATTR = 'groups_per_workgroup';

/** The tl groups one work-group of the kernel runs: its groups_per_workgroup (a positive integer), else 1. */
function groupsPerWorkgroupOf(kernel: Operation): number | string {
  const attr = kernel.getAttr(GROUPS_PER_WORKGROUP_ATTR);
  if (attr === undefined) return 1;
  const n = attr instanceof IntegerAttr ? Number(attr.value) : NaN;
  return Number.isSafeInteger(n) && n >= 1 ? n : `'${GROUPS_PER_WORKGROUP_ATTR}' must be a positive integer, got ${attr}`;
}

/**
 * Why the work-items of several tl groups cannot share a work-group: the first op (or attribution) that needs its
 * work-group to itself. A barrier must be reached by every work-item of the work-group, which the early return of
 * the copies past the last group would break; workgroup memory (and all_reduce's, and the broadcast of a loop bound
 * around a barrier) would need a copy per group, which is not built; subgroups would span two groups.
 */
function packingProblem(kernel: Operation, attributions: number): { op: Operation; message: string } | undefined {
  if (attributions > 0) return { op: kernel, message: 'it has workgroup memory (workgroup attributions), which would need a copy per group' };
  let found: { op: Operation; message: string } | undefined;
  kernel.walk((op) => {
    const t = op.results[0]?.type;
    if (BarrierOp.is(op)) found = { op, message: 'it has a barrier, which every work-item of the work-group must reach, and the copies past the last group return early' };
    else if (AllReduceOp.is(op)) found = { op, message: 'it has a gpu.all_reduce, which needs workgroup memory and barriers of its own group' };
    else if (AllocaOp.is(op) && t instanceof MemRefType && isWorkgroupMemory(t)) found = { op, message: 'it has workgroup memory, which would need a copy per group' };
    else if (op.name.startsWith('gpu.subgroup') || op.name === 'gpu.shuffle' || op.name === 'gpu.lane_id' || op.name === 'gpu.num_subgroups') {
      found = { op, message: `'${op.name}' works on subgroups, which would span the work-items of two groups` };
    }
    return found ? 'interrupt' : undefined;
  });
  return found;
}

/** Whether the kernel has memory that work-items share through workgroup barriers. */
function usesWorkgroupMemory(kernel: Operation, attributions: number): boolean {
  if (attributions > 0) return true;
  let found = false;
  kernel.walk((op) => {
    const t = op.results[0]?.type;
    if (AllReduceOp.is(op) || (AllocaOp.is(op) && t instanceof MemRefType && isWorkgroupMemory(t))) {
      found = true;
      return 'interrupt';
    }
    return undefined;
  });
  return found;
}

/** Translates gpu.func `kernel`; reports every problem to the context's diagnostics and returns undefined then. */
export function translateKernel(ctx: Context, kernel: Operation, options: KernelTranslationOptions): TranslatedKernel | undefined {
  const name = getSymbolName(kernel) ?? 'kernel';
  const report = (message: string): undefined => {
    ctx.diagnostics.emit(new Diagnostic('error', kernel.loc, message));
    return undefined;
  };
  if (!isKernel(kernel)) return report(`gpu.func @${name} is not a kernel: only kernels have WGSL entry points`);
  const region = kernel.regions[0]!;
  const entry = region.firstBlock;
  if (!entry) return report(`the kernel @${name} has no body`);
  if (entry !== region.lastBlock) return report(`the kernel @${name} has several blocks: WGSL has structured control flow only (no branches)`);
  const workgroupSize = workgroupSizeOf(kernel);
  if (!workgroupSize) return report(`the kernel @${name} has no known_block_size: WGSL needs the work-group size at translation time`);
  const groupsPerWorkgroup = groupsPerWorkgroupOf(kernel);
  if (typeof groupsPerWorkgroup === 'string') return report(`the kernel @${name}: ${groupsPerWorkgroup}`);
  if (groupsPerWorkgroup > 1) {
    const problem = packingProblem(kernel, funcAttributions(kernel).workgroup.length);
    if (problem) {
      ctx.diagnostics.emit(new Diagnostic('error', problem.op.loc, `the kernel @${name} cannot run ${groupsPerWorkgroup} groups per work-group (groups-per-work-group): ${problem.message}`));
      return undefined;
    }
  }
  // The entry point's shape: one-dimensional where llvmpipe would leave SIMD lanes idle (launch-shape.ts), for the
  // work-items of all the groups it runs.
  const packed = packedSize(workgroupSize, groupsPerWorkgroup);
  const linearLaunch = isLinearLaunch(packed);
  const launched = launchSize(packed, linearLaunch);
  const type = getFunctionType(kernel)!;
  if (type.results.length > 0) return report(`the kernel @${name} returns values; a kernel returns nothing`);

  const names = new WgslNames();
  for (const fixed of ['params', 'Parameters', ...Object.keys(BUILTINS), 'group_linear', 'group_id', 'group_count']) names.claim(fixed);
  const entryPoint = names.fresh(name);
  const params = new ParameterBlock('params');
  const groupCountWord = params.word('group_count', 'u32').word;
  const uses = bufferUses(kernel);
  const features = options.features;
  const plans = planArguments(entry.args.slice(0, type.inputs.length), { ctx, features, names, params, uses, sourceLine: options.sourceLine, vectorWidths: vectorWidthsOf(kernel) });
  if (!plans) return undefined;

  const helpers = new HelperFunctions(names);
  // One record for the bounds checks and the loop checks (loop-checks.ts), when either is on.
  const record = options.boundsCheck || options.loopCheck ? new BoundsChecks(names) : undefined;
  const boundsChecks = options.boundsCheck ? record : undefined;
  const loopChecks = options.loopCheck ? record : undefined;
  const attributions = funcAttributions(kernel);
  const t = new KernelTranslation({
    ctx,
    kernel,
    features,
    names,
    params,
    helpers,
    uses,
    workgroupSize,
    linearLaunch,
    groupsPerWorkgroup,
    translators: OP_TRANSLATORS,
    groupId: 'group_id',
    groupCount: 'group_count',
    uniformity: new Uniformity(kernel, uses),
    ...(boundsChecks ? { boundsChecks } : {}),
    ...(loopChecks ? { loopChecks } : {}),
  });
  t.memorySpaces.workgroup = usesWorkgroupMemory(kernel, attributions.workgroup.length);
  t.memorySpaces.storageWritten = plans.some((p) => p.kind !== 'scalar' && p.written);

  writePrologue(t, plans);
  for (const [values, space] of [[attributions.workgroup, 'workgroup'], [attributions.private, 'function']] as const) {
    for (const v of values) {
      try {
        declareArray(v, v.type as MemRefType, undefined, space, t);
      } catch (e) {
        if (!(e instanceof TranslationFailure)) throw e;
      }
    }
  }
  t.translateBlock(entry);
  if (t.hasFailed) return undefined;
  // What packingProblem cannot see from the ops (a translation that shares the work-group) must not slip through.
  if (groupsPerWorkgroup > 1 && (t.memorySpaces.workgroup || ['lindex', 'sg_lane', 'sg_size'].some((b) => t.usedBuiltins.has(b as keyof typeof BUILTINS)))) {
    return report(`the kernel @${name} cannot run ${groupsPerWorkgroup} groups per work-group (groups-per-work-group): its WGSL shares the work-group (workgroup memory or local_invocation_index)`);
  }

  const storage = storageDeclarations(plans);
  const header = new WgslWriter();
  const loc = sourcePositionOf(kernel.loc);
  header.line(`// Kernel @${name}${loc ? ` (${loc.file}:${loc.line}:${loc.column})` : ''}, translated by tlir's tl-translate --mlir-to-wgsl.`);
  if (t.usedFeatures.has('shader-f16')) header.line('enable f16;');
  if (t.usedFeatures.has('subgroups')) header.line('enable subgroups;');
  const helperSection = new WgslWriter();
  for (const l of helpers.lines()) helperSection.line(l);
  const declarations = new WgslWriter();
  for (const l of params.structLines('Parameters')) declarations.line(l);
  declarations.line('');
  declarations.line(`@group(${params.slot.group}) @binding(${params.slot.binding}) var<uniform> params: Parameters;`);
  for (const s of storage) {
    const access = s.binding.kind === 'storage-read-write' ? 'read_write' : 'read';
    declarations.line(`@group(${s.binding.group}) @binding(${s.binding.binding}) var<storage, ${access}> ${s.name}: array<${s.wgslElement}>;`, s.plan.value.loc);
  }
  // The bounds-check record takes the binding after the arguments' (in the same group).
  const boundsSlot = record ? { group: 0, binding: 1 + storage.length } : undefined;
  if (record && boundsSlot) for (const l of record.declarations(boundsSlot)) declarations.line(l);
  if (t.moduleDeclarations.lineCount > 0) {
    declarations.line('');
    declarations.append(t.moduleDeclarations);
  }
  const entrySection = new WgslWriter();
  const builtins = (Object.keys(BUILTINS) as (keyof typeof BUILTINS)[]).filter((b) => t.usedBuiltins.has(b)).map((b) => BUILTINS[b]);
  entrySection.line(`@compute @workgroup_size(${launched.join(', ')})`, kernel.loc);
  entrySection.line(`fn ${entryPoint}(${builtins.join(', ')}) {`, kernel.loc);
  entrySection.indent(() => entrySection.append(t.body));
  entrySection.line('}');
  const { wgsl, sourceMap } = assembleSections([header, helperSection, declarations, entrySection]);
  const manifest = buildKernelManifest({
    groupsPerWorkgroup,
    kernel: name,
    entryPoint,
    workgroupSize: launched,
    requiredFeatures: [...t.usedFeatures].sort(),
    plans,
    storage,
    params,
    groupCountWord,
    sourceMap,
  });
  const checked = record && boundsSlot ? { ...manifest, boundsCheck: { slot: boundsSlot, sites: record.sites } } : manifest;
  return { name, wgsl, manifest: checked, op: kernel };
}

/** The linear group id, the early return of work-groups past the count, the kernel's arguments as WGSL values. */
function writePrologue(t: KernelTranslation, plans: readonly ArgumentPlan[]): void {
  const loc = t.kernel.loc;
  const [wid, nwg] = [t.builtin('wid'), t.builtin('nwg')];
  const linear = `${wid}.x + ${nwg}.x * (${wid}.y + ${nwg}.y * ${wid}.z)`;
  const packed = t.groupsPerWorkgroup;
  if (packed === 1) t.line(`let group_linear = ${linear};`, loc);
  else t.line(`let group_linear = (${linear}) * ${packed}u + ${packedIndexExpression(t.builtin('lid'), t.workgroupSize, t.linearLaunch)};`, loc);
  t.block('if (group_linear >= params.group_count)', loc, () => t.line('return;'));
  t.line('let group_id = i32(group_linear);');
  t.line('let group_count = i32(params.group_count);');
  for (const plan of plans) {
    if (plan.kind === 'scalar') {
      const expr = plan.repr.wgsl === 'bool' ? `${plan.access} != 0i` : plan.access;
      const name = t.names.fresh(plan.name);
      t.line(`let ${name} = ${expr};`, plan.value.loc);
      t.alias(plan.value, name, plan.repr);
    } else if (plan.kind === 'memref') {
      const dope = plan.dope;
      t.bind(plan.value, {
        kind: 'memref',
        view: {
          buffer: plan.buffer,
          base: IndexExpression.ZERO,
          rank: dope.rank,
          offset: () => dope.offset(),
          size: (k) => dope.size(k),
          stride: (k) => dope.stride(k),
        },
      });
    } else t.bind(plan.value, { kind: 'group', group: plan });
  }
}
