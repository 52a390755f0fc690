// A vector as the interpreter holds it: its elements, in order.
import type { RuntimeObject, RuntimeValue } from '@tlir/interpreter';

export class VectorValue implements RuntimeObject {
  readonly runtimeKind = 'vector';
  constructor(readonly elements: readonly (number | bigint)[]) {}
  describe(): string {
    return `vector (${this.elements.join(', ')})`;
  }
}

export const isVectorValue = (v: RuntimeValue): v is VectorValue => v instanceof VectorValue;
