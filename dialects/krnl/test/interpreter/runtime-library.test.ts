// krnl's runtime-library ops in the reference interpreter: random_normal (statistics, determinism), sequences
// (seqalloc / seqstore / seqextract / seqdealloc, krnl.load and krnl.store of elements, positions out of bounds),
// strings (strlen, strncmp) and find_index (perfect hash tables built here with an independent FNV), and the
// error of vector_type_cast. Expected values are computed here from the definitions.
import { describe, expect, it } from 'vitest';
import type { MemrefView } from '@tlir/interpreter';
import { KrnlStringValue } from '../../src/index.js';
import { argument, elements, iota, krnlHarness } from './krnl-harness.js';

const harness = krnlHarness();

describe('random_normal', () => {
  const program = harness.parse(`
func.func @fill(%m: memref<100x100xf64>, %n: index, %mean: f64, %scale: f64, %seed: f64) {
  "krnl.random_normal"(%m, %n, %mean, %scale, %seed) : (memref<100x100xf64>, index, f64, f64, f64) -> ()
  return
}
func.func @fill32(%m: memref<2x3xf32>, %n: index, %x: f32) {
  "krnl.random_normal"(%m, %n, %x, %x, %x) : (memref<2x3xf32>, index, f32, f32, f32) -> ()
  return
}`);
  const draw = (seed: number, mean = 0, scale = 1): number[] => {
    const m = argument(program, 'fill', 0, new Array<number>(10000).fill(0));
    expect(program.run('fill', [m, 10000, mean, scale, seed]).error).toBeUndefined();
    return elements(m) as number[];
  };

  it('gives normally distributed values of the mean and scale', () => {
    const values = draw(42, 3, 2);
    const mean = values.reduce((a, b) => a + b, 0) / values.length;
    const variance = values.reduce((a, b) => a + (b - mean) ** 2, 0) / (values.length - 1);
    // Standard error of the mean: 2 / 100 = 0.02; of the variance: about 4 * sqrt(2 / 9999) = 0.057.
    expect(Math.abs(mean - 3)).toBeLessThan(0.1);
    expect(Math.abs(variance - 4)).toBeLessThan(0.3);
    // About 68.3% within one standard deviation, 95.4% within two.
    const within = (k: number) => values.filter((v) => Math.abs(v - 3) < 2 * k).length / values.length;
    expect(Math.abs(within(1) - 0.6827)).toBeLessThan(0.02);
    expect(Math.abs(within(2) - 0.9545)).toBeLessThan(0.01);
    expect(new Set(values).size).toBe(values.length);
  });

  it('gives the same values for the same seed and others for another', () => {
    const a = draw(7);
    expect(draw(7)).toEqual(a);
    const b = draw(8);
    expect(b.filter((v, i) => v === a[i]).length).toBe(0);
  });

  it('fills only the first numberOfValues elements, rounded to the element type', () => {
    const m = argument(program, 'fill32', 0, [0, 0, 0, 0, 0, 0]);
    expect(program.run('fill32', [m, 4, 1.5]).error).toBeUndefined();
    const got = elements(m) as number[];
    expect(got.slice(4)).toEqual([0, 0]);
    for (const v of got.slice(0, 4)) expect(Math.fround(v)).toBe(v);
    expect(program.run('fill32', [m, 7, 1]).error).toMatch(/input\.mlir:7:3: error: krnl\.random_normal: 7 values do not fit in the output/);
  });
});

