/**
 * Writes .npy files: version 1.0 (2.0 when the header would not fit), little-endian elements, the array's own
 * order recorded as fortran_order, the header padded so the data starts at a multiple of 64 bytes, as numpy does.
 */
import { dtypeByteSize, isDType, typedArrayHoldsDType } from '../dtype.js';
import { elementCount, formatShape, type NdArray } from '../nd-array.js';
import { platformIsLittleEndian, swapByteOrder } from './byte-order.js';
import { npyDescriptorOf } from './npy-dtype.js';
import { NpyError } from './npy-error.js';
import { formatNpyHeader } from './npy-header.js';
import { NPY_MAGIC } from './npy-read.js';

/** The bytes of a .npy file holding `array`. `file` names it in errors (an array whose parts disagree). */
export function writeNpy(array: NdArray, file = '<npy>'): Uint8Array {
  if (!isDType(array.dtype)) throw new NpyError(file, `unknown dtype '${String(array.dtype)}'`);
  if (!typedArrayHoldsDType(array.data, array.dtype)) {
    throw new NpyError(file, `the array's data is a ${array.data.constructor.name}, not ${array.dtype} elements`);
  }
  const count = elementCount(array.shape);
  if (array.data.length !== count) {
    throw new NpyError(file, `shape ${formatShape(array.shape)} has ${count} elements; the array's data has ${array.data.length}`);
  }
  const header = formatNpyHeader({
    descr: npyDescriptorOf(array.dtype),
    fortranOrder: array.order === 'F',
    shape: array.shape,
  });
  const headerBytes = new TextEncoder().encode(header); // ASCII: descriptors, digits and punctuation only
  const version = headerBytes.length + 1 + 10 <= 0xffff ? 1 : 2;
  const prefix = version === 1 ? 10 : 12;
  const padded = Math.ceil((prefix + headerBytes.length + 1) / 64) * 64 - prefix; // header + spaces + '\n'
  const width = dtypeByteSize(array.dtype);
  const out = new Uint8Array(prefix + padded + count * width);
  out.set(NPY_MAGIC, 0);
  out[6] = version;
  out[7] = 0;
  const view = new DataView(out.buffer);
  if (version === 1) view.setUint16(8, padded, true);
  else view.setUint32(8, padded, true);
  out.set(headerBytes, prefix);
  out.fill(0x20, prefix + headerBytes.length, prefix + padded - 1);
  out[prefix + padded - 1] = 0x0a;
  const data = out.subarray(prefix + padded);
  data.set(new Uint8Array(array.data.buffer, array.data.byteOffset, count * width));
  if (array.dtype === 'bool') for (let i = 0; i < count; i++) if (data[i] !== 0) data[i] = 1;
  if (!platformIsLittleEndian) swapByteOrder(data, width);
  return out;
}
