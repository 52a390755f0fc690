/**
 * `--verify-diagnostics`: instead of printing diagnostics, check them against `expected-*` comments in the
 * input, as mlir-opt 22 does (SourceMgrDiagnosticVerifierHandler in mlir/lib/IR/Diagnostics.cpp):
 *
 *   // expected-error@+1 {{use of undeclared SSA value name}}
 *   // expected-note@above {{previously defined here}}
 *   // expected-error-re {{operand #{{[0-9]+}} does not dominate}}
 *
 * A diagnostic matches an expectation of the same severity whose line is the diagnostic's line and whose text
 * is contained in the message (with `-re`, the text is literal except for `{{regex}}` parts). Columns are not
 * compared. Diagnostics without a file location match `@unknown` expectations.
 */
import { Diagnostic, FileLineColLoc, formatDiagnostic, UnknownLoc, type Severity, type SourceManager } from '@tlir/ir';

/** One `expected-<severity>` comment. */
export interface ExpectedDiagnostic {
  readonly severity: Severity;
  /** The line the diagnostic is expected on (1-based); undefined for `@unknown`. */
  readonly line: number | undefined;
  /** Where `expected-` starts in the file (1-based), where problems with the expectation are reported. */
  readonly commentLine: number;
  readonly commentColumn: number;
  /** The text between the outer `{{` and `}}`. */
  readonly text: string;
  /** For `expected-*-re`: the whole message as a regular expression. */
  readonly regex?: RegExp;
  matched: boolean;
}

/** A malformed expectation (a `-re` text that is not a valid regular expression). */
export interface ExpectationError {
  readonly line: number;
  readonly column: number;
  /** How many characters to underline, starting at the column. */
  readonly length: number;
  readonly message: string;
}

// Same as MLIR's pattern; it is matched against each line with trailing whitespace removed.
const EXPECTED = /expected-(error|note|remark|warning)(-re)? *(@([+-][0-9]+|above|below|unknown))? *\{\{(.*)\}\}$/;

/**
 * Finds the `expected-*` comments of a file. A line holding one is a designator line: `@above` refers to the
 * last line before it that holds none, and `@below` to the next such line (when there is none, the
 * expectation keeps a line past the end and is reported as not produced).
 */
export function parseExpectedDiagnostics(text: string): { expected: ExpectedDiagnostic[]; errors: ExpectationError[] } {
  const expected: ExpectedDiagnostic[] = [];
  const errors: ExpectationError[] = [];
  const lines = text.split('\n');
  let lastNonDesignatorLine = 0; // 0-based, as MLIR counts it
  let pendingBelow: { line: number | undefined }[] = [];
  for (let i = 0; i < lines.length; i++) {
    const m = EXPECTED.exec(lines[i]!.trimEnd());
    if (!m) {
      for (const e of pendingBelow) e.line = i + 1;
      pendingBelow = [];
      lastNonDesignatorLine = i;
      continue;
    }
    const severity = m[1] as Severity;
    const body = m[5]!;
    const column = m.index + 1;
    let regex: RegExp | undefined;
    if (m[2]) {
      const r = compileExpectationRegex(body);
      if (typeof r === 'string') {
        errors.push({ line: i + 1, column, length: body.length, message: r });
        continue;
      }
      regex = r;
    }
    const record = { severity, line: i + 1 as number | undefined, commentLine: i + 1, commentColumn: column, text: body, regex, matched: false };
    const designator = m[4];
    if (designator === 'above') record.line = lastNonDesignatorLine + 1;
    else if (designator === 'below') {
      record.line = lines.length;
      pendingBelow.push(record);
    } else if (designator === 'unknown') record.line = undefined;
    else if (designator !== undefined) {
      // MLIR reads the number with radix auto-detection: a leading 0 means octal.
      const digits = designator.slice(1);
      const n = digits.length > 1 && digits.startsWith('0') ? parseInt(digits, 8) : Number(digits);
      record.line = designator.startsWith('+') ? i + 1 + n : i + 1 - n;
    }
    expected.push(record);
  }
  return { expected, errors };
}

/**
 * The regular expression of an `expected-*-re` text: literal text, with `{{...}}` parts as regular
 * expressions; matched anywhere in the message. Returns an error message when it is malformed.
 */
