// --check: the arrays of a run against the reference interpreter's on the tl IR, argument by argument. Integers
// (and i1) must be equal. A float element passes when
//
//     |got - expected| <= atol + rtol |expected|
//
// for that element alone (numpy.allclose's rule), so that one large element does not loosen the check on the small
// ones; NaN matches NaN, an infinity only itself. The interpreter stages
// compute the same operations in the same order as the tl IR, so they agree bit for bit; a device may contract
// a*b + c into a fused multiply-add, flush subnormals and compute division and math functions within a few ulps, so
// a sum of K products differs by up to about K u sum|a b| (u the unit roundoff), typically sqrt(K) u sum|a b|.
// docs/tl-run.md gives the defaults and their reasons.
import { denseStrides, formatShape, type NdArray } from '@tlir/runtime';
import { isFloatElement, type ElementTypeName } from './element-dtypes.js';
import type { KernelParameter } from './kernel-signature.js';

export interface Tolerance {
  readonly rtol: number;
  readonly atol: number;
}

/** The default tolerance of an element type: exact for integers. */
export function defaultTolerance(element: ElementTypeName): Tolerance {
  if (element === 'f32') return { rtol: 1e-4, atol: 1e-5 };
  if (element === 'f64') return { rtol: 1e-10, atol: 1e-12 };
  return { rtol: 0, atol: 0 };
}

export interface ArgumentComparison {
  readonly parameter: KernelParameter;
  readonly shape: readonly number[];
  readonly elements: number;
  /** Elements outside the tolerance (integers: different). */
  readonly mismatches: number;
  /** The largest absolute error and where (undefined when every element is equal). */
  readonly worst?: { readonly index: readonly number[]; readonly got: number | bigint; readonly expected: number | bigint; readonly absolute: number; readonly relative: number };
  /** The first element outside the tolerance, when it is not the worst one. */
  readonly firstMismatch?: { readonly index: readonly number[]; readonly got: number | bigint; readonly expected: number | bigint };
  readonly tolerance: Tolerance;
}

/** The index (i, j, ...) of each position of an array's data. */
function indexOfPosition(array: NdArray): (at: number) => number[] {
  const strides = denseStrides(array.shape, array.order);
  const order = array.shape.map((_, k) => k).sort((a, b) => strides[b]! - strides[a]!);
  return (at) => {
    const index = new Array<number>(array.shape.length).fill(0);
    let rest = at;
    for (const k of order) {
      index[k] = Math.floor(rest / strides[k]!);
      rest -= index[k]! * strides[k]!;
    }
    return index;
  };
}

/** The element of an array at index (i, j, ...). */
function elementOfIndex(array: NdArray): (index: readonly number[]) => number | bigint {
  const strides = denseStrides(array.shape, array.order);
  const data = array.data as ArrayLike<number | bigint>;
  return (index) => data[index.reduce((a, i, k) => a + i * strides[k]!, 0)]!;
}

/** Compares one argument's arrays (same dtype and shape; the orders may differ). */
export function compareArrays(parameter: KernelParameter, got: NdArray, expected: NdArray, tolerance: Tolerance): ArgumentComparison {
  const float = isFloatElement(parameter.elementName);
  const data = expected.data as ArrayLike<number | bigint>;
  const n = data.length;
  let mismatches = 0;
  let worst: ArgumentComparison['worst'];
  let first: ArgumentComparison['firstMismatch'];
  const indexAt = indexOfPosition(expected);
  const elementAt = elementOfIndex(got);
  const sameOrder = got.order === expected.order;
  const gotData = got.data as ArrayLike<number | bigint>;
  for (let i = 0; i < n; i++) {
    const e = data[i]!;
    const g = sameOrder ? gotData[i]! : elementAt(indexAt(i));
    let absolute: number;
    let bad: boolean;
    if (!float) {
      absolute = e === g ? 0 : Math.abs(Number(g) - Number(e));
      bad = e !== g;
    } else {
      const [x, y] = [g as number, e as number];
      if (Number.isNaN(x) || Number.isNaN(y) || !Number.isFinite(x) || !Number.isFinite(y)) {
        bad = !(Object.is(x, y) || (Number.isNaN(x) && Number.isNaN(y)) || x === y);
        absolute = bad ? Infinity : 0;
      } else {
        absolute = Math.abs(x - y);
        bad = absolute > tolerance.atol + tolerance.rtol * Math.abs(y);
      }
    }
    if (bad) {
      mismatches++;
      first ??= { index: indexAt(i), got: g, expected: e };
    }
    if (absolute > 0 && (worst === undefined || absolute > worst.absolute)) {
      const relative = Number(e) === 0 ? Infinity : absolute / Math.abs(Number(e));
      worst = { index: indexAt(i), got: g, expected: e, absolute, relative };
    }
  }
  const firstMismatch = first && worst && first.index.join() === worst.index.join() ? undefined : first;
  return { parameter, shape: expected.shape, elements: n, mismatches, ...(worst ? { worst } : {}), ...(firstMismatch ? { firstMismatch } : {}), tolerance };
}

/** An element as text: f32 values with the fewest digits that read back to the same f32, others as JavaScript does. */
function formatElement(v: number | bigint, element: ElementTypeName): string {
  if (typeof v === 'bigint' || element !== 'f32' || !Number.isFinite(v)) return String(v);
  for (let digits = 1; digits < 9; digits++) {
    const text = v.toPrecision(digits);
    if (Math.fround(Number(text)) === v) return String(Number(text));
  }
  return String(Number(v.toPrecision(9)));
}
const sci = (v: number): string => (v === Infinity ? 'inf' : v.toExponential(2));

/** One line for an argument: `  C (f32, 16x8): max error 2.38e-07 (relative 1.1e-07) at (3, 5): got ..., expected ...; ok`. */
export function formatComparison(c: ArgumentComparison): string {
  const p = c.parameter;
  const what = `${p.name} (${p.elementName}${p.kind === 'group' ? ' group' : ''}, ${formatShape(c.shape)})`;
  const at = (index: readonly number[]): string => `(${index.join(', ')})`;
  const num = (v: number | bigint): string => formatElement(v, p.elementName);
  let text = `  ${what}: `;
  if (!c.worst) text += c.elements === 1 ? `the element is equal` : `all ${c.elements} elements equal`;
  else {
    text += `max error ${sci(c.worst.absolute)} (relative ${sci(c.worst.relative)}) at ${at(c.worst.index)}: got ${num(c.worst.got)}, expected ${num(c.worst.expected)}`;
  }
  if (c.mismatches === 0) return `${text}; ok\n`;
  text += `; ${c.mismatches} of ${c.elements} elements ${isFloatElement(p.elementName) ? 'outside the tolerance' : 'differ'}`;
  if (c.firstMismatch) text += `, the first at ${at(c.firstMismatch.index)}: got ${num(c.firstMismatch.got)}, expected ${num(c.firstMismatch.expected)}`;
  return `${text}; MISMATCH\n`;
}
