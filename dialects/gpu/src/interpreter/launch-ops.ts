// gpu.launch_func and gpu.launch: the host runs a kernel on a grid, every work-item a strand (launch-scheduler.ts).
// The sizes are checked (positive, the cluster size dividing the grid, the kernel's known sizes), the kernel's
// arguments against its types; each block gets its workgroup attributions, each work-item its private ones,
// freed when the block ends.
import { DenseArrayAttr, MemRefType, getFunctionType, getSymbolName, type Operation, type Region, type Type, type Value } from '@tlir/ir';
import { allocateMemRef } from '@tlir/dialect-memref';
import { ControlTransfer, MemrefView, describeRuntimeValue, fault, type ExecutionContext, type InterpreterRegistry, type Memory, type RuntimeValue } from '@tlir/interpreter';
import { FuncOp, funcAttributions } from '../func-op.js';
import { LaunchFuncOp } from '../launch-func-op.js';
import { LaunchOp, launchAttributions, launchHasClusters } from '../launch-op.js';
import { ReturnOp, TerminatorOp } from '../return-op.js';
import { groups, token } from './host-ops.js';
import { runLaunch, type KernelBody, type LaunchOptions } from './launch-scheduler.js';
import { WORK_ITEM, describeWorkItem, dim3Text, volume, type Dim3, type LaunchGeometry, type WorkItem } from './work-item.js';

/** The most work-items the interpreter runs in one block (each is a strand with its own frame). */
const MAX_BLOCK_SIZE = 65536;

/** A launch size operand (index, i32 or i64) as a number. */
function size(v: RuntimeValue): number {
  return typeof v === 'bigint' ? Number(v) : (v as number);
}

/** Checks and builds the geometry of a launch. */
export function launchGeometry(grid: RuntimeValue[], block: RuntimeValue[], cluster: RuntimeValue[] | undefined, subgroupSize: number): LaunchGeometry {
  const dim = (vs: RuntimeValue[], what: string): Dim3 => {
    const d = vs.map(size) as [number, number, number];
    if (d.some((n) => !(n >= 1))) fault(`the ${what} size of a launch must be at least 1 in every dimension, got ${dim3Text(d)}`);
    return d;
  };
  const g = dim(grid, 'grid');
  const b = dim(block, 'block');
  if (volume(b) > MAX_BLOCK_SIZE) fault(`a block of ${volume(b)} work-items ${dim3Text(b)}: the interpreter runs at most ${MAX_BLOCK_SIZE} in a block`);
  const c = cluster ? dim(cluster, 'cluster') : ([1, 1, 1] as const);
  if (c.some((n, k) => g[k]! % n !== 0)) fault(`the cluster size ${dim3Text(c)} does not divide the grid size ${dim3Text(g)}`);
  return { grid: g, block: b, cluster: c, subgroupSize };
}

/** A launch with sizes other than those a kernel declares (`known_block_size`, `known_grid_size`) is undefined. */
function checkKnownSizes(kernel: Operation, launch: LaunchGeometry): void {
  const fn = FuncOp.match(kernel);
  for (const [name, actual, declared] of [
    ['known_block_size', launch.block, fn?.known_block_size],
    ['known_grid_size', launch.grid, fn?.known_grid_size],
  ] as const) {
    // On another function, the discardable attribute MLIR's gpu dialect names `gpu.known_block_size`.
    const a = declared ?? kernel.getAttr(`gpu.${name}`);
    if (!(a instanceof DenseArrayAttr)) continue;
    const known = a.values.map(Number);
    if (known.some((n, k) => n !== actual[k])) {
      fault(`@${getSymbolName(kernel)} is launched with ${name === 'known_block_size' ? 'block' : 'grid'} size ${dim3Text(actual)}, but its ${name} is ${dim3Text(known as unknown as Dim3)} (undefined behavior)`);
    }
  }
}

/** New memory for an attribution of static type `type`, freed by `release`. */
function attribution(ctx: ExecutionContext, type: Type, label: string, owned: Memory[]): MemrefView {
  if (!(type instanceof MemRefType) || type.shape.some((s) => s < 0)) fault(`${label} must be a memref of static shape, got ${type}`);
  const view = allocateMemRef(ctx, type, [], [], 'program', label);
  owned.push(view.memory);
  return view;
}

function releaser(owned: Memory[], blockId: Dim3): () => void {
  return () => {
    for (const m of owned) if (m.freedReason === undefined) m.free(`freed when block ${dim3Text(blockId)} finished`);
  };
}

/**
 * What runs on the work-items when `kernel` (a gpu.func: its arguments, then its workgroup and private
 * attributions; or any function with a body) is launched with `args` by `launchOp`: checked against the sizes the
 * kernel declares.
 */
export function kernelBody(kernel: Operation, launchOp: Operation, args: readonly RuntimeValue[], launch: LaunchGeometry, name: string): KernelBody {
  checkKnownSizes(kernel, launch);
  const region = kernel.regions[0];
  if (!region || region.empty) fault(`cannot launch ${name}: it has no body`);
  const { workgroup, private: priv } = FuncOp.is(kernel) ? funcAttributions(kernel) : { workgroup: [], private: [] };
  return {
    launchOp,
    region,
    name,
    globalMemories: memoriesOf(args),
    enterBlock(c, blockId) {
      const owned: Memory[] = [];
      const shared = workgroup.map((a, i) => attribution(c, a.type, `workgroup attribution #${i} of ${name} in block ${dim3Text(blockId)}`, owned));
      return {
        args: (item) => [
          ...args,
          ...shared,
          ...priv.map((a, i) => attribution(c, a.type, `private attribution #${i} of ${name} in ${describeWorkItem(item)}`, owned)),
        ],
        release: releaser(owned, blockId),
        shared: shared.map((v) => v.memory),
      };
    },
  };
}

