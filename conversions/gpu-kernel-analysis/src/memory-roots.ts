// Where the memory behind a memref value of a kernel lives: the buffer a chain of views (subview, cast,
// reinterpret_cast, ...) starts from, and who shares it. Workgroup buffers (workgroup attributions, allocas in
// workgroup memory) are shared by the work-items of a work-group; global memory (kernel arguments, groups, globals)
// by every work-item; private memory (private attributions, other allocas) belongs to one work-item, so two
// work-items never meet there.
import { BlockArgument, FunctionOpInterface, MemRefType, getViewRoot, type Value } from '@tlir/ir';
import { AddressSpaceAttr, type AddressSpace, funcAttributions, FuncOp as GpuFuncOp } from '@tlir/dialect-gpu';
import { AllocOp, AllocaOp, GetGlobalOp } from '@tlir/dialect-memref';

/**
 * The buffer behind a memref: its kind of memory and the value that names it (the attribution, the alloca, the
 * kernel argument, the group, the global); no value when the analysis cannot tell where global memory comes from.
 */
export interface MemoryRoot {
  readonly space: AddressSpace;
  readonly value: Value | undefined;
}

/** The address space a memref type names, if it names a `#gpu.address_space`. */
export function typeAddressSpace(v: Value): AddressSpace | undefined {
  const t = v.type;
  const s = t instanceof MemRefType ? t.memorySpace : undefined;
  return s !== undefined && AddressSpaceAttr.is(s) ? s.value : undefined;
}

/** The buffer `v` (a memref, or a group of memrefs) views, and the memory it is in. */
export function memoryRoot(v: Value): MemoryRoot {
  // The views (ViewLikeOpInterface: subview, cast, reinterpret_cast, reshapes, flow.group.load, ...) back to the buffer.
  const value = getViewRoot(v);
  const space = typeAddressSpace(value) ?? typeAddressSpace(v);
  if (space) return { space, value };
  const def = value.definingOp;
  if (def && (AllocaOp.is(def) || AllocOp.is(def))) return { space: 'private', value };
  if (def && GetGlobalOp.is(def)) return { space: 'global', value: undefined };
  const owner = value.parentBlock?.parentOp;
  if (value instanceof BlockArgument && owner && FunctionOpInterface.get(owner) && value.owner === owner.regions[0]?.firstBlock) {
    if (GpuFuncOp.is(owner)) {
      const { workgroup, private: priv } = funcAttributions(owner);
      if (workgroup.includes(value)) return { space: 'workgroup', value };
      if (priv.includes(value)) return { space: 'private', value };
    }
    // A kernel argument (a memref, or the group its memrefs come from).
    return { space: 'global', value };
  }
  // Anything else the analysis cannot follow may be anywhere in global memory.
  return { space: 'global', value: undefined };
}

/**
 * Whether two buffers may share memory that two work-items could both reach: workgroup buffers when they are the
 * same buffer; global memory when it comes from the same kernel argument (distinct arguments are assumed not to
 * overlap, as tinytc's alias analysis assumes; views of one argument may), or from where the analysis cannot
 * tell; private memory never.
 */
export function mayAlias(a: MemoryRoot, b: MemoryRoot): boolean {
  if (a.space === 'private' || b.space === 'private') return false;
  if (a.space !== b.space) return false;
  if (a.space === 'workgroup') return a.value === b.value;
  return a.value === undefined || b.value === undefined || a.value === b.value;
}
