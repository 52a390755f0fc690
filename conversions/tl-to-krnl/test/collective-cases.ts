// Random collectives for the equivalence properties of the lowerings (tl-to-krnl, lower-to-gpu): shapes from 0 to
// 13 (rarely a multiple of any tile), transposes, operands that are subviews of larger memrefs (strides, offsets
// given as constants or values, sizes static, values or `?`), static or dynamic sizes, element types that promote
// (f32 to f64, i16 to i32, ...), alpha and beta as constants or arguments (0 and -0.0 included: the output is then
// NaN and must not be read), `.atomic` (beta 0 or 1), several work-groups, and random schedules (tile sizes,
// register tiles, copies on or off, krnl.matmul or loops, work-group sizes). The data have full mantissas (and a
// few infinities, NaNs and negative zeros), so any change in the order of operations shows.
import fc from 'fast-check';
import type { Operation } from '@tlir/ir';
import { Memory, MemrefView } from '@tlir/interpreter';
import { TlMemrefType, type KernelArgument } from '@tlir/dialect-tl';

type Op = 'gemm' | 'gemv' | 'ger' | 'hadamard_product' | 'axpby' | 'sum';
type Elem = 'f32' | 'f64' | 'i8' | 'i16' | 'i32';

/** How a size or offset is written in the subview: a constant, an index argument, or `?` (sizes only). */
type Written = 'constant' | 'value' | 'question';

/** One memref operand: the view the collective gets, maybe a subview of a larger parameter. */
interface Operand {
  readonly sizes: readonly number[];
  readonly elem: Elem;
  /** The parameter is larger by `pad` per mode and the operand is a subview of it at `offsets`. */
  readonly subview: boolean;
  readonly pad: readonly number[];
  readonly offsets: readonly number[];
  readonly offsetWritten: readonly Written[];
  readonly sizeWritten: readonly Written[];
  /** Which sizes of the parameter's type are `?`. */
  readonly dynamic: readonly boolean[];
}

export interface Case {
  readonly op: Op;
  readonly transA: boolean;
  readonly transB: boolean;
  readonly atomic: boolean;
  readonly operands: readonly Operand[];
  /** The types of alpha (the product's) and beta (the output's). */
  readonly alphaType: Elem;
  readonly betaType: Elem;
  readonly alpha: number;
  readonly beta: number;
  readonly alphaConstant: boolean;
  readonly betaConstant: boolean;
  readonly groups: number;
  readonly schedule: string;
  readonly seed: number;
}

const isFloat = (e: Elem): boolean => e === 'f32' || e === 'f64';

/** The stored sizes of the memref operands ([A, B, C] or [A, B]) for op(A) M x K, op(B) K x N, ... */
function storedShapes(op: Op, tA: boolean, tB: boolean, M: number, N: number, K: number, matrixA: boolean): number[][] {
  const t = (r: number, c: number, trans: boolean): number[] => (trans ? [c, r] : [r, c]);
  switch (op) {
    case 'gemm':
      return [t(M, K, tA), t(K, N, tB), [M, N]];
    case 'gemv':
      return [t(M, K, tA), [K], [M]];
    case 'ger':
      return [[M], [N], [M, N]];
    case 'hadamard_product':
      return [[M], [M], [M]];
    case 'axpby':
      return matrixA ? [t(M, N, tA), [M, N]] : [[M], [M]];
    case 'sum':
      return matrixA ? [t(M, K, tA), [M]] : [[K], []];
  }
}

/** The element types (inputs..., output) that promote as the collectives require (tinytc's rule). */
const TYPE_CHOICES: Readonly<Record<'f32' | 'f64' | 'i32', readonly Elem[][]>> = {
  f64: [['f64', 'f64'], ['f32', 'f64'], ['i32', 'f64']],
  f32: [['f32', 'f32'], ['i16', 'f32'], ['i8', 'f32']],
  i32: [['i32', 'i32'], ['i16', 'i32'], ['i8', 'i32']],
};

/** The common promoted type of two input element types (the wider; an integer and a float: the float). */
function productType(a: Elem, b: Elem): Elem {
  const rank: Elem[] = ['i8', 'i16', 'i32', 'f32', 'f64'];
  return rank.indexOf(a) >= rank.indexOf(b) ? a : b;
}

