// Checking a launch's arguments against the kernel's signature, without a device: every kind of mistake is
// reported (all of them at once, at the argument's declaration when the manifest says where it is), and the
// dynamic sizes, strides and offsets are taken from the arrays given.
import { describe, expect, it } from 'vitest';
import { bindArguments, GpuRuntimeError, ndarray, parseKernelManifest, zeros, type KernelArguments } from '@tlir/runtime';
import { kernelText } from './support/kernel-files.js';

const axpy = parseKernelManifest(kernelText('axpy.manifest.json'));
const group = parseKernelManifest(kernelText('scale-group.manifest.json'));
const scalars = parseKernelManifest(kernelText('scalars.manifest.json'));

function bindError(manifest: typeof axpy, args: KernelArguments, groups?: number): string {
  try {
    bindArguments(manifest, args, groups);
  } catch (error) {
    expect(error).toBeInstanceOf(GpuRuntimeError);
    expect((error as GpuRuntimeError).kind).toBe('arguments');
    return (error as Error).message;
  }
  throw new Error('expected the arguments to be rejected');
}

const f32 = (n: number) => zeros('f32', [n]);

describe('binding', () => {
  it('takes dynamic sizes from the arrays and keeps static strides', () => {
    const bound = bindArguments(axpy, { alpha: 2, x: f32(10), y: f32(10) }, 1);
    const x = bound.byName.get('x');
    expect(x).toMatchObject({ kind: 'memref', layout: { sizes: [10], strides: [2], offset: 0, extent: 19 }, bufferElements: 19 });
    expect(bound.byName.get('alpha')).toMatchObject({ kind: 'scalar', value: 2 });
    expect(bound.groups).toBe(1);
  });

  it('chooses packed column-major strides for dynamic ones', () => {
    const bound = bindArguments(group, { A: zeros('f32', [5, 3, 4]), B: zeros('f32', [5, 3, 4]) });
    expect(bound.groups).toBe(4);
    expect(bound.byName.get('B')).toMatchObject({ layout: { sizes: [5, 3, 4], strides: [1, 5, 15], offset: 0, extent: 60 } });
    // Members of 5x3 with the group's offset of 2: 17 elements each, one after the other.
    expect(bound.byName.get('A')).toMatchObject({ kind: 'group', members: 4, memberStride: 17, bufferElements: 68, layout: { strides: [1, 5], offset: 2 } });
  });

  it('accepts a group as a list of member arrays', () => {
    const members = [zeros('f32', [2, 3]), zeros('f32', [2, 3], 'C')];
    const bound = bindArguments(group, { A: members, B: zeros('f32', [2, 3, 2]) });
    expect(bound.byName.get('A')).toMatchObject({ members: 2, memberStride: 8, pieces: [{ base: 0 }, { base: 8 }] });
  });

  it('i1 scalars take booleans or 0 and 1', () => {
    const args = { value: 1, bias: -3, src: zeros('i8', [4]), out: zeros('i32', [4]), back: zeros('i8', [4]), mask: zeros('bool', [4]) };
    expect(bindArguments(scalars, { ...args, flag: true }, 1).byName.get('flag')).toMatchObject({ value: 1 });
    expect(bindArguments(scalars, { ...args, flag: 0 }, 1).byName.get('flag')).toMatchObject({ value: 0 });
  });
});

