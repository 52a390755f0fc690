// Which tensor values share storage: a result tied to an operand (IREE's TiedOpInterface) is that operand's storage,
// updated in place or seen anew (a dispatch's `-> %arg0`, flow.tensor.update's target, a reshape's source). The
// dispatch graph tracks reads and writes per storage, the value at its root.
import { OpResult, type OpDefinition, type Operation, type Value } from '@tlir/ir';
import { CollectiveAllGatherOp, CollectiveAllReduceOp, CollectiveAllToAllOp, CollectiveReduceScatterOp, CollectiveSendRecvOp } from '../channel-collective-ops.js';
import { CallOp } from '../call-ops.js';
import { DispatchOp } from '../dispatch-op.js';
import { DispatchWorkgroupsOp } from '../dispatch-workgroups-op.js';
import { TensorBitCastOp, TensorReshapeOp } from '../tensor-reshape-ops.js';
import { TensorUpdateOp } from '../tensor-slice-ops.js';
import { TensorTieShapeOp } from '../tensor-tie-shape-op.js';
import { UNTIED, tiedOperandIndices } from '../tied-operands.js';

function tiedArgument(op: Operation, args: readonly Value[], result: number): Value | undefined {
  const t = tiedOperandIndices(op)[result];
  return t === undefined || t === UNTIED ? undefined : args[t];
}

/** The ops whose result is their first operand's storage. */
const IN_PLACE: ReadonlySet<OpDefinition> = new Set([TensorUpdateOp, TensorReshapeOp, TensorBitCastOp, TensorTieShapeOp]);
/** The collectives, whose result is their first operand's storage when they tie it. */
const COLLECTIVES: ReadonlySet<OpDefinition> = new Set([CollectiveAllGatherOp, CollectiveAllReduceOp, CollectiveAllToAllOp, CollectiveReduceScatterOp, CollectiveSendRecvOp]);

/** The operand a result of `op` is tied to, if any. */
export function tiedOperand(op: Operation, result: number): Value | undefined {
  // The tied indices of a dispatch (or a call) count its `arguments` group.
  const dispatch = DispatchOp.match(op) ?? DispatchWorkgroupsOp.match(op) ?? CallOp.match(op);
  if (dispatch) return tiedArgument(op, dispatch.arguments, result);
  const def = op.opName.def;
  if (def === undefined) return undefined;
  if (IN_PLACE.has(def)) return op.getOperand(0);
  if (COLLECTIVES.has(def)) return tiedOperandIndices(op)[0] === UNTIED ? undefined : op.getOperand(0);
  return undefined;
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
