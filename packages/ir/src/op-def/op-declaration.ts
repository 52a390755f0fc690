import { UnitAttr } from '../builtin-attributes.js';
import type { Context } from '../context.js';
import type { Attribute } from '../attribute.js';
import { toAttrConstraint, type AttrConstraint, type AttrSpec } from './attr-constraint.js';
import type { RegionConstraint, RegionSpec } from './region-constraint.js';
import type { SuccessorConstraint, SuccessorSpec } from './successor-constraint.js';
import type { Type } from '../type.js';
import type { TypeConstraint } from './type-constraint.js';
import { normalizeValueSpec, type Arity, type ValueSpec } from './value-spec.js';

/** One declared operand or result group, normalized. */
export interface ValueGroup {
  readonly name: string;
  readonly index: number;
  readonly arity: Arity;
  /** The type constraint; undefined for `SameAs(...)` / `TypesMatchWith(...)` groups declared without one. */
  readonly constraint: TypeConstraint | undefined;
  /** The group whose type this one has (`SameAs`), resolved to its kind and index. */
  readonly sameAs: { readonly kind: 'operand' | 'result'; readonly index: number } | undefined;
  /** The group whose type gives this one's types through a function (`TypesMatchWith`). */
  readonly typesFrom:
    | { readonly kind: 'operand' | 'result'; readonly index: number; readonly summary: string; readonly transform: (t: Type, ctx: Context) => readonly Type[] }
    | undefined;
}

/** One declared property, normalized. */
export interface PropertyDecl {
  /** The attribute's name (in the properties dictionary, the generic form and the assembly format). */
  readonly name: string;
  /** The name of the view's field and the builder's argument: the declared name (differs from `name` only when renamed). */
  readonly accessor: string;
  readonly index: number;
  readonly constraint: AttrConstraint;
  readonly presence: 'required' | 'optional' | 'default';
  /** The value of a default-valued property (optional ones included: DefaultValuedOptionalAttr). */
  readonly defaultValue: ((ctx: Context) => Attribute) | undefined;
}

export interface RegionGroup {
  readonly name: string;
  readonly index: number;
  readonly variadic: boolean;
  readonly constraint: RegionConstraint;
}

export interface SuccessorGroup {
  readonly name: string;
  readonly index: number;
  readonly variadic: boolean;
  readonly constraint: SuccessorConstraint;
}

/** The property MLIR 22 keeps operand group sizes in when an op has several variable-length operand groups. */
export const OPERAND_SEGMENT_SIZES = 'operandSegmentSizes';
export const RESULT_SEGMENT_SIZES = 'resultSegmentSizes';

/** Names a definition may not use: they are taken by the view (`op`) or the builder's arguments. */
const RESERVED = new Set(['op', 'loc', 'attributes', OPERAND_SEGMENT_SIZES, RESULT_SEGMENT_SIZES]);

/**
 * An op declaration taken apart once at definition time: the groups in order, how to find each group's values
 * in an op (directly, around the one variable-length group, or through segment sizes) and the property names.
 */
export class OpDeclaration {
  readonly operands: readonly ValueGroup[];
  readonly results: readonly ValueGroup[];
  readonly properties: readonly PropertyDecl[];
  readonly regions: readonly RegionGroup[];
  readonly successors: readonly SuccessorGroup[];
  /** Whether operand (result) group sizes are kept in `operandSegmentSizes` (`resultSegmentSizes`). */
  readonly operandSegments: boolean;
  readonly resultSegments: boolean;
  /** The inherent attribute names (properties, segment sizes included). */
  readonly inherentNames: ReadonlySet<string>;
  private readonly operandVariable: number;
  private readonly resultVariable: number;