export function compileExpectationRegex(body: string): RegExp | string {
  let source = '';
  let rest = body;
  for (;;) {
    const open = rest.indexOf('{{');
    if (open < 0) {
      source += escapeRegex(rest);
      break;
    }
    source += escapeRegex(rest.slice(0, open));
    rest = rest.slice(open + 2);
    const close = rest.indexOf('}}');
    if (close < 0) return "found start of regex with no end '}}'";
    const part = rest.slice(0, close);
    try {
      new RegExp(part);
    } catch (e) {
      // JavaScript says "Invalid regular expression: /part/: why"; keep the why.
      return `invalid regex: ${(e as Error).message.replace(/^Invalid regular expression: \/.*\/[a-z]*: /, '')}`;
    }
    source += `(${part})`;
    rest = rest.slice(close + 2);
  }
  return new RegExp(source);
}

function escapeRegex(text: string): string {
  return text.replace(/[\\^$.*+?()[\]{}|]/g, '\\$&');
}

export type VerifyDiagnosticsLevel = 'all' | 'only-expected';

/**
 * Checks diagnostics against the expectations of one file. `process` takes each diagnostic as it is emitted
 * (its notes are checked one by one, like separate diagnostics); `finish` reports the expectations that were
 * never matched. Problems are written through `report`, already formatted; `failed` says whether there was any.
 */
export class DiagnosticVerifier {
  private readonly expected: ExpectedDiagnostic[];
  failed = false;

  constructor(
    private readonly filename: string,
    text: string,
    private readonly sources: SourceManager,
    private readonly report: (text: string) => void,
    private readonly level: VerifyDiagnosticsLevel = 'all',
  ) {
    const { expected, errors } = parseExpectedDiagnostics(text);
    this.expected = expected;
    for (const e of errors) this.reportAt(e.line, e.column, e.message, e.length);
  }

  process(diag: Diagnostic): void {
    this.processOne(diag);
    for (const note of diag.notes) this.processOne(note);
  }

  /** Reports the expectations nothing matched; returns true when everything matched. */
  finish(): boolean {
    const notProduced = (e: ExpectedDiagnostic): string => `expected ${e.severity} "${e.text}" was not produced`;
    for (const e of this.expected) {
      if (!e.matched && e.line !== undefined) this.reportAt(e.commentLine, e.commentColumn, notProduced(e), e.text.length);
    }
    for (const e of this.expected) {
      if (!e.matched && e.line === undefined) this.reportDiagnostic(new Diagnostic('error', UnknownLoc.instance, notProduced(e)));
    }
    return !this.failed;
  }

  private processOne(diag: Diagnostic): void {
    const fileLoc = diag.loc.fileLoc();
    // Diagnostics located in another file cannot have been expected here.
    const line = fileLoc === undefined ? undefined : fileLoc.file === this.filename ? fileLoc.line : -1;
    let nearMiss: ExpectedDiagnostic | undefined;
    for (const e of this.expected) {
      if (e.line !== line || !matches(e, diag.message)) continue;
      if (e.severity === diag.severity) {
        e.matched = true;
        return;
      }
      nearMiss = e;
    }
    if (this.level === 'only-expected') return;
    if (nearMiss) {
      this.reportAt(
        nearMiss.commentLine,
        nearMiss.commentColumn,
        `'${diag.severity}' diagnostic emitted when expecting a '${nearMiss.severity}'`,
      );
    } else this.reportDiagnostic(new Diagnostic('error', diag.loc, `unexpected ${diag.severity}: ${diag.message}`));
  }

  private reportDiagnostic(diag: Diagnostic): void {
    this.failed = true;
    this.report(formatDiagnostic(diag, this.sources));
  }

  /** An error at a position of the input, with `length` characters underlined (`^~~~`) as LLVM shows ranges. */
  private reportAt(line: number, column: number, message: string, length = 1): void {
    this.failed = true;
    const text = formatDiagnostic(new Diagnostic('error', new FileLineColLoc(this.filename, line, column), message), this.sources);
    this.report(length > 1 ? text.replace(/\^\n$/, '^' + '~'.repeat(length - 1) + '\n') : text);
  }
}

function matches(e: ExpectedDiagnostic, message: string): boolean {
  return e.regex ? e.regex.test(message) : message.includes(e.text);
}
