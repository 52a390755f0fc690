import type { Attribute } from '../attribute.js';
import type { Block } from '../block.js';
import type { Builder } from '../builder.js';
import { DenseArrayAttr, DictionaryAttr, type NamedAttribute, type UnitAttr } from '../builtin-attributes.js';
import { IntegerType } from '../builtin-types.js';
import type { Context } from '../context.js';
import type { Location } from '../location.js';
import type { CanonicalizationPattern, OpDefinition, OpFoldResult } from '../op-definition.js';
import { Operation } from '../operation.js';
import type { OperationState } from '../operation-state.js';
import type { OpAsmParser } from '../parser/op-asm-parser.js';
import type { OpAsmPrinter } from '../printer/op-asm-printer.js';
import { Region } from '../region.js';
import { defineTrait, type Trait } from '../trait.js';
import { IsolatedFromAbove, NoRegionArguments, NoTerminator, SingleBlock, Terminator } from '../traits.js';
import type { Type } from '../type.js';
import type { OpResult, Value } from '../value.js';
import type { AttrOf, AttrSpec } from './attr-constraint.js';
import type { CustomDirective } from './format/custom-directive.js';
import { compileAssemblyFormat, type InferResultTypes } from './format/op-format.js';
import { OpAccessors } from './op-accessors.js';
import { OPERAND_SEGMENT_SIZES, OpDeclaration, RESULT_SEGMENT_SIZES } from './op-declaration.js';
import type { OpInterfaceImpl } from './op-interface.js';
import { makeInherentAttrsChecker, makePropertyChecker, makePropertyInitializer } from './op-properties.js';
import { generateVerifierTraits } from './op-verifier.js';
import type { RegionSpec } from './region-constraint.js';
import type { SuccessorSpec } from './successor-constraint.js';
import type { ValueSpec } from './value-spec.js';

type ValueSpecs = Readonly<Record<string, ValueSpec>>;
type AttrSpecs = Readonly<Record<string, AttrSpec>>;
type RegionSpecs = Readonly<Record<string, RegionSpec>>;
type SuccessorSpecs = Readonly<Record<string, SuccessorSpec>>;

/**
 * The declaration of an op as the types see it: its operand, result, property, region and successor groups
 * (each a record of specs; empty when not declared). The views, builders and hooks are typed from it.
 */
export interface OpDecl<
  O extends ValueSpecs = {},
  R extends ValueSpecs = {},
  P extends AttrSpecs = {},
  G extends RegionSpecs = {},
  B extends SuccessorSpecs = {},
> {
  readonly operands: O;
  readonly results: R;
  readonly properties: P;
  readonly regions: G;
  readonly successors: B;
}

/**
 * What `defineOp` takes. The groups are typed parameters (inferred from the object written), so that the hooks
 * receive a typed view of the op: `verify(op) { op.lhs ... }`.
 */
export interface OpSpec<
  O extends ValueSpecs = {},
  R extends ValueSpecs = {},
  P extends AttrSpecs = {},
  G extends RegionSpecs = {},
  B extends SuccessorSpecs = {},
