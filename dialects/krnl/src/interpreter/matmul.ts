// krnl.matmul on memref views (semantics in ../matmul-tile.ts): every product and sum in the element type, the
// sums over k in increasing order, each (i, j) in row-major order.
import { staticIndices, type Operation } from '@tlir/ir';
import { fault, scalarArithmetic, type MemrefView, type RuntimeValue } from '@tlir/interpreter';
import { NUMBER_ALGEBRA } from '../index-algebra.js';
import { matmulTile } from '../matmul-tile.js';
import { flagValue, intArray } from '../tile-buffer-ops.js';

/** The operand groups of a krnl.matmul (its operandSegmentSizes). */
function groups(op: Operation, operands: readonly RuntimeValue[]): RuntimeValue[][] {
  const out: RuntimeValue[][] = [];
  let start = 0;
  for (const n of staticIndices(op.getProperty('operandSegmentSizes'))) {
    out.push(operands.slice(start, start + n));
    start += n;
  }
  return out;
}

export function matmul(op: Operation, operands: readonly RuntimeValue[]): void {
  const [[a], aMemStart, [b], bMemStart, [c], cMemStart, , [i0], [j0], [k0], [iUB], [jUB], [kUB]] = groups(op, operands) as [
    [MemrefView], number[], [MemrefView], number[], [MemrefView], number[], unknown[], [number], [number], [number], [number], [number], [number],
  ];
  const A = a!;
  const B = b!;
  const C = c!;
  const arith = scalarArithmetic(C.elementType) ?? fault(`krnl.matmul of ${C.elementType} elements: the interpreter multiplies scalars only`);
  const prop = (name: string) => intArray(op.getProperty(name) as never);
  const tile = matmulTile(NUMBER_ALGEBRA, {
    aSizes: A.sizes,
    bSizes: B.sizes,
    cSizes: C.sizes,
    aTileSize: prop('aTileSize'),
    cTileSize: prop('cTileSize'),
    computeTileSize: prop('computeTileSize'),
    aMemStart,
    bMemStart,
    cMemStart,
    computeStart: [i0!, j0!, k0!],
    globalUB: [iUB!, jUB!, kUB!],
    overcompute: flagValue(op.getProperty('overcompute')),
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
