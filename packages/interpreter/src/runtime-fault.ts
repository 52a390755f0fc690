/**
 * A runtime error of the interpreted program (an out-of-bounds access, a division by zero, a freed buffer).
 * Helpers and op implementations throw it with a message only; the engine catches it around the op being
 * executed and turns it into a `Diagnostic` located at that op, so the user sees `file:line:col: error: ...`
 * and never a JavaScript stack.
 */
export class RuntimeFault extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RuntimeFault';
  }
}

/** Throws a RuntimeFault (an expression-friendly `throw`). */
export function fault(message: string): never {
  throw new RuntimeFault(message);
}