> {
  readonly summary?: string;
  /** Markdown, for the generated documentation. */
  readonly description?: string;
  /** Operand groups in order: `{ lhs: SignlessIntegerLike, inputs: Variadic(AnyType) }`. */
  readonly operands?: O;
  readonly results?: R;
  /** Inherent attributes, stored as properties (MLIR 22): `{ value: TypedAttr, sym_visibility: OptionalAttr(StrAttr) }`. */
  readonly properties?: P;
  /**
   * The attribute names of properties whose name cannot be the view's field (`op`, taken by the view):
   * `{ reduction: 'op' }` declares the property `op`, read as `view.reduction` and built with `reduction:`.
   */
  readonly propertyAttributeNames?: { readonly [K in keyof P]?: string };
  readonly regions?: G;
  readonly successors?: B;
  readonly traits?: readonly Trait[];
  readonly interfaces?: readonly OpInterfaceImpl[];
  /** MLIR's declarative assembly format, compiled into the parser and printer when the op is defined. */
  readonly assemblyFormat?: string;
  /** The hand-written pieces `custom<Name>(...)` of the format refers to. */
  readonly customDirectives?: Readonly<Record<string, CustomDirective>>;
  /** A hand-written custom parser (with `print`), for syntax a format cannot express. */
  readonly parse?: (parser: OpAsmParser, state: OperationState) => boolean;
  /** A hand-written printer (with `parse`): writes what follows the op name. */
  readonly print?: (op: OpView<OpDecl<O, R, P, G, B>>, printer: OpAsmPrinter) => void;
  /** Lets ops inside this op's regions leave out this dialect's prefix in custom form. */
  readonly defaultDialect?: string;
  /** Result types computed from the operands, for formats and builders that do not give them. */
  readonly inferResultTypes?: InferResultTypes;
  /** Canonicalization patterns (the rewrite package's RewritePatterns). */
  readonly canonicalize?: readonly CanonicalizationPattern[];
  /** Checks beyond the declaration, run after the generated ones and the traits'; emit errors, return false. */
  readonly verify?: (op: OpView<OpDecl<O, R, P, G, B>>) => boolean;
  /** Checks that need the nested ops verified first. */
  readonly verifyRegions?: (op: OpView<OpDecl<O, R, P, G, B>>) => boolean;
  /**
   * Folds the op given its constant operands (see FoldAdaptor): returns the attribute or value (one per result
   * for several results) to replace it with, the op's own result(s) after updating it in place, or undefined.
   */
  readonly fold?: (adaptor: FoldAdaptor<OpDecl<O, R, P, G, B>>) => OpFoldResult | readonly OpFoldResult[] | undefined;
  /** For a `ConstantLike` op: its value (what `fold` returns), read without making a fold adaptor. */
  readonly constantValue?: (op: Operation) => Attribute | undefined;
  /** Names for the results in custom form (`%c0`, `%f`). */
  readonly getAsmResultNames?: (op: OpView<OpDecl<O, R, P, G, B>>, setName: (value: Value, name: string) => void) => void;
}

// ---- the types that follow a declaration --------------------------------------------------------------------

type Fields<S, K extends string> = S extends { readonly [P in K]: infer F } ? F : {};
type IsVariadic<V> = V extends { readonly arity: 'variadic' } ? true : false;
type IsOptional<V> = V extends { readonly arity: 'optional' } ? true : false;

type OperandValue<V> = IsVariadic<V> extends true ? Value[] : IsOptional<V> extends true ? Value | undefined : Value;
type ResultValue<V> = IsVariadic<V> extends true ? OpResult[] : IsOptional<V> extends true ? OpResult | undefined : OpResult;
/** Whether a property may be absent: optional, or a unit attribute (by constraint or class). */
type PropMayBeAbsent<P> = P extends { readonly presence: 'optional' }
  ? true
  : P extends { readonly presence: 'default' }
    ? false
    : P extends { readonly isUnit: true }
      ? true
      : P extends typeof UnitAttr
        ? true
        : false;
type PropAttr<P> = P extends { readonly presence: 'optional' | 'default'; readonly constraint: infer C } ? AttrOf<C> : AttrOf<P>;
type PropValue<P> = PropMayBeAbsent<P> extends true ? PropAttr<P> | undefined : PropAttr<P>;
type RegionValue<R> = IsVariadic<R> extends true ? Region[] : Region;
type SuccessorValue<R> = IsVariadic<R> extends true ? Block[] : Block;

/**
 * A typed view of an operation of a defined op: one getter per declared operand (`Value`, `Value | undefined`
 * when optional, `Value[]` when variadic), result, property, region and successor, plus the op itself.
 */
