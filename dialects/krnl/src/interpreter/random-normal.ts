// krnl.random_normal: normally distributed values from a deterministic generator. onnx-mlir's runtime draws them
// from the C++ standard library's generator; the interpreter documents its own, so that a seed always gives the
// same values on every host (docs/interpreter.md).
import type { Operation } from '@tlir/ir';
import { MemrefView, fault, floatKind, roundToKind, type RuntimeValue, rowMajorIndices } from '@tlir/interpreter';

/** A 32-bit seed from the bits of a float seed (its IEEE double, both halves mixed): equal seeds give equal seeds. */
export function seedBits(seed: number): number {
  const bits = new DataView(new ArrayBuffer(8));
  bits.setFloat64(0, Object.is(seed, -0) ? 0 : seed);
  return (bits.getUint32(0) ^ Math.imul(bits.getUint32(4), 0x9e3779b1)) >>> 0;
}

/**
 * Uniform numbers in [0, 1) from Mulberry32 (a 32-bit state advanced by 0x6D2B79F5 and mixed by two
 * multiply-xorshift rounds; public domain): 2^32 values per seed, 32 random bits each.
 */
export function uniformGenerator(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * Standard normal numbers from uniform ones by the Box-Muller transform: each pair (u1, u2) gives
 * sqrt(-2 ln(1 - u1)) cos(2 pi u2), then sqrt(-2 ln(1 - u1)) sin(2 pi u2).
 */
export function normalGenerator(seed: number): () => number {
  const uniform = uniformGenerator(seed);
  let spare: number | undefined;
  return () => {
    if (spare !== undefined) {
      const z = spare;
      spare = undefined;
      return z;
    }
    const radius = Math.sqrt(-2 * Math.log(1 - uniform()));
    const angle = 2 * Math.PI * uniform();
    spare = radius * Math.sin(angle);
    return radius * Math.cos(angle);
  };
}

/**
 * krnl.random_normal: the first `numberOfValues` elements of the output, in row-major order of their indices, get
 * `mean + scale * z` for the generator's successive standard normal numbers z (seeded with seedBits(seed)),
 * rounded to the element type.
 */
export function randomNormal(op: Operation, [out, n, mean, scale, seed]: readonly RuntimeValue[]): void {
  const view = out as MemrefView;
  const count = n as number;
  const kind = floatKind(view.elementType) ?? fault(`${op.name}: the output holds ${view.elementType}, not floating-point values`);
  if (!(count >= 0) || count > view.elementCount) fault(`${op.name}: ${count} values do not fit in the output (${view.describe()})`);
  const next = normalGenerator(seedBits(seed as number));
  let written = 0;
  rowMajorIndices(view.sizes, (idx) => {
    if (written++ < count) view.store(idx, roundToKind(kind, (mean as number) + (scale as number) * next()));
  });
}
