/**
 * An independent model of the tensor language's memref layout rules and of the result types of its view
 * instructions (spec/tensor-language.txt: Memref type, Strided layout, Subview, Expand, Fuse), written from the
 * spec's text for the property tests. It shares no code with src/shape-rules.ts or src/types.ts on purpose: the
 * properties compare the two. Sizes and strides are numbers or '?'.
 *
 * Where the spec is silent or self-contradictory, the model takes these readings (each also what tinytc v0.3 does,
 * or the stricter choice the project made):
 * - subview `?`: "the mode size minus the offset"; the example `[5:?]` of a 16-mode giving 13 is a typo (11);
 * - subview bounds: a slice that is out of bounds whatever the run-time values are is an error at compile time:
 *   a constant offset must lie in a known mode, a constant size must fit behind the offset (behind 0 when the
 *   offset is a value, since offsets are non-negative);
 * - expand: the examples `[0->?x4]` / `[0->4x?]` of `memref<f32x?x7,strided<2,?>>` drop the last mode; the rule
 *   (the mode is replaced by the expand shape) keeps it;
 * - fuse: "two or more adjacent modes", so 0 <= from < to < order;
 * - every view: its result is a memref, so its layout must obey the layout rule. A `?` in the operand can hide a
 *   violation that the view makes visible (`subview [0:5, :]` of `memref<f32x?x3,strided<1,1>>` gives 5x3 with
 *   strides 1,1): such a view cannot be in bounds at run time, and it is an error.
 */

export type Size = number | '?';

export interface ModelLayout {
  readonly shape: readonly Size[];
  readonly strides: readonly Size[];
}

/** A constant, or a value (an SSA value of index type, unknown at compile time). */
export type Operand = { readonly k: 'const'; readonly v: number } | { readonly k: 'value' };

/** One entry of a subview's index list: a single index, `offset:size` (size may be `?`), or `:`. */
export type Slice =
  | { readonly k: 'index'; readonly offset: Operand }
  | { readonly k: 'range'; readonly offset: Operand; readonly size: Operand | { readonly k: 'dyn' } }
  | { readonly k: 'full' };

/** One entry of an expand shape: a constant, `?`, or a value. */
export type ExpandEntry = { readonly k: 'const'; readonly v: number } | { readonly k: 'dyn' } | { readonly k: 'value' };

const known = (x: Size): x is number => x !== '?';

/** spec: Strided layout: the default packed dense layout, S_1 = 1, S_i = S_{i-1} s_{i-1} (`?` once unknown). */
export function packedStrides(shape: readonly Size[]): Size[] {
  const out: Size[] = [];
  let s: Size = 1;
  for (const n of shape) {
    out.push(s);
    s = known(s) && known(n) ? s * n : '?';
  }
  return out;
}

/**
 * Whether a memref layout is allowed (spec: Memref type, Strided layout): non-negative mode sizes, one stride per
 * mode, 1 <= S_1, and S_{i-1} s_{i-1} <= S_i wherever all three are known (`?` is checked at run time). The chain
 * makes every stride non-negative; a known stride after a `?` must be so too.
 */
export function layoutIsValid(shape: readonly Size[], strides: readonly Size[]): boolean {
  if (strides.length !== shape.length) return false;
  if (shape.some((n) => known(n) && n < 0) || strides.some((s) => known(s) && s < 0)) return false;
  if (strides.length && known(strides[0]!) && strides[0]! < 1) return false;
  for (let i = 1; i < strides.length; i++) {
    const [a, n, b] = [strides[i - 1]!, shape[i - 1]!, strides[i]!];
    if (known(a) && known(n) && known(b) && a * n > b) return false;
  }
  return true;
}

/** spec: Subview. Returns the result layout, or undefined when the instruction is illegal. */
export function modelSubview(layout: ModelLayout, slices: readonly Slice[]): ModelLayout | undefined {
  // "The number of indices in square brackets must match the order of the memref."
  if (slices.length !== layout.shape.length) return undefined;
  const shape: Size[] = [];
  const strides: Size[] = [];
  for (let i = 0; i < slices.length; i++) {
    const slice = slices[i]!;
    const mode = layout.shape[i]!;
    // "A plain colon is syntactic sugar for 0:?".
    const offset: Operand = slice.k === 'full' ? { k: 'const', v: 0 } : slice.offset;
    const size: Operand | { k: 'dyn' } | undefined = slice.k === 'full' ? { k: 'dyn' } : slice.k === 'range' ? slice.size : undefined;
    // "Offset must be non-negative and size must be positive."
    if (offset.k === 'const' && offset.v < 0) return undefined;
    if (size?.k === 'const' && size.v < 1) return undefined;
    // Out of bounds whatever the values are.
    if (known(mode)) {
      if (offset.k === 'const' && offset.v >= mode) return undefined;
      if (size?.k === 'const' && (offset.k === 'const' ? offset.v : 0) + size.v > mode) return undefined;
    }
    // Rank reduction: a mode accessed by a single index is removed.
    if (size === undefined) continue;
    // Output-mode size: the size field; `?` is the mode size minus the offset; a value is dynamic.
    if (size.k === 'const') shape.push(size.v);
    else if (size.k === 'dyn') shape.push(known(mode) && offset.k === 'const' ? mode - offset.v : '?');
    else shape.push('?');
    // Invariant stride.
    strides.push(layout.strides[i]!);
  }
  return validResult({ shape, strides });
}

