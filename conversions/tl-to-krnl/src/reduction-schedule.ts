// The krnl loop nest of a reduction (gemm, gemv, sum) with each work-item's accumulators in registers
// (docs/lowering-tl-to-krnl.md, "Reductions: register tiles"):
//
//   the work-group tiles (tile-m x tile-n) as a krnl loop nest; inside, the work-items as parallel loops of their own
//   (0 to the work-group size along x and y, mapped to workitem_x / workitem_y), each work-item holding its register
//   tile (register-m x register-n accumulators) in a small memref.alloca, zeroed, summed over all of K (k upwards,
//   tile after tile) and then written straight to the output as alpha acc + beta out. Loads of A and B go to small
//   register buffers first (one load per element and k, each reused across the register tile). The register-tile
//   loops are unrolled (krnl.unroll) when the tile is small, so that every register index is a constant and the
//   buffers can become scalars (sroa) and registers.
//
// Two ways to read the inputs:
//   - direct (copy off): every work-item loads A and B from their memrefs; the whole reduction runs inside the
//     work-items' parallel loops, the accumulators allocated there (private memory).
//   - staged (copy on): per K tile, the tiles of A and B are copied into tile buffers the work-group shares
//     (krnl.copy_to_tile_buffer, padded with zeros), and the work-items read them. The copies are the work-group's
//     code, so the K tile loop runs outside the work-items' loops and the accumulators live across it: one buffer
//     for all of them, indexed by the work-item's position (its parallel loops' induction variables), which
//     gpu-promote-workgroup-memory makes each work-item's private buffer.
//
// With matmul=true (a gemm), a krnl.matmul computes the register tile's products instead of the register loads and
// the multiply-adds: C += A B with C the work-item's accumulators (a register tile, rows m by columns n), over all of
// K from A and B themselves (direct; A must be m x k and B k x n in memory) or over the K tile from the tile buffers
// (staged; the accumulators' register modes then come last, where krnl.matmul takes C's rows and columns). It cuts
// its loops at the output's and K's ends (onnx-mlir's semantics, ../../krnl-to-scf/src/lower-matmul.ts), and sums
// each element over k upwards from the accumulator (acc = a b + acc): the same sums as the loops, bit for bit.
//
// Edges: a work-item whose register tile starts past the output's (or the work-group tile's) end does nothing; a
// register tile that straddles the output's edge loads clamped indices (min(i, M - 1): real elements, whose sums no
// one stores) and stores only its elements inside the output. Nothing of this is emitted where static extents are
// multiples of the tiles. Every output element sums over k upwards from zero, then alpha acc, then + beta out: the
// interpreter's order, bit for bit.
import { AndIOp } from '@tlir/dialect-arith';
import { IfOp, YieldOp } from '@tlir/dialect-scf';
import { LoadOp as KrnlLoadOp, StoreOp as KrnlStoreOp, CopyToTileBufferOp, GetInductionVariableValueOp, MatMulOp, PermuteOp, UnrollOp, buildIterate, type IterateBound } from '@tlir/dialect-krnl';
import { DYNAMIC, IndexType, IntegerAttr, MemRefType, StridedLayoutAttr, type Builder, type Value } from '@tlir/ir';
import { addScalars, castScalar, compareScalars, mulScalars, scalarConstant } from './arith-semantics.js';
import { canonicalAxes, elementType, type Axis, type CollectiveModel, type OperandAccess } from './collective-model.js';
import { addIndex, indexValue, minIndex, mulIndex, subIndex, type IndexLike } from './index-math.js';
import { unitStrideSubview } from './view-patterns.js';
import { storeUpdate, updateScalars, type UpdateScalars } from './output-update.js';
import type { TileConfig } from './tile-config.js';
import { columnMajorBuffer, extentsOf, i64Array, type PerAxis } from './schedule-building.js';
import { blockLoop, defineLoops, markParallel, type WorkItemDimension } from './work-item-loops.js';
import { ifThenElse, loadVector, minorView, vectorCondition, vectorPlan, type VectorPlan } from './vector-loads.js';

/** Register tiles (with their rounds, when staged) of at most this many accumulators are unrolled. */
export const MAX_UNROLLED_REGISTERS = 64;