const operandArb = (sizes: number[], elem: Elem): fc.Arbitrary<Operand> =>
  fc
    .record({
      // A slice has a positive size (a size of 0 would be a single index): empty operands are parameters.
      subview: sizes.length > 0 && !sizes.includes(0) ? fc.boolean() : fc.constant(false),
      pad: fc.array(fc.integer({ min: 0, max: 3 }), { minLength: sizes.length, maxLength: sizes.length }),
      offsetWritten: fc.array(fc.constantFrom<Written>('constant', 'value'), { minLength: sizes.length, maxLength: sizes.length }),
      sizeWritten: fc.array(fc.constantFrom<Written>('constant', 'value', 'question'), { minLength: sizes.length, maxLength: sizes.length }),
      dynamic: fc.array(fc.boolean(), { minLength: sizes.length, maxLength: sizes.length }),
      offsetFraction: fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { minLength: sizes.length, maxLength: sizes.length }),
    })
    .map((r) => ({
      sizes,
      elem,
      subview: r.subview,
      pad: r.pad,
      // With `?` the slice reaches the end of the mode, so its offset is the padding.
      offsets: r.pad.map((p, k) => (r.sizeWritten[k] === 'question' ? p : Math.floor(r.offsetFraction[k]! * (p + 0.999)))),
      offsetWritten: r.offsetWritten,
      sizeWritten: r.sizeWritten,
      dynamic: r.dynamic,
    }));

const dim = fc.integer({ min: 0, max: 13 });

/** A random schedule of lower-to-krnl (the defaults included). */
const scheduleArb: fc.Arbitrary<string> = fc
  .record({
    register: fc.constantFrom<[number, number]>([4, 4], [1, 1], [2, 3], [3, 2]),
    tileMultiple: fc.constantFrom(0, 1, 2, 3),
    tileK: fc.integer({ min: 1, max: 9 }),
    copy: fc.boolean(),
    workGroup: fc.option(fc.constantFrom<[number, number]>([1, 1], [2, 1], [3, 2], [4, 4], [16, 1]), { nil: undefined }),
  })
  .map((s) => {
    const parts = [`register-m=${s.register[0]}`, `register-n=${s.register[1]}`, `tile-k=${s.tileK}`, `copy=${s.copy}`];
    if (s.tileMultiple) parts.push(`tile-m=${s.register[0] * s.tileMultiple}`, `tile-n=${s.register[1] * (s.tileMultiple + 1)}`);
    if (s.workGroup) parts.push(`work-group-size=${s.workGroup.join(',')}`);
    return `lower-to-krnl{${parts.join(' ')}}`;
  });

/** What a case is made from, besides its operands. */
interface CaseChoices {
  readonly op: Op;
  readonly out: 'f32' | 'f64' | 'i32';
  readonly typeChoice: number;
  readonly transA: boolean;
  readonly transB: boolean;
  readonly matrixA: boolean;
  readonly M: number;
  readonly N: number;
  readonly K: number;
  readonly atomic: boolean;
  readonly alphaIndex: number;
  /** Picks beta from the values of its type (the 0 and 1 of an atomic update). */
  readonly betaIndex: number;
  /** Beta itself, in place of betaIndex's pick. */
  readonly beta?: number;
  readonly alphaConstant: boolean;
  readonly betaConstant: boolean;
  readonly groups: number;
  readonly schedule: string;
  readonly seed: number;
}

/** The case of `r`, its operands drawn (subviews, strides, dynamic sizes). */
function caseOf(r: CaseChoices): fc.Arbitrary<Case> {
  const shapes = storedShapes(r.op, r.transA, r.transB, r.M, r.N, r.K, r.matrixA);
  const choices = TYPE_CHOICES[r.out];
  const [inElem, outElem] = choices[r.typeChoice % choices.length]!;
  // One input type for both inputs of a product, the other for the output (two-memref ops: input, output).
  const elems: Elem[] = shapes.length === 3 ? [inElem!, inElem!, outElem!] : [inElem!, outElem!];
  const product = shapes.length === 3 ? productType(elems[0]!, elems[1]!) : elems[0]!;
  const floats = [0, 1, -1, 0.75, -0.0, 1.0000001192092896, 3.5];
  const ints = [0, 1, -1, 3, -7, 100];
  const pick = (e: Elem, i: number): number => {
    const list = isFloat(e) ? floats : ints;
    return list[i % list.length]!;
  };
  const beta = r.beta ?? (r.atomic ? [0, 1][r.betaIndex % 2]! : pick(outElem!, r.betaIndex));
  return fc.tuple(...shapes.map((s, i) => operandArb(s, elems[i]!))).map(
    (operands): Case => ({
      op: r.op,
      transA: r.transA,
      transB: r.transB,
      atomic: r.atomic,
      operands,
      alphaType: product,
      betaType: outElem!,
      alpha: pick(product, r.alphaIndex),
      beta,
      alphaConstant: r.alphaConstant,
      betaConstant: r.betaConstant,
      groups: r.groups,
      schedule: r.schedule,
      seed: r.seed,
    }),
  );
}

