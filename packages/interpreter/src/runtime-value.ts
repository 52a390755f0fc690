/**
 * What the interpreter computes for an SSA value.
 *
 * - Integers of width <= 32 are JS numbers holding the value in the type's canonical form (see
 *   integer-values.ts): two's complement signed for signless and signed types, unsigned for `uiN` and for `i1`
 *   (0 or 1).
 * - Integers of width 33..64 are bigints in the same canonical form.
 * - `index` is a JS number: a 64-bit signed integer restricted to the exactly representable range
 *   (|v| <= 2^53 - 1); arithmetic leaving that range is a runtime error, never a silently wrong value.
 * - Floats are JS numbers, always rounded to their type (f32 values are `Math.fround`ed).
 * - Anything else (a memref view, a tensor-language group, a dialect's own object) is a `RuntimeObject`.
 */
export type RuntimeValue = number | bigint | RuntimeObject;

/** A non-scalar runtime value. `runtimeKind` names what it is; `describe` is used in error messages. */
export interface RuntimeObject {
  readonly runtimeKind: string;
  describe(): string;
}

export function isRuntimeObject(v: RuntimeValue): v is RuntimeObject {
  return typeof v === 'object';
}

/** A short description of a runtime value for messages (`3`, `-7n`, `memref 4x8 of f32 ...`). */
export function describeRuntimeValue(v: RuntimeValue): string {
  if (typeof v === 'number') return Object.is(v, -0) ? '-0' : String(v);
  if (typeof v === 'bigint') return `${v}`;
  return v.describe();
}
