// Barriers where work-items may meet in memory (docs/lowering-to-gpu.md, "Barriers"). A kernel after
// gpu-map-work-items is uniform control flow (every work-item runs it alike: the replicated code, the loops of
// the tensor language, the K loop of a gemm) holding steps: ops that run alike on every work-item, and ops whose
// control depends on the work-item (a loop dealt to work-items, a guard of the first work-item). A work-item may
// run a step before another work-item has finished an earlier one, so wherever a step reads what an earlier step
// may have written, or writes what an earlier step may have read or written, in workgroup or global memory, a
// `gpu.barrier` goes before it: a dataflow over the uniform control flow (with loops to a fixed point, so that a
// buffer overwritten in the next iteration of the K loop waits for the reads of this one). Each barrier says which
// memory it must make visible: `{address_spaces = [#gpu.address_space<workgroup>, #gpu.address_space<global>]}`
// (global memory: a storage barrier in WGSL). Barriers only go in uniform control flow; two steps inside divergent
// control flow that work-items may meet in are a compile error with the places involved.
import { ArrayAttr, Builder, type Block, type OpDefinition, type Operation, type Value } from '@tlir/ir';
import { BarrierOp, AddressSpaceAttr, type AddressSpace } from '@tlir/dialect-gpu';
import { MemoryAccesses, conflicts, type MemoryAccess, memoryRoot, type MemoryRoot, asPreviousIteration, disjointRows, loadedRows, sameRows, writtenRows, type RowRange, ThreadDependence, dimsText, tripCountBound, kernelBlockSize, singleWorkItemCondition } from '@tlir/gpu-kernel-analysis';
import type { Size3 } from '@tlir/dialect-flow';
import { ExecuteRegionOp, ForOp, IfOp, IndexSwitchOp, WhileOp } from '@tlir/dialect-scf';

/** The discardable attribute of gpu.barrier listing the memory it makes visible (all memory when absent). */
export const BARRIER_ADDRESS_SPACES_ATTR = 'address_spaces';

/** Sets of shared memories: 1 workgroup, 2 global. */
type Spaces = number;
const WORKGROUP = 1;
const GLOBAL = 2;
const ALL_SPACES = WORKGROUP | GLOBAL;

const spacesOf = (root: MemoryRoot | 'any'): Spaces => (root === 'any' ? ALL_SPACES : root.space === 'workgroup' ? WORKGROUP : root.space === 'global' ? GLOBAL : 0);

/**
 * What the steps since the last barrier read and wrote, by buffer; for a buffer only written by loops dealt to
 * work-items, the rows they wrote, and for one only read through their loads, the rows they read
 * (disjoint-rows.ts).
 */
interface PendingAccess {
  readonly root: MemoryRoot | 'any';
  read: boolean;
  write: boolean;
  rows: RowRange[] | undefined;
  readRows: RowRange[] | undefined;
  /** The condition of the one work-item that made every pending access (single-work-item.ts), or null. */
  by: Value | null;
}
type Pending = Map<unknown, PendingAccess>;

const keyOf = (root: MemoryRoot | 'any'): unknown => (root === 'any' ? 'any' : (root.value ?? `unknown ${root.space}`));

function copyPending(p: Pending): Pending {
  return new Map([...p].map(([k, v]) => [k, { ...v, rows: v.rows && [...v.rows], readRows: v.readRows && [...v.readRows] }]));
}

function join(a: Pending, b: Pending): Pending {
  const out = copyPending(a);
  for (const [k, v] of b) {
    const e = out.get(k);
    if (e) {
      e.read ||= v.read;
      e.rows = e.write && !e.rows ? undefined : v.write && !v.rows ? undefined : unionRows(e.rows ?? [], v.rows ?? []);
      e.readRows = e.read && !e.readRows ? undefined : v.read && !v.readRows ? undefined : unionRows(e.readRows ?? [], v.readRows ?? []);
      e.write ||= v.write;
      if (e.by !== v.by) e.by = null;
    } else out.set(k, { ...v, rows: v.rows && [...v.rows], readRows: v.readRows && [...v.readRows] });
  }
  return out;
}

