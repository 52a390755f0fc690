import { DYNAMIC, checkStrides } from './types.js';

/**
 * The result types of the view instructions (spec: Subview, Expand, Fuse), shared by the front end (which
 * computes the result type of an instruction) and the ops' verifiers (which check the result type an op has).
 * Each returns the result's shape and strides, or a message saying what is wrong.
 */
export interface Layout {
  readonly shape: number[];
  readonly strides: number[];
}

/**
 * A view's result is a memref, so its layout must obey the layout rule (spec: Strided layout). A `?` in the operand
 * can hide a violation that the view makes visible: `subview [0:5, :]` of `memref<f32x?x3,strided<1,1>>` gives 5x3
 * with strides 1,1, which no operand can hold (its `?` would have to be at most 1). Such a view is an error.
 */
function validResult(r: Layout): Layout | string {
  // Sizes and strides are numbers, exact up to 2^53: a product beyond that would be rounded.
  const huge = [...r.shape, ...r.strides].find((x) => x > Number.MAX_SAFE_INTEGER);
  if (huge !== undefined) return `the result has a size or stride of ${huge}, beyond 2^53-1`;
  const problem = checkStrides(r.shape, r.strides);
  return problem ? `the result layout breaks the layout rule (${problem}): the view cannot lie inside its operand` : r;
}

/** In the static lists of subview and expand: the place of a value operand. */
export const VALUE = -2;

/**
 * One entry of a subview's index list: a static offset (non-negative, or VALUE for a value operand) and a size (a
 * positive size, DYNAMIC for `?`, VALUE for a value operand, 0 for a single index, which removes the mode).
 */
export interface SliceSpec {
  readonly offset: number;
  readonly size: number;
}

/**
 * A mode of a memref of order `order` (expand's and size's mode): 0 <= mode < order. The front end checks it at the
 * mode's token before the rest of the instruction.
 */
export function modeProblem(mode: number | bigint, order: number): string | undefined {
  return mode < 0 || mode >= order ? `mode ${mode} is out of range for a memref of order ${order}` : undefined;
}

/** spec: Subview: "Offset must be non-negative" (a static offset; the front end checks it at its token). */
export function sliceOffsetProblem(offset: number): string | undefined {
  return offset < 0 ? `offset must be non-negative, got ${offset}` : undefined;
}

/**
 * spec: Subview: "size must be positive" (a static size as written; in a SliceSpec, 0 stands for a single index,
 * so the front end checks a written size at its token).
 */
export function sliceSizeProblem(size: number): string | undefined {
  return size <= 0 ? `slice size must be positive, got ${size}` : undefined;
}

/**
 * spec: Expand: a size in the expand shape is positive (a static size as written; in the static list, DYNAMIC and
 * VALUE stand for `?` and a value, so the front end checks a written size at its token).
 */
export function expandEntryProblem(size: number): string | undefined {
  return size <= 0 ? `expand shape entries must be positive, got ${size}` : undefined;
}

/**
 * spec: Subview. Strides are unchanged; a mode indexed by a single index is removed (rank reduction); a slice's
 * size is its size field, dynamic for a value; `?` is the mode size minus the offset.
 *
 * The spec's example `subview %0[5:?] : memref<f32x16>` says memref<f32x13>; the rule in the same section (the mode
 * size minus the offset) and tinytc v0.3 (subview_inst: shape(i) - offset) both give memref<f32x11>, and no reading
 * of the rule gives 13 while keeping the section's other examples (`[:]` gives the whole mode), so we take the
 * example for a typo and give 11.
 *
 * Bounds known at compile time are checked: a slice that is out of bounds whatever the values are is an error (the
 * spec checks nothing at run time, so this is where such a view can be caught).
 */
