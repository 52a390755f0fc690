// The canonicalization patterns of the gpu dialect (MLIR 22's GPUDialect.cpp), besides the folders of gpu.memcpy,
// gpu.memset, gpu.all_reduce and gpu.subgroup_reduce (in their op definitions). The dialect attaches them lazily
// (gpu-dialect.ts). The pattern on memref.dim of a gpu.alloc is gpu.alloc's own (memory-ops.ts).
import { IndexType, IntegerAttr, type Operation, type Value } from '@tlir/ir';
import { ConstantOp } from '@tlir/dialect-arith';
import { definePattern, getConstantValue, getMemoryEffects, type RewritePattern } from '@tlir/rewrite';
import { BarrierOp } from './cooperative-ops.js';
import { LaunchOp } from './launch-op.js';
import { MemcpyOp, WaitOp } from './memory-ops.js';

/** A token made by `gpu.wait async` without dependencies: it is ready at once. */
function isReadyToken(value: Value): boolean {
  const def = value.definingOp;
  return def !== null && WaitOp.is(def) && def.numOperands === 0;
}

/** `gpu.wait ... [%t, ...]` where `%t = gpu.wait async` (no dependencies): `%t` is dropped from the list. */
export const EraseRedundantGpuWaitOpPairs = definePattern(
  WaitOp,
  (w, rewriter) => {
    const deps = w.asyncDependencies;
    if (!deps.some(isReadyToken)) return rewriter.notifyMatchFailure(w.op, 'no dependency is a ready token');
    const kept = deps.filter((d) => !isReadyToken(d));
    rewriter.modifyOpInPlace(w.op, () => w.op.setOperands(kept));
    return true;
  },
  { debugName: 'EraseRedundantGpuWaitOpPairs' },
);

/**
 * A `gpu.wait` that waits for nothing and returns nothing goes; `%t1 = gpu.wait async [%t0]` is `%t0`; a
 * `gpu.wait async` whose token nobody uses goes.
 */
export const SimplifyGpuWaitOp = definePattern(
  WaitOp,
  (w, rewriter) => {
    const deps = w.asyncDependencies;
    const token = w.asyncToken;
    if (deps.length === 0 && token === undefined) {
      rewriter.eraseOp(w.op);
      return true;
    }
    if (deps.length === 1 && token !== undefined) {
      rewriter.replaceOp(w.op, [deps[0]!]);
      return true;
    }
    if (token !== undefined && token.firstUse === null) {
      rewriter.eraseOp(w.op);
      return true;
    }
    return rewriter.notifyMatchFailure(w.op, 'the wait is needed');
  },
  { debugName: 'SimplifyGpuWaitOp' },
);

/** Whether `op`'s only memory effect is `effect` (MLIR's hasSingleEffect, per op: tlir's effects name no value). */
function hasOnlyEffect(op: Operation, effect: 'allocate' | 'free'): boolean {
  const effects = getMemoryEffects(op);
  return effects !== undefined && effects.length > 0 && effects.every((e) => e === effect);
}

/**
 * A `gpu.memcpy` into a fresh allocation that nothing but deallocations uses is erased; its token (with one
 * dependency) becomes that dependency. MLIR's EraseTrivialCopyOp.
 */
export const EraseTrivialCopyOp = definePattern(
  MemcpyOp,
  (m, rewriter) => {
    const dst = m.dst;
    const def = dst.definingOp;
    if (!def || !hasOnlyEffect(def, 'allocate')) return rewriter.notifyMatchFailure(m.op, 'the destination is not a fresh allocation');
    for (let u = dst.firstUse; u !== null; u = u.nextUse) {
      if (u.owner !== m.op && !hasOnlyEffect(u.owner, 'free')) return rewriter.notifyMatchFailure(m.op, 'the destination is used');
    }
    const deps = m.asyncDependencies;
    const token = m.asyncToken;
    if (deps.length > 1 || (deps.length === 0) !== (token === undefined)) {
      return rewriter.notifyMatchFailure(m.op, 'the copy does not pass one dependency on');
    }
    rewriter.replaceOp(m.op, deps);
    return true;
  },
  { debugName: 'EraseTrivialCopyOp' },
);

/** Whether `v` is a constant integer (or index) one. */
function isConstantOne(v: Value): boolean {
  const c = getConstantValue(v);
  return c instanceof IntegerAttr && c.value === 1n;
}

/**
 * In a `gpu.launch`, a block or thread id whose dimension is a constant 1 is always 0: its uses take a constant 0
 * made at the start of the body. MLIR's FoldLaunchArguments.
 */
export const FoldLaunchArguments = definePattern(
  LaunchOp,
  (l, rewriter) => {
    const body = l.op.regions[0]!.firstBlock!;
    const args = body.args;
    const sizes = [l.gridSizeX, l.gridSizeY, l.gridSizeZ, l.blockSizeX, l.blockSizeY, l.blockSizeZ];
    let zero: Value | undefined;
    for (let k = 0; k < 6; k++) {
      const id = args[k]!;
      if (!isConstantOne(sizes[k]!) || id.firstUse === null) continue;
      if (zero === undefined) {
        const ctx = rewriter.context;
        zero = rewriter.withInsertionPoint(() => {
          rewriter.setInsertionPointToStart(body);
          return ConstantOp.create(rewriter, { value: IntegerAttr.get(ctx, IndexType.get(ctx), 0), result: IndexType.get(ctx), loc: l.op.loc }).result;
        });
      }
      rewriter.replaceAllUsesWith(id, zero);
    }
    return zero !== undefined || rewriter.notifyMatchFailure(l.op, 'no id of a dimension of size 1 is used');
  },
  { debugName: 'FoldLaunchArguments' },
);

/** Of two `gpu.barrier`s in a row, the first goes. */
export const EraseRedundantGpuBarrierOps = definePattern(
  BarrierOp,
  (b, rewriter) => {
    const next = b.op.nextOp;
    if (!next || !BarrierOp.is(next)) return rewriter.notifyMatchFailure(b.op, 'the next op is not a barrier');
    rewriter.eraseOp(b.op);
    return true;
  },
  { debugName: 'eraseRedundantGpuBarrierOps' },
);

/** The gpu dialect's canonicalization patterns. */
export const gpuCanonicalizationPatterns = (): readonly RewritePattern[] => [
  EraseRedundantGpuBarrierOps,
  EraseRedundantGpuWaitOpPairs,
  SimplifyGpuWaitOp,
  EraseTrivialCopyOp,
  FoldLaunchArguments,
];
