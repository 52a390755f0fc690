import type { OperationName } from './op-definition.js';

/**
 * A fact about an operation name that depends on its definition alone (its traits, its interfaces), computed on
 * the first query and kept on the name: passes ask such questions for every op they visit (is it a terminator
 * without effects? what are the memory effects its traits state?), and a field read beats a map lookup. The
 * memo of a name is reset when a definition is registered for it.
 *
 * ```ts
 * const isPureTerminator = defineOperationNameMemo((name) => name.hasTrait(Pure) && name.hasTrait(Terminator));
 * if (isPureTerminator.get(op.opName)) ...
 * ```
 *
 * `compute` must not return undefined (it would be computed again at each query).
 */
export interface OperationNameMemo<T> {
  get(name: OperationName): T;
}

let lastMemoIndex = -1;

export function defineOperationNameMemo<T>(compute: (name: OperationName) => T): OperationNameMemo<T> {
  const index = ++lastMemoIndex;
  return {
    get(name: OperationName): T {
      const memo = name.memo;
      const known = memo[index];
      if (known !== undefined) return known as T;
      const value = compute(name);
      while (memo.length < index) memo.push(undefined);
      memo[index] = value;
      return value;
    },
  };
}
