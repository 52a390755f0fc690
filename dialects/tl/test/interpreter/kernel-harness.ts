// Helpers of the interpreter tests: compile tensor-language text, make arguments, run, read results.
import { Context, formatDiagnostic, type Operation, type Type } from '@tlir/ir';
import type { MemrefView } from '@tlir/interpreter';
import { parseTensorLanguage } from '@tlir/frontend-tl';
import { GroupValue, TlMemrefType, TlDialect, findKernel, memrefForType, runKernel, type KernelArgument, type MemrefInit } from '../../src/index.js';

export interface Compiled {
  readonly ctx: Context;
  readonly module: Operation;
  /** The kernel named `name` (the only one when no name is given). */
  kernel(name?: string): Operation;
}

/** Parses tensor-language text; a parse error fails the test with the formatted diagnostics. */
export function compile(text: string, filename = 'kernel.tl'): Compiled {
  const ctx = new Context({ dialects: [TlDialect] });
  const errors: string[] = [];
  ctx.diagnostics.addHandler((d) => errors.push(formatDiagnostic(d, ctx.sources)));
  const module = parseTensorLanguage(ctx, text, filename);
  if (!module) throw new Error(`the kernel does not compile:\n${errors.join('')}`);
  return {
    ctx,
    module,
    kernel(name?: string) {
      const k = name ? findKernel(module, name) : module.regions[0]!.firstBlock!.firstOp!;
      if (!k) throw new Error(`no kernel @${name}`);
      return k;
    },
  };
}

/** The type of argument `i` of a kernel. */
export const argType = (kernel: Operation, i: number): Type => kernel.regions[0]!.firstBlock!.args[i]!.type;

/** A host memref for argument `i` of `kernel` (its type gives element type, static sizes and strides). */
export function memrefArg(kernel: Operation, i: number, init: MemrefInit = {}): MemrefView {
  const t = argType(kernel, i);
  if (!TlMemrefType.is(t)) throw new Error(`argument ${i} is not a memref`);
  return memrefForType(t, { label: `argument #${i}`, ...init });
}

/** A group of memrefs for argument `i` (each made with `memrefArg`'s rules for the group's memref type). */
export function groupArg(kernel: Operation, i: number, inits: readonly MemrefInit[], offset = 0): GroupValue {
  const t = argType(kernel, i) as unknown as { memrefType: TlMemrefType };
  return new GroupValue(
    inits.map((init, k) => memrefForType(t.memrefType, { label: `memref #${k} of argument #${i}`, ...init })),
    offset,
  );
}

/** Runs a kernel; returns undefined on success, else the formatted diagnostic (with its notes). */
export function run(c: Compiled, kernel: Operation, args: readonly KernelArgument[], groups = 1): string | undefined {
  const r = runKernel(kernel, args, { groups });
  return r.ok ? undefined : formatDiagnostic(r.diagnostic, c.ctx.sources);
}

/** Runs a kernel that must succeed. */
export function runOk(c: Compiled, kernel: Operation, args: readonly KernelArgument[], groups = 1): void {
  const e = run(c, kernel, args, groups);
  if (e !== undefined) throw new Error(`the kernel failed:\n${e}`);
}

/** A deterministic sequence of small integers in [-range, range] (exact in every float type the tests use). */
export function smallIntegers(n: number, seed: number, range = 4): number[] {
  let s = seed >>> 0 || 1;
  const out: number[] = [];
  for (let i = 0; i < n; i++) {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    s >>>= 0;
    out.push((s % (2 * range + 1)) - range);
  }
  return out;
}
