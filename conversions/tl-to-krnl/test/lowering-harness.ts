// The equivalence harness of tl-to-krnl: a kernel runs in the reference interpreter as tensor language, then after
// each stage of lowering (a pass pipeline applied to the module in turn) on copies of the same inputs; every memory
// of the arguments must end up the same. A stage that leaves the kernel a host function (flow-outline-kernels,
// lower-to-gpu: the kernel's arguments, then the number of work-groups) is run once, with the groups; the gpu
// interpreter runs every work-item of every work-group of its launches. The lowering keeps the order of every floating-point operation, so the
// comparison is bit for bit (NaNs compare equal to each other whatever their payloads: the interpreters compute in
// JavaScript, which does not keep NaN payloads).
import { ArithDialect, registerArithInterpreter } from '@tlir/dialect-arith';
import { FlowDialect, registerFlowInterpreter } from '@tlir/dialect-flow';
import { FuncDialect, registerFuncInterpreter } from '@tlir/dialect-func';
import { GpuDialect, registerGpuInterpreter } from '@tlir/dialect-gpu';
import { KrnlDialect, registerKrnlInterpreter } from '@tlir/dialect-krnl';
import { MemRefDialect, registerMemRefInterpreter } from '@tlir/dialect-memref';
import { ScfDialect, registerScfInterpreter } from '@tlir/dialect-scf';
import { ExtractOp, LoadOp as VectorLoadOp, VectorDialect, registerVectorInterpreter } from '@tlir/dialect-vector';
import { AsmPrinter, Context, IndexType, SymbolTable, formatDiagnostic, type Operation, type Type } from '@tlir/ir';
import { Interpreter, InterpreterRegistry, Memory, MemrefView, isScalarRuntimeType, scalarFromHost, type RuntimeValue } from '@tlir/interpreter';
import { PassRegistry, PipelineSyntaxError, parsePassPipeline } from '@tlir/pass';
import { GroupValue, TlDialect, findKernel, registerTlInterpreter, runKernel, type KernelArgument } from '@tlir/dialect-tl';
import { parseTensorLanguage } from '@tlir/frontend-tl';
import { registerAllPasses } from '@tlir/registry';


/** The dialects of the tensor language and of everything it is lowered to. */
export const LOWERING_DIALECTS = [TlDialect, FuncDialect, ArithDialect, ScfDialect, MemRefDialect, KrnlDialect, FlowDialect, GpuDialect, VectorDialect];

/** The vector.loads the lowered kernels have run (tests of vector-width read it: the vector path ran, or not). */
export const VECTOR_LOADS = { count: 0 };

/** An interpreter registry that runs every stage: tl, func, arith, scf, memref, krnl, flow, gpu, vector. */
export function loweringRegistry(): InterpreterRegistry {
  const registry = new InterpreterRegistry();
  for (const register of [registerTlInterpreter, registerFuncInterpreter, registerArithInterpreter, registerScfInterpreter, registerMemRefInterpreter, registerKrnlInterpreter, registerFlowInterpreter]) {
    register(registry);
  }
  const vector = registerVectorInterpreter(new InterpreterRegistry());
  const vectorLoad = vector.lookup(VectorLoadOp.name)!;
  registry.register(ExtractOp, vector.lookup(ExtractOp.name)!);
  registry.register(VectorLoadOp.name, (op, operands, ctx) => {
    VECTOR_LOADS.count++;
    return vectorLoad(op, operands, ctx);
  });
  // Work-items of a block that meet in memory without a barrier between them are an error, whatever order they run in.
  registerGpuInterpreter(registry, { detectRaces: true });
  return registry;
}

const REGISTRY = loweringRegistry();

/** The pass registry of the stages (tl-to-krnl, lower-to-krnl, convert-krnl-to-scf, the flow and gpu lowerings, the generic passes). */
function passRegistry(): PassRegistry {
  return registerAllPasses(new PassRegistry());
}

/** The stages every equivalence test checks after its schedule of lower-to-krnl: the lowering of krnl to scf. */
export const LATER_STAGES = ['builtin.module(convert-krnl-to-scf)'];

const PASSES = passRegistry();

export interface EquivalenceCase {
  /** The kernel's tensor-language text. */
  readonly source: string;
  readonly filename?: string;
  /** The kernel's name. */
  readonly kernel: string;
  /** The host arguments, made for the kernel's types (memrefs with `memrefForType`, groups as GroupValue). */
  args(kernel: Operation): KernelArgument[];
  /** The number of work-groups of the launch. */
  readonly groups: number;
  /** Pass pipelines applied to the module in turn; the kernel runs after each. */
  readonly stages: readonly string[];
  /** Called with the module after each stage's pipeline, before the kernel runs (a test may break the IR on purpose). */
  readonly afterStage?: (module: Operation, stage: number) => void;
  /** A runtime error after this many ops in one work-group (default 5,000,000; a host function's launch may run this many per work-item). */
  readonly maxOperations?: number;
}

export interface EquivalenceResult {
  /** What differs between the tl run and each stage's (empty when they agree). */
  readonly differences: string[];
  /** The module after each stage, printed. */
  readonly stages: string[];
}

/** The memories a kernel's arguments reach (a memory shared by several arguments once). */
function memoriesOf(args: readonly KernelArgument[]): Memory[] {
  const seen = new Set<Memory>();
  for (const a of args) {
    if (a instanceof MemrefView) seen.add(a.memory);
    else if (a instanceof GroupValue) for (const m of a.memrefs) seen.add(m.memory);
  }
  return [...seen];
}

