import type { Location, Operation } from '@tlir/ir';

/** Where a RuntimeFault is reported when not at the op that threw it, and the notes that go with it. */
export interface FaultLocation {
  /** The op the error is located at (a barrier where work-items diverged, rather than the launch that found out). */
  readonly at?: Operation;
  readonly notes?: readonly { readonly loc: Location; readonly message: string }[];
}

/**
 * A runtime error of the interpreted program (an out-of-bounds access, a division by zero, a freed buffer).
 * Helpers and op implementations throw it with a message only; the engine catches it around the op being
 * executed and turns it into a `Diagnostic` located at that op (or at `at`), so the user sees
 * `file:line:col: error: ...` and never a JavaScript stack.
 */
export class RuntimeFault extends Error {
  readonly at: Operation | undefined;
  readonly notes: FaultLocation['notes'];

  constructor(message: string, where: FaultLocation = {}) {
    super(message);
    this.name = 'RuntimeFault';
    this.at = where.at;
    this.notes = where.notes;
  }
}

/** Throws a RuntimeFault (an expression-friendly `throw`), located at the current op unless `where.at` says otherwise. */
export function fault(message: string, where?: FaultLocation): never {
  throw new RuntimeFault(message, where);
}
