// arith.cmpi on runtime values: the folder's predicate (applyCmpIPredicate) on the values read as signed or
// unsigned at the width, without going through bigints where the canonical values already compare right.
import { signedValue, unsignedValue, type IntegerFormat } from '@tlir/interpreter';
import type { CmpIPredicate } from '../arith-attributes.js';
import type { Scalar } from './scalar-types.js';

/** `a pred b` for canonical values of `format` (numbers and bigints compare with each other exactly). */
export function compareIntegers(pred: CmpIPredicate, format: IntegerFormat, a: Scalar, b: Scalar): boolean {
  switch (pred) {
    case 'eq':
      return a === b; // canonical values: one representation per value
    case 'ne':
      return a !== b;
  }
  const signed = pred[0] === 's';
  const x = signed ? signedValue(format, a) : unsignedValue(format, a);
  const y = signed ? signedValue(format, b) : unsignedValue(format, b);
  switch (pred) {
    case 'slt':
    case 'ult':
      return x < y;
    case 'sle':
    case 'ule':
      return x <= y;
    case 'sgt':
    case 'ugt':
      return x > y;
    case 'sge':
    case 'uge':
      return x >= y;
  }
}