/** The arguments again, over copies of their memories (shared memories stay shared). */
function cloneArguments(args: readonly KernelArgument[], memories: readonly Memory[]): { args: KernelArgument[]; memories: Memory[] } {
  const copies = new Map(memories.map((m) => [m, m.clone()] as const));
  const view = (v: MemrefView): MemrefView => v.withMemory(copies.get(v.memory)!);
  const cloned = args.map((a) => (a instanceof MemrefView ? view(a) : a instanceof GroupValue ? new GroupValue(a.memrefs.map(view), a.offset) : a));
  return { args: cloned, memories: memories.map((m) => copies.get(m)!) };
}

/** Element `i` of two memories agree: the same bits, or both NaN. */
function sameElement(a: Memory, b: Memory, i: number): boolean {
  const x = a.data[i]!;
  const y = b.data[i]!;
  if (typeof x === 'number' && typeof y === 'number') {
    if (Number.isNaN(x) && Number.isNaN(y)) return true;
    return Object.is(x, y);
  }
  return x === y;
}

function compareMemories(expected: readonly Memory[], got: readonly Memory[], stage: string): string[] {
  const out: string[] = [];
  expected.forEach((m, k) => {
    const g = got[k]!;
    const wrong: string[] = [];
    for (let i = 0; i < m.length; i++) {
      if (!sameElement(m, g, i)) wrong.push(`[${i}] tl ${String(m.data[i])}, lowered ${String(g.data[i])}`);
    }
    if (wrong.length) out.push(`${stage}: ${m.label}: ${wrong.length} of ${m.length} elements differ: ${wrong.slice(0, 8).join('; ')}`);
  });
  return out;
}

/** The runtime values of the host arguments for the kernel's argument types (scalars as runKernel converts them). */
function runtimeArguments(types: readonly Type[], args: readonly KernelArgument[]): RuntimeValue[] {
  return args.map((a, i) => (isScalarRuntimeType(types[i]!) && typeof a !== 'object' ? scalarFromHost(types[i]!, a, `argument #${i}`) : (a as RuntimeValue)));
}

/** Whether `fn` is a kernel's host function: the kernel's arguments and then the number of work-groups (an index). */
function isHostFunction(fn: Operation, kernelArgs: number): boolean {
  const args = fn.regions[0]?.firstBlock?.args ?? [];
  return args.length === kernelArgs + 1 && args[kernelArgs]!.type instanceof IndexType;
}

/**
 * Runs a kernel as tensor language and after each stage, on equal inputs, and compares the memories of the
 * arguments. Throws (with the diagnostics) when the kernel does not compile, a stage fails, or a run fails.
 */
export function runEquivalence(c: EquivalenceCase): EquivalenceResult {
  const ctx = new Context({ dialects: LOWERING_DIALECTS });
  const errors: string[] = [];
  ctx.diagnostics.addHandler((d) => errors.push(formatDiagnostic(d, ctx.sources)));
  const module = parseTensorLanguage(ctx, c.source, c.filename ?? `${c.kernel}.tl`);
  if (!module) throw new Error(`the kernel does not compile:\n${errors.join('')}`);
  const kernel = findKernel(module, c.kernel);
  if (!kernel) throw new Error(`no kernel @${c.kernel}`);
  const types = kernel.regions[0]!.firstBlock!.args.map((a) => a.type);
  const args = c.args(kernel);
  const memories = memoriesOf(args);
  const copies = c.stages.map(() => cloneArguments(args, memories));
  const maxOperations = c.maxOperations ?? 5_000_000;
  const reference = runKernel(kernel, args, { groups: c.groups, registry: REGISTRY, maxOperations });
  if (!reference.ok) throw new Error(`the kernel fails as tensor language:\n${formatDiagnostic(reference.diagnostic, ctx.sources)}`);
  const differences: string[] = [];
  const printed: string[] = [];
  const interpreter = new Interpreter(REGISTRY, { maxOperations });
  c.stages.forEach((pipeline, s) => {
    const pm = parsePassPipeline(pipeline, PASSES);
    if (pm instanceof PipelineSyntaxError) throw new Error(`bad pipeline '${pipeline}': ${pm.format()}`);
    if (!pm.run(module)) throw new Error(`stage '${pipeline}' failed:\n${errors.join('')}`);
    c.afterStage?.(module, s);
    const text = AsmPrinter.print(module);
    printed.push(text);
    const fn = new SymbolTable(module).lookup(c.kernel);
    if (!fn) throw new Error(`no function @${c.kernel} after '${pipeline}'`);
    const values = runtimeArguments(types, copies[s]!.args);
    if (isHostFunction(fn, values.length)) {
      // The host calling convention: the kernel's arguments, then the number of work-groups.
      const host = new Interpreter(REGISTRY, { maxOperations: maxOperations * 4096 });
      const r = host.call(fn, [...values, c.groups]);
      if (!r.ok) throw new Error(`the host function fails after '${pipeline}':\n${formatDiagnostic(r.diagnostic, ctx.sources)}\n${text}`);
    } else {
      for (let g = 0; g < c.groups; g++) {
        const r = interpreter.call(fn, values, { groupId: g, groupCount: c.groups });
        if (!r.ok) throw new Error(`the kernel fails after '${pipeline}' in work-group ${g}:\n${formatDiagnostic(r.diagnostic, ctx.sources)}\n${text}`);
      }
    }
    differences.push(...compareMemories(memories, copies[s]!.memories, pipeline));
  });
  return { differences, stages: printed };
}