/** How one output axis (m or n) is dealt to the work-items. */
interface AxisPlan {
  readonly axis: Axis;
  /** The work-group tile and the register tile along the axis. */
  readonly tile: number;
  readonly register: number;
  /** The work-item dimensions along the axis (outermost first: the last one's work-items take consecutive tiles). */
  readonly dims: readonly WorkItemDimension[];
  /** The work-items along the axis (the product of the dimensions' counts). */
  readonly items: number;
  /** Rounds of register tiles per work-item to cover the work-group tile. */
  readonly rounds: number;
  /** The output's extent along the axis. */
  readonly extent: IndexLike;
  /** In the last round some work-items' register tiles start past the work-group tile's end. */
  readonly partialRound: boolean;
  /** A work-group tile may end past the extent (dynamic, or not a multiple of the tile). */
  readonly partialTile: boolean;
  /** A register tile may end past the extent (dynamic, or not a multiple of the register tile). */
  readonly partialRegister: boolean;
}

const multipleOf = (extent: IndexLike, n: number): boolean => typeof extent === 'number' && extent % n === 0;

function axisPlan(axis: Axis, tile: number, register: number, dims: readonly WorkItemDimension[], extent: IndexLike): AxisPlan {
  const items = dims.reduce((n, d) => n * d.count, 1);
  const rounds = Math.ceil(tile / (items * register));
  return {
    axis,
    tile,
    register,
    dims,
    items,
    rounds,
    extent,
    partialRound: tile % (items * register) !== 0,
    partialTile: !multipleOf(extent, tile),
    partialRegister: !multipleOf(extent, register),
  };
}

/** `x < y` on indices (arith.cmpi slt). */
const lessThan = (b: Builder, x: IndexLike, y: IndexLike): Value => compareScalars(b, 'lt', indexValue(b, x), indexValue(b, y));

const andI1 = (b: Builder, x: Value, y: Value): Value => AndIOp.create(b, { lhs: x, rhs: y, result: x.type }).result;

/** `scf.if %cond { body }` (no results). */
function ifThen(b: Builder, cond: Value | undefined, body: () => void): void {
  if (!cond) return body();
  const op = IfOp.create(b, { condition: cond, results: [] }).op;
  b.withInsertionPoint(() => {
    b.createBlock(op.regions[0]!);
    body();
    YieldOp.create(b, { results: [] });
  });
  b.withInsertionPoint(() => {
    b.createBlock(op.regions[1]!);
    YieldOp.create(b, { results: [] });
  });
}

/** Conjunction of conditions (undefined: always true). */
function all(b: Builder, conds: readonly (Value | undefined)[]): Value | undefined {
  let result: Value | undefined;
  for (const c of conds) if (c) result = result ? andI1(b, result, c) : c;
  return result;
}

/**
 * Builds the loop nest of a reduction at the builder's insertion point. With a vector width whose loads apply
 * (vector-loads.ts): the nest with vector loads where the types prove them aligned, else both nests under an scf.if
 * of the run-time check, the scalar one as the fallback. With a gemm fused into it (gemm-fusion.ts, which fuses only
 * at vector width 1), its A comes from the producer's rows computed per work-item.
 */
export function buildReduction(b: Builder, model: CollectiveModel, config: TileConfig, producer?: CollectiveModel): void {
  const plan = producer ? undefined : vectorPlan(model, config);
  const aligned = plan ? vectorCondition(b, model, plan) : false;
  if (!plan || aligned === false) return new ReductionSchedule(b, model, config, producer).build();
  if (aligned === true) return new ReductionSchedule(b, model, config, undefined, plan).build();
  ifThenElse(
    b,
    aligned,
    () => new ReductionSchedule(b, model, config, undefined, plan).build(),
    () => new ReductionSchedule(b, model, config).build(),
  );
}

/** Where one work-item's register tile is, in one round: its first index and its index in the work-group tile, per axis. */
interface RegisterTile {
  readonly first: PerAxis<Value>;
  readonly relative: PerAxis<IndexLike>;
  /** The round's indices into the accumulators (staged) or none. */
  readonly rounds: readonly IndexLike[];
  /** The induction variables of the work-items' loops (the accumulators' last indices when staged). */
  readonly workItems: readonly Value[];
}

class ReductionSchedule {
  private readonly plans: AxisPlan[];
  private readonly extents: PerAxis<IndexLike>;
  private readonly update: UpdateScalars;
  private readonly zero: Value;
  /** Extent - 1 along the axes whose register tiles may straddle the edge (the clamp of their loads). */
  private readonly last: PerAxis<IndexLike> = {};
  private readonly staged: boolean;
  private readonly inputBuffers: (Value | undefined)[];
  private readonly padValues: (Value | undefined)[];
  /** The accumulators of every work-item (staged only): [registers..., rounds..., work-items...]. */
  private readonly accumulators: Value | undefined;
  private readonly unrollRegisters: boolean;
  private readonly unrollRounds: boolean;

