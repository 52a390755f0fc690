// What a kernel value is in WGSL: a scalar expression (a name or a literal) of a representation, a memref view known at
// translation time, a group argument, or nothing because an error was reported where it was defined.
import type { GroupArgumentPlan } from './kernel-arguments.js';
import type { MemrefView } from './memref-view.js';
import type { ScalarRepr } from './scalar-types.js';

export interface ScalarValue {
  readonly kind: 'scalar';
  /** A WGSL atom: a name, a literal, or a parenthesized expression. */
  readonly expr: string;
  readonly repr: ScalarRepr;
  /** The value of an integer constant (arith.constant), for index arithmetic folded at translation time. */
  readonly constant?: number;
}

export interface MemrefValue {
  readonly kind: 'memref';
  readonly view: MemrefView;
}

export interface GroupValue {
  readonly kind: 'group';
  readonly group: GroupArgumentPlan;
}

/** A value whose definition could not be translated (already reported): its users are skipped silently. */
export interface PoisonedValue {
  readonly kind: 'poisoned';
}

export type WgslValue = ScalarValue | MemrefValue | GroupValue | PoisonedValue;

export const POISONED: PoisonedValue = Object.freeze({ kind: 'poisoned' });

/** Thrown by an op's translation after it reported its error, to skip the rest of the op. */
export class TranslationFailure {
  static readonly instance = new TranslationFailure();
  private constructor() {}
}
