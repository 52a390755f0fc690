import type { Operation } from './operation.js';

/**
 * A property an operation definition declares (terminator, isolated from above, ...). A trait may verify
 * the operation; `verify` emits its own diagnostics and returns false on failure.
 */
export interface Trait {
  readonly name: string;
  /**
   * @internal A number distinct for each trait of a process (set by defineTrait): an operation name keeps its
   * traits as flags at these indices, so that `hasTrait` is an array read (it runs for every op in every pass).
   */
  readonly id?: number;
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

let lastTraitId = -1;

/** Defines a trait; traits are compared by identity. */
export function defineTrait(name: string, hooks: Omit<Trait, 'name' | 'id'> = {}): Trait {
  return Object.freeze({ name, ...hooks, id: ++lastTraitId });
}
