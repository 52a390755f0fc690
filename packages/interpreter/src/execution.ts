import { Diagnostic, SymbolTable, SymbolTableTrait, formatLocationPrefix, type Block, type Operation, type Region, type SymbolRefAttr, type Type, type Value } from '@tlir/ir';
import { ControlTransfer, type RegionExit } from './control-transfer.js';
import type { ExecutionContext, Lifetime } from './execution-context.js';
import { InterpreterError } from './interpreter-error.js';
import type { InterpreterRegistry } from './interpreter-registry.js';
import { Memory } from './memory.js';
import { RuntimeFault, fault } from './runtime-fault.js';
import { describeRuntimeValue, type RuntimeValue } from './runtime-value.js';

/** The settings of one run (see InterpretOptions, which is what users give). */
export interface ExecutionSettings {
  readonly groupId: number;
  readonly groupCount: number;
  readonly maxOperations: number;
  readonly maxCallDepth: number;
  readonly checkResults: boolean;
}

/**
 * One run of the interpreter: the frames of SSA values (one per call), the allocations to free at the end of
 * each block and call, the step count. Ops are executed one after the other in program order; an op's runtime
 * error becomes an InterpreterError holding a diagnostic located at the innermost op that failed.
 */
export class Execution implements ExecutionContext {
  private frame = new Map<Value, RuntimeValue>();
  private readonly blockAllocations: Memory[][] = [];
  private readonly callAllocations: Memory[][] = [[]];
  private readonly states = new Map<object, unknown>();
  private readonly symbolTables = new Map<Operation, SymbolTable>();
  private steps = 0;
  private depth = 0;
  currentOp: Operation | null = null;

  constructor(
    readonly registry: InterpreterRegistry,
    private readonly settings: ExecutionSettings,
  ) {}

  get groupId(): number {
    return this.settings.groupId;
  }

  get groupCount(): number {
    return this.settings.groupCount;
  }

  get(value: Value): RuntimeValue {
    const v = this.frame.get(value);
    if (v === undefined) fault(`internal: a value of type ${value.type} is used before the interpreter computed it`);
    return v;
  }

  set(value: Value, v: RuntimeValue): void {
    this.frame.set(value, v);
  }

  state<T>(key: object, init: () => T): T {
    if (!this.states.has(key)) this.states.set(key, init());
    return this.states.get(key) as T;
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
    let symbols = this.symbolTables.get(table);
    if (!symbols) this.symbolTables.set(table, (symbols = new SymbolTable(table)));
    return symbols.lookup(typeof ref === 'string' ? ref : ref.root);
  }

  call(callee: Operation, args: readonly RuntimeValue[]): readonly RuntimeValue[] {
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
    if (++this.steps > this.settings.maxOperations) {
      throw located(op, new RuntimeFault(`the run exceeds the limit of ${this.settings.maxOperations} executed operations (an endless loop?)`));
    }
    const saved = this.currentOp;
    this.currentOp = op;
    let out;
    try {
      const impl = this.registry.lookup(op.name);
      if (!impl) fault(`no interpreter implementation for '${op.name}' (its dialect registers none in this interpreter's registry)`);
      const n = op.numOperands;
      const operands = new Array<RuntimeValue>(n);
      for (let i = 0; i < n; i++) operands[i] = this.get(op.getOperand(i));
      out = impl(op, operands, this);
      if (out instanceof ControlTransfer) {
        this.currentOp = saved;
        return out;
      }
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
    } catch (e) {
      throw located(op, e);
    }
    this.currentOp = saved;
    return undefined;
  }
}

/** An exception turned into an InterpreterError located at `op` (an error located deeper is kept). */
export function located(op: Operation, e: unknown): InterpreterError {
  if (e instanceof InterpreterError) return e;
  if (e instanceof RuntimeFault) return new InterpreterError(new Diagnostic('error', op.loc, e.message), { cause: e });
  const message = e instanceof Error ? e.message : String(e);
  return new InterpreterError(new Diagnostic('error', op.loc, `internal error in the interpreter implementation of '${op.name}': ${message}`), { cause: e });
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
