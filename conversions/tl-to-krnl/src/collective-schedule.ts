// The krnl loop nest of a collective (docs/lowering-tl-to-krnl.md, "The schedule of a collective"):
//
//   krnl.define_loops (m, n, k); krnl.block into work-group tiles (tile-m, tile-n, tile-k), the tiles into register
//   tiles dealt to the work-items (krnl.parallel mapping workitem_x / workitem_y); krnl.permute puts the tile loops
//   outermost; per work-group tile: input tiles staged with krnl.copy_to_tile_buffer (padded past the edges,
//   transposed into the canonical layout), the product by krnl.matmul or explicit loops into an accumulator buffer,
//   then alpha acc + beta out per element, written back with krnl.copy_from_tile_buffer.
//
// Every output element sums over k upwards, tile after tile, and is then scaled and added to beta out: the order of
// the tl interpreter, so the lowered IR computes bit-identical results.
import {
  CopyFromTileBufferOp,
  CopyToTileBufferOp,
  GetInductionVariableValueOp,
  LoadOp as KrnlLoadOp,
  MatMulOp,
  MemsetOp,
  PermuteOp,
  StoreOp as KrnlStoreOp,
  buildIterate,
  type IterateBound,
} from '@tlir/dialect-krnl';
import { AllocaOp } from '@tlir/dialect-memref';
import { ArrayAttr, IndexType, IntegerAttr, IntegerType, MemRefType, StridedLayoutAttr, type Builder, type Type, type Value } from '@tlir/ir';
import { addScalars, castScalar, mulScalars, scalarConstant } from './arith-semantics.js';
import { canonicalAxes, elementType, modelAxes, type Axis, type CollectiveModel, type OperandAccess } from './collective-model.js';
import { addIndex, indexValue, minIndex, subIndex, type IndexLike } from './index-math.js';
import { storeUpdate, updateScalars, type UpdateScalars, type UpdateTarget } from './output-update.js';
import type { TileConfig } from './tile-config.js';
import { dimOf } from './view-patterns.js';
import { blockLoop, defineLoops, markParallelLoops, spreadOverWorkItems, type SpreadLoops } from './work-item-loops.js';

type PerAxis<T> = Partial<Record<Axis, T>>;

const i64Array = (b: Builder, values: readonly number[]): ArrayAttr => {
  const i64 = IntegerType.get(b.context, 64);
  return ArrayAttr.get(
    b.context,
    values.map((v) => IntegerAttr.get(b.context, i64, v)),
  );
};

/** Column-major strides of a static shape (the tensor language's layout, also for tile buffers). */
function columnMajor(shape: readonly number[]): number[] {
  let s = 1;
  return shape.map((n) => {
    const stride = s;
    s *= n;
    return stride;
  });
}

/** `memref.alloca() : memref<AxBxT, strided<[1, A]>>`: a tile buffer. */
function tileBuffer(b: Builder, shape: readonly number[], element: Type): Value {
  const type = MemRefType.get(b.context, shape, element, StridedLayoutAttr.get(b.context, columnMajor(shape), 0));
  return AllocaOp.create(b, { dynamicSizes: [], symbolOperands: [], memref: type }).memref;
}

/** The current index of each loop (`krnl.get_induction_var_value`). */
function inductionValues(b: Builder, loops: readonly Value[]): Value[] {
  const index = IndexType.get(b.context);
  return [...GetInductionVariableValueOp.create(b, { loops, ind_var_vals: loops.map(() => index) }).ind_var_vals];
}

/** `krnl.permute` of `loops` (listed axis by axis, as they were made) to the nest order `order` (none if it is theirs). */
function permute(b: Builder, loops: readonly Value[], order: readonly Value[]): void {
  if (loops.every((l, i) => order[i] === l)) return;
  PermuteOp.create(b, { loops, map: i64Array(b, loops.map((l) => order.indexOf(l))) });
}

/** The loops of a spread, outermost first, and the innermost loop (whose induction variable is the element's index). */
const spreadLoops = (s: SpreadLoops): Value[] => [...s.sequential, ...s.parallel, ...(s.local ? [s.local] : [])];
const innermost = (s: SpreadLoops): Value => s.local ?? s.parallel[s.parallel.length - 1]!;

/** The extents of the iteration space: M (1 for a scalar output), N, K, from the memrefs' shapes. */
function extentsOf(b: Builder, model: CollectiveModel): PerAxis<IndexLike> {
  const extents: PerAxis<IndexLike> = { m: 1 };
  model.output.axes.forEach((a, d) => (extents[a] = dimOf(b, model.output.memref, d)));
  for (const input of model.inputs) {
    const d = input.axes.indexOf('k');
    if (d >= 0 && extents.k === undefined) extents.k = dimOf(b, input.memref, d);
  }
  return extents;
}

