import { type Type } from '@tlir/ir';
import { type TypeText } from './scalar-rules.js';
import { tlTypeText } from './types.js';

/**
 * The rules on regions (spec: Execution model, If, Yield), shared by the front end and the ops' verifiers.
 *
 * A foreach's region is an spmd region; the regions of for and if are mixed regions, except that everything
 * nested in an spmd region is spmd code too (work-items have diverged: a collective there would not be executed
 * by the whole work-group), as tinytc v0.3's check_ir treats them.
 */

/** spec: Yield: "Yield returns values from an if or for instruction" (the instructions whose regions may end with one). */
export const YIELD_PARENTS: readonly ('if' | 'for')[] = ['if', 'for'];

export const COLLECTIVE_IN_SPMD = 'is a collective instruction, which is not allowed in an spmd region (inside foreach)';
export const NESTED_SPMD = 'spmd regions must not be nested (foreach inside foreach)';

/**
 * spec: If, Yield. The values a yield gives back must be the results of the instruction around it (`parent`), in
 * number and type: an if's result types, none for a for.
 */
export function yieldTypesProblem(got: readonly Type[], expected: readonly Type[], parent: 'if' | 'for', typeText: TypeText = tlTypeText): string | undefined {
  const list = (ts: readonly Type[]): string => `(${ts.map(typeText).join(', ')})`;
  if (got.length !== expected.length || got.some((t, k) => t !== expected[k])) {
    return `yield types ${list(got)} do not match the ${parent}'s result types ${list(expected)}`;
  }
  return undefined;
}

/** spec: If: with results, "the else-region cannot be omitted". */
export function ifElseProblem(results: number, hasElse: boolean): string | undefined {
  return results && !hasElse ? 'needs an else region, since it returns values' : undefined;
}

/** spec: If: with results, "the last instruction in both the then-region and the else-region must be a yield". */
export function ifYieldProblem(region: 'then' | 'else', results: number, endsWithYield: boolean): string | undefined {
  return results && !endsWithYield ? `the ${region} region must end with a yield of ${results} value${results === 1 ? '' : 's'}` : undefined;
}
