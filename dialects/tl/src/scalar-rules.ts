import { FloatType, IndexType, IntegerType, type Type } from '@tlir/ir';
import { isFloatType, isIntegerType, isScalarType, tlTypeText } from './types.js';

/**
 * The rules on scalar operands (spec: Arithmetic (binary), Arithmetic (unary), For, Foreach), shared by the front
 * end (which reports them at the instruction, in tensor-language terms) and the ops' verifiers (which report them
 * MLIR's way). Each returns what is wrong, or undefined; `typeText` writes a type in the caller's syntax.
 */
export type TypeText = (t: Type) => string;

/** The arith kinds defined on integer types only (spec: Arithmetic tables; i1 is an integer type there). */
const INTEGER_ONLY_KINDS: ReadonlySet<string> = new Set(['shl', 'shr', 'and', 'or', 'xor', 'not']);

/**
 * spec: Arithmetic. `kind` is `add`, ..., `xor` (binary) or `neg`, `not` (unary); `type` the operands' type. The
 * message is about the kind: callers put it in front (`arith.shl needs ...`, `'tl.arith' op shl needs ...`).
 */
export function arithTypeProblem(kind: string, type: Type, typeText: TypeText = tlTypeText): string | undefined {
  if (!isScalarType(type)) return `needs a scalar type, got ${typeText(type)}`;
  if (INTEGER_ONLY_KINDS.has(kind) && !isIntegerType(type)) return `needs an integer type, got ${typeText(type)}`;
  return undefined;
}

/** spec: For, Foreach. The loop variable and the bounds have one integer type (not i1: it cannot count). */
export function loopTypeProblem(type: Type, typeText: TypeText = tlTypeText): string | undefined {
  if (!isIntegerType(type) || (type instanceof IntegerType && type.width === 1)) {
    return `loop variable must have an integer type (i8, i16, i32, i64 or index), got ${typeText(type)}`;
  }
  return undefined;
}

/** How many bits a scalar type holds, for promotions (`index` counts as 64 bits, the widest integer). */
function width(t: Type): number {
  if (t instanceof IndexType) return 64;
  if (t instanceof IntegerType) return t.width;
  return t instanceof FloatType && t.kind === 'f64' ? 64 : 32;
}

/**
 * Whether a value of scalar type `from` converts to `to` without losing its kind or range (tinytc's promotion
 * rule): the same type, or a strictly narrower type of the same kind, or a strictly narrower integer to a float
 * (i16 to f32, i32 to f64; i32 to f32 would round). `index` counts as 64 bits. The collectives (GEMM, ...) need
 * their scalars and elements to promote this way.
 */
export function promotable(from: Type, to: Type): boolean {
  if (from === to) return true;
  if (!isScalarType(from) || !isScalarType(to)) return false;
  return (isIntegerType(from) || isFloatType(to)) && width(from) < width(to);
}