describe('errors', () => {
  it('a missing argument, located at its declaration', () => {
    expect(bindError(axpy, { alpha: 1, x: f32(4) }, 1)).toBe("axpy.tl:2:55: error: missing argument 'y' (memref<f32x?>)");
  });

  it('an extra argument names the signature', () => {
    expect(bindError(axpy, { alpha: 1, x: f32(4), y: f32(4), z: 3 }, 1)).toBe(
      "error: unexpected argument 'z': the kernel is axpy(alpha: f32, x: memref<f32x?,strided<2>>, y: memref<f32x?>)",
    );
  });

  it('wrong kinds of values', () => {
    const message = bindError(axpy, { alpha: f32(1), x: 3, y: [f32(2)] }, 1);
    expect(message).toContain("axpy.tl:2:12: error: argument 'alpha' (f32): expected a number, got an array of shape 1");
    expect(message).toContain("axpy.tl:2:25: error: argument 'x' (memref<f32x?,strided<2>>): expected an array, got the number 3");
    expect(message).toContain("axpy.tl:2:55: error: argument 'y' (memref<f32x?>): expected an array, got a list of 1 values");
  });

  it('a wrong element type', () => {
    expect(bindError(axpy, { alpha: 1, x: zeros('f64', [4]), y: f32(4) }, 1)).toBe(
      "axpy.tl:2:25: error: argument 'x' (memref<f32x?,strided<2>>): expected float32 elements, got float64",
    );
  });

  it('a wrong rank', () => {
    expect(bindError(axpy, { alpha: 1, x: zeros('f32', [2, 2]), y: f32(4) }, 1)).toBe(
      "axpy.tl:2:25: error: argument 'x' (memref<f32x?,strided<2>>): expected 1 dimension (shape ?), got an array of shape 2x2",
    );
  });

  it('a static size that does not match', () => {
    expect(bindError(group, { A: zeros('f32', [4, 2, 1]), B: zeros('f32', [4, 3, 1]) })).toBe(
      "scale-group.tl:2:19: error: argument 'A' (group<memref<f32x?x3>, offset: 2>): the shape 4x2 does not fit ?x3: dimension 1 is 3, not 2",
    );
  });

  it('scalars out of range or not integers', () => {
    const args = { src: zeros('i8', [4]), out: zeros('i32', [4]), back: zeros('i8', [4]), mask: zeros('bool', [4]) };
    const message = bindError(scalars, { ...args, value: 1.5, flag: 2, bias: 128 }, 1);
    expect(message).toContain("error: argument 'value' (i32): 1.5 is not an integer");
    expect(message).toContain("error: argument 'flag' (i1): 2 is out of range for i1 (0 to 1)");
    expect(message).toContain("error: argument 'bias' (i8): 128 is out of range for i8 (-128 to 127)");
    expect(bindError(scalars, { ...args, value: true, flag: 1, bias: 0 }, 1)).toContain("argument 'value' (i32): expected a number, got the boolean true");
    expect(bindError(scalars, { ...args, value: 2 ** 31, flag: 1, bias: 0 }, 1)).toContain('2147483648 is out of range for i32');
  });

  it('a group with a member count other than the group count', () => {
    expect(bindError(group, { A: zeros('f32', [4, 3, 2]), B: zeros('f32', [4, 3, 2]) }, 3)).toBe(
      "scale-group.tl:2:19: error: argument 'A' (group<memref<f32x?x3>, offset: 2>): has 2 members; a group has one per work-group (3)",
    );
  });

  it('a group array without its trailing mode', () => {
    expect(bindError(group, { A: zeros('f32', [4, 3]), B: zeros('f32', [4, 3, 2]) })).toContain(
      "argument 'A' (group<memref<f32x?x3>, offset: 2>): expected 3 dimensions (shape ?x3xN (N members)), got an array of shape 4x3",
    );
  });

  it('group members of different shapes', () => {
    expect(bindError(group, { A: [zeros('f32', [4, 3]), zeros('f32', [5, 3])], B: zeros('f32', [4, 3, 2]) })).toContain(
      'members must have one shape: member 0 is 4x3, member 1 is 5x3',
    );
  });

  it('no group count and no group argument to take it from', () => {
    expect(bindError(axpy, { alpha: 1, x: f32(4), y: f32(4) })).toBe(
      'error: the launch needs a group count: axpy(alpha: f32, x: memref<f32x?,strided<2>>, y: memref<f32x?>) has no group argument to take it from',
    );
    expect(bindError(axpy, { alpha: 1, x: f32(4), y: f32(4) }, -1)).toBe('error: the group count must be a non-negative integer, got -1');
  });

  it('a layout whose elements would overlap', () => {
    const x = { ...axpy.arguments[1]!, shape: [null, 2], strides: [2, 3] } as (typeof axpy.arguments)[number];
    const overlapping = { ...axpy, arguments: [axpy.arguments[0]!, x, axpy.arguments[2]!] };
    expect(bindError(overlapping, { alpha: 1, x: zeros('f32', [3, 2]), y: f32(4) }, 1)).toContain(
      "argument 'x' (memref<f32x?x2,strided<2,3>>): its layout makes elements share places for shape 3x2: dimension 1's stride 3 is less than the 5 elements that dimension 0 (size 3, stride 2) spans",
    );
  });

  it('not an object of arguments', () => {
    expect(() => bindArguments(axpy, null as unknown as KernelArguments, 1)).toThrow(/must be an object of values by name/);
  });
});

describe('arrays', () => {
  it('ndarray checks its data against its shape', () => {
    expect(() => ndarray(new Float32Array(5), [2, 3])).toThrow('ndarray: shape 2x3 has 6 elements, the data 5');
    expect(() => ndarray(new Float32Array(6), [2, -3])).toThrow('ndarray: shape [2, -3] is not a list of non-negative integers');
    expect(() => ndarray(new Float32Array(2) as unknown as Int32Array, [2], { dtype: 'i32' })).toThrow('ndarray: a Float32Array cannot hold int32 elements');
  });
});
