// The host side of a kernel (docs/lowering-to-gpu.md, "Host side"): each kernel func.func of a module (one with
// `work_group_size`, as tl-to-krnl makes them) moves into an executable of its own, whose export carries the
// work-group size and computes the grid from the number of work-groups, and a host function of the kernel's name
// dispatches it:
//
//   func.func @k(%A: memref<?xf32>, %n: i32) attributes {work_group_size = array<i32: 64>} { ... }
//
// becomes
//
//   flow.executable private @k_dispatch {
//     flow.executable.export public @k workgroups(%groups: index) -> (index, index, index) {
//       %c1 = arith.constant 1 : index
//       flow.return %groups, %c1, %c1 : index, index, index
//     } attributes {workgroup_size = array<i32: 64, 1, 1>}
//     builtin.module {
//       func.func @k(%A: memref<?xf32>, %n: i32) { ... }
//     }
//   }
//   func.func @k(%A: memref<?xf32>, %n: i32, %groups: index) {
//     %c0 = arith.constant 0 : index
//     %d0 = memref.dim %A, %c0 : memref<?xf32>
//     flow.dispatch @k_dispatch::@k[%groups](%A, %n) : (memref<?xf32>{%d0}, i32) -> ()
//     return
//   }
//
// The host calling convention is the kernel's arguments, then the number of work-groups (an index).
import { ConstantOp } from '@tlir/dialect-arith';
import { FuncOp, ReturnOp as FuncReturnOp, CallOp } from '@tlir/dialect-func';
import { DimOp } from '@tlir/dialect-memref';
import {
  Builder,
  DYNAMIC,
  FunctionType,
  IndexType,
  IntegerAttr,
  IntegerType,
  MemRefType,
  ModuleOpDef,
  StringAttr,
  SymbolRefAttr,
  SymbolTable,
  TypeAttr,
  getSymbolName,
  type Block,
  type Location,
  type Operation,
  type Type,
  type Value,
} from '@tlir/ir';
import { DispatchOp, ExecutableEndOp, ExecutableExportOp, ExecutableOp, ReturnOp as FlowReturnOp, EXPORT_GROUPS_PER_WORKGROUP_ATTR, KERNEL_GROUPS_PER_WORK_GROUP_ATTR, kernelGroupsPerWorkGroup, EXPORT_SUBGROUP_SIZE_ATTR, EXPORT_WORKGROUP_SIZE_ATTR, workgroupSizeAttr, KERNEL_SUBGROUP_SIZE_ATTR, KERNEL_WORK_GROUP_SIZE_ATTR, isKernelFunction, kernelSubgroupSize, kernelWorkGroupSize, type Size3 } from '@tlir/dialect-flow';

/** The suffix of an executable's name: `@k` is outlined into `@k_dispatch` (made unique in the module). */
export const EXECUTABLE_SUFFIX = '_dispatch';

/** The kernels of a module's body that can be outlined; reports (and returns undefined for) the ones that cannot. */
function outlinableKernels(module: Operation): { kernel: Operation; size: Size3 }[] | undefined {
  const found: { kernel: Operation; size: Size3 }[] = [];
  let ok = true;
  const fail = (op: Operation, message: string): void => {
    op.emitError(`flow-outline-kernels: ${message}`);
    ok = false;
  };
  const body = module.regions[0]?.firstBlock;
  for (let op = body?.firstOp ?? null; op; op = op.nextOperation) {
    if (!isKernelFunction(op)) continue;
    const size = kernelWorkGroupSize(op);
    const type = FuncOp.wrap(op).function_type.value as FunctionType;
    if (typeof size === 'string') fail(op, size);
    else if (!op.regions[0]?.firstBlock) fail(op, `the kernel @${getSymbolName(op)} has no body`);
    else if (type.results.length) fail(op, `the kernel @${getSymbolName(op)} returns values; a kernel returns nothing`);
    else found.push({ kernel: op, size });
  }
  // A kernel is launched, never called: its name becomes the host function's, whose arguments differ.
  const names = new Set<string>();
  for (let op = body?.firstOp ?? null; op; op = op.nextOperation) if (isKernelFunction(op)) names.add(getSymbolName(op)!);
  module.walk((op) => {
    if (!CallOp.is(op)) return;
    const callee = CallOp.wrap(op).callee;
    if (callee instanceof SymbolRefAttr && !callee.nested.length && names.has(callee.root)) fail(op, `the kernel @${callee.root} is called; a kernel can only be dispatched`);
  });
  return ok ? found : undefined;
}

/** `%c = arith.constant n : index`. */
function indexConstant(b: Builder, n: number, loc: Location): Value {
  const index = IndexType.get(b.context);
  return ConstantOp.create(b, { value: IntegerAttr.get(b.context, index, n), result: index, loc }).result;
}

