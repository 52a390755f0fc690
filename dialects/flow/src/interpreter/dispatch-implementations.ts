// Dispatches in the reference interpreter (one device): flow.dispatch calls the export's function once per
// workgroup, flow.dispatch.workgroups runs its body once per workgroup, flow.dispatch.region runs its body once.
// Tensors keep value semantics: a dispatch binds copies of the tensors it updates, and its results are new tensors.
import { RankedTensorType, SymbolRefAttr, type Operation, type OpResult, type Region, type Type, type Value } from '@tlir/ir';
import { ControlTransfer, fault, type ExecutionContext, type InterpreterRegistry, type RuntimeValue } from '@tlir/interpreter';
import { DispatchOp, dispatchEntryPoints } from '../dispatch-op.js';
import { DispatchRegionOp } from '../dispatch-region-op.js';
import { DispatchTensorType, type TensorAccess } from '../dispatch-tensor-type.js';
import { DispatchWorkgroupsOp } from '../dispatch-workgroups-op.js';
import { ExecutableExportOp, exportedFunction } from '../executable-ops.js';
import { ReturnOp } from '../return-op.js';
import { dimsOf } from '../shaped-dims.js';
import { UNTIED, tiedOperandIndices } from '../tied-operands.js';
import { DispatchWorkgroupCountFromDagRootOp, DispatchWorkgroupCountFromSliceOp, DispatchWorkloadOrdinalOp } from '../workgroup-count-ops.js';
import { DispatchTensorBinding } from './dispatch-binding.js';
import { reinterpretBits } from './element-bits.js';
import { TensorValue, checkTensorShape, shapeOf } from './tensor-value.js';
import { checkGrid, forEachWorkgroup, workloadGrid, type GridSize } from './workgroup-grid.js';

/** The operands and results of a dispatch, as flow.dispatch and flow.dispatch.workgroups have them. */
interface DispatchView {
  readonly op: Operation;
  readonly workload: Value[];
  readonly arguments: Value[];
  readonly argument_dims: Value[];
  readonly result_dims: Value[];
  readonly results: OpResult[];
}

/** What the body is given (one value per body argument) and the binding behind each result. */
interface Bindings {
  readonly values: RuntimeValue[];
  readonly results: DispatchTensorBinding[];
}

/** The access a body argument declares (its dispatch tensor type), or `fallback` when it declares none. */
const accessOf = (t: Type | undefined, fallback: TensorAccess): TensorAccess => (t && DispatchTensorType.is(t) ? t.access : fallback);

/**
 * The body's arguments for a dispatch: a binding per tensor argument (the tensor itself when readonly, a copy when the
 * body may write it: a result is tied to it), the other arguments as they are, then a new binding per untied result.
 * `bodyTypes` are the types the body declares (their accesses are used).
 */
function bindDispatch(ctx: ExecutionContext, d: DispatchView, bodyTypes: readonly Type[]): Bindings {
  const argTypes = d.arguments.map((a) => a.type);
  const resultTypes = d.results.map((r) => r.type);
  const tied = tiedOperandIndices(d.op);
  const values: RuntimeValue[] = [];
  const argBindings: (DispatchTensorBinding | undefined)[] = [];
  d.arguments.forEach((arg, i) => {
    const v = ctx.get(arg);
    if (!(arg.type instanceof RankedTensorType)) {
      values.push(v);
      argBindings.push(undefined);
      return;
    }
    if (!(v instanceof TensorValue)) fault(`internal: argument #${i} is not a tensor`);
    checkTensorShape(v, arg.type, dimsOf(argTypes, d.argument_dims, i).map((x) => ctx.get(x)), `argument #${i}`);
    const access = accessOf(bodyTypes[i], tied.includes(i) ? 'readwrite' : 'readonly');
    // A binding the body may write gets a copy: the argument itself never changes.
    const b = access === 'readonly' ? new DispatchTensorBinding(access, v) : DispatchTensorBinding.ofInput(v, access);
    values.push(b);
    argBindings.push(b);
  });
  const results: DispatchTensorBinding[] = [];
  d.results.forEach((r, j) => {
    const t = tied[j]!;
    if (t !== UNTIED) {
      results.push(argBindings[t] ?? fault(`internal: result #${j} is tied to argument #${t}, which is not a tensor`));
      return;
    }
    const type = r.type as RankedTensorType;
    const shape = shapeOf(type, dimsOf(resultTypes, d.result_dims, j).map((x) => ctx.get(x)));
    const b = DispatchTensorBinding.ofResult(ctx, type.elementType, shape, accessOf(bodyTypes[values.length], 'writeonly'));
    values.push(b);
    results.push(b);
  });
  return { values, results };
}

