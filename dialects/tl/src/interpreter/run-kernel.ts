import { Diagnostic, SymbolTable, getSymbolName, type Operation } from '@tlir/ir';
import { Interpreter, RuntimeFault, isScalarRuntimeType, scalarFromHost, type InterpreterRegistry, type RuntimeValue } from '@tlir/interpreter';
import { FuncOp } from '../func-op.js';
import { tlInterpreterRegistry } from './register-tl-interpreter.js';

export interface RunKernelOptions {
  /** The number of work-groups: the kernel runs once for every group id in [0, groups). */
  readonly groups: number;
  /** The registry to use (default: one with the tl dialect). Give one with more dialects to run lowered kernels. */
  readonly registry?: InterpreterRegistry;
  /** A runtime error after this many executed ops in one work-group (default: no limit). */
  readonly maxOperations?: number;
}

/**
 * A kernel argument as the host gives it: a runtime value (a MemrefView for a memref, a GroupValue for a group),
 * or for a scalar argument any number, bigint or boolean, converted as `scalarFromHost` does (floats are rounded
 * to the type, integers must fit it; `3` is fine for an i64).
 */
export type KernelArgument = RuntimeValue | boolean;

/** Either every work-group ran, or the first runtime error, located at its op, with a note naming the work-group. */
export type KernelResult = { readonly ok: true } | { readonly ok: false; readonly diagnostic: Diagnostic };

/**
 * Runs a kernel (spec: Execution model) the way a launch of `groups` work-groups does: the body once for every
 * group id, in order 0, 1, ..., groups - 1, on the same arguments (memrefs and groups are shared, results are
 * what the kernel stored). Work-groups of a correct kernel write disjoint data or update atomically, so the order
 * does not change the results (up to the rounding order of atomic float updates).
 */
export function runKernel(kernel: Operation, args: readonly KernelArgument[], options: RunKernelOptions): KernelResult {
  const fail = (message: string): KernelResult => ({ ok: false, diagnostic: new Diagnostic('error', kernel.loc, message) });
  if (!FuncOp.is(kernel)) return fail(`runKernel runs a tl.func, got '${kernel.name}'`);
  const types = kernel.regions[0]?.firstBlock?.args.map((a) => a.type) ?? [];
  const values: RuntimeValue[] = [];
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    const t = types[i];
    if (t && isScalarRuntimeType(t) && typeof a !== 'object') {
      try {
        values.push(scalarFromHost(t, a, `argument #${i} of @${getSymbolName(kernel)} (${t})`));
      } catch (e) {
        if (e instanceof RuntimeFault) return fail(e.message);
        throw e;
      }
    } else if (typeof a === 'boolean') return fail(`argument #${i} of @${getSymbolName(kernel)}: a boolean given for ${t ?? 'no argument'}`);
    else values.push(a);
  }
  const interpreter = new Interpreter(options.registry ?? tlInterpreterRegistry(), { maxOperations: options.maxOperations });
  const groups = options.groups;
  if (!Number.isSafeInteger(groups) || groups < 1) {
    return { ok: false, diagnostic: new Diagnostic('error', kernel.loc, `the number of work-groups must be a positive integer, got ${groups}`) };
  }
  for (let g = 0; g < groups; g++) {
    const r = interpreter.call(kernel, values, { groupId: g, groupCount: groups });
    if (!r.ok) {
      r.diagnostic.attachNote(kernel.loc, `in work-group ${g} of ${groups} of @${getSymbolName(kernel)}`);
      return r;
    }
  }
  return { ok: true };
}

/** The tl.func named `name` in a module (what `parseTensorLanguage` returns). */
export function findKernel(module: Operation, name: string): Operation | undefined {
  const op = new SymbolTable(module).lookup(name);
  return op && FuncOp.is(op) ? op : undefined;
}