function samePending(a: Pending, b: Pending): boolean {
  if (a.size !== b.size) return false;
  for (const [k, v] of a) {
    const e = b.get(k);
    if (!e || e.read !== v.read || e.write !== v.write || e.rows?.length !== v.rows?.length || e.readRows?.length !== v.readRows?.length || e.by !== v.by) return false;
  }
  return true;
}

/** Forgets what a barrier making `spaces` visible synchronizes. */
function clear(p: Pending, spaces: Spaces): void {
  for (const [k, v] of [...p]) if ((spacesOf(v.root) & ~spaces) === 0) p.delete(k);
}

/** What is pending at the end of an iteration of `loop`, as the next iteration sees it. */
function previousIteration(p: Pending, loop: Operation): Pending {
  const out = copyPending(p);
  for (const e of out.values()) {
    if (e.rows) e.rows = e.rows.map((r) => asPreviousIteration(r, loop));
    if (e.readRows) e.readRows = e.readRows.map((r) => asPreviousIteration(r, loop));
  }
  return out;
}

/** The ranges of both lists, each once. */
function unionRows(a: readonly RowRange[], b: readonly RowRange[]): RowRange[] {
  const out = [...a];
  for (const r of b) if (!out.some((q) => sameRows(q, r))) out.push(r);
  return out;
}

/** The rows of `rows` written through views of `root`. */
function rowsOf(rows: readonly RowRange[], root: MemoryRoot | 'any'): RowRange[] {
  return root === 'any' ? [] : rows.filter((r) => keyOf(memoryRoot(r.memref)) === keyOf(root));
}

/**
 * The rows of a dealt step (disjoint-rows.ts): those it writes, by memref (undefined: it writes rows it cannot
 * tell), and those each of its loads reads (a load without rows reads rows it cannot tell).
 */
interface StepRows {
  readonly written: readonly RowRange[] | undefined;
  readonly loaded: ReadonlyMap<Operation, RowRange> | undefined;
}

const NO_ROWS: StepRows = { written: undefined, loaded: undefined };

/** The rows a read access of a step reads, if the step says (only its loads' rows are known). */
function readRowsOf(a: MemoryAccess, rows: StepRows): RowRange | undefined {
  return a.write ? undefined : rows.loaded?.get(a.op);
}

/**
 * Adds a step's accesses (`rows`: the rows it writes and reads, when it is a dealt loop that says; `by`: the
 * condition of the one work-item that runs it, if one does).
 */
function add(p: Pending, accesses: readonly MemoryAccess[], rows: StepRows, by: Value | undefined): void {
  const written = new Set<unknown>();
  for (const a of accesses) {
    if (spacesOf(a.root) === 0) continue;
    const k = keyOf(a.root);
    let e = p.get(k);
    if (!e) p.set(k, (e = { root: a.root, read: false, write: false, rows: [], readRows: [], by: by ?? null }));
    else if (e.by !== by) e.by = null;
    if (a.write) {
      if (!written.has(k)) e.rows = e.rows && rows.written ? unionRows(e.rows, rowsOf(rows.written, a.root)) : undefined;
      written.add(k);
      e.write = true;
    } else {
      const r = a.root === 'any' ? undefined : readRowsOf(a, rows);
      e.readRows = e.readRows && r ? unionRows(e.readRows, [r]) : undefined;
      e.read = true;
    }
  }
}

/**
 * Whether the access `a` of a step touches none of the rows the pending accesses `e` of its buffer touched in the
 * way that would make them meet: rows it writes against the rows written and read, rows it reads against the rows
 * written. Rows of one round of a dealt loop and rows of an earlier round never meet (disjointRows).
 */
