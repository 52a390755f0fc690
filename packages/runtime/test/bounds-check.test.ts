// --bounds-check's (and --loop-check's) contract in the manifest (parsed and checked like the rest) and the error a record turns into.
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

  it("takes loop sites (kind 'loop') and rejects other kinds", () => {
    const m = parseKernelManifest(withBounds({ slot: { group: 0, binding: 9 }, sites: [{ what: 'scf.for loop', loc: { file: 'k.tl', line: 5, column: 3 }, kind: 'loop' }, { what: 'scf.while loop', kind: 'loop' }] }));
    expect(m.boundsCheck!.sites).toEqual([{ what: 'scf.for loop', loc: { file: 'k.tl', line: 5, column: 3 }, kind: 'loop' }, { what: 'scf.while loop', kind: 'loop' }]);
    expect(() => parseKernelManifest(withBounds({ slot: { group: 0, binding: 9 }, sites: [{ what: 'load', kind: 'access' }] }))).toThrow(
      `boundsCheck.sites[0].kind: expected one of 'loop', got "access"`,
    );
  });

  it('turns a loop record into an error saying the adapter ended the loop', () => {
    const m = parseKernelManifest(withBounds({ slot: { group: 0, binding: 9 }, sites: [{ what: 'scf.for loop', loc: { file: 'k.tl', line: 5, column: 3 }, kind: 'loop' }, { what: 'scf.while loop', kind: 'loop' }] }));
    expect(renderDiagnostics([boundsViolation(m, new Uint32Array([1, 0, 65535, 70000, 3]))!])).toBe(
      `k.tl:5:3: error: the adapter ended this scf.for loop early, at 65535 of 70000 (in work-group 3 of '${m.kernel}'): its driver ends a work-item's loops ` +
        "after a fixed number of iterations (Mesa's llvmpipe: 65,535 in all), so the results are wrong; run the kernel on SwiftShader (TLIR_WEBGPU_ADAPTER=swiftshader) or a GPU\n",
    );
    // A loop without a count (a while loop) says no position.
    expect(boundsViolation(m, new Uint32Array([2, 0, 0, 0, 0]))!.message).toMatch(/^the adapter ended this scf.while loop early \(in work-group 0/);
  });
});
