// Which loops each krnl.iterate runs, in which order, and where the values it gives names to exist: the reading of
// a schedule that the interpreter and the lowering to scf share.
//
// A krnl.iterate binds original loops (`with (%l -> %i = lb to ub)`): they make a nest whose leaves are ordered by
// the krnl.block and krnl.permute ops (LoopNestOrder). The loops in its parentheses are leaves of its own nest or of
// the nests of enclosing krnl.iterate ops; it runs them, outermost first, in the order of the schedule, whatever the
// order they are written in (as onnx-mlir does: `krnl.permute(%i, %j) [1, 0]` then `krnl.iterate(%i, %j)` runs %j
// outside). Of each nest, it runs the next leaves the enclosing krnl.iterate ops did not run (leaves whose iterations
// a krnl.matmul or krnl.specialized_kernel computes are not run); nested krnl.iterate ops may run the following ones.
// The body runs once per iteration of the loops it runs (once when it runs none).
//
// The induction variable `%i` of a bound loop is the index of the loop's value leaf (the innermost point loop of a
// blocked loop). It exists only where that leaf runs: in the body of the krnl.iterate that runs it, or of one inside.
import { formatLocationPrefix, type BlockArgument, type Operation, type Value } from '@tlir/ir';
import { IterateOp } from '../iterate-op.js';
import { iteratedLoops } from '../loop-nest.js';
import type { Processor } from '../processor-attr.js';
import { LoopNestOrder, type LeafMarks } from './loop-nest-order.js';
import { rangeDependencies } from './loop-range.js';
import type { LoopNode } from './loop-tree.js';
import { ScheduleProblems, type ScheduleProblem } from './schedule-problem.js';

/** A loop a krnl.iterate runs. */
export interface ScheduledLoop {
  readonly node: LoopNode;
  /** The nest it belongs to (that of this krnl.iterate or of an enclosing one). */
  readonly nest: LoopNestOrder;
  /** The krnl.parallel that marks it, and its processor mapping. */
  readonly parallel?: Operation;
  readonly mapping?: Processor;
  /** The krnl.unroll that unrolls it. */
  readonly unroll?: Operation;
}

export interface IterateSchedule {
  readonly op: Operation;
  /** The nest of the loops this op binds. */
  readonly nest: LoopNestOrder;
  /** The loops this op runs, outermost first. */
  readonly loops: readonly ScheduledLoop[];
  /** The leaves running in the body: those of this op and of the enclosing krnl.iterate ops. */
  readonly running: ReadonlySet<LoopNode>;
  /** The nests whose loops may run in the body (enclosing ones first, this op's last). */
  readonly visibleNests: readonly LoopNestOrder[];
  /** The enclosing krnl.iterate's schedule. */
  readonly parent: IterateSchedule | undefined;
  /** For each induction variable of the body (one per bound loop): the leaf whose index it is. */
  readonly inductionVariableLoops: readonly LoopNode[];
}

/** The schedules of every krnl.iterate in a tree of nested krnl.iterate ops, or the problems that prevent them. */
export type TreeAnalysis = { readonly ok: true; readonly schedules: ReadonlyMap<Operation, IterateSchedule> } | { readonly ok: false; readonly problems: readonly ScheduleProblem[] };

/**
 * Analyses the krnl.iterate `root` (an outermost one: no krnl.iterate encloses it) and every krnl.iterate inside
 * it, checking that each runs the loops it names in an order the schedule allows and that each induction variable
 * is used only where its loop runs.
 */
export function analyzeIterateTree(root: Operation): TreeAnalysis {
  const problems = new ScheduleProblems();
  const schedules = new Map<Operation, IterateSchedule>();
  root.walk((op) => {
    if (!IterateOp.is(op)) return;
    const parentOp = enclosingIterate(op);
    const parent = parentOp ? schedules.get(parentOp) : undefined;
    schedules.set(op, scheduleOf(op, parent, problems));
  }, 'pre');
  if (problems.empty) for (const s of schedules.values()) checkInductionVariableUses(s, schedules, problems);
  return problems.empty ? { ok: true, schedules } : { ok: false, problems: problems.list };
}

/** The nearest krnl.iterate around `op`. */
export function enclosingIterate(op: Operation): Operation | undefined {
  for (let p = op.parentOp; p; p = p.parentOp) if (IterateOp.is(p)) return p;
  return undefined;
}

/** The outermost krnl.iterate around `op` (or `op` itself). */
export function outermostIterate(op: Operation): Operation {
  let root = op;
  for (let p = op.parentOp; p; p = p.parentOp) if (IterateOp.is(p)) root = p;
  return root;
}

