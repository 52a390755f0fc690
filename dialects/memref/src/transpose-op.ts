import {
  AffineMapAttr,
  DYNAMIC,
  MemRefType,
  Pure,
  StridedLayoutAttr,
  ViewLikeOpInterface,
  affineAdd,
  affineConstant,
  affineDim,
  affineMul,
  affineSymbol,
  attrConstraint,
  defineOp,
  type AffineExpr,
  type Context,
  type OpFoldResult,
} from '@tlir/ir';
import { AnyStridedMemRef } from './memref-constraints.js';

const AffineMapProperty = attrConstraint<AffineMapAttr>('AffineMap attribute', (a) => a instanceof AffineMapAttr);

/**
 * The memref `transpose` gives for `source` and a permutation (MLIR's inferTransposeResultType): the sizes and
 * strides permuted, the offset kept, as a strided layout.
 */
export function inferTransposeResultType(ctx: Context, source: MemRefType, permutation: AffineMapAttr): MemRefType {
  const { strides, offset } = source.getStridesAndOffset();
  const order = permutation.results.map((e) => e.value);
  return MemRefType.get(
    ctx,
    order.map((d) => source.shape[d]!),
    source.elementType,
    StridedLayoutAttr.get(ctx, order.map((d) => strides[d]!), offset),
    source.memorySpace,
  );
}

/**
 * A memref type with its layout in MLIR's canonical form (canonicalizeStridedLayout): a single-result layout as
 * a simplified affine map, dropped when it is the row-major layout of the shape.
 */
export function canonicalizeStridedLayout(ctx: Context, t: MemRefType): MemRefType {
  const l = t.layout;
  if (l === undefined) return t;
  const map = l instanceof StridedLayoutAttr ? stridedLinearLayoutMap(ctx, l) : l;
  if (map.isIdentity || map.results.length > 1) return t;
  const withLayout = (layout: AffineMapAttr | undefined): MemRefType => MemRefType.get(ctx, t.shape, t.elementType, layout, t.memorySpace);
  if (map.numDims === 0 && map.numSymbols === 0) {
    const r = map.results[0]!;
    return r.kind === 'constant' && r.value === 0 ? withLayout(undefined) : t;
  }
  if (t.shape.length === 0) return t;
  return map.results[0] === canonicalStridedLayoutExpr(t.shape) ? withLayout(undefined) : withLayout(map);
}

/**
 * Whether two memref types in canonical form describe the same memref: the same type, or the same shape, element
 * type and memory space with the same strides and offset. (MLIR compares the canonical layout expressions, whose
 * terms tlir may order differently; it also rejects a few equal layouts with dynamic sizes that this accepts.)
 */
function equivalentLayouts(a: MemRefType, b: MemRefType): boolean {
  if (a === b) return true;
  if (a.elementType !== b.elementType || a.memorySpace !== b.memorySpace || a.shape.length !== b.shape.length) return false;
  if (a.shape.some((d, i) => d !== b.shape[i])) return false;
  const sa = a.stridedLayout;
  const sb = b.stridedLayout;
  if (sa === undefined || sb === undefined) return false;
  return sa.offset === sb.offset && sa.strides.every((s, i) => s === sb.strides[i]);
}

/** MLIR's makeStridedLinearLayoutMap: `offset + d0 * stride0 + ...`, a new symbol for each dynamic value. */
function stridedLinearLayoutMap(ctx: Context, l: StridedLayoutAttr): AffineMapAttr {
  let symbols = 0;
  let expr: AffineExpr = l.offset === DYNAMIC ? affineSymbol(symbols++) : affineConstant(l.offset);
  l.strides.forEach((stride, d) => {
    expr = affineAdd(expr, affineMul(affineDim(d), stride === DYNAMIC ? affineSymbol(symbols++) : affineConstant(stride)));
  });
  return AffineMapAttr.get(ctx, l.strides.length, symbols, [expr]);
}

