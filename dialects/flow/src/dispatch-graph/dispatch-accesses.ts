// What a dispatch reads and writes: the storage behind its tensor operands and results (and, conservatively, any
// memref or group it is given), and every host value it uses.
import { MemRefType, RankedTensorType, UnrankedMemRefType, type OpDefinition, type Operation, type Type, type Value } from '@tlir/ir';
import { CallOp } from '../call-ops.js';
import { DispatchOp } from '../dispatch-op.js';
import { DispatchRegionOp } from '../dispatch-region-op.js';
import { DispatchTensorType } from '../dispatch-tensor-type.js';
import { DispatchWorkgroupsOp } from '../dispatch-workgroups-op.js';
import { FlowGroupType } from '../group-type.js';
import { UNTIED, tiedOperandIndices } from '../tied-operands.js';

/** The ops the dispatch graph shows as dispatches (a streamable call of an external function is one too). */
export const DISPATCH_OPS: ReadonlySet<OpDefinition> = new Set<OpDefinition>([DispatchOp, DispatchWorkgroupsOp, DispatchRegionOp, CallOp]);

export const isDispatch = (op: Operation): boolean => op.opName.def !== undefined && DISPATCH_OPS.has(op.opName.def);

export interface DispatchAccesses {
  /** Values whose storage the dispatch reads (in operand order). */
  readonly reads: Value[];
  /** Values whose storage it writes: operands it updates in place, its untied results. */
  readonly writes: Value[];
  /** Every value of the host it uses: operands, and for a dispatch region the values its body captures. */
  readonly inputs: Value[];
}

/** Memory the dispatch may read and write through without saying which (memrefs, groups of memrefs). */
const isOpaqueBuffer = (t: Type): boolean => t instanceof MemRefType || t instanceof UnrankedMemRefType || FlowGroupType.is(t);

/** The values defined outside `op` that ops inside its regions use, in the order they are first used. */
function capturedValues(op: Operation): Value[] {
  const seen = new Set<Value>();
  op.walk((inner) => {
    if (inner === op) return;
    for (const v of inner.operands) {
      const owner = v.definingOp ?? v.parentBlock?.parentOp;
      if (!owner || !op.isAncestor(owner)) seen.add(v);
    }
  }, 'pre');
  return [...seen];
}

function accessArguments(args: readonly Value[], tied: readonly number[], bodyTypes: readonly (Type | undefined)[], out: DispatchAccesses): void {
  args.forEach((a, i) => {
    const body = bodyTypes[i];
    if (a.type instanceof RankedTensorType) {
      const access = body && DispatchTensorType.is(body) ? body.access : tied.includes(i) ? 'readwrite' : 'readonly';
      if (access !== 'writeonly') out.reads.push(a);
      if (access !== 'readonly') out.writes.push(a);
    } else if (isOpaqueBuffer(a.type)) {
      out.reads.push(a);
      out.writes.push(a);
    }
  });
}

/** The accesses of a dispatch (an op for which `isDispatch` holds). */
export function dispatchAccesses(op: Operation): DispatchAccesses {
  const out: DispatchAccesses = { reads: [], writes: [], inputs: [...op.operands] };
  const tied = tiedOperandIndices(op);
  const untiedResults = (): void => {
    op.results.forEach((r, j) => {
      if (tied[j] === UNTIED) out.writes.push(r);
    });
  };
  const d = DispatchOp.match(op) ?? CallOp.match(op);
  if (d) {
    accessArguments(d.arguments, tied, [], out);
    untiedResults();
    return out;
  }
  const w = DispatchWorkgroupsOp.match(op);
  if (w) {
    accessArguments(w.arguments, tied, w.workgroup_body.firstBlock?.args.map((a) => a.type) ?? [], out);
    untiedResults();
    return out;
  }
  const r = DispatchRegionOp.match(op);
  if (r) {
    const captured = capturedValues(op);
    out.inputs.push(...captured);
    accessArguments(captured, [], [], out);
    untiedResults();
    return out;
  }
  throw new Error(`'${op.name}' is not a dispatch`);
}
