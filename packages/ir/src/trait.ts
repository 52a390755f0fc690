import type { Operation } from './operation.js';

/**
 * A property an operation definition declares (terminator, isolated from above, ...). A trait may verify
 * the operation; `verify` emits its own diagnostics and returns false on failure.
 */
export interface Trait {
  readonly name: string;
  /** Checked before the op's own verifier, in declaration order. */
  verify?(op: Operation): boolean;
  /** Checked after the op's regions have been verified (e.g. properties of nested ops). */
  verifyRegions?(op: Operation): boolean;
}

/** Defines a trait; traits are compared by identity. */
export function defineTrait(name: string, hooks: Omit<Trait, 'name'> = {}): Trait {
  return Object.freeze({ name, ...hooks });
}
