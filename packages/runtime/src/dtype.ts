/**
 * The element types of host arrays (the dtypes of .npy files that tlir reads and writes) and the typed arrays
 * that hold them.
 */

/** A host array's element type, named by kind and width: 'bool', 'i8' ... 'u64', 'f32', 'f64'. */
export type DType = 'bool' | 'i8' | 'i16' | 'i32' | 'i64' | 'u8' | 'u16' | 'u32' | 'u64' | 'f32' | 'f64';

/** The typed array that holds the elements of each dtype ('bool' is one byte per element, 0 or 1). */
export interface TypedArrayOfDType {
  bool: Uint8Array;
  i8: Int8Array;
  i16: Int16Array;
  i32: Int32Array;
  i64: BigInt64Array;
  u8: Uint8Array;
  u16: Uint16Array;
  u32: Uint32Array;
  u64: BigUint64Array;
  f32: Float32Array;
  f64: Float64Array;
}

/** Any of the typed arrays above. */
export type HostTypedArray = TypedArrayOfDType[DType];

/** The dtypes a typed array type can hold ('u8' or 'bool' for a Uint8Array). */
export type DTypeOfTypedArray<A> = A extends Float32Array
  ? 'f32'
  : A extends Float64Array
    ? 'f64'
    : A extends Int8Array
      ? 'i8'
      : A extends Int16Array
        ? 'i16'
        : A extends Int32Array
          ? 'i32'
          : A extends BigInt64Array
            ? 'i64'
            : A extends Uint8Array
              ? 'u8' | 'bool'
              : A extends Uint16Array
                ? 'u16'
                : A extends Uint32Array
                  ? 'u32'
                  : A extends BigUint64Array
                    ? 'u64'
                    : never;

interface DTypeInfo {
  readonly bytes: number;
  readonly create: (length: number) => HostTypedArray;
  readonly view: (buffer: ArrayBuffer, byteOffset: number, length: number) => HostTypedArray;
  /** The name numpy gives it, for messages. */
  readonly numpyName: string;
}

const infos: Readonly<Record<DType, DTypeInfo>> = {
  bool: { bytes: 1, create: (n) => new Uint8Array(n), view: (b, o, n) => new Uint8Array(b, o, n), numpyName: 'bool' },
  i8: { bytes: 1, create: (n) => new Int8Array(n), view: (b, o, n) => new Int8Array(b, o, n), numpyName: 'int8' },
  i16: { bytes: 2, create: (n) => new Int16Array(n), view: (b, o, n) => new Int16Array(b, o, n), numpyName: 'int16' },
  i32: { bytes: 4, create: (n) => new Int32Array(n), view: (b, o, n) => new Int32Array(b, o, n), numpyName: 'int32' },
  i64: { bytes: 8, create: (n) => new BigInt64Array(n), view: (b, o, n) => new BigInt64Array(b, o, n), numpyName: 'int64' },
  u8: { bytes: 1, create: (n) => new Uint8Array(n), view: (b, o, n) => new Uint8Array(b, o, n), numpyName: 'uint8' },
  u16: { bytes: 2, create: (n) => new Uint16Array(n), view: (b, o, n) => new Uint16Array(b, o, n), numpyName: 'uint16' },
  u32: { bytes: 4, create: (n) => new Uint32Array(n), view: (b, o, n) => new Uint32Array(b, o, n), numpyName: 'uint32' },
  u64: { bytes: 8, create: (n) => new BigUint64Array(n), view: (b, o, n) => new BigUint64Array(b, o, n), numpyName: 'uint64' },
  f32: { bytes: 4, create: (n) => new Float32Array(n), view: (b, o, n) => new Float32Array(b, o, n), numpyName: 'float32' },
  f64: { bytes: 8, create: (n) => new Float64Array(n), view: (b, o, n) => new Float64Array(b, o, n), numpyName: 'float64' },
};

/** Every dtype, in a fixed order. */
export const dtypes: readonly DType[] = Object.keys(infos) as DType[];

export function isDType(name: string): name is DType {
  return Object.prototype.hasOwnProperty.call(infos, name);
}

/** Bytes per element. */
export function dtypeByteSize(dtype: DType): number {
  return infos[dtype].bytes;
}

/** numpy's name of a dtype ('float32'), for messages. */
export function numpyName(dtype: DType): string {
  return infos[dtype].numpyName;
}

/** A zero-filled typed array of `length` elements of `dtype`. */
export function allocateTypedArray<D extends DType>(dtype: D, length: number): TypedArrayOfDType[D] {
  return infos[dtype].create(length) as TypedArrayOfDType[D];
}

/** A typed array of `dtype` over `length` elements of `buffer` from `byteOffset` (which must be aligned). */
export function typedArrayView<D extends DType>(
  dtype: D,
  buffer: ArrayBuffer,
  byteOffset: number,
  length: number,
): TypedArrayOfDType[D] {
  return infos[dtype].view(buffer, byteOffset, length) as TypedArrayOfDType[D];
}

/**
 * The dtype a typed array holds by default: its own kind ('u8' for a Uint8Array; booleans must be said
 * explicitly), undefined for anything else (a Float16Array, a DataView, a plain array).
 */
export function dtypeOfTypedArray(data: unknown): DType | undefined {
  if (data instanceof Float32Array) return 'f32';
  if (data instanceof Float64Array) return 'f64';
  if (data instanceof Int32Array) return 'i32';
  if (data instanceof Uint32Array) return 'u32';
  if (data instanceof Int16Array) return 'i16';
  if (data instanceof Uint16Array) return 'u16';
  if (data instanceof Int8Array) return 'i8';
  if (data instanceof Uint8Array) return 'u8';
  if (data instanceof BigInt64Array) return 'i64';
  if (data instanceof BigUint64Array) return 'u64';
  return undefined;
}

/** Whether `data` is the typed array that holds `dtype` ('bool' and 'u8' share Uint8Array). */
export function typedArrayHoldsDType(data: unknown, dtype: DType): boolean {
  const own = dtypeOfTypedArray(data);
  return own === dtype || (dtype === 'bool' && own === 'u8');
}
