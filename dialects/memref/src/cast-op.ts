import { ViewLikeOpInterface } from '@tlir/ir';
import { AnyRankedOrUnrankedMemRef, MemRefType, Pure, SameOperandsAndResultShape, UnrankedMemRefType, defineOp, defineTrait, type OpFoldResult, type Operation, type Type, type Value } from '@tlir/ir';
import { DYNAMIC } from '@tlir/ir';
import { stridesAndOffset } from './static-indices.js';

/** MLIR's CastOp::areCastCompatible: which memref types a memref.cast may convert between. */
export function areCastCompatible(a: Type, b: Type): boolean {
  if (a instanceof MemRefType && b instanceof MemRefType) {
    if (a.elementType !== b.elementType) return false;
    if (a.layout !== b.layout) {
      if (a.stridedLayout === undefined || b.stridedLayout === undefined) return false;
      const sa = stridesAndOffset(a);
      const sb = stridesAndOffset(b);
      if (sa.strides.length !== sb.strides.length) return false;
      const compatible = (x: number, y: number): boolean => x === DYNAMIC || y === DYNAMIC || x === y;
      if (!compatible(sa.offset, sb.offset)) return false;
      for (let i = 0; i < sa.strides.length; i++) if (!compatible(sa.strides[i]!, sb.strides[i]!)) return false;
    }
    if (a.memorySpace !== b.memorySpace) return false;
    if (a.shape.length !== b.shape.length) return false;
    for (let i = 0; i < a.shape.length; i++) {
      const x = a.shape[i]!;
      const y = b.shape[i]!;
      if (x !== DYNAMIC && y !== DYNAMIC && x !== y) return false;
    }
    return true;
  }
  const ranked = (t: Type): boolean => t instanceof MemRefType;
  const unranked = (t: Type): boolean => t instanceof UnrankedMemRefType;
  if (!ranked(a) && !unranked(a)) return false;
  if (!ranked(b) && !unranked(b)) return false;
  // Unranked to unranked casting is unsupported.
  if (unranked(a) && unranked(b)) return false;
  const ta = a as MemRefType | UnrankedMemRefType;
  const tb = b as MemRefType | UnrankedMemRefType;
  return ta.elementType === tb.elementType && ta.memorySpace === tb.memorySpace;
}

/** MLIR's CastOpInterface verifier. */
const CastOpInterface = defineTrait('CastOpInterface', {
  verify(op) {
    const from = op.operandValues[0]!.type;
    const to = op.getResultType(0);
    if (areCastCompatible(from, to)) return true;
    op.emitOpError(`operand type '${from}' and result type '${to}' are cast incompatible`);
    return false;
  },
});

/** `%c = memref.cast %m : memref<4xf32> to memref<?xf32>`: a cast to a compatible memref type. */
export const CastOp = defineOp('memref.cast', {
  summary: 'memref cast operation',
  description: `
The \`memref.cast\` operation converts a memref from one type to an equivalent type with a compatible shape. The
source and destination types are compatible if both are ranked memref types with the same element type, memory
space and rank, whose sizes (and offsets and strides) agree where both are static; or if either is unranked, with
the same element type and memory space. A cast to a more static type acts as an assertion checked at runtime.

Example:

\`\`\`mlir
%2 = memref.cast %1 : memref<?x?xf32> to memref<4x4xf32>
%3 = memref.cast %1 : memref<4xf32> to memref<?xf32>
%4 = memref.cast %1 : memref<12x4xf32, strided<[4, 1], offset: 5>> to memref<12x4xf32, strided<[?, ?], offset: ?>>
%5 = memref.cast %1 : memref<4x?xf32> to memref<*xf32>
\`\`\`
`,
  operands: { source: AnyRankedOrUnrankedMemRef },
  results: { dest: AnyRankedOrUnrankedMemRef },
  traits: [CastOpInterface, Pure, SameOperandsAndResultShape],
  interfaces: [ViewLikeOpInterface.implement({ getViewSource: (op) => op.getOperand(0) })],
  assemblyFormat: '$source attr-dict `:` type($source) `to` type($dest)',
  getAsmResultNames: (c, setName) => setName(c.dest, 'cast'),
  // A cast to its own type is its source (the fold MLIR's CastOpInterface gives); a cast of a memref.cast of a
  // ranked memref casts that one's source (MLIR's CastOp::fold, foldMemRefCast).
  fold({ op }): OpFoldResult | undefined {
    if (op.source.type === op.dest.type) return op.source;
    return foldMemRefCast(op.op) ? op.dest : undefined;
  },
});

/**
 * MLIR's memref::foldMemRefCast: every operand of `op` produced by a `memref.cast` of a ranked memref is replaced
 * by the cast's source (the consumer reads the more precise type; an operand equal to `inner` is left). Whether an
 * operand changed; for the fold hooks of ops that accept any memref (gpu.memcpy, gpu.memset).
 */
export function foldMemRefCast(op: Operation, inner?: Value): boolean {
  let folded = false;
  const n = op.numOperands;
  for (let i = 0; i < n; i++) {
    const v = op.getOperand(i);
    const def = v.definingOp;
    if (!def || !CastOp.is(def) || v === inner) continue;
    const source = def.getOperand(0);
    if (source.type instanceof UnrankedMemRefType) continue;
    op.setOperand(i, source);
    folded = true;
  }
  return folded;
}

/** Strides and offset of a ranked memref whose layout is strided (or the identity); undefined for other layouts. */
function stridedForm(t: MemRefType): { strides: readonly number[]; offset: number } | undefined {
  if (t.layout && t.stridedLayout === undefined) return undefined;
  return stridesAndOffset(t);
}

/**
 * MLIR's CastOp::canFoldIntoConsumerOp: a cast between ranked strided memrefs of one element type and rank that
 * only forgets static information (no size, offset or stride becomes more static), so its consumer may read the
 * source instead.
 */
export function canFoldCastIntoConsumer(cast: Operation): boolean {
  if (!CastOp.is(cast)) return false;
  const source = cast.getOperand(0).type;
  const result = cast.getResultType(0);
  if (!(source instanceof MemRefType) || !(result instanceof MemRefType)) return false;
  if (source.elementType !== result.elementType || source.shape.length !== result.shape.length) return false;
  const s = stridedForm(source);
  const r = stridedForm(result);
  if (!s || !r) return false;
  const moreStatic = (from: number, to: number): boolean => from !== to && from === DYNAMIC && to !== DYNAMIC;
  if (source.shape.some((d, i) => d < 0 && result.shape[i]! >= 0)) return false;
  if (moreStatic(s.offset, r.offset)) return false;
  return !s.strides.some((x, i) => moreStatic(x, r.strides[i]!));
}
