// The runtime value of a value of function type (`func.constant @f : (i32) -> i32`): the function op it names.
import { FunctionType, getFunctionType, getSymbolName, type Operation, type Type } from '@tlir/ir';
import type { RuntimeObject, RuntimeValue } from '@tlir/interpreter';

export class FunctionValue implements RuntimeObject {
  readonly runtimeKind = 'function';

  constructor(readonly fn: Operation) {}

  describe(): string {
    return `function @${getSymbolName(this.fn) ?? '?'}`;
  }
}

/** What is wrong with `v` as a value of a function type (a FunctionValue of that type), or null for other types. */
export function functionValueProblem(type: Type, v: RuntimeValue): string | undefined | null {
  if (!(type instanceof FunctionType)) return null;
  if (!(v instanceof FunctionValue)) return `expected a function, got ${typeof v === 'object' ? v.describe() : typeof v}`;
  const actual = getFunctionType(v.fn);
  return actual === type ? undefined : `expected a function of type ${type}, got ${v.describe()} of type ${actual}`;
}
