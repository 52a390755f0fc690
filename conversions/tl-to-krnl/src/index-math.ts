// Index arithmetic on values that may be known at compile time: a size, stride or bound is a number when the types
// fix it and an index Value otherwise, and ops are only made for what is not known.
import { AddIOp, DivSIOp, MinSIOp, MulIOp, SubIOp } from '@tlir/dialect-arith';
import { DYNAMIC, IndexType, staticIndicesAttr, type Builder, type Context, type DenseArrayAttr, type Value } from '@tlir/ir';
import { indexConstant, type BinaryArithOp } from './arith-semantics.js';

/** An index known at compile time (a number) or at run time (an index value). */
export type IndexLike = number | Value;

/** The index as a value (an arith.constant for a number). */
export const indexValue = (b: Builder, v: IndexLike): Value => (typeof v === 'number' ? indexConstant(b, v) : v);

function binary(b: Builder, def: BinaryArithOp, x: IndexLike, y: IndexLike, fold: (p: number, q: number) => number): IndexLike {
  if (typeof x === 'number' && typeof y === 'number') return fold(x, y);
  const index = IndexType.get(b.context);
  return def.create(b, { lhs: indexValue(b, x), rhs: indexValue(b, y), result: index }).result;
}

export const addIndex = (b: Builder, x: IndexLike, y: IndexLike): IndexLike =>
  y === 0 ? x : x === 0 ? y : binary(b, AddIOp, x, y, (p, q) => p + q);
export const subIndex = (b: Builder, x: IndexLike, y: IndexLike): IndexLike => (y === 0 ? x : binary(b, SubIOp, x, y, (p, q) => p - q));
export const mulIndex = (b: Builder, x: IndexLike, y: IndexLike): IndexLike =>
  y === 1 ? x : x === 1 ? y : binary(b, MulIOp, x, y, (p, q) => p * q);
/** x / y for sizes (non-negative, y dividing x where the program is correct). */
export const divIndex = (b: Builder, x: IndexLike, y: IndexLike): IndexLike => (y === 1 ? x : binary(b, DivSIOp, x, y, (p, q) => Math.trunc(p / q)));
export const minIndex = (b: Builder, x: IndexLike, y: IndexLike): IndexLike => binary(b, MinSIOp, x, y, Math.min);

/** A list of indices as MLIR's mixed static/dynamic lists keep them: the numbers with DYNAMIC for each value, and the values. */
export function mixedIndices(ctx: Context, list: readonly IndexLike[]): { statics: DenseArrayAttr; dynamics: Value[] } {
  const dynamics = list.filter((v): v is Value => typeof v !== 'number');
  return { statics: staticIndicesAttr(ctx, list.map((v) => (typeof v === 'number' ? v : DYNAMIC))), dynamics };
}

/** A static size or stride of a builtin type, or the value computed for it when the type has `?`. */
export const staticOr = (known: number, dynamic: () => IndexLike): IndexLike => (known === DYNAMIC ? dynamic() : known);
