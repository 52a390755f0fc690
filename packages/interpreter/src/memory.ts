import type { Type } from '@tlir/ir';
import { floatKind } from './float-values.js';
import { integerFormat } from './integer-values.js';
import { fault } from './runtime-fault.js';
import { scalarFromHost } from './scalar-values.js';

/** The typed arrays that back a Memory. */
export type ElementStorage =
  | Int8Array
  | Uint8Array
  | Int16Array
  | Uint16Array
  | Int32Array
  | Uint32Array
  | Float32Array
  | Float64Array
  | BigInt64Array
  | BigUint64Array;

type StorageConstructor = new (length: number) => ElementStorage;

/**
 * The typed array that holds elements of `type`: the narrowest signed (or, for `uiN` and `i1`, unsigned) integer
 * array of at least the width; BigInt64Array / BigUint64Array for widths 33..64; Float64Array for `index` (exact
 * for the values index may have); Float32Array for f32 and the narrower float kinds (which it holds exactly),
 * Float64Array for f64. Undefined for types the interpreter cannot store (integers wider than 64 bits, ...).
 */
export function storageFor(type: Type): StorageConstructor | undefined {
  const f = integerFormat(type);
  if (f) {
    if (f.index) return Float64Array;
    if (f.width <= 8) return f.unsigned ? Uint8Array : Int8Array;
    if (f.width <= 16) return f.unsigned ? Uint16Array : Int16Array;
    if (f.width <= 32) return f.unsigned ? Uint32Array : Int32Array;
    if (f.width <= 64) return f.unsigned ? BigUint64Array : BigInt64Array;
    return undefined;
  }
  const k = floatKind(type);
  if (k === 'f64') return Float64Array;
  if (k) return Float32Array;
  return undefined;
}

/**
 * Watches the accesses of a memory (a GPU launch's race detector): called after the checks of a load and before a
 * store; may throw a RuntimeFault, which the engine locates at the op that accessed the memory.
 */
export interface MemoryObserver {
  load(memory: Memory, address: number): void;
  store(memory: Memory, address: number, value: number | bigint): void;
}

export interface AllocateOptions {
  /** Describes the memory in messages (`argument #2 of @kernel`, `tl.alloca at k.tl:4:3`). */
  readonly label?: string;
  /**
   * Track which elements were written and make reading an element never written a runtime error (for
   * allocations of the program, whose contents are undefined until written). Off for host-provided data.
   */
  readonly trackInitialization?: boolean;
}

/**
 * An allocation: a typed array of elements of one scalar type, holding canonical runtime values
 * (runtime-value.ts). Views (MemrefView) address it with an offset and strides. Every access is bounds-checked;
 * an access after `free` (end of an alloca's lifetime) and, with `trackInitialization`, a read of an element
 * never written are runtime errors.
 */
export class Memory {
  private freedBecause: string | undefined;
  /** What watches the accesses, if anything (one observer at a time; set and cleared by whoever watches). */
  observer: MemoryObserver | undefined = undefined;

  private constructor(
    readonly elementType: Type,
    readonly data: ElementStorage,
    readonly label: string,
    private readonly written: Uint8Array | undefined,
  ) {}

  /** New memory of `length` elements: zeros, NaN for floats (a value read before it is written shows up). */
  static allocate(elementType: Type, length: number, options: AllocateOptions = {}): Memory {
    const Storage = storageFor(elementType);
    if (!Storage) fault(`the interpreter cannot store elements of type ${elementType}`);
    if (!Number.isSafeInteger(length) || length < 0) fault(`cannot allocate ${length} elements`);
    const data = new Storage(length);
    if (data instanceof Float32Array || (data instanceof Float64Array && floatKind(elementType))) data.fill(NaN);
    return new Memory(elementType, data, options.label ?? 'memory', options.trackInitialization ? new Uint8Array(length) : undefined);
  }

  /**
   * Memory over the host's typed array (no copy: what the program stores is visible in `data`). The array must
   * be the storage `storageFor(elementType)` gives and hold canonical values (f32 data in a Float32Array,
   * i64 in a BigInt64Array, index in a Float64Array, ...).
   */
  static wrap(elementType: Type, data: ElementStorage, label = 'memory'): Memory {
    const Storage = storageFor(elementType);
    if (!Storage) fault(`the interpreter cannot store elements of type ${elementType}`);
    if (!(data instanceof Storage)) fault(`${label}: elements of ${elementType} are held in a ${Storage.name}, got a ${data.constructor.name}`);
    return new Memory(elementType, data, label, undefined);
  }

  /** New memory holding `values` (converted with `scalarFromHost`: integers must fit, floats are rounded). */
  static fromValues(elementType: Type, values: ArrayLike<number | bigint | boolean>, label = 'memory'): Memory {
    const m = Memory.allocate(elementType, values.length, { label });
    for (let i = 0; i < values.length; i++) m.store(i, scalarFromHost(elementType, values[i]!, `${label}[${i}]`));
    return m;
  }

  /**
   * A new memory with the same elements (and the same written elements), e.g. to run the IR before and after a
   * lowering on equal inputs. Its lifetime is its own.
   */
  clone(label = this.label): Memory {
    const data = (this.data as Float64Array).slice() as unknown as ElementStorage;
    return new Memory(this.elementType, data, label, this.written?.slice());
  }

  get length(): number {
    return this.data.length;
  }

  /** Why the memory is no longer usable, if it is not (`freed by tl.lifetime_stop at ...`). */
  get freedReason(): string | undefined {
    return this.freedBecause;
  }

  /** Ends the memory's lifetime: later accesses are runtime errors that give `reason`. */
  free(reason: string): void {
    this.freedBecause ??= reason;
  }

  /** A RuntimeFault if the memory was freed. */
  checkLive(): void {
    if (this.freedBecause !== undefined) fault(`access to ${this.label} after its lifetime ended (${this.freedBecause})`);
  }

  /** A RuntimeFault unless elements first..last (inclusive) are addresses of this memory. */
  checkRange(first: number, last: number, what: string): void {
    this.checkLive();
    if (first < 0 || last >= this.data.length) {
      fault(`${what} reaches element ${first < 0 ? first : last} of ${this.label}, which has ${this.data.length} elements`);
    }
  }

  load(address: number): number | bigint {
    if (!(address >= 0 && address < this.data.length)) this.checkRange(address, address, 'load');
    if (this.freedBecause !== undefined) this.checkLive();
    if (this.written && this.written[address] === 0) fault(`load of element ${address} of ${this.label}, which was never written`);
    if (this.observer !== undefined) this.observer.load(this, address);
    return this.data[address]!;
  }

  store(address: number, v: number | bigint): void {
    if (!(address >= 0 && address < this.data.length)) this.checkRange(address, address, 'store');
    if (this.freedBecause !== undefined) this.checkLive();
    if (this.observer !== undefined) this.observer.store(this, address, v);
    if (this.written) this.written[address] = 1;
    (this.data as { [i: number]: number | bigint })[address] = v;
  }

  /** The element at `address` (in bounds) as it is, undefined when it was never written (memory that tracks it). */
  peek(address: number): number | bigint | undefined {
    return this.written && this.written[address] === 0 ? undefined : this.data[address];
  }

  /** The elements, in address order (a copy). */
  toArray(): (number | bigint)[] {
    return Array.from(this.data as ArrayLike<number | bigint>);
  }
}
