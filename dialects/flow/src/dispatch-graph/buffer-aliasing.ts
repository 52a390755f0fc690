// Which tensor values share storage: a result tied to an operand (IREE's TiedOpInterface) is that operand's storage,
// updated in place or seen anew (a dispatch's `-> %arg0`, flow.tensor.update's target, a reshape's source). The
// dispatch graph tracks reads and writes per storage, the value at its root.
import { OpResult, type Operation, type Value } from '@tlir/ir';
import { DispatchOp } from '../dispatch-op.js';
import { DispatchWorkgroupsOp } from '../dispatch-workgroups-op.js';
import { UNTIED, tiedOperandIndices } from '../tied-operands.js';

function tiedArgument(op: Operation, args: readonly Value[], result: number): Value | undefined {
  const t = tiedOperandIndices(op)[result];
  return t === undefined || t === UNTIED ? undefined : args[t];
}

/** The operand a result of `op` is tied to, if any. */
export function tiedOperand(op: Operation, result: number): Value | undefined {
  switch (op.name) {
    // The tied indices count the `arguments` group.
    case 'flow.dispatch':
      return tiedArgument(op, DispatchOp.wrap(op).arguments, result);
    case 'flow.dispatch.workgroups':
      return tiedArgument(op, DispatchWorkgroupsOp.wrap(op).arguments, result);
    case 'flow.tensor.update':
    case 'flow.tensor.reshape':
    case 'flow.tensor.bitcast':
    case 'flow.tensor.tie_shape':
      return op.getOperand(0);
    case 'flow.collective.all_gather':
    case 'flow.collective.all_reduce':
    case 'flow.collective.all_to_all':
    case 'flow.collective.reduce_scatter':
    case 'flow.collective.send_recv':
      return tiedOperandIndices(op)[0] === UNTIED ? undefined : op.getOperand(0);
    default:
      return undefined;
  }
}

/** The value whose storage `v` is: `v` itself, or what its tied operands lead back to. */
export function storageRoot(v: Value): Value {
  let value = v;
  for (;;) {
    if (!(value instanceof OpResult)) return value;
    const tied = tiedOperand(value.owner, value.index);
    if (!tied) return value;
    value = tied;
  }
}