describe('sequences', () => {
  const program = harness.parse(`
func.func @roundtrip(%a: memref<3xf32>, %b: memref<2xf32>, %n: index, %i: index, %j: index) -> (f32, f32) {
  %s = "krnl.seqalloc"(%n) : (index) -> memref<?xmemref<?xf32>>
  %ca = memref.cast %a : memref<3xf32> to memref<?xf32>
  %cb = memref.cast %b : memref<2xf32> to memref<?xf32>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  "krnl.seqstore"(%ca, %s, %c0) : (memref<?xf32>, memref<?xmemref<?xf32>>, index) -> ()
  "krnl.seqstore"(%cb, %s, %c1) : (memref<?xf32>, memref<?xmemref<?xf32>>, index) -> ()
  %x = arith.constant 100.0 : f32
  krnl.store %x, %a[%c0] : memref<3xf32>
  %e = "krnl.seqextract"(%s, %i) {copy = 1 : ui1} : (memref<?xmemref<?xf32>>, index) -> memref<?xf32>
  %v = krnl.load %e[%j] : memref<?xf32>
  krnl.store %x, %e[%j] : memref<?xf32>
  %e2 = "krnl.seqextract"(%s, %i) {copy = 0 : ui1} : (memref<?xmemref<?xf32>>, index) -> memref<?xf32>
  %w = krnl.load %e2[%j] : memref<?xf32>
  "krnl.seqdealloc"(%s) : (memref<?xmemref<?xf32>>) -> ()
  return %v, %w : f32, f32
}
func.func @empty(%n: index, %i: index) {
  %s = "krnl.seqalloc"(%n) : (index) -> memref<?xmemref<?xf32>>
  %e = "krnl.seqextract"(%s, %i) {copy = 1 : ui1} : (memref<?xmemref<?xf32>>, index) -> memref<?xf32>
  return
}
func.func @copy_by_load(%a: memref<2xf32>) -> f32 {
  %s = "krnl.seqalloc"() : () -> memref<2xmemref<2xf32>>
  %t = "krnl.seqalloc"() : () -> memref<2xmemref<2xf32>>
  %c1 = arith.constant 1 : index
  "krnl.seqstore"(%a, %s, %c1) : (memref<2xf32>, memref<2xmemref<2xf32>>, index) -> ()
  %e = krnl.load %s[%c1] : memref<2xmemref<2xf32>>
  krnl.store %e, %t[%c1] : memref<2xmemref<2xf32>>
  %f = "krnl.seqextract"(%t, %c1) {copy = 0 : ui1} : (memref<2xmemref<2xf32>>, index) -> memref<2xf32>
  %v = krnl.load %f[%c1] : memref<2xf32>
  return %v : f32
}
func.func @after_dealloc(%a: memref<2xf32>) -> f32 {
  %s = "krnl.seqalloc"() : () -> memref<1xmemref<2xf32>>
  %c0 = arith.constant 0 : index
  "krnl.seqstore"(%a, %s, %c0) : (memref<2xf32>, memref<1xmemref<2xf32>>, index) -> ()
  %e = "krnl.seqextract"(%s, %c0) {copy = 0 : ui1} : (memref<1xmemref<2xf32>>, index) -> memref<2xf32>
  "krnl.seqdealloc"(%s) : (memref<1xmemref<2xf32>>) -> ()
  %v = krnl.load %e[%c0] : memref<2xf32>
  return %v : f32
}`);

  it('stores copies and extracts copies (copy = 1) or the element itself (copy = 0)', () => {
    const a = argument(program, 'roundtrip', 0, [1, 2, 3]);
    const b = argument(program, 'roundtrip', 1, [4, 5]);
    // Element 0 was copied before a[0] became 100; the extracted copy is then changed, the element is not.
    expect(program.run('roundtrip', [a, b, 2, 0, 0]).results).toEqual([1, 1]);
    expect(program.run('roundtrip', [a, b, 2, 1, 1]).results).toEqual([5, 5]);
    expect(elements(b)).toEqual([4, 5]);
  });

  it('reports positions outside the sequence, negative ones and empty slots at the op', () => {
    const a = argument(program, 'roundtrip', 0, [1, 2, 3]);
    const b = argument(program, 'roundtrip', 1, [4, 5]);
    expect(program.run('roundtrip', [a, b, 2, 2, 0]).error).toMatch(/input\.mlir:12:8: error: position 2 is out of bounds for sequence 2 \(krnl\.seqalloc at .*\) of length 2/);
    expect(program.run('roundtrip', [a, b, 2, -1, 0]).error).toMatch(/input\.mlir:12:8: error: position -1 of sequence 2 .* is negative/);
    expect(program.run('roundtrip', [a, b, 1, 0, 0]).error).toMatch(/input\.mlir:9:3: error: position 1 is out of bounds/);
    expect(program.run('empty', [3, 2]).error).toMatch(/input\.mlir:22:8: error: position 2 of sequence 3 .* holds no element \(never stored\)/);
  });

  it('moves elements with krnl.load and krnl.store', () => {
    const a = argument(program, 'copy_by_load', 0, [6, 7]);
    expect(program.run('copy_by_load', [a]).results).toEqual([7]);
  });

  it('seqdealloc frees the elements too', () => {
    const a = argument(program, 'after_dealloc', 0, [6, 7]);
    expect(program.run('after_dealloc', [a]).error).toMatch(/input\.mlir:42:8: error: access to copy by krnl\.seqstore at input\.mlir:39:3 after its lifetime ended \(freed by krnl\.seqdealloc at input\.mlir:41:3\)/);
  });
});

describe('strings', () => {
  const program = harness.parse(`
func.func @len(%s: !krnl.string) -> i64 {
  %n = "krnl.strlen"(%s) : (!krnl.string) -> i64
  return %n : i64
}
func.func @cmp(%a: !krnl.string, %b: !krnl.string, %n: i64) -> i32 {
  %c = "krnl.strncmp"(%a, %b, %n) : (!krnl.string, !krnl.string, i64) -> i32
  return %c : i32
}`);
  const s = (t: string) => new KrnlStringValue(t);

  it('strlen counts the UTF-8 bytes before a NUL', () => {
    expect(program.run('len', [s('')]).results).toEqual([0n]);
    expect(program.run('len', [s('hello')]).results).toEqual([5n]);
    expect(program.run('len', [s('é€')]).results).toEqual([5n]);
    expect(program.run('len', [s('ab\0cd')]).results).toEqual([2n]);
  });

  it('strncmp has the sign of C strncmp', () => {
    const sign = (a: string, b: string, n: bigint) => program.run('cmp', [s(a), s(b), n]).results![0];
    expect(sign('abc', 'abd', 3n)).toBe(-1);
    expect(sign('abc', 'abd', 2n)).toBe(0);
    expect(sign('abd', 'abc', 3n)).toBe(1);
    expect(sign('ab', 'abc', 3n)).toBe(-1);
    expect(sign('ab', 'abc', 2n)).toBe(0);
    expect(sign('abc', 'abc', 100n)).toBe(0);
    expect(sign('a', 'b', 0n)).toBe(0);
    // Bytes compare unsigned: 'é' (0xC3 0xA9) is after 'z'; a negative length is a huge size_t.
    expect(sign('é', 'z', 1n)).toBe(1);
    expect(sign('x', 'y', -1n)).toBe(-1);
  });

  it('a string argument must be a KrnlStringValue', () => {
    expect(program.run('len', [3]).error).toMatch(/krnl string/);
  });
});

