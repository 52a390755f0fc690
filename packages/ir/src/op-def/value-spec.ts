import type { Context } from '../context.js';
import type { Type } from '../type.js';
import { toTypeConstraint, type TypeClass, type TypeConstraint } from './type-constraint.js';

/** The type of an operand or result is the type of another one (`SameAs('lhs')`), as ODS's AllTypesMatch. */
export interface SameAsConstraint {
  readonly kind: 'same-as';
  readonly name: string;
  /** A type constraint the values must satisfy too (checked first, with the usual "must be" message). */
  readonly constraint?: TypeConstraint | TypeClass;
}

/**
 * `results: { result: SameAs('lhs') }`: the result has the type of operand `lhs`. With `constraint`, the values
 * also have that type constraint, as ODS operands that are each constrained and tied by AllTypesMatch.
 */
export function SameAs(name: string, constraint?: TypeConstraint | TypeClass): SameAsConstraint {
  return Object.freeze({ kind: 'same-as', name, constraint });
}

/**
 * The types of a group are computed from the type of another value (ODS's TypesMatchWith): call_indirect's
 * operand types are its callee's inputs. Verified with "failed to verify that <summary>", and used by
 * assembly formats and builders to infer the types.
 */
export interface TypesMatchWithConstraint {
  readonly kind: 'types-match-with';
  readonly summary: string;
  readonly source: string;
  /** The types of the group, from the source's type (`ctx` to intern new ones: `i1` of the same shape). */
  readonly transform: (sourceType: Type, ctx: Context) => readonly Type[];
  /** A type constraint the values must satisfy too (checked first, with the usual "must be" message). */
  readonly constraint?: TypeConstraint | TypeClass;
}

/**
 * `TypesMatchWith('callee input types match argument types', 'callee', (t) => (t as FunctionType).inputs)`; with
 * `constraint`, the values also have that type constraint, as an ODS operand declared `BoolLike:$result` with a
 * TypesMatchWith trait on it (arith.cmpi's result).
 */
export function TypesMatchWith(
  summary: string,
  source: string,
  transform: (sourceType: Type, ctx: Context) => readonly Type[],
  constraint?: TypeConstraint | TypeClass,
): TypesMatchWithConstraint {
  return Object.freeze({ kind: 'types-match-with', summary, source, transform, constraint });
}

/** What may constrain one operand or result. */
export type ValueConstraint = TypeConstraint | TypeClass | SameAsConstraint | TypesMatchWithConstraint;

/** Any number of values (`Variadic<AnyType>`): the accessor gives an array. */
export interface VariadicSpec<C extends ValueConstraint = ValueConstraint> {
  readonly arity: 'variadic';
  readonly constraint: C;
}

/** Zero or one value (`Optional<I32>`): the accessor gives the value or undefined. */
export interface OptionalSpec<C extends ValueConstraint = ValueConstraint> {
  readonly arity: 'optional';
  readonly constraint: C;
}

/** The declaration of an operand or result group: a constraint (exactly one value), or a variadic or optional one. */
export type ValueSpec = ValueConstraint | VariadicSpec | OptionalSpec;

export function Variadic<C extends ValueConstraint>(constraint: C): VariadicSpec<C> {
  return Object.freeze({ arity: 'variadic', constraint });
}

export function Optional<C extends ValueConstraint>(constraint: C): OptionalSpec<C> {
  return Object.freeze({ arity: 'optional', constraint });
}

/** How many values a group holds. */
export type Arity = 'single' | 'optional' | 'variadic';

/** A spec taken apart: its arity and either a type constraint or the name of the value it matches. */
export function normalizeValueSpec(spec: ValueSpec): {
  arity: Arity;
  constraint: TypeConstraint | undefined;
  sameAs: string | undefined;
  matchWith: TypesMatchWithConstraint | undefined;
} {
  let arity: Arity = 'single';
  let c: ValueConstraint = spec as ValueConstraint;
  if (typeof spec === 'object' && 'arity' in spec) {
    arity = spec.arity;
    c = spec.constraint;
  }
  if (typeof c === 'object' && c.kind === 'same-as') {
    return { arity, constraint: c.constraint === undefined ? undefined : toTypeConstraint(c.constraint), sameAs: c.name, matchWith: undefined };
  }
  if (typeof c === 'object' && c.kind === 'types-match-with') {
    return { arity, constraint: c.constraint === undefined ? undefined : toTypeConstraint(c.constraint), sameAs: undefined, matchWith: c };
  }
  return { arity, constraint: toTypeConstraint(c as TypeConstraint | TypeClass), sameAs: undefined, matchWith: undefined };
}