/** The result tensors: each binding's storage, seen with the result's type (a tied result may change it). */
function dispatchResults(ctx: ExecutionContext, d: DispatchView, bindings: Bindings): TensorValue[] {
  const resultTypes = d.results.map((r) => r.type);
  return d.results.map((r, j) => {
    const t = bindings.results[j]!.tensor;
    const type = r.type as RankedTensorType;
    const shape = shapeOf(type, dimsOf(resultTypes, d.result_dims, j).map((x) => ctx.get(x)));
    if (type.elementType === t.elementType) return t.withShape(shape);
    const elements = reinterpretBits(t, type.elementType, shape.reduce((a, b) => a * b, 1));
    return TensorValue.build(ctx, type.elementType, shape, (i) => elements[i]!);
  });
}

/** The grid: what the count region computes from the workload, or the workload itself without one. */
function gridOf(ctx: ExecutionContext, countRegion: Region, workload: readonly RuntimeValue[], where: string): GridSize {
  if (countRegion.empty) return workloadGrid(workload);
  return checkGrid(ctx.runRegion(countRegion, workload).values, where);
}

/** The export and the function a flow.dispatch runs (its first entry point; the others are variants of it). */
function entryPoint(ctx: ExecutionContext, op: Operation): { exportOp: Operation; fn: Operation; ref: SymbolRefAttr } {
  const ref = dispatchEntryPoints(op)[0] ?? fault('internal: a dispatch without entry points');
  const exportOp = ctx.lookupSymbol(op, ref);
  const exported = exportOp && ExecutableExportOp.match(exportOp);
  if (!exported) fault(`the entry point ${ref} is not a flow.executable.export`);
  const fn = exportedFunction(exported.op) ?? fault(`the export ${ref} refers to ${exported.function_ref}, which its executable does not define`);
  return { exportOp: exported.op, fn, ref };
}

function registerDispatch(registry: InterpreterRegistry): void {
  registry.registerImpl(DispatchOp, (d, _, ctx) => {
    const { exportOp, fn, ref } = entryPoint(ctx, d.op);
    const fnArgs = fn.regions[0]?.firstBlock?.args ?? fault(`the function of ${ref} has no body`);
    const grid = gridOf(ctx, exportOp.regions[0]!, d.workload.map((w) => ctx.get(w)), `the workgroup count region of ${ref}`);
    const bindings = bindDispatch(ctx, d, fnArgs.map((a) => a.type));
    if (fnArgs.length !== bindings.values.length) {
      fault(`the function of ${ref} takes ${fnArgs.length} arguments, but the dispatch binds ${bindings.values.length} (one per argument, then one per result not tied to an argument)`);
    }
    bindings.values.forEach((v, i) => {
      const problem = ctx.registry.valueProblem(fnArgs[i]!.type, v);
      if (problem) fault(`argument #${i} of the function of ${ref} (${fnArgs[i]!.type}) cannot take what the dispatch binds: ${problem}`);
    });
    forEachWorkgroup(ctx, d.op, grid, () => void ctx.call(fn, bindings.values));
    return dispatchResults(ctx, d, bindings);
  });

  registry.registerImpl(DispatchWorkgroupsOp, (d, _, ctx) => {
    const grid = gridOf(ctx, d.workgroup_count, d.workload.map((w) => ctx.get(w)), 'the count region');
    const bindings = bindDispatch(ctx, d, d.workgroup_body.firstBlock!.args.map((a) => a.type));
    forEachWorkgroup(ctx, d.op, grid, () => void ctx.runRegion(d.workgroup_body, bindings.values));
    return dispatchResults(ctx, d, bindings);
  });

  registry.registerImpl(DispatchRegionOp, (r, _, ctx) => {
    const exit = ctx.runRegion(r.body, []);
    if (exit.kind !== 'yield') fault('the body of flow.dispatch.region must end with flow.return');
    const types = r.op.resultTypes;
    exit.values.forEach((v, i) => {
      checkTensorShape(v as TensorValue, types[i] as RankedTensorType, dimsOf(types, r.result_dims, i).map((x) => ctx.get(x)), `result #${i}`);
    });
    return exit.values;
  });
}

export function registerDispatchImplementations(registry: InterpreterRegistry): void {
  registerDispatch(registry);
  registry.registerImpl(ReturnOp, (_op, values) => ControlTransfer.yield(values));
  const count = (_op: unknown, workload: readonly RuntimeValue[]): RuntimeValue[] => [...workloadGrid(workload)];
  registry.registerImpl(DispatchWorkgroupCountFromSliceOp, count);
  registry.registerImpl(DispatchWorkgroupCountFromDagRootOp, count);
  registry.registerImpl(DispatchWorkloadOrdinalOp, (_op, [v]) => [v!]);
}
