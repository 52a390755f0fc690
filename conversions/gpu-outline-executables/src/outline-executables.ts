// Executables become gpu.modules, dispatches launches (docs/lowering-to-gpu.md, "Outlining"):
//
//   flow.executable private @k_dispatch {                 gpu.module @k_dispatch {
//     flow.executable.export public @k workgroups(%g) {     gpu.func @k(...) kernel attributes
//       flow.return %g, %c1, %c1 ...                           {known_block_size = array<i32: 64, 4, 1>} {
//     } attributes {workgroup_size = array<i32: 64, 4, 1>}   %id = gpu.block_id x       (flow.dispatch.workgroup.id[0])
//     builtin.module { func.func @k(...) { ... } }           %n = gpu.grid_dim x        (flow.dispatch.workgroup.count[0])
//   }                                                        ... gpu.return
//                                                          } }
//   flow.dispatch @k_dispatch::@k[%groups](%A, %B)  =>    gpu.launch_func @k_dispatch::@k blocks in (%groups, %c1, %c1)
//                                                              threads in (%c64, %c4, %c1) args(%A : ..., %B : ...)
//
// The grid is what the export's workgroup count region computes from the dispatch's workload (its ops are copied
// to the dispatch). The module becomes a `gpu.container_module`. Functions of an executable that no export names
// move into its gpu.module as they are (device functions).
import { ConstantOp, MulIOp } from '@tlir/dialect-arith';
import { exportGroupsPerWorkgroup, EXPORT_GROUPS_PER_WORKGROUP_ATTR, DispatchOp, DispatchWorkgroupCountOp, DispatchWorkgroupIdOp, DispatchWorkgroupSizeOp, dispatchEntryPoints, executableInnerModule, exportWorkgroupSize, exportedFunction, type Size3, ExecutableEndOp, ExecutableExportOp, ExecutableOp, ReturnOp as FlowReturnOp } from '@tlir/dialect-flow';
import {
  Builder,
  DenseArrayAttr,
  DictionaryAttr,
  IRMapping,
  IndexType,
  IntegerAttr,
  IntegerType,
  StringAttr,
  SymbolRefAttr,
  TypeAttr,
  UnitAttr,
  getFunctionType,
  getSymbolName,
  isModuleOp,
  type OpDefinition,
  type FunctionType,
  type Location,
  type Operation,
  type Value,
} from '@tlir/ir';
import { BlockDimOp, BlockIdOp, GridDimOp, FuncOp, KERNEL_ATTR, WORKGROUP_ATTRIBUTIONS_ATTR, DimensionAttr, CONTAINER_MODULE_ATTR, LaunchFuncOp, ModuleOp, ReturnOp } from '@tlir/dialect-gpu';
import { workgroupSizeProperty } from '@tlir/gpu-kernel-analysis';
import { ReturnOp as FuncReturnOp } from '@tlir/dialect-func';

/** A kernel made from an export: where it is and how large its work-groups are. */
interface OutlinedKernel {
  readonly kernel: Operation;
  readonly size: Size3;
}

type WorkgroupQuery = typeof DispatchWorkgroupIdOp | typeof DispatchWorkgroupCountOp | typeof DispatchWorkgroupSizeOp;
const WORKGROUP_QUERIES: ReadonlyMap<OpDefinition, readonly [WorkgroupQuery, typeof BlockIdOp]> = new Map<OpDefinition, readonly [WorkgroupQuery, typeof BlockIdOp]>([
  [DispatchWorkgroupIdOp, [DispatchWorkgroupIdOp, BlockIdOp]],
  [DispatchWorkgroupCountOp, [DispatchWorkgroupCountOp, GridDimOp]],
  [DispatchWorkgroupSizeOp, [DispatchWorkgroupSizeOp, BlockDimOp]],
]);

function indexConstant(b: Builder, n: number, loc: Location): Value {
  const index = IndexType.get(b.context);
  return ConstantOp.create(b, { value: IntegerAttr.get(b.context, index, n), result: index, loc }).result;
}

/** The flow work-group queries of a kernel as gpu ids and sizes; func.return as gpu.return. */
function convertKernelBody(b: Builder, kernel: Operation): void {
  const ctx = b.context;
  kernel.walk((op) => {
    const query = op.opName.def && WORKGROUP_QUERIES.get(op.opName.def);
    if (query) {
      const [flowOp, gpuOp] = query;
      const d = Number(flowOp.wrap(op).dimension.value);
      b.setInsertionPoint(op);
      const replacement = gpuOp.create(b, { dimension: DimensionAttr.get(ctx, { value: (['x', 'y', 'z'] as const)[d]! }), loc: op.loc }).op;
      op.replaceAllUsesWith(replacement);
      op.erase();
    } else if (FuncReturnOp.is(op) && FuncOp.is(kernel) && op.parentOp === kernel) {
      b.setInsertionPoint(op);
      ReturnOp.create(b, { operands: [...op.operands], loc: op.loc });
      op.erase();
    }
  });
}

