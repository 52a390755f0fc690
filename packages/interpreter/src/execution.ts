import {
  CallOpInterface,
  Diagnostic,
  SymbolTable,
  SymbolTableTrait,
  formatLocationPrefix,
  type Block,
  type Operation,
  type Region,
  type SymbolRefAttr,
  type Type,
  type Value,
} from '@tlir/ir';
import { ControlTransfer, type RegionExit } from './control-transfer.js';
import type { ExecutionContext, Lifetime } from './execution-context.js';
import { InterpreterError } from './interpreter-error.js';
import type { InterpreterRegistry, OpOutcome } from './interpreter-registry.js';
import { Memory } from './memory.js';
import { RuntimeFault, fault } from './runtime-fault.js';
import { describeRuntimeValue, type RuntimeValue } from './runtime-value.js';
import { Strand, type SpawnOptions } from './strand.js';
import type { Suspension } from './suspension.js';

/** The settings of one run (see InterpretOptions, which is what users give). */
export interface ExecutionSettings {
  readonly groupId: number;
  readonly groupCount: number;
  readonly maxOperations: number;
  readonly maxCallDepth: number;
  readonly checkResults: boolean;
}

/** What the strands of one run share: the registry, the settings, the dialects' state, the step count. */
interface RunShared {
  readonly states: Map<object, unknown>;
  readonly symbolTables: Map<Operation, SymbolTable>;
  /** Whether an op may suspend a strand (it or an op in its regions has a resumable implementation, or it calls). */
  readonly suspendable: WeakMap<Operation, boolean>;
  steps: number;
}

/**
 * The region runs (and calls) of one sync implementation run while it executes inside a strand: those finished
 * are replayed from `memo` when the implementation runs again after a suspension, the one that suspended is
 * `pending`.
 */
interface ReplayState {
  readonly memo: unknown[];
  next: number;
  pending: Generator<Suspension, unknown, unknown> | undefined;
  suspension: Suspension | undefined;
}

/** Thrown through a sync implementation whose region run suspended (see `replaying`); never seen by users. */
const UNWIND: unique symbol = Symbol('the strand suspended inside a region run');

/**
 * One run of the interpreter: the frames of SSA values (one per call), the allocations to free at the end of
 * each block and call, the step count. Ops are executed one after the other in program order; an op's runtime
 * error becomes an InterpreterError holding a diagnostic located at the innermost op that failed.
 *
 * A strand (`spawn`) is an Execution of its own sharing the run's state, whose ops run in generators
 * (`runRegionResumable`) so that it can stop at any op that suspends and go on later. Ops without a resumable
 * implementation keep their plain implementation: when one runs a region that suspends (an scf.for around a
 * barrier), the strand leaves the implementation by an exception, and when resumed finishes the suspended region
 * run and calls the implementation again, its finished region runs replayed from a memo (see `replaying`). An
 * implementation that runs regions must therefore be deterministic and act on the world only through its regions,
 * as the structured control flow ops are.
 */
export class Execution implements ExecutionContext {
  private frame = new Map<Value, RuntimeValue>();
  private readonly blockAllocations: Memory[][] = [];
  private readonly callAllocations: Memory[][] = [[]];
  private readonly shared: RunShared;
  private depth: number;
  private replay: ReplayState | undefined = undefined;
  currentOp: Operation | null = null;

  constructor(
    readonly registry: InterpreterRegistry,
    private readonly settings: ExecutionSettings,
    strand?: { readonly shared: RunShared; readonly outer: Execution; readonly locals: ReadonlyMap<object, unknown> | undefined },
  ) {
    this.shared = strand?.shared ?? { states: new Map(), symbolTables: new Map(), suspendable: new WeakMap(), steps: 0 };
    this.outer = strand?.outer;
    this.locals = strand?.locals;
    this.depth = strand?.outer.depth ?? 0;
  }

  /** The spawner of a strand: its values and locals are visible to the strand. */
  private readonly outer: Execution | undefined;
  private readonly locals: ReadonlyMap<object, unknown> | undefined;

