/**
 * Thrown (as a singleton, so no stack is captured) once a parse error has been reported as a diagnostic.
 * Only the parser's entry points catch it; it never reaches users.
 */
export class ParseFailure {
  static readonly instance = new ParseFailure();
  private constructor() {}
}
