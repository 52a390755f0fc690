// krnl.matmul as scf loops (semantics in ../matmul-tile.ts): for i, for j, the element of C loaded, the sum over k
// carried by an scf.for (acc = a * b + acc, in the element type), stored back. As onnx-mlir does, a tile that may
// be partial gets an scf.if: full tiles run loops of constant trip counts (the compute tile), the others loops cut
// at the global upper bounds. With `unroll` (the default), a full tile's j loop is unrolled and jammed into the k
// loop (a row of C in registers; each element's sum keeps its order). `simdize` is a hint this lowering does not
// use (scalar code).
import { FloatType, IndexType, IntegerType, type MemRefType, type Operation, type Value } from '@tlir/ir';
import { AddFOp, AddIOp, AndIOp, CmpIOp, CmpIPredicateAttr, MulFOp, MulIOp } from '@tlir/dialect-arith';
import { IfOp, YieldOp } from '@tlir/dialect-scf';
import { MatMulOp, matmulTile, type MatmulTile, flagValue, intArray } from '@tlir/dialect-krnl';
import type { IndexBuilder } from './index-builder.js';
import { loadElement, memrefSizes, storeElement } from './lower-memory-ops.js';
import { buildFor } from './scf-loops.js';

/** The largest j tile unrolled and jammed (a row of C kept in that many values). */
const MAX_JAM = 64;

/** Lowers a krnl.matmul; false (with an error at the op) for element types without arith multiplication. */
export function lowerMatmul(op: Operation, ix: IndexBuilder): Value[] | false {
  const m = MatMulOp.wrap(op);
  const [A, aMemStart, B, bMemStart, C, cMemStart] = [m.A, m.aGlobalIndexMemStart, m.B, m.bGlobalIndexMemStart, m.C, m.cGlobalIndexMemStart];
  const [i0, j0, k0] = [m.iGlobalIndexComputeStart, m.jGlobalIndexComputeStart, m.kGlobalIndexComputeStart];
  const [iUB, jUB, kUB] = [m.iGlobalUB, m.jGlobalUB, m.kGlobalUB];
  const element = (C!.type as MemRefType).elementType;
  const float = element instanceof FloatType;
  if (!float && !(element instanceof IntegerType) && !(element instanceof IndexType)) {
    op.emitOpError(`cannot be lowered to scf: its elements (${String(element)}) are not integers or floats`);
    return false;
  }
  const overcompute = flagValue(MatMulOp.wrap(op).overcompute);
  const tile = matmulTile(ix, {
    aSizes: memrefSizes(ix, A!),
    bSizes: memrefSizes(ix, B!),
    cSizes: memrefSizes(ix, C!),
    aTileSize: intArray(MatMulOp.wrap(op).aTileSize as never),
    cTileSize: intArray(MatMulOp.wrap(op).cTileSize as never),
    computeTileSize: intArray(MatMulOp.wrap(op).computeTileSize as never),
    aMemStart,
    bMemStart,
    cMemStart,
    computeStart: [i0!, j0!, k0!],
    globalUB: [iUB!, jUB!, kUB!],
    overcompute,
  });
  const arrays = { A: A!, B: B!, C: C!, float };
  const unroll = flagValue(MatMulOp.wrap(op).unroll);
  const staticTrips = tile.trips.every((t) => ix.staticValue(t) !== undefined);
  const staticTile = tile.computeTile.every((t) => ix.staticValue(t) !== undefined);
  if (staticTrips || !staticTile) {
    generate(ix, tile, tile.trips, arrays, unroll);
    return [];
  }
  // Full tile: every dimension not overcomputed ends within its upper bound.
  const ctx = op.context;
  const sle = CmpIPredicateAttr.get(ctx, 'sle');
  const i1 = IntegerType.get(ctx, 1);
  const ends = [0, 1, 2].filter((d) => d === 2 || !overcompute);
  const bounds = [iUB!, jUB!, kUB!];
  const starts = [i0!, j0!, k0!];
  let full: Value | undefined;
  for (const d of ends) {
    const fits = CmpIOp.create(ix.b, { predicate: sle, lhs: ix.add(starts[d]!, tile.computeTile[d]!), rhs: bounds[d]!, result: i1, loc: ix.loc }).result;
    full = full ? AndIOp.create(ix.b, { lhs: full, rhs: fits, result: i1, loc: ix.loc }).result : fits;
  }
  const branch = IfOp.create(ix.b, { condition: full!, results: [], loc: ix.loc }).op;
  ix.b.withInsertionPoint(() => {
    for (const [region, trips, jam] of [
      [branch.regions[0]!, tile.computeTile, unroll],
      [branch.regions[1]!, tile.trips, false],
    ] as const) {
      const block = ix.b.createBlock(region);
      generate(ix, tile, trips, arrays, jam);
      ix.b.setInsertionPointToEnd(block);
      YieldOp.create(ix.b, { results: [], loc: ix.loc });
    }
  });
  return [];
}

