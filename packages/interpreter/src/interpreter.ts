import { Diagnostic, getFunctionType, type Operation } from '@tlir/ir';
import type { ExecutionContext } from './execution-context.js';
import { Execution, located } from './execution.js';
import { InterpreterError } from './interpreter-error.js';
import type { InterpreterRegistry } from './interpreter-registry.js';
import { describeRuntimeValue, type RuntimeValue } from './runtime-value.js';

export interface InterpretOptions {
  /** The work-group id ops like `tl.group_id` see (default 0). */
  readonly groupId?: number;
  /** The number of work-groups ops like `tl.group_size` see (default 1). */
  readonly groupCount?: number;
  /** A runtime error once this many ops have been executed (default: no limit). */
  readonly maxOperations?: number;
  /** A runtime error when calls nest deeper (default 256). */
  readonly maxCallDepth?: number;
  /**
   * Check every result an implementation gives against its type (an implementation bug shows up at the op
   * that made the wrong value rather than later). Default true.
   */
  readonly checkResults?: boolean;
}

/** The outcome of a run: the function's results, or the runtime error, located at the op where it happened. */
export type InterpretResult = { readonly ok: true; readonly results: readonly RuntimeValue[] } | { readonly ok: false; readonly diagnostic: Diagnostic };

/**
 * The reference interpreter: runs any function-like op made of ops its registry knows. It is the oracle a
 * lowering is checked against (run the IR before and after the lowering on the same inputs, compare).
 *
 * ```ts
 * const registry = new InterpreterRegistry();
 * registerTlInterpreter(registry);
 * const r = new Interpreter(registry).call(kernel, [alpha, A, B], { groupId: 3, groupCount: 8 });
 * if (!r.ok) console.error(formatDiagnostic(r.diagnostic, ctx.sources));
 * ```
 */
export class Interpreter {
  constructor(
    readonly registry: InterpreterRegistry,
    readonly defaults: InterpretOptions = {},
  ) {}

  /**
   * Calls `fn` (a function-like op: `func.func`, `tl.func`, ...) with `args`. The arguments are checked against
   * the function's type first. Never throws for a problem of the program or its inputs: those are diagnostics.
   */
  call(fn: Operation, args: readonly RuntimeValue[], options: InterpretOptions = {}): InterpretResult {
    const problem = this.argumentProblem(fn, args);
    if (problem) return { ok: false, diagnostic: new Diagnostic('error', fn.loc, problem) };
    return this.run(fn, (ctx) => ctx.call(fn, args), options);
  }

  /**
   * Runs host code in a new run of the interpreter: `body` gets the run's execution context (to call functions,
   * spawn strands, allocate) and returns the results. As for `call`, runtime errors come back as diagnostics, located
   * at the op where they happened or else at `anchor` (a kernel launched from the host API is the anchor of its
   * launch).
   */
  run(anchor: Operation, body: (ctx: ExecutionContext) => readonly RuntimeValue[], options: InterpretOptions = {}): InterpretResult {
    const o = { ...this.defaults, ...options };
    const groupCount = o.groupCount ?? 1;
    const groupId = o.groupId ?? 0;
    const problem = checkLaunch(groupId, groupCount);
    if (problem) return { ok: false, diagnostic: new Diagnostic('error', anchor.loc, problem) };
    const run = new Execution(this.registry, {
      groupId,
      groupCount,
      maxOperations: o.maxOperations ?? Infinity,
      maxCallDepth: o.maxCallDepth ?? 256,
      checkResults: o.checkResults ?? true,
    });
    try {
      return { ok: true, results: body(run) };
    } catch (e) {
      const error = e instanceof InterpreterError ? e : located(anchor, e);
      return { ok: false, diagnostic: error.diagnostic };
    }
  }

  /** What is wrong with `args` as the arguments of `fn` (count, and each value against its type). */
  argumentProblem(fn: Operation, args: readonly RuntimeValue[]): string | undefined {
    const type = getFunctionType(fn);
    const inputs = type?.inputs ?? fn.regions[0]?.firstBlock?.args.map((a) => a.type);
    if (!inputs) return undefined;
    if (inputs.length !== args.length) return `${describeCallee(fn)} takes ${inputs.length} arguments, ${args.length} given`;
    for (let i = 0; i < inputs.length; i++) {
      const p = this.registry.valueProblem(inputs[i]!, args[i]!);
      if (p) return `argument #${i} of ${describeCallee(fn)} (${inputs[i]}): ${p}; got ${describeRuntimeValue(args[i]!)}`;
    }
    return undefined;
  }
}

/** Runs `fn` once with `args` (a one-off `new Interpreter(registry).call(...)`). */
export function interpret(registry: InterpreterRegistry, fn: Operation, args: readonly RuntimeValue[], options: InterpretOptions = {}): InterpretResult {
  return new Interpreter(registry).call(fn, args, options);
}

function checkLaunch(groupId: number, groupCount: number): string | undefined {
  if (!Number.isSafeInteger(groupCount) || groupCount < 1) return `the number of work-groups must be a positive integer, got ${groupCount}`;
  if (!Number.isSafeInteger(groupId) || groupId < 0 || groupId >= groupCount) return `work-group id ${groupId} is not in [0, ${groupCount})`;
  return undefined;
}

function describeCallee(fn: Operation): string {
  const name = fn.getInherentOrDiscardable('sym_name');
  return name ? `'${fn.name}' ${String(name).replace(/^"(.*)"$/, '@$1')}` : `'${fn.name}'`;
}
