import { formatLocationPrefix } from '@tlir/ir';
import { MemrefView, type InterpreterRegistry } from '@tlir/interpreter';
import { AllocaOp, LifetimeStopOp, LoadOp, StoreOp } from '../memory-ops.js';
import type { TlMemrefType } from '../types.js';
import { GroupValue } from './kernel-values.js';

/**
 * alloca, load, store, lifetime_stop. An alloca's memory lives until the end of the block that contains it (spec:
 * Alloca) or its lifetime_stop; later accesses are runtime errors, and so is reading an element of it that was
 * never written (its contents are undefined). Every load and store is bounds-checked against the view.
 */
export function registerMemoryInstructions(registry: InterpreterRegistry): void {
  registry.registerImpl(AllocaOp, (op, _operands, ctx) => {
    const type = op.op.results[0]!.type as TlMemrefType;
    const extent = type.shape.includes(0) ? 0 : 1 + type.shape.reduce((a, n, k) => a + (n - 1) * type.strides[k]!, 0);
    const memory = ctx.allocate(type.elementType, extent, 'block');
    return [new MemrefView(memory, 0, type.shape, type.strides)];
  });
  registry.registerImpl(LoadOp, (_op, [source, ...indices]) => {
    if (source instanceof GroupValue) return [source.load(indices[0] as number)];
    return [(source as MemrefView).load(indices as number[])];
  });
  registry.registerImpl(StoreOp, (_op, [value, view, ...indices]) => {
    (view as MemrefView).store(indices as number[], value as number | bigint);
  });
  registry.registerImpl(LifetimeStopOp, (op, [view]) => {
    (view as MemrefView).memory.free(`its lifetime was stopped by lifetime_stop at ${formatLocationPrefix(op.op.loc)}`);
  });
}