/** A random collective with its data, number of work-groups and schedule. */
export const caseArb: fc.Arbitrary<Case> = fc
  .record({
    op: fc.constantFrom<Op>('gemm', 'gemv', 'ger', 'hadamard_product', 'axpby', 'sum'),
    out: fc.constantFrom<'f32' | 'f64' | 'i32'>('f32', 'f64', 'i32'),
    typeChoice: fc.nat(),
    transA: fc.boolean(),
    transB: fc.boolean(),
    matrixA: fc.boolean(),
    M: dim,
    N: dim,
    K: dim,
    atomic: fc.boolean(),
    alphaIndex: fc.nat(),
    betaIndex: fc.nat(),
    alphaConstant: fc.boolean(),
    betaConstant: fc.boolean(),
    groups: fc.integer({ min: 1, max: 3 }),
    schedule: scheduleArb,
    seed: fc.integer({ min: 1, max: 2 ** 31 - 1 }),
  })
  .chain(caseOf);

/**
 * Random gemm and gemv cases for the register-tile paths (reduction-schedule.ts): a schedule (register tiles, work-group
 * size, one or two rounds of register tiles per work-item, K tile, direct loads or staged tiles, the loop order of the
 * work-group tiles, krnl.matmul for a gemm, the vector width of A's loads) and, per axis, an
 * extent that is a multiple of the work-group tile (so that no bounds code is emitted: the fast path) or any size
 * (edges: work-items that skip, register tiles that straddle the edge); static or dynamic sizes and strided subviews
 * as in caseArb, transposes, f32 and f64 (also from narrower inputs), beta 0 or 1 (constant or an argument).
 */
