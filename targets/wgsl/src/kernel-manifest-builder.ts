// The manifest of a translated kernel (@tlir/runtime's KernelManifest, docs/runtime.md): its arguments in signature
// order, the bindings (the parameters uniform at @group(0) @binding(0), then each memref's storage buffer and each
// group's data buffer and offset table), the dope vector words the kernel reads, the scalar words, the group count
// word of the 'linear-xyz' grid and the source map.
import {
  KERNEL_MANIFEST_VERSION,
  type DopeVectorLayout,
  type KernelArgument,
  type KernelManifest,
  type ManifestBinding,
  type ScalarSlot,
  type SourceMapEntry,
  type StorageBinding,
} from '@tlir/runtime';
import type { ArgumentPlan } from './kernel-arguments.js';
import { bufferElementType } from './memref-view.js';
import type { ParameterBlock } from './parameter-block.js';

/** A storage binding of the kernel, with the WGSL declaration it gets. */
export interface StorageDeclaration {
  readonly binding: StorageBinding;
  /** The WGSL variable. */
  readonly name: string;
  /** The WGSL array element type (f32, i32, u32 or atomic<u32>). */
  readonly wgslElement: string;
  readonly plan: ArgumentPlan;
}

/** The storage bindings of the arguments, numbered from 1 in bind group 0 (0 is the parameters uniform). */
export function storageDeclarations(plans: readonly ArgumentPlan[]): StorageDeclaration[] {
  const declarations: StorageDeclaration[] = [];
  let next = 1;
  const add = (plan: ArgumentPlan, binding: Omit<StorageBinding, 'group' | 'binding'>, name: string, wgslElement: string): void => {
    declarations.push({ binding: { group: 0, binding: next++, ...binding }, name, wgslElement, plan });
  };
  for (const plan of plans) {
    if (plan.kind === 'scalar') continue;
    const buffer = plan.kind === 'memref' ? plan.buffer : plan.data;
    const kind = plan.written ? 'storage-read-write' : 'storage-read';
    const elementType = buffer.element.memory === 'f32' ? 'f32' : 'i32';
    const wgslElement = bufferElementType(buffer);
    add(plan, { kind, role: plan.kind === 'memref' ? 'memref-data' : 'group-data', argument: plan.name, elementType }, buffer.name, wgslElement);
    if (plan.kind === 'group') add(plan, { kind: 'storage-read', role: 'group-offsets', argument: plan.name, elementType: 'u32' }, plan.offsetsName, 'u32');
  }
  return declarations;
}

export interface ManifestParts {
  /** The tl groups one work-group runs (grid.groupsPerWorkgroup, written only when above 1). */
  readonly groupsPerWorkgroup?: number;
  readonly kernel: string;
  readonly entryPoint: string;
  readonly workgroupSize: readonly [number, number, number];
  readonly requiredFeatures: readonly string[];
  readonly plans: readonly ArgumentPlan[];
  readonly storage: readonly StorageDeclaration[];
  readonly params: ParameterBlock;
  /** The word of the group count in the parameters. */
  readonly groupCountWord: number;
  readonly sourceMap: readonly SourceMapEntry[];
}

export function buildKernelManifest(parts: ManifestParts): KernelManifest {
  const args: KernelArgument[] = parts.plans.map((p) => {
    const loc = p.loc ? { loc: p.loc } : {};
    if (p.kind === 'scalar') return { name: p.name, kind: 'scalar', elementType: p.elementType, ...loc };
    return { name: p.name, kind: p.kind, elementType: p.elementType, shape: [...p.shape], strides: [...p.strides], offset: p.offset, ...loc };
  });
  const bindings: ManifestBinding[] = [
    { ...parts.params.slot, kind: 'uniform', role: 'parameters', sizeBytes: parts.params.sizeBytes },
    ...parts.storage.map((s) => s.binding),
  ];
  const dopeVectors: DopeVectorLayout[] = parts.plans.flatMap((p) => (p.kind === 'scalar' ? [] : [p.dope.layout()]));
  const scalars: ScalarSlot[] = parts.plans.flatMap((p) =>
    p.kind === 'scalar' ? [{ argument: p.name, uniform: parts.params.slot, word: p.word, wordType: p.wordType }] : [],
  );
  return {
    version: KERNEL_MANIFEST_VERSION,
    kernel: parts.kernel,
    entryPoint: parts.entryPoint,
    workgroupSize: [...parts.workgroupSize] as [number, number, number],
    requiredFeatures: [...parts.requiredFeatures],
    arguments: args,
    bindings,
    dopeVectors,
    scalars,
    grid: {
      folding: 'linear-xyz',
      groupCount: { uniform: parts.params.slot, word: parts.groupCountWord },
      ...((parts.groupsPerWorkgroup ?? 1) > 1 ? { groupsPerWorkgroup: parts.groupsPerWorkgroup! } : {}),
    },
    sourceMap: [...parts.sourceMap],
  };
}