  /** The views the vector loads read (vector-loads.ts minorView), by input; none without a vector plan. */
  private readonly minorViews: (Value | undefined)[];

  constructor(
    private readonly b: Builder,
    private readonly model: CollectiveModel,
    private readonly config: TileConfig,
    /** A gemm fused into this one (gemm-fusion.ts): its result is this gemm's A, computed per work-item. */
    private readonly producer?: CollectiveModel,
    private readonly vector?: VectorPlan,
  ) {
    this.extents = extentsOf(b, model);
    const outputAxes: Axis[] = model.output.axes.length ? [...model.output.axes] : ['m'];
    this.plans = outputAxes.map((a) =>
      a === 'm'
        ? axisPlan('m', config.tileM, config.registerM, config.dimsM, this.extents.m!)
        : axisPlan('n', config.tileN, config.registerN, config.dimsN, this.extents.n!),
    );
    this.update = updateScalars(b, model.alpha, model.beta, model.atomic, model.computeType);
    this.zero = scalarConstant(b, model.computeType, 0);
    this.staged = config.copy;
    for (const p of this.plans) if (p.partialRegister && !this.staged) this.last[p.axis] = subIndex(b, p.extent, 1);
    const registers = this.plans.reduce((n, p) => n * p.register, 1);
    const rounds = this.plans.reduce((n, p) => n * p.rounds, 1);
    this.unrollRegisters = registers <= MAX_UNROLLED_REGISTERS;
    this.unrollRounds = this.unrollRegisters && registers * rounds <= MAX_UNROLLED_REGISTERS;
    this.inputBuffers = model.inputs.map((input) => (this.staged ? columnMajorBuffer(b, canonicalAxes(input).map((a) => this.tileOf(a)), elementType(input.memref)) : undefined));
    this.padValues = model.inputs.map((input) => (this.staged ? scalarConstant(b, elementType(input.memref), 0) : undefined));
    const accumulatorModes = [this.plans.map((p) => p.register), this.plans.map((p) => p.rounds), this.plans.flatMap((p) => p.dims.map((d) => d.count))];
    // krnl.matmul takes C's rows and columns from its last two modes: there the register modes go last.
    if (config.matmul) accumulatorModes.push(accumulatorModes.shift()!);
    this.accumulators = this.staged ? columnMajorBuffer(b, accumulatorModes.flat(), model.computeType) : undefined;
    this.minorViews = model.inputs.map((input, i) => (vector?.inputs.includes(i) ? minorView(b, input.memref) : undefined));
  }

  private tileOf(a: Axis): number {
    return a === 'm' ? this.config.tileM : a === 'n' ? this.config.tileN : this.config.tileK;
  }

  private plan(a: Axis): AxisPlan | undefined {
    return this.plans.find((p) => p.axis === a);
  }

  build(): void {
    const { b, plans } = this;
    // The work-group tiles: the output's axes blocked by the tiles (the point loops within a tile never run: the
    // work-items' own loops cover a tile).
    const loops = defineLoops(b, plans.length);
    const blocked = plans.map((p, i) => blockLoop(b, loops[i]!, p.tile));
    const tiles = blocked.map(([tile]) => tile);
    if (blocked.length > 1) {
      // The tile loops outermost (tile m, tile n, then the point loops; tile n first with loop-order=n,m,k).
      const position = (i: number): number => (this.config.loopOrder === 'n,m,k' ? blocked.length - 1 - i : i);
      PermuteOp.create(b, { loops: blocked.flat(), map: i64Array(b, blocked.flatMap((_, i) => [position(i), i + blocked.length])) });
    }
    buildIterate(b, {
      loops: tiles,
      bindings: plans.map((p, i) => ({ loop: loops[i]!, lowerBound: 0, upperBound: this.tileLoopBound(p) })),
      body: () => {
        const starts = this.inductionValues(tiles);
        const start: PerAxis<Value> = {};
        plans.forEach((p, i) => (start[p.axis] = starts[i]!));
        if (this.staged) this.buildStaged(start);
        else this.buildDirect(start);
      },
    });
  }

  /**
   * How far the work-group tiles of an axis run: its extent; or, for an extent known only at run time whose static
   * upper bound fits one tile, that bound (a constant: one tile, which krnl-to-scf and canonicalize make straight
   * code instead of a loop; the edge guards, emitted for every extent that is not static, keep the work inside the
   * extent). A loop over tiles would also make gpu-insert-barriers put a barrier in it.
   */
  private tileLoopBound(p: AxisPlan): IterateBound {
    const bound = this.config.bounds[p.axis as 'm' | 'n'];
    return typeof p.extent !== 'number' && bound !== undefined && bound <= p.tile ? bound : (p.extent as IterateBound);
  }