/** The export: the work-group size, and the grid (groups, 1, 1) computed from the workload (the number of groups). */
function buildExport(b: Builder, name: string, size: Size3, subgroupSize: IntegerAttr | undefined, groupsPerWorkgroup: IntegerAttr | undefined, loc: Location): void {
  const ctx = b.context;
  const index = IndexType.get(ctx);
  const exportOp = ExecutableExportOp.create(b, {
    sym_visibility: StringAttr.get(ctx, 'public'),
    sym_name: StringAttr.get(ctx, name),
    function_ref: SymbolRefAttr.get(ctx, name),
    loc,
  }).op;
  exportOp.setAttr(EXPORT_WORKGROUP_SIZE_ATTR, workgroupSizeAttr(exportOp, size));
  if (subgroupSize) exportOp.setAttr(EXPORT_SUBGROUP_SIZE_ATTR, IntegerAttr.get(ctx, IntegerType.get(ctx, 32), subgroupSize.value));
  // Several tl groups per work-group: the grid stays one work-group per group here (the gpu launch's, which the
  // interpreter runs); the WGSL entry point and the runtime pack them (docs/wgsl.md).
  if (groupsPerWorkgroup) exportOp.setAttr(EXPORT_GROUPS_PER_WORKGROUP_ATTR, IntegerAttr.get(ctx, IntegerType.get(ctx, 32), groupsPerWorkgroup.value));
  b.withInsertionPoint(() => {
    const block = b.createBlock(exportOp.regions[0]!, [index], [loc]);
    b.setInsertionPointToEnd(block);
    const one = indexConstant(b, 1, loc);
    FlowReturnOp.create(b, { operands: [block.args[0]!, one, one], loc });
  });
}

/** The executable of one kernel, at the builder's insertion point; the kernel moves into its module. */
function buildExecutable(b: Builder, executableName: string, kernel: Operation, size: Size3): Operation {
  const ctx = b.context;
  const loc = kernel.loc;
  const name = getSymbolName(kernel)!;
  const subgroupSize = kernelSubgroupSize(kernel);
  const groupsPerWorkgroup = kernelGroupsPerWorkGroup(kernel);
  const executable = ExecutableOp.create(b, { sym_visibility: StringAttr.get(ctx, 'private'), sym_name: StringAttr.get(ctx, executableName), loc }).op;
  b.withInsertionPoint(() => {
    const body = b.createBlock(executable.regions[0]!);
    b.setInsertionPointToEnd(body);
    buildExport(b, name, size, subgroupSize, groupsPerWorkgroup, loc);
    const inner = b.create({ name: ModuleOpDef.name, regions: 1, loc });
    const innerBody = b.createBlock(inner.regions[0]!);
    b.setInsertionPointToEnd(body);
    ExecutableEndOp.create(b, { loc });
    kernel.remove();
    innerBody.append(kernel);
  });
  // The export says how the kernel runs; the function inside is plain device code.
  kernel.removeAttr(KERNEL_WORK_GROUP_SIZE_ATTR);
  kernel.removeAttr(KERNEL_SUBGROUP_SIZE_ATTR);
  kernel.removeAttr(KERNEL_GROUPS_PER_WORK_GROUP_ATTR);
  kernel.removeAttr('sym_visibility');
  return executable;
}

/** `memref.dim` of every dynamic size of a memref argument (flow.dispatch carries them, as IREE's shape-aware ops). */
function dynamicDims(b: Builder, v: Value, loc: Location): Value[] {
  const t: Type = v.type;
  if (!(t instanceof MemRefType)) return [];
  const dims: Value[] = [];
  t.shape.forEach((s, d) => {
    if (s !== DYNAMIC) return;
    dims.push(DimOp.create(b, { source: v, index: indexConstant(b, d, loc), result: IndexType.get(b.context), loc }).result);
  });
  return dims;
}

/**
 * The host function of the kernel's name: `(kernel arguments..., groups: index)`, one dispatch over `groups`
 * work-groups. Its arguments keep the kernel arguments' locations (and so their names, `%A`).
 */
function buildHostFunction(b: Builder, name: string, type: FunctionType, argLocs: readonly Location[], executableName: string, loc: Location): void {
  const ctx = b.context;
  const index = IndexType.get(ctx);
  const inputs = [...type.inputs, index];
  const host = FuncOp.create(b, { sym_name: StringAttr.get(ctx, name), function_type: TypeAttr.get(ctx, FunctionType.get(ctx, inputs, [])) as TypeAttr & { readonly value: FunctionType }, loc }).op;
  b.withInsertionPoint(() => {
    const block: Block = b.createBlock(host.regions[0]!, inputs, inputs.map((_, i) => argLocs[i] ?? loc));
    b.setInsertionPointToEnd(block);
    const args = block.args.slice(0, -1);
    const groups = block.args[block.args.length - 1]!;
    const dims = args.flatMap((a) => dynamicDims(b, a, loc));
    DispatchOp.create(b, {
      entry_points: b.arrayAttr([SymbolRefAttr.get(ctx, executableName, [name])]),
      workload: [groups],
      arguments: args,
      argument_dims: dims,
      result_dims: [],
      results: [],
      attributes: [],
      loc,
    });
    FuncReturnOp.create(b, { operands: [], loc });
  });
}

/**
 * Outlines every kernel of `module` (func.func ops of its body with `work_group_size`) into an executable and
 * dispatches it from a host function of the kernel's name. Returns false after reporting a kernel that cannot be
 * outlined (a malformed work-group size, results, a call of the kernel), changing nothing.
 */
export function outlineKernels(module: Operation): boolean {
  const kernels = outlinableKernels(module);
  if (!kernels) return false;
  const symbols = new SymbolTable(module);
  const b = new Builder(module.context);
  for (const { kernel, size } of kernels) {
    const name = getSymbolName(kernel)!;
    const type = FuncOp.wrap(kernel).function_type.value as FunctionType;
    const loc = kernel.loc;
    const argLocs = kernel.regions[0]!.firstBlock!.args.map((a) => a.loc);
    b.setInsertionPoint(kernel);
    const executable = buildExecutable(b, `${name}${EXECUTABLE_SUFFIX}`, kernel, size);
    // The executable's name must not collide with the module's symbols (the host function takes the kernel's).
    symbols.insert(executable);
    b.setInsertionPointAfter(executable);
    buildHostFunction(b, name, type, argLocs, getSymbolName(executable)!, loc);
  }
  return true;
}
