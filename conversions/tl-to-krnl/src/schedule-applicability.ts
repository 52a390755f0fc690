// What a collective's schedule asks that the collective cannot do, checked before lowering so that the error is at the
// option (in the schedule file, the attribute or the command line) and says what would apply. Only krnl.matmul has
// such conditions (tile sizes, the loop order and copies apply to every collective).
import { IntegerAttr, type Operation } from '@tlir/ir';
import { GemmOp, TlMemrefType } from '@tlir/dialect-tl';
import type { TlToKrnlOptions } from './options.js';
import type { OptionProblem } from '@tlir/pass';

const transposed = (t: unknown): boolean => t instanceof IntegerAttr && t.value === 1n;

/**
 * Why the options cannot apply to collective `op`, with the option to blame; undefined when they can. `setHere` are
 * the options set for this collective itself (a collective entry or its attribute): matmul=true set there on a
 * collective that is not a gemm is an error, set for a whole kernel it concerns only the kernel's gemms.
 */
export function collectiveScheduleProblem(op: Operation, o: TlToKrnlOptions, setHere: ReadonlySet<string>): OptionProblem | undefined {
  if (!o.matmul) return undefined;
  const gemm = GemmOp.match(op);
  if (!gemm) {
    if (!setHere.has('matmul')) return undefined;
    return { option: 'matmul', message: `'${op.name}' has no matrix product for krnl.matmul to compute (it applies to gemm only)` };
  }
  const elements = [gemm.A, gemm.B, gemm.C].map((v) => (TlMemrefType.is(v.type) ? String(v.type.elementType) : '?'));
  if (elements.some((e) => e !== elements[2])) {
    return {
      option: 'matmul',
      message: `krnl.matmul multiplies and adds in one element type, and this gemm's A, B and C are ${elements.join(', ')} (it computes in C's ${elements[2]}): it needs A and B of ${elements[2]}`,
    };
  }
  if (!o.copy) {
    const which = [transposed(gemm.transA) ? 'A' : undefined, transposed(gemm.transB) ? 'B' : undefined].filter((x) => x);
    if (which.length) {
      return {
        option: 'matmul',
        message: `krnl.matmul reads A as m x k and B as k x n, and this gemm's ${which.join(' and ')} ${which.length > 1 ? 'are' : 'is'} transposed: with copy=true the tile buffers hold them in that order`,
      };
    }
  }
  return undefined;
}