  private inductionValues(loops: readonly Value[]): Value[] {
    const index = IndexType.get(this.b.context);
    return [...GetInductionVariableValueOp.create(this.b, { loops, ind_var_vals: loops.map(() => index) }).ind_var_vals];
  }

  /** Loops over `extents` (0 to each), unrolled when `unroll`, running `body` with their induction variables. */
  private loops(extents: readonly number[], unroll: boolean, body: (ivs: readonly Value[]) => void): void {
    const { b } = this;
    if (!extents.length) return body([]);
    const loops = defineLoops(b, extents.length);
    if (unroll) for (const l of loops) UnrollOp.create(b, { loop: l });
    buildIterate(b, {
      loops,
      bindings: loops.map((loop, i) => ({ loop, lowerBound: 0, upperBound: extents[i]! })),
      body: (_b, ivs) => body(ivs),
    });
  }

  /**
   * The work-items' parallel loops (0 to the count of each dimension, mapped to it), then the rounds (loops,
   * unrolled when `unrollRounds`); `body` gets each round's register tile.
   */
  private forEachRegisterTile(start: PerAxis<Value>, unrollRounds: boolean, body: (tile: RegisterTile) => void): void {
    const { b, plans } = this;
    const dims = plans.flatMap((p) => p.dims);
    const loops = defineLoops(b, dims.length);
    dims.forEach((d, i) => markParallel(b, loops[i]!, d.processor));
    buildIterate(b, {
      loops,
      bindings: loops.map((loop, i) => ({ loop, lowerBound: 0, upperBound: dims[i]!.count })),
      body: (_b, workItems) => {
        // The work-item's position along each axis (the last dimension fastest).
        const position: PerAxis<IndexLike> = {};
        let next = 0;
        for (const p of plans) {
          let pos: IndexLike = 0;
          for (const d of p.dims) pos = addIndex(b, mulIndex(b, pos, d.count), workItems[next++]!);
          position[p.axis] = pos;
        }
        const withRounds = plans.filter((p) => p.rounds > 1);
        this.loops(
          withRounds.map((p) => p.rounds),
          unrollRounds,
          (roundIvs) => {
            const round: PerAxis<IndexLike> = {};
            withRounds.forEach((p, i) => (round[p.axis] = roundIvs[i]!));
            const first: PerAxis<Value> = {};
            const relative: PerAxis<IndexLike> = {};
            for (const p of plans) {
              // (round * items + position) * register from the tile's start.
              const rel = mulIndex(b, addIndex(b, mulIndex(b, round[p.axis] ?? 0, p.items), position[p.axis]!), p.register);
              relative[p.axis] = rel;
              first[p.axis] = indexValue(b, addIndex(b, start[p.axis]!, rel));
            }
            body({ first, relative, rounds: plans.map((p) => round[p.axis] ?? 0), workItems });
          },
        );
      },
    });
  }

  /** Whether the register tile starts inside the work-group tile (when a round may be partial) and the output. */
  private starts(tile: RegisterTile, withExtent: boolean): Value | undefined {
    const { b } = this;
    return all(
      b,
      this.plans.flatMap((p) => [
        p.partialRound ? lessThan(b, tile.relative[p.axis]!, p.tile) : undefined,
        withExtent && p.partialTile ? lessThan(b, tile.first[p.axis]!, p.extent) : undefined,
      ]),
    );
  }

