// The BLAS-like collectives (gemm, gemv, ger, hadamard_product, axpby, sum) to krnl loop nests.
import { FloatAttr, IndexType, IntegerAttr, UnitAttr, type Operation } from '@tlir/ir';
import { defineConversionPattern, type OpConversionPattern, type TypeConverter } from '@tlir/rewrite';
import { TlMemrefType, ConstantOp as TlConstantOp } from '@tlir/dialect-tl';
import { COLLECTIVE_OPS, collectiveModel, collectiveView, type CollectiveModel } from './collective-model.js';
import { buildCollective } from './collective-schedule.js';
import { loweredWorkGroupSize } from './function-pattern.js';
import type { TlToKrnlOptions } from './options.js';
import { tileConfig, type ExtentBounds, type TileConfig } from './tile-config.js';
import { extentUpperBound } from './value-bounds.js';
import { ConstantOp as ArithConstantOp } from '@tlir/dialect-arith';

/** The number a tl.constant (or arith.constant) operand holds, if it is one. */
function constantOperand(op: Operation, index: number): number | undefined {
  const def = op.getOperand(index).definingOp;
  const value = def && (TlConstantOp.match(def) ?? ArithConstantOp.match(def))?.value;
  return value instanceof FloatAttr ? value.value : value instanceof IntegerAttr ? value.number : undefined;
}

/**
 * What tl-to-krnl cannot lower in a collective, checked before the conversion: an atomic update whose beta is a
 * constant other than 0 and 1 (tinytc's rule: an atomic store or an atomic add), or of `index` elements (which
 * memref.atomic_rmw does not take).
 */
export function collectiveProblem(op: Operation): string | undefined {
  if (!(collectiveView(op)?.atomic instanceof UnitAttr)) return undefined;
  const betaIndex = op.numOperands === 4 ? 2 : 3;
  const beta = constantOperand(op, betaIndex);
  if (beta !== undefined && beta !== 0 && beta !== 1) return `with .atomic, beta must be 0 (an atomic store) or 1 (an atomic add), got ${beta}`;
  const out = op.getOperand(op.numOperands - 1).type;
  if (TlMemrefType.is(out) && out.elementType instanceof IndexType) return 'an atomic update of index elements cannot be lowered (memref.atomic_rmw takes integers and floats of a fixed width)';
  return undefined;
}

/** Static upper bounds of a collective's output extents (rows m, columns n) known only at run time (value-bounds.ts). */
export function outputExtentBounds(op: Operation): ExtentBounds {
  const out = op.getOperand(op.numOperands - 1);
  if (!TlMemrefType.is(out.type)) return {};
  const [m, n] = [0, 1].map((mode) => (mode < (out.type as TlMemrefType).shape.length ? extentUpperBound(out, mode) : undefined));
  return { ...(m !== undefined ? { m } : {}), ...(n !== undefined ? { n } : {}) };
}

/**
 * What a collective's pattern asks and tells: the options (schedule) of each collective, and what it chose (for
 * --print-schedule and the schedule's warnings).
 */
export interface CollectiveScheduling {
  optionsOf(op: Operation): TlToKrnlOptions;
  chosen?(op: Operation, model: CollectiveModel, config: TileConfig, size: readonly [number, number]): void;
  /** Told of a gemm fused into the next one (its own tiles do not apply). */
  fused?(op: Operation): void;
}

/** The gemms fused into the next one (gemm-fusion.ts): consumer -> producer; the producers' models, once converted. */
export interface GemmFusions {
  readonly producerOf: ReadonlyMap<Operation, Operation>;
  readonly producers: ReadonlySet<Operation>;
  readonly models: Map<Operation, CollectiveModel>;
}

export function gemmFusions(producerOf: ReadonlyMap<Operation, Operation>): GemmFusions {
  return { producerOf, producers: new Set(producerOf.values()), models: new Map() };
}

function collectivePattern(
  def: (typeof COLLECTIVE_OPS)[number],
  typeConverter: TypeConverter,
  scheduling: CollectiveScheduling,
  bounds: ReadonlyMap<Operation, ExtentBounds>,
  fusions: GemmFusions,
): OpConversionPattern {
  return defineConversionPattern(
    def,
    ({ op }, { operands }, rewriter) => {
      const size = loweredWorkGroupSize(op);
      const model = collectiveModel(op, operands);
      if (!size || !model) return rewriter.notifyMatchFailure(op, 'not a collective inside a kernel');
      const config = tileConfig(model, scheduling.optionsOf(op), size, bounds.get(op), fusions.producerOf.has(op));
      if (fusions.producers.has(op)) {
        // Computed by the next gemm's work-items (the producer comes first in the block, so it is converted first);
        // its own tiles do not apply.
        fusions.models.set(op, model);
        scheduling.fused?.(op);
        rewriter.eraseOp(op);
        return true;
      }
      scheduling.chosen?.(op, model, config, size);
      const producer = fusions.producerOf.get(op);
      buildCollective(rewriter, model, config, producer && fusions.models.get(producer));
      rewriter.eraseOp(op);
      return true;
    },
    { typeConverter, debugName: `lower ${def.name}` },
  );
}

export function collectivePatterns(
  typeConverter: TypeConverter,
  scheduling: CollectiveScheduling | TlToKrnlOptions,
  bounds: ReadonlyMap<Operation, ExtentBounds> = new Map(),
  fusions: GemmFusions = gemmFusions(new Map()),
): OpConversionPattern[] {
  const s: CollectiveScheduling = 'optionsOf' in scheduling ? scheduling : { optionsOf: () => scheduling };
  return COLLECTIVE_OPS.map((def) => collectivePattern(def, typeConverter, s, bounds, fusions));
}
