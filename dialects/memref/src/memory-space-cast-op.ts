import { AnyRankedOrUnrankedMemRef, MemRefType, Pure, UnrankedMemRefType, ViewLikeOpInterface, defineOp, defineTrait, type OpFoldResult, type Type } from '@tlir/ir';

/** MLIR's MemorySpaceCastOp::areCastCompatible: the same memref but for its memory space. */
function areMemorySpaceCastCompatible(a: Type, b: Type): boolean {
  if (a instanceof MemRefType && b instanceof MemRefType) {
    return a.elementType === b.elementType && a.layout === b.layout && a.shape.length === b.shape.length && a.shape.every((d, i) => d === b.shape[i]);
  }
  if (a instanceof UnrankedMemRefType && b instanceof UnrankedMemRefType) return a.elementType === b.elementType;
  return false;
}

const MemorySpaceCastCompatible = defineTrait('MemorySpaceCastCompatible', {
  verify(op) {
    const from = op.operandValues[0]!.type;
    const to = op.getResultType(0);
    if (areMemorySpaceCastCompatible(from, to)) return true;
    op.emitOpError(`operand type '${from}' and result type '${to}' are cast incompatible`);
    return false;
  },
});

/**
 * `%g = memref.memory_space_cast %m : memref<?xf32, 1> to memref<?xf32>`: the same memref in another memory space
 * (MLIR 22's `memref.memory_space_cast`).
 */
export const MemorySpaceCastOp = defineOp('memref.memory_space_cast', {
  summary: 'memref memory space cast operation',
  description: `
This operation casts memref values between memory spaces. The input and result are memrefs of the same types and
shape that alias the same underlying memory, though, for some casts on some targets, the underlying values of the
pointer stored in the memref may be affected by the cast. Both must be ranked or both unranked.

Example:

\`\`\`mlir
%1 = memref.memory_space_cast %0 : memref<?xf32, 5> to memref<?xf32, 10>
\`\`\`
`,
  operands: { source: AnyRankedOrUnrankedMemRef },
  results: { dest: AnyRankedOrUnrankedMemRef },
  traits: [MemorySpaceCastCompatible, Pure],
  interfaces: [ViewLikeOpInterface.implement({ getViewSource: (op) => op.getOperand(0) })],
  assemblyFormat: '$source attr-dict `:` type($source) `to` type($dest)',
  getAsmResultNames: (c, setName) => setName(c.dest, 'memspacecast'),
  // A cast to its own type is its source (as any cast op folds in MLIR); a cast of a cast casts the first source
  // (MLIR's MemorySpaceCastOp::fold).
  fold({ op }): OpFoldResult | undefined {
    if (op.source.type === op.dest.type) return op.source;
    const def = op.source.definingOp;
    if (def && MemorySpaceCastOp.is(def)) {
      op.op.setOperand(0, def.getOperand(0));
      return op.dest;
    }
    return undefined;
  },
});
