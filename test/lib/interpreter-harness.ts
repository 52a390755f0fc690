// Helpers of the interpreter tests of the standard dialects: parse MLIR text with the dialects a test names,
// run one of its functions through an interpreter whose registry has the implementations the test registers,
// and read the results or the formatted runtime error (`file:line:col: error: ...`, the line and a caret).
import { Attribute, ConstantLike, Context, IntegerAttr, formatDiagnostic, getSymbolName, parseSourceString, verify, type Dialect, type Operation } from '@tlir/ir';
import { Interpreter, InterpreterRegistry, scalarFromAttribute, type InterpretOptions, type RuntimeValue } from '@tlir/interpreter';
import { foldOperation } from '@tlir/rewrite';

export interface InterpreterSetup {
  /** The dialects the text uses. */
  readonly dialects: readonly Dialect[];
  /** Registrations of implementations (`registerArithInterpreter`, ...). */
  readonly implementations: readonly ((registry: InterpreterRegistry) => unknown)[];
}

/** What a run gave: the results, or the runtime error as a tool prints it. */
export type RunOutcome = { readonly results: readonly RuntimeValue[]; readonly error?: undefined } | { readonly results?: undefined; readonly error: string };

export interface Program {
  readonly ctx: Context;
  readonly module: Operation;
  /** The function (any op with that symbol name). */
  fn(name: string): Operation;
  /** Runs function `name` with `args`. */
  run(name: string, args?: readonly RuntimeValue[], options?: InterpretOptions): RunOutcome;
}

export function interpreterHarness(setup: InterpreterSetup): { parse(text: string, filename?: string): Program; registry: InterpreterRegistry } {
  const registry = new InterpreterRegistry();
  for (const register of setup.implementations) register(registry);
  const interpreter = new Interpreter(registry, { maxOperations: 1_000_000 });
  return {
    registry,
    parse(text, filename = 'input.mlir') {
      const ctx = new Context({ dialects: [...setup.dialects] });
      const errors: string[] = [];
      ctx.diagnostics.addHandler((d) => errors.push(formatDiagnostic(d, ctx.sources)));
      const module = parseSourceString(ctx, text, filename);
      if (!module || !verify(module)) throw new Error(`the input does not parse and verify:\n${errors.join('')}`);
      const fn = (name: string): Operation => {
        let found: Operation | undefined;
        module.walk((op) => {
          if (getSymbolName(op) === name) found = op;
        });
        if (!found) throw new Error(`no function @${name}`);
        return found;
      };
      return {
        ctx,
        module,
        fn,
        run(name, args = [], options = {}) {
          const r = interpreter.call(fn(name), args, options);
          return r.ok ? { results: r.results } : { error: formatDiagnostic(r.diagnostic, ctx.sources) };
        },
      };
    },
  };
}

/**
 * The results of the op before the terminator of function `fn`'s body, as its folder computes them from constant
 * operands: runtime values (scalarFromAttribute of the folded attributes, or of the constant a folded value is),
 * or undefined when the op does not fold to constants.
 */
export function foldedResults(fn: Operation): (number | bigint)[] | undefined {
  const op = fn.regions[0]!.firstBlock!.lastOp!.prevOperation!;
  const folded = foldOperation(op);
  if (folded === undefined || folded === 'in-place') return undefined;
  const values: (number | bigint)[] = [];
  for (const r of folded) {
    const attr = r instanceof Attribute ? r : r.definingOp?.hasTrait(ConstantLike) ? (r.definingOp.getProperty('value') ?? r.definingOp.getAttr('value')) : undefined;
    if (!attr) return undefined;
    let v: number | bigint | undefined;
    try {
      v = scalarFromAttribute(attr);
    } catch {
      // An index constant the interpreter cannot represent exactly: the folded value as it is.
      v = attr instanceof IntegerAttr ? attr.value : undefined;
    }
    if (v === undefined) return undefined;
    values.push(v);
  }
  return values;
}

/** Whether two runtime scalars are the same value (NaN equals NaN, -0 differs from +0). */
export function sameScalar(a: RuntimeValue, b: RuntimeValue): boolean {
  return (typeof a === 'number' && typeof b === 'number' && Number.isNaN(a) && Number.isNaN(b)) || Object.is(a, b);
}
