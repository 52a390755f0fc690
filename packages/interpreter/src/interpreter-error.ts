import type { Diagnostic } from '@tlir/ir';

/**
 * Carries a located runtime diagnostic from the op where it happened up to the entry point, which hands the
 * diagnostic to its caller. Internal to the engine: users get the Diagnostic, never this exception.
 */
export class InterpreterError extends Error {
  constructor(
    readonly diagnostic: Diagnostic,
    options?: { cause?: unknown },
  ) {
    super(diagnostic.message, options);
    this.name = 'InterpreterError';
  }
}
