import { Diagnostic, FileLineColLoc, NameLoc, SourceManager, UnknownLoc } from '@tlir/ir';
import { describe, expect, it } from 'vitest';
import {
  compileExpectationRegex,
  DiagnosticVerifier,
  parseExpectedDiagnostics,
} from '../src/verify-diagnostics.js';

const lines = (...ls: string[]): string => ls.join('\n') + '\n';

describe('parseExpectedDiagnostics', () => {
  it('reads each severity, on the same line by default', () => {
    const { expected, errors } = parseExpectedDiagnostics(
      lines(
        '"t.a"() : () -> () // expected-error {{bad a}}',
        '// expected-warning {{w}}',
        '// expected-note {{n}}',
        '// expected-remark {{r}}',
      ),
    );
    expect(errors).toEqual([]);
    expect(expected.map((e) => [e.severity, e.line, e.text])).toEqual([
      ['error', 1, 'bad a'],
      ['warning', 2, 'w'],
      ['note', 3, 'n'],
      ['remark', 4, 'r'],
    ]);
  });

  it('records where the comment starts', () => {
    const { expected } = parseExpectedDiagnostics('  // expected-error {{x}}\n');
    expect(expected[0]).toMatchObject({ commentLine: 1, commentColumn: 6 });
  });

  it('applies @+N and @-N offsets, with or without a space before @', () => {
    const { expected } = parseExpectedDiagnostics(
      lines('x', 'x', '// expected-error@+2 {{a}}', '// expected-error @-2 {{b}}', '// expected-error@+0 {{c}}'),
    );
    expect(expected.map((e) => e.line)).toEqual([5, 2, 5]);
  });

  it('reads an offset with a leading zero as octal, as MLIR does', () => {
    const { expected } = parseExpectedDiagnostics('// expected-error@+010 {{a}}\n');
    expect(expected[0]!.line).toBe(9);
  });

  it('resolves @above to the last line without an expectation', () => {
    const { expected } = parseExpectedDiagnostics(
      lines('op', '// expected-error@above {{a}}', '// expected-note@above {{b}}', 'op2 // expected-error {{c}}', '// expected-error@above {{d}}'),
    );
    // Line 4 holds an expectation itself, so it is skipped by @above like a comment line.
    expect(expected.map((e) => e.line)).toEqual([1, 1, 4, 1]);
  });

  it('resolves @below to the next line without an expectation', () => {
    const { expected } = parseExpectedDiagnostics(
      lines('// expected-error@below {{a}}', '// expected-note@below {{b}}', 'x // expected-error {{c}}', 'op'),
    );
    expect(expected.map((e) => e.line)).toEqual([4, 4, 3]);
  });

  it('leaves a dangling @below past the last line', () => {
    const text = lines('op', '// expected-error@below {{a}}');
    const { expected } = parseExpectedDiagnostics(text);
    // The text ends with a newline: the split gives an empty last line, number 3; past it is 3 as in MLIR.
    expect(expected[0]!.line).toBe(3);
  });

  it('marks @unknown expectations as having no line', () => {
    const { expected } = parseExpectedDiagnostics('// expected-error@unknown {{a}}\n');
    expect(expected[0]!.line).toBeUndefined();
  });

  it('takes the text up to the last }} at the end of the line, trailing blanks ignored', () => {
    const { expected } = parseExpectedDiagnostics('// expected-error {{a {{b}} c}}   \t\n');
    expect(expected[0]!.text).toBe('a {{b}} c');
  });

  it('ignores malformed expectations', () => {
    const { expected, errors } = parseExpectedDiagnostics(
      lines(
        '// expected-error without braces',
        '// expected-error {{not at the end}} x',
        '// expected-error 2 {{a count is not MLIR 22 syntax}}',
        '// expected-errors {{plural}}',
        '// expected-error@+x {{bad offset}}',
      ),
    );
    expect(expected).toEqual([]);
    expect(errors).toEqual([]);
  });

  it('compiles -re expectations and reports bad ones at the comment', () => {
    const { expected, errors } = parseExpectedDiagnostics(
      lines('// expected-error-re {{op #{{[0-9]+}} bad}}', '  // expected-error-re {{a {{[b}} c}}', '// expected-error-re {{a {{b}}'),
    );
    expect(expected).toHaveLength(1);
    expect(expected[0]!.regex!.test('op #12 bad')).toBe(true);
    expect(expected[0]!.regex!.test('op #x bad')).toBe(false);
    // `{{a {{b}}`: the outer braces take everything up to the last `}}`; `a {{b` opens a regex never closed.
    expect(errors).toEqual([
      { line: 2, column: 6, length: 10, message: 'invalid regex: Unterminated character class' },
      { line: 3, column: 4, length: 5, message: "found start of regex with no end '}}'" },
    ]);
  });
});

