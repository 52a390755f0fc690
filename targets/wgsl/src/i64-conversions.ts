// The one place an i64 is accepted: between an index (or a narrower integer) and a float, where the tensor language's
// casts go through i64 (`arith.index_cast %i : index to i64` then `arith.sitofp ... i64 to f32`, and `fptosi` to i64
// then `index_cast` to index). With index as WGSL's i32 the i64 there only ever holds a 32-bit value, so it is
// translated as an i32; any other i64 is the error "i64 is not supported by WGSL".
import { ExtSIOp, ExtUIOp, FPToSIOp, IndexCastOp, SIToFPOp, TruncIOp } from '@tlir/dialect-arith';
import { IndexType, IntegerType, type Operation, type Value } from '@tlir/ir';

const isI64 = (v: Value): boolean => v.type instanceof IntegerType && v.type.isSignless(64);

/** An integer type of at most 32 bits, or index. */
function isNarrowInteger(v: Value, maxWidth: number): boolean {
  const t = v.type;
  return t instanceof IndexType || (t instanceof IntegerType && t.isSignless() && t.width <= maxWidth);
}

/** Whether an op produces an i64 from a value that fits 32 bits (or from a float, as a conversion to index does). */
function producesNarrowI64(v: Value): boolean {
  const def = v.definingOp;
  const source = def?.operands[0];
  if (!def || !source) return false;
  if (IndexCastOp.is(def)) return source.type instanceof IndexType;
  if (ExtSIOp.is(def)) return isNarrowInteger(source, 32);
  if (ExtUIOp.is(def)) return isNarrowInteger(source, 31);
  return FPToSIOp.is(def);
}

/** Whether an op reads its i64 operand only as a number to convert (to a float, to index, to a narrower integer). */
function consumesAsConversion(user: Operation): boolean {
  if (SIToFPOp.is(user)) return true;
  if (IndexCastOp.is(user)) return user.results[0]!.type instanceof IndexType;
  if (TruncIOp.is(user)) return isNarrowInteger(user.results[0]!, 32);
  return false;
}

/** Whether `v` is an i64 that only carries a conversion between a 32-bit value and a float or index. */
export function isI64Conversion(v: Value): boolean {
  if (!isI64(v) || !producesNarrowI64(v)) return false;
  for (const use of v.uses()) if (!consumesAsConversion(use.owner)) return false;
  return true;
}
