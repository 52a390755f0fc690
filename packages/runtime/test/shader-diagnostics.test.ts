// Messages of the WGSL compiler become diagnostics at kernel source positions (no device needed: the messages
// are given as a device would give them).
import { describe, expect, it } from 'vitest';
import { SourceManager } from '@tlir/ir';
import { diagnosticForWgslMessage, renderDiagnostics, WgslSourceMap } from '@tlir/runtime';

const wgsl = ['// generated', 'fn f() {', '  let a = 1;', '  let b = 2;', '}', 'fn g() {}'].join('\n');
const tl = ['func @f() {', '  %a = arith.add 1, 2 : i32', '}'].join('\n');
const sources = new SourceManager();
sources.addBuffer('k.wgsl', wgsl);
sources.addBuffer('k.tl', tl);
const sourceMap = new WgslSourceMap([
  { wgslLine: 3, file: 'k.tl', line: 2, column: 3 },
  { wgslLine: 2, file: 'k.tl', line: 1, column: 1 },
]);
const context = { sourceMap, wgslFile: 'k.wgsl', sources };

describe('WGSL messages', () => {
  it('a warning on a mapped line: at the kernel source, with a note at the WGSL', () => {
    const diag = diagnosticForWgslMessage({ type: 'warning', message: "unused variable 'a'", lineNum: 3, linePos: 7 }, context);
    expect(renderDiagnostics([diag], sources)).toBe(
      [
        "k.tl:2:3: warning: unused variable 'a'",
        '  %a = arith.add 1, 2 : i32',
        '  ^',
        'k.wgsl:3:7: note: in the WGSL generated from here',
        '  let a = 1;',
        '      ^',
        '',
      ].join('\n'),
    );
  });

  it('a line without an entry belongs to the entry above it', () => {
    expect(sourceMap.locate(4)?.line).toBe(2);
    expect(sourceMap.locate(6)?.line).toBe(2);
    expect(sourceMap.locate(1)).toBeUndefined();
  });

  it('a line above the map stays in the WGSL; info is a remark; no line is no location', () => {
    expect(renderDiagnostics([diagnosticForWgslMessage({ type: 'info', message: 'hello', lineNum: 1, linePos: 4 }, context)], sources)).toBe(
      'k.wgsl:1:4: remark: hello\n// generated\n   ^\n',
    );
    expect(renderDiagnostics([diagnosticForWgslMessage({ type: 'error', message: 'no line', lineNum: 0, linePos: 0 }, context)])).toBe('error: WGSL: no line\n');
  });
});
