// Host arrays as the reference interpreter's values and back. A memref's array becomes a memory laid out as the
// WebGPU runtime lays it out (the type's static strides; dynamic strides packed column-major after the previous
// mode; offset 0), so that every backend and stage sees the same memref. A group's array becomes one memory per
// member (the slice at member index m of the trailing mode), each reached through the group's offset.
import type { Type } from '@tlir/ir';
import { Memory, MemrefView, scalarFromHost, type RuntimeValue } from '@tlir/interpreter';
import { GroupValue } from '@tlir/dialect-tl';
import { denseStrides, forEachIndex, resolveLayout, zeros, type NdArray } from '@tlir/runtime';
import type { HostArguments, HostValue } from './host-arguments.js';
import type { KernelParameter } from './kernel-signature.js';

/** The position in `array.data` of element `idx` (followed by `member` for a group's array). */
function positionIn(strides: readonly number[], idx: readonly number[], member: number | undefined): number {
  let at = member === undefined ? 0 : member * strides[idx.length]!;
  for (let k = 0; k < idx.length; k++) at += idx[k]! * strides[k]!;
  return at;
}

/**
 * Copies the elements of `array` (the part at trailing index `member` for a group) into memory at the addresses of
 * the layout; the array's element (i, j, ...) goes to `offset + i*stride0 + j*stride1 + ...`.
 */
function placeArray(p: KernelParameter, array: NdArray, memory: Memory, offset: number, strides: readonly number[], member?: number): void {
  const rank = strides.length;
  const shape = array.shape.slice(0, rank);
  const data = array.data as ArrayLike<number | bigint>;
  const target = memory.data as { [i: number]: number | bigint };
  const arrayStrides = denseStrides(array.shape, array.order);
  // index elements are numbers in the interpreter (host-arguments checked that int64 ones are safe integers).
  const convert = p.elementName === 'index' ? Number : (v: number | bigint) => v;
  forEachIndex(shape, (idx) => {
    let address = offset;
    for (let k = 0; k < rank; k++) address += idx[k]! * strides[k]!;
    target[address] = convert(data[positionIn(arrayStrides, idx, member)]!);
  });
}

/** The memory of a memref (or group member) of `sizes` for `p`, holding the array's elements. */
function memrefView(p: KernelParameter, elementType: Type, array: NdArray, label: string, member?: number): MemrefView {
  const rank = p.layout!.shape.length;
  const layout = resolveLayout(p.layout!, array.shape.slice(0, rank));
  const memory = Memory.allocate(elementType, layout.extent, { label });
  placeArray(p, array, memory, layout.offset, layout.strides, member);
  // A group's members start at the beginning of their memory; loading one from the group moves it by the offset.
  return new MemrefView(memory, p.kind === 'group' ? 0 : layout.offset, layout.sizes, layout.strides);
}

/**
 * The interpreter value of argument `p` (the element type is that of the module the value is for: types are
 * compared by identity). A scalar becomes the type's canonical value.
 */
export function interpreterValue(p: KernelParameter, elementType: Type, value: HostValue): RuntimeValue {
  if (value.kind === 'scalar') {
    const v = p.elementName === 'i1' ? value.value !== 0 : value.value;
    return scalarFromHost(elementType, v, `argument '${p.name}'`);
  }
  const array = value.array;
  if (p.kind === 'memref') return memrefView(p, elementType, array, `argument %${p.name}`);
  const members = array.shape[array.shape.length - 1]!;
  const views = Array.from({ length: members }, (_, m) => memrefView(p, elementType, array, `member ${m} of argument %${p.name}`, m));
  return new GroupValue(views, resolveLayout(p.layout!, array.shape.slice(0, -1)).offset);
}

/** The elements of a memref argument after a run, as an array like the one given (dtype, shape, order). */
export function arrayAfterRun(p: KernelParameter, given: NdArray, value: RuntimeValue): NdArray {
  const out = zeros(given.dtype, given.shape, given.order);
  const target = out.data as { [i: number]: number | bigint };
  const views: { view: MemrefView; member?: number; base: number }[] =
    value instanceof GroupValue
      ? value.memrefs.map((view, m) => ({ view, member: m, base: value.offset }))
      : [{ view: value as MemrefView, base: 0 }];
  const rank = p.layout!.shape.length;
  const shape = given.shape.slice(0, rank);
  const outStrides = denseStrides(out.shape, out.order);
  const convert = out.dtype === 'i64' ? (v: number | bigint) => BigInt(v) : Number;
  for (const { view, member, base } of views) {
    const data = view.memory.data as ArrayLike<number | bigint>;
    forEachIndex(shape, (idx) => {
      let address = view.offset + base;
      for (let k = 0; k < rank; k++) address += idx[k]! * view.strides[k]!;
      target[positionIn(outStrides, idx, member)] = convert(data[address]!);
    });
  }
  return out;
}

/** The interpreter values of every argument, in the kernel's order. */
export function interpreterArguments(parameters: readonly KernelParameter[], elementTypes: readonly Type[], host: HostArguments): RuntimeValue[] {
  return parameters.map((p, i) => interpreterValue(p, elementTypes[i]!, host.values.get(p.name)!));
}

/** The arrays of the memref and group arguments after a run, by name. */
export function arraysAfterRun(parameters: readonly KernelParameter[], host: HostArguments, values: readonly RuntimeValue[]): Map<string, NdArray> {
  const out = new Map<string, NdArray>();
  parameters.forEach((p, i) => {
    const given = host.values.get(p.name)!;
    if (given.kind === 'array') out.set(p.name, arrayAfterRun(p, given.array, values[i]!));
  });
  return out;
}
