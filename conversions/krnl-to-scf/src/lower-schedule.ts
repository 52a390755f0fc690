// krnl.iterate to scf loops: each krnl.iterate becomes the loops its schedule runs (schedule/iterate-schedule.ts),
// outermost first, over the ranges of schedule/loop-range.ts (tile loops stepping by whole tiles, point loops from
// the tile's first index to min(tile end, loop end), the min() left out where every tile is full); parallel loops
// become one-dimensional scf.parallel ops carrying their processor mapping, the others scf.for ops threading the
// loop-carried values. The body moves into the innermost loop; nested krnl.iterate ops are lowered inside it;
// krnl.get_induction_var_value and the induction variables become the induction variables of the loops.
// Unrolling is left for the end (the loops to unroll are recorded), once no krnl op is left inside them.
import { ArrayAttr, Builder, type Block, type BlockArgument, type Operation, type Value } from '@tlir/ir';
import { GetInductionVariableValueOp, IterateOp, iterateBindings, PARALLEL_MAPPING_ATTR, ProcessorAttr, loopRange, tripCount, type RangeEnvironment, YieldOp as KrnlYieldOp } from '@tlir/dialect-krnl';
import type { IterateSchedule, LoopNode } from '@tlir/dialect-krnl';
import { IndexBuilder } from './index-builder.js';
import { buildFor, buildParallel } from './scf-loops.js';

/** An scf.for that a krnl.unroll asks to unroll, with what the schedule knows of its trip count. */
export interface LoopToUnroll {
  readonly loop: Operation;
  /** The krnl.unroll (where an error about it goes). */
  readonly mark: Operation;
  readonly exact?: number;
  readonly maximum?: number;
}

export class ScheduleLowering {
  /** The induction variable of each leaf whose loop has been made and encloses the code being lowered. */
  private readonly indices = new Map<LoopNode, Value>();
  /** The scf loop made for each leaf (while it encloses the code being lowered). */
  private readonly loopOps = new Map<LoopNode, Operation>();
  private readonly bounds = new Map<LoopNode, { lb: Value; ub: Value }>();
  /** Induction variables of lowered krnl.iterate ops that still have uses: their loops are made by nested ones. */
  private readonly pending = new Map<LoopNode, BlockArgument[]>();
  /** The lowered krnl.iterate ops, detached, to erase once nothing uses their induction variables. */
  private readonly lowered: Operation[] = [];
  readonly unrolls: LoopToUnroll[] = [];

  private readonly env: RangeEnvironment<Value> = {
    bounds: (original) => this.bounds.get(original)!,
    index: (leaf) => this.indices.get(leaf)!,
  };

  constructor(private readonly schedules: ReadonlyMap<Operation, IterateSchedule>) {}