/** MLIR's makeCanonicalStridedLayoutExpr: the row-major layout of `shape`, a symbol for each stride past a dynamic size. */
function canonicalStridedLayoutExpr(shape: readonly number[]): AffineExpr {
  let expr: AffineExpr | undefined;
  let running = 1;
  let dynamic = false;
  let symbols = 0;
  for (let d = shape.length - 1; d >= 0; d--) {
    const stride = dynamic ? affineSymbol(symbols++) : affineConstant(running);
    const term = affineMul(affineDim(d), stride);
    expr = expr === undefined ? term : affineAdd(expr, term);
    const size = shape[d]!;
    if (size > 0) running *= size;
    else dynamic = true;
  }
  return expr!;
}

/**
 * `%t = memref.transpose %m (i, j) -> (j, i) : memref<?x?xf32> to memref<?x?xf32, strided<[1, ?]>>`: a view of a
 * memref with its dimensions permuted (MLIR 22's `memref.transpose`; no data moves).
 */
export const TransposeOp = defineOp('memref.transpose', {
  summary: '`transpose` produces a new strided memref (metadata-only)',
  description: `
The \`transpose\` op produces a strided memref whose sizes and strides are a permutation of the original \`in\`
memref. This is purely a metadata transformation.

Example:

\`\`\`mlir
%1 = memref.transpose %0 (i, j) -> (j, i) : memref<?x?xf32> to memref<?x?xf32, affine_map<(d0, d1)[s0] -> (d1 * s0 + d0)>>
\`\`\`
`,
  operands: { in: AnyStridedMemRef },
  properties: { permutation: AffineMapProperty },
  results: { result: AnyStridedMemRef },
  traits: [Pure],
  interfaces: [ViewLikeOpInterface.implement({ getViewSource: (op) => op.getOperand(0) })],
  parse(p, state) {
    const source = p.parseOperand();
    const permutation = p.parseAffineMap();
    const attrs: Parameters<typeof p.parseOptionalAttrDict>[0] = [];
    p.parseOptionalAttrDict(attrs);
    p.parseColon();
    const sourceType = p.parseType();
    state.addOperands(...p.resolveOperands([source], [sourceType]));
    p.parseKeyword('to');
    state.addTypes(p.parseType());
    state.addAttribute('permutation', permutation);
    for (const a of attrs) state.addAttribute(a.name, a.value);
    return true;
  },
  print(f, p) {
    p.write(' ');
    p.printOperand(f.in);
    p.write(` ${f.permutation.body}`);
    p.printOptionalAttrDict(f.op.attributes, ['permutation']);
    p.write(' : ');
    p.printType(f.in.type);
    p.write(' to ');
    p.printType(f.result.type);
  },
  verify(f) {
    const perm = f.permutation;
    if (!perm.isPermutation) {
      f.op.emitOpError('expected a permutation map');
      return false;
    }
    const source = f.in.type as MemRefType;
    if (perm.numDims !== source.shape.length) {
      f.op.emitOpError('expected a permutation map of same rank as the input');
      return false;
    }
    const result = f.result.type as MemRefType;
    const ctx = f.op.context;
    const expected = canonicalizeStridedLayout(ctx, inferTransposeResultType(ctx, source, perm));
    if (!equivalentLayouts(canonicalizeStridedLayout(ctx, result), expected)) {
      f.op.emitOpError(`result type '${result}' is not equivalent to the canonical transposed input type '${expected}'`);
      return false;
    }
    return true;
  },
  getAsmResultNames: (c, setName) => setName(c.result, 'transpose'),
  // MLIR's TransposeOp::fold: an identity permutation to the input's own type is the input; a transpose of a
  // transpose transposes the first input by the composed permutation.
  fold({ op }): OpFoldResult | undefined {
    const perm = op.permutation;
    const order = perm.results.map((e) => e.value);
    if (order.every((d, i) => d === i) && op.in.type === op.result.type) return op.in;
    const def = op.in.definingOp;
    if (!def || !TransposeOp.is(def)) return undefined;
    const inner = TransposeOp.wrap(def).permutation.results.map((e) => e.value);
    const composed = order.map((d) => affineDim(inner[d]!));
    op.op.setOperand(0, def.getOperand(0));
    op.op.setProperty('permutation', AffineMapAttr.get(op.op.context, perm.numDims, 0, composed));
    return op.result;
  },
});
