// One kernel per tensor-language instruction (and per type where the WGSL differs: f32, i32, index, the narrow
// integers i8/i16 that wrap, i1), lowered with --lower-to-krnl --lower-to-gpu, translated to WGSL and run by the
// runtime on a WebGPU adapter, against the reference interpreter on the tensor language, with several work-groups.
// Elementwise kernels spread their elements over the work-items with foreach; collectives run on every work-group's
// slice of their operands.
import { describe, it } from 'vitest';
import { useWebGpuDevice } from '../../../../packages/runtime/test/support/webgpu-adapter.js';
import { END_TO_END_ADAPTERS, expectSameResults, type ArgumentSetup } from '../support/end-to-end.js';

const device = useWebGpuDevice(END_TO_END_ADAPTERS);

/** WGSL's f32 division and remainder are within 2.5 ULP, conversions and builtins not all correctly rounded. */
const FLOAT_OPS = 1e-6;
/** Sums of products may be added in another order on the device. */
const SUMS = 1e-5;

const GROUPS = 3;
/** The elements per work-group of elementwise kernels: more than a work-group's work-items, not a multiple. */
const N = 150;

/** Divisors and shift amounts that are never 0 (the interpreter's division by zero is an error). */
const nonZero = (e: number): number => ((e * 7) % 11) - 5 || 3;

/**
 * An elementwise kernel: for every column g (one work-group each) and every row i, `out(i, g) := f(x(i, g), y(i, g))`
 * by the instructions `body` (which reads %a and %b and defines %c).
 */
function elementwise(name: string, inType: string, outType: string, body: string, binary = true): string {
  const x = `memref<${inType}x?x?>`;
  const out = `memref<${outType}x?x?>`;
  return `; ${name}: out(i, g) := f(x(i, g)${binary ? ', y(i, g)' : ''}) for every row i of column g.
func @${name}(%x: ${x}, %y: ${x}, %out: ${out}) {
  %g = group_id
  %n = size %out[0] : ${out}
  foreach %i = 0, %n {
    %a = load %x[%i, %g] : ${x}
    %b = load %y[%i, %g] : ${x}
${body
  .trim()
  .split('\n')
  .map((l) => `    ${l.trim()}`)
  .join('\n')}
    store %c, %out[%i, %g] : ${out}
  }
}
`;
}

interface InstructionCase {
  readonly name: string;
  readonly source: string;
  readonly args: readonly ArgumentSetup[];
  readonly tolerance?: number;
  readonly groups?: number;
  readonly maxGroupsPerDimension?: number;
}

/** The cases of an elementwise kernel: x and y of N x GROUPS (y from `yData` when given), out the same size. */
function elementwiseCase(name: string, inType: string, outType: string, body: string, options: { yData?: (e: number) => number; xData?: (e: number) => number; tolerance?: number } = {}): InstructionCase {
  const sizes = [N, GROUPS];
  return {
    name,
    source: elementwise(name, inType, outType, body),
    args: [
      { sizes, ...(options.xData ? { data: options.xData } : {}) },
      { sizes, ...(options.yData ? { data: options.yData } : {}) },
      { sizes },
    ],
    ...(options.tolerance !== undefined ? { tolerance: options.tolerance } : {}),
  };
}

const binaryArith = (op: string, types: readonly string[], options: { yData?: (e: number) => number; tolerance?: number } = {}): InstructionCase[] =>
  types.map((t) => elementwiseCase(`${op}_${t}`, t, t, `%c = arith.${op} %a, %b : ${t}`, options));

