import type { Block, Operation } from '@tlir/ir';

/**
 * Whether `a` comes before `b` in program order (a pre-order walk of the IR): compared in the innermost block that
 * holds both, or in the region order of the op holding both. False when one holds the other or they are the same.
 */
export function precedes(a: Operation, b: Operation): boolean {
  const around = new Map<Block, Operation>();
  for (let y: Operation | null = b; y; y = y.parentOp) if (y.parentBlock) around.set(y.parentBlock, y);
  for (let x: Operation | null = a; x; x = x.parentOp) {
    const block = x.parentBlock;
    const y = block && around.get(block);
    if (y) return x !== y && x.isBeforeInBlock(y);
  }
  // In different regions or blocks of a common op: by region, then by block.
  const position = (op: Operation): number[] => {
    const path: number[] = [];
    for (let o: Operation | null = op; o?.parentBlock; o = o.parentOp) {
      const block = o.parentBlock;
      path.unshift(block.parentRegion?.index ?? 0, block.indexInRegion, block.opsArray().indexOf(o));
    }
    return path;
  };
  const pa = position(a);
  const pb = position(b);
  for (let i = 0; i < Math.min(pa.length, pb.length); i++) if (pa[i] !== pb[i]) return pa[i]! < pb[i]!;
  return false;
}
