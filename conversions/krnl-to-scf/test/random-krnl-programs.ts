// Random krnl programs for the lowering's equivalence property, written as MLIR text from a description that
// fast-check generates: loop nests with random schedules, tile-buffer copies, tiled matmuls.
import fc from 'fast-check';
import { PROCESSORS } from '@tlir/dialect-krnl';

// ---- loop nests -------------------------------------------------------------------------------------------------

export interface NestDesc {
  /** The original loops: bounds (the upper one maybe a function argument) and krnl.block steps. */
  readonly loops: readonly {
    readonly lb: number;
    readonly ub: number;
    readonly dynamicUb: boolean;
    /** Each blocks the leaf at `leaf` (modulo the leaves of the loop so far, in tree order) by `size`. */
    readonly blocks: readonly { readonly leaf: number; readonly size: number }[];
  }[];
  /** Sort keys of the leaves (their order, within what the tile/point dependencies allow). */
  readonly keys: readonly number[];
  /** Where the leaves are split between nested krnl.iterate ops. */
  readonly cuts: readonly number[];
  readonly parallel: readonly boolean[];
  readonly unroll: readonly boolean[];
  readonly queried: readonly boolean[];
  /** A counter carried through the iterations (iter_args), recording the visit order. */
  readonly carried: boolean;
}

const MAX_LEAVES = 9;

export const nestArb: fc.Arbitrary<NestDesc> = fc.record({
  loops: fc.array(
    fc.record({
      lb: fc.integer({ min: 0, max: 5 }),
      ub: fc.integer({ min: 0, max: 16 }),
      dynamicUb: fc.boolean(),
      blocks: fc.array(fc.record({ leaf: fc.nat(), size: fc.integer({ min: 1, max: 7 }) }), { maxLength: 2 }),
    }),
    { minLength: 1, maxLength: 3 },
  ),
  keys: fc.array(fc.integer(), { minLength: MAX_LEAVES, maxLength: MAX_LEAVES }),
  cuts: fc.array(fc.integer({ min: 1, max: MAX_LEAVES - 1 }), { maxLength: 2 }),
  parallel: fc.array(fc.boolean(), { minLength: MAX_LEAVES, maxLength: MAX_LEAVES }),
  unroll: fc.array(fc.boolean(), { minLength: MAX_LEAVES, maxLength: MAX_LEAVES }),
  queried: fc.array(fc.boolean(), { minLength: MAX_LEAVES, maxLength: MAX_LEAVES }),
  carried: fc.boolean(),
});

/** A loop of the test's own model of a block tree. */
interface Loop {
  readonly name: string;
  readonly kind: 'original' | 'tile' | 'point';
  readonly parent?: Loop;
  readonly original: number;
  tile?: Loop;
  point?: Loop;
}

const leavesOf = (l: Loop): Loop[] => (l.tile ? [...leavesOf(l.tile), ...leavesOf(l.point!)] : [l]);
const valueLeaf = (l: Loop): Loop => (l.point ? valueLeaf(l.point) : l);

/** The leaves that must run outside `leaf`: the tile loop (its value leaf) of every point loop it is in. */
function mustRunOutside(leaf: Loop): Loop[] {
  const deps: Loop[] = [];
  for (let a: Loop | undefined = leaf; a; a = a.parent) if (a.kind === 'point') deps.push(valueLeaf(a.parent!.tile!));
  return deps;
}

