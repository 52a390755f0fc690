// Results tied to operands (IREE's TiedOpInterface): a result that is the storage of one of the op's operands,
// updated in place (`-> %arg0` in a dispatch's type, `%target as tensor<...>` in a collective's). Kept in the
// `tied_operands` property: one index per result, relative to the op's tied operand group; -1 when untied.
import { ArrayAttr, IndexAttr, IndexType, IntegerAttr, RankedTensorType, ArrayAttrOf, type Context, type Operation, type Value } from '@tlir/ir';

/** The value of an untied result in `tied_operands`. */
export const UNTIED = -1;

/** `[0 : index, -1 : index]`. */
export const TiedOperandsAttr = ArrayAttrOf(IndexAttr, '64-bit integer array attribute');

export function tiedOperandsAttr(ctx: Context, indices: readonly number[]): ArrayAttr {
  const index = IndexType.get(ctx);
  return ArrayAttr.get(
    ctx,
    indices.map((i) => IntegerAttr.get(ctx, index, i)),
  );
}

/** The tied operand of each of the op's `numResults` results (UNTIED when the property is absent or says so). */
export function tiedOperandIndices(op: Operation): number[] {
  const attr = op.getProperty('tied_operands');
  const indices = new Array<number>(op.numResults).fill(UNTIED);
  if (attr instanceof ArrayAttr) {
    attr.elements.forEach((a, i) => {
      if (a instanceof IntegerAttr && i < indices.length) indices[i] = a.number;
    });
  }
  return indices;
}

/**
 * Checks `tied_operands` against the op's results and its tied operand group `operands`: one entry per result,
 * each UNTIED or the index of a tensor operand tied to at most one result, whose result is a tensor too.
 */
export function verifyTiedOperands(op: Operation, operands: readonly Value[]): boolean {
  const attr = op.getProperty('tied_operands');
  if (attr === undefined) return true;
  const fail = (message: string): false => {
    op.emitOpError(message);
    return false;
  };
  if (!(attr instanceof ArrayAttr) || attr.length !== op.numResults) {
    return fail(`expects 'tied_operands' to have one entry per result (${op.numResults}), got ${attr}`);
  }
  const seen = new Set<number>();
  for (const [r, i] of tiedOperandIndices(op).entries()) {
    if (i === UNTIED) continue;
    if (i < 0 || i >= operands.length) return fail(`result #${r} is tied to operand ${i}, which is not one of the ${operands.length} tied operands`);
    if (seen.has(i)) return fail(`operand ${i} is tied to more than one result`);
    seen.add(i);
    if (!(operands[i]!.type instanceof RankedTensorType) || !(op.results[r]!.type instanceof RankedTensorType)) {
      return fail(`result #${r} is tied to operand ${i}: only tensors can be tied, got ${operands[i]!.type} and ${op.results[r]!.type}`);
    }
  }
  return true;
}