export function subviewResult(shape: readonly number[], strides: readonly number[], slices: readonly SliceSpec[]): Layout | string {
  if (slices.length !== shape.length) {
    return `expected ${shape.length} ${shape.length === 1 ? 'index or slice' : 'indices or slices'} for a memref of order ${shape.length}, got ${slices.length}`;
  }
  const out: Layout = { shape: [], strides: [] };
  for (let i = 0; i < slices.length; i++) {
    const { offset, size } = slices[i]!;
    const mode = shape[i]!;
    const entryProblem = (offset !== VALUE ? sliceOffsetProblem(offset) : undefined) ?? (size !== 0 && size !== DYNAMIC && size !== VALUE ? sliceSizeProblem(size) : undefined);
    if (entryProblem) return `${entryProblem} (mode ${i})`;
    if (mode !== DYNAMIC) {
      // Out of bounds whatever the values are (a value offset is at least 0, a value size at least 1).
      if (offset !== VALUE && offset >= mode) return `offset ${offset} is out of bounds for mode ${i} of size ${mode}`;
      if (size > 0 && (offset === VALUE ? 0 : offset) + size > mode) {
        return `slice ${offset === VALUE ? `size ${size}` : `${offset}:${size}`} is out of bounds for mode ${i} of size ${mode}`;
      }
    }
    if (size === 0) continue;
    let s: number;
    if (size === DYNAMIC) s = mode === DYNAMIC || offset === VALUE ? DYNAMIC : mode - offset;
    else if (size === VALUE) s = DYNAMIC;
    else s = size;
    out.shape.push(s);
    out.strides.push(strides[i]!);
  }
  return validResult(out);
}

/**
 * spec: Expand. Mode `mode` becomes the expand shape (positive sizes, DYNAMIC for `?`, VALUE for a value); a `?` is
 * inferred when the mode size and the other entries are known; the new strides follow the canonical rule (each the
 * previous one times the previous size, starting from the expanded mode's stride).
 */
export function expandResult(shape: readonly number[], strides: readonly number[], mode: number, spec: readonly number[]): Layout | string {
  const modeError = modeProblem(mode, shape.length);
  if (modeError) return modeError;
  if (spec.length < 2) return `the expand shape needs at least two entries, got ${spec.length}`;
  for (const entry of spec) {
    const problem = entry === DYNAMIC || entry === VALUE ? undefined : expandEntryProblem(entry);
    if (problem) return problem;
  }
  const wild = spec.filter((s) => s === DYNAMIC).length;
  if (wild > 1) return 'at most one entry of the expand shape may be dynamic (?)';
  const size = shape[mode]!;
  const known = spec.filter((s) => s > 0);
  const knownProduct = known.reduce((a, b) => a * b, 1);
  // Only `?` with all other entries constant can be inferred; a value's size is only known at run time.
  const inferable = size !== DYNAMIC && wild === 1 && known.length === spec.length - 1;
  if (size !== DYNAMIC) {
    if (known.length === spec.length && knownProduct !== size) return `the product of the expand shape (${knownProduct}) must equal the mode size (${size})`;
    if (inferable && size % knownProduct !== 0) return `the known entries of the expand shape (product ${knownProduct}) must evenly divide the mode size (${size})`;
  }
  const sizes = spec.map((s) => (s > 0 ? s : s === DYNAMIC && inferable ? size / knownProduct : DYNAMIC));
  const newStrides: number[] = [];
  let stride = strides[mode]!;
  for (const n of sizes) {
    newStrides.push(stride);
    stride = stride === DYNAMIC || n === DYNAMIC ? DYNAMIC : stride * n;
  }
  return validResult({
    shape: [...shape.slice(0, mode), ...sizes, ...shape.slice(mode + 1)],
    strides: [...strides.slice(0, mode), ...newStrides, ...strides.slice(mode + 1)],
  });
}

/**
 * spec: Fuse. Modes [from, to] (two or more adjacent modes: 0 <= from < to < order, as tinytc v0.3 checks) become
 * one whose size is their product (dynamic if one is) and whose stride is the first one's. Illegal when the strides
 * and sizes are known and do not chain (S_k s_k = S_{k+1}); with a dynamic one, a violation is undefined behaviour.
 */
export function fuseResult(shape: readonly number[], strides: readonly number[], from: number, to: number): Layout | string {
  if (from < 0 || to >= shape.length || from >= to) {
    return `[${from},${to}] is not a range of two or more modes of a memref of order ${shape.length} (need 0 <= from < to < ${shape.length})`;
  }
  for (let k = from; k < to; k++) {
    const [S, s, S1] = [strides[k]!, shape[k]!, strides[k + 1]!];
    if (S !== DYNAMIC && s !== DYNAMIC && S1 !== DYNAMIC && S * s !== S1) {
      return `modes ${from} to ${to} cannot be fused: stride ${k + 1} (${S1}) is not stride ${k} times size ${k} (${S}*${s})`;
    }
  }
  let size = 1;
  for (let k = from; k <= to; k++) size = size === DYNAMIC || shape[k] === DYNAMIC ? DYNAMIC : size * shape[k]!;
  return validResult({
    shape: [...shape.slice(0, from), size, ...shape.slice(to + 1)],
    strides: [...strides.slice(0, from), strides[from]!, ...strides.slice(to + 1)],
  });
}
