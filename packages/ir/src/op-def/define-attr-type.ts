import { DialectAttribute } from '../attribute.js';
import type { Context } from '../context.js';
import type { DialectAsmParser } from '../parser/dialect-asm-parser.js';
import { StringWriter, type AttrTypeWriter } from '../printer/text-writer.js';
import { DialectType, type Type } from '../type.js';
import type { Attribute } from '../attribute.js';
import type { AttrConstraint } from './attr-constraint.js';
import { compileParameterFormat } from './format/param-format.js';
import type { Parameter, ParameterValue } from './parameter.js';
import type { TypeConstraint } from './type-constraint.js';

type Params = Readonly<Record<string, Parameter<unknown>>>;

/** The parameter values of a declaration, by name. */
export type ParamValues<P> = { readonly [K in keyof P]: ParameterValue<P[K]> };

/**
 * The declaration of a dialect type or attribute. The parameters are a typed parameter (inferred from the
 * object written), so that the hooks receive typed values.
 */
export interface AttrOrTypeSpec<P extends Params = Params> {
  readonly summary?: string;
  /** Markdown, for the generated documentation. */
  readonly description?: string;
  /** The parameters, in order: `{ shape: ArrayParameter(IntParameter), elementType: TypeParameter }`. */
  readonly parameters?: P;
  /** MLIR's format for what follows the mnemonic: `` `<` $shape `,` $elementType `>` ``. */
  readonly assemblyFormat?: string;
  /** Parses what follows the mnemonic (when there is no assemblyFormat). */
  readonly parse?: (parser: DialectAsmParser) => ParamValues<P>;
  /** Prints what follows the mnemonic. */
  readonly print?: (params: ParamValues<P>, w: AttrTypeWriter) => void;
  /** Checks parameter values; returns what is wrong (reported at the text when parsing, thrown by `get`). */
  readonly verify?: (params: ParamValues<P>) => string | undefined;
  /**
   * The MLIR ODS record this definition mirrors (`Arith_IntegerOverflowAttr`), and the names its parameters have
   * there where they differ. With it, a parameter that fails to parse in an assemblyFormat is reported a second
   * time as mlir-opt reports it: "failed to parse Arith_IntegerOverflowAttr parameter 'value' which is to be a
   * `::mlir::arith::IntegerOverflowFlags`".
   */
  readonly ods?: { readonly record: string; readonly parameterNames?: { readonly [K in keyof P]?: string } };
  /** A type only: whether it may be the element type of a memref (MLIR's MemRefElementTypeInterface). */
  readonly memRefElement?: boolean;
}

/** A dialect type with its parameters as fields. */
export type TypeInstance<P> = DialectType & ParamValues<P>;
export type AttrInstance<P> = DialectAttribute & ParamValues<P>;

/** What defineType returns: a factory for the type, usable as an operand constraint (`operands: { r: RangeType }`). */
export interface TypeDef<P extends Params = Params> extends TypeConstraint<TypeInstance<P>> {
  readonly name: string;
  readonly dialect: string;
  readonly mnemonic: string;
  readonly spec: AttrOrTypeSpec;
  /** The interned type with these parameters. */
  get(ctx: Context, params: ParamValues<P>): TypeInstance<P>;
  is(type: Type): type is TypeInstance<P>;
  /** Parses what follows `!dialect.mnemonic` (used by the dialect's type parser). */
  parseBody(parser: DialectAsmParser): TypeInstance<P>;
}

export interface AttrDef<P extends Params = Params> extends AttrConstraint<AttrInstance<P>> {
  readonly name: string;
  readonly dialect: string;
  readonly mnemonic: string;
  readonly spec: AttrOrTypeSpec;
  get(ctx: Context, params: ParamValues<P>): AttrInstance<P>;
  is(attr: Attribute): attr is AttrInstance<P>;
  parseBody(parser: DialectAsmParser): AttrInstance<P>;
}

/** Whether `dialect.symbol` may be printed in MLIR's pretty form (else `!dialect<symbol>`). */
function isPrettySymbol(sym: string): boolean {
  if (!/^[A-Za-z]/.test(sym)) return false;
  const rest = sym.replace(/^[A-Za-z0-9._]*/, '');
  return rest === '' || (rest.startsWith('<') && rest.endsWith('>'));
}

/** Members of the type and attribute classes a parameter would shadow. */
const RESERVED_PARAMS = new Set(['dialect', 'mnemonic', 'id', 'type', 'print', 'printBody', 'toString', 'toStringElided', 'text', 'elidedText']);