export type OpView<S> = { readonly op: Operation } & {
  readonly [K in keyof Fields<S, 'operands'>]: OperandValue<Fields<S, 'operands'>[K]>;
} & { readonly [K in keyof Fields<S, 'results'>]: ResultValue<Fields<S, 'results'>[K]> } & {
  readonly [K in keyof Fields<S, 'properties'>]: PropValue<Fields<S, 'properties'>[K]>;
} & { readonly [K in keyof Fields<S, 'regions'>]: RegionValue<Fields<S, 'regions'>[K]> } & {
  readonly [K in keyof Fields<S, 'successors'>]: SuccessorValue<Fields<S, 'successors'>[K]>;
};

/** What `fold` receives: the op, and the constant value of each operand (undefined when not constant). */
export type FoldAdaptor<S> = { readonly op: OpView<S> } & {
  readonly [K in keyof Fields<S, 'operands'>]: IsVariadic<Fields<S, 'operands'>[K]> extends true ? (Attribute | undefined)[] : Attribute | undefined;
};

type OperandArgs<O> = { readonly [K in keyof O as IsVariadic<O[K]> extends true ? never : IsOptional<O[K]> extends true ? never : K]: Value } & {
  readonly [K in keyof O as IsOptional<O[K]> extends true ? K : never]?: Value;
} & { readonly [K in keyof O as IsVariadic<O[K]> extends true ? K : never]?: readonly Value[] };
type ResultArgs<R> = { readonly [K in keyof R]?: IsVariadic<R[K]> extends true ? readonly Type[] : Type };
type PropArgs<P> = {
  readonly [K in keyof P as PropMayBeAbsent<P[K]> extends true ? never : P[K] extends { readonly presence: 'default' } ? never : K]: PropAttr<P[K]>;
} & { readonly [K in keyof P as PropMayBeAbsent<P[K]> extends true ? K : P[K] extends { readonly presence: 'default' } ? K : never]?: PropAttr<P[K]> };
type RegionArgs<R> = { readonly [K in keyof R]?: IsVariadic<R[K]> extends true ? readonly Region[] | number : Region };
type SuccessorArgs<B> = { readonly [K in keyof B]: IsVariadic<B[K]> extends true ? readonly Block[] : Block };

/**
 * The arguments of `Def.create(builder, {...})`: operands by name (optional and variadic ones may be left
 * out), result types (left out when they can be inferred), properties (optional and default-valued ones may
 * be left out), regions (new empty ones by default), successors, discardable `attributes` and `loc`.
 */
export type OpBuildArgs<S> = OperandArgs<Fields<S, 'operands'>> &
  ResultArgs<Fields<S, 'results'>> &
  PropArgs<Fields<S, 'properties'>> &
  RegionArgs<Fields<S, 'regions'>> &
  SuccessorArgs<Fields<S, 'successors'>> & { readonly attributes?: readonly NamedAttribute[] | DictionaryAttr; readonly loc?: Location };

/** An op defined with `defineOp`: its OpDefinition (register it through a dialect), typed views and builders. */
export interface OpDef<S extends OpDecl<ValueSpecs, ValueSpecs, AttrSpecs, RegionSpecs, SuccessorSpecs> = OpDecl> extends OpDefinition {
  /** The declaration, as written (documentation generation reads it). */
  readonly spec: OpSpec<ValueSpecs, ValueSpecs, AttrSpecs, RegionSpecs, SuccessorSpecs>;
  readonly declaration: OpDeclaration;
  /** Whether `op` is an operation of this definition. */
  is(op: Operation): boolean;
  /** The typed view of `op`; throws if `op` is of another op (a bug in the caller). */
  wrap(op: Operation): OpView<S>;
  /** The typed view of `op` if it is of this op, else undefined. */
  match(op: Operation): OpView<S> | undefined;
  /** Creates a detached operation. */
  build(ctx: Context, args: OpBuildArgs<S>): OpView<S>;
  /** Creates an operation at the builder's insertion point (with the builder's location unless `loc` is given). */
  create(builder: Builder, args: OpBuildArgs<S>): OpView<S>;
}

/**
 * The typed view of the ops of a definition, for helpers that take one: `(add: ViewOf<typeof AddIOp>) => ...`.
 */
