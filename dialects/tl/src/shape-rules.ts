import { DYNAMIC } from './types.js';

/** The result layout of a view: shape and strides (DYNAMIC for `?`). */
export interface Layout {
  readonly shape: number[];
  readonly strides: number[];
}

/**
 * One entry of a subview's index list: a static offset (or -2: a value) and a size (positive, DYNAMIC for `?`,
 * -2 for a value, 0 for a single index, which removes the mode).
 */
export interface SliceSpec {
  readonly offset: number;
  readonly size: number;
}

const VALUE = -2;

/** spec: Subview. Strides are unchanged; single indices remove their mode; `?` is the mode size minus the offset. */
export function subviewResult(shape: readonly number[], strides: readonly number[], slices: readonly SliceSpec[]): Layout | string {
  if (slices.length !== shape.length) return `subview needs ${shape.length} indices or slices for a memref of order ${shape.length}, got ${slices.length}`;
  const out: Layout = { shape: [], strides: [] };
  slices.forEach((s, i) => {
    if (s.size === 0) return;
    const mode = shape[i]!;
    let size: number;
    if (s.size === DYNAMIC) size = mode === DYNAMIC || s.offset === VALUE ? DYNAMIC : mode - s.offset;
    else if (s.size === VALUE) size = DYNAMIC;
    else size = s.size;
    out.shape.push(size);
    out.strides.push(strides[i]!);
  });
  for (let i = 0; i < slices.length; i++) {
    const s = slices[i]!;
    const mode = shape[i]!;
    if (mode === DYNAMIC || s.offset === VALUE) continue;
    if (s.offset >= mode && !(s.size === DYNAMIC && s.offset === mode)) return `subview: offset ${s.offset} is out of bounds for mode ${i} of size ${mode}`;
    if (s.size > 0 && s.offset + s.size > mode) return `subview: slice ${s.offset}:${s.size} is out of bounds for mode ${i} of size ${mode}`;
    if (s.size === DYNAMIC && s.offset >= mode) return `subview: offset ${s.offset} leaves an empty slice of mode ${i} (size ${mode})`;
  }
  return out;
}

/**
 * spec: Expand. Mode `mode` becomes the expand shape (positive sizes, DYNAMIC for `?`, -2 for a value); a `?`
 * is inferred when the mode size and the other entries are known; new strides follow the canonical rule.
 */
export function expandResult(shape: readonly number[], strides: readonly number[], mode: number, spec: readonly number[]): Layout | string {
  if (mode < 0 || mode >= shape.length) return `expand: mode ${mode} out of range for a memref of order ${shape.length}`;
  if (spec.length < 2) return 'expand: the expand shape needs at least two entries';
  const wild = spec.filter((s) => s === DYNAMIC).length;
  if (wild > 1) return 'expand: at most one entry of the expand shape may be dynamic (?)';
  const size = shape[mode]!;
  const known = spec.filter((s) => s > 0);
  const knownProduct = known.reduce((a, b) => a * b, 1);
  const allKnown = known.length === spec.length;
  const sizes = spec.map((s) => {
    if (s > 0) return s;
    if (s === VALUE) return DYNAMIC;
    return size !== DYNAMIC && known.length === spec.length - 1 ? size / knownProduct : DYNAMIC;
  });
  if (size !== DYNAMIC) {
    if (allKnown && knownProduct !== size) return `expand: the product of the expand shape (${knownProduct}) must equal the mode size (${size})`;
    if (wild === 1 && known.length === spec.length - 1 && size % knownProduct !== 0) {
      return `expand: the known entries of the expand shape (product ${knownProduct}) must evenly divide the mode size (${size})`;
    }
  }
  const newStrides: number[] = [];
  let s = strides[mode]!;
  for (const n of sizes) {
    newStrides.push(s);
    s = s === DYNAMIC || n === DYNAMIC ? DYNAMIC : s * n;
  }
  return {
    shape: [...shape.slice(0, mode), ...sizes, ...shape.slice(mode + 1)],
    strides: [...strides.slice(0, mode), ...newStrides, ...strides.slice(mode + 1)],
  };
}

/** spec: Fuse. Modes [from, to] become one (product of sizes, stride of the first); illegal when known strides do not chain. */
export function fuseResult(shape: readonly number[], strides: readonly number[], from: number, to: number): Layout | string {
  if (from < 0 || to >= shape.length || from > to) return `fuse: [${from},${to}] is not a valid range of modes for a memref of order ${shape.length}`;
  for (let k = from; k < to; k++) {
    const [S, s, S1] = [strides[k]!, shape[k]!, strides[k + 1]!];
    if (S !== DYNAMIC && s !== DYNAMIC && S1 !== DYNAMIC && S * s !== S1) {
      return `fuse: modes ${from} to ${to} cannot be fused: stride ${k + 1} (${S1}) is not stride ${k} times mode size ${k} (${S}*${s})`;
    }
  }
  let size = 1;
  for (let k = from; k <= to; k++) size = size === DYNAMIC || shape[k] === DYNAMIC ? DYNAMIC : size * shape[k]!;
  return {
    shape: [...shape.slice(0, from), size, ...shape.slice(to + 1)],
    strides: [...strides.slice(0, from), strides[from]!, ...strides.slice(to + 1)],
  };
}
