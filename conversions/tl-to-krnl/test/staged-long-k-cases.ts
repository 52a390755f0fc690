// Two staged GEMMs with a long K (copy=true, tile-k=1) that once gave wrong answers on WebGPU (Mesa's llvmpipe, which
// ends a work-item's loops after 65,535 iterations in all: targets/wgsl/test/support/end-to-end.ts,
// LONG_LOOP_ADAPTERS). The lowering and the interpreter were right; the cases stay as deterministic checks of the
// staged long-K path, after lower-to-krnl and on WebGPU.
import type { Case } from './collective-cases.js';

const operand = (o: Partial<Case['operands'][number]> & Pick<Case['operands'][number], 'sizes' | 'elem'>): Case['operands'][number] => ({
  subview: false,
  pad: o.sizes.map(() => 0),
  offsets: o.sizes.map(() => 0),
  offsetWritten: o.sizes.map(() => 'constant' as const),
  sizeWritten: o.sizes.map(() => 'constant' as const),
  dynamic: o.sizes.map(() => false),
  ...o,
});

/**
 * The property's counterexample: gemm.t.t of i8 inputs into an f32 C, 20 x 17 with K = 64, alpha = -7 and beta = 1
 * as arguments, strided subviews, dynamic sizes, 1 x 1 register tiles on a 2 x 1 work-group. On llvmpipe rows 8 to 19
 * of C kept their input values and two elements of row 6 and 7 got partial sums.
 */
export const STAGED_I8_GEMM: Case = {
  op: 'gemm',
  transA: true,
  transB: true,
  atomic: false,
  operands: [
    operand({ sizes: [64, 20], elem: 'i8', subview: true, pad: [0, 1], offsetWritten: ['value', 'value'] }),
    operand({ sizes: [17, 64], elem: 'i8', pad: [3, 2], offsets: [0, 2], offsetWritten: ['value', 'value'], sizeWritten: ['constant', 'question'], dynamic: [true, true] }),
    operand({ sizes: [20, 17], elem: 'f32', subview: true, pad: [3, 2], offsets: [3, 0], offsetWritten: ['value', 'value'], sizeWritten: ['question', 'constant'], dynamic: [false, true] }),
  ],
  alphaType: 'i8',
  betaType: 'f32',
  alpha: -7,
  beta: 1,
  alphaConstant: false,
  betaConstant: false,
  groups: 1,
  schedule: 'lower-to-krnl{register-m=1 register-n=1 tile-k=1 copy=true work-group-size=2,1 tile-m=2 tile-n=1 loop-order=m,n,k}',
  seed: 1448177650,
};

/**
 * 32 x 64 by 64 x 32 in f32 with alpha = beta = 0 (C, all NaN, must not be read: every element becomes 0), 2 x 2
 * register tiles on a 1 x 1 work-group. On llvmpipe most of C stayed NaN.
 */
export const STAGED_ZERO_GEMM: Case = {
  op: 'gemm',
  transA: false,
  transB: false,
  atomic: false,
  operands: [operand({ sizes: [32, 64], elem: 'f32' }), operand({ sizes: [64, 32], elem: 'f32' }), operand({ sizes: [32, 32], elem: 'f32' })],
  alphaType: 'f32',
  betaType: 'f32',
  alpha: 0,
  beta: 0,
  alphaConstant: true,
  betaConstant: true,
  groups: 1,
  schedule: 'lower-to-krnl{register-m=2 register-n=2 tile-k=1 copy=true work-group-size=1,1 loop-order=m,n,k}',
  seed: 20261121,
};