export type ViewOf<D> = D extends OpDef<infer S> ? OpView<S> : never;

/** Traits MLIR verifies before the generated checks (its StructuralOpTrait). */
function isStructural(t: Trait): boolean {
  return (
    t === Terminator ||
    t === NoTerminator ||
    t === SingleBlock ||
    t === IsolatedFromAbove ||
    t === NoRegionArguments ||
    t.name.startsWith('HasParent<') ||
    t.name.startsWith('SingleBlockImplicitTerminator<')
  );
}

/**
 * Defines an operation from a declaration, like ODS but in TypeScript and without a generator:
 *
 * ```ts
 * export const AddI = defineOp('arith.addi', {
 *   operands: { lhs: SignlessIntegerLike, rhs: SignlessIntegerLike },
 *   results: { result: SameAs('lhs') },
 *   traits: [Pure, Commutative, SameOperandsAndResultType],
 *   assemblyFormat: '$lhs `,` $rhs attr-dict `:` type($result)',
 * });
 * AddI.wrap(op).lhs; // Value
 * ```
 *
 * The result is the op's OpDefinition, with a verifier generated from the declaration (MLIR's messages),
 * the parser and printer compiled from the assembly format, typed views and builders.
 */
export function defineOp<
  const O extends ValueSpecs = {},
  const R extends ValueSpecs = {},
  const P extends AttrSpecs = {},
  const G extends RegionSpecs = {},
  const B extends SuccessorSpecs = {},
>(name: string, spec: OpSpec<O, R, P, G, B>): OpDef<OpDecl<O, R, P, G, B>> {
  type S = OpDecl<O, R, P, G, B>;
  const decl = new OpDeclaration(name, spec);
  const access = new OpAccessors(decl);
  const View = makeViewClass<S>(decl, access);
  const hooks = spec;

  const userTraits = spec.traits ?? [];
  const { counts, invariants } = generateVerifierTraits(decl);
  const interfaceTraits = (spec.interfaces ?? [])
    .filter((i) => i.iface.verify || i.iface.verifyRegions)
    .map((i) => {
      const { verify, verifyRegions } = i.iface;
      return defineTrait(i.iface.name, {
        verify: verify && ((op) => verify(op, i.methods)),
        verifyRegions: verifyRegions && ((op) => verifyRegions(op, i.methods)),
      });
    });
  const structural = userTraits.filter(isStructural);
  const others = userTraits.filter((t) => !isStructural(t));
  // Without structural traits between them, the two generated checks are one trait (one call per op).
  const countsVerify = counts.verify!;
  const invariantsVerify = invariants.verify!;
  const generated = structural.length ? [counts, ...structural, invariants] : [defineTrait(invariants.name, { signatureOnly: true, verify: (op) => countsVerify(op) && invariantsVerify(op) })];
  const traits = [...generated, ...others, ...interfaceTraits];

  let parse: OpDefinition['parse'];
  let print: OpDefinition['print'];
  if (spec.assemblyFormat !== undefined) {
    if (spec.parse || hooks.print) throw new Error(`${name}: give either an assemblyFormat or parse and print, not both`);
    ({ parse, print } = compileAssemblyFormat(decl, spec.assemblyFormat, {
      traits: userTraits,
      customDirectives: spec.customDirectives,
      inferResultTypes: spec.inferResultTypes,
      access,
    }));
  } else if (spec.parse || hooks.print) {
    if (!spec.parse || !hooks.print) throw new Error(`${name}: a custom syntax needs both parse and print`);
    parse = spec.parse;
    const userPrint = hooks.print;
    print = (op, p) => userPrint(new View(op), p);
  }

  const userVerify = hooks.verify;
  const userVerifyRegions = hooks.verifyRegions;
  const userFold = hooks.fold;
  const FoldAdaptorOf = userFold && foldAdaptorClass(decl);
  const userNames = hooks.getAsmResultNames;

  const def: OpDef<S> = {
    name,
    summary: spec.summary,
    description: spec.description,
    traits,
    interfaces: spec.interfaces,
    defaultDialect: spec.defaultDialect,
    canonicalizationPatterns: spec.canonicalize,
    spec: spec as OpSpec<ValueSpecs, ValueSpecs, AttrSpecs, RegionSpecs, SuccessorSpecs>,
    declaration: decl,
    parse,
    print,
    verify: userVerify && ((op) => userVerify(new View(op))),
    verifyRegions: userVerifyRegions && ((op) => userVerifyRegions(new View(op))),
    fold:
      userFold &&
      ((op, operands) => {
        const r = userFold(new FoldAdaptorOf!(new View(op), op, operands) as FoldAdaptor<S>);
        return r === undefined || Array.isArray(r) ? (r as readonly OpFoldResult[] | undefined) : [r as OpFoldResult];
      }),
    constantValue: spec.constantValue,
    getAsmResultNames: userNames ? (op, setName) => userNames(new View(op), setName) : defaultResultNames(decl, access),
    initializeProperties: makePropertyInitializer(decl),
    checkProperties: makePropertyChecker(decl),
    checkInherentAttrs: makeInherentAttrsChecker(decl),
    is: (op) => op.opName.def === def,
    wrap(op) {
      if (op.opName.def !== def) throw new Error(`expected a '${name}' operation, got '${op.name}'`);
      return new View(op);
    },
    match: (op) => (op.opName.def === def ? new View(op) : undefined),
    build: (ctx, args) => new View(buildOperation(ctx, decl, spec, args as unknown as Record<string, unknown>)),
    create(builder, args) {
      const a = args as unknown as Record<string, unknown>;
      const op = buildOperation(builder.context, decl, spec, a, builder.loc);
      builder.insert(op);
      return new View(op);
    },
  };
  return Object.freeze(def);
}

