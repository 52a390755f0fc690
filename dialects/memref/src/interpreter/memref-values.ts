// The runtime values of the builtin memref types: MemrefViews (see @tlir/interpreter) addressing memory in
// MLIR's layout, row-major unless the type's strided layout says otherwise. What a type fixes (element type,
// rank, static sizes, static strides and offset, the row-major strides of the identity layout) is checked here,
// for arguments, results, and the casts that MLIR leaves undefined when the run-time layout disagrees.
import { DYNAMIC, MemRefType, UnrankedMemRefType, type Type, packedStrides } from '@tlir/ir';
import { Memory, MemrefView, fault, scalarFromHost, type RuntimeValue, rowMajorIndices } from '@tlir/interpreter';

const text = (v: number): string => (v === DYNAMIC ? '?' : String(v));

/** The elements of a view in row-major order of their indices. */
export function memrefElements(view: MemrefView): (number | bigint)[] {
  const out: (number | bigint)[] = [];
  rowMajorIndices(view.sizes, (idx) => out.push(view.load(idx)));
  return out;
}

/**
 * What is wrong with `view`'s layout as one of `type` (a ranked memref type), or undefined. Strides only matter
 * for dimensions of more than one element, and nothing but the element type and rank for an empty view.
 */
function layoutProblem(type: MemRefType, view: MemrefView): string | undefined {
  const rank = type.shape.length;
  for (let k = 0; k < rank; k++) {
    const size = type.shape[k]!;
    if (size !== DYNAMIC && size !== view.sizes[k]) return `dimension ${k} has size ${text(size)} in the type, ${view.sizes[k]} in the view`;
  }
  if (view.elementCount === 0) return undefined;
  if (!type.layout) {
    // The identity layout: contiguous, row-major, no offset.
    const packed = packedStrides(view.sizes, 'row-major');
    if (view.offset !== 0) return `the identity layout has offset 0, the view ${view.offset}`;
    for (let k = 0; k < rank; k++) {
      if (view.sizes[k]! > 1 && view.strides[k] !== packed[k]) {
        return `the identity layout has row-major strides [${packed.join(', ')}], the view [${view.strides.join(', ')}]`;
      }
    }
    return undefined;
  }
  const { strides, offset } = type.getStridesAndOffset();
  if (offset !== DYNAMIC && offset !== view.offset) return `the layout has offset ${offset}, the view ${view.offset}`;
  for (let k = 0; k < rank; k++) {
    const s = strides[k]!;
    if (s !== DYNAMIC && view.sizes[k]! > 1 && s !== view.strides[k]) return `dimension ${k} has stride ${s} in the type, ${view.strides[k]} in the view`;
  }
  return undefined;
}

/**
 * What is wrong with `v` as a value of the memref type `type` (undefined: nothing), or null when `type` is not a
 * builtin memref type of scalars (memrefs of memrefs are left to the dialects that make them). Registered as the memref dialect's value check.
 */
export function memrefValueProblem(type: Type, v: RuntimeValue): string | undefined | null {
  const ranked = type instanceof MemRefType;
  if (!ranked && !(type instanceof UnrankedMemRefType)) return null;
  // A memref of memrefs has no memory the interpreter can hold: its values are a dialect's own (krnl's sequences).
  if (type.elementType instanceof MemRefType || type.elementType instanceof UnrankedMemRefType) return null;
  if (!(v instanceof MemrefView)) return `expected a memref view, got ${typeof v === 'object' ? v.describe() : typeof v}`;
  if (v.elementType !== type.elementType) {
    return String(v.elementType) === String(type.elementType)
      ? `expected elements of ${type.elementType} (of this context: types are compared by identity), got a view of ${v.elementType} of another context`
      : `expected elements of ${type.elementType}, got a view of ${v.elementType}`;
  }
  if (!ranked) return undefined;
  if (v.rank !== type.shape.length) return `expected a memref of rank ${type.shape.length}, got a view of rank ${v.rank}`;
  return layoutProblem(type, v);
}

/** What a host gives to make a memref of a type (see createMemref). */
export interface MemrefInit {
  /** The size of each dimension; only the dynamic ones are needed (the others must agree with the type). */
  readonly sizes?: readonly (number | undefined)[];
  /** Strides for a strided layout's dynamic strides (default: row-major packed). */
  readonly strides?: readonly (number | undefined)[];
  /** The offset, for a layout whose offset is dynamic (default 0). */
  readonly offset?: number;
  /** The elements in row-major order of their indices (what `memrefElements` returns). Default: NaN / 0. */
  readonly data?: ArrayLike<number | bigint | boolean>;
  /** Names the memory in runtime errors (`argument %A`). */
  readonly label?: string;
}

/**
 * New memory and a view of it that is a value of the ranked memref type `type` (a function argument made by the
 * host): sizes, strides and offset from the type where it fixes them, from `init` where it does not. A problem
 * with `init` throws a RuntimeFault.
 */
export function createMemref(type: MemRefType, init: MemrefInit = {}): MemrefView {
  const label = init.label ?? 'a host memref';
  const sizes = type.shape.map((s, k) => {
    const given = init.sizes?.[k];
    if (s === DYNAMIC) {
      if (given === undefined) fault(`${label}: dimension ${k} of ${type} is dynamic: give its size`);
      if (!Number.isSafeInteger(given) || given < 0) fault(`${label}: dimension ${k} cannot have size ${given}`);
      return given;
    }
    if (given !== undefined && given !== s) fault(`${label}: dimension ${k} of ${type} has size ${s}, ${given} given`);
    return s;
  });
  const packed = packedStrides(sizes, 'row-major');
  const layout = type.explicitLayout();
  const strides = sizes.map((_, k) => {
    const fixed = layout ? layout.strides[k]! : packed[k]!;
    const s = fixed !== DYNAMIC ? fixed : (init.strides?.[k] ?? packed[k]!);
    if (!Number.isSafeInteger(s) || s < 0) fault(`${label}: dimension ${k} cannot have stride ${s}`);
    return s;
  });
  const offset = layout && layout.offset !== DYNAMIC ? layout.offset : (init.offset ?? 0);
  if (!Number.isSafeInteger(offset) || offset < 0) fault(`${label}: the offset cannot be ${offset}`);
  const extent = sizes.includes(0) ? offset : offset + 1 + sizes.reduce((a, n, k) => a + (n - 1) * strides[k]!, 0);
  const view = new MemrefView(Memory.allocate(type.elementType, extent, { label }), offset, sizes, strides);
  if (init.data) {
    if (init.data.length !== view.elementCount) fault(`${label}: ${init.data.length} values given for ${view.elementCount} elements`);
    let e = 0;
    rowMajorIndices(sizes, (idx) => {
      view.store(idx, scalarFromHost(type.elementType, init.data![e]!, `${label}[${e}]`));
      e++;
    });
  }
  return view;
}