/** `gpu.func @name(...) kernel attributes {known_block_size = ...}` with the body of `fn` (moved, or copied when `copy`). */
function buildKernel(b: Builder, name: string, fn: Operation, size: Size3, copy: boolean, groupsPerWorkgroup: IntegerAttr | undefined): Operation {
  const ctx = b.context;
  const type = getFunctionType(fn) as FunctionType;
  const kernel = FuncOp.create(b, {
    function_type: TypeAttr.get(ctx, type) as TypeAttr & { readonly value: FunctionType },
    known_block_size: workgroupSizeProperty(ctx, size),
    attributes: [
      { name: 'sym_name', value: StringAttr.get(ctx, name) },
      { name: WORKGROUP_ATTRIBUTIONS_ATTR, value: IntegerAttr.get(ctx, IntegerType.get(ctx, 64), 0) },
      { name: KERNEL_ATTR, value: UnitAttr.get(ctx) },
      // A hint for the WGSL entry point (several tl groups per work-group): the gpu launch still has a block per group.
      ...(groupsPerWorkgroup ? [{ name: EXPORT_GROUPS_PER_WORKGROUP_ATTR, value: groupsPerWorkgroup }] : []),
    ],
    loc: fn.loc,
  }).op;
  const body = kernel.regions[0]!;
  if (copy) fn.regions[0]!.cloneInto(body, new IRMapping());
  else body.takeBody(fn.regions[0]!);
  convertKernelBody(b, kernel);
  return kernel;
}

/**
 * The gpu.module of one executable, before it; the executable's kernels (one per export) and other functions go
 * in. Returns the kernels by export name, or undefined after reporting an export it cannot outline.
 */
function outlineExecutable(b: Builder, executable: Operation): Map<string, OutlinedKernel> | undefined {
  const ctx = b.context;
  const exports: Operation[] = [];
  for (let op = executable.regions[0]?.firstBlock?.firstOp ?? null; op; op = op.nextOperation) if (ExecutableExportOp.is(op)) exports.push(op);
  const kernels = new Map<string, OutlinedKernel>();
  const plans: { exportOp: Operation; fn: Operation; size: Size3 }[] = [];
  for (const exportOp of exports) {
    const size = exportWorkgroupSize(exportOp);
    const fn = exportedFunction(exportOp);
    if (!size) {
      exportOp.emitError("gpu-outline-executables: the export has no 'workgroup_size' (array<i32: x, y, z>): the work-group size its kernel runs with");
      return undefined;
    }
    if (!fn || !fn.regions[0]?.firstBlock) {
      exportOp.emitError('gpu-outline-executables: the export names no function with a body');
      return undefined;
    }
    if (getFunctionType(fn)!.results.length) {
      fn.emitError('gpu-outline-executables: a kernel returns nothing, but this function returns values');
      return undefined;
    }
    plans.push({ exportOp, fn, size });
  }
  b.setInsertionPoint(executable);
  const gpuModule = ModuleOp.create(b, { sym_name: StringAttr.get(ctx, getSymbolName(executable)!), loc: executable.loc }).op;
  const moduleBody = b.createBlock(gpuModule.regions[0]!);
  b.setInsertionPointToEnd(moduleBody);
  const exported = new Set(plans.map((p) => p.fn));
  const timesExported = new Map<Operation, number>();
  for (const p of plans) timesExported.set(p.fn, (timesExported.get(p.fn) ?? 0) + 1);
  for (const { exportOp, fn, size } of plans) {
    const left = timesExported.get(fn)! - 1;
    timesExported.set(fn, left);
    b.setInsertionPointToEnd(moduleBody);
    const kernel = buildKernel(b, getSymbolName(exportOp)!, fn, size, left > 0, exportGroupsPerWorkgroup(exportOp));
    kernels.set(getSymbolName(exportOp)!, { kernel, size });
  }
  // The rest of the executable's code (device functions, globals) goes along as it is.
  const inner = executableInnerModule(executable) ?? executable;
  for (const op of inner.regions[0]!.firstBlock!.opsArray()) {
    if (exported.has(op) || ExecutableExportOp.is(op) || ExecutableEndOp.is(op) || isModuleOp(op)) continue;
    op.remove();
    moduleBody.append(op);
    convertKernelBody(b, op);
  }
  return kernels;
}