/**
 * The result names ODS gives an op with several result groups and no names of its own: each non-empty group is
 * named after its declaration (`%sum, %overflow = arith.addui_extended ...`). One result is not named: its name
 * (`result`, `out`) says nothing.
 */
function defaultResultNames(decl: OpDeclaration, access: OpAccessors): OpDefinition['getAsmResultNames'] {
  if (decl.results.length <= 1) return undefined;
  const groups = decl.results;
  return (op, setName) => {
    for (let g = 0; g < groups.length; g++) {
      const values = access.results(op, g);
      if (values.length) setName(values[0]!, groups[g]!.name);
    }
  };
}

// ---- views ------------------------------------------------------------------------------------------------------

/** A class per definition whose prototype has one getter per declared name (no closure per op). */
function makeViewClass<S>(decl: OpDeclaration, access: OpAccessors): new (op: Operation) => OpView<S> {
  // `op` is assigned, not declared as a class field: a field initializer per view costs several times the
  // allocation itself when many view classes share a call site (a verifier running over every op).
  class View {
    declare readonly op: Operation;
    constructor(op: Operation) {
      (this as { op: Operation }).op = op;
    }
  }
  const define = (name: string, get: (this: View) => unknown): void => {
    Object.defineProperty(View.prototype, name, { get, enumerable: true, configurable: false });
  };
  // A single group at a fixed place is read directly (what the accessors compute for it, without computing it):
  // the getters of the ops most implementations and patterns read (lhs, rhs, result) are then one array load.
  for (const g of decl.operands) {
    const i = g.index;
    const at = decl.fixedIndex('operand', i);
    if (g.arity === 'variadic') define(g.name, function () { return access.operands(this.op, i); });
    else if (at >= 0) define(g.name, function () { return this.op.operandValues[at]; });
    else define(g.name, function () { return access.operand(this.op, i); });
  }
  for (const g of decl.results) {
    const i = g.index;
    const at = decl.fixedIndex('result', i);
    if (g.arity === 'variadic') define(g.name, function () { return access.results(this.op, i); });
    else if (at >= 0) define(g.name, function () { return this.op.getResult(at); });
    else define(g.name, function () { return access.result(this.op, i); });
  }
  for (const p of decl.properties) {
    const n = p.name;
    define(p.accessor, function () { return this.op.getProperty(n); });
  }
  for (const r of decl.regions) {
    const i = r.index;
    if (r.variadic) define(r.name, function () { return access.regions(this.op, i); });
    else define(r.name, function () { return access.region(this.op, i); });
  }
  for (const s of decl.successors) {
    const i = s.index;
    if (s.variadic) define(s.name, function () { return access.successors(this.op, i); });
    else define(s.name, function () { return access.successor(this.op, i); });
  }
  return View as unknown as new (op: Operation) => OpView<S>;
}

