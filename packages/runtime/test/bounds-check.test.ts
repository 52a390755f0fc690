// --bounds-check's contract in the manifest (parsed and checked like the rest) and the error a record turns into.
import { describe, expect, it } from 'vitest';
import { boundsViolation, parseKernelManifest, renderDiagnostics } from '@tlir/runtime';
import { kernelText } from './support/kernel-files.js';

const axpy = JSON.parse(kernelText('axpy.manifest.json')) as Record<string, unknown>;
const withBounds = (boundsCheck: unknown): unknown => ({ ...axpy, boundsCheck });

describe('the bounds-check contract', () => {
  it('parses a free slot and its sites', () => {
    const m = parseKernelManifest(withBounds({ slot: { group: 0, binding: 9 }, sites: [{ what: 'load', loc: { file: 'k.tl', line: 3, column: 5 } }, { what: 'store' }] }));
    expect(m.boundsCheck).toEqual({ slot: { group: 0, binding: 9 }, sites: [{ what: 'load', loc: { file: 'k.tl', line: 3, column: 5 } }, { what: 'store' }] });
    expect(parseKernelManifest(axpy).boundsCheck).toBeUndefined();
  });

  it('rejects a slot another binding takes', () => {
    expect(() => parseKernelManifest(withBounds({ slot: { group: 0, binding: 0 }, sites: [] }))).toThrow('@group(0) @binding(0) is taken by another binding');
  });

  it('turns a record into an error at the site, and a clear record into nothing', () => {
    const m = parseKernelManifest(withBounds({ slot: { group: 0, binding: 9 }, sites: [{ what: 'store' }, { what: 'subview', loc: { file: 'k.tl', line: 4, column: 8 } }] }));
    expect(boundsViolation(m, new Uint32Array([0, 0, 0, 0, 0]))).toBeUndefined();
    const d = boundsViolation(m, new Uint32Array([2, 1, 3, 3, 2]))!;
    expect(renderDiagnostics([d])).toBe(
      `k.tl:4:8: error: out of bounds: the subview reaches index 3 of mode 1, whose size is 3 (in work-group 2 of '${m.kernel}'; WebGPU would have clamped the access and gone on)\n`,
    );
    // A negative index is written as its bits.
    expect(boundsViolation(m, new Uint32Array([1, 0, 0xffffffff, 8, 0]))!.message).toContain('reaches index -1 of mode 0, whose size is 8');
  });
});