  get groupId(): number {
    return this.settings.groupId;
  }

  get groupCount(): number {
    return this.settings.groupCount;
  }

  get(value: Value): RuntimeValue {
    const v = this.frame.get(value) ?? this.outer?.lookup(value);
    if (v === undefined) fault(`internal: a value of type ${value.type} is used before the interpreter computed it`);
    return v;
  }

  private lookup(value: Value): RuntimeValue | undefined {
    return this.frame.get(value) ?? this.outer?.lookup(value);
  }

  set(value: Value, v: RuntimeValue): void {
    this.frame.set(value, v);
  }

  state<T>(key: object, init: () => T): T {
    const states = this.shared.states;
    if (!states.has(key)) states.set(key, init());
    return states.get(key) as T;
  }

  local<T>(key: object): T | undefined {
    if (this.locals?.has(key)) return this.locals.get(key) as T;
    return this.outer?.local<T>(key);
  }

  fail(message: string): never {
    throw new RuntimeFault(message);
  }

  allocate(elementType: Type, length: number, lifetime: Lifetime, label?: string): Memory {
    const op = this.currentOp;
    const where = op ? `${op.name} at ${formatLocationPrefix(op.loc)}` : 'the interpreter';
    const memory = Memory.allocate(elementType, length, { label: label ?? `the memory of ${where}`, trackInitialization: true });
    if (lifetime === 'block') this.blockAllocations[this.blockAllocations.length - 1]?.push(memory);
    else if (lifetime === 'call') this.callAllocations[this.callAllocations.length - 1]!.push(memory);
    return memory;
  }

  lookupSymbol(from: Operation, ref: string | SymbolRefAttr): Operation | undefined {
    // The nearest enclosing symbol table (an op with the SymbolTable trait), as calls resolve in MLIR;
    // unregistered ops on the way are looked through.
    let table: Operation | null = from;
    while (table && !table.hasTrait(SymbolTableTrait)) table = table.parentOp;
    if (!table) return undefined;
    if (typeof ref !== 'string' && !ref.isFlat) return SymbolTable.lookupSymbolIn(table, ref);
    let symbols = this.shared.symbolTables.get(table);
    if (!symbols) this.shared.symbolTables.set(table, (symbols = new SymbolTable(table)));
    return symbols.lookup(typeof ref === 'string' ? ref : ref.root);
  }

  spawn(region: Region, args: readonly RuntimeValue[], options: SpawnOptions = {}): Strand {
    const child = new Execution(this.registry, this.settings, { shared: this.shared, outer: this, locals: options.locals });
    return new Strand(child, child.strandBody(region, args), options.note);
  }

  /** The whole life of a strand: its region, then the memory it allocated for its length freed. */
  private *strandBody(region: Region, args: readonly RuntimeValue[]): Generator<Suspension, RegionExit, unknown> {
    try {
      return yield* this.runRegionResumable(region, args);
    } catch (e) {
      throw located(region.parentOp ?? this.currentOp, e);
    } finally {
      for (const m of this.callAllocations[0]!) m.free('freed when its strand finished');
    }
  }

  call(callee: Operation, args: readonly RuntimeValue[]): readonly RuntimeValue[] {
    const replay = this.replay;
    if (replay !== undefined) return this.replayed(replay, () => this.callResumable(callee, args));
    if (this.depth >= this.settings.maxCallDepth) fault(`call depth exceeds ${this.settings.maxCallDepth} (unbounded recursion?)`);
    const impl = this.registry.lookupCallable(callee.name);
    const saved = this.frame;
    this.frame = new Map();
    this.callAllocations.push([]);
    this.depth++;
    try {
      return impl ? impl(callee, args, this) : callBody(callee, args, this);
    } finally {
      this.depth--;
      for (const m of this.callAllocations.pop()!) m.free('freed when its function returned');
      this.frame = saved;
    }
  }