/** `@nest(%O: memref<16x...xindex>, %P: memref<16x...xindex>, %n0: index, ...) -> index` (the count of iterations with a counter). */
export function nestProgram(d: NestDesc): { text: string; rank: number; dynamic: number[] } {
  const lines: string[] = [];
  const rank = d.loops.length;
  const roots: Loop[] = d.loops.map((_, k) => ({ name: `%l${k}`, kind: 'original', original: k }));
  lines.push(`  %l0${rank > 1 ? `:${rank}` : ''} = krnl.define_loops ${rank}`);
  // krnl.define_loops with several results: %l0#0, %l0#1, ...
  const rootName = (k: number): string => (rank > 1 ? `%l0#${k}` : '%l0');
  roots.forEach((r, k) => ((r as { name: string }).name = rootName(k)));
  let fresh = 0;
  d.loops.forEach((loop, k) => {
    for (const blk of loop.blocks) {
      const leaves = leavesOf(roots[k]!);
      const target = leaves[blk.leaf % leaves.length]!;
      const n = fresh++;
      target.tile = { name: `%t${n}`, kind: 'tile', parent: target, original: k };
      target.point = { name: `%p${n}`, kind: 'point', parent: target, original: k };
      lines.push(`  %t${n}, %p${n} = krnl.block ${target.name} ${blk.size} : (!krnl.loop) -> (!krnl.loop, !krnl.loop)`);
    }
  });
  const treeOrder = roots.flatMap(leavesOf);
  // The order: by key, a leaf only after those it must run inside.
  const order: Loop[] = [];
  const remaining = [...treeOrder];
  while (remaining.length) {
    const ready = remaining.filter((l) => mustRunOutside(l).every((dep) => order.includes(dep)));
    ready.sort((a, b) => d.keys[treeOrder.indexOf(a)]! - d.keys[treeOrder.indexOf(b)]! || treeOrder.indexOf(a) - treeOrder.indexOf(b));
    order.push(ready[0]!);
    remaining.splice(remaining.indexOf(ready[0]!), 1);
  }
  const loopTypes = (n: number): string => Array(n).fill('!krnl.loop').join(', ');
  if (treeOrder.length > 1) {
    const map = treeOrder.map((l) => order.indexOf(l));
    lines.push(`  krnl.permute(${treeOrder.map((l) => l.name).join(', ')}) [${map.join(', ')}] : ${loopTypes(treeOrder.length)}`);
  }
  // Segments of the order, one per krnl.iterate (outermost first).
  const cuts = [...new Set(d.cuts.filter((c) => c < order.length))].sort((a, b) => a - b);
  const bounds = [0, ...cuts, order.length];
  const segments = bounds.slice(0, -1).map((s, i) => order.slice(s, bounds[i + 1]));
  // Marks: parallel (not with a carried counter), unrolled (when the trip count is bounded), mapped processors
  // distinct within each segment.
  const bounded = (l: Loop): boolean => {
    for (let a: Loop | undefined = l; a; a = a.parent) if (a.kind === 'point') return true;
    return !d.loops[l.original]!.dynamicUb;
  };
  order.forEach((l, i) => {
    const parallel = !d.carried && d.parallel[i]!;
    if (parallel) {
      const segment = segments.find((s) => s.includes(l))!;
      const rankInSegment = segment.filter((x) => !d.carried && d.parallel[order.indexOf(x)]!).indexOf(l);
      const mapping = rankInSegment < PROCESSORS.length && i % 2 === 0 ? ` mapping ${PROCESSORS[(rankInSegment + i) % PROCESSORS.length]}` : '';
      lines.push(`  krnl.parallel ${l.name}${mapping} : !krnl.loop`);
    } else if (d.unroll[i]! && bounded(l)) {
      lines.push(`  krnl.unroll ${l.name} : !krnl.loop`);
    }
  });
  // Processors must be distinct within a krnl.iterate: keep the first use of each.
  const used = new Map<string, Set<string>>();
  for (let i = 0; i < lines.length; i++) {
    const m = /krnl\.parallel (\S+) mapping (\w+)/.exec(lines[i]!);
    if (!m) continue;
    const seg = String(segments.findIndex((s) => s.some((l) => l.name === m[1])));
    const set = used.get(seg) ?? new Set();
    used.set(seg, set);
    if (set.has(m[2]!)) lines[i] = lines[i]!.replace(` mapping ${m[2]}`, '');
    else set.add(m[2]!);
  }
  const dynamic = d.loops.flatMap((l, k) => (l.dynamicUb ? [k] : []));
  const ub = (k: number): string => (d.loops[k]!.dynamicUb ? `%n${k}` : String(d.loops[k]!.ub));
  const bindings = d.loops.map((l, k) => `${rootName(k)} -> %i${k} = ${l.lb} to ${ub(k)}`).join(', ');
  const mem = `memref<${Array(rank).fill(16).join('x')}xindex>`;
  const ivs = d.loops.map((_, k) => `%i${k}`).join(', ');
  // The innermost body: a code of the indices and of the queried leaves, stored at O[ivs]; with the counter, its
  // value stored at P[ivs] and incremented.
  const body = (indent: string, counter: string | undefined): string[] => {
    const out: string[] = [];
    let acc = '%zero';
    d.loops.forEach((_, k) => {
      out.push(`${indent}%s${k} = arith.muli %i${k}, %c${17 ** k} : index`, `${indent}%a${k} = arith.addi ${acc}, %s${k} : index`);
      acc = `%a${k}`;
    });
    const queried = order.filter((_, i) => d.queried[i]!);
    if (queried.length) {
      out.push(`${indent}%q:${queried.length} = krnl.get_induction_var_value(${queried.map((l) => l.name).join(', ')}) : (${loopTypes(queried.length)}) -> (${Array(queried.length).fill('index').join(', ')})`);
      queried.forEach((_, j) => {
        out.push(`${indent}%qs${j} = arith.muli %q#${j}, %c${1000 * (j + 1)} : index`, `${indent}%qa${j} = arith.addi ${acc}, %qs${j} : index`);
        acc = `%qa${j}`;
      });
    }
    out.push(`${indent}krnl.store ${acc}, %O[${ivs}] : ${mem}`);
    if (counter) out.push(`${indent}krnl.store ${counter}, %P[${ivs}] : ${mem}`, `${indent}%next = arith.addi ${counter}, %one : index`, `${indent}krnl.yield %next : index`);
    return out;
  };
  const nestText = (level: number, indent: string): string[] => {
    const loops = segments[level]!.map((l) => l.name).join(', ');
    const withs = level === 0 ? bindings : '';
    const carried = d.carried && segments.length === 1;
    const head = `${indent}${carried ? '%count = ' : ''}krnl.iterate(${loops}) with (${withs})${carried ? ' iter_args(%c = %zero) -> (index)' : ''} {`;
    const inner = level + 1 < segments.length ? nestText(level + 1, indent + '  ') : body(indent + '  ', carried ? '%c' : undefined);
    return [head, ...inner, `${indent}}`];
  };
  const constants = [...d.loops.map((_, k) => 17 ** k), 1000, 2000, 3000, 4000, 5000, 6000, 7000, 8000, 9000];
  const header = [
    `func.func @nest(%O: ${mem}, %P: ${mem}${d.loops.map((_, k) => `, %n${k}: index`).join('')}) -> index {`,
    `  %zero = arith.constant 0 : index`,
    `  %one = arith.constant 1 : index`,
    ...[...new Set(constants)].filter((c) => c !== 1).map((c) => `  %c${c} = arith.constant ${c} : index`),
    `  %c1 = arith.constant 1 : index`,
  ];
  const carriedHere = d.carried && segments.length === 1;
  const text = [...header, ...lines, ...nestText(0, '  '), `  return ${carriedHere ? '%count' : '%zero'} : index`, '}', ''].join('\n');
  return { text, rank, dynamic };
}

