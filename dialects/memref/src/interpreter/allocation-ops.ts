// memref.alloc, alloca, dealloc, alloca_scope, global and get_global.
import { AutomaticAllocationScope, DYNAMIC, DenseElementsAttr, UnitAttr, formatLocationPrefix, getSymbolName, packedStrides, type MemRefType, type Operation, type Type, type ViewOf } from '@tlir/ir';
import {
  ControlTransfer,
  MemrefView,
  fault,
  integerFormat,
  wrapInteger,
  type ExecutionContext,
  type InterpreterRegistry,
  type Lifetime,
  type Memory,
  type RuntimeValue,
} from '@tlir/interpreter';
import { AllocOp, AllocaOp } from '../alloc-op.js';
import { AllocaScopeOp, AllocaScopeReturnOp } from '../alloca-scope-op.js';
import { DeallocOp } from '../dealloc-op.js';
import { GetGlobalOp } from '../get-global-op.js';
import { GlobalOp } from '../global-op.js';
import { memrefState } from './memref-state.js';
import { rowMajorIndices } from '@tlir/interpreter';

/** The most elements one allocation may have (a typed array of more would not be made, or take all memory). */
const MAX_ELEMENTS = 2 ** 30;

/**
 * The sizes, strides and offset of a new allocation of `type`: dynamic sizes from `sizes`, and for a strided
 * layout its dynamic offset and strides from `symbols` (offset first, as the symbols of MLIR's strided layout
 * map), the identity layout row-major.
 */
function allocationLayout(type: MemRefType, sizes: readonly number[], symbols: readonly number[]): { sizes: number[]; strides: number[]; offset: number } {
  let next = 0;
  const shape = type.shape.map((s, k) => {
    const v = s === DYNAMIC ? sizes[next++]! : s;
    if (v < 0) fault(`dimension ${k} cannot have the negative size ${v}`);
    return v;
  });
  const layout = type.explicitLayout();
  if (!layout) return { sizes: shape, strides: packedStrides(shape, 'row-major'), offset: 0 };
  let symbol = 0;
  const offset = layout.offset === DYNAMIC ? symbols[symbol++]! : layout.offset;
  const strides = layout.strides.map((s) => (s === DYNAMIC ? symbols[symbol++]! : s));
  return { sizes: shape, strides, offset };
}

/** A new memory holding the view of `layout`, and the view. */
function allocateView(ctx: ExecutionContext, type: MemRefType, layout: { sizes: number[]; strides: number[]; offset: number }, lifetime: Lifetime, label?: string): MemrefView {
  const { sizes, strides, offset } = layout;
  if (offset < 0 || strides.some((s) => s < 0)) fault(`cannot allocate a memref with offset ${offset} and strides [${strides.join(', ')}]`);
  const extent = sizes.includes(0) ? offset : offset + 1 + sizes.reduce((a, n, k) => a + (n - 1) * strides[k]!, 0);
  if (extent > MAX_ELEMENTS) fault(`cannot allocate ${extent} elements (the interpreter allocates at most 2^30 at once)`);
  return new MemrefView(ctx.allocate(type.elementType, extent, lifetime, label), offset, sizes, strides);
}

/**
 * New memory for a memref of `type` and the view of it, as memref.alloc makes them: the dynamic sizes from `sizes`,
 * a strided layout's dynamic offset and strides from `symbols` (offset first), the identity layout row-major. Used
 * by the ops of other dialects that allocate memrefs (gpu.alloc).
 */
export function allocateMemRef(ctx: ExecutionContext, type: MemRefType, sizes: readonly number[], symbols: readonly number[], lifetime: Lifetime, label?: string): MemrefView {
  return allocateView(ctx, type, allocationLayout(type, sizes, symbols), lifetime, label);
}

/** An alloc-like op: its dynamic sizes, then its layout symbols. */
function allocate(op: ViewOf<typeof AllocOp | typeof AllocaOp>, operands: readonly RuntimeValue[], ctx: ExecutionContext, lifetime: Lifetime): MemrefView {
  const type = op.memref.type as MemRefType;
  const numSizes = op.dynamicSizes.length;
  const values = operands as readonly number[];
  return allocateView(ctx, type, allocationLayout(type, values.slice(0, numSizes), values.slice(numSizes)), lifetime);
}

