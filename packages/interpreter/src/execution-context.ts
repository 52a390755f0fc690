import type { Operation, Region, SymbolRefAttr, Type, Value } from '@tlir/ir';
import type { RegionExit } from './control-transfer.js';
import type { InterpreterRegistry } from './interpreter-registry.js';
import type { Memory } from './memory.js';
import type { RuntimeValue } from './runtime-value.js';
import type { SpawnOptions, Strand } from './strand.js';

/**
 * How long an allocation lives: to the end of the block execution that made it (`tl.alloca`), to the end of
 * the function call (`memref.alloca`), or until freed explicitly or the run ends (`memref.alloc`).
 */
export type Lifetime = 'block' | 'call' | 'program';

/** What an op implementation may do while it runs (one ExecutionContext per run, and one per strand). */
export interface ExecutionContext {
  readonly registry: InterpreterRegistry;
  /** The id of the work-group being run, in [0, groupCount) (0 outside a kernel launch). */
  readonly groupId: number;
  /** The number of work-groups of the launch (1 outside a kernel launch). */
  readonly groupCount: number;
  /** The op being executed (the innermost). */
  readonly currentOp: Operation | null;
  /** The runtime value of an SSA value of the current call. */
  get(value: Value): RuntimeValue;
  /** Sets the runtime value of an SSA value (block arguments of regions an implementation runs by hand). */
  set(value: Value, v: RuntimeValue): void;
  /**
   * Runs a region of the current op: binds `args` to the entry block's arguments, runs its ops, follows
   * branches between its blocks, and returns how it was left.
   */
  runRegion(region: Region, args: readonly RuntimeValue[]): RegionExit;
  /** Calls a function-like op with its registered callable implementation (a new frame of values). */
  call(callee: Operation, args: readonly RuntimeValue[]): readonly RuntimeValue[];
  /** The symbol `ref` seen from `from`: looked up in the nearest enclosing symbol table (a module). */
  lookupSymbol(from: Operation, ref: string | SymbolRefAttr): Operation | undefined;
  /** New memory; its label defaults to the current op and its location. Program allocations track initialization. */
  allocate(elementType: Type, length: number, lifetime: Lifetime, label?: string): Memory;
  /** Ends with a runtime error located at the current op (a `file:line:col` diagnostic for the user). */
  fail(message: string): never;
  /** State a dialect keeps for the length of a run under its own key (created by `init` on first use). */
  state<T>(key: object, init: () => T): T;
  /**
   * Starts a strand (a coroutine, see Strand) that will run `region` with `args` bound to its entry block: a
   * work-item of a kernel launch. It runs only when resumed; ops in it may suspend it. The values of the current
   * call stay visible to it (a gpu.launch body uses values defined before the launch).
   */
  spawn(region: Region, args: readonly RuntimeValue[], options?: SpawnOptions): Strand;
  /** A strand-local value given at spawn (this strand's or an enclosing spawner's); undefined outside. */
  local<T>(key: object): T | undefined;
}
