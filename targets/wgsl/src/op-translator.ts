// How a translator is registered: for an op definition (an op the WGSL translation knows is an op some dialect
// defines), found by the op's definition, not its name.
import type { OpDecl, OpDef, OpDefinition, Operation, ViewOf } from '@tlir/ir';
import type { KernelTranslation, OpTranslator } from './kernel-translation.js';

/** A translator and the op definition it translates. */
export interface TranslatorEntry {
  readonly def: OpDefinition;
  readonly translate: OpTranslator;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyOpDef = OpDef<OpDecl<any, any, any, any, any>>;

/**
 * The translator of the ops of `def`, which receives each op's typed view (`op.predicate`, `op.lhs`; the operation
 * is `op.op`). For several definitions (a union), the union of their views.
 */
export function translator<D extends AnyOpDef>(def: D, translate: (op: ViewOf<D>, t: KernelTranslation) => void): TranslatorEntry {
  return { def, translate: (op, t) => translate(def.wrap(op) as ViewOf<D>, t) };
}

/**
 * The translator of the ops of `def` that works on the operation itself (by operand and result position, as the
 * translators shared by many ops do: `a + b` for every binary op).
 */
export function opTranslator(def: OpDefinition, translate: OpTranslator): TranslatorEntry {
  return { def, translate };
}

/** The translators by definition; a definition given twice is a programming error. */
export function translatorTable(...groups: readonly (readonly TranslatorEntry[])[]): ReadonlyMap<OpDefinition, OpTranslator> {
  const table = new Map<OpDefinition, OpTranslator>();
  for (const group of groups) {
    for (const { def, translate } of group) {
      if (table.has(def)) throw new Error(`a WGSL translator of '${def.name}' is already registered`);
      table.set(def, translate);
    }
  }
  return table;
}

/** The translator of `op`: the one registered for its definition (none for an op no dialect defines). */
export function translatorOf(table: ReadonlyMap<OpDefinition, OpTranslator>, op: Operation): OpTranslator | undefined {
  const def = op.opName.def;
  return def === undefined ? undefined : table.get(def);
}