// ---- tile-buffer copies -----------------------------------------------------------------------------------------

export interface CopyDesc {
  readonly rows: number;
  readonly cols: number;
  /** A 3-D source whose outer index is fixed (0 or 1), or a 2-D one. */
  readonly outer: boolean;
  readonly buffer: readonly [number, number];
  readonly tileSize: readonly [number, number] | null;
  readonly padToNext: readonly [number, number] | null;
  readonly transpose: boolean;
  /** The distance between the starts of consecutive tiles along each source dimension. */
  readonly step: readonly [number, number];
}

export const copyArb: fc.Arbitrary<CopyDesc> = fc
  .record({
    rows: fc.integer({ min: 1, max: 11 }),
    cols: fc.integer({ min: 1, max: 11 }),
    outer: fc.boolean(),
    buffer: fc.tuple(fc.integer({ min: 1, max: 6 }), fc.integer({ min: 1, max: 6 })),
    tileFraction: fc.option(fc.tuple(fc.double({ min: 0, max: 1, noNaN: true }), fc.double({ min: 0, max: 1, noNaN: true }))),
    padToNext: fc.option(fc.tuple(fc.integer({ min: 1, max: 7 }), fc.integer({ min: 1, max: 7 }))),
    transpose: fc.boolean(),
    step: fc.tuple(fc.integer({ min: 1, max: 6 }), fc.integer({ min: 1, max: 6 })),
  })
  .map((r) => ({
    ...r,
    tileSize: r.tileFraction ? ([Math.max(1, Math.ceil(r.tileFraction[0] * r.buffer[0])), Math.max(1, Math.ceil(r.tileFraction[1] * r.buffer[1]))] as const) : null,
  }));