/** The grid of a dispatch: the export's workgroup count region computed at the dispatch, or the workload itself. */
function dispatchGrid(b: Builder, dispatch: Operation, exportOp: Operation, workload: readonly Value[]): Value[] | string {
  const loc = dispatch.loc;
  const region = exportOp.regions[0]!;
  const block = region.firstBlock;
  if (!block) {
    // As the interpreter: x, y, z from the workload, 1 for missing values, extra ones multiplied into z.
    const grid = [0, 1, 2].map((i) => workload[i] ?? indexConstant(b, 1, loc));
    for (let i = 3; i < workload.length; i++) grid[2] = MulIOp.create(b, { lhs: grid[2]!, rhs: workload[i]!, result: IndexType.get(b.context), loc }).result;
    return grid;
  }
  if (block.nextBlock) return 'its workgroup count region has several blocks';
  const mapping = new IRMapping();
  block.args.forEach((a, i) => mapping.map(a, workload[i]!));
  for (let op = block.firstOp; op; op = op.nextOperation) {
    if (FlowReturnOp.is(op)) return op.operands.map((v) => mapping.lookupOrDefault(v));
    b.clone(op, mapping);
  }
  return 'its workgroup count region does not end with flow.return';
}

/** The dispatch as a launch of the kernel made from its export. */
function launchDispatch(b: Builder, dispatch: Operation, kernels: ReadonlyMap<Operation, Map<string, OutlinedKernel>>, executables: ReadonlyMap<string, Operation>): boolean {
  const refs = dispatchEntryPoints(dispatch);
  const fail = (message: string): false => {
    dispatch.emitError(`gpu-outline-executables: ${message}`);
    return false;
  };
  if (refs.length !== 1) return fail('a dispatch of several entry points (variants) cannot be launched: choose one first');
  const ref = refs[0]!;
  const executable = executables.get(ref.root);
  const exportName = ref.nested[0];
  const outlined = executable && exportName !== undefined ? kernels.get(executable)?.get(exportName) : undefined;
  if (!executable || !outlined || ref.nested.length !== 1) return fail(`the entry point ${ref} is not an export of an executable of this module`);
  if (dispatch.numResults || DispatchOp.wrap(dispatch).tied_operands !== undefined) return fail('a dispatch with results (tensors) cannot be launched: only kernels of memrefs, groups and scalars can');
  const { workload, arguments: args } = DispatchOp.wrap(dispatch);
  const exportOp = [...executable.regions[0]!.firstBlock!.opsArray()].find((o) => ExecutableExportOp.is(o) && getSymbolName(o) === exportName)!;
  b.setInsertionPoint(dispatch);
  const grid = dispatchGrid(b, dispatch, exportOp, workload);
  if (typeof grid === 'string') return fail(`the grid of ${ref} cannot be computed: ${grid}`);
  if (grid.length !== 3) return fail(`the workgroup count region of ${ref} gives ${grid.length} values, not 3`);
  const loc = dispatch.loc;
  const block = outlined.size.map((s) => indexConstant(b, s, loc));
  // Built generically: the op's builder would give it an async token, and this launch is synchronous.
  const ctx = b.context;
  const i32 = IntegerType.get(ctx, 32);
  b.create({
    name: LaunchFuncOp.name,
    operands: [...grid, ...block, ...args],
    resultTypes: [],
    properties: DictionaryAttr.get(ctx, [
      { name: 'kernel', value: SymbolRefAttr.get(ctx, ref.root, [exportName!]) },
      { name: 'operandSegmentSizes', value: DenseArrayAttr.get(ctx, i32, [0, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0, args.length, 0]) },
    ]),
    loc,
  });
  dispatch.erase();
  return true;
}

/**
 * Outlines every flow.executable of `module` into a gpu.module of gpu.func kernels and replaces every flow.dispatch
 * of them by a gpu.launch_func. Returns false after reporting what cannot be outlined or launched.
 */
export function outlineExecutables(module: Operation): boolean {
  const b = new Builder(module.context);
  const body = module.regions[0]?.firstBlock;
  const executables = new Map<string, Operation>();
  for (let op = body?.firstOp ?? null; op; op = op.nextOperation) if (ExecutableOp.is(op)) executables.set(getSymbolName(op)!, op);
  if (!executables.size) return true;
  const kernels = new Map<Operation, Map<string, OutlinedKernel>>();
  for (const executable of executables.values()) {
    const outlined = outlineExecutable(b, executable);
    if (!outlined) return false;
    kernels.set(executable, outlined);
  }
  const dispatches: Operation[] = [];
  module.walk((op) => {
    if (!DispatchOp.is(op)) return;
    const ref = dispatchEntryPoints(op)[0];
    if (ref && executables.has(ref.root)) dispatches.push(op);
  });
  let ok = true;
  for (const d of dispatches) ok = launchDispatch(b, d, kernels, executables) && ok;
  if (!ok) return false;
  for (const executable of executables.values()) executable.erase();
  module.setAttr(CONTAINER_MODULE_ATTR, UnitAttr.get(module.context));
  return true;
}
