// The launches the equivalence tests run each example kernel of examples/kernels with: numbers of work-groups and
// arguments (deterministic values with full mantissas, so that any change in the order of operations shows).
import type { Operation, Type } from '@tlir/ir';
import { Memory, MemrefView } from '@tlir/interpreter';
import { GroupValue, TlMemrefType, memrefForType, type KernelArgument, type MemrefInit } from '@tlir/dialect-tl';

/** The directory of the example kernels. */
export const EXAMPLES_DIR = new URL('../../../examples/kernels/', import.meta.url);

const argType = (kernel: Operation, i: number): Type => kernel.regions[0]!.firstBlock!.args[i]!.type;
const memref = (kernel: Operation, i: number, init: MemrefInit): MemrefView => memrefForType(argType(kernel, i) as TlMemrefType, { label: `argument #${i}`, ...init });

/** Deterministic floats in (-2, 2) with full mantissas, so that any change in the order of operations shows. */
export function values(n: number, seed: number): number[] {
  let s = seed >>> 0 || 1;
  return Array.from({ length: n }, () => {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    return ((s >>> 0) / 2 ** 32) * 4 - 2;
  });
}

export interface Example {
  readonly file: string;
  readonly kernel: string;
  /** The launches to check: the number of work-groups and the arguments. */
  readonly launches: readonly { readonly groups: number; args(kernel: Operation): KernelArgument[] }[];
}

/** Every example kernel with the launches it is checked with. */
export const EXAMPLE_LIST: Example[] = [
  {
    file: 'fused-kernel.tl',
    kernel: 'fused_kernel',
    launches: [1, 3].map((batch) => ({
      groups: batch,
      args: (k: Operation) => {
        const groupType = argType(k, 1) as unknown as { memrefType: TlMemrefType };
        const As = Array.from({ length: batch }, (_, i) => memrefForType(groupType.memrefType, { data: values(128, 10 + i), label: `A_${i}` }));
        return [0.75, new GroupValue(As), memref(k, 2, { data: values(64, 2) }), memref(k, 3, { data: values(128, 3) }), memref(k, 4, { sizes: [16, 16, batch], data: values(256 * batch, 4) })];
      },
    })),
  },
  {
    file: 'batched-small-gemm.tl',
    kernel: 'batched_small_gemm',
    launches: [
      { batch: 2, K: 5, offset: 3 },
      { batch: 3, K: 1, offset: 0 },
    ].map(({ batch, K, offset }) => ({
      groups: batch,
      args: (k: Operation) => {
        // Each A_i is 16 x K after `offset` leading elements of its memory (a header the group offset skips).
        const f32 = (argType(k, 4) as TlMemrefType).elementType;
        const As = Array.from({ length: batch }, (_, i) => new MemrefView(Memory.fromValues(f32, values(offset + 16 * K, 20 + i), `A_${i}`), 0, [16, K], [1, 16]));
        return [-1.25, new GroupValue(As, offset), memref(k, 2, { sizes: [K, 8, batch], data: values(K * 8 * batch, 5) }), 0.5, memref(k, 4, { sizes: [16, 8, batch], data: values(128 * batch, 6) })];
      },
    })),
  },
  {
    file: 'matrix-chain.tl',
    kernel: 'matrix_chain',
    launches: [
      {
        groups: 2,
        args: (k: Operation) => [
          memref(k, 0, { sizes: [32, 16, 2], data: values(1024, 7) }),
          memref(k, 1, { data: values(384, 8) }),
          memref(k, 2, { data: values(288, 9) }),
          memref(k, 3, { data: values(48, 10) }),
          memref(k, 4, { sizes: [32, 4, 2], data: values(256, 11) }),
        ],
      },
    ],
  },
  {
    file: 'tall-and-skinny-gemm.tl',
    kernel: 'tall_and_skinny',
    launches: [70, 64, 5].map((M) => ({
      groups: Math.ceil(M / 64),
      args: (k: Operation) => [0.5, memref(k, 1, { sizes: [M, 8], data: values(M * 8, 12) }), memref(k, 2, { data: values(32, 13) }), -2, memref(k, 4, { sizes: [M, 4], data: values(M * 4, 14) })],
    })),
  },
  {
    file: 'bias-relu.tl',
    kernel: 'bias_relu',
    launches: [
      [70, 3],
      [5, 2],
    ].map(([rows, cols]) => ({
      groups: cols!,
      args: (k: Operation) => [
        memref(k, 0, { sizes: [rows, cols], data: values(rows! * cols!, 15) }),
        memref(k, 1, { sizes: [rows], data: values(rows!, 16) }),
        memref(k, 2, { sizes: [rows, cols], data: values(rows! * cols!, 17) }),
      ],
    })),
  },
];