const ADAPTOR_OP = Symbol('operation');
const ADAPTOR_CONSTANTS = Symbol('constants');

/**
 * The class of the fold adaptors of `decl`'s ops: `op` (the view) and one getter per operand group, on the
 * prototype, reading the constants when asked. One small object per fold, of one shape per op definition, rather
 * than an object given one property per operand group (and a slice per variadic group) at every fold.
 */
function foldAdaptorClass(decl: OpDeclaration): new (view: object, op: Operation, constants: readonly (Attribute | undefined)[]) => object {
  // Fields assigned in the constructor, not declared as class fields (which V8 defines one by one, several times
  // slower: this runs at every fold).
  class Adaptor {
    declare readonly op: object;
    declare readonly [ADAPTOR_OP]: Operation;
    declare readonly [ADAPTOR_CONSTANTS]: readonly (Attribute | undefined)[];
    constructor(view: object, operation: Operation, constants: readonly (Attribute | undefined)[]) {
      (this as { op: object }).op = view;
      (this as { [ADAPTOR_OP]: Operation })[ADAPTOR_OP] = operation;
      (this as { [ADAPTOR_CONSTANTS]: readonly (Attribute | undefined)[] })[ADAPTOR_CONSTANTS] = constants;
    }
  }
  // Only single operands: group g is operand g.
  const fixed = decl.operands.every((g) => g.arity === 'single');
  for (const g of decl.operands) {
    let get: (this: Adaptor) => unknown;
    if (fixed) {
      const index = g.index;
      get = function () {
        return this[ADAPTOR_CONSTANTS][index];
      };
    } else {
      get = function () {
        const op = this[ADAPTOR_OP];
        const constants = this[ADAPTOR_CONSTANTS];
        const range: [number, number] = [0, 0];
        const segments = decl.operandSegments ? (op.getProperty(OPERAND_SEGMENT_SIZES) as DenseArrayAttr | undefined)?.numbers : undefined;
        decl.groupRange('operand', g.index, op.numOperands, segments, range);
        return g.arity === 'variadic' ? constants.slice(range[0], range[0] + range[1]) : range[1] ? constants[range[0]] : undefined;
      };
    }
    Object.defineProperty(Adaptor.prototype, g.name, { get, enumerable: true, configurable: false });
  }
  return Adaptor;
}

// ---- building ---------------------------------------------------------------------------------------------------

function buildFailure(decl: OpDeclaration, message: string): never {
  throw new Error(`${decl.opName}: ${message}`);
}

/**
 * Builds an op of `decl` from the named arguments of `Def.build` / `Def.create` (`defaultLoc`: the builder's, when
 * `args` gives none). Runs for every op a pass creates (the greedy driver materializes each folded constant): no
 * closures, and the operand groups are kept only when something needs them (segment sizes, result types taken
 * from operands, inference).
 */