describe('compileExpectationRegex', () => {
  it('escapes the literal parts', () => {
    const r = compileExpectationRegex('f(x) * 2 [{{.*}}]') as RegExp;
    expect(r.test('call f(x) * 2 [anything] here')).toBe(true);
    expect(r.test('f(x) ** 2 [a]')).toBe(false);
  });
  it('reports a regex part that is never closed', () => {
    expect(compileExpectationRegex('a {{b')).toBe("found start of regex with no end '}}'");
  });
});

describe('DiagnosticVerifier', () => {
  const run = (text: string, diags: Diagnostic[], level: 'all' | 'only-expected' = 'all'): { ok: boolean; out: string } => {
    const sources = new SourceManager();
    sources.addBuffer('f.mlir', text);
    let out = '';
    const v = new DiagnosticVerifier('f.mlir', text, sources, (t) => (out += t), level);
    for (const d of diags) v.process(d);
    const ok = v.finish();
    return { ok, out };
  };
  const at = (line: number, col = 1): FileLineColLoc => new FileLineColLoc('f.mlir', line, col);

  it('accepts diagnostics that match, ignoring columns', () => {
    const text = lines('op // expected-error {{bad}}');
    expect(run(text, [new Diagnostic('error', at(1, 7), 'this is bad')])).toEqual({ ok: true, out: '' });
  });

  it('checks the notes of a diagnostic like diagnostics', () => {
    const text = lines('op // expected-note {{here}}', 'op // expected-error {{bad}}');
    const d = new Diagnostic('error', at(2), 'bad').attachNote(at(1), 'defined here');
    expect(run(text, [d]).ok).toBe(true);
    const unexpectedNote = new Diagnostic('error', at(2), 'bad').attachNote(at(2), 'other note');
    expect(run(text, [unexpectedNote]).out).toContain('f.mlir:2:1: error: unexpected note: other note');
  });

  it('lets one expectation match several diagnostics, as MLIR does', () => {
    const text = lines('op // expected-error {{bad}}');
    expect(run(text, [new Diagnostic('error', at(1), 'bad'), new Diagnostic('error', at(1, 5), 'bad')]).ok).toBe(true);
  });

  it('reports unexpected diagnostics at their location, with the source line', () => {
    const { ok, out } = run(lines('  op'), [new Diagnostic('warning', at(1, 3), 'hmm')]);
    expect(ok).toBe(false);
    expect(out).toBe('f.mlir:1:3: error: unexpected warning: hmm\n  op\n  ^\n');
  });

  it('reports expectations that were not produced, underlining the text', () => {
    const { ok, out } = run(lines('op', '  // expected-error@-1 {{never}}'), []);
    expect(ok).toBe(false);
    expect(out).toBe('f.mlir:2:6: error: expected error "never" was not produced\n  // expected-error@-1 {{never}}\n     ^~~~~\n');
  });

  it('reports a diagnostic of another severity as a near miss at the expectation', () => {
    const { ok, out } = run(lines('op // expected-warning {{bad}}'), [new Diagnostic('error', at(1), 'bad')]);
    expect(ok).toBe(false);
    expect(out).toContain("f.mlir:1:7: error: 'error' diagnostic emitted when expecting a 'warning'\n");
    expect(out).toContain('expected warning "bad" was not produced');
  });

  it('matches diagnostics without a file location against @unknown', () => {
    const text = lines('// expected-error@unknown {{lost}}');
    expect(run(text, [new Diagnostic('error', UnknownLoc.instance, 'lost')]).ok).toBe(true);
    expect(run(text, [new Diagnostic('error', new NameLoc('n'), 'lost')]).ok).toBe(true);
    expect(run(text, []).out).toBe('<unknown>:0: error: expected error "lost" was not produced\n');
  });

  it('does not match diagnostics of another file', () => {
    const text = lines('op // expected-error {{bad}}');
    const { ok, out } = run(text, [new Diagnostic('error', new FileLineColLoc('g.mlir', 1, 1), 'bad')]);
    expect(ok).toBe(false);
    expect(out).toContain('g.mlir:1:1: error: unexpected error: bad');
  });

  it('with only-expected, ignores unexpected diagnostics and near misses', () => {
    const text = lines('op // expected-warning {{bad}}');
    const { ok, out } = run(text, [new Diagnostic('error', at(1), 'bad'), new Diagnostic('error', at(1), 'other')], 'only-expected');
    expect(ok).toBe(false);
    expect(out).toBe('f.mlir:1:7: error: expected warning "bad" was not produced\nop // expected-warning {{bad}}\n      ^~~\n');
  });

  it('reports malformed -re expectations when it starts', () => {
    const { ok, out } = run(lines('// expected-error-re {{x {{(}}}}'), []);
    expect(ok).toBe(false);
    expect(out).toMatch(/^f\.mlir:1:4: error: invalid regex: /);
  });
});
