// The flow dialect's implementations for the reference interpreter (docs/interpreter.md).
import { DenseArrayAttr, type IntegerAttr, type Operation } from '@tlir/ir';
import { DispatchWorkgroupCountOp, DispatchWorkgroupIdOp, DispatchWorkgroupSizeOp } from '../dispatch-workgroup-ops.js';
import { GroupLoadOp } from '../group-load-op.js';
import { fault, type InterpreterRegistry } from '@tlir/interpreter';
import { channelValueCheck } from './channel-value.js';
import { registerCollectiveImplementations } from './channel-collective-implementations.js';
import { dispatchTensorValueCheck } from './dispatch-binding.js';
import { registerDispatchImplementations } from './dispatch-implementations.js';
import { registerDispatchTensorImplementations } from './dispatch-tensor-implementations.js';
import { groupMember, groupValueCheck, isGroupRuntimeValue } from './group-values.js';
import { registerTensorImplementations, type TensorTraceSink } from './tensor-implementations.js';
import { tensorValueCheck } from './tensor-value.js';
import { currentWorkgroup } from './workgroup-grid.js';

const dimensionOf = (op: { readonly dimension: IntegerAttr }): number => Number(op.dimension.value);

/** The `work_group_size` of the function around `op` (what tl-to-krnl writes there), or a runtime error. */
function workGroupSize(op: Operation, dimension: number): number {
  for (let p = op.parentOp; p; p = p.parentOp) {
    const attr = p.getAttr('work_group_size');
    if (attr instanceof DenseArrayAttr) return Number(attr.values[dimension] ?? 1);
  }
  return fault(`the work-group size is unknown: no function around this op has a 'work_group_size' attribute`);
}

export interface FlowInterpreterOptions {
  /** Receives what `flow.tensor.trace` traces (nothing is printed without one). */
  readonly traceSink?: TensorTraceSink;
}

/**
 * Registers the flow ops: the work-group queries read the workgroup of the flow dispatch being run, or outside one
 * the launch from the execution context (the interpreter runs one work-group of a 1D grid at a time: dimension 0 is
 * its id and the number of work-groups, the others 0 and 1); `flow.group.load` reads a group's memref; dispatches,
 * tensor ops, channels and collectives run on one device; and the checks of group, tensor, dispatch tensor and
 * channel values.
 */
export function registerFlowInterpreter(registry: InterpreterRegistry, options: FlowInterpreterOptions = {}): InterpreterRegistry {
  registry.registerImpl(DispatchWorkgroupIdOp, (op, _operands, ctx) => {
    const d = dimensionOf(op);
    return [currentWorkgroup(ctx)?.id[d] ?? (d === 0 ? ctx.groupId : 0)];
  });
  registry.registerImpl(DispatchWorkgroupCountOp, (op, _operands, ctx) => {
    const d = dimensionOf(op);
    return [currentWorkgroup(ctx)?.count[d] ?? (d === 0 ? ctx.groupCount : 1)];
  });
  registry.registerImpl(DispatchWorkgroupSizeOp, (op) => [workGroupSize(op.op, dimensionOf(op))]);
  registry.registerImpl(GroupLoadOp, (_op, [group, index]) => {
    if (!isGroupRuntimeValue(group!)) fault('flow.group.load of a value that is not a group');
    return [groupMember(group, index as number)];
  });
  registerDispatchImplementations(registry);
  registerDispatchTensorImplementations(registry);
  registerTensorImplementations(registry, options.traceSink);
  registerCollectiveImplementations(registry);
  registry.registerValueCheck(groupValueCheck(registry));
  registry.registerValueCheck(tensorValueCheck);
  registry.registerValueCheck(dispatchTensorValueCheck);
  registry.registerValueCheck(channelValueCheck);
  return registry;
}