function touchesOtherRows(e: PendingAccess, a: MemoryAccess, rows: StepRows): boolean {
  if (e.root === 'any' || a.root === 'any' || keyOf(e.root) !== keyOf(a.root)) return false;
  let mine: readonly RowRange[];
  if (a.write) {
    if (!rows.written) return false;
    mine = rowsOf(rows.written, a.root);
  } else {
    const r = readRowsOf(a, rows);
    if (!r) return false;
    mine = [r];
  }
  if (mine.length === 0) return false;
  const against: RowRange[] = [];
  if (e.write) {
    if (!e.rows) return false;
    against.push(...e.rows);
  }
  if (a.write && e.read) {
    if (!e.readRows) return false;
    against.push(...e.readRows);
  }
  return mine.every((r) => against.every((q) => disjointRows(r, q)));
}

/** The memories in which `accesses` (of a step one work-item runs under `by`, if given) meet what is pending. */
function hazards(p: Pending, accesses: readonly MemoryAccess[], rows: StepRows = NO_ROWS, by?: Value): Spaces {
  let spaces = 0;
  for (const a of accesses) {
    for (const e of p.values()) {
      if (!(a.write ? e.read || e.write : e.write)) continue;
      // The same work-item made the pending accesses: program order is enough.
      if (by !== undefined && e.by === by) continue;
      if (touchesOtherRows(e, a, rows)) continue;
      // Either a writes, or e wrote: as an access, e is a write for the check.
      if (conflicts(a, { op: a.op, root: e.root, write: true, footprint: 0 })) spaces |= spacesOf(a.root) & spacesOf(e.root);
    }
  }
  return spaces;
}

/** The memories an existing gpu.barrier makes visible (all unless it says). */
function barrierSpaces(op: Operation): Spaces {
  const a = op.getAttr(BARRIER_ADDRESS_SPACES_ATTR);
  if (!(a instanceof ArrayAttr)) return ALL_SPACES;
  let s = 0;
  for (const e of a.elements) if (AddressSpaceAttr.is(e)) s |= e.value === 'workgroup' ? WORKGROUP : e.value === 'global' ? GLOBAL : 0;
  return s;
}

/** Region ops of uniform control flow the analysis enters (their regions are single blocks). */
const ENTERED: ReadonlySet<OpDefinition> = new Set<OpDefinition>([ForOp, IfOp, WhileOp, ExecuteRegionOp, IndexSwitchOp]);

/** Where barriers go: before which op, making which memories visible. */
type Plan = Map<Operation, Spaces>;

class BarrierPlanner {
  readonly deps: ThreadDependence;
  readonly accesses: MemoryAccesses;
  ok = true;

  /**
   * `hoist`: a hazard a region op meets with what comes before it gets a barrier before the op (once, not in every
   * iteration of a loop); without it (checking the barriers a kernel has), the region op is entered and the
   * hazard found where it happens.
   */
  hoist = true;

  /** The work-group size, when the kernel says (known_block_size). */
  readonly size: Size3 | undefined;

  constructor(readonly kernel: Operation) {
    this.deps = new ThreadDependence(kernel);
    this.accesses = new MemoryAccesses(this.deps);
    this.size = kernelBlockSize(kernel);
  }

  /** Whether the analysis walks into `op` as uniform control flow (rather than taking it as one step). */
  private entered(op: Operation): boolean {
    if (!op.opName.def || !ENTERED.has(op.opName.def) || !this.deps.isUniformControl(op)) return false;
    return op.regions.every((r) => !r.firstBlock || !r.firstBlock.nextBlock);
  }