/** `@copies(%S, %D, %E, %k)`: every tile of S copied to a buffer (padded), the whole buffer to D, the tile back to E. */
export function copyProgram(d: CopyDesc): { text: string; sourceShape: number[]; dumpShape: number[] } {
  const [b0, b1] = d.buffer;
  const [s0, s1] = d.step;
  // One tile more than needed: it starts past the source's end.
  const n0 = Math.ceil(d.rows / s0) + 1;
  const n1 = Math.ceil(d.cols / s1) + 1;
  const sourceShape = d.outer ? [2, d.rows, d.cols] : [d.rows, d.cols];
  const src = `memref<${sourceShape.join('x')}xi32>`;
  const dumpShape = [n0 * b0, n1 * b1];
  const dump = `memref<${dumpShape.join('x')}xi32>`;
  const buf = `memref<${b0}x${b1}xi32>`;
  const attrs = [
    ...(d.tileSize ? [`tileSize = [${d.tileSize.join(', ')}]`] : []),
    ...(d.padToNext ? [`padToNext = [${d.padToNext.join(', ')}]`] : []),
    ...(d.transpose ? ['transpose = true'] : []),
  ];
  const starts = `${d.outer ? '%k, ' : ''}%s0, %s1`;
  const text = [
    `func.func @copies(%S: ${src}, %D: ${dump}, %E: ${src}, %k: index) {`,
    `  %pad = arith.constant -1 : i32`,
    `  %sentinel = arith.constant 77 : i32`,
    `  %cs0 = arith.constant ${s0} : index`,
    `  %cs1 = arith.constant ${s1} : index`,
    `  %cb0 = arith.constant ${b0} : index`,
    `  %cb1 = arith.constant ${b1} : index`,
    `  %t0, %t1 = krnl.define_loops 2`,
    `  krnl.iterate(%t0, %t1) with (%t0 -> %i = 0 to ${n0}, %t1 -> %j = 0 to ${n1}) {`,
    `    %s0 = arith.muli %i, %cs0 : index`,
    `    %s1 = arith.muli %j, %cs1 : index`,
    `    %buf = memref.alloca() : ${buf}`,
    `    krnl.memset %buf, %sentinel : ${buf}`,
    `    krnl.copy_to_tile_buffer %buf, %S[${starts}], %pad${attrs.length ? ` {${attrs.join(', ')}}` : ''} : ${buf}, ${src}`,
    `    %d0 = arith.muli %i, %cb0 : index`,
    `    %d1 = arith.muli %j, %cb1 : index`,
    `    krnl.copy_from_tile_buffer %buf, %D[%d0, %d1] : ${buf}, ${dump}`,
    `    krnl.copy_from_tile_buffer %buf, %E[${starts}]${d.tileSize ? ` {tileSize = [${d.tileSize.join(', ')}]}` : ''} : ${buf}, ${src}`,
    `  }`,
    `  return`,
    `}`,
    '',
  ].join('\n');
  return { text, sourceShape, dumpShape };
}

// ---- tiled matmul -----------------------------------------------------------------------------------------------

export interface MatmulDesc {
  readonly M: number;
  readonly N: number;
  readonly K: number;
  /** The buffer tiles (i, j, k) and the compute sub-tiles (divisors of them). */
  readonly tile: readonly [number, number, number];
  readonly sub: readonly [number, number, number];
  readonly buffered: boolean;
  /** Buffers padded whole (padToNext = the buffer), which allows overcompute. */
  readonly padded: boolean;
  readonly overcompute: boolean;
  readonly unroll: boolean;
  readonly dynamicBounds: boolean;
}

const divisorOf = (n: number, pick: number): number => {
  const divisors = Array.from({ length: n }, (_, i) => i + 1).filter((x) => n % x === 0);
  return divisors[pick % divisors.length]!;
};

export const matmulArb: fc.Arbitrary<MatmulDesc> = fc
  .record({
    M: fc.integer({ min: 1, max: 13 }),
    N: fc.integer({ min: 1, max: 13 }),
    K: fc.integer({ min: 1, max: 13 }),
    tile: fc.tuple(fc.integer({ min: 1, max: 8 }), fc.integer({ min: 1, max: 8 }), fc.integer({ min: 1, max: 8 })),
    pick: fc.tuple(fc.nat(), fc.nat(), fc.nat()),
    buffered: fc.boolean(),
    padded: fc.oneof(fc.constant(true), fc.boolean()),
    overcompute: fc.oneof(fc.constant(true), fc.boolean()),
    unroll: fc.boolean(),
    dynamicBounds: fc.boolean(),
  })
  .map((r) => ({
    ...r,
    sub: [divisorOf(r.tile[0], r.pick[0]), divisorOf(r.tile[1], r.pick[1]), divisorOf(r.tile[2], r.pick[2])] as const,
    padded: r.buffered && r.padded,
    overcompute: r.buffered && r.padded && r.overcompute,
  }));

