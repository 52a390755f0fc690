// The flow dialect's implementations for the reference interpreter (docs/interpreter.md).
import { DenseArrayAttr, type IntegerAttr, type Operation } from '@tlir/ir';
import { fault, type InterpreterRegistry } from '@tlir/interpreter';
import { groupMember, groupValueCheck, isGroupRuntimeValue } from './group-values.js';

const dimensionOf = (op: Operation): number => Number((op.getProperty('dimension') as IntegerAttr).value);

/** The `work_group_size` of the function around `op` (what tl-to-krnl writes there), or a runtime error. */
function workGroupSize(op: Operation, dimension: number): number {
  for (let p = op.parentOp; p; p = p.parentOp) {
    const attr = p.getAttr('work_group_size');
    if (attr instanceof DenseArrayAttr) return Number(attr.values[dimension] ?? 1);
  }
  return fault(`the work-group size is unknown: no function around this op has a 'work_group_size' attribute`);
}

/**
 * Registers the flow ops: the work-group queries read the launch from the execution context (the interpreter runs
 * one work-group of a 1D grid at a time: dimension 0 is its id and the number of work-groups, the others 0 and 1),
 * `flow.group.load` reads a group's memref; and the check of group values.
 */
export function registerFlowInterpreter(registry: InterpreterRegistry): InterpreterRegistry {
  registry.register('flow.dispatch.workgroup.id', (op, _operands, ctx) => [dimensionOf(op) === 0 ? ctx.groupId : 0]);
  registry.register('flow.dispatch.workgroup.count', (op, _operands, ctx) => [dimensionOf(op) === 0 ? ctx.groupCount : 1]);
  registry.register('flow.dispatch.workgroup.size', (op) => [workGroupSize(op, dimensionOf(op))]);
  registry.register('flow.group.load', (_op, [group, index]) => {
    if (!isGroupRuntimeValue(group!)) fault('flow.group.load of a value that is not a group');
    return [groupMember(group, index as number)];
  });
  registry.registerValueCheck(groupValueCheck(registry));
  return registry;
}