  /** Direct loads: each work-item's whole reduction inside its parallel loops, its accumulators private. */
  private buildDirect(start: PerAxis<Value>): void {
    const { b, model, plans } = this;
    this.forEachRegisterTile(start, false, (tile) => {
      ifThen(b, this.starts(tile, true), () => {
        const acc = columnMajorBuffer(b, plans.map((p) => p.register), model.computeType);
        if (this.config.matmul) {
          // acc := 0, then acc += A B over all of K, the register tile at (first m, first n).
          this.zeroAccumulators((at) => [...at], acc);
          const zero = indexValue(b, 0);
          this.matmul([model.inputs[0]!.memref, [zero, zero]], [model.inputs[1]!.memref, [zero, zero]], [acc, [tile.first.m!, tile.first.n!]], [tile.first.m!, tile.first.n!, zero]);
          this.epilogue(tile, (at) => KrnlLoadOp.create(b, { memref: acc, indices: [...at] }).result);
          return;
        }
        const registers = model.inputs.map((input) => columnMajorBuffer(b, this.registerAxes(input).map((a) => this.plan(a)!.register), model.computeType));
        this.zeroAccumulators((at) => [...at], acc);
        // A fused producer: the rows of A this register tile reads, all of K, computed first (into registers).
        const fused = this.producer && this.producerRows(this.producer, tile.first.m!);
        // All of K, upwards; with unroll-k, blocked by the factor (which divides K) and the point loop unrolled;
        // fused, unrolled whole (every index into the producer's rows a constant).
        const [k] = defineLoops(b, 1);
        const kBound = [{ loop: k!, lowerBound: 0, upperBound: this.extents.k! as IterateBound }];
        const loadAt = (input: OperandAccess, kk: Value) => (local: PerAxis<Value>): Value => {
          if (fused && input === model.inputs[0]) return KrnlLoadOp.create(b, { memref: fused, indices: [local.m!, kk] }).result;
          const idx: PerAxis<Value> = { k: kk };
          for (const a of this.registerAxes(input)) idx[a] = this.clamped(a, tile.first[a]!, local[a]!);
          return KrnlLoadOp.create(b, { memref: input.memref, indices: input.axes.map((a) => idx[a]!) }).result;
        };
        // One k: each input's registers, by vector loads (vector-width) or element by element.
        const loadStep = (kk: Value): void =>
          model.inputs.forEach((input, i) =>
            this.minorViews[i] ? this.loadVectorRegisters(i, registers[i]!, tile, kk) : this.loadRegisters(input, registers[i]!, loadAt(input, kk)),
          );
        if (fused) UnrollOp.create(b, { loop: k! });
        if (!fused && this.config.unrollK > 1) {
          const [kBlock, kLocal] = blockLoop(b, k!, this.config.unrollK);
          UnrollOp.create(b, { loop: kLocal });
          buildIterate(b, {
            loops: [kBlock],
            bindings: kBound,
            body: () => {
              const [kStart] = this.inductionValues([kBlock]);
              // Each input's block of the step (its register tile by the unrolled k) as a view, once per step: the
              // unrolled loads index it with constants (view offset + constant in the WGSL) instead of recomputing
              // the whole address from the indices at every load. Inputs read by vector loads keep their own views.
              const views = model.inputs.map((input, i) => (this.minorViews[i] ? undefined : this.stepView(input, tile.first, kStart!)));
              buildIterate(b, {
                loops: [kLocal],
                bindings: [],
                body: () => {
                  const [kk] = this.inductionValues([kLocal]);
                  const kRel = indexValue(b, subIndex(b, kk!, kStart!));
                  model.inputs.forEach((input, i) => {
                    if (this.minorViews[i]) return this.loadVectorRegisters(i, registers[i]!, tile, kk!);
                    const view = views[i];
                    this.loadRegisters(
                      input,
                      registers[i]!,
                      view
                        ? (local) => {
                            const idx: PerAxis<Value> = { k: kRel };
                            for (const a of this.registerAxes(input)) idx[a] = local[a]!;
                            return KrnlLoadOp.create(b, { memref: view, indices: input.axes.map((a) => idx[a]!) }).result;
                          }
                        : loadAt(input, kk!),
                    );
                  });
                  this.accumulate(acc, (at) => [...at], registers);
                },
              });
            },
          });
        } else {
          buildIterate(b, {
            loops: [k!],
            bindings: kBound,
            body: (_b, [kk]) => {
              loadStep(kk!);
              this.accumulate(acc, (at) => [...at], registers);
            },
          });
        }
        this.epilogue(tile, (at) => KrnlLoadOp.create(b, { memref: acc, indices: [...at] }).result);
      });
    });
  }

