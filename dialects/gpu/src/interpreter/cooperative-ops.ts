// The ops work-items execute together: gpu.barrier and gpu.all_reduce (the work-group), gpu.shuffle and
// gpu.subgroup_reduce (a subgroup). Each suspends its work-item with a Rendezvous; the launch scheduler completes it
// once every participant waits at the same op.
import { IntegerAttr, VectorType, type Attribute, type ViewOf } from '@tlir/ir';
import { ControlTransfer, Suspension, fault, type ExecutionContext, type InterpreterRegistry, type RuntimeValue } from '@tlir/interpreter';
import { AllReduceOp, BarrierOp, ShuffleOp, SubgroupReduceOp, YieldOp } from '../cooperative-ops.js';
import { AllReduceOperationAttr, type AllReduceOperation, type ShuffleMode } from '../gpu-attributes.js';
import { reduce, reductionScalar } from './reductions.js';
import type { Rendezvous, ValueRendezvous } from './rendezvous.js';
import { currentWorkItem } from './work-item.js';

/** Every work-item of the block waits; none gets anything back. */
const BARRIER: Rendezvous = { scope: 'workgroup', complete: (all) => all.map(() => undefined) };

/** The reduction an op names (its `op` property), if any. */
function reductionOf(op: { readonly reduction: Attribute | undefined }): AllReduceOperation | undefined {
  const a = op.reduction;
  return a !== undefined && AllReduceOperationAttr.is(a) ? a.value : undefined;
}

/**
 * gpu.all_reduce: the values of the work-group, combined in the order of the linear ids by the named reduction or by
 * the reduction region (run by the launch: `acc := region(acc, next)`).
 */
function allReduce(op: ViewOf<typeof AllReduceOp>, values: readonly RuntimeValue[], ctx: ExecutionContext): RuntimeValue {
  const type = op.result.type;
  const kind = reductionOf(op);
  if (kind) return reduce(kind, type, values.map((v) => reductionScalar(op.op.name, type, v)));
  let acc = values[0]!;
  for (let i = 1; i < values.length; i++) {
    const exit = ctx.runRegion(op.body, [acc, values[i]!]);
    if (exit.values.length !== 1) fault(`the reduction region of gpu.all_reduce gave ${exit.values.length} values`);
    acc = exit.values[0]!;
  }
  return acc;
}

/** The lane gpu.shuffle reads in `mode` for lane `lane` (out of range: the shuffle is not valid there). */
function sourceLane(mode: ShuffleMode, lane: number, offset: number): number {
  switch (mode) {
    case 'xor':
      return lane ^ offset;
    case 'down':
      return lane + offset;
    case 'up':
      return lane - offset;
    case 'idx':
      return offset;
  }
}

interface ShuffleValue {
  readonly value: RuntimeValue;
  readonly offset: number;
  readonly width: number;
}

export function registerCollectiveOps(registry: InterpreterRegistry): void {
  registry.registerResumableImpl(BarrierOp, function* (op, _operands, ctx) {
    currentWorkItem(ctx, 'gpu.barrier');
    yield new Suspension(op.op, BARRIER);
  });

  registry.registerResumableImpl(AllReduceOp, function* (op, [value], ctx) {
    currentWorkItem(ctx, 'gpu.all_reduce');
    const rendezvous: ValueRendezvous<RuntimeValue> = {
      scope: 'workgroup',
      value: value!,
      complete(all, _items, launch) {
        const r = allReduce(op, all.map((a) => (a as ValueRendezvous<RuntimeValue>).value), launch);
        return all.map(() => r);
      },
    };
    return [(yield new Suspension(op.op, rendezvous)) as RuntimeValue];
  });
  registry.registerImpl(YieldOp, (_op, operands) => ControlTransfer.yield(operands));

  registry.registerResumableImpl(SubgroupReduceOp, function* (op, [value], ctx) {
    const item = currentWorkItem(ctx, 'gpu.subgroup_reduce');
    const type = op.result.type;
    if (type instanceof VectorType) fault(`'gpu.subgroup_reduce' of ${type}: the interpreter has scalar values only (no vectors)`);
    const kind = reductionOf(op)!;
    const sizeAttr = op.cluster_size;
    const strideAttr = op.cluster_stride;
    const sgs = item.launch.subgroupSize;
    const size = sizeAttr instanceof IntegerAttr ? Number(sizeAttr.value) : sgs;
    const stride = strideAttr instanceof IntegerAttr ? Number(strideAttr.value) : 1;
    if (size * stride > sgs) fault(`clusters of ${size} lanes ${stride} apart do not fit in a subgroup of ${sgs} lanes`);
    const rendezvous: ValueRendezvous<number | bigint> = {
      scope: 'subgroup',
      value: reductionScalar(op.op.name, type, value!),
      complete(all, items) {
        // A cluster: `size` lanes `stride` apart, starting at a lane whose index is below `stride` in its span.
        const byLane = new Map(items.map((w, k) => [w.laneId, (all[k] as ValueRendezvous<number | bigint>).value]));
        return items.map((w) => {
          const span = size * stride;
          const base = w.laneId - (w.laneId % span) + (w.laneId % stride);
          const members: (number | bigint)[] = [];
          for (let i = 0; i < size; i++) {
            const v = byLane.get(base + i * stride);
            if (v !== undefined) members.push(v);
          }
          return reduce(kind, type, members);
        });
      },
    };
    return [(yield new Suspension(op.op, rendezvous)) as RuntimeValue];
  });

  registry.registerResumableImpl(ShuffleOp, function* (op, [value, offset, width], ctx) {
    const item = currentWorkItem(ctx, 'gpu.shuffle');
    const type = op.value.type;
    if (type instanceof VectorType) fault(`'gpu.shuffle' of ${type}: the interpreter has scalar values only (no vectors)`);
    const mode: ShuffleMode = op.mode.value;
    const w = width as number;
    const sgs = item.launch.subgroupSize;
    if (w < 0 || w > sgs) fault(`the width of gpu.shuffle is ${w}, not in [0, ${sgs}] (the subgroup size)`);
    // Lanes from `width` on take no part: their result is unspecified, the interpreter gives their own value.
    if (item.laneId >= w) return [value!, 0];
    const rendezvous: ValueRendezvous<ShuffleValue> = {
      scope: 'subgroup',
      lanes: w,
      value: { value: value!, offset: offset as number, width: w },
      complete(all, items) {
        const values = all.map((a) => (a as ValueRendezvous<ShuffleValue>).value);
        if (items.length < w) fault(`gpu.shuffle of width ${w} in a subgroup of ${items.length} work-items: its first ${w} lanes must take part`);
        const other = values.find((v) => v.width !== w);
        if (other) fault(`the width of gpu.shuffle differs between the lanes of a subgroup (${w} and ${other.width}); it must be uniform`);
        return items.map((_, lane) => {
          const src = sourceLane(mode, lane, values[lane]!.offset);
          return src >= 0 && src < w ? [values[src]!.value, 1] : [values[lane]!.value, 0];
        });
      },
    };
    return (yield new Suspension(op.op, rendezvous)) as RuntimeValue[];
  });
}
