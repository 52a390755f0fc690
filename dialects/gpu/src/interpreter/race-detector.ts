// Finds data races between the work-items of a block: two accesses to one element of watched memory by different
// work-items with no barrier between them, when the order they run in could change what is computed (a read of an
// element another work-item wrote with a new value, a write of a new value to an element another work-item read,
// two writes of different values). Work-items that store the same value, or read what nobody changed, do not race
// in that sense and are not reported. Atomic read-modify-writes and the collective MMA loads and stores are not
// tracked. The interpreter runs the work-items of a block one after the other, so without this a missing barrier
// shows only when the order it happens to use gives another result.
import { getMemoryAccesses, type Operation } from '@tlir/ir';
import { fault, type Memory, type MemoryObserver } from '@tlir/interpreter';
import { describeWorkItem, type WorkItem } from './work-item.js';

/** Several work-items read the element. */
const MANY = 'many';
/** The readers of an element read different values. */
const MIXED = Symbol('mixed values');

interface ElementAccesses {
  /** The barrier phase of the accesses below. */
  phase: number;
  /** The value at the start of the phase (undefined: never written). */
  start: number | bigint | undefined;
  /** The work-items that stored `written` (two values stored by different work-items are a race). */
  readonly writers: Set<WorkItem>;
  written: number | bigint | undefined;
  writerOp: Operation | null;
  lastWriter: WorkItem | undefined;
  reader: WorkItem | typeof MANY | undefined;
  readValue: number | bigint | undefined | typeof MIXED;
  readerOp: Operation | null;
}

/** Whether `op`'s accesses are atomic (memref.atomic_rmw, generic_atomic_rmw: they do not race), asked once per op. */
const atomicOps = new WeakMap<Operation, boolean>();
function isAtomic(op: Operation | null): boolean {
  if (op === null) return false;
  let atomic = atomicOps.get(op);
  if (atomic === undefined) atomicOps.set(op, (atomic = getMemoryAccesses(op)?.some((a) => a.atomic) ?? false));
  return atomic;
}

const same = (a: number | bigint | undefined, b: number | bigint | undefined): boolean => a === b || (a !== a && b !== b);

/** The race detector of one block: the scheduler says which work-item runs and when a barrier completes. */
export class BlockRaceDetector implements MemoryObserver {
  private phase = 0;
  private readonly accesses = new Map<Memory, Map<number, ElementAccesses>>();
  private readonly watched: Memory[] = [];
  /** The work-item that runs (undefined while a collective completes: its accesses are the subgroup's). */
  current: WorkItem | undefined = undefined;
  /** The op the current work-item executes. */
  currentOp: () => Operation | null = () => null;

  /** Watches `memory` until `stop` (memory already watched by another observer is left to it). */
  watch(memory: Memory): void {
    if (memory.observer !== undefined) return;
    memory.observer = this;
    this.watched.push(memory);
  }

  /** A barrier of the block completed: accesses before it are ordered before those after. */
  barrier(): void {
    this.phase++;
  }

  stop(): void {
    for (const m of this.watched) if (m.observer === this) m.observer = undefined;
  }

  private entry(memory: Memory, address: number): ElementAccesses | undefined {
    const item = this.current;
    if (item === undefined || isAtomic(this.currentOp())) return undefined;
    let byAddress = this.accesses.get(memory);
    if (!byAddress) this.accesses.set(memory, (byAddress = new Map()));
    let e = byAddress.get(address);
    if (!e || e.phase !== this.phase) {
      e = { phase: this.phase, start: memory.peek(address), writers: new Set(), written: undefined, writerOp: null, lastWriter: undefined, reader: undefined, readValue: undefined, readerOp: null };
      byAddress.set(address, e);
    }
    return e;
  }

  /**
   * A read races when another work-item stored a new value and this one did not store it too: depending on the
   * order, it reads the old value or the new one.
   */
  load(memory: Memory, address: number): void {
    const e = this.entry(memory, address);
    if (!e) return;
    const item = this.current!;
    if (e.writers.size > 0 && !e.writers.has(item) && !same(e.written, e.start)) {
      const w = e.lastWriter!;
      this.race(`${describeWorkItem(item)} reads element ${address} of ${memory.label}, which ${describeWorkItem(w)} stored a new value to`, e.writerOp, `${describeWorkItem(w)} stored it here`);
    }
    const value = memory.peek(address);
    if (e.reader === undefined) {
      e.reader = item;
      e.readValue = value;
      e.readerOp = this.currentOp();
    } else {
      if (e.reader !== item) e.reader = MANY;
      if (e.readValue !== MIXED && !same(e.readValue, value)) e.readValue = MIXED;
    }
  }

  /**
   * A write races when another work-item stored a different value (the last store wins), or read a value other
   * than this one (it reads one or the other depending on the order).
   */
  store(memory: Memory, address: number, value: number | bigint): void {
    const e = this.entry(memory, address);
    if (!e) return;
    const item = this.current!;
    const otherWriter = [...e.writers].find((w) => w !== item);
    if (otherWriter && !same(e.written, value)) {
      this.race(`${describeWorkItem(item)} stores to element ${address} of ${memory.label}, which ${describeWorkItem(otherWriter)} stored another value to`, e.writerOp, `${describeWorkItem(otherWriter)} stored it here`);
    }
    if (e.reader !== undefined && e.reader !== item && (e.readValue === MIXED || !same(e.readValue, value))) {
      const who = e.reader === MANY ? 'other work-items' : describeWorkItem(e.reader);
      this.race(`${describeWorkItem(item)} stores a new value to element ${address} of ${memory.label}, which ${who} read`, e.readerOp, `${who} read it here`);
    }
    if (otherWriter === undefined) e.writers.clear();
    e.writers.add(item);
    e.written = value;
    e.lastWriter = item;
    e.writerOp = this.currentOp();
  }

  private race(message: string, other: Operation | null, note: string): never {
    const notes = other ? [{ loc: other.loc, message: note }] : [];
    fault(`data race: ${message} with no gpu.barrier between (the result depends on the order the work-items run in)`, { notes });
  }
}
