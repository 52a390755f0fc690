import { DominanceInfo, IsolatedFromAbove, Terminator, type Block, type Operation, type Region } from '@tlir/ir';
import { DominanceAnalysis, definePass, type Statistic } from '@tlir/pass';
import {
  isMemoryEffectFree,
  isOpTriviallyDead,
  mayWriteMemory,
  onlyReadsMemory,
  RecursiveMemoryEffects,
  wouldOpBeTriviallyDead,
} from '@tlir/rewrite';
import { operationHash, regionsEquivalent, sameExceptRegions } from './operation-equivalence.js';

/**
 * A hash table with scopes: entries added in a scope disappear when it is popped (MLIR's ScopedHashTable). Ops are
 * kept by their `operationHash`; an entry holds one op, or several (equal hashes: equivalent ops with
 * inequivalent regions, or a collision), the latest last.
 */
class ScopedTable {
  private readonly map = new Map<number, Operation | Operation[]>();
  /** The hashes inserted, in order; `marks` holds where each open scope starts. */
  private readonly log: number[] = [];
  private readonly marks: number[] = [];

  push(): void {
    this.marks.push(this.log.length);
  }

  pop(): void {
    const mark = this.marks.pop()!;
    const map = this.map;
    // Scopes close in the reverse order of their insertions: each op removed is the last of its entry.
    while (this.log.length > mark) {
      const hash = this.log.pop()!;
      const entry = map.get(hash)!;
      if (!Array.isArray(entry)) map.delete(hash);
      else {
        entry.pop();
        if (entry.length === 1) map.set(hash, entry[0]!);
      }
    }
  }

  /** The latest op equivalent to `op` among those of hash `hash`. */
  lookup(hash: number, op: Operation): Operation | undefined {
    const entry = this.map.get(hash);
    if (entry === undefined) return undefined;
    if (!Array.isArray(entry)) return equivalent(entry, op) ? entry : undefined;
    for (let i = entry.length - 1; i >= 0; i--) {
      const cand = entry[i]!;
      if (equivalent(cand, op)) return cand;
    }
    return undefined;
  }

  insert(hash: number, op: Operation): void {
    const entry = this.map.get(hash);
    if (entry === undefined) this.map.set(hash, op);
    else if (Array.isArray(entry)) entry.push(op);
    else this.map.set(hash, [entry, op]);
    this.log.push(hash);
  }
}

function equivalent(cand: Operation, op: Operation): boolean {
  return sameExceptRegions(cand, op) && (op.numRegions === 0 || regionsEquivalent(cand, op));
}

/**
 * Common sub-expression elimination (MLIR's CSE): walks each region along its dominator tree with a scoped
 * table of the ops seen so far; an op equivalent to one that dominates it is replaced by it. Ops without
 * memory effects are merged freely; ops that only read memory are merged within a block when nothing may write
 * in between; other ops, terminators and ops with multi-block regions are kept. Isolated-from-above ops start
 * a fresh table. Trivially dead ops met on the way are erased too.
 */
class CSEDriver {
  /** Ids of the successor blocks met, for hashing. */
  private readonly blockIds = new Map<Block, number>();
  private readonly toErase: Operation[] = [];
  /** Per block: for a reading op, how far we know there is no write after it (and whether one was found). */
  private readonly noWriteUntil = new Map<Operation, { until: Operation; write: boolean }>();
  /** Ops visited in the graph region being simplified (uses by them must not be replaced). */
  private visited: Set<Operation> | undefined;

  constructor(
    private readonly dom: DominanceInfo,
    private readonly numCSE: Statistic,
    private readonly numDCE: Statistic,
    /** Isolated ops whose insides are left out: the pass already ran on them (PassRun.interleaved). */
    private readonly done: ReadonlySet<Operation> | undefined,
  ) {}

  run(root: Operation): boolean {
    const table = new ScopedTable();
    for (const r of root.regions) this.simplifyRegion(table, r);
    for (const op of this.toErase) op.erase();
    return this.toErase.length > 0;
  }

  private simplifyRegion(table: ScopedTable, region: Region): void {
    const entry = region.firstBlock;
    if (!entry) return;
    const ssa = DominanceInfo.hasSSADominance(region);
    if (entry.nextBlock === null) {
      table.push();
      this.simplifyBlock(table, entry, ssa);
      table.pop();
      return;
    }
    // Several blocks: only SSA regions, along the dominator tree (a block's scope holds its dominators' ops).
    if (!ssa) return;
    const stack: { block: Block; next: number; processed: boolean }[] = [{ block: entry, next: 0, processed: false }];
    table.push();
    while (stack.length) {
      const top = stack[stack.length - 1]!;
      if (!top.processed) {
        top.processed = true;
        this.simplifyBlock(table, top.block, ssa);
      }
      const children = this.dom.domTreeChildren(top.block);
      if (top.next < children.length) {
        table.push();
        stack.push({ block: children[top.next++]!, next: 0, processed: false });
      } else {
        stack.pop();
        table.pop();
      }
    }
  }