  runRegion(region: Region, args: readonly RuntimeValue[]): RegionExit {
    const replay = this.replay;
    if (replay !== undefined) return this.replayed(replay, () => this.runRegionResumable(region, args));
    let block = region.firstBlock;
    if (!block) fault(`cannot run an empty region of '${region.parentOp?.name}'`);
    let blockArgs = args;
    for (;;) {
      this.bindArguments(block, blockArgs);
      const t = this.runBlock(block);
      if (t === undefined) return { kind: 'yield', values: [], terminator: null };
      if (t.kind !== 'branch') return { kind: t.kind, values: t.values, terminator: this.lastTerminator };
      if (t.dest!.parentRegion !== region) fault('branch to a block of another region');
      block = t.dest!;
      blockArgs = t.values;
    }
  }

  /** The last op that returned a control transfer (reported in RegionExit). */
  private lastTerminator: Operation | null = null;

  private bindArguments(block: Block, args: readonly RuntimeValue[]): void {
    if (block.numArguments !== args.length) fault(`internal: a block with ${block.numArguments} arguments is entered with ${args.length} values`);
    for (let i = 0; i < args.length; i++) this.frame.set(block.args[i]!, args[i]!);
  }

  private runBlock(block: Block): ControlTransfer | undefined {
    const allocations: Memory[] = [];
    this.blockAllocations.push(allocations);
    try {
      for (let op = block.firstOp; op !== null; op = op.nextOperation) {
        const t = this.execute(op);
        if (t !== undefined) {
          this.lastTerminator = op;
          return t;
        }
      }
      return undefined;
    } finally {
      this.blockAllocations.pop();
      for (const m of allocations) m.free('freed at the end of the block that allocated it');
    }
  }

  /** Runs one op: its implementation with its operands' values; binds its results. */
  execute(op: Operation): ControlTransfer | undefined {
    this.countStep(op);
    const saved = this.currentOp;
    this.currentOp = op;
    try {
      const impl = this.registry.lookup(op.name);
      const operands = this.operandValues(op);
      const out = impl ? impl(op, operands, this) : this.runToEnd(op, operands);
      if (out instanceof ControlTransfer) {
        this.currentOp = saved;
        return out;
      }
      this.bindResults(op, out);
    } catch (e) {
      throw located(op, e);
    }
    this.currentOp = saved;
    return undefined;
  }

  /** Counts one executed op against the run's limit. */
  private countStep(op: Operation): void {
    if (++this.shared.steps > this.settings.maxOperations) {
      throw located(op, new RuntimeFault(`the run exceeds the limit of ${this.settings.maxOperations} executed operations (an endless loop?)`));
    }
  }

  /** The values of `op`'s operands. */
  private operandValues(op: Operation): RuntimeValue[] {
    const n = op.numOperands;
    const operands = new Array<RuntimeValue>(n);
    for (let i = 0; i < n; i++) operands[i] = this.get(op.getOperand(i));
    return operands;
  }

  /** Binds what an implementation gave for `op`'s results (checked against their types unless disabled). */
  private bindResults(op: Operation, out: readonly RuntimeValue[] | void): void {
    const results = out ?? [];
    if (results.length !== op.numResults) fault(`internal: the implementation of '${op.name}' gave ${results.length} values for ${op.numResults} results`);
    for (let i = 0; i < results.length; i++) {
      const r = op.results[i]!;
      const v = results[i]!;
      if (this.settings.checkResults) {
        const problem = this.registry.valueProblem(r.type, v);
        if (problem) fault(`internal: the implementation of '${op.name}' gave result #${i} ${describeRuntimeValue(v)}: ${problem}`);
      }
      this.frame.set(r, v);
    }
  }

  /** An op with only a resumable implementation, run where nothing can resume it: it must not suspend. */
  private runToEnd(op: Operation, operands: readonly RuntimeValue[]): OpOutcome {
    const resumable = this.registry.lookupResumable(op.name);
    if (!resumable) fault(`no interpreter implementation for '${op.name}' (its dialect registers none in this interpreter's registry)`);
    const r = resumable(op, operands, this).next();
    if (!r.done) fault(`'${op.name}' has to wait for others here, but it runs outside a strand that could be resumed (ExecutionContext.spawn)`);
    return r.value;
  }