interface Core {
  readonly dialect: string;
  readonly mnemonic: string;
  readonly paramNames: readonly string[];
  readonly parameters: Readonly<Record<string, Parameter<unknown>>>;
  key(values: Record<string, unknown>): string;
  printParams(values: Record<string, unknown>, w: AttrTypeWriter): void;
  parseParams(p: DialectAsmParser): Record<string, unknown>;
  check(values: Record<string, unknown>): string | undefined;
}

function makeCore(kind: 'type' | 'attribute', name: string, spec: AttrOrTypeSpec<Params>): Core {
  const hooks = spec as unknown as { parse?: (p: DialectAsmParser) => Record<string, unknown>; print?: (v: Record<string, unknown>, w: AttrTypeWriter) => void; verify?: (v: Record<string, unknown>) => string | undefined };
  const dot = name.indexOf('.');
  if (dot <= 0) throw new Error(`${kind} name '${name}' must be 'dialect.mnemonic'`);
  const dialect = name.slice(0, dot);
  const mnemonic = name.slice(dot + 1);
  const parameters = spec.parameters ?? {};
  const paramNames = Object.keys(parameters);
  for (const n of paramNames) if (RESERVED_PARAMS.has(n)) throw new Error(`${name}: '${n}' is a reserved name and cannot name a parameter`);
  let parseParams: (p: DialectAsmParser) => Record<string, unknown>;
  let printParams: (v: Record<string, unknown>, w: AttrTypeWriter) => void;
  if (spec.assemblyFormat !== undefined) {
    if (hooks.parse || hooks.print) throw new Error(`${name}: give either an assemblyFormat or parse and print, not both`);
    const f = compileParameterFormat(name, spec.assemblyFormat, parameters, spec.ods);
    parseParams = f.parse;
    printParams = f.print;
  } else if (hooks.parse || hooks.print) {
    if (!hooks.parse || !hooks.print) throw new Error(`${name}: a custom syntax needs both parse and print`);
    parseParams = hooks.parse;
    printParams = hooks.print;
  } else if (paramNames.length === 0) {
    parseParams = () => ({});
    printParams = () => {};
  } else throw new Error(`${name}: a ${kind} with parameters needs an assemblyFormat or parse and print`);
  const prefix = kind === 'type' ? '!' : '#';
  return {
    dialect,
    mnemonic,
    paramNames,
    parameters,
    key: (values) => `${prefix}${name}<${paramNames.map((n) => parameters[n]!.key(values[n])).join(',')}>`,
    printParams,
    parseParams,
    check: (values) => hooks.verify?.(values),
  };
}

/** Writes `!dialect.mnemonic<...>`, or `!dialect<mnemonic ...>` when the body is not simple enough (as MLIR). */
function printWithPrefix(core: Core, prefix: string, values: Record<string, unknown>, w: AttrTypeWriter): void {
  const body = new StringWriter();
  core.printParams(values, body);
  if (isPrettySymbol(core.mnemonic + body.toString())) {
    w.write(`${prefix}${core.dialect}.${core.mnemonic}`);
    core.printParams(values, w);
  } else {
    w.write(`${prefix}${core.dialect}<${core.mnemonic}`);
    core.printParams(values, w);
    w.write('>');
  }
}

function parseChecked(core: Core, p: DialectAsmParser): Record<string, unknown> {
  const loc = p.getCurrentLocation();
  const values = core.parseParams(p);
  const problem = core.check(values);
  if (problem !== undefined) p.emitError(problem, loc);
  return values;
}

/**
 * The test for the instances of a class defined here (which nothing extends): its prototype, compared. The tests
 * of all defined types and attributes share their code, so an `instanceof` there meets a different class in each
 * and V8 answers it by a generic lookup (of `Symbol.hasInstance`, then along the prototype chain); comparing the
 * prototype is one builtin call. (Verifying and parsing test enum attributes such as `#arith.overflow<nsw>` and
 * `#arith.fastmath<fast>` on most arithmetic ops.)
 */
function instanceTest(prototype: object): (value: unknown) => boolean {
  return (value) => value !== null && typeof value === 'object' && Object.getPrototypeOf(value) === prototype;
}

/**
 * Defines a dialect type (like ODS's TypeDef): `defineType('toy.vec', { parameters: { length: IntParameter },
 * assemblyFormat: '`<` $length `>`' })`. Types are interned; `ToyVec.get(ctx, { length: 4 })` returns the one
 * `!toy.vec<4>` of the context, with `length` as a field. Register it in its dialect's `types`.
 */