/** Builds the loop nest of a collective at the builder's insertion point. */
export function buildCollective(b: Builder, model: CollectiveModel, config: TileConfig): void {
  new CollectiveSchedule(b, model, config).build();
}

class CollectiveSchedule {
  private readonly axes: Axis[];
  private readonly extents: PerAxis<IndexLike>;
  /** M, N, K as values, for krnl.matmul's global upper bounds (made before the loops). */
  private readonly extentValues: Value[];
  private readonly tile: Record<Axis, number>;
  private readonly update: UpdateScalars;
  private readonly zero: Value;
  /** The output's axes, or [m] for a scalar output (m then has one iteration and indexes nothing). */
  private readonly outputAxes: Axis[];
  /** Tile buffers of the inputs (with copies), and the zero their padding is. */
  private readonly inputBuffers: (Value | undefined)[];
  private readonly padValues: (Value | undefined)[];
  /** The C buffer: the accumulators of a reduction, and with copies the tile written back by copy_from_tile_buffer. */
  private readonly cBuffer: Value | undefined;
  /** Results go to the C buffer and back with copy_from_tile_buffer (copies on, not atomic, not a scalar output). */
  private readonly writesBack: boolean;

  constructor(
    private readonly b: Builder,
    private readonly model: CollectiveModel,
    private readonly config: TileConfig,
  ) {
    this.axes = modelAxes(model);
    this.tile = { m: config.tileM, n: config.tileN, k: config.tileK };
    this.outputAxes = model.output.axes.length ? [...model.output.axes] : ['m'];
    // Outside the loops: the extents, the scalars in the compute type, and the buffers (allocated once, reused by
    // every tile).
    this.extents = extentsOf(b, model);
    this.extentValues = config.copy && config.matmul && model.name === 'gemm' ? (['m', 'n', 'k'] as const).map((a) => indexValue(b, this.extents[a]!)) : [];
    this.update = updateScalars(b, model.alpha, model.beta, model.atomic, model.computeType);
    this.zero = scalarConstant(b, model.computeType, 0);
    this.inputBuffers = model.inputs.map((input) => (config.copy ? tileBuffer(b, canonicalAxes(input).map((a) => this.tile[a]), elementType(input.memref)) : undefined));
    this.padValues = model.inputs.map((input) => (config.copy ? scalarConstant(b, elementType(input.memref), 0) : undefined));
    this.writesBack = config.copy && !model.atomic && model.output.axes.length > 0;
    this.cBuffer = model.reduces || this.writesBack ? tileBuffer(b, this.outputAxes.map((a) => this.tile[a]), model.computeType) : undefined;
  }

  build(): void {
    const { b, model, config, axes } = this;
    const original = defineLoops(b, axes.length);
    const loop = (a: Axis): Value => original[axes.indexOf(a)]!;
    // Work-group tiles, then the register tiles of the work-items within a tile.
    const [mTile, mLocal] = blockLoop(b, loop('m'), config.tileM);
    const mSpread = spreadOverWorkItems(b, mLocal, config.tileM, config.dimsM, config.registerM);
    let nTile: Value | undefined;
    let nSpread: SpreadLoops | undefined;
    if (axes.includes('n')) {
      const [tile, local] = blockLoop(b, loop('n'), config.tileN);
      nTile = tile;
      nSpread = spreadOverWorkItems(b, local, config.tileN, config.dimsN, config.registerN);
    }
    let kTile: Value | undefined;
    let kLocal: Value | undefined;
    if (axes.includes('k')) [kTile, kLocal] = blockLoop(b, loop('k'), config.tileK);
    const tiles = [mTile, ...(nTile ? [nTile] : []), ...(kTile ? [kTile] : [])];
    const workItems = [...mSpread.sequential, ...(nSpread?.sequential ?? []), ...mSpread.parallel, ...(nSpread?.parallel ?? [])];
    const locals = [...(kLocal ? [kLocal] : []), ...(nSpread?.local ? [nSpread.local] : []), ...(mSpread.local ? [mSpread.local] : [])];
    const made = [mTile, ...spreadLoops(mSpread), ...(nTile ? [nTile, ...spreadLoops(nSpread!)] : []), ...(kTile ? [kTile, kLocal!] : [])];
    permute(b, made, [...tiles, ...workItems, ...locals]);
    markParallelLoops(b, mSpread, ...(nSpread ? [nSpread] : []));

    const bindings = axes.map((a) => ({ loop: loop(a), lowerBound: 0 as IterateBound, upperBound: this.bound(a) }));
    buildIterate(b, {
      loops: nTile ? [mTile, nTile] : [mTile],
      bindings,
      body: () => {
        const starts = inductionValues(b, nTile ? [mTile, nTile] : [mTile]);
        const start: PerAxis<Value> = { m: starts[0]!, ...(nTile ? { n: starts[1]! } : {}) };
        if (model.reduces) {
          MemsetOp.create(b, { dest: this.cBuffer!, value: this.zero });
          this.copyInputs(start, false);
          buildIterate(b, {
            loops: [kTile!],
            bindings: [],
            body: () => {
              start.k = inductionValues(b, [kTile!])[0]!;
              this.copyInputs(start, true);
              buildIterate(b, {
                loops: workItems,
                bindings: [],
                body: () => this.accumulate(start, mSpread, nSpread, kLocal!),
              });
            },
          });
          this.epilogue(start);
        } else {
          this.copyInputs(start, false);
          const elementLoops = [...workItems, ...(nSpread?.local ? [nSpread.local] : []), ...(mSpread.local ? [mSpread.local] : [])];
          buildIterate(b, {
            loops: elementLoops,
            bindings: [],
            body: () => {
              const idx = this.elementIndices([innermost(mSpread), ...(nSpread ? [innermost(nSpread)] : [])], ['m', 'n']);
              const rel = this.copyOrBuffer() ? this.relative(start, idx) : {};
              this.store(idx, this.x(idx, rel), this.writesBack ? this.bufferIndices(rel) : []);
            },
          });
        }
        if (this.writesBack) {
          CopyFromTileBufferOp.create(b, { buffer: this.cBuffer!, dest: model.output.memref, starts: model.output.axes.map((a) => start[a]!) });
        }
      },
    });
  }

