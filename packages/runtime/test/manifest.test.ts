// Kernel manifests: the test kernels' manifests parse; every rule of parseKernelManifest has a case, located in
// the JSON text (file:line:col, the line, a caret) or by path when the manifest is not text.
import { describe, expect, it } from 'vitest';
import { GpuRuntimeError, parseKernelManifest } from '@tlir/runtime';
import { kernelText, replaceOnce } from './support/kernel-files.js';

const axpy = kernelText('axpy.manifest.json');

/** The rendered error of parsing `text` (which must fail). */
function manifestError(text: string | unknown, file = 'axpy.manifest.json'): string {
  try {
    parseKernelManifest(text, { file });
  } catch (error) {
    expect(error).toBeInstanceOf(GpuRuntimeError);
    expect((error as GpuRuntimeError).kind).toBe('manifest');
    return (error as Error).message;
  }
  throw new Error('expected the manifest to be rejected');
}

const edited = (from: string, to: string): string => manifestError(replaceOnce(axpy, from, to));

describe('valid manifests', () => {
  it('reads the axpy manifest', () => {
    const m = parseKernelManifest(axpy);
    expect(m.entryPoint).toBe('axpy');
    expect(m.workgroupSize).toEqual([64, 1, 1]);
    expect(m.arguments.map((a) => `${a.name}:${a.kind}`)).toEqual(['alpha:scalar', 'x:memref', 'y:memref']);
    expect(m.arguments[1]).toMatchObject({ shape: [null], strides: [2], offset: 0, loc: { file: 'axpy.tl', line: 2, column: 25 } });
    expect(m.requiredFeatures).toEqual([]);
    expect(m.grid).toEqual({ folding: 'linear-xyz', groupCount: { uniform: { group: 0, binding: 0 }, word: 4 } });
    expect(m.sourceMap).toHaveLength(7);
  });

  it('reads grid.groupsPerWorkgroup (several tl groups per work-group), 1 when absent', () => {
    const packed = parseKernelManifest(replaceOnce(axpy, '"folding": "linear-xyz"', '"folding": "linear-xyz", "groupsPerWorkgroup": 4'));
    expect(packed.grid.groupsPerWorkgroup).toBe(4);
    expect(parseKernelManifest(replaceOnce(axpy, '"folding": "linear-xyz"', '"folding": "linear-xyz", "groupsPerWorkgroup": 1')).grid.groupsPerWorkgroup).toBeUndefined();
  });

  it('reads the other test kernels and a parsed value', () => {
    for (const name of ['scale-group', 'scalars', 'iota']) expect(() => parseKernelManifest(kernelText(`${name}.manifest.json`))).not.toThrow();
    expect(parseKernelManifest(JSON.parse(axpy)).kernel).toBe('axpy');
  });
});

describe('errors located in the JSON text', () => {
  it('a wrong binding kind, with the line and a caret', () => {
    expect(edited('"kind": "storage-read", "role": "memref-data", "argument": "x"', '"kind": "storage", "role": "memref-data", "argument": "x"')).toBe(
      [
        `axpy.manifest.json:15:41: error: bindings[1].kind: expected one of 'storage-read', 'storage-read-write', 'uniform', got "storage"`,
        '    { "group": 0, "binding": 1, "kind": "storage", "role": "memref-data", "argument": "x", "elementType": "f32" },',
        '                                        ^',
      ].join('\n'),
    );
  });

  it('invalid JSON', () => {
    expect(manifestError(axpy.replace('"version": 1,', '"version": 1'))).toMatch(/^axpy\.manifest\.json:3:3: error: invalid JSON in the kernel manifest: expected ',' or '}'\n {2}"kernel": "axpy",\n {2}\^$/);
    expect(manifestError('{"a": 1, "a": 2}', 'm.json')).toMatch(/^m\.json:1:10: error: invalid JSON in the kernel manifest: duplicate key "a"/);
  });

  it('an unknown key points at the key', () => {
    expect(edited('"entryPoint": "axpy",', '"entryPoint": "axpy", "entry": "main",')).toMatch(
      /^axpy\.manifest\.json:4:25: error: entry: unknown key 'entry' \(expected 'version', .*\)/,
    );
  });

  it('missing keys point at the object', () => {
    expect(edited('"kind": "uniform", "role": "parameters", "sizeBytes": 32', '"kind": "uniform", "role": "parameters"')).toMatch(
      /^axpy\.manifest\.json:14:5: error: bindings\[0\]: missing 'sizeBytes'/,
    );
  });
});

