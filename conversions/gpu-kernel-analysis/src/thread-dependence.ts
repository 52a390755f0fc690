// Which work-item ids each value of a kernel depends on (a divergence analysis): a value that depends on none is
// the same on every work-item of a work-group (uniform), one that depends on `gpu.thread_id x` may differ between
// work-items along x. Ops execute under the control of the region ops around them: an op inside
// `scf.if %tx_is_0` runs on some work-items only, so its control depends on x. Barriers may only go where the
// control depends on no work-item id.
//
// Dependences are sets of dimensions (bit 1: x, 2: y, 4: z). Sources: thread ids (and global ids) of a dimension;
// lane and subgroup ids (all dimensions); private memory (an alloca or a private attribution is each work-item's
// own, so what it holds may differ everywhere). Data flows through operands; region ops add sync dependence: the
// results of an scf.if depend on its condition, an scf.for's iteration arguments and results on its bounds.
import { MemRefType, getFunctionType, type Attribute, type Block, type OpDefinition, type Operation, type Value } from '@tlir/ir';
import { AddressSpaceAttr, dimensionIndex, funcAttributions, FuncOp as GpuFuncOp, GlobalIdOp, LaneIdOp, SubgroupIdOp, ThreadIdOp } from '@tlir/dialect-gpu';
import { AllocOp, AllocaOp } from '@tlir/dialect-memref';
import { ConditionOp, ExecuteRegionOp, ForOp, IfOp, IndexSwitchOp, ParallelOp, WhileOp } from '@tlir/dialect-scf';

/** A set of work-item dimensions: bit 1 for x, 2 for y, 4 for z. */
export type ThreadDims = number;
export const NO_DIMS: ThreadDims = 0;
export const ALL_DIMS: ThreadDims = 7;

/** The dimension bit of a `#gpu<dim ...>` value ('x', 'y', 'z'). */
export const dimBit = (d: 'x' | 'y' | 'z'): ThreadDims => (d === 'x' ? 1 : d === 'y' ? 2 : 4);

/** `x`, `x, y` ... for messages. */
export function dimsText(dims: ThreadDims): string {
  return (['x', 'y', 'z'] as const).filter((d) => dims & dimBit(d)).join(', ') || 'none';
}

/** The dimension of a thread or global id (all dimensions when it names none). */
function idDimension(dimension: Attribute | undefined): ThreadDims {
  const d = dimensionIndex(dimension);
  return d < 0 ? ALL_DIMS : 1 << d;
}

/** The dimensions the value of each id op depends on. */
const ID_OPS: ReadonlyMap<OpDefinition, (op: Operation) => ThreadDims> = new Map<OpDefinition, (op: Operation) => ThreadDims>([
  [ThreadIdOp, (op) => idDimension(ThreadIdOp.wrap(op).dimension)],
  [GlobalIdOp, (op) => idDimension(GlobalIdOp.wrap(op).dimension)],
  [LaneIdOp, () => ALL_DIMS],
  [SubgroupIdOp, () => ALL_DIMS],
]);

/** Whether a memref type is in workgroup or global memory (shared), not a work-item's private memory. */
function isPrivateAllocation(op: Operation): boolean {
  if (!AllocaOp.is(op) && !AllocOp.is(op)) return false;
  const t = op.results[0]?.type;
  const space = t instanceof MemRefType ? t.memorySpace : undefined;
  return !(space !== undefined && AddressSpaceAttr.is(space) && space.value === 'workgroup');
}

/** The operands of a region op that decide whether and how often its regions run. */
function controlOperands(op: Operation): readonly Value[] {
  if (IfOp.is(op) || IndexSwitchOp.is(op)) return op.operands.slice(0, 1);
  if (ForOp.is(op)) return op.operands.slice(0, 3);
  if (ParallelOp.is(op)) {
    const n = (op.regions[0]?.firstBlock?.numArguments ?? 0) * 3;
    return op.operands.slice(0, n);
  }
  if (ExecuteRegionOp.is(op)) return [];
  return op.operands;
}

/** The divergence of every value and op of a kernel, computed once (a fixed point over loops). */
export class ThreadDependence {
  private readonly values = new Map<Value, ThreadDims>();
  private readonly control = new Map<Operation, ThreadDims>();
  private changed = false;

  constructor(readonly kernel: Operation) {
    const entry = kernel.regions[0]?.firstBlock;
    if (!entry) return;
    // Kernel arguments and workgroup buffers are the same for every work-item; private buffers are not.
    if (GpuFuncOp.is(kernel)) for (const a of funcAttributions(kernel).private) this.values.set(a, ALL_DIMS);
    const inputs = getFunctionType(kernel)?.inputs.length ?? entry.numArguments;
    entry.args.forEach((a, i) => {
      if (i >= inputs && !this.values.has(a)) this.values.set(a, NO_DIMS);
    });
    for (let round = 0; round < 64; round++) {
      this.changed = false;
      for (const r of kernel.regions) for (let b = r.firstBlock; b; b = b.nextBlock) this.visitBlock(b, NO_DIMS);
      if (!this.changed) return;
    }
    throw new Error('internal: the thread dependence analysis did not converge');
  }

  /** The work-item dimensions `v` may differ along. */
  of(v: Value): ThreadDims {
    return this.values.get(v) ?? NO_DIMS;
  }

