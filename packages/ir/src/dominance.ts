import type { Block } from './block.js';
import { Operation } from './operation.js';
import type { Region } from './region.js';
import { GraphRegion } from './traits.js';
import type { Value } from './value.js';

/** The dominator tree of one region's CFG, with DFS numbers for O(1) dominance queries. */
class RegionDomTree {
  private readonly pre = new Map<Block, number>();
  private readonly post = new Map<Block, number>();
  /** The children of each block in the dominator tree (blocks without children are absent). */
  readonly children = new Map<Block, Block[]>();

  constructor(region: Region) {
    const entry = region.firstBlock;
    if (!entry) return;
    // Reverse post-order of the blocks reachable from the entry.
    const order: Block[] = [];
    const seen = new Set<Block>([entry]);
    const stack: [Block, number][] = [[entry, 0]];
    while (stack.length) {
      const top = stack[stack.length - 1]!;
      const succs = top[0].successors;
      if (top[1] < succs.length) {
        const s = succs[top[1]++]!;
        if (s.parentRegion === region && !seen.has(s)) {
          seen.add(s);
          stack.push([s, 0]);
        }
      } else {
        order.push(top[0]);
        stack.pop();
      }
    }
    order.reverse();
    const rpo = new Map<Block, number>();
    order.forEach((b, i) => rpo.set(b, i));
    // Cooper, Harvey, Kennedy: "A Simple, Fast Dominance Algorithm".
    const idom = new Array<number>(order.length).fill(-1);
    idom[0] = 0;
    const preds: number[][] = order.map((b) => [...b.predecessors()].map((p) => rpo.get(p)).filter((x): x is number => x !== undefined));
    let changed = true;
    while (changed) {
      changed = false;
      for (let i = 1; i < order.length; i++) {
        let newIdom = -1;
        for (const p of preds[i]!) {
          if (idom[p] === -1) continue;
          if (newIdom === -1) newIdom = p;
          else {
            let a = p;
            let b = newIdom;
            while (a !== b) {
              while (a > b) a = idom[a]!;
              while (b > a) b = idom[b]!;
            }
            newIdom = a;
          }
        }
        if (newIdom !== idom[i]) {
          idom[i] = newIdom;
          changed = true;
        }
      }
    }
    const children: number[][] = order.map(() => []);
    for (let i = 1; i < order.length; i++) if (idom[i]! >= 0) children[idom[i]!]!.push(i);
    children.forEach((kids, i) => {
      if (kids.length) this.children.set(order[i]!, kids.map((k) => order[k]!));
    });
    let clock = 0;
    const walk: [number, number][] = [[0, 0]];
    this.pre.set(order[0]!, clock++);
    while (walk.length) {
      const top = walk[walk.length - 1]!;
      const kids = children[top[0]]!;
      if (top[1] < kids.length) {
        const k = kids[top[1]++]!;
        this.pre.set(order[k]!, clock++);
        walk.push([k, 0]);
      } else {
        this.post.set(order[top[0]]!, clock++);
        walk.pop();
      }
    }
  }

  isReachable(b: Block): boolean {
    return this.pre.has(b);
  }

  /** Whether `a` dominates `b` (reflexive). Unreachable blocks are dominated by every block. */
  dominates(a: Block, b: Block): boolean {
    const pb = this.pre.get(b);
    if (pb === undefined) return true;
    const pa = this.pre.get(a);
    if (pa === undefined) return false;
    return pa <= pb && this.post.get(b)! <= this.post.get(a)!;
  }
}

/**
 * Dominance queries over the IR, following MLIR's rules: in SSA (CFG) regions a definition must come before
 * its uses (in the block, or in a dominating block); graph regions have no ordering requirement; a value is
 * visible in regions nested below its definition point. Region dominator trees are built lazily and cached;
 * recompute (make a new DominanceInfo) after changing the CFG.
 */
export class DominanceInfo {
  private readonly trees = new Map<Region, RegionDomTree>();

  private tree(region: Region): RegionDomTree {
    let t = this.trees.get(region);
    if (!t) {
      t = new RegionDomTree(region);
      this.trees.set(region, t);
    }
    return t;
  }

  /** Whether a region has SSA dominance (not a graph region). */
  static hasSSADominance(region: Region | null): boolean {
    const op = region?.parentOp;
    if (!op) return true;
    // A single-block region of an unregistered op may be a graph region: mlir-opt 22 does not check the order
    // of definitions and uses there (a region of several blocks is a CFG, whatever the op).
    if (!op.isRegistered) return region!.numBlocks > 1;
    return !op.hasTrait(GraphRegion);
  }

  /**
   * The blocks that `block` immediately dominates (its children in its region's dominator tree), in reverse
   * post-order; a pre-order walk from the entry block visits every reachable block after its dominators.
   */
  domTreeChildren(block: Block): readonly Block[] {
    const r = block.parentRegion;
    if (!r || r.numBlocks === 1) return [];
    return this.tree(r).children.get(block) ?? [];
  }

  isReachableFromEntry(block: Block): boolean {
    const r = block.parentRegion;
    if (!r || r.numBlocks === 1) return true;
    return this.tree(r).isReachable(block);
  }

  /** Block dominance within a region (reflexive). */
  blockDominates(a: Block, b: Block): boolean {
    if (a === b) return true;
    const r = a.parentRegion;
    if (!r || r !== b.parentRegion) return false;
    return this.tree(r).dominates(a, b);
  }

  /** Whether `value` is available at `user` (MLIR's properlyDominates(Value, Operation*)). */
  properlyDominates(value: Value, user: Operation): boolean {
    const defBlock = value.parentBlock;
    if (!defBlock) return false;
    const anc = Operation.findAncestorInBlock(defBlock, user);
    const def = value.definingOp;
    if (anc === null) {
      // The user is not in the definition's block: find its ancestor in the definition's region.
      const region = defBlock.parentRegion;
      if (!region) return false;
      let a: Operation | null = user;
      while (a && a.parentRegion !== region) a = a.parentOp;
      if (!a) return false;
      if (def === a) return false;
      if (!DominanceInfo.hasSSADominance(region)) return true;
      return this.tree(region).dominates(defBlock, a.parentBlock!);
    }
    if (def === null) return true; // block argument: the block contains the user
    if (def === anc) {
      // An op does not dominate itself nor its own regions, except in a graph region (as in MLIR, where an op
      // may use its own result there, directly or from inside its regions).
      return !DominanceInfo.hasSSADominance(defBlock.parentRegion);
    }
    if (!DominanceInfo.hasSSADominance(defBlock.parentRegion)) return true;
    return def.isBeforeInBlock(anc);
  }
}
