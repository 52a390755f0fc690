import type { Operation } from './operation.js';

/**
 * A property an operation definition declares (terminator, isolated from above, ...). A trait may verify
 * the operation; `verify` emits its own diagnostics and returns false on failure.
 */
export interface Trait {
  readonly name: string;
  /** Checked before the op's own verifier, in declaration order. */
  verify?(op: Operation): boolean;
  /**
   * Whether `verify`, for an op without regions and successors, depends on nothing but the op's signature: its
   * name, properties, discardable attributes and operand and result types (not on where the op is, nor on the
   * ops around it). The verifier then runs it once per distinct signature, not once per op (see
   * VerifiedSignatures).
   */
  readonly signatureOnly?: boolean;
  /** Checked after the op's regions have been verified (e.g. properties of nested ops). */
  verifyRegions?(op: Operation): boolean;
}

/** Defines a trait; traits are compared by identity. */
export function defineTrait(name: string, hooks: Omit<Trait, 'name'> = {}): Trait {
  return Object.freeze({ name, ...hooks });
}
