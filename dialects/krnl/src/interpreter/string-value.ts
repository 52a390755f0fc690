// The runtime value of a `!krnl.string`: a JS string, seen by the string ops as its UTF-8 bytes (as onnx-mlir's
// runtime sees a C string). A host gives one to a function as `new KrnlStringValue('text')`.
import type { Type } from '@tlir/ir';
import type { RuntimeObject, RuntimeValue } from '@tlir/interpreter';
import { StringType } from '../krnl-types.js';

const encoder = new TextEncoder();

export class KrnlStringValue implements RuntimeObject {
  readonly runtimeKind = 'krnl.string';
  /** The UTF-8 bytes, up to the first NUL (where a C string ends). */
  readonly bytes: Uint8Array;

  constructor(readonly text: string) {
    const all = encoder.encode(text);
    const nul = all.indexOf(0);
    this.bytes = nul < 0 ? all : all.subarray(0, nul);
  }

  describe(): string {
    return `string ${JSON.stringify(this.text)}`;
  }
}

/** The value check of `!krnl.string` (registered with the implementations). */
export function stringValueProblem(type: Type, v: RuntimeValue): string | undefined | null {
  if (!StringType.is(type)) return null;
  return v instanceof KrnlStringValue ? undefined : 'expected a krnl string (KrnlStringValue)';
}