  // ---- strands ------------------------------------------------------------------------------------------------

  /** Runs a region as runRegion does, as a generator that passes up the suspensions of its ops. */
  private *runRegionResumable(region: Region, args: readonly RuntimeValue[]): Generator<Suspension, RegionExit, unknown> {
    let block: Block = region.firstBlock ?? fault(`cannot run an empty region of '${region.parentOp?.name}'`);
    let blockArgs = args;
    for (;;) {
      this.bindArguments(block, blockArgs);
      const t: ControlTransfer | undefined = yield* this.runBlockResumable(block);
      if (t === undefined) return { kind: 'yield', values: [], terminator: null };
      if (t.kind !== 'branch') return { kind: t.kind, values: t.values, terminator: this.lastTerminator };
      if (t.dest!.parentRegion !== region) fault('branch to a block of another region');
      block = t.dest!;
      blockArgs = t.values;
    }
  }

  private *runBlockResumable(block: Block): Generator<Suspension, ControlTransfer | undefined, unknown> {
    const allocations: Memory[] = [];
    this.blockAllocations.push(allocations);
    try {
      for (let op = block.firstOp; op !== null; op = op.nextOperation) {
        const t: ControlTransfer | undefined = this.maySuspend(op) ? yield* this.executeResumable(op) : this.execute(op);
        if (t !== undefined) {
          this.lastTerminator = op;
          return t;
        }
      }
      return undefined;
    } finally {
      this.blockAllocations.pop();
      for (const m of allocations) m.free('freed at the end of the block that allocated it');
    }
  }

  /** Runs an op that may suspend: its resumable implementation, or its plain one under replay. */
  private *executeResumable(op: Operation): Generator<Suspension, ControlTransfer | undefined, unknown> {
    this.countStep(op);
    const saved = this.currentOp;
    this.currentOp = op;
    try {
      const operands = this.operandValues(op);
      const resumable = this.registry.lookupResumable(op.name);
      let out: OpOutcome;
      if (resumable) out = yield* resumable(op, operands, this);
      else {
        const impl = this.registry.lookup(op.name);
        if (!impl) fault(`no interpreter implementation for '${op.name}' (its dialect registers none in this interpreter's registry)`);
        out = yield* this.replaying(() => impl(op, operands, this));
      }
      this.currentOp = op;
      if (out instanceof ControlTransfer) {
        this.currentOp = saved;
        return out;
      }
      this.bindResults(op, out);
    } catch (e) {
      throw located(op, e);
    }
    this.currentOp = saved;
    return undefined;
  }

  /**
   * Whether running `op` may suspend its strand: it has a resumable implementation, it calls (the callee may
   * suspend), or an op in its regions may. Computed once per op and run.
   */
  private maySuspend(op: Operation): boolean {
    const cache = this.shared.suspendable;
    let r = cache.get(op);
    if (r === undefined) {
      r = this.registry.lookupResumable(op.name) !== undefined || (op.isRegistered && CallOpInterface.get(op) !== undefined) || this.regionsMaySuspend(op);
      cache.set(op, r);
    }
    return r;
  }

  private regionsMaySuspend(op: Operation): boolean {
    for (const region of op.regions) {
      for (let b = region.firstBlock; b !== null; b = b.nextBlock) {
        for (let inner = b.firstOp; inner !== null; inner = inner.nextOperation) if (this.maySuspend(inner)) return true;
      }
    }
    return false;
  }