function scheduleOf(op: Operation, parent: IterateSchedule | undefined, problems: ScheduleProblems): IterateSchedule {
  const nest = LoopNestOrder.of(op, problems);
  const visibleNests = [...(parent?.visibleNests ?? []), nest];
  const runBefore = parent?.running ?? new Set<LoopNode>();
  // The named loops, by nest.
  const named = new Map<LoopNestOrder, Set<LoopNode>>();
  iteratedLoops(op).forEach((handle, i) => {
    const found = findLoop(visibleNests, handle);
    if (!found) return void problems.add(op, `runs loop #${i}, which is not a loop of a nest bound by this or an enclosing 'krnl.iterate'`);
    const [node, owner] = found;
    if (!node.isLeaf) {
      return void problems.add(op, `runs loop #${i}, ${node.describe()}, which the krnl.block at ${formatLocationPrefix(node.blockedBy!.loc)} splits: run its tile and point loops`);
    }
    const consumer = owner.marksOf(node).consumer;
    if (consumer) return void problems.add(op, `runs loop #${i}, ${node.describe()}, whose iterations the ${consumer.name} at ${formatLocationPrefix(consumer.loc)} computes`);
    if (runBefore.has(node)) return void problems.add(op, `runs loop #${i}, ${node.describe()}, which an enclosing 'krnl.iterate' runs already`);
    let set = named.get(owner);
    if (!set) named.set(owner, (set = new Set()));
    set.add(node);
  });
  // Of each nest, the next leaves not run yet, in the schedule's order.
  const loops: ScheduledLoop[] = [];
  for (const n of visibleNests) {
    const mine = named.get(n);
    if (!mine) continue;
    const pending = n.order.filter((l) => !runBefore.has(l) && n.marksOf(l).consumer === undefined);
    for (let k = 0; k < mine.size; k++) {
      const leaf = pending[k]!;
      if (!mine.has(leaf)) {
        const later = pending.slice(k).find((l) => mine.has(l))!;
        problems.add(
          op,
          `runs ${later.describe()}, but ${leaf.describe()} comes before it in the schedule and is run neither by this nor by an enclosing 'krnl.iterate'`,
        );
        break;
      }
      loops.push({ node: leaf, nest: n, ...marksOf(n.marksOf(leaf)) });
    }
  }
  // A loop's range reads the indices of loops outside it (a point loop, that of its tile loop).
  const outside = new Set(runBefore);
  for (const l of loops) {
    for (const dep of rangeDependencies(l.node)) {
      if (!outside.has(dep)) {
        problems.add(op, `runs ${l.node.describe()} outside ${dep.describe()}, whose index its range depends on (a point loop runs inside its tile loop)`);
      }
    }
    outside.add(l.node);
  }
  if (op.numResults > 0) {
    for (const l of loops) {
      if (l.parallel) problems.add(l.parallel, `makes ${l.node.describe()} parallel, but the 'krnl.iterate' at ${formatLocationPrefix(op.loc)} that runs it carries values from one iteration to the next (iter_args)`);
    }
  }
  return {
    op,
    nest,
    loops,
    running: outside,
    visibleNests,
    parent,
    inductionVariableLoops: nest.roots.map((r) => r.valueLoop),
  };
}

function marksOf(m: LeafMarks): Pick<ScheduledLoop, 'parallel' | 'mapping' | 'unroll'> {
  return { ...(m.parallel ? { parallel: m.parallel } : {}), ...(m.mapping ? { mapping: m.mapping } : {}), ...(m.unroll ? { unroll: m.unroll } : {}) };
}

function findLoop(nests: readonly LoopNestOrder[], handle: Value): [LoopNode, LoopNestOrder] | undefined {
  for (const n of nests) {
    const node = n.nodes.get(handle);
    if (node) return [node, n];
  }
  return undefined;
}

/** Each use of an induction variable must be where its value leaf runs. */
function checkInductionVariableUses(s: IterateSchedule, schedules: ReadonlyMap<Operation, IterateSchedule>, problems: ScheduleProblems): void {
  const block = s.op.regions[0]?.firstBlock;
  if (!block) return;
  s.inductionVariableLoops.forEach((leaf, i) => {
    const iv = block.args[i] as BlockArgument | undefined;
    if (!iv) return;
    for (const user of iv.users()) {
      if (runsAt(user, leaf, s.op, schedules)) continue;
      const why = s.nest.marksOf(leaf).consumer;
      problems.add(
        user,
        `uses induction variable #${i} of the 'krnl.iterate' at ${formatLocationPrefix(s.op.loc)} where its loop does not run: it is the index of ${leaf.describe()}, ` +
          (why ? `whose iterations the ${why.name} at ${formatLocationPrefix(why.loc)} computes` : `which no 'krnl.iterate' around this use runs`),
      );
    }
  });
}

/** Whether `leaf` runs where `user` executes: some krnl.iterate between `user` and `root` (both included) runs it. */
function runsAt(user: Operation, leaf: LoopNode, root: Operation, schedules: ReadonlyMap<Operation, IterateSchedule>): boolean {
  // A krnl.iterate using the value (in its bounds) evaluates it outside its body: start at its parent.
  for (let p = user.parentOp; p; p = p.parentOp) {
    if (IterateOp.is(p) && schedules.get(p)?.loops.some((l) => l.node === leaf)) return true;
    if (p === root) return false;
  }
  return false;
}
