// memref.load, store, copy, atomic_rmw and generic_atomic_rmw: every access is bounds-checked by the view (an index
// outside its dimension) and the memory (freed, never written, outside the allocation).
import { AtomicRMWKindAttr, applyAtomicRMWKind } from '@tlir/dialect-arith';
import { ControlTransfer, fault, type ExecutionContext, type InterpreterRegistry, type MemrefView } from '@tlir/interpreter';
import { AtomicRMWOp } from '../atomic-rmw-op.js';
import { CopyOp } from '../copy-op.js';
import { AtomicYieldOp, GenericAtomicRMWOp } from '../generic-atomic-rmw-op.js';
import { LoadOp } from '../load-op.js';
import { StoreOp } from '../store-op.js';
import { checkWritable } from './memref-state.js';
import { rowMajorIndices } from '@tlir/interpreter';

type Scalar = number | bigint;

function store(ctx: ExecutionContext, view: MemrefView, indices: readonly number[], v: Scalar): void {
  checkWritable(ctx, view.memory);
  view.store(indices, v);
}

export function registerAccessOps(registry: InterpreterRegistry): void {
  registry.registerImpl(LoadOp, (_op, [m, ...indices]) => [(m as MemrefView).load(indices as number[])]);
  registry.registerImpl(StoreOp, (_op, [v, m, ...indices], ctx) => {
    store(ctx, m as MemrefView, indices as number[], v as Scalar);
  });
  // Atomic updates return the value before the update, as LLVM's atomicrmw and cmpxchg that they lower to.
  registry.registerImpl(AtomicRMWOp, (op, [v, m, ...indices], ctx) => {
    const view = m as MemrefView;
    const kind = AtomicRMWKindAttr.symbolize(op.kind) ?? fault(`internal: 'memref.atomic_rmw' has no valid kind`);
    const old = view.load(indices as number[]);
    store(ctx, view, indices as number[], applyAtomicRMWKind(kind, view.elementType, old, v as Scalar));
    return [old];
  });
  registry.registerImpl(GenericAtomicRMWOp, (op, [m, ...indices], ctx) => {
    const view = m as MemrefView;
    const old = view.load(indices as number[]);
    const exit = ctx.runRegion(op.atomic_body, [old]);
    store(ctx, view, indices as number[], exit.values[0] as Scalar);
    return [old];
  });
  registry.registerImpl(AtomicYieldOp, (_op, values) => ControlTransfer.yield(values));
  registry.registerImpl(CopyOp, (_op, [s, t], ctx) => {
    const source = s as MemrefView;
    const target = t as MemrefView;
    if (source.rank !== target.rank || source.sizes.some((n, k) => n !== target.sizes[k])) {
      fault(`copy between memrefs of different shapes: ${source.sizes.join('x') || 'scalar'} to ${target.sizes.join('x') || 'scalar'}`);
    }
    // All elements are read before any is written: an overlap (undefined in MLIR) copies the source as it was.
    const values: Scalar[] = [];
    rowMajorIndices(source.sizes, (idx) => values.push(source.load(idx)));
    let e = 0;
    rowMajorIndices(target.sizes, (idx) => store(ctx, target, idx, values[e++]!));
  });
}