interface Arrays {
  readonly A: Value;
  readonly B: Value;
  readonly C: Value;
  readonly float: boolean;
}

/** `start` moved by (r, s) in its last two dimensions. */
function at(ix: IndexBuilder, start: readonly Value[], r: Value, s: Value): Value[] {
  const n = start.length;
  return [...start.slice(0, n - 2), ix.add(start[n - 2]!, r), ix.add(start[n - 1]!, s)];
}

/** acc = a * b + acc */
function multiplyAdd(ix: IndexBuilder, float: boolean, a: Value, b: Value, acc: Value): Value {
  const result = a.type;
  const p = float ? MulFOp.create(ix.b, { lhs: a, rhs: b, result, loc: ix.loc }).result : MulIOp.create(ix.b, { lhs: a, rhs: b, result, loc: ix.loc }).result;
  return float ? AddFOp.create(ix.b, { lhs: p, rhs: acc, result, loc: ix.loc }).result : AddIOp.create(ix.b, { lhs: p, rhs: acc, result, loc: ix.loc }).result;
}

function generate(ix: IndexBuilder, tile: MatmulTile<Value>, trips: readonly Value[], m: Arrays, unroll: boolean): void {
  const [ti, tj, tk] = trips as [Value, Value, Value];
  const zero = ix.constant(0);
  const one = ix.constant(1);
  const jam = ix.staticValue(tj);
  buildFor(ix.b, ix.loc, zero, ti, one, [], (i) => {
    if (unroll && jam !== undefined && jam > 0 && jam <= MAX_JAM) {
      // A row of C: loaded, updated by the k loop (j unrolled inside it), stored.
      const js = Array.from({ length: jam }, (_, j) => ix.constant(j));
      const row = js.map((j) => loadElement(ix, m.C, at(ix, tile.cStart, i, j)));
      const k = buildFor(ix.b, ix.loc, zero, tk, one, row, (kv, accs) => {
        const a = loadElement(ix, m.A, at(ix, tile.aStart, i, kv));
        return js.map((j, n) => multiplyAdd(ix, m.float, a, loadElement(ix, m.B, at(ix, tile.bStart, kv, j)), accs[n]!));
      });
      js.forEach((j, n) => storeElement(ix, k.getResult(n), m.C, at(ix, tile.cStart, i, j)));
      return;
    }
    buildFor(ix.b, ix.loc, zero, tj, one, [], (j) => {
      const cIndex = at(ix, tile.cStart, i, j);
      const k = buildFor(ix.b, ix.loc, zero, tk, one, [loadElement(ix, m.C, cIndex)], (kv, [acc]) => [
        multiplyAdd(ix, m.float, loadElement(ix, m.A, at(ix, tile.aStart, i, kv)), loadElement(ix, m.B, at(ix, tile.bStart, kv, j)), acc!),
      ]);
      storeElement(ix, k.getResult(0), m.C, cIndex);
    });
  });
}
