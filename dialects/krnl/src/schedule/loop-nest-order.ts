// The nest of the loops a krnl.iterate binds (`with (%l -> %i = lb to ub, ...)`): each bound loop with the tree of
// its krnl.block ops, the leaves in the order they nest (the bound loops in the order written, each blocked loop
// replaced by its tile loop outside its point loop, then every krnl.permute applied in program order), and what
// krnl.parallel, krnl.unroll, krnl.matmul and krnl.specialized_kernel say about the leaves.
import { formatLocationPrefix, type IntegerAttr, type Operation, type Value } from '@tlir/ir';
import { boundLoops } from '../loop-nest.js';
import { ParallelOp, PermuteOp, SpecializedKernelOp, UnrollOp } from '../loop-schedule-ops.js';
import { MatMulOp } from '../matmul-op.js';
import { ProcessorAttr, type Processor } from '../processor-attr.js';
import { buildLoopTree, type LoopNode } from './loop-tree.js';
import { precedes } from './program-order.js';
import type { ScheduleProblems } from './schedule-problem.js';


/** What the schedule says about one leaf besides its place. */
export interface LeafMarks {
  /** The krnl.parallel marking it. */
  readonly parallel?: Operation;
  /** The processor dimension of that krnl.parallel (the tlir mapping extension). */
  readonly mapping?: Processor;
  /** A krnl.unroll of it. */
  readonly unroll?: Operation;
  /** The krnl.matmul or krnl.specialized_kernel that computes its iterations (it is then never run as a loop). */
  readonly consumer?: Operation;
}

const NO_MARKS: LeafMarks = Object.freeze({});

export class LoopNestOrder {
  private constructor(
    /** The krnl.iterate that binds the loops. */
    readonly owner: Operation,
    /** The bound loops, in the order written. */
    readonly roots: readonly LoopNode[],
    /** Every loop of the nest by its handle. */
    readonly nodes: ReadonlyMap<Value, LoopNode>,
    /** The leaves, outermost first. */
    readonly order: readonly LoopNode[],
    private readonly marks: ReadonlyMap<LoopNode, LeafMarks>,
  ) {}

  marksOf(leaf: LoopNode): LeafMarks {
    return this.marks.get(leaf) ?? NO_MARKS;
  }

  /** The nest of the loops `iterate` binds; what is wrong with it goes to `problems`. */
  static of(iterate: Operation, problems: ScheduleProblems): LoopNestOrder {
    const roots = boundLoops(iterate).map((l) => buildLoopTree(l, problems));
    const nodes = new Map<Value, LoopNode>();
    for (const r of roots) for (const n of r.nodes()) nodes.set(n.handle, n);
    const order = roots.flatMap((r) => r.leaves());
    applyPermutes(iterate, nodes, order, problems);
    return new LoopNestOrder(iterate, roots, nodes, order, collectMarks(nodes, problems));
  }
}

/** The krnl.permute ops of the nest's loops, applied in program order to `order` (in place). */
function applyPermutes(iterate: Operation, nodes: ReadonlyMap<Value, LoopNode>, order: LoopNode[], problems: ScheduleProblems): void {
  const permutes = new Set<Operation>();
  for (const handle of nodes.keys()) for (const user of handle.users()) if (PermuteOp.is(user)) permutes.add(user);
  const sorted = [...permutes].sort((a, b) => (precedes(a, b) ? -1 : precedes(b, a) ? 1 : 0));
  for (const permute of sorted) {
    const loops: LoopNode[] = [];
    let ok = true;
    permute.operands.forEach((handle, i) => {
      const node = nodes.get(handle);
      if (!node) {
        problems.add(permute, `permutes loop #${i}, which is not a loop of the nest the krnl.iterate at ${formatLocationPrefix(iterate.loc)} binds (a permutation stays within one nest)`, {
          loc: iterate.loc,
          message: 'the nest is bound here',
        });
        ok = false;
      } else if (!node.isLeaf) {
        problems.add(permute, `permutes loop #${i}, ${node.describe()}, which the krnl.block at ${formatLocationPrefix(node.blockedBy!.loc)} splits: permute its tile and point loops`);
        ok = false;
      } else {
        loops.push(node);
      }
    });
    if (!ok) continue;
    // The loops take the places they occupy, the i-th one the map[i]-th of them (from the outside).
    const map = PermuteOp.wrap(permute).map.elements.map((e) => Number((e as IntegerAttr).value));
    const places = loops.map((l) => order.indexOf(l)).sort((a, b) => a - b);
    loops.forEach((l, i) => (order[places[map[i]!]!] = l));
  }
}

/** The marks of the leaves; a mark on a loop that krnl.block splits is a problem. */
function collectMarks(nodes: ReadonlyMap<Value, LoopNode>, problems: ScheduleProblems): Map<LoopNode, LeafMarks> {
  const marks = new Map<LoopNode, LeafMarks>();
  for (const node of nodes.values()) {
    let m: { parallel?: Operation; mapping?: Processor; unroll?: Operation; consumer?: Operation } | undefined;
    for (const user of node.handle.users()) {
      const parallel = ParallelOp.match(user);
      const unroll = UnrollOp.is(user);
      if (!parallel && !unroll && !MatMulOp.is(user) && !SpecializedKernelOp.is(user)) continue;
      // krnl.matmul's first operands are memrefs and indices: only its loops group names loops.
      if (!node.isLeaf) {
        problems.add(user, `applies to ${node.describe()}, which the krnl.block at ${formatLocationPrefix(node.blockedBy!.loc)} splits: apply it to its tile or point loop`);
        continue;
      }
      m ??= {};
      if (parallel) {
        m.parallel = user;
        const mapping = parallel.mapping;
        if (mapping !== undefined && ProcessorAttr.is(mapping)) m.mapping = mapping.value;
      } else if (unroll) {
        m.unroll = user;
      } else if (m.consumer && m.consumer !== user) {
        problems.add(user, `computes the iterations of ${node.describe()}, which the ${m.consumer.name} at ${formatLocationPrefix(m.consumer.loc)} computes already`);
      } else {
        m.consumer = user;
      }
    }
    if (!m) continue;
    if (m.parallel && m.unroll) {
      problems.add(m.unroll, `unrolls ${node.describe()}, which the krnl.parallel at ${formatLocationPrefix(m.parallel.loc)} makes parallel: a loop is one or the other`);
    }
    if (m.consumer && (m.parallel || m.unroll)) {
      const mark = (m.parallel ?? m.unroll)!;
      problems.add(mark, `applies to ${node.describe()}, whose iterations the ${m.consumer.name} at ${formatLocationPrefix(m.consumer.loc)} computes (it is not run as a loop)`);
    }
    marks.set(node, m);
  }
  return marks;
}
