import { BlockArgument, BranchOpInterface, OpResult, type Block, type Operation, type Region, type Value } from '@tlir/ir';
import type { PatternRewriter } from './rewriter.js';

/**
 * Block merging, the part of region simplification that MLIR runs at `region-simplify=aggressive` only
 * (`mergeIdenticalBlocks`, then `dropRedundantArguments`, after the unreachable blocks and region DCE).
 *
 * Two blocks of a region (not its entry) merge when they branch to the same successors and hold the same ops in the
 * same order: same names, attributes, properties and result types, operands that are the same value, or values the
 * two blocks define at the same place, or values defined outside the blocks (those become new arguments of the
 * block kept, the leader, and its predecessors and those of the blocks merged into it pass them). Nothing a block
 * defines may be used outside it. Then a block argument that every predecessor passes the same value is replaced by
 * that value.
 */

/** Tells a caller that tracks changes (the greedy driver) of blocks whose arguments changed: no listener hears of those. */
export type BlockArgumentsChanged = ((block: Block) => void) | undefined;

/**
 * Merges the identical blocks of `regions` and of the regions nested in them (a region is looked at again after a
 * merge in it). Returns whether any block was merged.
 */
export function mergeIdenticalBlocks(rewriter: PatternRewriter, regions: readonly Region[], changed?: BlockArgumentsChanged): boolean {
  const worklist = new RegionWorklist(regions);
  let any = false;
  for (let region = worklist.pop(); region !== undefined; region = worklist.pop()) {
    if (mergeIdenticalBlocksOf(rewriter, region, changed)) {
      worklist.push(region);
      any = true;
    }
    worklist.pushNested(region);
  }
  return any;
}

/**
 * Replaces each block argument that all the predecessors of its block pass the same value (through branches that
 * implement BranchOpInterface) by that value, and drops it. Returns whether any argument was dropped.
 */
export function dropRedundantArguments(rewriter: PatternRewriter, regions: readonly Region[], changed?: BlockArgumentsChanged): boolean {
  const worklist = new RegionWorklist(regions);
  let any = false;
  for (let region = worklist.pop(); region !== undefined; region = worklist.pop()) {
    for (let b = region.firstBlock; b !== null; b = b.nextBlock) if (dropRedundantArgumentsOf(rewriter, b, changed)) any = true;
    worklist.pushNested(region);
  }
  return any;
}

/** A stack of regions in which each region is at most once (MLIR's SetVector worklist). */
class RegionWorklist {
  private readonly stack: Region[] = [];
  private readonly members = new Set<Region>();

  constructor(regions: readonly Region[]) {
    for (const r of regions) this.push(r);
  }

  push(region: Region): void {
    if (this.members.has(region)) return;
    this.members.add(region);
    this.stack.push(region);
  }

  pop(): Region | undefined {
    const r = this.stack.pop();
    if (r !== undefined) this.members.delete(r);
    return r;
  }

  /** Pushes the regions of the ops of `region`, in order. */
  pushNested(region: Region): void {
    for (let b = region.firstBlock; b !== null; b = b.nextBlock) {
      for (let o = b.firstOp; o !== null; o = o.nextOperation) for (const r of o.regions) this.push(r);
    }
  }
}

function mergeIdenticalBlocksOf(rewriter: PatternRewriter, region: Region, changed: BlockArgumentsChanged): boolean {
  const entry = region.firstBlock;
  if (entry === null || entry.nextBlock === null) return false;
  // The non-entry blocks, grouped by their successors (the same blocks in the same order).
  const groups: Block[][] = [];
  const bySuccessors = new Map<string, Block[]>();
  const blockIds = new Map<Block, number>();
  let nextId = 0;
  for (let b: Block | null = entry; b !== null; b = b.nextBlock) blockIds.set(b, nextId++);
  for (let b: Block | null = entry.nextBlock; b !== null; b = b.nextBlock) {
    const key = b.successors.map((s) => blockIds.get(s) ?? -1).join(',');
    let group = bySuccessors.get(key);
    if (group === undefined) {
      group = [];
      bySuccessors.set(key, group);
      groups.push(group);
    }
    group.push(b);
  }
  let merged = false;
  for (const group of groups) {
    if (group.length < 2) continue;
    const clusters: MergeCluster[] = [];
    for (const block of group) {
      // Blocks holding ops with regions are not merged (as MLIR), nor blocks whose arguments are used elsewhere.
      const shape = new BlockShape(block);
      if (shape.ops.some((op) => op.regions.some((r) => r.firstBlock !== null))) continue;
      if (block.args.some((a) => usedOutsideOf(a, block))) continue;
      if (!clusters.some((c) => c.add(shape))) clusters.push(new MergeCluster(shape));
    }
    for (const cluster of clusters) if (cluster.merge(rewriter, changed)) merged = true;
  }
  return merged;
}