/** A view's result, if its layout obeys the layout rule. */
function validResult(result: ModelLayout): ModelLayout | undefined {
  return layoutIsValid(result.shape, result.strides) ? result : undefined;
}

/** spec: Expand. Returns the result layout, or undefined when the instruction is illegal. */
export function modelExpand(layout: ModelLayout, mode: number, entries: readonly ExpandEntry[]): ModelLayout | undefined {
  if (!Number.isInteger(mode) || mode < 0 || mode >= layout.shape.length) return undefined;
  // expand-shape = constant-or-dynamic-or-identifier 1*("x" ...): at least two entries.
  if (entries.length < 2) return undefined;
  // A mode size is a positive number of elements.
  if (entries.some((e) => e.k === 'const' && e.v < 1)) return undefined;
  // "At most one mode in expand-shape must be dynamic."
  if (entries.filter((e) => e.k === 'dyn').length > 1) return undefined;
  const size = layout.shape[mode]!;
  const consts = entries.filter((e): e is { k: 'const'; v: number } => e.k === 'const').map((e) => e.v);
  const product = consts.reduce((a, b) => a * b, 1);
  const onlyConsts = consts.length === entries.length;
  const oneDynRestConst = consts.length === entries.length - 1 && entries.some((e) => e.k === 'dyn');
  if (known(size)) {
    // "The product of the expand shape must be the same as the mode size. If one entry in the expand shape is
    // dynamic then the other must evenly divide the mode size." (Values are only known at run time.)
    if (onlyConsts && product !== size) return undefined;
    if (oneDynRestConst && size % product !== 0) return undefined;
  }
  // "If one entry in expand shape is dynamic, then either its size is inferred automatically if the mode size is
  // known, or it determined automatically at run-time"; local identifiers are dynamic in the result.
  const sizes: Size[] = entries.map((e) => (e.k === 'const' ? e.v : e.k === 'dyn' && known(size) && oneDynRestConst ? size / product : '?'));
  // "A new stride entry is entered that follows the canonical stride computation."
  const newStrides: Size[] = [];
  let stride = layout.strides[mode]!;
  for (const n of sizes) {
    newStrides.push(stride);
    stride = known(stride) && known(n) ? stride * n : '?';
  }
  return validResult({
    shape: [...layout.shape.slice(0, mode), ...sizes, ...layout.shape.slice(mode + 1)],
    strides: [...layout.strides.slice(0, mode), ...newStrides, ...layout.strides.slice(mode + 1)],
  });
}

/** spec: Fuse. Returns the result layout, or undefined when the instruction is illegal. */
export function modelFuse(layout: ModelLayout, from: number, to: number): ModelLayout | undefined {
  const { shape, strides } = layout;
  if (!(0 <= from && from < to && to < shape.length)) return undefined;
  // Compatibility: S_k s_k = S_{k+1} for k in [i, j); illegal when all are known and it fails.
  for (let k = from; k < to; k++) {
    const [S, s, next] = [strides[k]!, shape[k]!, strides[k + 1]!];
    if (known(S) && known(s) && known(next) && S * s !== next) return undefined;
  }
  // "The mode size of the fused modes is the product of the mode sizes. If one mode is dynamic the fused mode size
  // is dynamic." "Strides remain unchanged": the fused mode keeps the first one's stride.
  let size: Size = 1;
  for (let k = from; k <= to; k++) {
    const n = shape[k]!;
    size = known(size) && known(n) ? size * n : '?';
  }
  return validResult({
    shape: [...shape.slice(0, from), size, ...shape.slice(to + 1)],
    strides: [...strides.slice(0, from), strides[from]!, ...strides.slice(to + 1)],
  });
}

/** The tensor-language text of a memref type with this layout (the layout written only when not packed). */
export function memrefText(elem: string, layout: ModelLayout, writeLayout: 'auto' | 'always' = 'auto'): string {
  const packed = packedStrides(layout.shape);
  const isPacked = layout.strides.every((s, i) => s === packed[i]);
  const dims = layout.shape.map((n) => `x${n}`).join('');
  return writeLayout === 'always' || !isPacked ? `memref<${elem}${dims},strided<${layout.strides.join(',')}>>` : `memref<${elem}${dims}>`;
}

/** The text of a subview's index list entry. */
export function sliceText(s: Slice, value: string): string {
  const op = (o: Operand): string => (o.k === 'const' ? String(o.v) : value);
  if (s.k === 'full') return ':';
  if (s.k === 'index') return op(s.offset);
  return `${op(s.offset)}:${s.size.k === 'dyn' ? '?' : op(s.size)}`;
}

/** The text of an expand shape entry. */
export function expandEntryText(e: ExpandEntry, value: string): string {
  return e.k === 'const' ? String(e.v) : e.k === 'dyn' ? '?' : value;
}
