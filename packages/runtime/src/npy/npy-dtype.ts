/**
 * The dtype descriptors of the .npy format ('<f4', '|b1', ...) that tlir reads and writes: booleans, signed and
 * unsigned integers of 8 to 64 bits, f32 and f64, in either byte order when reading (big-endian data is
 * swapped), little-endian when writing.
 */
import type { DType } from '../dtype.js';

const byKindAndSize: ReadonlyMap<string, DType> = new Map([
  ['b1', 'bool'],
  ['i1', 'i8'],
  ['i2', 'i16'],
  ['i4', 'i32'],
  ['i8', 'i64'],
  ['u1', 'u8'],
  ['u2', 'u16'],
  ['u4', 'u32'],
  ['u8', 'u64'],
  ['f4', 'f32'],
  ['f8', 'f64'],
]);

export interface NpyDescriptor {
  readonly dtype: DType;
  readonly bigEndian: boolean;
}

/** The descriptor of a .npy header's 'descr' value, or a message saying why tlir cannot read it. */
export function parseNpyDescriptor(descr: string): NpyDescriptor | string {
  const match = /^([<>|=]?)([a-zA-Z])(\d*)$/.exec(descr);
  if (!match) return `unsupported dtype '${descr}'`;
  const [, byteOrder = '', kind = '', size = ''] = match;
  const dtype = byKindAndSize.get(kind + size);
  if (dtype === undefined) {
    const what = kind === 'f' && size === '2' ? 'float16' : kind === 'c' ? 'complex numbers' : kind === 'O' ? 'Python objects' : kind === 'U' || kind === 'S' ? 'strings' : `'${descr}'`;
    return `unsupported dtype '${descr}' (${what}); tlir reads bool, int8..int64, uint8..uint64, float32 and float64`;
  }
  return { dtype, bigEndian: byteOrder === '>' && size !== '1' };
}

/** The little-endian descriptor numpy writes for a dtype. */
export function npyDescriptorOf(dtype: DType): string {
  for (const [kindAndSize, d] of byKindAndSize) {
    if (d === dtype) return (kindAndSize.endsWith('1') ? '|' : '<') + kindAndSize;
  }
  throw new Error(`no .npy descriptor for ${dtype}`);
}
