// The canonicalizations that merge two reshapes of the same kind into one (MLIR's ComposeReassociativeReshapeOps,
// for memref.collapse_shape and memref.expand_shape on memrefs with the identity layout).
import { ArrayAttr, IntegerAttr, IntegerType, type Context, type MemRefType, type Operation } from '@tlir/ir';
import { definePattern } from '@tlir/rewrite';
import { CastOp, areCastCompatible } from './cast-op.js';
import { reassociationIndices } from './memref-constraints.js';
import { CollapseShapeOp, ExpandShapeOp } from './reshape-ops.js';
import { isIdentityLayout } from './static-indices.js';

type Groups = readonly (readonly number[])[];

/**
 * MLIR's composeReassociationIndices: the groups of the reshape from the first op's source to the second op's
 * result, each group of the smaller list naming groups of the larger one; undefined when both lists have the same
 * length or the smaller does not cover the larger.
 */
export function composeReassociation(producer: Groups, consumer: Groups): number[][] | undefined {
  if (producer.length === consumer.length) return undefined;
  let [outer, inner] = [producer, consumer];
  if (outer.length < inner.length) [outer, inner] = [inner, outer];
  if (inner.length === 0) return [];
  const covered = inner.reduce((n, g) => n + g.length, 0);
  if (covered !== outer.length) return undefined;
  return inner.map((g) => g.flatMap((i) => outer[i]!));
}

function reassociationAttr(ctx: Context, groups: Groups): ArrayAttr {
  const i64 = IntegerType.get(ctx, 64);
  return ArrayAttr.get(ctx, groups.map((g) => ArrayAttr.get(ctx, g.map((i) => IntegerAttr.get(ctx, i64, i)))));
}

/** Whether the three memrefs of a reshape pair all have the identity layout. */
function identityLayouts(first: Operation, second: Operation): boolean {
  return [first.getOperand(0).type, second.getOperand(0).type, second.getResultType(0)].every((t) => isIdentityLayout(t as MemRefType));
}

export const ComposeCollapseOfCollapse = definePattern(
  CollapseShapeOp,
  (c, rewriter) => {
    const def = c.src.definingOp;
    if (!def || !CollapseShapeOp.is(def)) return rewriter.notifyMatchFailure(c.op, 'source is not a collapse_shape');
    if (!identityLayouts(def, c.op)) return rewriter.notifyMatchFailure(c.op, 'a layout is not the identity');
    const inner = CollapseShapeOp.wrap(def);
    const groups = composeReassociation(reassociationIndices(inner.reassociation as ArrayAttr), reassociationIndices(c.reassociation as ArrayAttr));
    if (!groups) return rewriter.notifyMatchFailure(c.op, 'reassociations do not compose');
    const made = CollapseShapeOp.create(rewriter, {
      src: inner.src,
      reassociation: reassociationAttr(rewriter.context, groups),
      result: c.result.type,
      loc: c.op.loc,
    });
    rewriter.replaceOp(c.op, [made.result]);
    return true;
  },
  { debugName: 'ComposeReassociativeReshapeOps<CollapseShapeOp>' },
);

export const ComposeExpandOfExpand = definePattern(
  ExpandShapeOp,
  (e, rewriter) => {
    const def = e.src.definingOp;
    if (!def || !ExpandShapeOp.is(def)) return rewriter.notifyMatchFailure(e.op, 'source is not an expand_shape');
    if (!identityLayouts(def, e.op)) return rewriter.notifyMatchFailure(e.op, 'a layout is not the identity');
    const inner = ExpandShapeOp.wrap(def);
    const groups = composeReassociation(reassociationIndices(inner.reassociation as ArrayAttr), reassociationIndices(e.reassociation as ArrayAttr));
    if (!groups) return rewriter.notifyMatchFailure(e.op, 'reassociations do not compose');
    const made = ExpandShapeOp.create(rewriter, {
      src: inner.src,
      output_shape: [...e.output_shape],
      reassociation: reassociationAttr(rewriter.context, groups),
      static_output_shape: e.static_output_shape,
      result: e.result.type,
      loc: e.op.loc,
    });
    rewriter.replaceOp(e.op, [made.result]);
    return true;
  },
  { debugName: 'ComposeReassociativeReshapeOps<ExpandShapeOp>' },
);

/**
 * collapse_shape of an expand_shape with the same groups, between memrefs of the identity layout whose types differ
 * only in static information (MLIR's ComposeCollapseOfExpandOp, equal ranks): a memref.cast of the expand's source.
 * (Equal types are the collapse's fold.)
 */
export const ComposeCollapseOfExpandToCast = definePattern(
  CollapseShapeOp,
  (c, rewriter) => {
    const def = c.src.definingOp;
    if (!def || !ExpandShapeOp.is(def)) return rewriter.notifyMatchFailure(c.op, 'source is not an expand_shape');
    if (!identityLayouts(def, c.op)) return rewriter.notifyMatchFailure(c.op, 'a layout is not the identity');
    const expand = ExpandShapeOp.wrap(def);
    const source = expand.src;
    const type = c.result.type;
    if (source.type === type) return rewriter.notifyMatchFailure(c.op, 'the types are equal (the fold applies)');
    const a = reassociationIndices(expand.reassociation as ArrayAttr);
    const b = reassociationIndices(c.reassociation as ArrayAttr);
    if (a.length !== b.length || a.some((g, i) => g.length !== b[i]!.length || g.some((d, j) => d !== b[i]![j]))) {
      return rewriter.notifyMatchFailure(c.op, 'the collapse does not undo the expand group by group');
    }
    if (!areCastCompatible(source.type, type)) return rewriter.notifyMatchFailure(c.op, 'the types are not cast compatible');
    rewriter.replaceOp(c.op, [CastOp.create(rewriter, { source, dest: type, loc: c.op.loc }).dest]);
    return true;
  },
  { debugName: 'ComposeCollapseOfExpandOp' },
);