const CASES: Record<string, InstructionCase[]> = {
  'arith.add': binaryArith('add', ['f32', 'i32', 'i8', 'index']),
  'arith.sub': binaryArith('sub', ['f32', 'i32', 'i16']),
  'arith.mul': binaryArith('mul', ['f32', 'i32', 'i8']),
  'arith.div': binaryArith('div', ['f32', 'i32', 'i8'], { yData: nonZero, tolerance: FLOAT_OPS }),
  'arith.rem': binaryArith('rem', ['f32', 'i32', 'i16'], { yData: nonZero, tolerance: FLOAT_OPS }),
  // Every shift amount below the width (the interpreter rejects larger ones, as the tensor language leaves them open).
  'arith.shl': [...binaryArith('shl', ['i32'], { yData: (e) => (e * 7) % 32 }), ...binaryArith('shl', ['i8'], { yData: (e) => (e * 5) % 8 })],
  'arith.shr': [...binaryArith('shr', ['i32'], { yData: (e) => (e * 7) % 32 }), ...binaryArith('shr', ['i16'], { yData: (e) => (e * 5) % 16 })],
  'arith.and': binaryArith('and', ['i32', 'i1']),
  'arith.or': binaryArith('or', ['i16', 'i1']),
  'arith.xor': binaryArith('xor', ['i32', 'i1']),
  'arith.min': binaryArith('min', ['f32', 'i32', 'i8', 'i1', 'index']),
  'arith.max': binaryArith('max', ['f32', 'i32', 'i16', 'i1', 'index']),
  'arith.neg': ['f32', 'i32', 'i8'].map((t) => elementwiseCase(`neg_${t}`, t, t, `%c = arith.neg %a : ${t}`)),
  'arith.not': ['i32', 'i1'].map((t) => elementwiseCase(`not_${t}`, t, t, `%c = arith.not %a : ${t}`)),
  cast: [
    ['i32', 'f32'],
    ['index', 'f32'],
    ['i8', 'i32'],
    ['i32', 'i8'],
    ['i1', 'i32'],
    ['i32', 'i1'],
    ['i16', 'index'],
    ['index', 'i16'],
    ['i1', 'f32'],
  ]
    .map(([from, to]) => elementwiseCase(`cast_${from}_${to}`, from!, to!, `%c = cast %a : ${from} -> ${to}`))
    .concat(
      // Floats to integers: values in range (out of range is an error in the interpreter, saturated in WGSL).
      ['i32', 'index', 'i8', 'i16'].map((to) => elementwiseCase(`cast_f32_${to}`, 'f32', to, `%c = cast %a : f32 -> ${to}`, { xData: (e) => ((e * 37) % 200) - 100 + 0.5 * (e % 3) })),
      [elementwiseCase('cast_f32_i1', 'f32', 'i1', '%c = cast %a : f32 -> i1', { xData: (e) => (e % 3) - 1 })],
    ),
  cmp: ['eq', 'ne', 'gt', 'ge', 'lt', 'le'].flatMap((p) =>
    ['f32', 'i32'].map((t) => elementwiseCase(`cmp_${p}_${t}`, t, 'i1', `%c = cmp.${p} %a, %b : ${t}`, { xData: (e) => (e % 5) - 2, yData: (e) => (e % 3) - 1 })),
  ),
  if: [
    {
      name: 'if_collective',
      // Collectives (with their barriers) under a condition every work-item loads from a buffer the kernel writes:
      // WGSL cannot prove it uniform, so the translation broadcasts it (docs/wgsl.md, "Barriers").
      source: `func @if_collective(%flags: memref<i32x?>, %x: memref<f32x64x?>, %y: memref<f32x64x?>) work_group_size(16, 1) {
  %g = group_id
  %f = load %flags[%g] : memref<i32x?>
  %p = cmp.ne %f, 0 : i32
  %a = subview %x[:, %g] : memref<f32x64x?>
  %b = subview %y[:, %g] : memref<f32x64x?>
  if %p {
    %t = alloca -> memref<f32x64>
    axpby.n 2.0, %a, 0.0, %t : f32, memref<f32x64>, f32, memref<f32x64>
    axpby.n 1.0, %t, 1.0, %b : f32, memref<f32x64>, f32, memref<f32x64>
  }
  store 0, %flags[%g] : memref<i32x?>
}
`,
      args: [{ sizes: [4], data: (e) => e % 2 }, { sizes: [4] }, { sizes: [4] }],
      groups: 4,
    },
    elementwiseCase(
      'if_yield',
      'f32',
      'f32',
      `%p = cmp.gt %a, %b : f32
       %c = if %p -> (f32) {
         %d = arith.sub %a, %b : f32
         yield %d : f32
       } else {
         yield 0.0 : f32
       }`,
    ),
    {
      name: 'if_empty_results',
      // tinytc v0.3's `-> ()` and `yield :`: an if that returns nothing, in a mixed region (a collective in each
      // branch) and in a spmd region.
      source: `func @if_empty_results(%flags: memref<i32x?>, %x: memref<f32x40x?>, %y: memref<f32x40x?>) work_group_size(8, 1) {
  %g = group_id
  %f = load %flags[%g] : memref<i32x?>
  %p = cmp.ne %f, 0 : i32
  %a = subview %x[:, %g] : memref<f32x40x?>
  %b = subview %y[:, %g] : memref<f32x40x?>
  if %p -> () {
    axpby.n 2.0, %a, 1.0, %b : f32, memref<f32x40>, f32, memref<f32x40>
    yield :
  } else {
    axpby.n -1.0, %a, 0.0, %b : f32, memref<f32x40>, f32, memref<f32x40>
    yield :
  }
  foreach %i = 0, 40 {
    %v = load %a[%i] : memref<f32x40>
    %q = cmp.gt %v, 0.0 : f32
    if %q -> () {
      store %v, %a[%i] : memref<f32x40>
      yield :
    } else {
      store 0.0, %a[%i] : memref<f32x40>
      yield :
    }
  }
}
`,
      args: [{ sizes: [4], data: (e) => e % 2 }, { sizes: [4] }, { sizes: [4] }],
      groups: 4,
    },
  ],
  for: [
    {
      name: 'for_steps',
      // out(i, g) := the sum of j over j = 0, 3, 6, ... below 20 + |x(i, g)| mod 20, in a sequential loop.
      source: `func @for_steps(%x: memref<i32x?x?>, %out: memref<i32x?x?>) {
  %g = group_id
  %n = size %out[0] : memref<i32x?x?>
  foreach %i = 0, %n {
    %a = load %x[%i, %g] : memref<i32x?x?>
    %m = arith.rem %a, 20 : i32
    %lim = arith.add %m, 20 : i32
    store 0, %out[%i, %g] : memref<i32x?x?>
    for %j = 0, %lim, 3 : i32 {
      %s = load %out[%i, %g] : memref<i32x?x?>
      %t = arith.add %s, %j : i32
      store %t, %out[%i, %g] : memref<i32x?x?>
    }
  }
}
`,
      args: [{ sizes: [N, GROUPS] }, { sizes: [N, GROUPS] }],
    },
  ],
  foreach: [
    {
      name: 'foreach_i32',
      // An i32 loop variable over [lo, hi) given as scalars: out(k, g) := k * (g + 1) for k in the range.
      source: `func @foreach_i32(%lo: i32, %hi: i32, %out: memref<i32x?x?>) {
  %g = group_id
  %gi = cast %g : index -> i32
  %w = arith.add %gi, 1 : i32
  foreach %k = %lo, %hi : i32 {
    %v = arith.mul %k, %w : i32
    %at = cast %k : i32 -> index
    store %v, %out[%at, %g] : memref<i32x?x?>
  }
}
`,
      args: [{ value: 5 }, { value: 140 }, { sizes: [N, GROUPS] }],
    },
  ],
  'group_id, group_size': [
    {
      name: 'group_queries',
      source: `func @group_queries(%out: memref<indexx2x?>) {
  %g = group_id
  %s = group_size
  store %g, %out[0, %g] : memref<indexx2x?>
  store %s, %out[1, %g] : memref<indexx2x?>
}
`,
      args: [{ sizes: [GROUPS] }],
    },
    {
      name: 'group_queries_folded',
      // 37 work-groups on a grid folded at 4 per dimension (4 x 4 x 3: the last ones past the count do nothing).
      source: `func @group_queries_folded(%out: memref<indexx2x?>) {
  %g = group_id
  %s = group_size
  store %g, %out[0, %g] : memref<indexx2x?>
  store %s, %out[1, %g] : memref<indexx2x?>
}
`,
      args: [{ sizes: [37] }],
      groups: 37,
      maxGroupsPerDimension: 4,
    },
  ],
  'load, store (memrefs and groups), size': [
    {
      name: 'group_copy',
      // The g-th member of a group with a static offset, copied into column g of out, and its sizes.
      source: `func @group_copy(%A: group<memref<f32x?x3>, offset: 2>, %out: memref<f32x?x3x?>, %sizes: memref<indexx2x?>) {
  %g = group_id
  %a = load %A[%g] : group<memref<f32x?x3>, offset: 2>
  %m = size %a[0] : memref<f32x?x3>
  %k = size %a[1] : memref<f32x?x3>
  store %m, %sizes[0, %g] : memref<indexx2x?>
  store %k, %sizes[1, %g] : memref<indexx2x?>
  foreach %i = 0, %m {
    for %j = 0, 3 {
      %v = load %a[%i, %j] : memref<f32x?x3>
      store %v, %out[%i, %j, %g] : memref<f32x?x3x?>
    }
  }
}
`,
      args: [{ sizes: [70] }, { sizes: [70, GROUPS] }, { sizes: [GROUPS] }],
    },
  ],
  subview: [
    {
      name: 'subviews',
      // Slices with static and dynamic offsets and sizes, a rank-reducing index, a dynamic '?' size.
      source: `func @subviews(%A: memref<f32x?x8x?>, %B: memref<f32x?x?>) {
  %g = group_id
  %s = subview %A[2:?, 1:4, %g] : memref<f32x?x8x?>
  %m = size %s[0] : memref<f32x?x4,strided<1,?>>
  %t = subview %B[0:%m, %g:1] : memref<f32x?x?>
  foreach %i = 0, %m {
    %a = load %s[%i, 0] : memref<f32x?x4,strided<1,?>>
    %b = load %s[%i, 3] : memref<f32x?x4,strided<1,?>>
    %c = arith.add %a, %b : f32
    store %c, %t[%i, 0] : memref<f32x?x1,strided<1,?>>
  }
}
`,
      args: [{ sizes: [40, GROUPS] }, { sizes: [38, GROUPS] }],
    },
  ],
  'expand, fuse': [
    {
      name: 'reshapes',
      // Column g of X (24 elements) seen as 4x6 (expand), then the 4x6 of Y's column fused back to 24.
      source: `func @reshapes(%X: memref<f32x24x?>, %Y: memref<f32x4x6x?>) {
  %g = group_id
  %x = subview %X[:, %g] : memref<f32x24x?>
  %e = expand %x[0 -> 4x6] : memref<f32x24>
  %y = subview %Y[:, :, %g] : memref<f32x4x6x?>
  %f = fuse %y[0, 1] : memref<f32x4x6>
  foreach %i = 0, 4 {
    for %j = 0, 6 {
      %v = load %e[%i, %j] : memref<f32x4x6>
      %k = arith.mul %j, 4 : index
      %l = arith.add %k, %i : index
      %w = load %f[%l] : memref<f32x24>
      %s = arith.mul %v, %w : f32
      store %s, %y[%i, %j] : memref<f32x4x6>
    }
  }
}
`,
      args: [{ sizes: [GROUPS] }, { sizes: [GROUPS] }],
    },
  ],
  'alloca, barrier, lifetime_stop': [
    {
      name: 'staged',
      // Column g goes through work-group memory: every work-item writes its elements, a barrier, then each reads
      // another's (reversed), so the barrier is needed.
      source: `func @staged(%x: memref<f32x64x?>, %y: memref<f32x64x?>) work_group_size(16, 1) {
  %g = group_id
  %t = alloca -> memref<f32x64>
  foreach %i = 0, 64 {
    %v = load %x[%i, %g] : memref<f32x64x?>
    store %v, %t[%i] : memref<f32x64>
  }
  barrier
  foreach %i = 0, 64 {
    %r = arith.sub 63, %i : index
    %v = load %t[%r] : memref<f32x64>
    store %v, %y[%i, %g] : memref<f32x64x?>
  }
  lifetime_stop %t
}
`,
      args: [{ sizes: [GROUPS] }, { sizes: [GROUPS] }],
    },
  ],
  axpby: [
    {
      name: 'axpby_n',
      source: `func @axpby_n(%alpha: f32, %A: memref<f32x?x5x?>, %beta: f32, %B: memref<f32x?x5x?>) {
  %g = group_id
  %a = subview %A[:, :, %g] : memref<f32x?x5x?>
  %b = subview %B[:, :, %g] : memref<f32x?x5x?>
  axpby.n %alpha, %a, %beta, %b : f32, memref<f32x?x5>, f32, memref<f32x?x5>
}
`,
      args: [{ value: 1.5 }, { sizes: [37, GROUPS] }, { value: -0.5 }, { sizes: [37, GROUPS] }],
    },
    {
      name: 'axpby_t',
      source: `func @axpby_t(%A: memref<f32x6x?x?>, %B: memref<f32x?x6x?>) {
  %g = group_id
  %a = subview %A[:, :, %g] : memref<f32x6x?x?>
  %b = subview %B[:, :, %g] : memref<f32x?x6x?>
  axpby.t 2.0, %a, 0.0, %b : f32, memref<f32x6x?>, f32, memref<f32x?x6>
}
`,
      args: [{ sizes: [21, GROUPS] }, { sizes: [21, GROUPS] }],
    },
    {
      name: 'axpby_scalar',
      // Order 0 (tinytc v0.3): each work-group's scalar s(g) := alpha a(g) + beta s(g), and every work-group adds
      // its a(g) into one total atomically.
      source: `func @axpby_scalar(%alpha: f32, %a: memref<f32x?>, %s: memref<f32x?>, %total: memref<f32>) {
  %g = group_id
  %x = subview %a[%g] : memref<f32x?>
  %y = subview %s[%g] : memref<f32x?>
  axpby.n %alpha, %x, -2.0, %y : f32, memref<f32>, f32, memref<f32>
  axpby.n.atomic 1.0, %x, 1.0, %total : f32, memref<f32>, f32, memref<f32>
}
`,
      args: [{ value: 1.5 }, { sizes: [GROUPS] }, { sizes: [GROUPS] }, {}],
      tolerance: SUMS,
    },
    {
      name: 'axpby_scalar_atomic_int',
      source: `func @axpby_scalar_atomic_int(%a: memref<i32x?>, %total: memref<i32>) {
  %g = group_id
  %x = subview %a[%g] : memref<i32x?>
  axpby.t.atomic 3, %x, 1, %total : i32, memref<i32>, i32, memref<i32>
}
`,
      args: [{ sizes: [GROUPS] }, {}],
    },
    {
      name: 'axpby_atomic',
      // Every work-group adds its column of A into the one vector b.
      source: `func @axpby_atomic(%A: memref<i32x?x?>, %b: memref<i32x?>) {
  %g = group_id
  %a = subview %A[:, %g] : memref<i32x?x?>
  axpby.n.atomic 3, %a, 1, %b : i32, memref<i32x?>, i32, memref<i32x?>
}
`,
      args: [{ sizes: [90, GROUPS] }, { sizes: [90] }],
    },
  ],
  gemm: ['n.n', 'n.t', 't.n', 't.t'].map((t) => {
    const [ta, tb] = t.split('.');
    const name = `gemm_${ta}${tb}`;
    // C_g (M x N) := alpha op(A_g) op(B_g) + beta C_g, with M, N, K known at run time only.
    const a = ta === 'n' ? 'memref<f32x?x?x?>' : 'memref<f32x?x?x?>';
    return {
      name,
      source: `func @${name}(%alpha: f32, %A: ${a}, %B: memref<f32x?x?x?>, %beta: f32, %C: memref<f32x?x?x?>) {
  %g = group_id
  %a = subview %A[:, :, %g] : memref<f32x?x?x?>
  %b = subview %B[:, :, %g] : memref<f32x?x?x?>
  %c = subview %C[:, :, %g] : memref<f32x?x?x?>
  gemm.${t} %alpha, %a, %b, %beta, %c : f32, memref<f32x?x?>, memref<f32x?x?>, f32, memref<f32x?x?>
}
`,
      args: [
        { value: 0.75 },
        { sizes: ta === 'n' ? [19, 11, GROUPS] : [11, 19, GROUPS] },
        { sizes: tb === 'n' ? [11, 13, GROUPS] : [13, 11, GROUPS] },
        { value: 0.5 },
        { sizes: [19, 13, GROUPS] },
      ],
      tolerance: SUMS,
    };
  }).concat([
    {
      name: 'gemm_atomic',
      // Every work-group adds its product into the one C.
      source: `func @gemm_atomic(%A: memref<f32x?x8x?>, %B: memref<f32x8x?x?>, %C: memref<f32x?x?>) {
  %g = group_id
  %a = subview %A[:, :, %g] : memref<f32x?x8x?>
  %b = subview %B[:, :, %g] : memref<f32x8x?x?>
  gemm.n.n.atomic 1.0, %a, %b, 1.0, %C : f32, memref<f32x?x8>, memref<f32x8x?>, f32, memref<f32x?x?>
}
`,
      args: [{ sizes: [20, GROUPS] }, { sizes: [9, GROUPS] }, { sizes: [20, 9] }],
      tolerance: SUMS,
    },
  ]),
  gemv: ['n', 't'].map((t) => ({
    name: `gemv_${t}`,
    source: `func @gemv_${t}(%A: memref<f32x?x?x?>, %b: memref<f32x?x?>, %c: memref<f32x?x?>) {
  %g = group_id
  %a = subview %A[:, :, %g] : memref<f32x?x?x?>
  %x = subview %b[:, %g] : memref<f32x?x?>
  %y = subview %c[:, %g] : memref<f32x?x?>
  gemv.${t} 1.25, %a, %x, 0.5, %y : f32, memref<f32x?x?>, memref<f32x?>, f32, memref<f32x?>
}
`,
    args: t === 'n' ? [{ sizes: [33, 17, GROUPS] }, { sizes: [17, GROUPS] }, { sizes: [33, GROUPS] }] : [{ sizes: [17, 33, GROUPS] }, { sizes: [17, GROUPS] }, { sizes: [33, GROUPS] }],
    tolerance: SUMS,
  })),
  ger: [
    {
      name: 'ger',
      source: `func @ger(%a: memref<i32x?x?>, %b: memref<i32x?x?>, %C: memref<i32x?x?x?>) {
  %g = group_id
  %x = subview %a[:, %g] : memref<i32x?x?>
  %y = subview %b[:, %g] : memref<i32x?x?>
  %c = subview %C[:, :, %g] : memref<i32x?x?x?>
  ger 2, %x, %y, -1, %c : i32, memref<i32x?>, memref<i32x?>, i32, memref<i32x?x?>
}
`,
      args: [{ sizes: [23, GROUPS] }, { sizes: [9, GROUPS] }, { sizes: [23, 9, GROUPS] }],
    },
  ],
  hadamard_product: [
    {
      name: 'hadamard',
      source: `func @hadamard(%a: memref<f32x?x?>, %b: memref<f32x?x?>, %c: memref<f32x?x?>) {
  %g = group_id
  %x = subview %a[:, %g] : memref<f32x?x?>
  %y = subview %b[:, %g] : memref<f32x?x?>
  %z = subview %c[:, %g] : memref<f32x?x?>
  hadamard_product 1.0, %x, %y, 1.0, %z : f32, memref<f32x?>, memref<f32x?>, f32, memref<f32x?>
}
`,
      args: [{ sizes: [130, GROUPS] }, { sizes: [130, GROUPS] }, { sizes: [130, GROUPS] }],
    },
  ],
  sum: [
    ...['n', 't'].map((t) => ({
      name: `sum_${t}`,
      source: `func @sum_${t}(%A: memref<f32x?x?x?>, %b: memref<f32x?x?>) {
  %g = group_id
  %a = subview %A[:, :, %g] : memref<f32x?x?x?>
  %y = subview %b[:, %g] : memref<f32x?x?>
  sum.${t} 1.0, %a, 0.0, %y : f32, memref<f32x?x?>, f32, memref<f32x?>
}
`,
      args: t === 'n' ? [{ sizes: [29, 7, GROUPS] }, { sizes: [29, GROUPS] }] : [{ sizes: [7, 29, GROUPS] }, { sizes: [29, GROUPS] }],
      tolerance: SUMS,
    })),
    {
      name: 'sum_scalar',
      // A vector to one scalar per work-group, and every work-group into one scalar atomically.
      source: `func @sum_scalar(%a: memref<f32x?x?>, %s: memref<f32x?>, %total: memref<f32>) {
  %g = group_id
  %x = subview %a[:, %g] : memref<f32x?x?>
  %y = subview %s[%g] : memref<f32x?>
  sum.n 2.0, %x, 0.0, %y : f32, memref<f32x?>, f32, memref<f32>
  sum.n.atomic 1.0, %x, 1.0, %total : f32, memref<f32x?>, f32, memref<f32>
}
`,
      args: [{ sizes: [100, GROUPS] }, { sizes: [GROUPS] }, {}],
      tolerance: SUMS,
    },
  ],
};

describe('tensor-language instructions on WebGPU', () => {
  for (const [instruction, cases] of Object.entries(CASES)) {
    describe(instruction, () => {
      for (const c of cases) {
        it(c.name, async (ctx) => {
          await expectSameResults(device(ctx), {
            source: c.source,
            file: `${c.name}.tl`,
            kernel: c.name,
            args: c.args,
            groups: c.groups ?? GROUPS,
            tolerance: c.tolerance ?? 0,
            ...(c.maxGroupsPerDimension ? { maxGroupsPerDimension: c.maxGroupsPerDimension } : {}),
          });
        });
      }
    });
  }
});