function buildOperation(
  ctx: Context,
  decl: OpDeclaration,
  spec: { inferResultTypes?: InferResultTypes },
  args: Record<string, unknown>,
  defaultLoc?: Location,
): Operation {
  const operands: Value[] = [];
  const operandGroups: Value[][] = [];
  const groups = decl.operands;
  for (let gi = 0; gi < groups.length; gi++) {
    const g = groups[gi]!;
    const v = args[g.name];
    let values: Value[];
    if (g.arity === 'variadic') values = v === undefined ? [] : [...(v as Value[])];
    else if (v === undefined) values = g.arity === 'optional' ? [] : buildFailure(decl, `operand '${g.name}' is required`);
    else {
      operands.push(v as Value);
      operandGroups.push([v as Value]);
      continue;
    }
    operandGroups.push(values);
    for (let i = 0; i < values.length; i++) operands.push(values[i]!);
  }
  const resultTypes: Type[] = [];
  const resultCounts: number[] = [];
  let inferred: Type[] | undefined;
  const resultGroups = decl.results;
  for (let gi = 0; gi < resultGroups.length; gi++) {
    const g = resultGroups[gi]!;
    const given = args[g.name];
    let types: Type[];
    if (given !== undefined && g.arity !== 'variadic') {
      resultCounts.push(1);
      resultTypes.push(given as Type);
      continue;
    }
    if (given !== undefined) types = [...(given as Type[])];
    else if (g.sameAs?.kind === 'operand' && operandGroups[g.sameAs.index]!.length) {
      const src = operandGroups[g.sameAs.index]!.map((v) => v.type);
      types = g.arity === 'variadic' ? src : src.slice(0, 1);
    } else if (g.typesFrom?.kind === 'operand' && operandGroups[g.typesFrom.index]!.length) {
      types = [...g.typesFrom.transform(operandGroups[g.typesFrom.index]![0]!.type, ctx)];
    } else if (g.constraint?.build) types = [g.constraint.build(ctx)];
    else if (spec.inferResultTypes) {
      inferred ??= spec.inferResultTypes(ctx, operands, undefined, []);
      types = g.arity === 'variadic' ? inferred.slice(resultTypes.length) : inferred.slice(resultTypes.length, resultTypes.length + 1);
    } else if (g.arity === 'single') types = buildFailure(decl, `result '${g.name}' needs a type`);
    else types = [];
    resultCounts.push(types.length);
    resultTypes.push(...types);
  }
  const props: NamedAttribute[] = [];
  const properties = decl.properties;
  for (let i = 0; i < properties.length; i++) {
    const p = properties[i]!;
    const v = args[p.accessor] as Attribute | undefined;
    if (v !== undefined) props.push({ name: p.name, value: v });
    else if (p.presence === 'required') buildFailure(decl, `property '${p.accessor}' is required`);
  }
  if (decl.operandSegments) {
    props.push({ name: OPERAND_SEGMENT_SIZES, value: DenseArrayAttr.get(ctx, IntegerType.get(ctx, 32), operandGroups.map((g) => g.length)) });
  }
  if (decl.resultSegments) props.push({ name: RESULT_SEGMENT_SIZES, value: DenseArrayAttr.get(ctx, IntegerType.get(ctx, 32), resultCounts) });
  const regions: Region[] = [];
  const regionDecls = decl.regions;
  for (let ri = 0; ri < regionDecls.length; ri++) {
    const r = regionDecls[ri]!;
    const v = args[r.name];
    if (r.variadic) {
      if (typeof v === 'number') for (let i = 0; i < v; i++) regions.push(new Region());
      else if (v !== undefined) regions.push(...(v as Region[]));
    } else regions.push(v === undefined ? new Region() : (v as Region));
  }
  const successors: Block[] = [];
  const successorDecls = decl.successors;
  for (let si = 0; si < successorDecls.length; si++) {
    const s = successorDecls[si]!;
    const v = args[s.name];
    if (s.variadic) successors.push(...((v as Block[] | undefined) ?? []));
    else successors.push(v === undefined ? buildFailure(decl, `successor '${s.name}' is required`) : (v as Block));
  }
  return Operation.create(ctx, {
    name: decl.opName,
    operands,
    resultTypes,
    properties: props.length ? DictionaryAttr.get(ctx, props) : undefined,
    attributes: args.attributes as readonly NamedAttribute[] | DictionaryAttr | undefined,
    regions,
    successors,
    loc: (args.loc as Location | undefined) ?? defaultLoc,
  });
}
