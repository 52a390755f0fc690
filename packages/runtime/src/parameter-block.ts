/**
 * The contents of a kernel's uniform 'parameters' buffers for one launch: the dope vectors of its memref and
 * group arguments (offset, sizes, strides in elements), its scalar arguments and the group count, each at the
 * word the manifest gives it.
 */
import { Diagnostic, UnknownLoc } from '@tlir/ir';
import type { BoundArguments } from './argument-binding.js';
import type { BindingSlot, KernelManifest } from './kernel-manifest.js';
import type { WordType } from './kernel-element-type.js';
import { GpuRuntimeError } from './runtime-error.js';

/** The key of a binding slot in maps: 'group/binding'. */
export function slotKey(slot: BindingSlot): string {
  return `${slot.group}/${slot.binding}`;
}

/** The bytes of every uniform binding of the manifest, by slotKey. */
export function buildParameterBlocks(manifest: KernelManifest, bound: BoundArguments): Map<string, ArrayBuffer> {
  const blocks = new Map<string, ArrayBuffer>();
  const views = new Map<string, DataView>();
  for (const binding of manifest.bindings) {
    if (binding.kind !== 'uniform') continue;
    const buffer = new ArrayBuffer(binding.sizeBytes);
    blocks.set(slotKey(binding), buffer);
    views.set(slotKey(binding), new DataView(buffer));
  }
  const errors: Diagnostic[] = [];
  const put = (uniform: BindingSlot, word: number, type: WordType, value: number, what: string): void => {
    const view = views.get(slotKey(uniform))!;
    if (type === 'f32') {
      view.setFloat32(word * 4, value, true);
      return;
    }
    const [min, max] = type === 'i32' ? [-0x80000000, 0x7fffffff] : [0, 0xffffffff];
    if (value < min || value > max) {
      errors.push(new Diagnostic('error', UnknownLoc.instance, `${what} is ${value}, which does not fit the kernel's ${type} word`));
      return;
    }
    if (type === 'i32') view.setInt32(word * 4, value, true);
    else view.setUint32(word * 4, value, true);
  };
  for (const dope of manifest.dopeVectors) {
    const arg = bound.byName.get(dope.argument);
    if (!arg || arg.kind === 'scalar') continue;
    const { layout } = arg;
    if (dope.offset !== null) put(dope.uniform, dope.offset, dope.wordType, layout.offset, `the offset of '${dope.argument}'`);
    dope.sizes.forEach((word, k) => {
      if (word !== null) put(dope.uniform, word, dope.wordType, layout.sizes[k]!, `size ${k} of '${dope.argument}'`);
    });
    dope.strides.forEach((word, k) => {
      if (word !== null) put(dope.uniform, word, dope.wordType, layout.strides[k]!, `stride ${k} of '${dope.argument}'`);
    });
  }
  for (const slot of manifest.scalars) {
    const arg = bound.byName.get(slot.argument);
    if (arg?.kind === 'scalar') put(slot.uniform, slot.word, slot.wordType, slot.wordType === 'u32' ? arg.value >>> 0 : arg.value, `scalar '${slot.argument}'`);
  }
  if (manifest.grid.groupCount) put(manifest.grid.groupCount.uniform, manifest.grid.groupCount.word, 'u32', bound.groups, 'the group count');
  if (errors.length > 0) throw new GpuRuntimeError('arguments', errors);
  return blocks;
}
