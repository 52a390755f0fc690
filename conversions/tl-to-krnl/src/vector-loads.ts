// The vector width of a schedule (docs/lowering-tl-to-krnl.md, "Vector width"): which operands of a collective are
// read `vector-width` elements at a time, the condition under which that is sound (proved from the types, or checked
// at run time with the scalar nest as the fallback), and the loads themselves.
//
// A reduction with direct loads reads the register tile of an input whose first (contiguous, column-major) mode is a
// register axis — A's rows in gemm.n.n and gemv.n, register-m consecutive elements per k — as register-m / width
// `vector.load`s of a view of the input with that mode last (a memref.reinterpret_cast with the same offset and the
// modes reversed: MLIR's vector.load reads the minor dimension, which must have unit stride), each element taken out
// with vector.extract into the registers. The loads carry `alignment` (width x element bytes): their first element's
// buffer index is a multiple of the width, which holds when the view's offset, its other strides and the mode's extent
// are multiples of the width (a register tile starts at a multiple of register-m, itself a multiple of the width, and
// a tile straddling the edge clamps the vector's start to extent - width instead of each element to extent - 1).
// That alignment lets the WGSL translation read a vec2/vec4 of the buffer typed as such.
import { AndIOp, CmpIOp, CmpIPredicateAttr, RemSIOp } from '@tlir/dialect-arith';
import { ExtractStridedMetadataOp } from '@tlir/dialect-memref';
import { IfOp, YieldOp } from '@tlir/dialect-scf';
import { ExtractOp, LoadOp as VectorLoadOp, elementBytes } from '@tlir/dialect-vector';
import { DYNAMIC, IndexType, IntegerAttr, IntegerType, MemRefType, StridedLayoutAttr, VectorType, staticIndicesAttr, type Builder, type Value } from '@tlir/ir';
import type { Axis, CollectiveModel, OperandAccess } from './collective-model.js';
import { indexValue, type IndexLike } from './index-math.js';
import type { TileConfig } from './tile-config.js';
import { reinterpret } from './view-patterns.js';

/** The inputs read as vectors, by index into the model's inputs, and the width. */
export interface VectorPlan {
  readonly width: number;
  readonly inputs: readonly number[];
}

/** The axes of an input's register tile (its axes but k). */
const registerAxesOf = (input: OperandAccess): Axis[] => input.axes.filter((a) => a !== 'k');

/** The register tile of `config` along an output axis. */
const registerOf = (config: TileConfig, a: Axis): number => (a === 'm' ? config.registerM : a === 'n' ? config.registerN : 1);

/**
 * Why `vector-width` > 1 reads nothing as vectors in a collective (the schedule asks it where it cannot apply), or
 * undefined when some input is read as vectors. Shared by the lowering and schedule-applicability.ts.
 */
export function vectorWidthNotApplicable(model: CollectiveModel, copy: boolean, matmul: boolean, width: number, registers: { m: number; n: number }): string | undefined {
  if (!model.reduces) return `'${model.name}' is computed element by element; vector loads apply to the register tiles of a reduction (gemm, gemv)`;
  if (copy) return 'with copy=true the inputs are read by krnl.copy_to_tile_buffer, which copies element by element; vector loads apply to direct loads (copy=false)';
  if (matmul) return 'with matmul=true krnl.matmul reads the inputs itself; vector loads apply to the register loads (matmul=false)';
  const candidates = model.inputs.filter((input) => {
    const axes = registerAxesOf(input);
    return axes.length === 1 && input.axes[0] === axes[0];
  });
  if (candidates.length === 0) {
    return `no input of this ${model.name} has its contiguous (first) mode along the register tile (A not transposed, m x k): vector loads read consecutive rows of a register tile`;
  }
  for (const input of candidates) {
    const r = input.axes[0] === 'm' ? registers.m : registers.n;
    if (r % width !== 0) return `register-${input.axes[0]} (${r}) is not a multiple of the vector width ${width}: try register-${input.axes[0]}=${Math.max(width, Math.ceil(r / width) * width)}`;
  }
  return undefined;
}

/**
 * The located warning of a vector width that reads nothing as vectors, or whose loads the types show misaligned (the
 * scalar loads are then all there is), with what would fit; undefined when the width is 1 or its loads are used (or
 * checked at run time).
 */
export function vectorWidthWarning(model: CollectiveModel, config: TileConfig): string | undefined {
  const width = config.vectorWidth;
  if (width <= 1) return undefined;
  const why = vectorWidthNotApplicable(model, config.copy, config.matmul, width, { m: config.registerM, n: config.registerN });
  if (why) return `schedule: vector-width=${width} reads nothing as vectors here: ${why}; it is ignored (vector-width=1)`;
  const plan = vectorPlan(model, config);
  const misaligned = plan && staticMisalignment(model, plan);
  if (misaligned) return `schedule: vector-width=${width} cannot read aligned vectors: ${misaligned}; the scalar loads are used (a width dividing it would fit, or vector-width=1)`;
  return undefined;
}

/** Why the types show an input of `plan` misaligned for its vector loads, or undefined (aligned, or known at run time). */
function staticMisalignment(model: CollectiveModel, plan: VectorPlan): string | undefined {
  for (const i of plan.inputs) {
    const type = model.inputs[i]!.memref.type as MemRefType;
    const { strides, offset } = type.getStridesAndOffset();
    const name = model.inputs.length > 1 ? ['A', 'B'][i] : 'A';
    if (strides[0] !== DYNAMIC && strides[0] !== 1) return `${name}'s first mode has stride ${strides[0]}, not 1`;
    const parts: [string, number][] = [
      ['offset', offset],
      ['leading stride', strides[1]!],
      ['rows', type.shape[0]!],
    ];
    for (const [what, n] of parts) if (n !== DYNAMIC && n % plan.width !== 0) return `${name}'s ${what} ${n} is not a multiple of ${plan.width}`;
  }
  return undefined;
}

