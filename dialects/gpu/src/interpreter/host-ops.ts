// The host-side ops: gpu.alloc / dealloc (device memory as memref.alloc makes it), memcpy, memset, wait,
// host_register / unregister, set_default_device, and gpu.printf (which runs on the device). Asynchronous forms run
// to their end at once and return a completed token.
import { formatLocationPrefix, type MemRefType, type Operation } from '@tlir/ir';
import { allocateMemRef, memrefElements } from '@tlir/dialect-memref';
import { MemrefView, fault, formatPrintf, printfArgument, rowMajorIndices, type ExecutionContext, type InterpreterRegistry, type Memory, type PrintfArgument, type PrintfPolicy, type RuntimeValue } from '@tlir/interpreter';
import { AsyncTokenType } from '../async-token-type.js';
import { PrintfOp, SetDefaultDeviceOp } from '../host-ops.js';
import { AllocOp, DeallocOp, HostRegisterOp, HostUnregisterOp, MemcpyOp, MemsetOp, WaitOp } from '../memory-ops.js';
import { AsyncTokenValue } from './async-token-value.js';

/** What the gpu implementations remember during one run: the memory gpu.alloc made (the only memory gpu.dealloc frees). */
interface GpuRunState {
  readonly deviceHeap: WeakSet<Memory>;
}

const KEY = {};

function gpuState(ctx: ExecutionContext): GpuRunState {
  return ctx.state(KEY, () => ({ deviceHeap: new WeakSet() }));
}

/** The async token result, when the op has one (its last result). */
export function token(op: Operation): RuntimeValue[] {
  return op.numResults && AsyncTokenType.is(op.results[op.numResults - 1]!.type) ? [new AsyncTokenValue(op)] : [];
}

/** The runtime values of an op's operand groups, given the number of values in each (the view's group lengths). */
export function groups(sizes: readonly number[], operands: readonly RuntimeValue[]): RuntimeValue[][] {
  const out: RuntimeValue[][] = [];
  let start = 0;
  for (const n of sizes) {
    out.push(operands.slice(start, start + n));
    start += n;
  }
  return out;
}

/** The operands of an op with async dependencies first, without them. */
function afterDependencies(op: Operation, operands: readonly RuntimeValue[]): readonly RuntimeValue[] {
  let n = 0;
  while (n < operands.length && AsyncTokenType.is(op.getOperand(n).type)) n++;
  return operands.slice(n);
}

/** Where gpu.printf's text goes. */
export type PrintfOutput = (text: string) => void;

/** stdout (Node) or the console. */
export const defaultPrintfOutput: PrintfOutput = (text) => {
  const stdout = (globalThis as { process?: { stdout?: { write(s: string): unknown } } }).process?.stdout;
  if (stdout) stdout.write(text);
  else console.log(text.replace(/\n$/, ''));
};

/** gpu.printf's policy: what C leaves undefined (too few arguments, one of the wrong kind) is a runtime error. */
const GPU_PRINTF: PrintfPolicy = { who: 'gpu.printf', missingArgument: 'error', otherKind: 'error' };

/** The text gpu.printf prints for `format` and `args`. */
export function formatGpuPrintf(format: string, args: readonly PrintfArgument[]): string {
  return formatPrintf(format, args, GPU_PRINTF);
}

export function registerHostOps(registry: InterpreterRegistry, printf: PrintfOutput): void {
  registry.registerImpl(AllocOp, (alloc, operands, ctx) => {
    const op = alloc.op;
    const sizes = [alloc.asyncDependencies.length, alloc.dynamicSizes.length, alloc.symbolOperands.length];
    const [, dynamicSizes, symbols] = groups(sizes, operands) as [RuntimeValue[], number[], number[]];
    const type = alloc.memref.type as MemRefType;
    const view = allocateMemRef(ctx, type, dynamicSizes, symbols, 'program', `the memory of gpu.alloc at ${formatLocationPrefix(op.loc)}`);
    gpuState(ctx).deviceHeap.add(view.memory);
    return [view, ...token(op)];
  });
  registry.registerImpl(DeallocOp, ({ op }, operands, ctx) => {
    const [m] = afterDependencies(op, operands);
    const memory = (m as MemrefView).memory;
    if (memory.freedReason !== undefined) fault(`dealloc of ${memory.label}, which was already ${memory.freedReason}`);
    if (!gpuState(ctx).deviceHeap.has(memory)) fault(`dealloc of ${memory.label}, which gpu.alloc did not allocate`);
    memory.free(`freed by gpu.dealloc at ${formatLocationPrefix(op.loc)}`);
    return token(op);
  });
  registry.registerImpl(MemcpyOp, ({ op }, operands) => {
    const [dst, src] = afterDependencies(op, operands) as [MemrefView, MemrefView];
    if (dst.sizes.length !== src.sizes.length || dst.sizes.some((s, k) => s !== src.sizes[k])) {
      fault(`gpu.memcpy between memrefs of sizes [${src.sizes.join(', ')}] and [${dst.sizes.join(', ')}]`);
    }
    // Every source element is read first (one never written is an error, as for a load), then stored.
    const values = memrefElements(src);
    let e = 0;
    rowMajorIndices(dst.sizes, (idx) => dst.store(idx, values[e++]!));
    return token(op);
  });
  registry.registerImpl(MemsetOp, ({ op }, operands) => {
    const [dst, value] = afterDependencies(op, operands) as [MemrefView, number | bigint];
    dst.checkInBounds('gpu.memset');
    rowMajorIndices(dst.sizes, (idx) => dst.store(idx, value));
    return token(op);
  });
  registry.registerImpl(WaitOp, ({ op }) => token(op));
  // Host memory is device memory in the interpreter: registering it changes nothing.
  registry.registerImpl(HostRegisterOp, () => []);
  registry.registerImpl(HostUnregisterOp, () => []);
  registry.registerImpl(SetDefaultDeviceOp, (_op, [index]) => {
    if (index !== 0) fault(`the interpreter has one device, 0; gpu.set_default_device asks for ${index}`);
  });
  registry.registerImpl(PrintfOp, (op, operands) => {
    const args = operands.map((v, i) => printfArgument(op.args[i]!.type, v, 'gpu.printf'));
    printf(formatGpuPrintf(op.format.value, args));
  });
}