  /**
   * The fused producer's rows `first` .. `first` + register-m - 1 (clamped into the output, as this gemm's loads of A
   * are) and all of its columns (this gemm's K), into a register buffer: for each, the sum over the producer's k
   * upwards from zero, then alpha times it (its beta is 0): the producer's own element, bit for bit.
   */
  private producerRows(producer: CollectiveModel, first: Value): Value {
    const { b } = this;
    const rows = this.plan('m')!.register;
    const cols = this.extents.k as number;
    const type = producer.computeType;
    const buffer = columnMajorBuffer(b, [rows, cols], type);
    const zero = scalarConstant(b, type, 0);
    const both = (body: (i: Value, j: Value) => void): void => this.loops([cols, rows], true, ([j, i]) => body(i!, j!));
    both((i, j) => void KrnlStoreOp.create(b, { value: zero, memref: buffer, indices: [i, j] }));
    const [a, bIn] = producer.inputs as [OperandAccess, OperandAccess];
    const aRegs = columnMajorBuffer(b, [rows], type);
    const bRegs = columnMajorBuffer(b, [cols], type);
    const [k] = defineLoops(b, 1);
    buildIterate(b, {
      loops: [k!],
      bindings: [{ loop: k!, lowerBound: 0, upperBound: (a.memref.type as MemRefType).shape[a.axes.indexOf('k')]! }],
      body: (_b, [kk]) => {
        this.loops([rows], true, ([i]) => {
          const idx: PerAxis<Value> = { k: kk!, m: this.clamped('m', first, i!) };
          const v = KrnlLoadOp.create(b, { memref: a.memref, indices: a.axes.map((x) => idx[x]!) }).result;
          KrnlStoreOp.create(b, { value: castScalar(b, v, type), memref: aRegs, indices: [i!] });
        });
        this.loops([cols], true, ([j]) => {
          const idx: PerAxis<Value> = { k: kk!, n: j! };
          const v = KrnlLoadOp.create(b, { memref: bIn.memref, indices: bIn.axes.map((x) => idx[x]!) }).result;
          KrnlStoreOp.create(b, { value: castScalar(b, v, type), memref: bRegs, indices: [j!] });
        });
        both((i, j) => {
          const x = mulScalars(b, KrnlLoadOp.create(b, { memref: aRegs, indices: [i] }).result, KrnlLoadOp.create(b, { memref: bRegs, indices: [j] }).result);
          const sum = KrnlLoadOp.create(b, { memref: buffer, indices: [i, j] }).result;
          KrnlStoreOp.create(b, { value: addScalars(b, sum, x), memref: buffer, indices: [i, j] });
        });
      },
    });
    const alpha = castScalar(b, producer.alpha, type);
    both((i, j) => {
      const x = KrnlLoadOp.create(b, { memref: buffer, indices: [i, j] }).result;
      KrnlStoreOp.create(b, { value: mulScalars(b, alpha, x), memref: buffer, indices: [i, j] });
    });
    return buffer;
  }

  /** Staged tiles: per K tile, the copies, then every work-item's products from the tile buffers. */
  private buildStaged(start: PerAxis<Value>): void {
    const { b, model } = this;
    const acc = this.accumulators!;
    const position = (tile: RegisterTile): Value[] => [...tile.rounds.map((r) => indexValue(b, r)), ...tile.workItems];
    const accIndices = (tile: RegisterTile) => (at: readonly Value[]): Value[] => (this.config.matmul ? [...position(tile), ...at] : [...at, ...position(tile)]);
    this.forEachRegisterTile(start, this.unrollRounds, (tile) => this.zeroAccumulators(accIndices(tile), acc));
    const [kLoop] = defineLoops(b, 1);
    const [kTile, kLocal] = blockLoop(b, kLoop!, this.config.tileK);
    buildIterate(b, {
      loops: [kTile],
      bindings: [{ loop: kLoop!, lowerBound: 0, upperBound: this.extents.k! as IterateBound }],
      body: () => {
        const [kStart] = this.inductionValues([kTile]);
        start.k = kStart!;
        this.copyInputs(start);
        this.forEachRegisterTile(start, this.unrollRounds, (tile) => {
          ifThen(b, this.starts(tile, false), () => {
            if (this.config.matmul) {
              // The work-item's accumulators += the K tile's A B, from the tile buffers.
              const [a, bb] = this.inputBuffers as [Value, Value];
              this.matmul(
                [a, [start.m!, kStart!]],
                [bb, [kStart!, start.n!]],
                [acc, [...position(tile), tile.first.m!, tile.first.n!]],
                [tile.first.m!, tile.first.n!, kStart!],
                [this.config.registerM, this.config.registerN, this.config.tileK],
              );
              return;
            }
            const registers = model.inputs.map((input) => columnMajorBuffer(b, this.registerAxes(input).map((a) => this.plan(a)!.register), model.computeType));
            buildIterate(b, {
              loops: [kLocal],
              bindings: [],
              body: () => {
                const [kk] = this.inductionValues([kLocal]);
                const kRel = indexValue(b, subIndex(b, kk!, kStart!));
                model.inputs.forEach((input, i) =>
                  this.loadRegisters(input, registers[i]!, (local) => {
                    const rel: PerAxis<Value> = { k: kRel };
                    for (const a of this.registerAxes(input)) rel[a] = indexValue(b, addIndex(b, tile.relative[a]!, local[a]!));
                    return KrnlLoadOp.create(b, { memref: this.inputBuffers[i]!, indices: canonicalAxes(input).map((a) => rel[a]!) }).result;
                  }),
                );
                this.accumulate(acc, accIndices(tile), registers);
              },
            });
          });
        });
      },
    });
    this.forEachRegisterTile(start, this.unrollRounds, (tile) => {
      ifThen(b, this.starts(tile, true), () => this.epilogue(tile, (at) => KrnlLoadOp.create(b, { memref: acc, indices: accIndices(tile)(at) }).result));
    });
  }

