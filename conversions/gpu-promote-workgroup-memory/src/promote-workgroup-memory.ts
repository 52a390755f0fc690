// Buffers a work-group shares become workgroup attributions (docs/lowering-to-gpu.md, "Memory"): a memref.alloca
// of a kernel that every work-item of the work-group reaches alike (outside any scf.parallel, in control flow that
// does not depend on the work-item) is the work-group's buffer (a tensor-language alloca, a tile buffer of a
// collective), so it becomes a `workgroup(...)` attribution of the gpu.func, in `#gpu.address_space<workgroup>`,
// and the views of it follow it into that address space:
//
//   %buf = memref.alloca() : memref<16x8xf32, strided<[1, 16]>>
//   %v = memref.cast %buf : ... to memref<16x8xf32, strided<[1, 16], offset: ?>>
// =>
//   gpu.func @k(...) workgroup(%buf : memref<16x8xf32, strided<[1, 16]>, #gpu.address_space<workgroup>>) kernel
//   %v = memref.cast %buf : ... to memref<16x8xf32, strided<[1, 16], offset: ?>, #gpu.address_space<workgroup>>
//
// A shared alloca that each work-item only touches in its own slice (indexed by its parallel loops' induction
// variables: the accumulators of a staged reduction) becomes each work-item's private buffer first (privatize.ts).
// Allocas inside parallel loops (or under control that depends on the work-item) are each work-item's own and stay
// allocas (private memory). A buffer lives as long as the kernel, which keeps every value an alloca of a loop body
// would hold in one iteration.
import { IntegerAttr, IntegerType, MemRefType, getFunctionType, isViewLike, type Attribute, type Context, type OpDefinition, type Operation, type Value } from '@tlir/ir';
import { CallOp as FuncCallOp, ReturnOp as FuncReturnOp } from '@tlir/dialect-func';
import { numWorkgroupAttributions, WORKGROUP_ATTRIBUTIONS_ATTR, AddressSpaceAttr, LaunchFuncOp, ReturnOp as GpuReturnOp } from '@tlir/dialect-gpu';
import { typeAddressSpace, ThreadDependence } from '@tlir/gpu-kernel-analysis';
import { privateDimensions, privatize } from './privatize.js';
import { AllocaOp } from '@tlir/dialect-memref';
import { ConditionOp, ParallelOp, YieldOp } from '@tlir/dialect-scf';

/** Whether `op` is nested in an scf.parallel of `kernel` (its iterations are dealt to work-items). */
function inParallelLoop(op: Operation, kernel: Operation): boolean {
  for (let p = op.parentOp; p && p !== kernel; p = p.parentOp) if (ParallelOp.is(p)) return true;
  return false;
}

/** The allocas of a kernel that its work-group shares. */
export function sharedAllocas(kernel: Operation): Operation[] {
  const deps = new ThreadDependence(kernel);
  const found: Operation[] = [];
  kernel.walk((op) => {
    if (!AllocaOp.is(op) || inParallelLoop(op, kernel) || deps.controlOf(op) !== 0) return;
    const space = typeAddressSpace(op.results[0]!);
    if (space === 'private' || space === 'global') return;
    found.push(op);
  });
  return found;
}

/** Ops that hand a memref on to code whose types would have to change with it. */
const PASSING_OPS: ReadonlySet<OpDefinition> = new Set<OpDefinition>([YieldOp, ConditionOp, FuncCallOp, FuncReturnOp, GpuReturnOp, LaunchFuncOp]);

/** `type` in memory space `space`. */
function inSpace(ctx: Context, type: MemRefType, space: Attribute): MemRefType {
  return MemRefType.get(ctx, type.shape, type.elementType, type.layout, space);
}

/**
 * Moves the views of `v` (whose type was just put in `space`) into `space` too. Returns the op that uses the
 * buffer in a way that cannot follow (it passes the memref on), if any.
 */
function retypeViews(ctx: Context, v: Value, space: Attribute): Operation | undefined {
  for (const use of [...v.uses()]) {
    const user = use.owner;
    const memrefResults = user.results.filter((r) => r.type instanceof MemRefType);
    if (!memrefResults.length) {
      if (user.opName.def && PASSING_OPS.has(user.opName.def)) return user;
      continue;
    }
    if (!isViewLike(user) || use.index !== 0) return user;
    for (const r of memrefResults) {
      const t = r.type as MemRefType;
      // extract_strided_metadata gives the base buffer (a memref of the same memory) and index values.
      r.type = inSpace(ctx, t, space);
      const bad = retypeViews(ctx, r, space);
      if (bad) return bad;
    }
  }
  return undefined;
}

/**
 * Makes the shared allocas of a gpu.func kernel that each work-item touches only in its own slice private to the
 * work-items (privatize.ts); returns how many.
 */
export function privatizeWorkItemSlices(kernel: Operation): number {
  let count = 0;
  for (const alloca of sharedAllocas(kernel)) {
    const dims = privateDimensions(alloca, kernel);
    if (!dims) continue;
    privatize(alloca, dims);
    count++;
  }
  return count;
}

/**
 * Turns the shared allocas of a gpu.func kernel into workgroup attributions, after making those that each
 * work-item touches only in its own slice private. Returns false after reporting one that cannot be (a dynamic
 * size, a buffer passed on where its type cannot change).
 */
export function promoteWorkgroupMemory(kernel: Operation): boolean {
  const ctx = kernel.context;
  privatizeWorkItemSlices(kernel);
  const space = AddressSpaceAttr.get(ctx, { value: 'workgroup' });
  const entry = kernel.regions[0]!.firstBlock!;
  let ok = true;
  for (const alloca of sharedAllocas(kernel)) {
    const type = alloca.results[0]!.type;
    if (!(type instanceof MemRefType) || !type.hasStaticShape || alloca.numOperands > 0) {
      alloca.emitError(`gpu-promote-workgroup-memory: the work-group's buffer must have a static shape to be workgroup memory, got ${type}`);
      ok = false;
      continue;
    }
    const count = numWorkgroupAttributions(kernel);
    const attribution = entry.insertArgument((getFunctionType(kernel)?.inputs.length ?? 0) + count, inSpace(ctx, type, space), alloca.loc);
    kernel.setAttr(WORKGROUP_ATTRIBUTIONS_ATTR, IntegerAttr.get(ctx, IntegerType.get(ctx, 64), count + 1));
    alloca.replaceAllUsesWith([attribution]);
    alloca.erase();
    const bad = retypeViews(ctx, attribution, space);
    if (bad) {
      bad.emitError(`gpu-promote-workgroup-memory: '${bad.name}' passes on a view of the work-group's buffer, which cannot move to workgroup memory here`);
      ok = false;
    }
  }
  return ok;
}