  constructor(
    readonly opName: string,
    spec: {
      operands?: Readonly<Record<string, ValueSpec>>;
      results?: Readonly<Record<string, ValueSpec>>;
      properties?: Readonly<Record<string, AttrSpec>>;
      regions?: Readonly<Record<string, RegionSpec>>;
      successors?: Readonly<Record<string, SuccessorSpec>>;
      propertyAttributeNames?: { readonly [name: string]: string | undefined };
    },
  ) {
    const seen = new Set<string>();
    const declare = (name: string): string => {
      if (seen.has(name)) throw new Error(`${opName}: '${name}' is declared twice (operand, result, property, region and successor names share one namespace)`);
      if (RESERVED.has(name)) throw new Error(`${opName}: '${name}' is a reserved name`);
      seen.add(name);
      return name;
    };
    const rawOperands = Object.entries(spec.operands ?? {}).map(([name, s], index) => ({ name: declare(name), index, ...normalizeValueSpec(s) }));
    const rawResults = Object.entries(spec.results ?? {}).map(([name, s], index) => ({ name: declare(name), index, ...normalizeValueSpec(s) }));
    const find = (name: string): { kind: 'operand' | 'result'; index: number } => {
      const o = rawOperands.find((g) => g.name === name);
      if (o) return { kind: 'operand', index: o.index };
      const r = rawResults.find((g) => g.name === name);
      if (r) return { kind: 'result', index: r.index };
      throw new Error(`${opName}: SameAs('${name}') names no operand or result`);
    };
    const finish = (g: (typeof rawOperands)[number]): ValueGroup =>
      Object.freeze({
        name: g.name,
        index: g.index,
        arity: g.arity,
        constraint: g.constraint,
        sameAs: g.sameAs === undefined ? undefined : find(g.sameAs),
        typesFrom: g.matchWith === undefined ? undefined : { ...find(g.matchWith.source), summary: g.matchWith.summary, transform: g.matchWith.transform },
      });
    this.operands = rawOperands.map(finish);
    this.results = rawResults.map(finish);
    const renamed = spec.propertyAttributeNames ?? {};
    for (const n of Object.keys(renamed)) if (!(n in (spec.properties ?? {}))) throw new Error(`${opName}: propertyAttributeNames renames '${n}', which is no property`);
    this.properties = Object.entries(spec.properties ?? {}).map(([name, s], index) => normalizeProperty(declare(name), renamed[name] ?? name, index, s));
    const attrNames = new Set<string>();
    for (const p of this.properties) {
      if (attrNames.has(p.name)) throw new Error(`${opName}: two properties are named '${p.name}'`);
      attrNames.add(p.name);
    }
    this.regions = Object.entries(spec.regions ?? {}).map(([name, s], index) => {
      const variadic = 'arity' in s;
      return Object.freeze({ name: declare(name), index, variadic, constraint: 'arity' in s ? s.constraint : s });
    });
    this.successors = Object.entries(spec.successors ?? {}).map(([name, s], index) => {
      const variadic = 'arity' in s;
      return Object.freeze({ name: declare(name), index, variadic, constraint: 'arity' in s ? s.constraint : s });
    });
    const varOperands = this.operands.filter((g) => g.arity !== 'single');
    const varResults = this.results.filter((g) => g.arity !== 'single');
    this.operandSegments = varOperands.length > 1;
    this.resultSegments = varResults.length > 1;
    this.operandVariable = varOperands.length === 1 ? varOperands[0]!.index : -1;
    this.resultVariable = varResults.length === 1 ? varResults[0]!.index : -1;
    if (this.regions.filter((r) => r.variadic).length > 1 || this.regions.some((r, i) => r.variadic && i !== this.regions.length - 1)) {
      throw new Error(`${opName}: only the last region may be variadic`);
    }
    if (this.successors.filter((r) => r.variadic).length > 1 || this.successors.some((r, i) => r.variadic && i !== this.successors.length - 1)) {
      throw new Error(`${opName}: only the last successor may be variadic`);
    }
    const inherent = new Set(this.properties.map((p) => p.name));
    if (this.operandSegments) inherent.add(OPERAND_SEGMENT_SIZES);
    if (this.resultSegments) inherent.add(RESULT_SEGMENT_SIZES);
    this.inherentNames = inherent;
  }

  /**
   * Where the single value of group `g` of `kind` always is (a single group with no variable-length group before it
   * and no segment sizes), or -1 when its place depends on the op: views read such groups directly.
   */
  fixedIndex(kind: 'operand' | 'result', g: number): number {
    const groups = kind === 'operand' ? this.operands : this.results;
    if (groups[g]!.arity !== 'single' || (kind === 'operand' ? this.operandSegments : this.resultSegments)) return -1;
    const v = kind === 'operand' ? this.operandVariable : this.resultVariable;
    return v < 0 || g < v ? g : -1;
  }

  /** The number of groups of one kind that always hold exactly one value. */
  fixedCount(kind: 'operand' | 'result'): number {
    return (kind === 'operand' ? this.operands : this.results).filter((g) => g.arity === 'single').length;
  }

  /**
   * Where group `g` of `kind` starts among `total` values and how many values it has, given the segment sizes
   * (when the op keeps them). Writes [start, count] into `out` (no allocation).
   */
  groupRange(kind: 'operand' | 'result', g: number, total: number, segments: readonly number[] | undefined, out: [number, number]): void {
    const groups = kind === 'operand' ? this.operands : this.results;
    const useSegments = kind === 'operand' ? this.operandSegments : this.resultSegments;
    if (useSegments) {
      let start = 0;
      for (let i = 0; i < g; i++) start += segments?.[i] ?? 0;
      out[0] = start;
      out[1] = segments?.[g] ?? 0;
      return;
    }
    const v = kind === 'operand' ? this.operandVariable : this.resultVariable;
    if (v < 0 || g < v) {
      out[0] = g;
      out[1] = 1;
    } else if (g === v) {
      out[0] = v;
      out[1] = Math.max(0, total - (groups.length - 1));
    } else {
      out[0] = total - (groups.length - g);
      out[1] = 1;
    }
  }

  /** Where region group `g` starts and how many regions it has (only the last may be variadic). */
  regionRange(g: number, total: number, out: [number, number]): void {
    out[0] = g;
    out[1] = this.regions[g]!.variadic ? Math.max(0, total - g) : 1;
  }

  successorRange(g: number, total: number, out: [number, number]): void {
    out[0] = g;
    out[1] = this.successors[g]!.variadic ? Math.max(0, total - g) : 1;
  }
}

function normalizeProperty(accessor: string, name: string, index: number, spec: AttrSpec): PropertyDecl {
  if (typeof spec === 'object' && 'presence' in spec) {
    return Object.freeze({
      name,
      accessor,
      index,
      constraint: toAttrConstraint(spec.constraint),
      presence: spec.presence,
      defaultValue: spec.value,
    });
  }
  const constraint = toAttrConstraint(spec);
  // A unit attribute's presence is its value: it is never required (ODS's UnitAttr is optional too).
  const optional = constraint.isUnit === true || spec === UnitAttr;
  return Object.freeze({ name, accessor, index, constraint, presence: optional ? 'optional' : 'required', defaultValue: undefined });
}
