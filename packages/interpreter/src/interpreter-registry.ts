import type { OpDecl, OpDef, Operation, Type, ViewOf } from '@tlir/ir';
import type { ControlTransfer } from './control-transfer.js';
import type { ExecutionContext } from './execution-context.js';
import { fault } from './runtime-fault.js';
import type { RuntimeValue } from './runtime-value.js';
import { scalarValueProblem } from './scalar-values.js';
import type { Suspension } from './suspension.js';

/** What an op implementation returns: its result values (nothing for an op without results) or a control transfer. */
export type OpOutcome = readonly RuntimeValue[] | ControlTransfer | void;

/**
 * Runs one op: it gets the op (for its properties, types, regions), the runtime values of its operands and the
 * execution context. Runtime errors are thrown as RuntimeFault (or `ctx.fail`); the engine locates them at the op.
 */
export type OpImplementation = (op: Operation, operands: readonly RuntimeValue[], ctx: ExecutionContext) => OpOutcome;

/**
 * An op implementation that may suspend its strand: a generator that yields a `Suspension` whenever the op has to
 * wait (a barrier until every work-item of the work-group reached it), receives what the scheduler resumes it with,
 * and returns the op's outcome. `gpu.barrier` is `function* (op) { yield new Suspension(op, ...); }`.
 */
export type ResumableImplementation = (op: Operation, operands: readonly RuntimeValue[], ctx: ExecutionContext) => Generator<Suspension, OpOutcome, unknown>;

/** Calls a function-like op (`func.func`, `tl.func`) with arguments; returns its results. */
export type CallableImplementation = (fn: Operation, args: readonly RuntimeValue[], ctx: ExecutionContext) => readonly RuntimeValue[];

/**
 * What is wrong with `value` as a value of `type` (undefined: nothing), or null when the check does not know
 * `type`. A dialect registers one for its own types (tl: memref views and groups).
 */
export type ValueCheck = (type: Type, value: RuntimeValue) => string | undefined | null;

/**
 * The implementation of the ops of one definition (`registry.registerImpl(AddIOp, (op, [a, b]) => ...)`): as an
 * OpImplementation, but it gets the op's typed view (`op.lhs`, `op.overflowFlags`; the operation is `op.op`).
 */
export type OpImplementationOf<V> = (op: V, operands: readonly RuntimeValue[], ctx: ExecutionContext) => OpOutcome;

/** A resumable implementation (see ResumableImplementation) that gets the op's typed view. */
export type ResumableImplementationOf<V> = (op: V, operands: readonly RuntimeValue[], ctx: ExecutionContext) => Generator<Suspension, OpOutcome, unknown>;

/** A callable implementation (see CallableImplementation) that gets the function op's typed view. */
export type CallableImplementationOf<V> = (fn: V, args: readonly RuntimeValue[], ctx: ExecutionContext) => readonly RuntimeValue[];

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyOpDef = OpDef<OpDecl<any, any, any, any, any>>;

/**
 * Something that names an op: its name (an op known only by name: an unregistered dialect, a test), or its
 * definition (`GemmOp`, whose `name` is `tl.gemm`).
 */
export type OpKey = string | { readonly name: string };

const keyName = (k: OpKey): string => (typeof k === 'string' ? k : k.name);

/** The typed view of `op`, an op of `def` (by name; a different op of that name is a runtime error, not a crash). */
function viewOf<D extends AnyOpDef>(def: D, op: Operation): ViewOf<D> {
  return (
    (def.match(op) as ViewOf<D> | undefined) ??
    fault(`'${op.name}' is not the registered op the interpreter implementation is for (is its dialect loaded in this context?)`)
  );
}

/**
 * `impl` as an implementation of the operation itself: it gets the view of each op. The views of the last four ops
 * it ran for are kept (replaced in turn): a loop runs its ops again and again, a kernel's work-items run one op one
 * after the other, and making a view every time cost a third of running a simple op (the views of the definitions
 * are objects of many classes, which V8 cannot make at full speed at one site). Only those four ops are kept alive
 * by the registry, until ops of the definition replace them.
 */
function viewing<D extends AnyOpDef, F extends (view: ViewOf<D>, operands: readonly RuntimeValue[], ctx: ExecutionContext) => unknown>(
  def: D,
  impl: F,
): (op: Operation, operands: readonly RuntimeValue[], ctx: ExecutionContext) => ReturnType<F> {
  // Four slots in variables, not arrays: the comparisons are then loads of the closure's context.
  let op0: Operation | null = null;
  let op1: Operation | null = null;
  let op2: Operation | null = null;
  let op3: Operation | null = null;
  let view0: ViewOf<D> | undefined;
  let view1: ViewOf<D> | undefined;
  let view2: ViewOf<D> | undefined;
  let view3: ViewOf<D> | undefined;
  let next = 0;
  return (op, operands, ctx) => {
    let view: ViewOf<D>;
    if (op === op0) view = view0!;
    else if (op === op1) view = view1!;
    else if (op === op2) view = view2!;
    else if (op === op3) view = view3!;
    else {
      view = viewOf(def, op);
      switch (next) {
        case 0:
          op0 = op;
          view0 = view;
          break;
        case 1:
          op1 = op;
          view1 = view;
          break;
        case 2:
          op2 = op;
          view2 = view;
          break;
        default:
          op3 = op;
          view3 = view;
      }
      next = (next + 1) & 3;
    }
    return impl(view, operands, ctx) as ReturnType<F>;
  };
}