/** The memories of the memref values among `values`. */
function memoriesOf(values: readonly RuntimeValue[]): Memory[] {
  return values.filter((v): v is MemrefView => v instanceof MemrefView).map((v) => v.memory);
}

/** Whether `v` is defined in `region` (or in a region nested in it). */
function definedIn(v: Value, region: Region): boolean {
  for (let r = v.parentBlock?.parentRegion ?? null; r !== null; r = r.parentOp?.parentRegion ?? null) if (r === region) return true;
  return false;
}

/** The values the body of `launch` uses that are defined before it (a gpu.launch body's view of the host). */
function valuesFromAbove(ctx: ExecutionContext, launch: Operation): RuntimeValue[] {
  const region = launch.regions[0]!;
  const out: RuntimeValue[] = [];
  const seen = new Set<Value>();
  launch.walk((op) => {
    if (op === launch) return 'advance';
    for (const v of op.operands) {
      if (seen.has(v)) continue;
      seen.add(v);
      if (!definedIn(v, region)) out.push(ctx.get(v));
    }
    return 'advance';
  });
  return out;
}

/** The strand-local work-item of the strand this runs in, if any: a launch inside a kernel is not supported. */
function checkOnHost(ctx: ExecutionContext): void {
  const item = ctx.local<WorkItem>(WORK_ITEM);
  if (item) fault(`a launch inside a kernel (in ${describeWorkItem(item)}): the interpreter launches kernels from the host only`);
}

export function registerLaunchOps(registry: InterpreterRegistry, subgroupSize: number, options: LaunchOptions): void {
  registry.registerImpl(LaunchFuncOp, (l, operands, ctx) => {
    const op = l.op;
    checkOnHost(ctx);
    const n = (v: Value | undefined): number => (v === undefined ? 0 : 1);
    const sizes = [l.asyncDependencies.length, 1, 1, 1, 1, 1, 1, n(l.clusterSizeX), n(l.clusterSizeY), n(l.clusterSizeZ), n(l.dynamicSharedMemorySize), l.kernelOperands.length, n(l.asyncObject)];
    const [, gx, gy, gz, bx, by, bz, cx, cy, cz, , kernelArgs, asyncObject] = groups(sizes, operands);
    if (asyncObject!.length) fault('a launch on an async object (<%obj : type>) is not supported by the interpreter');
    const ref = l.kernel;
    const kernel = ctx.lookupSymbol(op, ref as never) ?? fault(`no kernel ${ref} is visible from here`);
    const launch = launchGeometry([...gx!, ...gy!, ...gz!], [...bx!, ...by!, ...bz!], cx!.length ? [...cx!, ...cy!, ...cz!] : undefined, subgroupSize);
    const inputs = getFunctionType(kernel)?.inputs ?? [];
    if (inputs.length !== kernelArgs!.length) fault(`${ref} takes ${inputs.length} arguments, ${kernelArgs!.length} given`);
    inputs.forEach((t, i) => {
      const p = ctx.registry.valueProblem(t, kernelArgs![i]!);
      if (p) fault(`argument #${i} of ${ref} (${t}): ${p}; got ${describeRuntimeValue(kernelArgs![i]!)}`);
    });
    runLaunch(ctx, launch, kernelBody(kernel, op, kernelArgs!, launch, String(ref)), options);
    return token(op);
  });

  registry.registerImpl(LaunchOp, (l, operands, ctx) => {
    const op = l.op;
    checkOnHost(ctx);
    const n = (v: Value | undefined): number => (v === undefined ? 0 : 1);
    const sizes = [l.asyncDependencies.length, 1, 1, 1, 1, 1, 1, n(l.clusterSizeX), n(l.clusterSizeY), n(l.clusterSizeZ), n(l.dynamicSharedMemorySize)];
    const [, gx, gy, gz, bx, by, bz, cx, cy, cz] = groups(sizes, operands);
    const clusters = launchHasClusters(op);
    const launch = launchGeometry([...gx!, ...gy!, ...gz!], [...bx!, ...by!, ...bz!], clusters ? [...cx!, ...cy!, ...cz!] : undefined, subgroupSize);
    const { workgroup, private: priv } = launchAttributions(op);
    const body: KernelBody = {
      launchOp: op,
      region: l.body,
      name: 'the gpu.launch',
      globalMemories: options.detectRaces ? memoriesOf(valuesFromAbove(ctx, op)) : [],
      enterBlock(c, blockId) {
        const owned: Memory[] = [];
        const shared = workgroup.map((a, i) => attribution(c, a.type, `workgroup attribution #${i} of the gpu.launch in block ${dim3Text(blockId)}`, owned));
        return {
          args: (item) => [
            ...blockId,
            ...item.threadId,
            ...launch.grid,
            ...launch.block,
            ...(clusters ? [...blockId.map((b, k) => Math.floor(b / launch.cluster[k]!)), ...launch.cluster] : []),
            ...shared,
            ...priv.map((a, i) => attribution(c, a.type, `private attribution #${i} of the gpu.launch in ${describeWorkItem(item)}`, owned)),
          ],
          release: releaser(owned, blockId),
          shared: shared.map((v) => v.memory),
        };
      },
    };
    runLaunch(ctx, launch, body, options);
    return token(op);
  });

  // The end of a launch body, and of a gpu.func (a kernel returns nothing; a device function its values).
  registry.registerImpl(TerminatorOp, () => ControlTransfer.yield());
  registry.registerImpl(ReturnOp, (_op, values) => ControlTransfer.return(values));
}
