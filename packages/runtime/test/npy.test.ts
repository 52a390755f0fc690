// .npy reading and writing: files numpy wrote (npy-files/, made by generate.py), byte-for-byte agreement of
// the writer with numpy, round trips of every dtype in both orders, and the errors of files tlir cannot read.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { allocateTypedArray, dtypes, getElement, ndarray, NpyError, readNpy, writeNpy, type DType, type NdArray } from '@tlir/runtime';
import { readNpyFile, writeNpyFile } from '@tlir/runtime/node';
import './support/property-settings.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const fixture = (name: string): string => path.join(here, 'npy-files', name);
const read = (name: string): NdArray => readNpyFile(fixture(name));

describe('reading files numpy wrote', () => {
  it('f32, C order: element (i, j) is data[3i + j]', () => {
    const a = read('f32-c-2x3.npy');
    expect(a).toMatchObject({ dtype: 'f32', shape: [2, 3], order: 'C' });
    expect([...a.data]).toEqual([0, 0.25, 0.5, 0.75, 1, 1.25]);
    expect(getElement(a, [1, 0])).toBe(0.75);
  });

  it('f64, Fortran order: element (i, j) is data[i + 3j]', () => {
    const a = read('f64-f-3x2.npy');
    expect(a).toMatchObject({ dtype: 'f64', shape: [3, 2], order: 'F' });
    expect(getElement(a, [1, 1])).toBe(4e300);
    expect(getElement(a, [2, 1])).toBe(Infinity);
    expect(Object.is(getElement(a, [2, 0]), -0)).toBe(true);
    expect(getElement(a, [0, 1])).toBe(-2);
  });

  it('bool, i8, i16 (Fortran), i64, u8 (empty), u16 (0-d), u32, u64', () => {
    expect(read('bool-4.npy')).toMatchObject({ dtype: 'bool', shape: [4], data: new Uint8Array([1, 0, 0, 1]) });
    expect(read('i8-3.npy')).toMatchObject({ dtype: 'i8', data: new Int8Array([-128, 0, 127]) });
    const i16 = read('i16-f-2x2.npy');
    expect(i16).toMatchObject({ dtype: 'i16', order: 'F' });
    expect(getElement(i16, [1, 1])).toBe(-32768);
    expect(getElement(i16, [0, 1])).toBe(2);
    expect([...read('i64-2x2.npy').data]).toEqual([-(2n ** 62n), 1n, 2n ** 40n, -1n]);
    expect(read('u8-empty-0x3.npy')).toMatchObject({ dtype: 'u8', shape: [0, 3], data: new Uint8Array(0) });
    expect(read('u16-scalar.npy')).toMatchObject({ dtype: 'u16', shape: [], data: new Uint16Array([65535]) });
    const u32 = read('u32-1x2x3.npy');
    expect(u32.shape).toEqual([1, 2, 3]);
    expect(getElement(u32, [0, 1, 2])).toBe(3500000000);
    expect([...read('u64-2.npy').data]).toEqual([2n ** 64n - 1n, 5n]);
  });

  it('big-endian data is swapped', () => {
    expect(read('i32-big-endian-3.npy')).toMatchObject({ dtype: 'i32', data: new Int32Array([1, -2, 70000]) });
  });

  it('version 2.0 headers', () => {
    expect(read('f32-v2-2x2.npy')).toMatchObject({ dtype: 'f32', shape: [2, 2], data: new Float32Array([1, 2, 3, 4]) });
  });
});