/**
 * How long a memref.alloca lives: until control leaves the region of its nearest enclosing op with the
 * AutomaticAllocationScope trait (MLIR). When that region is the single block the alloca is in (a loop body, an
 * alloca_scope, a one-block function), that is the end of the block's execution; otherwise it lives until its
 * function returns, which is exact for a function's blocks and longer than MLIR says for an alloca nested in an
 * scf.if of a loop body (using it after the iteration then goes undetected).
 */
function allocaLifetime(op: Operation): Lifetime {
  const block = op.parentBlock;
  const region = block?.parentRegion;
  const owner = region?.parentOp;
  if (owner?.hasTrait(AutomaticAllocationScope) && region!.firstBlock === block && block!.nextBlock === null) return 'block';
  return 'call';
}

/** The runtime value of an element of a dense constant of element type `type`. */
function elementValue(type: Type, v: bigint | number): number | bigint {
  const format = integerFormat(type);
  return format ? wrapInteger(format, v) : (v as number);
}

/** The memory of a memref.global, made and initialized on first use. */
function globalMemory(global: ViewOf<typeof GlobalOp>, ctx: ExecutionContext): Memory {
  const state = memrefState(ctx);
  const known = state.globals.get(global.op);
  if (known) return known;
  const type = global.type.value as MemRefType;
  const name = `@${getSymbolName(global.op)}`;
  const init = global.initial_value;
  if (init === undefined) fault(`the global ${name} is only declared (it has no initial value, not even 'uninitialized')`);
  const { strides, offset } = staticLayout(type, name);
  const view = allocateView(ctx, type, { sizes: [...type.shape], strides, offset }, 'program', `the global ${name}`);
  if (init instanceof DenseElementsAttr) {
    let e = 0;
    rowMajorIndices(view.sizes, (idx) => view.store(idx, elementValue(type.elementType, init.at(e++))));
  } else if (!(init instanceof UnitAttr)) {
    fault(`the interpreter cannot initialize the global ${name} with ${init}`);
  }
  if (global.constant !== undefined) state.readOnly.add(view.memory);
  state.globals.set(global.op, view.memory);
  return view.memory;
}

/** The strides and offset of a global's static type. */
function staticLayout(type: MemRefType, name: string): { strides: number[]; offset: number } {
  const layout = type.explicitLayout();
  const strides = layout ? [...layout.strides] : packedStrides(type.shape, 'row-major');
  const offset = layout?.offset ?? 0;
  if (offset === DYNAMIC || strides.includes(DYNAMIC)) fault(`the global ${name} has a layout with dynamic strides or offset`);
  return { strides, offset };
}

export function registerAllocationOps(registry: InterpreterRegistry): void {
  registry.registerImpl(AllocOp, (op, operands, ctx) => {
    const view = allocate(op, operands, ctx, 'program');
    memrefState(ctx).heap.add(view.memory);
    return [view];
  });
  registry.registerImpl(AllocaOp, (op, operands, ctx) => [allocate(op, operands, ctx, allocaLifetime(op.op))]);
  registry.registerImpl(DeallocOp, (op, [m], ctx) => {
    const memory = (m as MemrefView).memory;
    if (memory.freedReason !== undefined) fault(`dealloc of ${memory.label}, which was already ${memory.freedReason}`);
    if (!memrefState(ctx).heap.has(memory)) fault(`dealloc of ${memory.label}, which memref.alloc did not allocate`);
    memory.free(`freed by memref.dealloc at ${formatLocationPrefix(op.op.loc)}`);
  });
  registry.registerImpl(AllocaScopeOp, (op, _operands, ctx) => ctx.runRegion(op.bodyRegion, []).values);
  registry.registerImpl(AllocaScopeReturnOp, (_op, values) => ControlTransfer.yield(values));
  // A global is a symbol: running its definition does nothing.
  registry.registerImpl(GlobalOp, () => []);
  registry.registerImpl(GetGlobalOp, (op, _operands, ctx) => {
    const ref = op.name;
    const found = ctx.lookupSymbol(op.op, ref);
    const global = found && GlobalOp.match(found);
    if (!global) fault(`no memref.global ${ref} is visible from here`);
    const type = op.result.type as MemRefType;
    const { strides, offset } = staticLayout(type, String(ref));
    return [new MemrefView(globalMemory(global, ctx), offset, [...type.shape], strides)];
  });
}
