// krnl.strlen, krnl.strncmp and krnl.find_index, with the meanings of onnx-mlir's runtime (C's strlen and strncmp,
// the perfect-hash lookup of its category mapper).
import type { Operation } from '@tlir/ir';
import { MemrefView, fault, type RuntimeValue } from '@tlir/interpreter';
import { KrnlStringValue } from './string-value.js';

function str(op: Operation, v: RuntimeValue): KrnlStringValue {
  return v instanceof KrnlStringValue ? v : fault(`${op.name} needs a krnl string, got ${typeof v === 'object' ? v.describe() : v}`);
}

/** krnl.strlen: the number of bytes (UTF-8) before the end of the string, as C's strlen. */
export function strlen(op: Operation, [s]: readonly RuntimeValue[]): RuntimeValue[] {
  return [BigInt(str(op, s).bytes.length)];
}

/**
 * krnl.strncmp: C's strncmp of at most `len` bytes (an unsigned 64-bit count, as C's size_t), bytes compared as
 * unsigned chars, stopping at the end of either string: -1, 0 or 1 (C fixes only the sign).
 */
export function strncmp(op: Operation, [a, b, len]: readonly RuntimeValue[]): RuntimeValue[] {
  const x = str(op, a).bytes;
  const y = str(op, b).bytes;
  const n = BigInt.asUintN(64, len as bigint);
  for (let i = 0; BigInt(i) < n; i++) {
    const cx = x[i] ?? 0;
    const cy = y[i] ?? 0;
    if (cx !== cy) return [cx < cy ? -1 : 1];
    if (cx === 0) break;
  }
  return [0];
}

const FNV_PRIME = 0x01000193;

/**
 * The 32-bit FNV-1 hash of onnx-mlir's perfect hash tables, from `start` (the FNV prime when 0): for each byte, the
 * hash times the prime, xor the byte as a C `char` (signed: bytes from 0x80 are sign-extended, as on x86-64).
 */
export function perfectHash(start: number, bytes: Uint8Array): number {
  let h = start === 0 ? FNV_PRIME : start >>> 0;
  for (const byte of bytes) h = (Math.imul(h, FNV_PRIME) ^ ((byte << 24) >> 24)) >>> 0;
  return h;
}

const encoder = new TextEncoder();

/** The bytes a key is hashed as: a string's bytes, an i64's decimal text (as `%lld` prints it). */
function keyBytes(op: Operation, key: RuntimeValue): Uint8Array {
  if (typeof key === 'bigint') return encoder.encode(BigInt.asIntN(64, key).toString());
  return str(op, key).bytes;
}

/**
 * krnl.find_index: the value of the key in the perfect hash table (G, V) of `len` entries:
 * d = G[hash(0, key) mod len]; the index is V[-d - 1] when d < 0, else V[hash(d, key) mod len]. Valid only for a
 * key of the dictionary; an index outside the tables or a result outside [0, len) is a runtime error.
 */
export function findIndex(op: Operation, [key, g, v, len]: readonly RuntimeValue[]): RuntimeValue[] {
  const G = g as MemrefView;
  const V = v as MemrefView;
  const size = len as number;
  if (!(size > 0)) fault(`${op.name}: a hash table of ${size} entries`);
  const bytes = keyBytes(op, key);
  const d = G.load([perfectHash(0, bytes) % size]) as number;
  const index = V.load([d < 0 ? -d - 1 : perfectHash(d, bytes) % size]) as number;
  if (!(index >= 0 && index < size)) fault(`${op.name}: the table gives index ${index}, outside [0, ${size}): the key is not in the dictionary or the tables are wrong`);
  return [index];
}
