// The flow ops in the reference interpreter: the work-group queries read the launch (a 1D grid: dimensions 1 and 2
// are a single work-group), the work-group size the enclosing function's `work_group_size`; flow.group.load gives a
// group's memref moved by the offset; group arguments are checked against their type.
import { describe, expect, it } from 'vitest';
import { ArithDialect, registerArithInterpreter } from '@tlir/dialect-arith';
import { FuncDialect, registerFuncInterpreter } from '@tlir/dialect-func';
import { MemRefDialect, createMemref, registerMemRefInterpreter } from '@tlir/dialect-memref';
import { FloatType, MemRefType, StridedLayoutAttr, DYNAMIC } from '@tlir/ir';
import { MemrefView, type RuntimeValue } from '@tlir/interpreter';
import { FlowDialect, isGroupRuntimeValue, registerFlowInterpreter, type GroupRuntimeValue } from '@tlir/dialect-flow';
import { interpreterHarness } from '../../../test/lib/interpreter-harness.js';

const harness = interpreterHarness({
  dialects: [FuncDialect, ArithDialect, MemRefDialect, FlowDialect],
  implementations: [registerFuncInterpreter, registerArithInterpreter, registerMemRefInterpreter, registerFlowInterpreter],
});

const PROGRAM = `func.func @grid() -> (index, index, index, index, index, index) {
  %x = flow.dispatch.workgroup.id[0] : index
  %y = flow.dispatch.workgroup.id[1] : index
  %z = flow.dispatch.workgroup.id[2] : index
  %cx = flow.dispatch.workgroup.count[0] : index
  %cy = flow.dispatch.workgroup.count[1] : index
  %cz = flow.dispatch.workgroup.count[2] : index
  return %x, %y, %z, %cx, %cy, %cz : index, index, index, index, index, index
}
func.func @size() -> (index, index, index) attributes {work_group_size = array<i32: 32, 4>} {
  %x = flow.dispatch.workgroup.size[0] : index
  %y = flow.dispatch.workgroup.size[1] : index
  %z = flow.dispatch.workgroup.size[2] : index
  return %x, %y, %z : index, index, index
}
func.func @no_size() -> index {
  %x = flow.dispatch.workgroup.size[0] : index
  return %x : index
}
func.func @second(%g: !flow.group<memref<3xf32, strided<[1], offset: ?>>, offset: ?>, %i: index) -> f32 {
  %m = flow.group.load %g[%i] : !flow.group<memref<3xf32, strided<[1], offset: ?>>, offset: ?> -> memref<3xf32, strided<[1], offset: ?>>
  %c1 = arith.constant 1 : index
  %v = memref.load %m[%c1] : memref<3xf32, strided<[1], offset: ?>>
  return %v : f32
}
func.func @fixed(%g: !flow.group<memref<3xf32, strided<[1], offset: ?>>, offset: 2>) {
  return
}
`;

/** A host group: the interface tl's GroupValue implements. */
function group(memrefs: readonly MemrefView[], offset: number): GroupRuntimeValue {
  return { runtimeKind: 'group', memrefs, offset, describe: () => `group of ${memrefs.length} memrefs` };
}

describe('flow interpreter', () => {
  const program = harness.parse(PROGRAM, 'flow.mlir');
  const f32 = FloatType.get(program.ctx, 'f32');
  const type = MemRefType.get(program.ctx, [5], f32, StridedLayoutAttr.get(program.ctx, [1], DYNAMIC));
  // Two memories of 5 elements, each seen as its first 3 (moved by 2, a member sees the last 3).
  const members = [[0, 1, 2, 3, 4], [10, 11, 12, 13, 14]].map((data) => new MemrefView(createMemref(type, { data }).memory, 0, [3], [1]));

  it('reads the work-group id and count of the launch', () => {
    expect(program.run('grid', [], { groupId: 3, groupCount: 7 })).toEqual({ results: [3, 0, 0, 7, 1, 1] });
  });

  it("reads the work-group size from the function's work_group_size", () => {
    expect(program.run('size')).toEqual({ results: [32, 4, 1] });
    expect(program.run('no_size').error).toContain("error: the work-group size is unknown: no function around this op has a 'work_group_size' attribute");
  });

  it('loads a memref of a group, moved by the offset', () => {
    // Member 1 from element 2: [12, 13, 14]; its element 1 is 13.
    expect(program.run('second', [group(members, 2), 1])).toEqual({ results: [13] });
    expect(program.run('second', [group(members, 0), 0])).toEqual({ results: [1] });
  });

  it('reports an index outside the group at the op', () => {
    const r = program.run('second', [group(members, 2), 2]);
    expect(r.error).toContain('flow.mlir:21:8: error: group index 2 is out of bounds for a group of 2 memrefs');
  });

  it('checks group arguments against the type', () => {
    expect(program.run('fixed', [group(members, 1)]).error).toContain('the group type has offset 2, the group 1');
    expect(program.run('second', [members[0]!, 0]).error).toContain('expected a group');
    const wide = new MemrefView(members[0]!.memory, 0, [4], [1]);
    expect(program.run('second', [group([wide], 0), 0]).error).toContain('memref #0 of the group: dimension 0 has size 3 in the type, 4 in the view');
  });

  it('recognizes groups by their shape', () => {
    const values: RuntimeValue[] = [group(members, 0), members[0]!, 3];
    expect(values.map(isGroupRuntimeValue)).toEqual([true, false, false]);
  });
});