describe('writing', () => {
  // The same arrays as the files numpy wrote, built here; numpy's bytes are the reference.
  const cases: [string, NdArray][] = [
    ['f32-c-2x3.npy', ndarray(new Float32Array([0, 0.25, 0.5, 0.75, 1, 1.25]), [2, 3], { order: 'C' })],
    ['f64-f-3x2.npy', ndarray(new Float64Array([1.5, 3, -0, -2, 4e300, Infinity]), [3, 2], { order: 'F' })],
    ['bool-4.npy', ndarray(new Uint8Array([1, 0, 0, 1]), [4], { dtype: 'bool', order: 'C' })],
    ['i8-3.npy', ndarray(new Int8Array([-128, 0, 127]), [3], { order: 'C' })],
    ['u16-scalar.npy', ndarray(new Uint16Array([65535]), [], { order: 'C' })],
    ['u8-empty-0x3.npy', ndarray(new Uint8Array(0), [0, 3], { order: 'C' })],
    ['u64-2.npy', ndarray(new BigUint64Array([2n ** 64n - 1n, 5n]), [2], { order: 'C' })],
    ['i16-f-2x2.npy', ndarray(new Int16Array([1, 3, 2, -32768]), [2, 2], { order: 'F' })],
  ];
  for (const [name, array] of cases) {
    it(`writes the bytes numpy wrote for ${name}`, () => {
      expect(Buffer.from(writeNpy(array))).toEqual(fs.readFileSync(fixture(name)));
    });
  }

  it('pads the header so the data starts at a multiple of 64 bytes, ending it with a newline', () => {
    for (const shape of [[], [1], [7, 300000], [1, 2, 3, 4, 5, 6, 7, 8]]) {
      const bytes = writeNpy(ndarray(new Float32Array(shape.reduce((a, b) => a * b, 1)), shape));
      const headerLength = bytes[8]! | (bytes[9]! << 8);
      expect((10 + headerLength) % 64).toBe(0);
      expect(bytes[10 + headerLength - 1]).toBe(0x0a);
    }
  });

  it('writes version 2.0 when the header does not fit 65535 bytes, and reads it back', () => {
    const shape = new Array<number>(30000).fill(1);
    const bytes = writeNpy(ndarray(new Int32Array([42]), shape));
    expect([bytes[6], bytes[7]]).toEqual([2, 0]);
    const back = readNpy(bytes);
    expect(back.shape).toEqual(shape);
    expect([...back.data]).toEqual([42]);
  });

  it('writes files to disk and reads them back', () => {
    const dir = fs.mkdtempSync(path.join(here, '..', 'node_modules', '.npy-test-'));
    try {
      const file = path.join(dir, 'a.npy');
      writeNpyFile(file, ndarray(new Float32Array([1, 2, 3, 4, 5, 6]), [3, 2]));
      expect(readNpyFile(file)).toMatchObject({ dtype: 'f32', shape: [3, 2], order: 'F', data: new Float32Array([1, 2, 3, 4, 5, 6]) });
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

/** Random values of every dtype, in their typed array. */
function arrayOf(dtype: DType, count: number): fc.Arbitrary<NdArray['data']> {
  const fill = <T>(values: fc.Arbitrary<T>): fc.Arbitrary<NdArray['data']> =>
    fc.array(values, { minLength: count, maxLength: count }).map((items) => {
      const data = allocateTypedArray(dtype, count) as unknown as { [i: number]: T };
      items.forEach((v, i) => (data[i] = v));
      return data as unknown as NdArray['data'];
    });
  switch (dtype) {
    case 'bool':
      return fill(fc.integer({ min: 0, max: 1 }));
    case 'i64':
      return fill(fc.bigInt({ min: -(2n ** 63n), max: 2n ** 63n - 1n }));
    case 'u64':
      return fill(fc.bigInt({ min: 0n, max: 2n ** 64n - 1n }));
    case 'f32':
      return fill(fc.float({ noDefaultInfinity: false }));
    case 'f64':
      return fill(fc.double());
    default:
      return fill(fc.integer({ min: -(2 ** 31), max: 2 ** 32 - 1 })); // the typed array wraps it to its type
  }
}

describe('round trips', () => {
  it('every dtype, shape and order reads back as written', () => {
    const arrays = fc
      .record({
        dtype: fc.constantFrom(...dtypes),
        shape: fc.array(fc.integer({ min: 0, max: 4 }), { maxLength: 4 }),
        order: fc.constantFrom('C' as const, 'F' as const),
      })
      .chain(({ dtype, shape, order }) =>
        arrayOf(dtype, shape.reduce((a, b) => a * b, 1)).map((data) => ndarray(data, shape, { dtype, order })),
      );
    fc.assert(
      fc.property(arrays, (array) => {
        const back = readNpy(writeNpy(array));
        expect(back.dtype).toBe(array.dtype);
        expect(back.shape).toEqual(array.shape);
        expect(back.order).toBe(array.shape.length === 0 ? back.order : array.order);
        expect(Buffer.from(back.data.buffer, back.data.byteOffset, back.data.byteLength)).toEqual(
          Buffer.from(array.data.buffer, array.data.byteOffset, array.data.byteLength),
        );
      }),
    );
  });
});

describe('errors', () => {
  const error = (bytes: Uint8Array): string => {
    try {
      readNpy(bytes, 'in.npy');
    } catch (e) {
      expect(e).toBeInstanceOf(NpyError);
      return (e as Error).message;
    }
    throw new Error('expected an NpyError');
  };
  const valid = fs.readFileSync(fixture('f32-c-2x3.npy'));
  const withHeader = (header: string): Uint8Array => {
    const text = new TextEncoder().encode(header + '\n');
    const bytes = new Uint8Array(10 + text.length);
    bytes.set(valid.subarray(0, 8));
    bytes[8] = text.length & 0xff;
    bytes[9] = text.length >> 8;
    bytes.set(text, 10);
    return bytes;
  };

  it('not a .npy file', () => {
    expect(error(new TextEncoder().encode('hello, world'))).toBe('in.npy: error: not a .npy file (it does not start with \\x93NUMPY)');
  });
  it('an unknown version', () => {
    const bytes = Uint8Array.from(valid);
    bytes[6] = 4;
    expect(error(bytes)).toBe('in.npy: error: unsupported .npy format version 4.0 (tlir reads 1.0, 2.0 and 3.0)');
  });
  it('too little or too much data', () => {
    expect(error(valid.subarray(0, valid.length - 4))).toBe('in.npy: error: shape 2x3 of <f4 needs 24 bytes of data; the file has 20');
    expect(error(Buffer.concat([valid, Buffer.alloc(4)]))).toBe('in.npy: error: shape 2x3 of <f4 needs 24 bytes of data; the file has 28');
  });
  it('a file cut inside its header', () => {
    expect(error(valid.subarray(0, 40))).toBe('in.npy: error: the header says it has 118 bytes; the file ends before that');
  });
  it('malformed headers', () => {
    expect(error(withHeader("{'descr': '<f4', 'fortran_order': False, 'shape': (2, 3), "))).toMatch(/malformed header .*: unexpected end of header/);
    expect(error(withHeader("{'descr': '<f4', 'fortran_order': False}"))).toBe(
      "in.npy: error: the header must have the keys 'descr', 'fortran_order' and 'shape', not 'descr', 'fortran_order'",
    );
    expect(error(withHeader("{'descr': '<f4', 'fortran_order': 0, 'shape': (2,)}"))).toBe("in.npy: error: 'fortran_order' must be True or False");
    expect(error(withHeader("{'descr': '<f4', 'fortran_order': False, 'shape': (2, -3)}"))).toBe(
      "in.npy: error: 'shape' must be a tuple of non-negative integers, not (2, -3)",
    );
    expect(error(withHeader('[1, 2]'))).toMatch(/the header is not a dictionary/);
  });
  it('dtypes tlir does not read', () => {
    expect(() => read('c64-2.npy')).toThrow("c64-2.npy: error: unsupported dtype '<c8' (complex numbers); tlir reads bool, int8..int64, uint8..uint64, float32 and float64");
    expect(() => read('object-1.npy')).toThrow("unsupported dtype '|O' (Python objects)");
    expect(() => read('f16-2.npy')).toThrow("unsupported dtype '<f2' (float16)");
    expect(() => read('structured-2.npy')).toThrow('structured dtypes (a list as descr) are not supported');
  });
  it('a missing file', () => {
    expect(() => readNpyFile(fixture('no-such-file.npy'))).toThrow(/no-such-file\.npy: error: cannot read the file: ENOENT/);
  });
  it('writing an array whose parts disagree', () => {
    const bad = { dtype: 'f32', shape: [2, 2], order: 'C', data: new Float32Array(3) } as const;
    expect(() => writeNpy(bad, 'out.npy')).toThrow('out.npy: error: shape 2x2 has 4 elements; the array\'s data has 3');
    const wrongType = { dtype: 'f32', shape: [2], order: 'C', data: new Int32Array(2) } as unknown as NdArray;
    expect(() => writeNpy(wrongType, 'out.npy')).toThrow("out.npy: error: the array's data is a Int32Array, not f32 elements");
  });
});