  block(block: Block, entry: Pending, plan: Plan): Pending {
    const state = copyPending(entry);
    let current = state;
    for (let op = block.firstOp; op; op = op.nextOperation) {
      if (BarrierOp.is(op)) {
        clear(current, barrierSpaces(op));
        continue;
      }
      if (op.numRegions > 0 && this.entered(op)) {
        // What the region op meets from before it waits before it (once, not in every iteration of a loop) when
        // that spares barriers inside it; when the op's own barriers come first anyway, nothing goes before it.
        const before = this.hoist ? hazards(current, this.accesses.of(op)) : 0;
        if (before && this.hoistingHelps(op, current, before)) {
          plan.set(op, (plan.get(op) ?? 0) | before);
          clear(current, before);
        }
        current = this.control(op, current, plan);
        continue;
      }
      const accesses = this.accesses.of(op);
      if (!accesses.length) continue;
      const rows: StepRows = { written: writtenRows(op, this.deps), loaded: loadedRows(op, this.deps) };
      const by = this.size ? singleWorkItemCondition(op, this.size) : undefined;
      const spaces = hazards(current, accesses, rows, by);
      if (spaces) {
        plan.set(op, (plan.get(op) ?? 0) | spaces);
        clear(current, spaces);
      }
      add(current, accesses, rows, by);
    }
    return current;
  }

  /** Whether a barrier before `op` (making `spaces` visible) changes the barriers `op` needs inside. */
  private hoistingHelps(op: Operation, entry: Pending, spaces: Spaces): boolean {
    const inside: Plan = new Map();
    this.control(op, entry, inside);
    const cleared = copyPending(entry);
    clear(cleared, spaces);
    const withBarrier: Plan = new Map();
    this.control(op, cleared, withBarrier);
    if (inside.size !== withBarrier.size) return true;
    for (const [o, sp] of inside) if (withBarrier.get(o) !== sp) return true;
    return false;
  }

  private region(op: Operation, i: number, entry: Pending, plan: Plan): Pending {
    const b = op.regions[i]?.firstBlock;
    return b ? this.block(b, entry, plan) : copyPending(entry);
  }

  private control(op: Operation, entry: Pending, plan: Plan): Pending {
    if (ForOp.is(op)) {
      // A loop of at most one iteration carries nothing from one iteration to the next.
      const [lb, ub, step] = op.operands as [Value, Value, Value];
      const trips = tripCountBound(lb, ub, step);
      if (trips !== undefined && trips <= 1) return join(entry, this.region(op, 0, entry, plan));
      // The body sees what is pending before the loop and at the end of the body (the previous iteration: rows
      // written within one iteration are then rows of an earlier one).
      let inState = entry;
      for (let round = 0; round < 16; round++) {
        const next = join(entry, previousIteration(this.region(op, 0, inState, new Map()), op));
        if (samePending(next, inState)) break;
        inState = next;
      }
      return join(entry, this.region(op, 0, inState, plan));
    }
    if (WhileOp.is(op)) {
      let inState = entry;
      for (let round = 0; round < 16; round++) {
        const scratch: Plan = new Map();
        const next = join(entry, this.region(op, 1, this.region(op, 0, inState, scratch), scratch));
        if (samePending(next, inState)) break;
        inState = next;
      }
      const before = this.region(op, 0, inState, plan);
      this.region(op, 1, before, plan);
      return before;
    }
    {
      // scf.if (no else: the entry state goes on), scf.execute_region, scf.index_switch: one region runs.
      let out: Pending | undefined = IfOp.is(op) && !op.regions[1]?.firstBlock ? copyPending(entry) : undefined;
      op.regions.forEach((_, i) => {
        const s = this.region(op, i, entry, plan);
        out = out ? join(out, s) : s;
      });
      return out ?? copyPending(entry);
    }
  }

  private fail(op: Operation, message: string, notes: { op: Operation; message: string }[]): void {
    const d = op.emitError(`gpu-insert-barriers: ${message}`);
    for (const n of notes) d.attachNote(n.op.loc, n.message);
    this.ok = false;
  }

  /** Checks the steps of uniform control flow: inside a divergent step, work-items must not meet in memory. */
  checkUniform(block: Block): void {
    for (let op = block.firstOp; op; op = op.nextOperation) {
      if (op.numRegions === 0) continue;
      if (this.entered(op)) {
        for (const r of op.regions) for (let b = r.firstBlock; b; b = b.nextBlock) this.checkUniform(b);
      } else this.checkDivergent(op, op);
    }
  }

