// `[%x, %y]`: the workload of a dispatch, the values its workgroup count is computed from (written right after the
// entry point of flow.dispatch and after flow.dispatch.workgroups / flow.dispatch.region).
import type { OpAsmParser, OpAsmPrinter, UnresolvedOperand, Value } from '@tlir/ir';

/** The workload in brackets; none when the brackets are left out. */
export function parseWorkload(p: OpAsmParser): UnresolvedOperand[] {
  if (!p.parseOptionalLSquare()) return [];
  const workload = p.parseOperandList('none');
  p.parseRSquare();
  return workload;
}

/** `[%x, %y]`, nothing for an empty workload. */
export function printWorkload(p: OpAsmPrinter, workload: readonly Value[]): void {
  if (!workload.length) return;
  p.write('[');
  p.printOperands(workload);
  p.write(']');
}
