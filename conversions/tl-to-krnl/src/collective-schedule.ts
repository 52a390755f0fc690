// The krnl loop nest of a collective (docs/lowering-tl-to-krnl.md, "The schedule of a collective"). Reductions
// (gemm, gemv, sum) keep each work-item's accumulators in registers: reduction-schedule.ts. The others (ger,
// hadamard_product, axpby), element by element:
//
//   krnl.define_loops (m, n); krnl.block into work-group tiles (tile-m, tile-n), the tiles into register tiles dealt
//   to the work-items (krnl.parallel mapping workitem_x / workitem_y); krnl.permute puts the tile loops outermost (m
//   outer, or n with loop-order=n,m,k);
//   per work-group tile: input tiles staged with krnl.copy_to_tile_buffer (padded past the edges, transposed into
//   the canonical layout) when copies are on, then alpha x + beta out per element, into a C tile buffer written back
//   with krnl.copy_from_tile_buffer (copies on) or into the output. The register tile's loops are unrolled
//   (krnl.unroll) when it has at most MAX_UNROLLED_REGISTERS elements.
import { CopyFromTileBufferOp, CopyToTileBufferOp, GetInductionVariableValueOp, LoadOp as KrnlLoadOp, PermuteOp, UnrollOp, buildIterate, type IterateBound } from '@tlir/dialect-krnl';
import { IndexType, IntegerAttr, MemRefType, type Builder, type Value } from '@tlir/ir';
import { castScalar, mulScalars, scalarConstant } from './arith-semantics.js';
import { canonicalAxes, elementType, modelAxes, type Axis, type CollectiveModel, type OperandAccess } from './collective-model.js';
import { indexValue, subIndex, type IndexLike } from './index-math.js';
import { MAX_UNROLLED_REGISTERS, buildReduction } from './reduction-schedule.js';
import { storeUpdate, updateScalars, type UpdateScalars, type UpdateTarget } from './output-update.js';
import type { TileConfig } from './tile-config.js';
import { columnMajorBuffer, extentsOf, i64Array, type PerAxis } from './schedule-building.js';
import { blockLoop, defineLoops, markParallelLoops, spreadOverWorkItems, type SpreadLoops } from './work-item-loops.js';

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

/** Builds the loop nest of a collective at the builder's insertion point (with a gemm fused into it: gemm-fusion.ts). */
export function buildCollective(b: Builder, model: CollectiveModel, config: TileConfig, producer?: CollectiveModel): void {
  if (model.reduces) buildReduction(b, model, config, producer);
  else new CollectiveSchedule(b, model, config).build();
}

class CollectiveSchedule {
  private readonly axes: Axis[];
  private readonly extents: PerAxis<IndexLike>;
  private readonly tile: Record<Axis, number>;
  private readonly update: UpdateScalars;
  /** The output's axes. */
  private readonly outputAxes: Axis[];
  /** Tile buffers of the inputs (with copies), and the zero their padding is. */
  private readonly inputBuffers: (Value | undefined)[];
  private readonly padValues: (Value | undefined)[];
  /** The C buffer, with copies: the tile written back by copy_from_tile_buffer. */
  private readonly cBuffer: Value | undefined;
  /** Results go to the C buffer and back with copy_from_tile_buffer (copies on, not atomic). */
  private readonly writesBack: boolean;

  constructor(
    private readonly b: Builder,
    private readonly model: CollectiveModel,
    private readonly config: TileConfig,
  ) {
    this.axes = modelAxes(model);
    this.tile = { m: config.tileM, n: config.tileN, k: config.tileK };
    this.outputAxes = [...model.output.axes];
    // Outside the loops: the extents, the scalars in the compute type, and the buffers (allocated once, reused by
    // every tile).
    this.extents = extentsOf(b, model);
    this.update = updateScalars(b, model.alpha, model.beta, model.atomic, model.computeType);
    this.inputBuffers = model.inputs.map((input) => (config.copy ? columnMajorBuffer(b, canonicalAxes(input).map((a) => this.tile[a]), elementType(input.memref)) : undefined));
    this.padValues = model.inputs.map((input) => (config.copy ? scalarConstant(b, elementType(input.memref), 0) : undefined));
    this.writesBack = config.copy && !model.atomic;
    this.cBuffer = this.writesBack ? columnMajorBuffer(b, this.outputAxes.map((a) => this.tile[a]), model.computeType) : undefined;
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
    const tiles = [mTile, ...(nTile ? [nTile] : [])];
    const workItems = [...mSpread.sequential, ...(nSpread?.sequential ?? []), ...mSpread.parallel, ...(nSpread?.parallel ?? [])];
    const locals = [...(nSpread?.local ? [nSpread.local] : []), ...(mSpread.local ? [mSpread.local] : [])];
    const made = [mTile, ...spreadLoops(mSpread), ...(nTile ? [nTile, ...spreadLoops(nSpread!)] : [])];
    // The tile loops outermost, in the loop order (n outer: the column of tiles first).
    const tileOrder = nTile && config.loopOrder === 'n,m,k' ? [nTile, mTile] : tiles;
    permute(b, made, [...tileOrder, ...workItems, ...locals]);
    markParallelLoops(b, mSpread, ...(nSpread ? [nSpread] : []));
    // The register tile's loops unrolled when it is small: straight-line code, no loop per element (on SwiftShader
    // the batched axpby took a third less CPU time; bench/README.md).
    if (config.registerM * (nSpread ? config.registerN : 1) <= MAX_UNROLLED_REGISTERS) for (const l of locals) UnrollOp.create(b, { loop: l });

    const bindings = axes.map((a) => ({ loop: loop(a), lowerBound: 0 as IterateBound, upperBound: this.bound(a) }));
    buildIterate(b, {
      loops: tiles,
      bindings,
      body: () => {
        const starts = inductionValues(b, tiles);
        const start: PerAxis<Value> = { m: starts[0]!, ...(nTile ? { n: starts[1]! } : {}) };
        this.copyInputs(start);
        buildIterate(b, {
          loops: [...workItems, ...locals],
          bindings: [],
          body: () => {
            const idx = this.elementIndices([innermost(mSpread), ...(nSpread ? [innermost(nSpread)] : [])], ['m', 'n']);
            const rel = this.copyOrBuffer() ? this.relative(start, idx) : {};
            this.store(idx, this.x(idx, rel), this.writesBack ? this.bufferIndices(rel) : []);
          },
        });
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
   * Stages the tile of each input: `krnl.copy_to_tile_buffer` from where the tile starts in the input, padded with
   * zeros past its edges, transposed when the input's modes are the canonical order's (m before n) swapped, so that
   * the buffer's first (contiguous) mode is m.
   */
  private copyInputs(start: PerAxis<Value>): void {
    const { b, model } = this;
    model.inputs.forEach((input, i) => {
      const buffer = this.inputBuffers[i];
      if (!buffer) return;
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

  /** The indices of a point within the work-group tile: idx - start, per axis (one subtraction each). */
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

  /** x at one point: a * b, or a. */
  private x(idx: PerAxis<Value>, rel: PerAxis<Value>): Value {
    const a = this.load(0, idx, rel);
    return this.model.product ? mulScalars(this.b, a, this.load(1, idx, rel)) : a;
  }

  /** The indices of an output element in the C buffer. */
  private bufferIndices(rel: PerAxis<Value>): Value[] {
    return this.outputAxes.map((a) => rel[a]!);
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
