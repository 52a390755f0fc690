import { BlockArgument, type Block, type Value } from '@tlir/ir';
import { BranchOp } from './branch-op.js';

/** A successor and the values passed to it. */
export interface SuccessorEdge {
  dest: Block;
  operands: readonly Value[];
}

/**
 * When `edge.dest` holds nothing but a `cf.br` whose only uses of the block's arguments are its operands, the edge
 * can go straight to that branch's destination, with the block's arguments replaced by the values passed to them
 * (MLIR's collapseBranch). Returns the new edge, or undefined when it cannot be collapsed (also for a block that
 * branches to itself, or into a cycle of unconditional branches: an infinite loop stays).
 */
export function collapseBranch(edge: SuccessorEdge): SuccessorEdge | undefined {
  const block = edge.dest;
  const terminator = block.firstOp;
  if (terminator === null || terminator !== block.lastOp) return undefined;
  const br = BranchOp.match(terminator);
  if (!br) return undefined;
  for (const arg of block.args) {
    for (let u = arg.firstUse; u !== null; u = u.nextUse) if (u.owner !== terminator) return undefined;
  }
  const next = br.dest;
  if (next === block) return undefined;
  // Nor into a cycle of unconditional branches (MLIR 22 follows the chain of cf.br from the new destination).
  const visited = new Set<Block>([block, next]);
  for (let t = next.lastOp, b = t && BranchOp.match(t); b; t = b.dest.lastOp, b = t && BranchOp.match(t)) {
    if (visited.has(b.dest)) return undefined;
    visited.add(b.dest);
  }
  const operands = br.destOperands;
  if (block.numArguments === 0) return { dest: next, operands };
  const mapped = operands.map((v) => (v instanceof BlockArgument && v.owner === block ? edge.operands[v.index]! : v));
  return { dest: next, operands: mapped };
}

/** Whether two operand lists are the same values in the same order. */
export function sameValues(a: readonly Value[], b: readonly Value[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}