describe('rules', () => {
  const cases: [string, string, string, RegExp][] = [
    ['version', '"version": 1', '"version": 2', /version: unsupported manifest version 2 \(this runtime reads version 1\)/],
    ['entry point', '"entryPoint": "axpy"', '"entryPoint": "axpy main"', /entryPoint: 'axpy main' is not a WGSL identifier/],
    ['work-group size', '"workgroupSize": [64, 1, 1]', '"workgroupSize": [64, 1]', /workgroupSize: expected three positive integers/],
    ['work-group size values', '"workgroupSize": [64, 1, 1]', '"workgroupSize": [64, 0, 1]', /workgroupSize\[1\]: expected an integer >= 1 or null, got 0/],
    ['64-bit element types', '"name": "alpha", "kind": "scalar", "elementType": "f32"', '"name": "alpha", "kind": "scalar", "elementType": "f64"', /arguments\[0\]\.elementType: unsupported element type "f64" \(WGSL has no 64-bit types\); expected one of i1, i8, i16, i32, index, f32/],
    ['duplicate argument names', '"name": "y", "kind": "memref"', '"name": "x", "kind": "memref"', /arguments\[2\]\.name: a second argument named 'x'/],
    ['strides per dimension', '"shape": [null], "strides": [2]', '"shape": [null], "strides": [2, 1]', /arguments\[1\]\.strides: expected 1 strides \(one per dimension of the shape\), got 2/],
    ['negative sizes', '"shape": [null], "strides": [2]', '"shape": [-1], "strides": [2]', /arguments\[1\]\.shape\[0\]: expected an integer >= 0 or null, got -1/],
    ['a binding slot used twice', '"group": 0, "binding": 2,', '"group": 0, "binding": 1,', /bindings\[2\]: @group\(0\) @binding\(1\) is already used by bindings\[1\]/],
    ['a binding of an unknown argument', '"argument": "y", "elementType": "f32"', '"argument": "z", "elementType": "f32"', /bindings\[2\]\.argument: no kernel argument named 'z'/],
    ['a role for another kind', '"role": "memref-data", "argument": "y"', '"role": "group-data", "argument": "y"', /bindings\[2\]\.role: 'group-data' serves a group argument; 'y' is a memref/],
    ['storage element types', '"argument": "y", "elementType": "f32"', '"argument": "y", "elementType": "i32"', /bindings\[2\]\.elementType: 'y' has f32 elements, which are stored as f32, not i32/],
    ['uniform sizes', '"sizeBytes": 32', '"sizeBytes": 36', /bindings\[0\]\.sizeBytes: a uniform buffer's size must be a multiple of 16 bytes, got 36/],
    ['a memref without data', '{ "group": 0, "binding": 2, "kind": "storage-read-write", "role": "memref-data", "argument": "y", "elementType": "f32" }', '{ "group": 0, "binding": 2, "kind": "storage-read-write", "role": "memref-data", "argument": "x", "elementType": "f32" }', /arguments\[1\]: memref argument 'x' has 2 'memref-data' bindings[\s\S]*arguments\[2\]: memref argument 'y' has no 'memref-data' binding/],
    ['a scalar without a slot', '"scalars": [{ "argument": "alpha", "uniform": { "group": 0, "binding": 0 }, "word": 0, "wordType": "f32" }],', '', /arguments\[0\]: scalar argument 'alpha' has no slot in 'scalars'/],
    ['a scalar slot of the wrong type', '"word": 0, "wordType": "f32"', '"word": 0, "wordType": "i32"', /scalars\[0\]\.wordType: 'alpha' is f32, which is passed as f32, not i32/],
    ['a scalar slot for a memref', '"scalars": [{ "argument": "alpha"', '"scalars": [{ "argument": "x"', /scalars\[0\]\.argument: 'x' is a memref, not a scalar/],
    ['a dope vector of the wrong rank', '"sizes": [1], "strides": [2]', '"sizes": [1, 5], "strides": [2]', /dopeVectors\[0\]\.sizes: 'x' has 1 dimensions; expected 1 entries, got 2/],
    ['a dope vector in a storage buffer', '"argument": "x", "uniform": { "group": 0, "binding": 0 }', '"argument": "x", "uniform": { "group": 0, "binding": 1 }', /dopeVectors\[0\]\.uniform: @group\(0\) @binding\(1\) is a storage buffer, not a uniform 'parameters' binding/],
    ['a dope vector in no binding', '"argument": "x", "uniform": { "group": 0, "binding": 0 }', '"argument": "x", "uniform": { "group": 3, "binding": 0 }', /dopeVectors\[0\]\.uniform: no binding @group\(3\) @binding\(0\)/],
    ['a word used twice', '"sizes": [3], "strides": [null]', '"sizes": [1], "strides": [null]', /dopeVectors\[1\]\.sizes\[0\]: @group\(0\) @binding\(0\) word 1 already holds size 0 of 'x'/],
    ['a word past the end', '"word": 4 }', '"word": 8 }', /grid\.groupCount\.word: word 8 of @group\(0\) @binding\(0\) is past its end \(32 bytes hold 8 words\)/],
    ['grid folding', '"folding": "linear-xyz"', '"folding": "x-only"', /grid\.folding: expected one of 'linear-xyz', got "x-only"/],
    ['no groups per work-group', '"folding": "linear-xyz"', '"folding": "linear-xyz", "groupsPerWorkgroup": 0', /grid\.groupsPerWorkgroup: expected an integer >= 1, got 0/],
    ['groups per work-group not an integer', '"folding": "linear-xyz"', '"folding": "linear-xyz", "groupsPerWorkgroup": 2.5', /grid\.groupsPerWorkgroup: expected an integer >= 1, got 2\.5/],
    ['groups that do not share the work-group evenly', '"folding": "linear-xyz"', '"folding": "linear-xyz", "groupsPerWorkgroup": 3', /grid\.groupsPerWorkgroup: 3 groups cannot share a work-group of 64x1x1 = 64 work-items evenly/],
    ['source map positions', '{ "wgslLine": 15, "file": "axpy.tl", "line": 2, "column": 1 }', '{ "wgslLine": 0, "file": "axpy.tl", "line": 2, "column": 1 }', /sourceMap\[0\]\.wgslLine: expected an integer >= 1, got 0/],
  ];
  for (const [name, from, to, expected] of cases) {
    it(name, () => expect(edited(from, to)).toMatch(expected));
  }

  it('group offset tables hold u32 and are read-only', () => {
    const text = replaceOnce(
      kernelText('scale-group.manifest.json'),
      '"kind": "storage-read", "role": "group-offsets", "argument": "A", "elementType": "u32"',
      '"kind": "storage-read-write", "role": "group-offsets", "argument": "A", "elementType": "i32"',
    );
    const message = manifestError(text, 'scale-group.manifest.json');
    expect(message).toMatch(/bindings\[2\]\.elementType: a group's offset table holds u32 elements, not i32/);
    expect(message).toMatch(/bindings\[2\]\.kind: a group's offset table is 'storage-read'/);
  });

  it('reports every problem at once', () => {
    const text = replaceOnce(replaceOnce(axpy, '"version": 1', '"version": 7'), '"sizeBytes": 32', '"sizeBytes": 20');
    expect(manifestError(text).match(/error:/g)).toHaveLength(2);
  });

  it('a parsed value: errors name paths, not lines', () => {
    const value = JSON.parse(axpy) as { bindings: { kind: string }[] };
    value.bindings[1]!.kind = 'texture';
    expect(manifestError(value, 'axpy.manifest.json')).toBe(
      `error: axpy.manifest.json: bindings[1].kind: expected one of 'storage-read', 'storage-read-write', 'uniform', got "texture"`,
    );
    expect(() => parseKernelManifest(42)).toThrow('error: kernel manifest: manifest: expected an object, got 42');
  });
});
