// Elements as bit patterns, for the ops that keep the bits of a tensor and change its element type
// (flow.tensor.bitcast, flow.tensor.reshape between types of one width).
import { FloatType, IndexType, bitsToFloat, floatToBits, type Type } from '@tlir/ir';
import { fault, integerFormat, wrapInteger } from '@tlir/interpreter';
import { elementBitWidth } from '../tensor-reshape-ops.js';
import type { TensorValue } from './tensor-value.js';

const mask = (width: number): bigint => (1n << BigInt(width)) - 1n;

/** The bits of `v`, an element of `type` (an integer, index or float), as an unsigned bigint. */
export function elementBits(type: Type, v: number | bigint): bigint {
  if (type instanceof FloatType) return floatToBits(type.kind, v as number);
  const width = elementBitWidth(type) ?? fault(`elements of ${type} have no bit pattern`);
  return BigInt(v) & mask(width);
}

/** The element of `type` with the bit pattern `bits`; a RuntimeFault for an index beyond the exact range. */
export function elementFromBits(type: Type, bits: bigint): number | bigint {
  if (type instanceof FloatType) return bitsToFloat(type.kind, bits);
  const format = integerFormat(type) ?? fault(`elements of ${type} have no bit pattern`);
  if (type instanceof IndexType) {
    const signed = bits >= 1n << 63n ? bits - (1n << 64n) : bits;
    if (signed > BigInt(Number.MAX_SAFE_INTEGER) || signed < -BigInt(Number.MAX_SAFE_INTEGER)) fault(`the bits 0x${bits.toString(16)} give the index ${signed}, beyond the interpreter's exact range (2^53 - 1)`);
    return Number(signed);
  }
  return wrapInteger(format, format.big ? bits : Number(bits));
}

/**
 * The elements of `source` (in row-major order, each element's bits from the least significant, one element after
 * the other) read as `count` elements of `type`. The number of bits must be the same.
 */
export function reinterpretBits(source: TensorValue, type: Type, count: number): (number | bigint)[] {
  const from = source.elementType;
  const sw = elementBitWidth(from) ?? fault(`elements of ${from} have no bit pattern`);
  const dw = elementBitWidth(type) ?? fault(`elements of ${type} have no bit pattern`);
  if (source.size * sw !== count * dw) fault(`${source.size} elements of ${from} (${source.size * sw} bits) cannot be read as ${count} elements of ${type} (${count * dw} bits)`);
  const out: (number | bigint)[] = [];
  let acc = 0n;
  let accBits = 0;
  const dmask = mask(dw);
  for (let i = 0; i < source.size; i++) {
    acc |= elementBits(from, source.at(i)) << BigInt(accBits);
    accBits += sw;
    while (accBits >= dw) {
      out.push(elementFromBits(type, acc & dmask));
      acc >>= BigInt(dw);
      accBits -= dw;
    }
  }
  return out;
}