export const reductionCaseArb: fc.Arbitrary<Case> = fc
  .record({
    op: fc.constantFrom<Op>('gemm', 'gemv'),
    out: fc.constantFrom<'f32' | 'f64'>('f32', 'f64'),
    typeChoice: fc.nat(),
    transA: fc.boolean(),
    transB: fc.boolean(),
    alphaIndex: fc.nat(),
    beta: fc.constantFrom(0, 1),
    alphaConstant: fc.boolean(),
    betaConstant: fc.boolean(),
    register: fc.constantFrom<[number, number]>([4, 4], [2, 2], [1, 1], [2, 3], [4, 1]),
    workGroup: fc.constantFrom<[number, number]>([1, 1], [2, 1], [2, 2], [3, 1], [1, 3]),
    rounds: fc.constantFrom(0, 1, 2),
    tileK: fc.integer({ min: 1, max: 6 }),
    copy: fc.boolean(),
    loopOrder: fc.constantFrom('m,n,k', 'n,m,k'),
    matmul: fc.boolean(),
    vectorWidth: fc.constantFrom(1, 2, 4),
    divisible: fc.tuple(fc.boolean(), fc.boolean(), fc.boolean()),
    multiple: fc.tuple(fc.integer({ min: 1, max: 2 }), fc.integer({ min: 1, max: 2 }), fc.integer({ min: 1, max: 2 })),
    any: fc.tuple(fc.integer({ min: 1, max: 13 }), fc.integer({ min: 1, max: 13 }), fc.integer({ min: 0, max: 13 })),
    groups: fc.integer({ min: 1, max: 2 }),
    seed: fc.integer({ min: 1, max: 2 ** 31 - 1 }),
    // A long static K (unroll-k's blocked loop with a view of A and B per step: K of at least 32) and, from 64 on,
    // an output large enough for widened register tiles (wide-register-tiles: at least 8 of them along each axis).
    longK: fc.constantFrom(0, 0, 0, 0, 0, 32, 64, 68),
    wide: fc.tuple(fc.integer({ min: 0, max: 5 }), fc.integer({ min: 0, max: 5 })),
  })
  .chain((r) => {
    // Long-K cases keep register tiles of at most 2x2 (the interpreter runs every multiply-add of their larger outputs).
    const register = r.longK >= 64 ? r.register.map((n) => Math.min(n, 2)) : r.register;
    const [rm, rn] = r.op === 'gemm' ? register : [register[0]!, 1];
    const [x, y] = r.workGroup;
    // The work-group tile: the defaults (x rm by y rn; x y rm for gemv's vector), or `rounds` register tiles per
    // work-item along m (and n).
    const tileM = (r.op === 'gemm' ? x : x * y) * rm * Math.max(1, r.rounds);
    const tileN = y * rn * Math.max(1, r.rounds);
    const copy = r.copy;
    const parts = [`register-m=${rm}`, `register-n=${register[1]}`, `tile-k=${r.tileK}`, `copy=${copy}`, `work-group-size=${x},${y}`];
    if (r.rounds) parts.push(`tile-m=${tileM}`, ...(r.op === 'gemm' ? [`tile-n=${tileN}`] : []));
    parts.push(`loop-order=${r.loopOrder}`);
    // krnl.matmul where it applies: a gemm whose inputs have C's element type (type choice 0), read in m x k and k x n
    // order (no transpose, or staged tiles).
    const matmul = r.matmul && r.op === 'gemm' && (copy || (!r.transA && !r.transB));
    if (matmul) parts.push('matmul=true');
    // The vector width: the widest up to the one drawn that divides register-m (another is an option error).
    const width = [4, 2, 1].find((w) => w <= r.vectorWidth && rm % w === 0)!;
    if (width > 1) parts.push(`vector-width=${width}`);
    // Divisible extents stay small (the interpreter runs every work-item).
    const small = (axis: number, tile: number): number => (r.divisible[axis] && tile * r.multiple[axis]! <= 24 ? tile * r.multiple[axis]! : r.any[axis]!);
    // With a K of 64 or more, rows and columns of 16 register tiles (or a few more: edges) of the default work-group.
    const extent = (axis: number, tile: number): number =>
      axis === 2 && r.longK ? r.longK : r.longK >= 64 && axis < 2 ? 8 * 2 * (axis === 0 ? rm : rn) + r.wide[axis]! : small(axis, tile);
    return caseOf({
      op: r.op,
      out: r.out,
      typeChoice: matmul ? 0 : r.typeChoice,
      transA: r.transA,
      transB: r.transB,
      matrixA: true,
      M: extent(0, tileM),
      N: r.op === 'gemm' ? extent(1, tileN) : 1,
      K: extent(2, r.tileK),
      atomic: false,
      alphaIndex: r.alphaIndex,
      betaIndex: 0,
      beta: r.beta,
      alphaConstant: r.alphaConstant,
      betaConstant: r.betaConstant,
      groups: r.groups,
      schedule: `lower-to-krnl{${parts.join(' ')}}`,
      seed: r.seed,
    });
  });

/** tl's default strides of a shape (column-major; dynamic after a dynamic size), as text entries. */
function defaultStrides(shape: readonly (number | '?')[]): (number | '?')[] {
  const out: (number | '?')[] = [];
  let s: number | '?' = 1;
  for (const n of shape) {
    out.push(s);
    s = s === '?' || n === '?' ? '?' : s * n;
  }
  return out;
}

const memrefText = (elem: Elem, shape: readonly (number | '?')[], strides?: readonly (number | '?')[]): string =>
  `memref<${elem}${shape.map((n) => `x${n}`).join('')}${strides && strides.length ? `,strided<${strides.join(',')}>` : ''}>`;

/** The parameter's shape and its type text. */
function parameterShape(o: Operand): number[] {
  return o.sizes.map((n, k) => (o.subview ? n + o.pad[k]! : n));
}

