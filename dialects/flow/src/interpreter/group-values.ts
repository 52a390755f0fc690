// The runtime value of a `!flow.group`: whatever the host gives for a tensor-language group. tl's GroupValue is one;
// flow does not depend on tl, so a group is recognized by its shape (a runtime object of kind 'group' with its
// memref views and an offset).
import { DYNAMIC, type Type } from '@tlir/ir';
import { MemrefView, fault, type InterpreterRegistry, type RuntimeObject, type RuntimeValue } from '@tlir/interpreter';
import { FlowGroupType } from '../group-type.js';

/** A group at run time: the memrefs it points to and the offset every loaded memref is moved by. */
export interface GroupRuntimeValue extends RuntimeObject {
  readonly runtimeKind: 'group';
  readonly memrefs: readonly MemrefView[];
  readonly offset: number;
}

export function isGroupRuntimeValue(v: RuntimeValue): v is GroupRuntimeValue {
  if (typeof v !== 'object' || v.runtimeKind !== 'group') return false;
  const g = v as Partial<GroupRuntimeValue>;
  return Array.isArray(g.memrefs) && g.memrefs.every((m) => m instanceof MemrefView) && Number.isSafeInteger(g.offset);
}

/** The memref at `index` moved by the group's offset (spec: Load from a group); a RuntimeFault outside the group. */
export function groupMember(group: GroupRuntimeValue, index: number): MemrefView {
  const m = group.memrefs[index];
  if (!m) fault(`group index ${index} is out of bounds for a group of ${group.memrefs.length} memrefs`);
  return group.offset === 0 ? m : new MemrefView(m.memory, m.offset + group.offset, m.sizes, m.strides);
}

/**
 * The check of values of `!flow.group` types: a group whose offset is the type's (unless it is `?`) and whose
 * memrefs, once moved by it, are values of the type's memref type (checked by the registry's memref check).
 */
export function groupValueCheck(registry: InterpreterRegistry): (type: Type, v: RuntimeValue) => string | undefined | null {
  return (type, v) => {
    if (!FlowGroupType.is(type)) return null;
    if (!isGroupRuntimeValue(v)) return `expected a group, got ${typeof v === 'object' ? v.describe() : typeof v}`;
    if (type.offset !== DYNAMIC && type.offset !== v.offset) return `the group type has offset ${type.offset}, the group ${v.offset}`;
    for (let i = 0; i < v.memrefs.length; i++) {
      const p = registry.valueProblem(type.memrefType, groupMember(v, i));
      if (p) return `memref #${i} of the group: ${p}`;
    }
    return undefined;
  };
}
