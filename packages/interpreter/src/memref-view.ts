import { packedStrides, type PackedOrder, type Type } from '@tlir/ir';
import type { Memory } from './memory.js';
import { fault } from './runtime-fault.js';
import type { RuntimeObject } from './runtime-value.js';

/**
 * A strided view of a Memory, the runtime value of a memref: element (i_1, ..., i_n) is at address
 * `offset + sum_k i_k * strides[k]`, for 0 <= i_k < sizes[k]. Sizes, strides and offset are run-time values
 * (what the type leaves dynamic is known here). Views never copy: subviews and reshapes share the memory.
 */
export class MemrefView implements RuntimeObject {
  readonly runtimeKind = 'memref';

  constructor(
    readonly memory: Memory,
    readonly offset: number,
    readonly sizes: readonly number[],
    readonly strides: readonly number[],
  ) {
    if (sizes.length !== strides.length) throw new Error(`a view has as many strides as sizes (${sizes.length} sizes, ${strides.length} strides)`);
  }

  /** A packed view of `sizes` over `memory` in `order`, starting at `offset`. */
  static packed(memory: Memory, sizes: readonly number[], order: PackedOrder, offset = 0): MemrefView {
    return new MemrefView(memory, offset, [...sizes], packedStrides(sizes, order));
  }

  /** The same view of another memory (of the same element type and size: a clone, for instance). */
  withMemory(memory: Memory): MemrefView {
    if (memory.elementType !== this.memory.elementType || memory.length !== this.memory.length) {
      throw new Error(`withMemory needs a memory of ${this.memory.length} elements of ${this.elementType}`);
    }
    return new MemrefView(memory, this.offset, this.sizes, this.strides);
  }

  get rank(): number {
    return this.sizes.length;
  }

  get elementType(): Type {
    return this.memory.elementType;
  }

  /** The number of elements (the product of the sizes). */
  get elementCount(): number {
    let n = 1;
    for (const s of this.sizes) n *= s;
    return n;
  }

  /** The address of an element; a RuntimeFault when an index is outside its mode. */
  address(indices: readonly number[]): number {
    if (indices.length !== this.sizes.length) fault(`${indices.length} indices for a memref of order ${this.sizes.length}`);
    let a = this.offset;
    for (let k = 0; k < indices.length; k++) {
      const i = indices[k]!;
      if (!(i >= 0 && i < this.sizes[k]!)) fault(`index ${i} is out of bounds for mode ${k} of size ${this.sizes[k]} (${this.describe()})`);
      a += i * this.strides[k]!;
    }
    return a;
  }

  load(indices: readonly number[]): number | bigint {
    return this.memory.load(this.address(indices));
  }

  store(indices: readonly number[], v: number | bigint): void {
    this.memory.store(this.address(indices), v);
  }

  /** The smallest and largest address of an element of the view (undefined for an empty view). */
  addressRange(): { first: number; last: number } | undefined {
    let first = this.offset;
    let last = this.offset;
    for (let k = 0; k < this.sizes.length; k++) {
      const n = this.sizes[k]!;
      if (n === 0) return undefined;
      const span = (n - 1) * this.strides[k]!;
      if (span < 0) first += span;
      else last += span;
    }
    return { first, last };
  }

  /**
   * A RuntimeFault unless every element of the view is inside its (live) memory: checked once before an
   * instruction touches a whole view (the collectives), so its inner loops need no per-element check.
   */
  checkInBounds(what: string): void {
    const r = this.addressRange();
    if (r) this.memory.checkRange(r.first, r.last, `${what} (${this.describe()})`);
    else this.memory.checkLive();
  }

  /** The elements in column-major order of their indices (the first index varies fastest). */
  toArray(): (number | bigint)[] {
    const out: (number | bigint)[] = [];
    const n = this.elementCount;
    const idx = new Array<number>(this.rank).fill(0);
    for (let e = 0; e < n; e++) {
      out.push(this.load(idx));
      for (let k = 0; k < idx.length; k++) {
        if (++idx[k]! < this.sizes[k]!) break;
        idx[k] = 0;
      }
    }
    return out;
  }

  describe(): string {
    const shape = this.sizes.length ? this.sizes.join('x') : 'scalar';
    return `memref ${shape} of ${this.elementType} with strides [${this.strides.join(', ')}] at offset ${this.offset} in ${this.memory.label}`;
  }
}
