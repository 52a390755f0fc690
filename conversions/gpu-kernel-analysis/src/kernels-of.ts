// The kernels of a module, the unit every gpu lowering pass works on.
import { isKernel, FuncOp as GpuFuncOp } from '@tlir/dialect-gpu';
import type { Operation } from '@tlir/ir';

/** The gpu.func kernels under `root`, in walk order. */
export function kernelsOf(root: Operation): Operation[] {
  const out: Operation[] = [];
  root.walk((op) => {
    if (GpuFuncOp.is(op) && isKernel(op)) out.push(op);
  });
  return out;
}
