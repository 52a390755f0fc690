/**
 * How long each dispatch of a launch took: with timestamp queries written at the start and end of each compute
 * pass when the device has 'timestamp-query', else with the wall clock from submitting a pass until the queue
 * reports it done (which also counts the submission and the wait, and says so in `method`).
 */
import { BufferUsage, MapMode } from './gpu-constants.js';

export interface LaunchTiming {
  readonly method: 'timestamp-query' | 'wall-clock';
  /**
   * One duration per repetition, in nanoseconds (timestamps may be quantized by the implementation); with timed
   * batches and no timestamps, each batch's wall time shared out among its repetitions.
   */
  readonly nanoseconds: readonly number[];
  /**
   * With LaunchOptions.batches: each batch's wall time (nanoseconds, from its recording to the queue's completion)
   * and, with a batchClock, that clock's seconds during it.
   */
  readonly batches?: { readonly wallNanoseconds: readonly number[]; readonly clockSeconds?: readonly number[] };
}

/** A pair of timestamps around each of `passes` compute passes, resolved into a readable buffer. */
export class PassTimestamps {
  private readonly querySet: GPUQuerySet;
  private readonly resolved: GPUBuffer;
  private readonly readable: GPUBuffer;
  /** The passes resolved and read (all of them unless limit() says fewer ran). */
  private used: number;

  constructor(
    device: GPUDevice,
    private readonly passes: number,
  ) {
    this.used = passes;
    const bytes = passes * 2 * 8;
    this.querySet = device.createQuerySet({ type: 'timestamp', count: passes * 2, label: 'pass timestamps' });
    this.resolved = device.createBuffer({ size: bytes, usage: BufferUsage.QUERY_RESOLVE | BufferUsage.COPY_SRC });
    this.readable = device.createBuffer({ size: bytes, usage: BufferUsage.MAP_READ | BufferUsage.COPY_DST });
  }

  /** The timestampWrites of pass `index`. */
  writesFor(index: number): GPUComputePassTimestampWrites {
    return { querySet: this.querySet, beginningOfPassWriteIndex: 2 * index, endOfPassWriteIndex: 2 * index + 1 };
  }

  /** Only the first `passes` passes ran (a launch whose batches stopped early): resolve and read those. */
  limit(passes: number): void {
    this.used = Math.max(0, Math.min(this.passes, passes));
  }

  /** Records the resolution of every query of the passes run into the readable buffer (after the passes). */
  resolve(encoder: GPUCommandEncoder): void {
    if (this.used === 0) return;
    encoder.resolveQuerySet(this.querySet, 0, this.used * 2, this.resolved, 0);
    encoder.copyBufferToBuffer(this.resolved, 0, this.readable, 0, this.used * 16);
  }

  /** The duration of each pass, once the submission that resolved them has run. */
  async read(): Promise<number[]> {
    await this.readable.mapAsync(MapMode.READ);
    const stamps = new BigInt64Array(this.readable.getMappedRange().slice(0));
    this.readable.unmap();
    const durations: number[] = [];
    for (let i = 0; i < this.used; i++) durations.push(Math.max(0, Number(stamps[2 * i + 1]! - stamps[2 * i]!)));
    return durations;
  }

  destroy(): void {
    this.querySet.destroy();
    this.resolved.destroy();
    this.readable.destroy();
  }
}