  /**
   * `krnl.matmul` of one register tile: C[c] += A[a] B[b] for the rows and columns from `start` (global m, n, k) up to
   * the compute tile (by default C's register tile and all of A's K), cut at the output's and K's extents. Each array
   * comes with where it starts in the global iteration space (its outer modes: fixed indices). The three loops are
   * the matmul's own (no krnl.iterate runs them).
   */
  private matmul(
    [A, aStart]: [Value, Value[]],
    [B, bStart]: [Value, Value[]],
    [C, cStart]: [Value, Value[]],
    start: [Value, Value, Value],
    computeTileSize?: [number, number, number],
  ): void {
    const { b } = this;
    const ub = (a: Axis): Value => indexValue(b, this.extents[a]!);
    MatMulOp.create(b, {
      A,
      aGlobalIndexMemStart: aStart,
      B,
      bGlobalIndexMemStart: bStart,
      C,
      cGlobalIndexMemStart: cStart,
      loops: defineLoops(b, 3),
      iGlobalIndexComputeStart: start[0],
      jGlobalIndexComputeStart: start[1],
      kGlobalIndexComputeStart: start[2],
      iGlobalUB: ub('m'),
      jGlobalUB: ub('n'),
      kGlobalUB: ub('k'),
      ...(computeTileSize ? { computeTileSize: i64Array(b, computeTileSize) } : {}),
      simdize: IntegerAttr.getBool(b.context, false),
    });
  }

  /**
   * The block of `input` that one unrolled K step of a register tile reads (its register tile's rows or columns by
   * the unroll factor, from `first` and `kStart`) as a subview; undefined where a register axis is clamped at the
   * output's edge (its loads stay element by element). The view is inside the input: the register tile is (no clamp
   * along its axes) and the unroll factor divides K.
   */
  private stepView(input: OperandAccess, first: PerAxis<Value>, kStart: Value): Value | undefined {
    const { b } = this;
    const axes = this.registerAxes(input);
    if (axes.some((a) => this.last[a] !== undefined)) return undefined;
    const source = input.memref.type as MemRefType;
    const size = (a: Axis): number => (a === 'k' ? this.config.unrollK : this.plan(a)!.register);
    const offsets = input.axes.map((a) => (a === 'k' ? kStart : first[a]!));
    const sizes = input.axes.map(size);
    const layout = StridedLayoutAttr.get(b.context, source.getStridesAndOffset().strides, DYNAMIC);
    return unitStrideSubview(b, input.memref, offsets, sizes, MemRefType.get(b.context, sizes, source.elementType, layout, source.memorySpace));
  }

  /** The output axes an input's registers span (its axes but k: m for A, n for B, none for gemv's b). */
  private registerAxes(input: OperandAccess): Axis[] {
    return canonicalAxes(input).filter((a) => a !== 'k');
  }

  /** The index along `a` of element `local` of the register tile starting at `first`, clamped into the output. */
  private clamped(a: Axis, first: Value, local: Value): Value {
    const index = addIndex(this.b, first, local);
    const last = this.last[a];
    return indexValue(this.b, last === undefined ? index : minIndex(this.b, index, last));
  }

  /** The register-tile loops over the output axes (n outer, m inner), with their induction variables per axis. */
  private registerLoops(axes: readonly Axis[], body: (local: PerAxis<Value>) => void): void {
    const order = [...axes].reverse();
    this.loops(
      order.map((a) => this.plan(a)!.register),
      this.unrollRegisters,
      (ivs) => {
        const local: PerAxis<Value> = {};
        order.forEach((a, i) => (local[a] = ivs[i]!));
        body(local);
      },
    );
  }

  private outputAxes(): Axis[] {
    return this.plans.map((p) => p.axis);
  }

