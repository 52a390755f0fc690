import type { CustomDirective } from './custom-directive.js';

/** What a `type(...)` or `functional-type(...)` directive refers to. */
export type TypeArg =
  | { readonly kind: 'operand'; readonly index: number }
  | { readonly kind: 'result'; readonly index: number }
  | { readonly kind: 'operands' }
  | { readonly kind: 'results' };

/** An argument of `custom<Name>(...)`. */
export type CustomArg =
  | OperandElement
  | AttributeElement
  | RegionElement
  | SuccessorElement
  | TypeElement
  | AttrDictElement
  | { readonly kind: 'ref'; readonly arg: CustomArg }
  | { readonly kind: 'string'; readonly value: string };

export interface LiteralElement {
  readonly kind: 'literal';
  readonly value: string;
}
/** `` ` ` `` (a space), ``` `` ``` (no space) or `` `\n` ``. */
export interface WhitespaceElement {
  readonly kind: 'whitespace';
  readonly value: string;
}
export interface OperandElement {
  readonly kind: 'operand';
  readonly index: number;
}
export interface AttributeElement {
  readonly kind: 'attribute';
  /** Index among the declared properties. */
  readonly index: number;
  readonly qualified: boolean;
}
export interface RegionElement {
  readonly kind: 'region';
  readonly index: number;
}
export interface SuccessorElement {
  readonly kind: 'successor';
  readonly index: number;
}
export interface TypeElement {
  readonly kind: 'type';
  readonly arg: TypeArg;
  readonly qualified: boolean;
}
export interface FunctionalTypeElement {
  readonly kind: 'functional-type';
  readonly inputs: TypeArg;
  readonly results: TypeArg;
}
export interface AttrDictElement {
  readonly kind: 'attr-dict';
  readonly withKeyword: boolean;
}
export interface CustomElement {
  readonly kind: 'custom';
  readonly name: string;
  readonly directive: CustomDirective;
  readonly args: readonly CustomArg[];
}
/** `( then... ) : ( else... ) ?` with one element of `then` marked `^` as the anchor. */
export interface OptionalElement {
  readonly kind: 'optional';
  readonly then: readonly FormatElement[];
  readonly else: readonly FormatElement[];
  readonly anchor: FormatElement;
}
/** `oilist(`kw` elements | `kw2` elements ...)`: clauses in any order, each at most once. */
export interface OIListElement {
  readonly kind: 'oilist';
  readonly clauses: readonly { readonly keyword: string; readonly elements: readonly FormatElement[] }[];
}

/** One element of a parsed assembly format. */
export type FormatElement =
  | LiteralElement
  | WhitespaceElement
  | OperandElement
  | AttributeElement
  | RegionElement
  | SuccessorElement
  | TypeElement
  | FunctionalTypeElement
  | AttrDictElement
  | CustomElement
  | OptionalElement
  | OIListElement
  | { readonly kind: 'operands' }
  | { readonly kind: 'regions' }
  | { readonly kind: 'successors' }
  | { readonly kind: 'prop-dict' };
