import type { Type } from '@tlir/ir';
import { Memory, MemrefView, fault, scalarFromHost, type RuntimeObject, type RuntimeValue } from '@tlir/interpreter';
import { DYNAMIC, TlGroupType, TlMemrefType } from '../types.js';

/**
 * The runtime value of a `group<memref<...>, offset: k>` (spec: Group type): the memrefs the group points to and the
 * offset every loaded memref is moved by (the C analogue `float** group`, `group[i] + offset`).
 */
export class GroupValue implements RuntimeObject {
  readonly runtimeKind = 'group';

  constructor(
    readonly memrefs: readonly MemrefView[],
    readonly offset = 0,
  ) {}

  /** The memref at `index`, moved by the offset (spec: Load from a group); a RuntimeFault out of range. */
  load(index: number): MemrefView {
    const m = this.memrefs[index];
    if (!m) fault(`group index ${index} is out of bounds for a group of ${this.memrefs.length} memrefs`);
    return this.offset === 0 ? m : new MemrefView(m.memory, m.offset + this.offset, m.sizes, m.strides);
  }

  describe(): string {
    return `group of ${this.memrefs.length} memrefs${this.offset ? ` with offset ${this.offset}` : ''}`;
  }
}

const text = (v: number): string => (v === DYNAMIC ? '?' : String(v));

/** What is wrong with a view as a value of a tl memref type (element type, order, the sizes and strides the type fixes). */
function memrefProblem(type: TlMemrefType, v: RuntimeValue): string | undefined {
  if (!(v instanceof MemrefView)) return `expected a memref view, got ${typeof v === 'object' ? v.describe() : typeof v}`;
  if (v.elementType !== type.elementType) {
    return String(v.elementType) === String(type.elementType)
      ? `expected elements of ${type.elementType} (of this context: types are compared by identity), got a view of ${v.elementType} of another context`
      : `expected elements of ${type.elementType}, got a view of ${v.elementType}`;
  }
  if (v.rank !== type.shape.length) return `expected a memref of order ${type.shape.length}, got a view of order ${v.rank}`;
  for (let k = 0; k < v.rank; k++) {
    const [size, stride] = [type.shape[k]!, type.strides[k]!];
    if (!Number.isSafeInteger(v.sizes[k]) || v.sizes[k]! < 0) return `mode ${k} of the view has size ${v.sizes[k]}`;
    if (size !== DYNAMIC && size !== v.sizes[k]) return `mode ${k} has size ${text(size)} in the type, ${v.sizes[k]} in the view`;
    if (stride !== DYNAMIC && stride !== v.strides[k]) return `mode ${k} has stride ${text(stride)} in the type, ${v.strides[k]} in the view`;
  }
  return undefined;
}

/**
 * What is wrong with a runtime value as a value of a tl type (memref: a MemrefView that agrees with what the type
 * fixes; group: a GroupValue whose memrefs do, with the type's offset unless it is `?`), or null for other types.
 */
export function tlValueProblem(type: Type, v: RuntimeValue): string | undefined | null {
  if (TlMemrefType.is(type)) return memrefProblem(type, v);
  if (TlGroupType.is(type)) {
    if (!(v instanceof GroupValue)) return `expected a group, got ${typeof v === 'object' ? v.describe() : typeof v}`;
    if (type.offset !== DYNAMIC && type.offset !== v.offset) return `the group type has offset ${type.offset}, the group ${v.offset}`;
    for (let i = 0; i < v.memrefs.length; i++) {
      const p = memrefProblem(type.memrefType as TlMemrefType, v.memrefs[i]!);
      if (p) return `memref #${i} of the group: ${p}`;
    }
    return undefined;
  }
  return null;
}

export interface MemrefInit {
  /** The size of every mode, or undefined where the type fixes it (the dynamic ones must be given). */
  readonly sizes?: readonly (number | undefined)[];
  /** Strides for the modes the type leaves dynamic (default: packed, column-major, after the previous mode). */
  readonly strides?: readonly (number | undefined)[];
  /** The elements, in column-major order of their indices (as `MemrefView.toArray` gives them). Default: NaN / 0. */
  readonly data?: ArrayLike<number | bigint | boolean>;
  /** Names the memory in runtime errors (`argument %A`). */
  readonly label?: string;
}

/**
 * A new memory and a view of it that is a value of the tl memref type `type` (the host side of a kernel
 * argument): sizes and strides from the type where it fixes them, from `init` where it does not.
 */
export function memrefForType(type: TlMemrefType, init: MemrefInit = {}): MemrefView {
  const label = init.label ?? 'a host memref';
  const sizes = type.shape.map((s, k) => {
    const given = init.sizes?.[k];
    if (s === DYNAMIC) {
      if (given === undefined) fault(`${label}: mode ${k} of ${type} is dynamic: give its size`);
      if (!Number.isSafeInteger(given) || given < 0) fault(`${label}: mode ${k} cannot have size ${given}`);
      return given;
    }
    if (given !== undefined && given !== s) fault(`${label}: mode ${k} of ${type} has size ${s}, ${given} given`);
    return s;
  });
  const strides: number[] = [];
  let packed = 1;
  type.strides.forEach((s, k) => {
    const stride = s !== DYNAMIC ? s : (init.strides?.[k] ?? packed);
    if (!Number.isSafeInteger(stride) || stride < 0) fault(`${label}: mode ${k} cannot have stride ${stride}`);
    strides.push(stride);
    packed = stride * sizes[k]!;
  });
  // The elements span addresses 0 .. sum (size_k - 1) stride_k (none when a mode is empty).
  const extent = sizes.includes(0) ? 0 : 1 + sizes.reduce((a, n, k) => a + (n - 1) * strides[k]!, 0);
  const memory = Memory.allocate(type.elementType, extent, { label });
  const result = new MemrefView(memory, 0, sizes, strides);
  if (init.data) {
    if (init.data.length !== result.elementCount) fault(`${label}: ${init.data.length} values given for ${result.elementCount} elements`);
    const idx = new Array<number>(sizes.length).fill(0);
    for (let e = 0; e < init.data.length; e++) {
      result.store(idx, scalarFromHost(type.elementType, init.data[e]!, `${label}[${e}]`));
      for (let k = 0; k < idx.length; k++) {
        if (++idx[k]! < sizes[k]!) break;
        idx[k] = 0;
      }
    }
  }
  return result;
}
