import { describe, expect, it } from 'vitest';
import {
  CallSiteLoc,
  Context,
  Diagnostic,
  DiagnosticEngine,
  FileLineColLoc,
  FileLineColRange,
  FusedLoc,
  NameLoc,
  SourceManager,
  UnknownLoc,
  formatDiagnostic,
  formatLocationPrefix,
  parseSourceString,
} from '../src/index.js';

function sourcesWith(name: string, text: string): SourceManager {
  const s = new SourceManager();
  s.addBuffer(name, text);
  return s;
}

/** What formatDiagnostic prints for the first error of parsing `text` from file `name`. */
function parseErrorText(name: string, text: string): string {
  const ctx = new Context({ allowUnregisteredDialects: true });
  expect(parseSourceString(ctx, text, name)).toBeUndefined();
  return ctx.diagnostics.unhandled.map((d) => formatDiagnostic(d, ctx.sources)).join('');
}

describe('formatDiagnostic', () => {
  it('prints file:line:col: severity: message, the source line and a caret under the column', () => {
    const sources = sourcesWith('a.mlir', 'first line\n  second line here\nthird');
    const d = new Diagnostic('error', new FileLineColLoc('a.mlir', 2, 10), 'something is wrong');
    expect(formatDiagnostic(d, sources)).toBe('a.mlir:2:10: error: something is wrong\n  second line here\n         ^\n');
    // Without sources, or for a file it does not know, only the first line.
    expect(formatDiagnostic(d)).toBe('a.mlir:2:10: error: something is wrong\n');
    const other = new Diagnostic('warning', new FileLineColLoc('b.mlir', 1, 1), 'w');
    expect(formatDiagnostic(other, sources)).toBe('b.mlir:1:1: warning: w\n');
    // A line past the end of the buffer has no source line.
    expect(formatDiagnostic(new Diagnostic('error', new FileLineColLoc('a.mlir', 9, 1), 'x'), sources)).toBe('a.mlir:9:1: error: x\n');
    // Line 3 has no trailing newline; column 1 and a column just past the end.
    expect(formatDiagnostic(new Diagnostic('remark', new FileLineColLoc('a.mlir', 3, 1), 'r'), sources)).toBe('a.mlir:3:1: remark: r\nthird\n^\n');
    expect(formatDiagnostic(new Diagnostic('error', new FileLineColLoc('a.mlir', 3, 6), 'e'), sources)).toBe('a.mlir:3:6: error: e\nthird\n     ^\n');
  });

  it('prints notes after the diagnostic, each with its own source line', () => {
    const sources = sourcesWith('n.mlir', 'aaa\nbbb\n');
    const d = new Diagnostic('error', new FileLineColLoc('n.mlir', 2, 2), 'main');
    d.attachNote(new FileLineColLoc('n.mlir', 1, 3), 'defined here').attachNote(UnknownLoc.instance, 'unknown note');
    expect(formatDiagnostic(d, sources)).toBe(
      'n.mlir:2:2: error: main\nbbb\n ^\n' + 'n.mlir:1:3: note: defined here\naaa\n  ^\n' + '<unknown>:0: note: unknown note\n',
    );
  });

  it('uses the file position inside name, fused and call-site locations', () => {
    const f = new FileLineColLoc('x.mlir', 4, 5);
    expect(formatLocationPrefix(new NameLoc('v', f))).toBe('x.mlir:4:5');
    expect(formatLocationPrefix(new FusedLoc([new NameLoc('no file'), f]))).toBe('x.mlir:4:5');
    expect(formatLocationPrefix(new CallSiteLoc(f, new FileLineColLoc('y.mlir', 1, 1)))).toBe('x.mlir:4:5');
    expect(formatLocationPrefix(new CallSiteLoc(new NameLoc('callee'), new FileLineColLoc('y.mlir', 1, 1)))).toBe('y.mlir:1:1');
    expect(formatLocationPrefix(UnknownLoc.instance)).toBe('<unknown>:0');
    expect(formatLocationPrefix(new NameLoc('only a name'))).toBe('<unknown>:0');
    expect(formatLocationPrefix(new FileLineColRange('r.mlir', 1, 2, 3, 4))).toBe('r.mlir:1:2');
  });

  // The expected texts below are what mlir-opt-22 --allow-unregistered-dialect printed for the same inputs
  // (generated once, hard-coded): tabs expanded to 8-column stops in the source and the caret line, no caret
  // line when the line has non-ASCII characters, and a CR before the newline dropped.
  it.each([
    [
      't1.mlir',
      '\t\t%0 = "test.op"(%1) : (i32) -> i32\n',
      't1.mlir:1:18: error: use of undeclared SSA value name\n                %0 = "test.op"(%1) : (i32) -> i32\n                               ^\n',
    ],
    [
      't5.mlir',
      '%0 =\t"test.op"(%1)\t: (i32) -> i32\n',
      't5.mlir:1:16: error: use of undeclared SSA value name\n%0 =    "test.op"(%1)   : (i32) -> i32\n                  ^\n',
    ],
    [
      't6.mlir',
      '%0 = "test.op"(%1)\t\t: (i32) -> i32\n',
      't6.mlir:1:16: error: use of undeclared SSA value name\n%0 = "test.op"(%1)              : (i32) -> i32\n               ^\n',
    ],
    [
      't3.mlir',
      '%0 = "test.op"(%1) {s = "\u00e9"} : (i32) -> i32\n',
      't3.mlir:1:16: error: use of undeclared SSA value name\n%0 = "test.op"(%1) {s = "\u00e9"} : (i32) -> i32\n',
    ],
    [
      't4.mlir',
      '%0 = "test.op"(%1) : (i32) -> i32\r\n',
      't4.mlir:1:16: error: use of undeclared SSA value name\n%0 = "test.op"(%1) : (i32) -> i32\n               ^\n',
    ],
    ['t7.mlir', '  @"x"\n', 't7.mlir:1:3: error: expected operation name in quotes\n  @"x"\n  ^\n'],
  ])('renders %s like mlir-opt-22', (name, text, expected) => {
    expect(parseErrorText(name, text)).toBe(expected);
  });

  it('puts the caret under the right character after tabs at any position', () => {
    const line = 'a\tbb\tccc\td';
    const sources = sourcesWith('t.mlir', line);
    const expanded = 'a       bb      ccc     d';
    for (const [col, expandedCol] of [[1, 0], [3, 8], [6, 16], [10, 24]] as const) {
      const text = formatDiagnostic(new Diagnostic('error', new FileLineColLoc('t.mlir', 1, col), 'm'), sources);
      expect(text).toBe(`t.mlir:1:${col}: error: m\n${expanded}\n${' '.repeat(expandedCol)}^\n`);
      expect(expanded[expandedCol]).toBe(line[col - 1]);
    }
  });
});

describe('DiagnosticEngine', () => {
  it('sends diagnostics to the most recent handler, else keeps them as unhandled', () => {
    const engine = new DiagnosticEngine();
    const a: string[] = [];
    const b: string[] = [];
    const removeA = engine.addHandler((d) => a.push(d.message));
    const removeB = engine.addHandler((d) => b.push(d.message));
    engine.emit(new Diagnostic('error', UnknownLoc.instance, 'one'));
    removeB();
    engine.emit(new Diagnostic('warning', UnknownLoc.instance, 'two'));
    removeB(); // removing twice is harmless
    removeA();
    const three = engine.emit(new Diagnostic('error', UnknownLoc.instance, 'three').append(' and more'));
    expect(a).toEqual(['two']);
    expect(b).toEqual(['one']);
    expect(engine.unhandled).toEqual([three]);
    expect(three.message).toBe('three and more');
    expect(engine.errorCount).toBe(2);
  });
});