  private simplifyBlock(table: ScopedTable, block: Block, ssa: boolean): void {
    const savedVisited = this.visited;
    this.visited = ssa ? undefined : new Set();
    for (let op = block.firstOp; op !== null; op = op.nextOperation) {
      if (op.numRegions) {
        // An isolated op's regions cannot use what is outside them: they get a table of their own.
        if (!op.isRegistered || op.hasTrait(IsolatedFromAbove)) {
          if (this.done?.has(op) === true) {
            this.simplifyOperation(table, op, ssa);
            this.visited?.add(op);
            continue;
          }
          const nested = new ScopedTable();
          for (const r of op.regions) this.simplifyRegion(nested, r);
        } else {
          for (const r of op.regions) this.simplifyRegion(table, r);
        }
      }
      this.simplifyOperation(table, op, ssa);
      this.visited?.add(op);
    }
    this.noWriteUntil.clear();
    this.visited = savedVisited;
  }

  private simplifyOperation(table: ScopedTable, op: Operation, ssa: boolean): void {
    if (op.hasTrait(Terminator)) return;
    if (isOpTriviallyDead(op)) {
      this.toErase.push(op);
      this.numDCE.value++;
      return;
    }
    for (const r of op.regions) if (r.numBlocks > 1) return;
    if (!isMemoryEffectFree(op)) {
      if (!onlyReadsMemory(op)) return;
      const hash = operationHash(op, this.blockIds);
      const existing = table.lookup(hash, op);
      if (existing && existing.parentBlock === op.parentBlock && !this.writesBetween(existing, op)) {
        this.replace(op, existing, ssa);
        return;
      }
      table.insert(hash, op);
      return;
    }
    const hash = operationHash(op, this.blockIds);
    const existing = table.lookup(hash, op);
    if (existing) {
      this.replace(op, existing, ssa);
      return;
    }
    table.insert(hash, op);
  }

  /** Whether an op between `from` and `to` (same block) may write memory; cached per `from` (MLIR's memEffectsCache). */
  private writesBetween(from: Operation, to: Operation): boolean {
    const cached = this.noWriteUntil.get(from);
    if (cached?.write) return true;
    let cur = cached ? cached.until : from.nextOperation;
    for (; cur !== null && cur !== to; cur = cur.nextOperation) {
      if (mayWriteMemory(cur)) {
        this.noWriteUntil.set(from, { until: cur, write: true });
        return true;
      }
    }
    this.noWriteUntil.set(from, { until: to, write: false });
    return false;
  }

  private replace(op: Operation, existing: Operation, ssa: boolean): void {
    if (ssa) {
      op.replaceAllUsesWith(existing);
      this.toErase.push(op);
    } else {
      // In a graph region, a use may come before the definition: only uses by ops not visited yet are replaced.
      const visited = this.visited!;
      op.results.forEach((r, i) => r.replaceUsesWithIf(existing.results[i]!, (u) => !visited.has(u.owner)));
      if (op.useEmpty) this.toErase.push(op);
    }
    if (existing.hasUnknownLoc && !op.hasUnknownLoc) existing.loc = op.loc;
    this.numCSE.value++;
  }
}

export const CSEPass = definePass({
  argument: 'cse',
  name: 'CSE',
  summary: 'Eliminate common sub-expressions',
  description:
    'Replaces each op by an equivalent op that dominates it (same name, operands, attributes, properties, result ' +
    'types and regions), for ops without side effects, and for ops that only read memory when nothing may write ' +
    'in between (same block). Ops with unknown effects are left alone.',
  statistics: { 'num-cse': "Number of operations CSE'd", 'num-dce': "Number of operations DCE'd" },
  // An isolated op starts a table of its own, and what is done inside it looks at nothing outside it. The op itself
  // must be one CSE never erases (as dead) or merges with another (an op with unknown effects or effects that are
  // not all reads, of its own): such an op is erased on the whole module before the next pass sees what is inside
  // it, so its insides must not go through the passes of the run first. (Whether two functions are merged would
  // also look inside them, after they were simplified.)
  isolatedLocal: (child) =>
    !child.hasTrait(RecursiveMemoryEffects) && !wouldOpBeTriviallyDead(child) && !isMemoryEffectFree(child) && !onlyReadsMemory(child),
  run(op, pass) {
    const dom = pass.getAnalysis(DominanceAnalysis);
    const erased = new CSEDriver(dom, pass.statistics['num-cse'], pass.statistics['num-dce'], pass.interleaved).run(op);
    if (!erased) pass.markAllAnalysesPreserved();
    else pass.markAnalysesPreserved(DominanceAnalysis);
  },
});