export function defineType<const P extends Params = {}>(name: string, spec: AttrOrTypeSpec<P>): TypeDef<P> {
  const core = makeCore('type', name, spec as unknown as AttrOrTypeSpec<Params>);
  const memRefElement = spec.memRefElement ?? false;
  class Instance extends DialectType {
    readonly dialect = core.dialect;
    readonly mnemonic = core.mnemonic;
    constructor(values: Record<string, unknown>) {
      super();
      Object.assign(this, values);
    }
    printBody(w: AttrTypeWriter): void {
      core.printParams(this as unknown as Record<string, unknown>, w);
    }
    override get isMemRefElement(): boolean {
      return memRefElement;
    }
    override print(w: AttrTypeWriter): void {
      printWithPrefix(core, '!', this as unknown as Record<string, unknown>, w);
    }
  }
  Object.defineProperty(Instance, 'name', { value: name });
  const get = (ctx: Context, values: Record<string, unknown>): Instance => {
    const v = Object.fromEntries(core.paramNames.map((n) => [n, values[n]]));
    return ctx.intern(core.key(v), () => new Instance(v));
  };
  const isInstance = instanceTest(Instance.prototype);
  const def: TypeDef<P> = {
    kind: 'type',
    summary: spec.summary ?? name,
    name,
    dialect: core.dialect,
    mnemonic: core.mnemonic,
    spec: spec as unknown as AttrOrTypeSpec,
    check: isInstance as (t: Type) => t is TypeInstance<P>,
    is: isInstance as (t: Type) => t is TypeInstance<P>,
    get(ctx, params) {
      const v = params as unknown as Record<string, unknown>;
      const problem = core.check(v);
      if (problem !== undefined) throw new Error(`${name}: ${problem}`);
      return get(ctx, v) as unknown as TypeInstance<P>;
    },
    parseBody: (p) => get(p.context, parseChecked(core, p)) as unknown as TypeInstance<P>,
    stripped: {
      parse: (p) => get(p.context, parseChecked(core, p)) as unknown as TypeInstance<P>,
      print: (t, w) => core.printParams(t as unknown as Record<string, unknown>, w),
    },
  };
  return Object.freeze(def);
}

/**
 * Defines a dialect attribute (like ODS's AttrDef): `defineAttribute('gpu.address_space', { parameters: { value:
 * EnumParameter(...) }, assemblyFormat: '`<` $value `>`' })`. Usable as a property constraint.
 */
export function defineAttribute<const P extends Params = {}>(name: string, spec: AttrOrTypeSpec<P>): AttrDef<P> {
  const core = makeCore('attribute', name, spec as unknown as AttrOrTypeSpec<Params>);
  class Instance extends DialectAttribute {
    readonly dialect = core.dialect;
    readonly mnemonic = core.mnemonic;
    constructor(values: Record<string, unknown>) {
      super();
      Object.assign(this, values);
    }
    printBody(w: AttrTypeWriter): void {
      core.printParams(this as unknown as Record<string, unknown>, w);
    }
    override print(w: AttrTypeWriter): void {
      printWithPrefix(core, '#', this as unknown as Record<string, unknown>, w);
    }
  }
  Object.defineProperty(Instance, 'name', { value: name });
  const get = (ctx: Context, values: Record<string, unknown>): Instance => {
    const v = Object.fromEntries(core.paramNames.map((n) => [n, values[n]]));
    return ctx.intern(core.key(v), () => new Instance(v));
  };
  const isA = instanceTest(Instance.prototype) as (a: Attribute) => a is AttrInstance<P>;
  const def: AttrDef<P> = {
    kind: 'attr',
    summary: spec.summary ?? name,
    name,
    dialect: core.dialect,
    mnemonic: core.mnemonic,
    spec: spec as unknown as AttrOrTypeSpec,
    check: isA,
    storage: isA,
    is: isA,
    get(ctx, params) {
      const v = params as unknown as Record<string, unknown>;
      const problem = core.check(v);
      if (problem !== undefined) throw new Error(`${name}: ${problem}`);
      return get(ctx, v) as unknown as AttrInstance<P>;
    },
    parseBody: (p) => get(p.context, parseChecked(core, p)) as unknown as AttrInstance<P>,
    stripped: {
      parse: (p) => get(p.context, parseChecked(core, p)) as unknown as AttrInstance<P>,
      print: (a, w) => core.printParams(a as unknown as Record<string, unknown>, w),
    },
  };
  return Object.freeze(def);
}
