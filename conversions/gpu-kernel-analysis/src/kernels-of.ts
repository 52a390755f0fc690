// The kernels of a module, the unit every gpu lowering pass works on.
import { isKernel } from '@tlir/dialect-gpu';
import type { Operation } from '@tlir/ir';

/** The gpu.func kernels under `root`, in walk order. */
export function kernelsOf(root: Operation): Operation[] {
  const out: Operation[] = [];
  root.walk((op) => {
    if (op.name === 'gpu.func' && isKernel(op)) out.push(op);
  });
  return out;
}
