// Checks arith ops share (ODS's PredOpTraits and CastOpInterface of ArithOps.td), as traits: one function per
// op kind, no allocation on the way to success.
import { IntegerType, RankedTensorType, ShapedType, UnrankedTensorType, defineTrait, type Operation, type Trait, type Type } from '@tlir/ir';

/** The dimensions a tensor contributes to SameInputOutputTensorDims: its shape, `[]` for any other type. */
function tensorDims(t: Type): readonly number[] | 'unranked' {
  if (t instanceof RankedTensorType) return t.shape;
  if (t instanceof UnrankedTensorType) return 'unranked';
  return NO_DIMS;
}
const NO_DIMS: readonly number[] = Object.freeze([]);

function sameDims(a: readonly number[] | 'unranked', b: readonly number[] | 'unranked'): boolean {
  if (a === 'unranked' || b === 'unranked') return a === b;
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/**
 * A cast's input and output tensors have exactly the same dimensions (`tensor<?xi32>` to `tensor<4xi64>` is
 * not allowed, though the shapes are compatible). In MLIR a PredOpTrait: list it first among the op's traits.
 */
export const SameInputOutputTensorDims = defineTrait('SameInputOutputTensorDims', {
  signatureOnly: true,
  verify(op) {
    if (op.numOperands === 0 || op.numResults === 0) return true;
    if (sameDims(tensorDims(op.operandValues[0]!.type), tensorDims(op.getResultType(0)))) return true;
    op.emitOpError('failed to verify that input and output have the same tensor dimensions');
    return false;
  },
});

/**
 * MLIR's CastOpInterface verifier: `compatible(input, output)` must hold for the op's first operand and its
 * result (the only ones arith's casts look at), else "operand type 'i64' and result type 'i32' are cast
 * incompatible".
 */
export function CastOpInterface(name: string, compatible: (input: Type, output: Type) => boolean): Trait {
  return defineTrait(`CastOpInterface<${name}>`, {
    signatureOnly: true,
    verify(op) {
      if (op.numResults === 0) {
        op.emitOpError('expected at least one result for cast operation');
        return false;
      }
      const input = op.operandValues[0]!.type;
      const output = op.getResultType(0);
      if (compatible(input, output)) return true;
      const ins = op.operandValues.map((v) => `'${v.type}'`);
      const outs = op.results.map((r) => `'${r.type}'`);
      op.emitOpError(
        `operand type${ins.length === 1 ? '' : 's'} ${ins.length ? ins.join(', ') : '[]'} and result type${outs.length === 1 ? '' : 's'} ${outs.join(', ')} are cast incompatible`,
      );
      return false;
    },
  });
}

function sameShape(a: ShapedType, b: ShapedType): boolean {
  const x = a.shape;
  const y = b.shape;
  if (x === undefined || y === undefined) return x === y;
  if (x.length !== y.length) return false;
  for (let i = 0; i < x.length; i++) if (x[i] !== y[i]) return false;
  return true;
}

/** arith.select's condition is `i1`, or has exactly the shape of the (shaped) result. A PredOpTrait: list it first. */
export const BooleanConditionOrMatchingShape = defineTrait('BooleanConditionOrMatchingShape', {
  signatureOnly: true,
  verify(op: Operation) {
    const cond = op.operandValues[0].type;
    const result = (op.numResults ? op.getResultType(0) : undefined);
    if (cond === undefined || result === undefined) return true;
    if (cond instanceof IntegerType && cond.isSignless(1)) return true;
    if (cond instanceof ShapedType && result instanceof ShapedType && sameShape(cond, result)) return true;
    op.emitOpError('failed to verify that condition is signless i1 or has matching shape');
    return false;
  },
});
