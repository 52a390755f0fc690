// The conformance runner (scripts/conformance, `pnpm conformance`): reading RUN lines, splitting files, finding the
// dialects of a chunk, and classifying chunks by running tl-opt and mlir-opt-22 on small files of its own
// (Inputs/). The classification needs mlir-opt-22 (and a built tl-opt): without it these tests are skipped, and
// under CI=true they fail.
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain ES module of the scripts folder, without types
import * as lib from '../../scripts/conformance/lib.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../..');
const input = (name: string): string => path.join(here, 'Inputs', name);
const tlOpt = path.join(root, 'tools/tl-opt/bin/tl-opt');

function hasMlirOpt(): boolean {
  try {
    execFileSync('mlir-opt-22', ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}
const mlirOptPresent = hasMlirOpt();
if (!mlirOptPresent && process.env['CI'] === 'true') throw new Error('mlir-opt-22 is missing (CI=true: the conformance tests need it)');

describe('reading test files', () => {
  it('takes the kind of test from the RUN lines', () => {
    expect(lib.fileMode('// RUN: mlir-opt %s -split-input-file -verify-diagnostics\n')).toEqual({ mode: 'invalid', allowUnregistered: false });
    expect(lib.fileMode('// RUN: mlir-opt -allow-unregistered-dialect %s | FileCheck %s\n')).toEqual({ mode: 'roundtrip', allowUnregistered: true });
    expect(lib.fileMode('// RUN: mlir-opt %s -canonicalize="test-convergence" --split-input-file | FileCheck %s\n')).toEqual({
      mode: 'canonicalize',
      allowUnregistered: false,
    });
    // A pass pipeline whose only pass is canonicalize (nested in func.func or not) is a canonicalize file, run
    // with that pipeline on both sides; a pipeline with any other pass is not.
    expect(lib.fileMode("// RUN: mlir-opt %s -pass-pipeline='builtin.module(func.func(canonicalize{test-convergence}))' -split-input-file\n")).toEqual({
      mode: 'canonicalize',
      allowUnregistered: false,
      pipeline: 'builtin.module(func.func(canonicalize{test-convergence}))',
    });
    expect(lib.fileMode("// RUN: mlir-opt %s --pass-pipeline='builtin.module(func.func(cse,canonicalize))'\n")).toBeNull();
    expect(lib.fileMode("// RUN: mlir-opt %s --pass-pipeline='builtin.module(func.func(canonicalize)'\n")).toBeNull();
    // A file testing another pass, or its diagnostics, is not one the runner understands.
    expect(lib.fileMode('// RUN: mlir-opt %s -convert-scf-to-cf | FileCheck %s\n')).toBeNull();
    expect(lib.fileMode('// RUN: mlir-opt %s -gpu-kernel-outlining -verify-diagnostics\n')).toBeNull();
    // Continued RUN lines are joined; the strongest check a file asks for wins.
    expect(lib.fileMode('// RUN: mlir-opt %s \\\n// RUN:   --verify-roundtrip | FileCheck %s\n// RUN: mlir-opt %s --canonicalize\n')!.mode).toBe('canonicalize');
  });

  it("splits at `// -----` lines, keeping each chunk's first line", () => {
    const chunks = lib.splitChunks('a\n// -----\nb\nc\n//-----\nd\n');
    expect(chunks.map((c: { text: string; line: number }) => [c.text, c.line])).toEqual([
      ['a\n', 1],
      ['b\nc\n', 3],
      ['d\n\n', 6],
    ]);
  });

  it('finds the dialects a chunk uses: ops (custom and generic), dialect types and attributes, not comments or strings', () => {
    const text = [
      '// vector.broadcast in a comment does not count',
      'func.func @f(%a: !llvm.ptr) attributes {llvm.emit_c_interface} {',
      '  %0 = "affine.apply"(%i) {map = affine_map<(d0) -> (d0)>} : (index) -> index',
      '  %1:2 = scf.if %c -> (i32, i32) { scf.yield %x, %x : i32, i32 } else { scf.yield %x, %x : i32, i32 }',
      '  "foo"() {s = "tensor.empty in a string"} : () -> ()',
      '  gpu.launch_func @k::@f blocks in (%c, %c, %c) threads in (%c, %c, %c) {a = #nvvm.target}',
      '}',
    ].join('\n');
    expect([...lib.dialectsOf(text)].sort()).toEqual(['affine', 'func', 'gpu', 'llvm', 'nvvm', 'scf']);
  });

  it('does not count a discardable attribute in a dictionary as an op of its dialect, but as a use of it in invalid files', () => {
    const text = [
      'func.func @f() attributes {llvm.emit_c_interface} {',
      '  "foo.op"() {test.flag, nvvm.kernel = true, rocdl.max = 1 : i32} : () -> ()',
      '  scf.execute_region { vector.print }',
      '}',
    ].join('\n');
    expect([...lib.dialectsOf(text)].sort()).toEqual(['foo', 'func', 'scf', 'vector']);
    // In invalid files they count: the dialect verifies its attributes.
    expect([...lib.dialectsOf(text, { attributes: true })].sort()).toEqual(['foo', 'func', 'llvm', 'nvvm', 'rocdl', 'scf', 'test', 'vector']);
  });

  it("counts the dialects whose resources a file's metadata section holds (not builtin's)", () => {
    const text = [
      'func.func @f() { return }',
      '{-#',
      '  dialect_resources: {',
      '    test: { blob: "0x08000000", other: "0x0400" },',
      '    builtin: { weights: "0x04000000" },',
      '    foo: {}',
      '  }',
      '#-}',
    ].join('\n');
    expect([...lib.dialectsOf(text)].sort()).toEqual(['foo', 'func', 'test']);
  });
});

describe.skipIf(!mlirOptPresent)('classifying chunks with tl-opt and mlir-opt-22', () => {
  const options = async (): Promise<Record<string, unknown>> => ({
    tlOpt,
    mlirOpt: 'mlir-opt-22',
    dialects: await lib.registeredDialects(tlOpt),
    upstreamDialects: await lib.registeredDialects('mlir-opt-22'),
  });
  const classes = (r: { chunks: { class: string }[] }): string[] => r.chunks.map((c) => c.class);

  it('round trips: accepted, left out for a dialect or because mlir-opt rejects it, a mismatch', async () => {
    const r = await lib.classifyFile(input('round-trip.mlir'), await options(), 2);
    expect(r.mode).toBe('roundtrip');
    expect(classes(r)).toEqual(['accepted', 'excluded-dialect', 'excluded-upstream', 'mismatch']);
    expect(r.chunks[1].detail).toBe('tensor');
  }, 60_000);

  it('invalid files: accepted when tl-opt --verify-diagnostics passes; left out when mlir-opt does not', async () => {
    const r = await lib.classifyFile(input('invalid.mlir'), await options(), 2);
    expect(classes(r)).toEqual(['accepted', 'excluded-upstream']);
  }, 60_000);

  it('canonicalize files: compared after canonicalize, both printed by mlir-opt', async () => {
    const r = await lib.classifyFile(input('canonicalize.mlir'), await options(), 1);
    expect(r.mode).toBe('canonicalize');
    expect(classes(r)).toEqual(['accepted']);
  }, 60_000);

  it('skips files of other passes, and reports a table per file with the rate of the comparable chunks', async () => {
    expect(await lib.classifyFile(input('other-pass.mlir'), await options(), 1)).toBeNull();
    const table = lib.formatTable([
      { file: 'a.mlir', mode: 'invalid', counts: { accepted: 3, 'excluded-dialect': 1, 'excluded-upstream': 0, mismatch: 1, crash: 0 } },
      { file: 'b.mlir', mode: 'roundtrip', counts: { accepted: 0, 'excluded-dialect': 2, 'excluded-upstream': 0, mismatch: 0, crash: 0 } },
    ]);
    expect(table.split('\n')).toEqual([
      '| file   | mode      | chunks | accepted | excl. dialect | excl. upstream | mismatch | crash |  rate |',
      '| ------ | --------- | -----: | -------: | ------------: | -------------: | -------: | ----: | ----: |',
      '| a.mlir | invalid   |      5 |        3 |             1 |              0 |        1 |     0 | 75.0% |',
      '| b.mlir | roundtrip |      2 |        0 |             2 |              0 |        0 |     0 |     - |',
      '| total  |           |      7 |        3 |             3 |              0 |        1 |     0 | 75.0% |',
    ]);
  });

  it('tells a crash from an error', () => {
    expect(lib.isCrash({ code: 1, signal: null, stdout: '', stderr: 'x.mlir:1:1: error: bad', timedOut: false })).toBe(false);
    expect(lib.isCrash({ code: 1, signal: null, stdout: '', stderr: 'tl-opt: internal error: oops', timedOut: false })).toBe(true);
    expect(lib.isCrash({ code: null, signal: 'SIGKILL', stdout: '', stderr: '', timedOut: true })).toBe(true);
    expect(lib.isCrash({ code: 134, signal: null, stdout: '', stderr: '', timedOut: false })).toBe(true);
  });
});
