import type { Block, Operation, Region } from '@tlir/ir';
import type { PatternRewriter } from './rewriter.js';

/**
 * Erases the blocks of `regions` (and of the regions nested in them) that cannot be reached from their region's
 * entry block, as MLIR's eraseUnreachableBlocks. Returns whether any block was erased.
 */
export function eraseUnreachableBlocks(rewriter: PatternRewriter, regions: Iterable<Region>): boolean {
  let changed = false;
  const worklist: Region[] = [...regions];
  while (worklist.length) {
    const region = worklist.pop()!;
    const entry = region.firstBlock;
    if (!entry) continue;
    if (entry.nextBlock === null) {
      pushNestedRegions(entry, worklist);
      continue;
    }
    const reachable = new Set<Block>([entry]);
    const stack: Block[] = [entry];
    while (stack.length) {
      for (const s of stack.pop()!.successors) {
        if (s.parentRegion === region && !reachable.has(s)) {
          reachable.add(s);
          stack.push(s);
        }
      }
    }
    const dead: Block[] = [];
    for (let b: Block | null = region.firstBlock; b !== null; b = b.nextBlock) {
      if (reachable.has(b)) pushNestedRegions(b, worklist);
      else dead.push(b);
    }
    if (!dead.length) continue;
    // Unreachable blocks may use each other's values and branch to each other: drop those references first.
    for (const b of dead) b.dropAllReferences();
    for (const b of dead) rewriter.eraseBlock(b);
    changed = true;
  }
  return changed;
}

function pushNestedRegions(block: Block, out: Region[]): void {
  for (let o: Operation | null = block.firstOp; o !== null; o = o.nextOperation) {
    const regions = o.regions;
    for (let i = 0; i < regions.length; i++) out.push(regions[i]!);
  }
}