  /** Whether a point's indices within the tile are needed (tile buffers of the inputs or of C). */
  private copyOrBuffer(): boolean {
    return this.cBuffer !== undefined || this.inputBuffers.some((x) => x !== undefined);
  }

  /** The upper bound of an axis for krnl.iterate. */
  private bound(a: Axis): IterateBound {
    return this.extents[a] ?? 1;
  }

  /** The indices of the elements of a nest: the induction variables of each axis's innermost loop. */
  private elementIndices(loops: readonly Value[], axes: readonly Axis[]): PerAxis<Value> {
    const values = inductionValues(this.b, loops);
    const idx: PerAxis<Value> = {};
    values.forEach((v, i) => (idx[axes[i]!] = v));
    return idx;
  }

  /**
   * Stages the tiles of the inputs that have the reduction axis (`withK`) or not: `krnl.copy_to_tile_buffer` from
   * where the tile starts in the input, padded with zeros past its edges, transposed when the input's modes are
   * the canonical order's (m before k before n) swapped, so that the buffer's first (contiguous) mode is m (k for B).
   */
  private copyInputs(start: PerAxis<Value>, withK: boolean): void {
    const { b, model } = this;
    model.inputs.forEach((input, i) => {
      const buffer = this.inputBuffers[i];
      if (!buffer || input.axes.includes('k') !== withK) return;
      const canonical = canonicalAxes(input);
      CopyToTileBufferOp.create(b, {
        buffer,
        source: input.memref,
        starts: input.axes.map((a) => start[a]!),
        padValue: this.padValues[i]!,
        padToNext: i64Array(b, (buffer.type as MemRefType).shape),
        transpose: IntegerAttr.getBool(b.context, canonical.some((a, d) => a !== input.axes[d])),
      });
    });
  }

  /** The indices of a point within the work-group tile (and K tile): idx - start, per axis (one subtraction each). */
  private relative(start: PerAxis<Value>, idx: PerAxis<Value>): PerAxis<Value> {
    const rel: PerAxis<Value> = {};
    for (const a of Object.keys(idx) as Axis[]) rel[a] = indexValue(this.b, subIndex(this.b, idx[a]!, start[a]!));
    return rel;
  }

  /** An input's element at `idx` (`rel` in the tile), from its tile buffer or the input, converted to the compute type. */
  private load(i: number, idx: PerAxis<Value>, rel: PerAxis<Value>): Value {
    const { b, model } = this;
    const input: OperandAccess = model.inputs[i]!;
    const buffer = this.inputBuffers[i];
    const value = buffer
      ? KrnlLoadOp.create(b, { memref: buffer, indices: canonicalAxes(input).map((a) => rel[a]!) }).result
      : KrnlLoadOp.create(b, { memref: input.memref, indices: input.axes.map((a) => idx[a]!) }).result;
    return castScalar(b, value, model.computeType);
  }

  /** The summand (reduction) or x (otherwise) at one point: a * b, or a. */
  private x(idx: PerAxis<Value>, rel: PerAxis<Value>): Value {
    const a = this.load(0, idx, rel);
    return this.model.product ? mulScalars(this.b, a, this.load(1, idx, rel)) : a;
  }