/** A block and the position of each value it defines (its arguments first, then its ops' results in order). */
class BlockShape {
  readonly ops: Operation[];
  private readonly firstResult = new Map<Operation, number>();

  constructor(readonly block: Block) {
    this.ops = block.opsArray();
    let order = block.numArguments;
    for (const op of this.ops) {
      this.firstResult.set(op, order);
      order += op.numResults;
    }
  }

  /** The position of `value`, which this block defines. */
  orderOf(value: Value): number {
    if (value instanceof BlockArgument) return value.index;
    const result = value as OpResult;
    return this.firstResult.get(result.owner)! + result.index;
  }
}

/** Blocks that can be merged into the first (the leader), and the operands that become new arguments. */
class MergeCluster {
  private readonly blocks: BlockShape[] = [];
  /** `op index * 2^20 + operand index` of the operands that differ between the blocks, in order. */
  private readonly mismatched = new Set<number>();

  constructor(private readonly leader: BlockShape) {}

  /** Adds `other` to the cluster if it is equivalent to the leader; whether it was. */
  add(other: BlockShape): boolean {
    const lb = this.leader.block;
    const rb = other.block;
    if (lb.numArguments !== rb.numArguments || lb.args.some((a, i) => a.type !== rb.args[i]!.type)) return false;
    const lops = this.leader.ops;
    const rops = other.ops;
    if (lops.length !== rops.length) return false;
    const mismatched: number[] = [];
    for (let i = 0; i < lops.length; i++) {
      const l = lops[i]!;
      const r = rops[i]!;
      if (!sameOpButOperands(l, r)) return false;
      for (let k = 0; k < l.numOperands; k++) {
        const lv = l.getOperand(k);
        const rv = r.getOperand(k);
        if (lv === rv) continue;
        if (lv.type !== rv.type) return false;
        const lInside = lv.parentBlock === lb;
        const rInside = rv.parentBlock === rb;
        if (lInside !== rInside) return false;
        if (!lInside) {
          // A value the terminator of a predecessor makes cannot be passed by that terminator.
          if (!passableTo(lb, lv) || !passableTo(rb, rv)) return false;
          mismatched.push(i * OPERAND_SPACE + k);
          continue;
        }
        if (this.leader.orderOf(lv) !== other.orderOf(rv)) return false;
      }
      // What a block defines must not be used elsewhere: the merged op would stand for either block's.
      if (l.results.some((v) => usedOutsideOf(v, lb)) || r.results.some((v) => usedOutsideOf(v, rb))) return false;
    }
    for (const m of mismatched) this.mismatched.add(m);
    this.blocks.push(other);
    return true;
  }

  /** Merges the cluster's blocks into the leader; whether anything was merged. */
  merge(rewriter: PatternRewriter, changed: BlockArgumentsChanged): boolean {
    if (this.blocks.length === 0) return false;
    const leader = this.leader.block;
    const all = [this.leader, ...this.blocks];
    if (this.mismatched.size !== 0) {
      if (!all.every((s) => predecessorsTakeOperands(s.block))) return false;
      const positions = [...this.mismatched].sort((a, b) => a - b);
      const numOld = leader.numArguments;
      // One list of values per block (the leader's first): what the new arguments of the leader stand for.
      const passed: Value[][] = all.map(() => []);
      for (const p of positions) {
        const opIndex = Math.floor(p / OPERAND_SPACE);
        const k = p % OPERAND_SPACE;
        all.forEach((s, i) => passed[i]!.push(s.ops[opIndex]!.getOperand(k)));
        const op = this.leader.ops[opIndex]!;
        const v = op.getOperand(k);
        op.setOperand(k, leader.addArgument(v.type, v.loc));
      }
      const kept = pruneRedundantArguments(rewriter, passed, numOld, leader);
      changed?.(leader);
      all.forEach((s, i) => {
        for (let u = s.block.firstPredecessorUse; u !== null; u = u.nextUse) {
          BranchOpInterface.get(u.owner)!.appendSuccessorOperands!(u.owner, u.index, kept[i]!);
        }
      });
    }
    for (const s of this.blocks) {
      for (let u = s.block.firstPredecessorUse; u !== null; ) {
        const next = u.nextUse;
        u.set(leader);
        u = next;
      }
      rewriter.eraseBlock(s.block);
    }
    return true;
  }
}

