// The tree krnl.block makes of an original loop: blocking a loop by a tile size T splits it into a tile loop (over
// the first indices of its tiles, advancing T iterations at a time) and a point loop (over the indices of one
// tile); either may be blocked again. The leaves are the loops that run. Shared by the interpreter and the
// lowering to scf, so that both read a schedule the same way.
import { formatLocationPrefix, type Operation, type Value } from '@tlir/ir';
import { BlockOp } from '../loop-schedule-ops.js';
import { precedes } from './program-order.js';
import type { ScheduleProblems } from './schedule-problem.js';

/** How a loop came to be: a loop of krnl.define_loops (or any handle krnl.block did not make), or a result of krnl.block. */
export type LoopRole = 'original' | 'tile' | 'point';

/**
 * A loop of a schedule: the original loop, or a tile or point loop of a krnl.block. A loop that is blocked has the
 * two loops of its krnl.block as children and does not run itself; a leaf runs.
 */
export class LoopNode {
  /** The krnl.block that blocks this loop (undefined for a leaf). */
  blockedBy: Operation | undefined;
  tile: LoopNode | undefined;
  point: LoopNode | undefined;

  constructor(
    readonly handle: Value,
    readonly role: LoopRole,
    readonly parent: LoopNode | undefined,
    /** How many original iterations one iteration of this loop advances by (1 for original and point loops of them). */
    readonly step: number,
    /** The tile size of the krnl.block that made this loop (0 for an original loop). */
    readonly tileSize: number,
  ) {}

  get isLeaf(): boolean {
    return this.blockedBy === undefined;
  }

  /** The krnl.block that made this loop (undefined for an original loop). */
  get block(): Operation | undefined {
    return this.role === 'original' ? undefined : (this.handle.definingOp ?? undefined);
  }

  /** The original loop this one comes from. */
  get original(): LoopNode {
    let n: LoopNode = this;
    while (n.parent) n = n.parent;
    return n;
  }

  /**
   * The leaf whose induction variable is the current index of this loop: the loop itself when it is a leaf, else
   * that of its point loop (a point loop runs over the indices of the loop it blocks).
   */
  get valueLoop(): LoopNode {
    let n: LoopNode = this;
    while (n.point) n = n.point;
    return n;
  }

  /** The leaves under this loop, in the order the blocks nest them (a tile loop outside its point loop). */
  leaves(out: LoopNode[] = []): LoopNode[] {
    if (this.tile && this.point) {
      this.tile.leaves(out);
      this.point.leaves(out);
    } else {
      out.push(this);
    }
    return out;
  }

  /** Every loop of the tree under this one, this one first. */
  nodes(out: LoopNode[] = []): LoopNode[] {
    out.push(this);
    this.tile?.nodes(out);
    this.point?.nodes(out);
    return out;
  }

  /** Names the loop in messages: `the point loop of the krnl.block at k.mlir:4:12`. */
  describe(): string {
    const def = this.handle.definingOp;
    if (this.role !== 'original') return `the ${this.role} loop of the krnl.block at ${formatLocationPrefix(def!.loc)}`;
    if (def) return `loop #${this.handle.definingOp!.results.indexOf(this.handle as never)} of the ${def.name} at ${formatLocationPrefix(def.loc)}`;
    return `the loop handle argument at ${formatLocationPrefix(this.handle.loc)}`;
  }
}

/** The largest step a loop may take: indices stay exact JS numbers. */
const MAX_STEP = Number.MAX_SAFE_INTEGER;

/**
 * The tree of `original`: its krnl.block users, recursively. A loop blocked by two krnl.block ops is a problem (the
 * second one is reported), as is a step beyond 2^53 - 1 original iterations.
 */
export function buildLoopTree(original: Value, problems: ScheduleProblems): LoopNode {
  const root = new LoopNode(original, 'original', undefined, 1, 0);
  const expand = (node: LoopNode): void => {
    const blocks = [...node.handle.users()].filter((u) => BlockOp.is(u) && u.getOperand(0) === node.handle);
    blocks.sort((a, b) => (precedes(a, b) ? -1 : precedes(b, a) ? 1 : 0));
    for (const user of blocks) {
      if (node.blockedBy) {
        problems.add(user, `blocks ${node.describe()}, which the krnl.block at ${formatLocationPrefix(node.blockedBy.loc)} already blocks`);
        continue;
      }
      const tileSize = Number(BlockOp.wrap(user).tile_size.value);
      const step = node.step * tileSize;
      if (!(step <= MAX_STEP)) {
        problems.add(user, `makes a tile loop that advances by ${node.step} x ${tileSize} iterations, more than 2^53 - 1`);
        continue;
      }
      node.blockedBy = user;
      node.tile = new LoopNode(user.getResult(0), 'tile', node, step, tileSize);
      node.point = new LoopNode(user.getResult(1), 'point', node, node.step, tileSize);
      expand(node.tile);
      expand(node.point);
    }
  };
  expand(root);
  return root;
}