/** `@matmul(%A, %B, %C, %I, %J, %K)`: C += A * B, tiled as the krnl specification's example. */
export function matmulProgram(d: MatmulDesc): string {
  const [ti, tj, tk] = d.tile;
  const [ci, cj, ck] = d.sub;
  const [a, b, c] = [`memref<${d.M}x${d.K}xf32>`, `memref<${d.K}x${d.N}xf32>`, `memref<${d.M}x${d.N}xf32>`];
  const [ab, bb, cb] = [`memref<${ti}x${tk}xf32>`, `memref<${tk}x${tj}xf32>`, `memref<${ti}x${tj}xf32>`];
  const pad = (r: number, s: number): string => (d.padded ? ` {padToNext = [${r}, ${s}]}` : '');
  const loops = (n: number): string => Array(n).fill('!krnl.loop').join(', ');
  const ub = d.dynamicBounds ? '%I, %J, %K' : '%cM, %cN, %cK';
  const attrs = `{computeTileSize = [${ci}, ${cj}, ${ck}], unroll = ${d.unroll}, overcompute = ${d.overcompute}}`;
  const matmul = d.buffered
    ? `krnl.matmul %Ab[%i1, %k1], %Bb[%k1, %j1], %Cb[%i1, %j1], (%ill, %jll, %kll), (%i2, %j2, %k2), (${ub}) ${attrs} : ${ab}, ${bb}, ${cb}, (${loops(3)})`
    : `krnl.matmul %A[%c0, %c0], %B[%c0, %c0], %C[%c0, %c0], (%ill, %jll, %kll), (%i2, %j2, %k2), (${ub}) ${attrs} : ${a}, ${b}, ${c}, (${loops(3)})`;
  return [
    `func.func @matmul(%A: ${a}, %B: ${b}, %C: ${c}, %I: index, %J: index, %K: index) {`,
    `  %f0 = arith.constant 0.0 : f32`,
    `  %c0 = arith.constant 0 : index`,
    `  %cM = arith.constant ${d.M} : index`,
    `  %cN = arith.constant ${d.N} : index`,
    `  %cK = arith.constant ${d.K} : index`,
    `  %ii, %jj, %kk = krnl.define_loops 3`,
    `  %ib, %il = krnl.block %ii ${ti} : (!krnl.loop) -> (!krnl.loop, !krnl.loop)`,
    `  %jb, %jl = krnl.block %jj ${tj} : (!krnl.loop) -> (!krnl.loop, !krnl.loop)`,
    `  %kb, %kl = krnl.block %kk ${tk} : (!krnl.loop) -> (!krnl.loop, !krnl.loop)`,
    `  %ilb, %ill = krnl.block %il ${ci} : (!krnl.loop) -> (!krnl.loop, !krnl.loop)`,
    `  %jlb, %jll = krnl.block %jl ${cj} : (!krnl.loop) -> (!krnl.loop, !krnl.loop)`,
    `  %klb, %kll = krnl.block %kl ${ck} : (!krnl.loop) -> (!krnl.loop, !krnl.loop)`,
    `  krnl.permute(%ib, %ilb, %ill, %jb, %jlb, %jll, %kb, %klb, %kll) [0, 3, 6, 1, 4, 7, 2, 5, 8] : ${loops(9)}`,
    `  krnl.iterate(%ib, %jb) with (%ii -> %i = 0 to %I, %jj -> %j = 0 to %J, %kk -> %k = 0 to %K) {`,
    `    %i1, %j1 = krnl.get_induction_var_value(%ib, %jb) : (${loops(2)}) -> (index, index)`,
    ...(d.buffered ? [`    %Cb = memref.alloca() : ${cb}`, `    krnl.copy_to_tile_buffer %Cb, %C[%i1, %j1], %f0${pad(ti, tj)} : ${cb}, ${c}`] : []),
    `    krnl.iterate(%kb) with () {`,
    `      %k1 = krnl.get_induction_var_value(%kb) : (!krnl.loop) -> (index)`,
    ...(d.buffered
      ? [
          `      %Ab = memref.alloca() : ${ab}`,
          `      %Bb = memref.alloca() : ${bb}`,
          `      krnl.copy_to_tile_buffer %Ab, %A[%i1, %k1], %f0${pad(ti, tk)} : ${ab}, ${a}`,
          `      krnl.copy_to_tile_buffer %Bb, %B[%k1, %j1], %f0${pad(tk, tj)} : ${bb}, ${b}`,
        ]
      : []),
    `      krnl.iterate(%ilb, %jlb, %klb) with () {`,
    `        %i2, %j2, %k2 = krnl.get_induction_var_value(%ilb, %jlb, %klb) : (${loops(3)}) -> (index, index, index)`,
    `        ${matmul}`,
    `      }`,
    `    }`,
    ...(d.buffered ? [`    krnl.copy_from_tile_buffer %Cb, %C[%i1, %j1] : ${cb}, ${c}`] : []),
    `  }`,
    `  return`,
    `}`,
    '',
  ].join('\n');
}