/** Room for operand indices in a mismatch position (an op has fewer operands than this). */
const OPERAND_SPACE = 1 << 20;

/**
 * Drops the new arguments that repeat an earlier one in every block's list (`[x, y, x]` passed everywhere as
 * `[a, b, a]`: the third is the first), replacing their uses in `leader`; returns the lists without them. Only the
 * first occurrence of a value in the leader's list is looked back to, as MLIR does (linear, not every pair).
 */
function pruneRedundantArguments(rewriter: PatternRewriter, lists: Value[][], numOld: number, leader: Block): Value[][] {
  const first = lists[0]!;
  const firstIndex = new Map<Value, number>();
  first.forEach((v, j) => {
    if (!firstIndex.has(v)) firstIndex.set(v, j);
  });
  const replacement = new Map<number, number>();
  for (let j = 0; j < first.length; j++) {
    const k = firstIndex.get(first[j]!)!;
    if (k === j) continue;
    if (lists.every((l) => l[k] === l[j])) replacement.set(j, k);
  }
  if (replacement.size === 0) return lists;
  for (const [j, k] of replacement) rewriter.replaceAllUsesWith(leader.args[numOld + j]!, leader.args[numOld + k]!);
  for (const j of [...replacement.keys()].sort((a, b) => b - a)) leader.eraseArgument(numOld + j);
  return lists.map((l) => l.filter((_, j) => !replacement.has(j)));
}

function dropRedundantArgumentsOf(rewriter: PatternRewriter, block: Block, changed: BlockArgumentsChanged): boolean {
  const drop: number[] = [];
  for (let i = 0; i < block.numArguments; i++) {
    let common: Value | undefined;
    let same = true;
    for (let u = block.firstPredecessorUse; u !== null && same; u = u.nextUse) {
      const branch = BranchOpInterface.get(u.owner);
      if (branch === undefined) {
        same = false;
        break;
      }
      const [start] = branch.getSuccessorOperandRange(u.owner, u.index);
      const v = u.owner.getOperand(start + i);
      if (common === undefined) common = v;
      else if (v !== common) same = false;
    }
    if (common !== undefined && same) {
      drop.push(i);
      rewriter.replaceAllUsesWith(block.args[i]!, common);
    }
  }
  for (let d = drop.length - 1; d >= 0; d--) {
    const i = drop[d]!;
    block.eraseArgument(i);
    for (let u = block.firstPredecessorUse; u !== null; u = u.nextUse) BranchOpInterface.get(u.owner)!.eraseSuccessorOperand(u.owner, u.index, i);
  }
  if (drop.length !== 0) changed?.(block);
  return drop.length !== 0;
}

/** Whether `a` and `b` are the same op but for their operands (MLIR's equivalence, locations ignored). */
function sameOpButOperands(a: Operation, b: Operation): boolean {
  if (a.opName !== b.opName || a.numOperands !== b.numOperands || a.numResults !== b.numResults) return false;
  if (a.properties !== b.properties || a.attributes !== b.attributes) return false;
  if (a.regions.length !== b.regions.length || a.numSuccessors !== b.numSuccessors) return false;
  for (let i = 0; i < a.numResults; i++) if (a.getResult(i).type !== b.getResult(i).type) return false;
  return true;
}

/** Whether a user of `value` is outside `block` (an op of another block, nested ones included, as MLIR). */
function usedOutsideOf(value: Value, block: Block): boolean {
  for (let u = value.firstUse; u !== null; u = u.nextUse) if (u.owner.parentBlock !== block) return true;
  return false;
}

/** Whether `value` can be passed to `block` by its predecessors: not a result of one of their terminators. */
function passableTo(block: Block, value: Value): boolean {
  const def = value.definingOp;
  const defBlock = value.parentBlock;
  if (def === null || defBlock === null || def !== defBlock.terminator) return true;
  for (const p of block.predecessors()) if (p === defBlock) return false;
  return true;
}

/** Whether every branch to `block` can be given more operands for it. */
function predecessorsTakeOperands(block: Block): boolean {
  for (let u = block.firstPredecessorUse; u !== null; u = u.nextUse) {
    if (BranchOpInterface.get(u.owner)?.appendSuccessorOperands === undefined) return false;
  }
  return true;
}
