import type { Block } from '../block.js';

/** What a successor must be (ODS's successor constraints). */
export interface SuccessorConstraint {
  readonly kind: 'successor';
  readonly summary: string;
  check(block: Block): boolean;
}

/** Any number of successors (`VariadicSuccessor<AnySuccessor>`): the accessor gives an array. */
export interface VariadicSuccessorSpec {
  readonly arity: 'variadic';
  readonly constraint: SuccessorConstraint;
}

export type SuccessorSpec = SuccessorConstraint | VariadicSuccessorSpec;

/** Any successor block. */
export const AnySuccessor: SuccessorConstraint = Object.freeze({ kind: 'successor', summary: 'any successor', check: () => true });

export function VariadicSuccessor(constraint: SuccessorConstraint): VariadicSuccessorSpec {
  return Object.freeze({ arity: 'variadic', constraint });
}