  /**
   * Inside `op` (nested in the divergent step `step`), the ops of each block run on the work-items that reach the
   * block; two of them that may meet in memory across work-items (an access whose element or whose control
   * depends on ids the block's control does not) would need a barrier between them, which cannot go there.
   */
  private checkDivergent(op: Operation, step: Operation): boolean {
    for (const r of op.regions) {
      for (let b = r.firstBlock; b; b = b.nextBlock) {
        const ops = b.opsArray();
        const control = ops.length ? this.deps.controlOf(ops[0]!) : 0;
        for (const o of ops) {
          if (!BarrierOp.is(o)) continue;
          this.fail(o, `a barrier in control flow that depends on the work-item ids along ${dimsText(control)}: not every work-item would reach it`, [
            { op: step, message: 'the control flow that diverges' },
          ]);
          return false;
        }
        for (let j = 1; j < ops.length; j++) {
          for (let i = 0; i < j; i++) {
            const pair = this.meeting(this.accesses.of(ops[i]!), this.accesses.of(ops[j]!), control);
            if (!pair) continue;
            const [first, second] = pair;
            this.fail(
              second.op,
              `work-items may meet in memory here ('${second.op.name}' ${second.write ? 'writes' : 'reads'} what another work-item's '${first.op.name}' ${first.write ? 'wrote' : 'read'}), but the control flow around depends on the work-item ids along ${dimsText(control)}, so no barrier can go between them: hoist the shared accesses out of the divergent code or split it`,
              [
                { op: first.op, message: 'the earlier access' },
                { op: step, message: 'the control flow that diverges' },
              ],
            );
            return false;
          }
        }
        for (const o of ops) if (o.numRegions > 0 && !this.checkDivergent(o, step)) return false;
      }
    }
    return true;
  }

  /** A pair of accesses of two steps of a block under `control` that different work-items may make to one element. */
  private meeting(earlier: readonly MemoryAccess[], later: readonly MemoryAccess[], control: number): [MemoryAccess, MemoryAccess] | undefined {
    for (const b of later) {
      for (const a of earlier) {
        if (!conflicts(a, b)) continue;
        if ((a.footprint & ~control) !== 0 || (b.footprint & ~control) !== 0) return [a, b];
      }
    }
    return undefined;
  }
}

/** `gpu.barrier {address_spaces = [...]}` before each planned op; the barriers made. */
function insertBarriers(kernel: Operation, plan: Plan): Operation[] {
  const b = new Builder(kernel.context);
  const ctx = kernel.context;
  const made: Operation[] = [];
  for (const [op, spaces] of plan) {
    b.setInsertionPoint(op);
    const names: AddressSpace[] = [];
    if (spaces & WORKGROUP) names.push('workgroup');
    if (spaces & GLOBAL) names.push('global');
    const attr = ArrayAttr.get(
      ctx,
      names.map((value) => AddressSpaceAttr.get(ctx, { value })),
    );
    made.push(BarrierOp.create(b, { attributes: [{ name: BARRIER_ADDRESS_SPACES_ATTR, value: attr }], loc: op.loc }).op);
  }
  return made;
}

/**
 * Inserts the barriers a gpu.func kernel needs. Returns the number inserted, or undefined after reporting work-items
 * that would meet in memory inside divergent control flow.
 */
export function insertKernelBarriers(kernel: Operation): number | undefined {
  const entry = kernel.regions[0]?.firstBlock;
  if (!entry) return 0;
  const planner = new BarrierPlanner(kernel);
  planner.checkUniform(entry);
  if (!planner.ok) return undefined;
  const plan: Plan = new Map();
  planner.block(entry, new Map(), plan);
  return insertBarriers(kernel, plan).length;
}
