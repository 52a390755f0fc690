/**
 * Reads .npy files (numpy's format, versions 1.0, 2.0 and 3.0): the header's dtype, order and shape, then the
 * elements, into an NdArray that keeps the file's order (C or Fortran).
 */
import { dtypeByteSize, typedArrayView } from '../dtype.js';
import { elementCount, formatShape, type NdArray } from '../nd-array.js';
import { platformIsLittleEndian, swapByteOrder } from './byte-order.js';
import { parseNpyDescriptor } from './npy-dtype.js';
import { NpyError } from './npy-error.js';
import { parseNpyHeader } from './npy-header.js';

/** The six bytes every .npy file starts with. */
export const NPY_MAGIC: readonly number[] = [0x93, 0x4e, 0x55, 0x4d, 0x50, 0x59]; // \x93NUMPY

/**
 * The array a .npy file holds. `file` names it in errors. Throws an NpyError saying what is wrong with a file
 * that is not a .npy file, has a header tlir cannot read, an unsupported dtype, or too few or too many bytes.
 */
export function readNpy(bytes: Uint8Array, file = '<npy>'): NdArray {
  const fail = (detail: string): never => {
    throw new NpyError(file, detail);
  };
  if (bytes.length < 10 || NPY_MAGIC.some((b, i) => bytes[i] !== b)) fail('not a .npy file (it does not start with \\x93NUMPY)');
  const major = bytes[6]!;
  const minor = bytes[7]!;
  if (major < 1 || major > 3 || minor !== 0) fail(`unsupported .npy format version ${major}.${minor} (tlir reads 1.0, 2.0 and 3.0)`);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const lengthBytes = major === 1 ? 2 : 4;
  if (bytes.length < 8 + lengthBytes) fail('the file ends inside its header');
  const headerLength = major === 1 ? view.getUint16(8, true) : view.getUint32(8, true);
  const headerStart = 8 + lengthBytes;
  const dataStart = headerStart + headerLength;
  if (dataStart > bytes.length) fail(`the header says it has ${headerLength} bytes; the file ends before that`);
  const headerBytes = bytes.subarray(headerStart, dataStart);
  const headerText = new TextDecoder(major === 3 ? 'utf-8' : 'latin1').decode(headerBytes);
  const header = parseNpyHeader(headerText);
  if (typeof header === 'string') return fail(header);
  const descriptor = parseNpyDescriptor(header.descr);
  if (typeof descriptor === 'string') return fail(descriptor);

  const { dtype, bigEndian } = descriptor;
  const count = elementCount(header.shape);
  const width = dtypeByteSize(dtype);
  const dataLength = bytes.length - dataStart;
  if (dataLength !== count * width) {
    fail(
      `shape ${formatShape(header.shape)} of ${header.descr} needs ${count * width} bytes of data; the file has ${dataLength}`,
    );
  }
  // A copy: the elements must be aligned for a typed array, and the caller may reuse `bytes`.
  const copy = new Uint8Array(bytes.subarray(dataStart)); // (a Buffer's slice() would be a view)
  if (bigEndian === platformIsLittleEndian) swapByteOrder(copy, width);
  const data = typedArrayView(dtype, copy.buffer, 0, count);
  if (dtype === 'bool') for (let i = 0; i < count; i++) if (data[i] !== 0) data[i] = 1;
  return { dtype, shape: header.shape, order: header.fortranOrder ? 'F' : 'C', data };
}