  /** The dimensions whether (or how often) `op` runs depends on: 0 where every work-item of a work-group runs it alike. */
  controlOf(op: Operation): ThreadDims {
    return this.control.get(op) ?? NO_DIMS;
  }

  /** The dimensions the control of `op`'s regions depends on (its own control and its deciding operands). */
  regionControlOf(op: Operation): ThreadDims {
    return this.controlOf(op) | this.union(controlOperands(op));
  }

  /** Whether `op` runs alike on every work-item and decides alike for its regions. */
  isUniformControl(op: Operation): boolean {
    return this.regionControlOf(op) === NO_DIMS;
  }

  private union(vs: readonly Value[]): ThreadDims {
    let m = NO_DIMS;
    for (const v of vs) m |= this.of(v);
    return m;
  }

  private join(v: Value, dims: ThreadDims): void {
    const old = this.values.get(v) ?? NO_DIMS;
    const next = old | dims;
    if (next !== old || !this.values.has(v)) {
      this.values.set(v, next);
      if (next !== old) this.changed = true;
    }
  }

  private setControl(op: Operation, dims: ThreadDims): void {
    const old = this.control.get(op) ?? NO_DIMS;
    if ((old | dims) !== old || !this.control.has(op)) this.control.set(op, old | dims);
  }

  private visitBlock(block: Block, control: ThreadDims): void {
    for (let op = block.firstOp; op; op = op.nextOperation) this.visitOp(op, control);
  }

  /** The values the terminators of a region's blocks give back (scf.yield, scf.condition's forwarded values). */
  private yielded(op: Operation, region: number): Value[][] {
    const out: Value[][] = [];
    for (let b = op.regions[region]?.firstBlock; b; b = b.nextBlock) {
      const t = b.lastOp;
      if (!t) continue;
      out.push(ConditionOp.is(t) ? t.operands.slice(1) : [...t.operands]);
    }
    return out;
  }

  private visitOp(op: Operation, control: ThreadDims): void {
    this.setControl(op, control);
    const idDims = op.opName.def && ID_OPS.get(op.opName.def);
    if (idDims) {
      const dims = idDims(op);
      for (const r of op.results) this.join(r, dims);
      return;
    }
    if (isPrivateAllocation(op)) {
      for (const r of op.results) this.join(r, ALL_DIMS);
      return;
    }
    const operands = this.union(op.operands);
    if (op.numRegions === 0) {
      for (const r of op.results) this.join(r, operands);
      return;
    }
    const deciding = this.union(controlOperands(op));
    const inner = control | deciding;
    if (ForOp.is(op)) {
      const body = op.regions[0]!.firstBlock!;
      const [lb, , step] = op.operands;
      this.join(body.args[0]!, this.of(lb!) | this.of(step!));
      const inits = op.operands.slice(3);
      const yields = this.yielded(op, 0)[0] ?? [];
      inits.forEach((init, i) => {
        const dims = this.of(init) | (yields[i] ? this.of(yields[i]!) : NO_DIMS) | deciding;
        this.join(body.args[i + 1]!, dims);
        if (op.results[i]) this.join(op.results[i]!, dims);
      });
      this.visitBlock(body, inner);
      return;
    }
    if (ParallelOp.is(op)) {
      const body = op.regions[0]!.firstBlock!;
      const n = body.numArguments;
      for (let i = 0; i < n; i++) this.join(body.args[i]!, this.of(op.operands[i]!) | this.of(op.operands[2 * n + i]!));
      this.visitBlock(body, inner);
      for (const r of op.results) this.join(r, ALL_DIMS);
      return;
    }
    if (WhileOp.is(op)) {
      const before = op.regions[0]!.firstBlock!;
      const after = op.regions[1]!.firstBlock!;
      const cond = before.lastOp;
      const condDims = cond && ConditionOp.is(cond) ? this.of(cond.operands[0]!) : ALL_DIMS;
      const afterYield = after.lastOp ? [...after.lastOp.operands] : [];
      op.operands.forEach((init, i) => before.args[i] && this.join(before.args[i]!, this.of(init) | (afterYield[i] ? this.of(afterYield[i]!) : NO_DIMS) | condDims));
      this.visitBlock(before, control | condDims);
      const forwarded = cond && ConditionOp.is(cond) ? cond.operands.slice(1) : [];
      forwarded.forEach((v, i) => {
        if (after.args[i]) this.join(after.args[i]!, this.of(v) | condDims);
        if (op.results[i]) this.join(op.results[i]!, this.of(v) | condDims);
      });
      this.visitBlock(after, control | condDims);
      return;
    }
    {
      // scf.if, scf.execute_region, scf.index_switch and any other region op: the regions run under the op's
      // deciding operands; the results are what the regions give back, which depends on which one ran.
      for (const r of op.regions) for (let b = r.firstBlock; b; b = b.nextBlock) {
        if (!(IfOp.is(op) || ExecuteRegionOp.is(op) || IndexSwitchOp.is(op))) for (const a of b.args) this.join(a, ALL_DIMS);
        this.visitBlock(b, inner);
      }
      const known = IfOp.is(op) || ExecuteRegionOp.is(op) || IndexSwitchOp.is(op);
      op.results.forEach((r, i) => {
        let dims = known ? deciding : ALL_DIMS;
        for (let k = 0; k < op.numRegions; k++) for (const vs of this.yielded(op, k)) if (vs[i]) dims |= this.of(vs[i]!);
        this.join(r, known ? dims : dims | operands);
      });
    }
  }
}
