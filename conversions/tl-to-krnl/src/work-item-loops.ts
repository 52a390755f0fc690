// Loop handles spread over the work-items of a work-group: krnl.block splits a loop into consecutive chunks, and
// krnl.parallel with a `workitem_*` mapping gives each chunk of a level to one work-item. Shared by the collectives
// (register tiles of the output) and foreach (single iterations).
import { BlockOp, DefineLoopsOp, LoopType, ParallelOp, ProcessorAttr, type Processor } from '@tlir/dialect-krnl';
import { IntegerAttr, IntegerType, type Builder, type Value } from '@tlir/ir';

/** One processor dimension the iterations are spread over, and how many work-items it has. */
export interface WorkItemDimension {
  readonly processor: Processor;
  readonly count: number;
}

/** The loops a spread produces, outermost first. */
export interface SpreadLoops {
  /** Loops every work-item runs in turn (rounds), when the iterations may outnumber the work-items' chunks. */
  readonly sequential: readonly Value[];
  /** One loop per dimension, each mapped to it: a work-item runs one iteration of each. */
  readonly parallel: readonly Value[];
  /** The processor dimension of each parallel loop (see `markParallelLoops`). */
  readonly processors: readonly Processor[];
  /** The iterations of one work-item's chunk (its register tile), when a chunk has more than one. */
  readonly local: Value | undefined;
}

/** `n` fresh loop handles (`krnl.define_loops n`). */
export function defineLoops(b: Builder, n: number): Value[] {
  const loop = LoopType.get(b.context, {});
  const d = DefineLoopsOp.create(b, { loops: Array.from({ length: n }, () => loop), num_loops: IntegerAttr.get(b.context, IntegerType.get(b.context, 64), n) });
  return [...d.loops];
}

/** `krnl.block %loop tile`: the loop over chunks of `tile` iterations and the loop within a chunk. */
export function blockLoop(b: Builder, loop: Value, tile: number): [Value, Value] {
  const type = LoopType.get(b.context, {});
  const blocked = BlockOp.create(b, { loop, loop_block: type, loop_local: type, tile_size: IntegerAttr.get(b.context, IntegerType.get(b.context, 64), tile) });
  return [blocked.loop_block, blocked.loop_local];
}

/** `krnl.parallel %loop mapping <processor>`. */
export function markParallel(b: Builder, loop: Value, processor: Processor): void {
  ParallelOp.create(b, { loop, mapping: ProcessorAttr.get(b.context, { value: processor }) });
}

/**
 * Spreads the iterations of `loop` over work-items: chunks of `register` consecutive iterations, dealt to the
 * work-items of `dims` (outermost dimension first: the last one's work-items take consecutive chunks). `extent`,
 * the loop's number of iterations when known, decides whether a sequential loop of rounds is needed (when the
 * iterations may outnumber the work-items' chunks). Each parallel loop has at most its dimension's count of
 * iterations, so a later mapping to thread ids needs no loop of its own. The parallel loops are marked by
 * `markParallelLoops`, after any krnl.permute (krnl.parallel comes last before krnl.iterate).
 */
export function spreadOverWorkItems(b: Builder, loop: Value, extent: number | undefined, dims: readonly WorkItemDimension[], register: number): SpreadLoops {
  const items = dims.reduce((n, d) => n * d.count, 1);
  const sequential: Value[] = [];
  let rest = loop;
  if (extent === undefined || extent > items * register) {
    const [round, within] = blockLoop(b, rest, items * register);
    sequential.push(round);
    rest = within;
  }
  const parallel: Value[] = [];
  const processors = dims.map((d) => d.processor);
  for (let i = 0; i < dims.length; i++) {
    const chunk = dims.slice(i + 1).reduce((n, d) => n * d.count, 1) * register;
    if (chunk === 1) {
      // The last dimension with single iterations: the loop itself is spread (no loop of one iteration inside).
      parallel.push(rest);
      return { sequential, parallel, processors, local: undefined };
    }
    const [tile, within] = blockLoop(b, rest, chunk);
    parallel.push(tile);
    rest = within;
  }
  return { sequential, parallel, processors, local: rest };
}

/** `krnl.parallel %l mapping workitem_*` for each parallel loop of spreads. */
export function markParallelLoops(b: Builder, ...spreads: readonly SpreadLoops[]): void {
  for (const s of spreads) s.parallel.forEach((loop, i) => markParallel(b, loop, s.processors[i]!));
}

/**
 * The work-item dimensions of a work-group of size (x, y) for a one-dimensional range: y outer, x inner, so that
 * consecutive iterations go to consecutive work-items along x (y is left out when it is 1).
 */
export function linearDimensions(x: number, y: number): WorkItemDimension[] {
  return y > 1 ? [{ processor: 'workitem_y', count: y }, { processor: 'workitem_x', count: x }] : [{ processor: 'workitem_x', count: x }];
}
