// krnl.matmul on memref views (semantics in ../matmul-tile.ts): every product and sum in the element type, the
// sums over k in increasing order, each (i, j) in row-major order.
import type { ViewOf } from '@tlir/ir';
import { fault, scalarArithmetic, type MemrefView, type RuntimeValue } from '@tlir/interpreter';
import { NUMBER_ALGEBRA } from '../index-algebra.js';
import type { MatMulOp } from '../matmul-op.js';
import { matmulTile } from '../matmul-tile.js';
import { flagValue, intArray } from '../tile-buffer-ops.js';

/** The runtime values of the operand groups of a krnl.matmul (sized as the view's groups). */
function groups(op: ViewOf<typeof MatMulOp>, operands: readonly RuntimeValue[]): RuntimeValue[][] {
  const out: RuntimeValue[][] = [];
  let start = 0;
  const sizes = [1, op.aGlobalIndexMemStart.length, 1, op.bGlobalIndexMemStart.length, 1, op.cGlobalIndexMemStart.length, op.loops.length, 1, 1, 1, 1, 1, 1];
  for (const n of sizes) {
    out.push(operands.slice(start, start + n));
    start += n;
  }
  return out;
}

export function matmul(op: ViewOf<typeof MatMulOp>, operands: readonly RuntimeValue[]): void {
  const [[a], aMemStart, [b], bMemStart, [c], cMemStart, , [i0], [j0], [k0], [iUB], [jUB], [kUB]] = groups(op, operands) as [
    [MemrefView], number[], [MemrefView], number[], [MemrefView], number[], unknown[], [number], [number], [number], [number], [number], [number],
  ];
  const A = a!;
  const B = b!;
  const C = c!;
  const arith = scalarArithmetic(C.elementType) ?? fault(`krnl.matmul of ${C.elementType} elements: the interpreter multiplies scalars only`);
  const tile = matmulTile(NUMBER_ALGEBRA, {
    aSizes: A.sizes,
    bSizes: B.sizes,
    cSizes: C.sizes,
    aTileSize: intArray(op.aTileSize),
    cTileSize: intArray(op.cTileSize),
    computeTileSize: intArray(op.computeTileSize),
    aMemStart,
    bMemStart,
    cMemStart,
    computeStart: [i0!, j0!, k0!],
    globalUB: [iUB!, jUB!, kUB!],
    overcompute: flagValue(op.overcompute),
  });
  const [ti, tj, tk] = tile.trips;
  const at = (start: readonly number[], r: number, s: number): number[] => [...start.slice(0, -2), start[start.length - 2]! + r, start[start.length - 1]! + s];
  for (let i = 0; i < ti; i++) {
    for (let j = 0; j < tj; j++) {
      const cIndex = at(tile.cStart, i, j);
      let acc = C.load(cIndex);
      for (let k = 0; k < tk; k++) acc = arith.add(arith.mul(A.load(at(tile.aStart, i, k)), B.load(at(tile.bStart, k, j))), acc);
      C.store(cIndex, acc);
    }
  }
}