/** The inputs of a reduction that `config` reads as vectors, or undefined (width 1, or none applies). */
export function vectorPlan(model: CollectiveModel, config: TileConfig): VectorPlan | undefined {
  const width = config.vectorWidth;
  if (width <= 1 || vectorWidthNotApplicable(model, config.copy, config.matmul, width, { m: config.registerM, n: config.registerN })) return undefined;
  const inputs: number[] = [];
  model.inputs.forEach((input, i) => {
    const axes = registerAxesOf(input);
    if (axes.length === 1 && input.axes[0] === axes[0] && registerOf(config, axes[0]!) % width === 0 && (input.memref.type as MemRefType).shape.length === 2) inputs.push(i);
  });
  return inputs.length ? { width, inputs } : undefined;
}

/**
 * What makes the vector loads of `plan` aligned: for each input, stride 1 along its first mode, and an offset, second
 * stride and first extent that are multiples of the width. A boolean when the types decide it, else an i1 computed at
 * run time (from memref.extract_strided_metadata).
 */
export function vectorCondition(b: Builder, model: CollectiveModel, plan: VectorPlan): Value | boolean {
  const index = IndexType.get(b.context);
  const i1 = IntegerType.get(b.context, 1);
  const terms: Value[] = [];
  for (const i of plan.inputs) {
    const memref = model.inputs[i]!.memref;
    const type = memref.type as MemRefType;
    const { strides, offset } = type.getStridesAndOffset();
    const statics = { stride0: strides[0]!, offset, stride1: strides[1]!, size0: type.shape[0]! };
    const must: [keyof typeof statics, number][] = [
      ['stride0', 1],
      ['offset', 0],
      ['stride1', 0],
      ['size0', 0],
    ];
    if (must.some(([k, want]) => statics[k] !== DYNAMIC && (want === 1 ? statics[k] !== 1 : statics[k] % plan.width !== 0))) return false;
    if (must.every(([k]) => statics[k] !== DYNAMIC)) continue;
    const base = MemRefType.get(b.context, [], type.elementType, undefined, type.memorySpace);
    const r = ExtractStridedMetadataOp.create(b, { source: memref, results: [base, index, index, index, index, index] }).op.results;
    const value = { offset: r[1]!, size0: r[2]!, stride0: r[4]!, stride1: r[5]! };
    for (const [k, want] of must) {
      if (statics[k] !== DYNAMIC) continue;
      const v = value[k];
      const lhs = want === 1 ? v : RemSIOp.create(b, { lhs: v, rhs: indexValue(b, plan.width), result: index }).result;
      terms.push(CmpIOp.create(b, { lhs, rhs: indexValue(b, want), predicate: CmpIPredicateAttr.get(b.context, 'eq'), result: i1 }).result);
    }
  }
  if (terms.length === 0) return true;
  return terms.reduce((x, y) => AndIOp.create(b, { lhs: x, rhs: y, result: i1 }).result);
}

/** `scf.if %cond { then } else { otherwise }` (no results). */
export function ifThenElse(b: Builder, cond: Value, then: () => void, otherwise: () => void): void {
  const op = IfOp.create(b, { condition: cond, results: [] }).op;
  [then, otherwise].forEach((body, r) =>
    b.withInsertionPoint(() => {
      b.createBlock(op.regions[r]!);
      body();
      YieldOp.create(b, { results: [] });
    }),
  );
}

/**
 * A rank-2 column-major input seen with its modes reversed (`memref.reinterpret_cast`, same offset): its first mode,
 * stride 1, becomes the minor one that vector.load reads along.
 */
export function minorView(b: Builder, memref: Value): Value {
  const type = memref.type as MemRefType;
  const { strides, offset } = type.getStridesAndOffset();
  const index = IndexType.get(b.context);
  const base = MemRefType.get(b.context, [], type.elementType, undefined, type.memorySpace);
  const meta = ExtractStridedMetadataOp.create(b, { source: memref, results: [base, index, index, index, index, index] }).op.results;
  const known = (n: number, v: Value): IndexLike => (n === DYNAMIC ? v : n);
  const result = MemRefType.get(
    b.context,
    [type.shape[1]!, type.shape[0]!],
    type.elementType,
    StridedLayoutAttr.get(b.context, [strides[1]!, 1], offset),
    type.memorySpace,
  );
  const sizes = [known(type.shape[1]!, meta[3]!), known(type.shape[0]!, meta[2]!)];
  return reinterpret(b, b.context, memref, known(offset, meta[1]!), sizes, [known(strides[1]!, meta[5]!), 1], result);
}

/**
 * `width` consecutive elements of `view` (a minorView) from `indices` (its order: the input's modes reversed), as
 * scalars: one aligned vector.load and a vector.extract per element.
 */
export function loadVector(b: Builder, view: Value, indices: readonly Value[], width: number): Value[] {
  const type = view.type as MemRefType;
  const vector = VectorLoadOp.create(b, {
    base: view,
    indices: [...indices],
    alignment: IntegerAttr.get(b.context, IntegerType.get(b.context, 64), BigInt(width * elementBytes(type.elementType))),
    result: VectorType.get(b.context, [width], type.elementType),
  });
  return Array.from({ length: width }, (_, l) =>
    ExtractOp.create(b, { vector: vector.result, dynamic_position: [], static_position: staticIndicesAttr(b.context, [l]), result: type.elementType }).result,
  );
}