  /** The indices of an output element in the C buffer. */
  private bufferIndices(rel: PerAxis<Value>): Value[] {
    return this.outputAxes.map((a) => rel[a]!);
  }

  /** acc += the products of one work-item's register tile over one K tile (krnl.matmul, or loops k, n, m). */
  private accumulate(start: PerAxis<Value>, mSpread: SpreadLoops, nSpread: SpreadLoops | undefined, kLocal: Value): void {
    const { b, model, config } = this;
    const sameTypes = model.inputs.every((i) => elementType(i.memref) === model.computeType);
    if (model.name === 'gemm' && config.copy && config.matmul && sameTypes && mSpread.local && nSpread?.local) {
      const [i2, j2] = inductionValues(b, [mSpread.parallel[mSpread.parallel.length - 1]!, nSpread.parallel[nSpread.parallel.length - 1]!]);
      MatMulOp.create(b, {
        A: this.inputBuffers[0]!,
        aGlobalIndexMemStart: [start.m!, start.k!],
        B: this.inputBuffers[1]!,
        bGlobalIndexMemStart: [start.k!, start.n!],
        C: this.cBuffer!,
        cGlobalIndexMemStart: [start.m!, start.n!],
        loops: [mSpread.local, nSpread.local, kLocal],
        iGlobalIndexComputeStart: i2!,
        jGlobalIndexComputeStart: j2!,
        kGlobalIndexComputeStart: start.k!,
        iGlobalUB: this.extentValues[0]!,
        jGlobalUB: this.extentValues[1]!,
        kGlobalUB: this.extentValues[2]!,
        computeTileSize: i64Array(b, [config.registerM, config.registerN, config.tileK]),
        simdize: IntegerAttr.getBool(b.context, false),
        unroll: IntegerAttr.getBool(b.context, false),
      });
      return;
    }
    const loops = [kLocal, ...(nSpread ? [innermost(nSpread)] : []), innermost(mSpread)];
    const own = [kLocal, ...(nSpread?.local ? [nSpread.local] : []), ...(mSpread.local ? [mSpread.local] : [])];
    buildIterate(b, {
      loops: own,
      bindings: [],
      body: () => {
        const idx = this.elementIndices(loops, nSpread ? ['k', 'n', 'm'] : ['k', 'm']);
        const rel = this.relative(start, idx);
        const at = this.bufferIndices(rel);
        const acc = KrnlLoadOp.create(b, { memref: this.cBuffer!, indices: at }).result;
        KrnlStoreOp.create(b, { value: addScalars(b, acc, this.x(idx, rel)), memref: this.cBuffer!, indices: at });
      },
    });
  }

  /**
   * After the K tiles: every element of the work-group tile, dealt to the work-items as the accumulation was, is
   * updated with its accumulator (loops of their own: the accumulation's ran inside the K tile loop).
   */
  private epilogue(start: PerAxis<Value>): void {
    const { b, config, outputAxes } = this;
    const loops = defineLoops(b, outputAxes.length);
    const spreads = outputAxes.map((a, i) =>
      a === 'm' ? spreadOverWorkItems(b, loops[i]!, config.tileM, config.dimsM, config.registerM) : spreadOverWorkItems(b, loops[i]!, config.tileN, config.dimsN, config.registerN),
    );
    const order = [...spreads.flatMap((s) => s.sequential), ...spreads.flatMap((s) => s.parallel), ...[...spreads].reverse().flatMap((s) => (s.local ? [s.local] : []))];
    permute(b, spreads.flatMap(spreadLoops), order);
    markParallelLoops(b, ...spreads);
    const bindings = outputAxes.map((a, i) => {
      const end = minIndex(b, addIndex(b, start[a]!, this.tile[a]), this.bound(a) as IndexLike);
      return { loop: loops[i]!, lowerBound: start[a]! as IterateBound, upperBound: end as IterateBound };
    });
    buildIterate(b, {
      loops: order,
      bindings,
      body: (_b, ivs) => {
        const idx: PerAxis<Value> = {};
        outputAxes.forEach((a, i) => (idx[a] = ivs[i]!));
        const at = this.bufferIndices(this.relative(start, idx));
        this.store(idx, KrnlLoadOp.create(b, { memref: this.cBuffer!, indices: at }).result, at);
      },
    });
  }

  /**
   * out := alpha x + beta out for the element at `idx`; into the C buffer at `at` when results are written back with
   * copy_from_tile_buffer.
   */
  private store(idx: PerAxis<Value>, x: Value, at: readonly Value[]): void {
    const { model } = this;
    const target: UpdateTarget = {
      out: model.output.memref,
      indices: model.output.axes.map((a) => idx[a]!),
      ...(this.writesBack ? { buffer: { memref: this.cBuffer!, indices: at } } : {}),
    };
    storeUpdate(this.b, this.update, x, target);
  }
}
