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

/** The declaration of a dialect type or attribute. */
export interface AttrOrTypeSpec {
  readonly summary?: string;
  /** Markdown, for the generated documentation. */
  readonly description?: string;
  /** The parameters, in order: `{ shape: ArrayParameter(IntParameter), elementType: TypeParameter }`. */
  readonly parameters?: Readonly<Record<string, Parameter<unknown>>>;
  /** MLIR's format for what follows the mnemonic: `` `<` $shape `,` $elementType `>` ``. */
  readonly assemblyFormat?: string;
}

type Fields<S, K extends string> = S extends { readonly [P in K]: infer F } ? F : {};
/** The parameter values of a declaration, by name. */
export type ParamValues<S> = { readonly [K in keyof Fields<S, 'parameters'>]: ParameterValue<Fields<S, 'parameters'>[K]> };

/** Hand-written syntax and checks, typed from the declaration. */
export interface AttrOrTypeHooks<S> {
  /** Parses what follows the mnemonic (when there is no assemblyFormat). */
  parse?(parser: DialectAsmParser): ParamValues<S>;
  /** Prints what follows the mnemonic. */
  print?(params: ParamValues<S>, w: AttrTypeWriter): void;
  /** Checks parameter values; returns what is wrong (reported at the text when parsing, thrown by `get`). */
  verify?(params: ParamValues<S>): string | undefined;
}

/** A dialect type with its parameters as fields. */
export type TypeInstance<S> = DialectType & ParamValues<S>;
export type AttrInstance<S> = DialectAttribute & ParamValues<S>;

/** What defineType returns: a factory for the type, usable as an operand constraint (`operands: { r: RangeType }`). */
export interface TypeDef<S extends AttrOrTypeSpec = AttrOrTypeSpec> extends TypeConstraint<TypeInstance<S>> {
  readonly name: string;
  readonly dialect: string;
  readonly mnemonic: string;
  readonly spec: S;
  /** The interned type with these parameters. */
  get(ctx: Context, params: ParamValues<S>): TypeInstance<S>;
  is(type: Type): type is TypeInstance<S>;
  /** Parses what follows `!dialect.mnemonic` (used by the dialect's type parser). */
  parseBody(parser: DialectAsmParser): TypeInstance<S>;
}

export interface AttrDef<S extends AttrOrTypeSpec = AttrOrTypeSpec> extends AttrConstraint<AttrInstance<S>> {
  readonly name: string;
  readonly dialect: string;
  readonly mnemonic: string;
  readonly spec: S;
  get(ctx: Context, params: ParamValues<S>): AttrInstance<S>;
  is(attr: Attribute): attr is AttrInstance<S>;
  parseBody(parser: DialectAsmParser): AttrInstance<S>;
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

function makeCore(kind: 'type' | 'attribute', name: string, spec: AttrOrTypeSpec, hooks: AttrOrTypeHooks<never>): Core {
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
    const f = compileParameterFormat(name, spec.assemblyFormat, parameters);
    parseParams = f.parse;
    printParams = f.print;
  } else if (hooks.parse || hooks.print) {
    if (!hooks.parse || !hooks.print) throw new Error(`${name}: a custom syntax needs both parse and print`);
    parseParams = hooks.parse as (p: DialectAsmParser) => Record<string, unknown>;
    printParams = hooks.print as (v: Record<string, unknown>, w: AttrTypeWriter) => void;
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
    check: (values) => (hooks.verify as ((v: Record<string, unknown>) => string | undefined) | undefined)?.(values),
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
 * Defines a dialect type (like ODS's TypeDef): `defineType('toy.vec', { parameters: { length: IntParameter },
 * assemblyFormat: '`<` $length `>`' })`. Types are interned; `ToyVec.get(ctx, { length: 4 })` returns the one
 * `!toy.vec<4>` of the context, with `length` as a field. Register it in its dialect's `types`.
 */
export function defineType<const S extends AttrOrTypeSpec>(name: string, spec: S & AttrOrTypeHooks<S>): TypeDef<S> {
  const core = makeCore('type', name, spec, spec as AttrOrTypeHooks<never>);
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
    override print(w: AttrTypeWriter): void {
      printWithPrefix(core, '!', this as unknown as Record<string, unknown>, w);
    }
  }
  Object.defineProperty(Instance, 'name', { value: name });
  const get = (ctx: Context, values: Record<string, unknown>): Instance => {
    const v = Object.fromEntries(core.paramNames.map((n) => [n, values[n]]));
    return ctx.intern(core.key(v), () => new Instance(v));
  };
  const def: TypeDef<S> = {
    kind: 'type',
    summary: spec.summary ?? name,
    name,
    dialect: core.dialect,
    mnemonic: core.mnemonic,
    spec,
    check: (t: Type): t is TypeInstance<S> => t instanceof Instance,
    is: (t: Type): t is TypeInstance<S> => t instanceof Instance,
    get(ctx, params) {
      const v = params as unknown as Record<string, unknown>;
      const problem = core.check(v);
      if (problem !== undefined) throw new Error(`${name}: ${problem}`);
      return get(ctx, v) as unknown as TypeInstance<S>;
    },
    parseBody: (p) => get(p.context, parseChecked(core, p)) as unknown as TypeInstance<S>,
    stripped: {
      parse: (p) => get(p.context, parseChecked(core, p)) as unknown as TypeInstance<S>,
      print: (t, w) => core.printParams(t as unknown as Record<string, unknown>, w),
    },
  };
  return Object.freeze(def);
}

/**
 * Defines a dialect attribute (like ODS's AttrDef): `defineAttribute('gpu.address_space', { parameters: { value:
 * EnumParameter(...) }, assemblyFormat: '`<` $value `>`' })`. Usable as a property constraint.
 */
export function defineAttribute<const S extends AttrOrTypeSpec>(name: string, spec: S & AttrOrTypeHooks<S>): AttrDef<S> {
  const core = makeCore('attribute', name, spec, spec as AttrOrTypeHooks<never>);
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
  const isA = (a: Attribute): a is AttrInstance<S> => a instanceof Instance;
  const def: AttrDef<S> = {
    kind: 'attr',
    summary: spec.summary ?? name,
    name,
    dialect: core.dialect,
    mnemonic: core.mnemonic,
    spec,
    check: isA,
    storage: isA,
    is: isA,
    get(ctx, params) {
      const v = params as unknown as Record<string, unknown>;
      const problem = core.check(v);
      if (problem !== undefined) throw new Error(`${name}: ${problem}`);
      return get(ctx, v) as unknown as AttrInstance<S>;
    },
    parseBody: (p) => get(p.context, parseChecked(core, p)) as unknown as AttrInstance<S>,
    stripped: {
      parse: (p) => get(p.context, parseChecked(core, p)) as unknown as AttrInstance<S>,
      print: (a, w) => core.printParams(a as unknown as Record<string, unknown>, w),
    },
  };
  return Object.freeze(def);
}