  /** Lowers the krnl.iterate `op` and every one nested in it. */
  lower(op: Operation): void {
    const schedule = this.schedules.get(op)!;
    const b = new Builder(op.context);
    b.setInsertionPoint(op);
    const ix = new IndexBuilder(b, op.loc);
    const body = op.regions[0]!.firstBlock!;
    const terminator = body.lastOp!;
    const bindings = iterateBindings(op);
    const numIvs = bindings.length;
    const inits = op.operands.slice(op.numOperands - op.numResults);
    const { nested, queries } = directContents(body);

    schedule.nest.roots.forEach((root, i) => {
      const asValue = (v: number | Value): Value => (typeof v === 'number' ? ix.constant(v) : v);
      this.bounds.set(root, { lb: asValue(bindings[i]!.lowerBound), ub: asValue(bindings[i]!.upperBound) });
    });
    // The induction variables whose loops are made by nested krnl.iterate ops wait for them.
    schedule.inductionVariableLoops.forEach((leaf, i) => {
      const iv = body.args[i]!;
      if (!schedule.loops.some((l) => l.node === leaf) && iv.hasUses) this.pending.set(leaf, [...(this.pending.get(leaf) ?? []), iv]);
    });

    const loops = schedule.loops;
    const build = (depth: number, carried: readonly Value[]): readonly Value[] => {
      if (depth === loops.length) {
        for (let o = body.firstOp; o !== terminator; ) {
          const next = o!.nextOperation;
          b.insert(o!.remove());
          o = next;
        }
        body.args.slice(numIvs).forEach((arg, i) => arg.replaceAllUsesWith(carried[i]!));
        return KrnlYieldOp.is(terminator) ? terminator.operands : [];
      }
      const scheduled = loops[depth]!;
      const leaf = scheduled.node;
      const range = loopRange(leaf, ix, this.env);
      const step = ix.constant(range.step);
      if (scheduled.parallel) {
        const loop = buildParallel(b, op.loc, range.start, range.end, step, (iv) => {
          this.indices.set(leaf, iv);
          build(depth + 1, []);
        });
        this.loopOps.set(leaf, loop);
        if (scheduled.mapping) loop.setAttr(PARALLEL_MAPPING_ATTR, ArrayAttr.get(op.context, [ProcessorAttr.get(op.context, { value: scheduled.mapping })]));
        return [];
      }
      const trips = scheduled.unroll ? tripCount(leaf, ix, this.env) : undefined;
      const loop = buildFor(b, op.loc, range.start, range.end, step, carried, (iv, args) => {
        this.indices.set(leaf, iv);
        return build(depth + 1, args);
      });
      this.loopOps.set(leaf, loop);
      if (scheduled.unroll) this.unrolls.push({ loop, mark: scheduled.unroll, ...trips });
      return loop.results;
    };
    const results = build(0, inits);
    op.results.forEach((r, i) => r.replaceAllUsesWith(results[i]!));

    // The values of the leaves made here: induction variables and krnl.get_induction_var_value.
    for (const l of loops) {
      const leaf = l.node;
      const iv = this.indices.get(leaf)!;
      const loop = this.loopOps.get(leaf)!;
      schedule.inductionVariableLoops.forEach((v, i) => v === leaf && body.args[i]!.replaceAllUsesWith(iv));
      for (const waiting of this.pending.get(leaf) ?? []) waiting.replaceUsesWithIf(iv, (use) => loop.isProperAncestor(use.owner));
    }
    for (const q of queries) {
      q.results.forEach((r, i) => r.replaceAllUsesWith(this.indices.get(this.leafOf(schedule, q.getOperand(i)))!));
      q.erase();
    }
    for (const inner of nested) this.lower(inner);

    for (const l of loops) {
      this.indices.delete(l.node);
      this.loopOps.delete(l.node);
    }
    for (const root of schedule.nest.roots) this.bounds.delete(root);
    op.remove();
    this.lowered.push(op);
  }

  /** The leaf a handle names, among the nests visible in `schedule`. */
  private leafOf(schedule: IterateSchedule, handle: Value): LoopNode {
    for (const nest of schedule.visibleNests) {
      const node = nest.nodes.get(handle);
      if (node) return node;
    }
    throw new Error('internal: krnl.get_induction_var_value of a loop of no visible nest');
  }

  /** Erases the lowered krnl.iterate ops (once every nested one is lowered). */
  finish(): void {
    for (const op of this.lowered) op.dropAllReferences();
    for (const op of this.lowered) op.erase();
    this.lowered.length = 0;
  }
}

/** The krnl.iterate and krnl.get_induction_var_value ops in `body` that no nested krnl.iterate holds. */
function directContents(body: Block): { nested: Operation[]; queries: Operation[] } {
  const nested: Operation[] = [];
  const queries: Operation[] = [];
  for (let o = body.firstOp; o; o = o.nextOperation) {
    o.walk((x) => {
      if (IterateOp.is(x)) {
        nested.push(x);
        return 'skip';
      }
      if (GetInductionVariableValueOp.is(x)) queries.push(x);
      return undefined;
    }, 'pre');
  }
  return { nested, queries };
}