  /**
   * Runs `run` (a plain implementation, or a registered callable) inside a strand. When a region run (or call) it
   * makes suspends, `run` is left by an exception; the suspended run is finished here, passing its suspensions up,
   * and `run` is called again: the runs that finished before are replayed from their memo (their results, without
   * running anything), so that `run` reaches the point where it left off and goes on.
   */
  private *replaying<T>(run: () => T): Generator<Suspension, T, unknown> {
    const state: ReplayState = { memo: [], next: 0, pending: undefined, suspension: undefined };
    for (;;) {
      state.next = 0;
      const saved = this.replay;
      this.replay = state;
      let result: T;
      try {
        result = run();
      } catch (e) {
        if (e !== UNWIND) throw e;
        this.replay = saved;
        // Finish the region run (or call) that suspended, handing its suspensions to the strand's scheduler.
        const pending = state.pending!;
        state.pending = undefined;
        let resume = yield state.suspension!;
        for (;;) {
          const r = pending.next(resume);
          if (r.done) {
            state.memo.push(r.value);
            break;
          }
          resume = yield r.value;
        }
        continue;
      } finally {
        this.replay = saved;
      }
      return result;
    }
  }

  /** A region run or call made by a plain implementation under replay: from the memo, run, or suspended. */
  private replayed<T>(replay: ReplayState, start: () => Generator<Suspension, T, unknown>): T {
    if (replay.next < replay.memo.length) return replay.memo[replay.next++] as T;
    const g = start();
    this.replay = undefined;
    let r: IteratorResult<Suspension, T>;
    try {
      r = g.next();
    } finally {
      this.replay = replay;
    }
    if (r.done) {
      replay.memo.push(r.value);
      replay.next++;
      return r.value;
    }
    replay.pending = g;
    replay.suspension = r.value;
    throw UNWIND;
  }

  /** A call as `call` makes it, as a generator (the callee may suspend). */
  private *callResumable(callee: Operation, args: readonly RuntimeValue[]): Generator<Suspension, readonly RuntimeValue[], unknown> {
    if (this.depth >= this.settings.maxCallDepth) fault(`call depth exceeds ${this.settings.maxCallDepth} (unbounded recursion?)`);
    const impl = this.registry.lookupCallable(callee.name);
    const saved = this.frame;
    this.frame = new Map();
    this.callAllocations.push([]);
    this.depth++;
    try {
      if (impl) return yield* this.replaying(() => impl(callee, args, this));
      const body = callee.regions[0];
      if (!body || body.empty) fault(`cannot call '${callee.name}' without a body (a declaration)`);
      return (yield* this.runRegionResumable(body, args)).values;
    } finally {
      this.depth--;
      for (const m of this.callAllocations.pop()!) m.free('freed when its function returned');
      this.frame = saved;
    }
  }
}

/** An exception turned into an InterpreterError located at `op` (an error located deeper is kept). */
export function located(op: Operation | null, e: unknown): InterpreterError {
  if (e instanceof InterpreterError) return e;
  if (e === UNWIND) return new InterpreterError(new Diagnostic('error', op!.loc, `internal: a strand suspended inside '${op!.name}', where it cannot`));
  if (e instanceof RuntimeFault) {
    const where = e.at ?? op;
    const d = new Diagnostic('error', where!.loc, e.message);
    for (const n of e.notes ?? []) d.attachNote(n.loc, n.message);
    return new InterpreterError(d, { cause: e });
  }
  const message = e instanceof Error ? e.message : String(e);
  return new InterpreterError(new Diagnostic('error', op!.loc, `internal error in the interpreter implementation of '${op!.name}': ${message}`), { cause: e });
}

/**
 * Calls a function-like op by running its body region with the arguments; its results are what the body
 * returns (`func.return`) or nothing when the body just ends (a `tl.func`). What a dialect registers with
 * `registerCallable` usually checks its own conventions and then calls this.
 */
export function callBody(fn: Operation, args: readonly RuntimeValue[], ctx: ExecutionContext): readonly RuntimeValue[] {
  const body = fn.regions[0];
  if (!body || body.empty) fault(`cannot call '${fn.name}' without a body (a declaration)`);
  const exit = ctx.runRegion(body, args);
  return exit.values;
}
