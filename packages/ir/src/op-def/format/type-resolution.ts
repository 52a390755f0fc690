import type { Context } from '../../context.js';
import type { Trait } from '../../trait.js';
import { SameOperandsAndResultType, SameTypeOperands } from '../../traits.js';
import type { Type } from '../../type.js';
import type { OpDeclaration } from '../op-declaration.js';
import type { ParsedFormat } from './format-parser.js';

/** Where the parser of a format takes the types of one operand or result group from. */
export type TypeSource =
  /** The format writes them. */
  | { readonly kind: 'given' }
  /** They are the types of another group the format writes (SameAs, SameOperandsAndResultType). */
  | { readonly kind: 'group'; readonly from: 'operand' | 'result'; readonly index: number }
  /** They are computed from the (first) type of a group the format writes (TypesMatchWith). */
  | { readonly kind: 'transform'; readonly from: 'operand' | 'result'; readonly index: number; readonly transform: (t: Type, ctx: Context) => readonly Type[] }
  /** The constraint allows one type only (`I1`, `Index`). */
  | { readonly kind: 'build'; readonly build: (ctx: Context) => Type }
  /** The op's `inferResultTypes` computes them from the operands (results only). */
  | { readonly kind: 'infer' };

/**
 * Decides, at definition time, how the parser of a format gets every operand and result type; throws (with
 * ODS's message) for a type that is neither written, inferable from an equal one, nor buildable.
 */
export function planTypeResolution(
  decl: OpDeclaration,
  parsed: ParsedFormat,
  traits: readonly Trait[],
  canInferResults: boolean,
  fail: (message: string) => never,
): { operands: TypeSource[]; results: TypeSource[] } {
  const nOps = decl.operands.length;
  const key = (kind: 'operand' | 'result', index: number): number => (kind === 'operand' ? index : nOps + index);
  const total = nOps + decl.results.length;
  const parent = Array.from({ length: total }, (_, i) => i);
  const root = (i: number): number => (parent[i] === i ? i : (parent[i] = root(parent[i]!)));
  const union = (a: number, b: number): void => {
    parent[root(a)] = root(b);
  };
  decl.operands.forEach((g) => g.sameAs && union(key('operand', g.index), key(g.sameAs.kind, g.sameAs.index)));
  decl.results.forEach((g) => g.sameAs && union(key('result', g.index), key(g.sameAs.kind, g.sameAs.index)));
  if (traits.includes(SameOperandsAndResultType)) for (let i = 1; i < total; i++) union(i, 0);
  if (traits.includes(SameTypeOperands)) for (let i = 1; i < nOps; i++) union(i, 0);

  const given = (i: number): boolean =>
    i < nOps ? parsed.allOperandTypes || parsed.operandTypesGiven[i]! : parsed.allResultTypes || parsed.resultTypesGiven[i - nOps]!;
  const plan = (kind: 'operand' | 'result', index: number): TypeSource => {
    const me = key(kind, index);
    if (given(me)) return { kind: 'given' };
    for (let i = 0; i < total; i++) {
      if (i !== me && root(i) === root(me) && given(i)) {
        return i < nOps ? { kind: 'group', from: 'operand', index: i } : { kind: 'group', from: 'result', index: i - nOps };
      }
    }
    const group = kind === 'operand' ? decl.operands[index]! : decl.results[index]!;
    const from = group.typesFrom;
    if (from && given(key(from.kind, from.index))) return { kind: 'transform', from: from.kind, index: from.index, transform: from.transform };
    const build = group.constraint?.build;
    if (build) return { kind: 'build', build };
    if (kind === 'result' && canInferResults) return { kind: 'infer' };
    return fail(`type of ${kind} #${index}, named '${group.name}', is not buildable and a buildable type cannot be inferred`);
  };
  return {
    operands: decl.operands.map((g) => plan('operand', g.index)),
    results: decl.results.map((g) => plan('result', g.index)),
  };
}
