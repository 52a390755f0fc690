// krnl.getref, krnl.dim, krnl.shape and krnl.vector_type_cast on memref views.
import { DYNAMIC, IndexType, IntegerType, MemRefType, type Operation, type Type, packedStrides } from '@tlir/ir';
import { Memory, MemrefView, fault, integerFormat, storageFor, wrapInteger, type ExecutionContext, type RuntimeValue } from '@tlir/interpreter';

/** The sizes of a memref of `type`, its dynamic ones from `dynamic`. */
function sizesOf(type: MemRefType, dynamic: readonly RuntimeValue[]): number[] {
  let next = 0;
  return type.shape.map((s) => (s === DYNAMIC ? (dynamic[next++] as number) : s));
}

/** The strides of a memref of `type` with `sizes`: row-major for the identity layout, else the layout's (static). */
function stridesOf(op: Operation, type: MemRefType, sizes: readonly number[]): { strides: number[]; offset: number } {
  const layout = type.explicitLayout();
  if (!layout) return { strides: packedStrides(sizes, 'row-major'), offset: 0 };
  if (layout.strides.includes(DYNAMIC) || layout.offset === DYNAMIC) fault(`${op.name}: a result layout with dynamic strides or offset ('${type}') says nothing of where the elements are`);
  return { strides: [...layout.strides], offset: layout.offset };
}

/** The bytes an element of `type` takes in its memory, when memory of it can be viewed as bytes (undefined otherwise). */
function bytesPerElement(type: Type): number | undefined {
  const Storage = storageFor(type);
  if (!Storage || type instanceof IndexType) return undefined;
  const bits = type instanceof IntegerType ? type.width : (type as { width?: number }).width;
  const bytes = new Storage(0).BYTES_PER_ELEMENT;
  return bits !== undefined && bits === bytes * 8 ? bytes : undefined;
}

/**
 * krnl.getref: a memref of the result type whose first element is `offset` elements of the pool after the pool's
 * first one. Its memory aliases the pool's (a result with the identity layout starts at offset 0 of its memory, so
 * the memory is the pool's from there on; reads through it are not checked for elements never written). A result
 * of another element type than the pool's views the pool's bytes (onnx-mlir's pools are i8): that needs element
 * types whose values the interpreter keeps as their bytes (i8 ... i64, f32, f64) and an aligned offset.
 */
export function getRef(op: Operation, [p, offset, ...dynamic]: readonly RuntimeValue[]): RuntimeValue[] {
  const pool = p as MemrefView;
  const type = op.results[0]!.type as MemRefType;
  const sizes = sizesOf(type, dynamic);
  const { strides, offset: layoutOffset } = stridesOf(op, type, sizes);
  const start = pool.offset + Number(offset as number | bigint);
  const elements = sizes.includes(0) ? 0 : 1 + sizes.reduce((a, n, k) => a + (n - 1) * strides[k]!, 0) + layoutOffset;
  pool.memory.checkLive();
  const storage = pool.memory.data;
  const label = `${pool.memory.label} from element ${start}`;
  if (type.elementType === pool.elementType) {
    if (start < 0 || start + elements > storage.length) fault(`${op.name}: ${elements} elements from element ${start} do not fit in ${pool.memory.label} (${storage.length} elements)`);
    return [new MemrefView(Memory.wrap(type.elementType, storage.subarray(start), label), layoutOffset, sizes, strides)];
  }
  const from = bytesPerElement(pool.elementType);
  const to = bytesPerElement(type.elementType);
  if (from === undefined || to === undefined) {
    fault(`${op.name}: the interpreter cannot view memory of ${pool.elementType} as ${type.elementType} (only integers of 8 to 64 bits, f32 and f64 are kept as their bytes)`);
  }
  const byteOffset = storage.byteOffset + start * from;
  if (start < 0 || byteOffset % to !== 0) fault(`${op.name}: byte offset ${start * from} is not aligned for ${type.elementType} elements (${to} bytes)`);
  const length = Math.floor((storage.byteOffset + storage.byteLength - byteOffset) / to);
  if (elements > length) fault(`${op.name}: ${elements} elements of ${type.elementType} from byte ${start * from} do not fit in ${pool.memory.label}`);
  const Storage = storageFor(type.elementType) as unknown as new (buffer: ArrayBufferLike, byteOffset: number, length: number) => Memory['data'];
  return [new MemrefView(Memory.wrap(type.elementType, new Storage(storage.buffer, byteOffset, length), `${label} as ${type.elementType}`), layoutOffset, sizes, strides)];
}

/** krnl.dim: the size of a dimension. */
export function dim(op: Operation, [m, index]: readonly RuntimeValue[]): RuntimeValue[] {
  const view = m as MemrefView;
  const i = index as number;
  if (!(i >= 0 && i < view.rank)) fault(`${op.name}: dimension ${i} of a memref of rank ${view.rank}`);
  return [view.sizes[i]!];
}

/** krnl.shape: new memory holding the sizes (integers of the result's element type). */
export function shape(op: Operation, [m]: readonly RuntimeValue[], ctx: ExecutionContext): RuntimeValue[] {
  const view = m as MemrefView;
  const type = op.results[0]!.type as MemRefType;
  const format = integerFormat(type.elementType)!;
  const memory = ctx.allocate(type.elementType, view.rank, 'program');
  view.sizes.forEach((s, i) => memory.store(i, wrapInteger(format, s)));
  return [MemrefView.packed(memory, [view.rank], 'row-major')];
}