  /** acc := 0 for the register tile (`at` maps register indices to the accumulators' indices). */
  private zeroAccumulators(at: (registers: readonly Value[]) => Value[], acc: Value): void {
    this.registerLoops(this.outputAxes(), (local) => {
      KrnlStoreOp.create(this.b, { value: this.zero, memref: acc, indices: at(this.outputAxes().map((a) => local[a]!)) });
    });
  }

  /** An input's elements for one k into its registers, converted to the compute type. */
  private loadRegisters(input: OperandAccess, registers: Value, load: (local: PerAxis<Value>) => Value): void {
    const axes = this.registerAxes(input);
    this.registerLoops(axes, (local) => {
      const value = castScalar(this.b, load(local), this.model.computeType);
      KrnlStoreOp.create(this.b, { value, memref: registers, indices: axes.map((a) => local[a]!) });
    });
  }

  /**
   * Input `i`'s elements for k = `kk` into its registers, `vector.width` consecutive ones per vector.load of its
   * minor view (its register axis is its contiguous mode); a register tile straddling the output's edge clamps each
   * vector's start to extent - width (whole vectors: the extent is a multiple of the width, checked with the alignment).
   */
  private loadVectorRegisters(i: number, registers: Value, tile: RegisterTile, kk: Value): void {
    const { b, model } = this;
    const input = model.inputs[i]!;
    const a = input.axes[0]!;
    const p = this.plan(a)!;
    const width = this.vector!.width;
    for (let j = 0; j < p.register; j += width) {
      let start: IndexLike = addIndex(b, tile.first[a]!, j);
      if (this.last[a] !== undefined) start = minIndex(b, start, subIndex(b, p.extent, width));
      const idx: PerAxis<Value> = { k: kk, [a]: indexValue(b, start) };
      const elements = loadVector(b, this.minorViews[i]!, [...input.axes].reverse().map((ax) => idx[ax]!), width);
      elements.forEach((e, l) => KrnlStoreOp.create(b, { value: castScalar(b, e, model.computeType), memref: registers, indices: [indexValue(b, j + l)] }));
    }
  }

  /** acc += a b (or a) over the register tile, from the registers of one k. */
  private accumulate(acc: Value, at: (registers: readonly Value[]) => Value[], registers: readonly Value[]): void {
    const { b, model } = this;
    this.registerLoops(this.outputAxes(), (local) => {
      const x = model.inputs
        .map((input, i): Value => KrnlLoadOp.create(b, { memref: registers[i]!, indices: this.registerAxes(input).map((a) => local[a]!) }).result)
        .reduce((p: Value, v: Value) => mulScalars(b, p, v));
      const indices = at(this.outputAxes().map((a) => local[a]!));
      const sum = KrnlLoadOp.create(b, { memref: acc, indices }).result;
      KrnlStoreOp.create(b, { value: addScalars(b, sum, x), memref: acc, indices });
    });
  }

  /** out := alpha acc + beta out for the elements of the register tile inside the output. */
  private epilogue(tile: RegisterTile, accumulator: (registers: readonly Value[]) => Value): void {
    const { b, model } = this;
    this.registerLoops(this.outputAxes(), (local) => {
      const idx: PerAxis<Value> = {};
      for (const p of this.plans) idx[p.axis] = indexValue(b, addIndex(b, tile.first[p.axis]!, local[p.axis]!));
      const inside = all(
        b,
        this.plans.map((p) => (p.partialRegister ? lessThan(b, idx[p.axis]!, p.extent) : undefined)),
      );
      ifThen(b, inside, () => {
        const x = accumulator(this.outputAxes().map((a) => local[a]!));
        storeUpdate(b, this.update, x, { out: model.output.memref, indices: model.output.axes.map((a) => idx[a]!) });
      });
    });
  }

  /**
   * Stages the K tile of each input: `krnl.copy_to_tile_buffer` from where the tile starts, padded with zeros past
   * the edges, transposed into the canonical order (m before k before n, the first mode contiguous).
   */
  private copyInputs(start: PerAxis<Value>): void {
    const { b, model } = this;
    model.inputs.forEach((input, i) => {
      const buf = this.inputBuffers[i]!;
      const canonical = canonicalAxes(input);
      CopyToTileBufferOp.create(b, {
        buffer: buf,
        source: input.memref,
        starts: input.axes.map((a) => start[a]!),
        padValue: this.padValues[i]!,
        padToNext: i64Array(b, (buf.type as MemRefType).shape),
        transpose: IntegerAttr.getBool(b.context, canonical.some((a, d) => a !== input.axes[d])),
      });
    });
  }
}