/** The kernel text of a case, and the index arguments it takes (their values). */
export function kernelText(c: Case): { text: string; indexArgs: number[] } {
  const params: string[] = [];
  const indexParams: string[] = [];
  const body: string[] = [];
  const indexArgs: number[] = [];
  const operandTypes: string[] = [];
  const names: string[] = [];
  const indexValue = (v: number): string => {
    indexArgs.push(v);
    indexParams.push(`%i${indexArgs.length - 1}: index`);
    return `%i${indexArgs.length - 1}`;
  };
  c.operands.forEach((o, i) => {
    const shape = parameterShape(o);
    const typeShape = shape.map((n, k) => (o.dynamic[k] ? '?' : n));
    const paramType = memrefText(o.elem, typeShape);
    params.push(`%P${i}: ${paramType}`);
    if (!o.subview) {
      operandTypes.push(paramType);
      names.push(`%P${i}`);
      return;
    }
    const strides = defaultStrides(typeShape);
    const slices = o.sizes.map((n, k) => {
      const offset = o.offsetWritten[k] === 'value' ? indexValue(o.offsets[k]!) : String(o.offsets[k]);
      const size = o.sizeWritten[k] === 'question' ? '?' : o.sizeWritten[k] === 'value' ? indexValue(n) : String(n);
      return `${offset}:${size}`;
    });
    // The result's sizes: static where the size is a constant, or `?` with a known mode and a constant offset.
    const resultShape = o.sizes.map((n, k) => {
      if (o.sizeWritten[k] === 'constant') return n;
      if (o.sizeWritten[k] === 'question' && typeShape[k] !== '?' && o.offsetWritten[k] === 'constant') return n;
      return '?';
    });
    const resultType = memrefText(o.elem, resultShape, strides);
    body.push(`  %V${i} = subview %P${i}[${slices.join(', ')}] : ${paramType}`);
    operandTypes.push(resultType);
    names.push(`%V${i}`);
  });
  params.push(...indexParams);
  const scalar = (v: number, e: Elem): string => (isFloat(e) ? (Object.is(v, -0) ? '-0.0' : Number.isInteger(v) ? v.toFixed(1) : String(v)) : String(v));
  const alpha = c.alphaConstant ? scalar(c.alpha, c.alphaType) : '%alpha';
  const beta = c.betaConstant ? scalar(c.beta, c.betaType) : '%beta';
  if (!c.alphaConstant) params.push(`%alpha: ${c.alphaType}`);
  if (!c.betaConstant) params.push(`%beta: ${c.betaType}`);
  const [tA, tB] = [c.transA ? 't' : 'n', c.transB ? 't' : 'n'];
  const mod = { gemm: `.${tA}.${tB}`, gemv: `.${tA}`, ger: '', hadamard_product: '', axpby: `.${tA}`, sum: `.${tA}` }[c.op] + (c.atomic ? '.atomic' : '');
  const three = c.operands.length === 3;
  const operands = three ? `${alpha}, ${names[0]}, ${names[1]}, ${beta}, ${names[2]}` : `${alpha}, ${names[0]}, ${beta}, ${names[1]}`;
  const types = three ? `${c.alphaType}, ${operandTypes[0]}, ${operandTypes[1]}, ${c.betaType}, ${operandTypes[2]}` : `${c.alphaType}, ${operandTypes[0]}, ${c.betaType}, ${operandTypes[1]}`;
  body.push(`  ${c.op}${mod} ${operands}\n    : ${types}`);
  return { text: `func @k(${params.join(', ')}) {\n${body.join('\n')}\n}\n`, indexArgs };
}

/** Deterministic data: floats with full mantissas and a few specials, or integers over the whole range of the type. */
function data(n: number, elem: Elem, seed: number): number[] {
  let s = seed >>> 0 || 1;
  const next = (): number => {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    return (s >>> 0) / 2 ** 32;
  };
  const specials = [Infinity, -Infinity, NaN, -0];
  return Array.from({ length: n }, () => {
    const u = next();
    if (isFloat(elem)) return u < 0.02 ? specials[Math.floor(u * 200) % 4]! : (next() - 0.5) * 2 ** Math.floor(next() * 8 - 3);
    const bits = Number(elem.slice(1));
    return Math.floor(u * 2 ** bits) - 2 ** (bits - 1);
  });
}

/** The kernel's arguments: the parameters (with data; an output read with beta = 0 is NaN), then index values, alpha, beta. */
export function argumentsOf(c: Case, indexArgs: readonly number[]): (kernel: Operation) => KernelArgument[] {
  return (kernel) => {
    const args: KernelArgument[] = [];
    const types = kernel.regions[0]!.firstBlock!.args.map((a) => a.type);
    c.operands.forEach((o, i) => {
      const type = types[i] as TlMemrefType;
      const shape = parameterShape(o);
      const count = shape.reduce((a, b) => a * b, 1);
      const isOutput = i === c.operands.length - 1;
      const unread = isOutput && c.beta === 0 && isFloat(o.elem) && !c.atomic;
      const values = unread ? new Array<number>(count).fill(NaN) : data(count, o.elem, c.seed + 17 * i);
      const strides: number[] = [];
      let s = 1;
      for (const n of shape) {
        strides.push(s);
        s *= n;
      }
      const memory = Memory.fromValues(type.elementType, values, `argument %P${i}`);
      args.push(new MemrefView(memory, 0, shape, strides));
    });
    args.push(...indexArgs);
    if (!c.alphaConstant) args.push(c.alpha);
    if (!c.betaConstant) args.push(c.beta);
    return args;
  };
}