/**
 * Op -> implementation. Each dialect package registers the implementations of its ops, keyed by their
 * definitions (`registerImpl(AddIOp, (op, [a, b]) => ...)`, which receive the op's typed view); ops known only by
 * name (`register('demo.add', ...)`) get the operation. So an interpreter knows exactly the dialects put into its
 * registry, and later dialects add theirs. Lookups are by name (`op.name`): an op parsed from text finds the
 * implementation registered for its definition.
 */
export class InterpreterRegistry {
  private readonly ops = new Map<string, OpImplementation>();
  private readonly resumables = new Map<string, ResumableImplementation>();
  private readonly callables = new Map<string, CallableImplementation>();
  private readonly checks: ValueCheck[] = [];

  /**
   * Registers the implementation of the ops of a definition, which receives each op's typed view:
   * `registry.registerImpl(AddIOp, (op, [a, b]) => [...])`, where `op.lhs` and `op.overflowFlags` are typed (for
   * a union of definitions, `op` is the union of their views). Registering an op twice is a programming error (it
   * throws).
   */
  registerImpl<D extends AnyOpDef>(def: D, impl: OpImplementationOf<ViewOf<D>>): this {
    return this.register(def, viewing(def, impl));
  }

  /** Registers a resumable implementation (see `registerResumable`) that receives the op's typed view. */
  registerResumableImpl<D extends AnyOpDef>(def: D, impl: ResumableImplementationOf<ViewOf<D>>): this {
    return this.registerResumable(def, viewing(def, impl));
  }

  /** Registers how the function-like ops of a definition are called (see `registerCallable`), with their typed view. */
  registerCallableImpl<D extends AnyOpDef>(def: D, impl: CallableImplementationOf<ViewOf<D>>): this {
    return this.registerCallable(def, viewing(def, impl));
  }

  /**
   * Registers the implementation of an op by name (or by a definition, getting the operation itself: prefer
   * `registerImpl` then); registering an op twice is a programming error (it throws).
   */
  register(op: OpKey, impl: OpImplementation): this {
    const name = keyName(op);
    if (this.ops.has(name) || this.resumables.has(name)) throw new Error(`an interpreter implementation of '${name}' is already registered`);
    this.ops.set(name, impl);
    return this;
  }

  /**
   * Registers the implementation of an op that may suspend the strand it runs in (see ResumableImplementation):
   * inside a strand the engine runs it as a coroutine; elsewhere it runs it to its end, and a suspension there is a
   * runtime error (nothing could resume it).
   */
  registerResumable(op: OpKey, impl: ResumableImplementation): this {
    const name = keyName(op);
    if (this.ops.has(name) || this.resumables.has(name)) throw new Error(`an interpreter implementation of '${name}' is already registered`);
    this.resumables.set(name, impl);
    return this;
  }

  /** Registers how a function-like op is called (by the engine's `call` and by call ops). */
  registerCallable(op: OpKey, impl: CallableImplementation): this {
    const name = keyName(op);
    if (this.callables.has(name)) throw new Error(`a callable implementation of '${name}' is already registered`);
    this.callables.set(name, impl);
    return this;
  }

  /** Registers a check of runtime values against the types of a dialect (arguments and results are checked). */
  registerValueCheck(check: ValueCheck): this {
    this.checks.push(check);
    return this;
  }

  lookup(opName: string): OpImplementation | undefined {
    return this.ops.get(opName);
  }

  lookupResumable(opName: string): ResumableImplementation | undefined {
    return this.resumables.get(opName);
  }

  lookupCallable(opName: string): CallableImplementation | undefined {
    return this.callables.get(opName);
  }

  has(opName: string): boolean {
    return this.ops.has(opName) || this.resumables.has(opName);
  }

  /** The names of the ops with an implementation, sorted. */
  get opNames(): string[] {
    return [...this.ops.keys(), ...this.resumables.keys()].sort();
  }

  /**
   * What is wrong with `value` as a value of `type`: builtin scalar types are checked here, other types by the
   * registered checks; undefined when nothing is wrong or no check knows the type.
   */
  valueProblem(type: Type, value: RuntimeValue): string | undefined {
    const scalar = scalarValueProblem(type, value);
    if (scalar !== null) return scalar;
    for (const check of this.checks) {
      const p = check(type, value);
      if (p !== null) return p;
    }
    return undefined;
  }
}
