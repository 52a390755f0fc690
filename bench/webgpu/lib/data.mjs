// The data every library of the WebGPU benchmark sees, and how its result is checked: deterministic inputs and
// the comparison with the CPU's float64 result. No Node imports: the browser page (bench/webgpu/browser) bundles
// this too, through cases.mjs.

/** Deterministic values in [-1, 1) (a 32-bit LCG), so that every run and every library sees the same data. */
export function fillRandom(data, seed) {
  let state = seed >>> 0;
  for (let i = 0; i < data.length; i++) {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    data[i] = state / 2 ** 31 - 1;
  }
  return data;
}

/**
 * Compares a result (float32) with the CPU's float64 one: every element within 1e-4 max(max|expected|, 1).
 * Returns `{ ok, maxError, tolerance, problem }`, `problem` the first element out of tolerance.
 */
export function compareResult(actual, expected) {
  let scale = 0;
  for (let i = 0; i < expected.length; i++) scale = Math.max(scale, Math.abs(expected[i]));
  const tolerance = 1e-4 * Math.max(scale, 1);
  let maxError = 0;
  let problem = null;
  if (actual.length !== expected.length) {
    return { ok: false, maxError: Infinity, tolerance, problem: `${actual.length} elements, expected ${expected.length}` };
  }
  for (let i = 0; i < expected.length; i++) {
    const error = Math.abs(actual[i] - expected[i]);
    if (!(error <= tolerance)) {
      problem ??= `element ${i} is ${actual[i]}, expected ${expected[i]}`;
      maxError = Number.isNaN(error) ? Infinity : Math.max(maxError, error);
    } else {
      maxError = Math.max(maxError, error);
    }
  }
  return { ok: problem === null, maxError, tolerance, problem };
}
