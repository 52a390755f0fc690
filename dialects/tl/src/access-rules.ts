import { type Type } from '@tlir/ir';
import { type TypeText } from './scalar-rules.js';
import { modeProblem } from './shape-rules.js';
import { DYNAMIC, TlGroupType, TlMemrefType, tlTypeText } from './types.js';

/**
 * The rules of the instructions that allocate and access memory (spec: Alloca, Load, Store, Size), shared by the
 * front end and the ops' verifiers.
 */

/** spec: Alloca. The memref's size must be known at compile time: no dynamic mode (nor stride). */
export function allocaTypeProblem(t: TlMemrefType, typeText: TypeText = tlTypeText): string | undefined {
  if (t.shape.includes(DYNAMIC) || t.strides.includes(DYNAMIC)) return `needs a static shape (the size must be known at compile time), got ${typeText(t)}`;
  return undefined;
}

/**
 * spec: Load. A memref takes one index per mode and gives its element type; a group takes exactly one index and
 * gives its memref type. Returns the result type, or what is wrong.
 */
export function loadResult(operand: Type, indices: number, typeText: TypeText = tlTypeText): { readonly result: Type } | string {
  if (TlMemrefType.is(operand)) {
    const problem = indexCountProblem(operand, indices, typeText);
    return problem ?? { result: operand.elementType };
  }
  if (TlGroupType.is(operand)) {
    if (indices !== 1) return `expected exactly one index for a group, got ${indices}`;
    return { result: operand.memrefType };
  }
  return `expected a memref or group operand, got ${typeText(operand)}`;
}

/** spec: Load, Store. The number of indices must match the order of the memref. */
export function indexCountProblem(t: TlMemrefType, indices: number, typeText: TypeText = tlTypeText): string | undefined {
  if (indices !== t.shape.length) return `expected ${t.shape.length} ${t.shape.length === 1 ? 'index' : 'indices'} for ${typeText(t)}, got ${indices}`;
  return undefined;
}

/**
 * spec: Load, Store. An index known at compile time must lie in its mode when the mode's size is known too, as a
 * subview's bounds known at compile time are checked (shape-rules.ts): out of bounds whatever the values are, the
 * access is an error here (WebGPU would clamp it to the last element and go on).
 */
export function constantIndexProblem(t: TlMemrefType, mode: number, index: bigint): string | undefined {
  const size = t.shape[mode];
  if (size === undefined || size === DYNAMIC) return undefined;
  if (index < 0n || index >= BigInt(size)) return `index ${index} is out of bounds for mode ${mode} of size ${size}`;
  return undefined;
}

/** spec: Size. The mode must be one of the memref's: 0 <= mode < order. */
export function sizeModeProblem(t: TlMemrefType, mode: number | bigint): string | undefined {
  return modeProblem(mode, t.shape.length);
}