/** onnx-mlir's 32-bit FNV variant, computed with bigints: start at the prime when 0; multiply, then xor a signed char. */
function fnv(start: bigint, text: string): bigint {
  const prime = 0x01000193n;
  let h = start === 0n ? prime : start;
  for (const byte of new TextEncoder().encode(text)) h = ((h * prime) & 0xffffffffn) ^ BigInt.asUintN(32, BigInt(byte >= 128 ? byte - 256 : byte));
  return h;
}

/** A perfect hash table (G, V) of `keys` to their positions, built as onnx-mlir's category mapper builds one. */
function perfectTable(keys: readonly string[]): { G: number[]; V: number[] } {
  const n = keys.length;
  const buckets: number[][] = Array.from({ length: n }, () => []);
  keys.forEach((k, i) => buckets[Number(fnv(0n, k) % BigInt(n))]!.push(i));
  const G = new Array<number>(n).fill(0);
  const V = new Array<number>(n).fill(-1);
  const order = iota(n).sort((x, y) => buckets[y]!.length - buckets[x]!.length);
  for (const b of order.filter((b) => buckets[b]!.length > 1)) {
    for (let d = 1; ; d++) {
      const slots = buckets[b]!.map((i) => Number(fnv(BigInt(d), keys[i]!) % BigInt(n)));
      if (new Set(slots).size === slots.length && slots.every((s) => V[s] === -1)) {
        G[b] = d;
        slots.forEach((s, j) => (V[s] = buckets[b]![j]!));
        break;
      }
    }
  }
  for (const b of order.filter((b) => buckets[b]!.length === 1)) {
    const free = V.indexOf(-1);
    G[b] = -free - 1;
    V[free] = buckets[b]![0]!;
  }
  return { G, V };
}

describe('find_index', () => {
  const program = harness.parse(`
func.func @str(%k: !krnl.string, %G: memref<6xi32>, %V: memref<6xi32>, %n: i32) -> index {
  %i = "krnl.find_index"(%k, %G, %V, %n) : (!krnl.string, memref<6xi32>, memref<6xi32>, i32) -> index
  return %i : index
}
func.func @int(%k: i64, %G: memref<6xi32>, %V: memref<6xi32>, %n: i32) -> index {
  %i = "krnl.find_index"(%k, %G, %V, %n) : (i64, memref<6xi32>, memref<6xi32>, i32) -> index
  return %i : index
}`);
  const tables = (fn: string, t: { G: number[]; V: number[] }): [MemrefView, MemrefView] => [argument(program, fn, 1, t.G), argument(program, fn, 2, t.V)];

  it('finds every string of the dictionary', () => {
    const keys = ['cat', 'dog', 'bird', 'café', 'x', 'hello world'];
    const [G, V] = tables('str', perfectTable(keys));
    keys.forEach((k, i) => expect(program.run('str', [new KrnlStringValue(k), G, V, 6]).results).toEqual([i]));
  });

  it('finds every integer of the dictionary (hashed as its decimal text)', () => {
    const keys = [0n, -1n, 42n, 1234567890123n, -9223372036854775808n, 7n];
    const [G, V] = tables('int', perfectTable(keys.map(String)));
    keys.forEach((k, i) => expect(program.run('int', [k, G, V, 6]).results).toEqual([i]));
  });

  it('reports an index the tables cannot give', () => {
    const [G, V] = tables('str', { G: [-1, -1, -1, -1, -1, -1], V: [9, 9, 9, 9, 9, 9] });
    expect(program.run('str', [new KrnlStringValue('a'), G, V, 6]).error).toMatch(/input\.mlir:3:8: error: krnl\.find_index: the table gives index 9, outside \[0, 6\)/);
  });
});

describe('vector_type_cast', () => {
  it('is a runtime error that says why', () => {
    const program = harness.parse(`
func.func @cast(%m: memref<4x16xf32>) {
  %v = krnl.vector_type_cast %m : memref<4x16xf32> to memref<4x2xvector<8xf32>>
  return
}`);
    const m = argument(program, 'cast', 0, new Array<number>(64).fill(0));
    expect(program.run('cast', [m]).error).toMatch(/input\.mlir:3:8: error: krnl\.vector_type_cast cannot be interpreted: the interpreter has no vector values/);
  });
});
