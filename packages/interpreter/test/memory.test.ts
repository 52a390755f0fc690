// Memory (typed-array storage, lifetime, initialization) and strided views (addresses, bounds).
import { describe, expect, it } from 'vitest';
import { Context, DYNAMIC, FloatType, IndexType, IntegerType, packedStrides } from '@tlir/ir';
import { Memory, MemrefView, RuntimeFault, storageFor } from '../src/index.js';

const ctx = new Context();
const f32 = FloatType.get(ctx, 'f32');
const i64 = IntegerType.get(ctx, 64);

describe('Memory', () => {
  it('stores each type in the typed array that holds it exactly', () => {
    expect(storageFor(IntegerType.get(ctx, 1))).toBe(Uint8Array);
    expect(storageFor(IntegerType.get(ctx, 8))).toBe(Int8Array);
    expect(storageFor(IntegerType.get(ctx, 16, 'unsigned'))).toBe(Uint16Array);
    expect(storageFor(IntegerType.get(ctx, 32))).toBe(Int32Array);
    expect(storageFor(i64)).toBe(BigInt64Array);
    expect(storageFor(IndexType.get(ctx))).toBe(Float64Array);
    expect(storageFor(f32)).toBe(Float32Array);
    expect(storageFor(FloatType.get(ctx, 'f16'))).toBe(Float32Array);
    expect(storageFor(FloatType.get(ctx, 'f64'))).toBe(Float64Array);
    expect(storageFor(IntegerType.get(ctx, 128))).toBeUndefined();
    expect(() => Memory.allocate(IntegerType.get(ctx, 128), 4)).toThrow('cannot store elements of type i128');
  });

  it('wraps the host array without copying', () => {
    const data = new Float32Array([1, 2, 3]);
    const m = Memory.wrap(f32, data, 'argument #0');
    m.store(1, 7);
    expect(data[1]).toBe(7);
    expect(() => Memory.wrap(f32, new Float64Array(3), 'A')).toThrow('A: elements of f32 are held in a Float32Array, got a Float64Array');
  });

  it('fills new float memory with NaN and integer memory with zeros', () => {
    expect(Number.isNaN(Memory.allocate(f32, 2).load(1))).toBe(true);
    expect(Memory.allocate(i64, 2).load(1)).toBe(0n);
    expect(Memory.fromValues(i64, [1, 2n]).toArray()).toEqual([1n, 2n]);
  });

  it('clones with the contents and what was written, independent of the original', () => {
    const m = Memory.allocate(f32, 3, { label: 'work', trackInitialization: true });
    m.store(1, 2.5);
    const c = m.clone('copy');
    m.store(1, 7);
    expect(c.load(1)).toBe(2.5);
    expect(() => c.load(0)).toThrow('load of element 0 of copy, which was never written');
    const v = new MemrefView(m, 1, [2], [1]);
    expect(v.withMemory(c).load([0])).toBe(2.5);
    expect(() => v.withMemory(Memory.allocate(f32, 2))).toThrow('withMemory needs a memory of 3 elements of f32');
  });

  it('checks bounds, lifetime and initialization', () => {
    const m = Memory.allocate(f32, 4, { label: 'buffer', trackInitialization: true });
    expect(() => m.load(4)).toThrow('load reaches element 4 of buffer, which has 4 elements');
    expect(() => m.store(-1, 0)).toThrow('store reaches element -1 of buffer');
    expect(() => m.load(0)).toThrow('load of element 0 of buffer, which was never written');
    m.store(0, 1.5);
    expect(m.load(0)).toBe(1.5);
    m.free('freed by a test');
    expect(() => m.load(0)).toThrow('access to buffer after its lifetime ended (freed by a test)');
    expect(() => m.checkRange(0, 0, 'x')).toThrow(RuntimeFault);
  });
});

describe('MemrefView', () => {
  it('computes packed strides in both orders', () => {
    expect(packedStrides([5, 6, 7], 'column-major')).toEqual([1, 5, 30]);
    expect(packedStrides([5, 6, 7], 'row-major')).toEqual([42, 7, 1]);
    expect(packedStrides([], 'row-major')).toEqual([]);
    // A dynamic size makes the strides after it dynamic (MLIR's marker, or the caller's own).
    expect(packedStrides([5, DYNAMIC, 7], 'column-major')).toEqual([1, 5, DYNAMIC]);
    expect(packedStrides([5, -1, 7, 2], 'row-major', -1)).toEqual([-1, 14, 2, 1]);
  });

  it('addresses elements through offset and strides, checking each index', () => {
    const m = Memory.fromValues(f32, Array.from({ length: 40 }, (_, k) => k), 'A');
    const v = new MemrefView(m, 3, [4, 2], [2, 10]);
    expect(v.address([1, 1])).toBe(15);
    expect(v.load([3, 1])).toBe(19);
    expect(() => v.load([4, 0])).toThrow('index 4 is out of bounds for mode 0 of size 4');
    expect(() => v.load([0])).toThrow('1 indices for a memref of order 2');
    expect(v.toArray()).toEqual([3, 5, 7, 9, 13, 15, 17, 19]);
    expect(v.describe()).toBe('memref 4x2 of f32 with strides [2, 10] at offset 3 in A');
  });

  it('checks a whole view against its memory once', () => {
    const m = Memory.allocate(f32, 10, { label: 'B' });
    expect(() => new MemrefView(m, 0, [5, 2], [1, 5]).checkInBounds('C')).not.toThrow();
    expect(() => new MemrefView(m, 1, [5, 2], [1, 5]).checkInBounds('C')).toThrow('C (memref 5x2 of f32 with strides [1, 5] at offset 1 in B) reaches element 10 of B');
    expect(new MemrefView(m, 9, [3], [-2]).addressRange()).toEqual({ first: 5, last: 9 });
    expect(new MemrefView(m, 50, [0, 3], [1, 1]).addressRange()).toBeUndefined();
    expect(() => new MemrefView(m, 50, [0, 3], [1, 1]).checkInBounds('empty')).not.toThrow();
    expect(MemrefView.packed(m, [], 'column-major').load([])).toBeNaN();
  });
});
