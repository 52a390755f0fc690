// The code of docs/interpreter.md's section on the gpu dialect: if this test fails, fix the doc with it.
import { expect, it } from 'vitest';
import { Context, SymbolTable, formatDiagnostic, parseSourceString, verify, type MemRefType } from '@tlir/ir';
import { Interpreter, InterpreterRegistry } from '@tlir/interpreter';
import { ArithDialect, registerArithInterpreter } from '@tlir/dialect-arith';
import { FuncDialect, registerFuncInterpreter } from '@tlir/dialect-func';
import { MemRefDialect, createMemref, memrefElements, registerMemRefInterpreter } from '@tlir/dialect-memref';
import { GpuDialect, launchKernel, registerGpuInterpreter } from '../src/index.js';

const TEXT = (barrier: string): string => `
module attributes {gpu.container_module} {
  gpu.module @kernels {
    // Each block reverses its 4 elements of %x, through workgroup memory.
    gpu.func @reverse(%x: memref<8xf32>) workgroup(%tile: memref<4xf32, 3>) kernel {
      %t = gpu.thread_id x
      %g = gpu.global_id x
      %v = memref.load %x[%g] : memref<8xf32>
      memref.store %v, %tile[%t] : memref<4xf32, 3>
      ${barrier}
      %c3 = arith.constant 3 : index
      %m = arith.subi %c3, %t : index
      %w = memref.load %tile[%m] : memref<4xf32, 3>
      memref.store %w, %x[%g] : memref<8xf32>
      gpu.return
    }
  }
  func.func @main(%x: memref<8xf32>) {
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c4 = arith.constant 4 : index
    gpu.launch_func @kernels::@reverse blocks in (%c2, %c1, %c1) threads in (%c4, %c1, %c1) args(%x : memref<8xf32>)
    return
  }
}`;

function setUp(barrier: string) {
  const ctx = new Context({ dialects: [FuncDialect, ArithDialect, MemRefDialect, GpuDialect] });
  const module = parseSourceString(ctx, TEXT(barrier), 'reverse.mlir')!;
  expect(verify(module)).toBe(true);
  const main = new SymbolTable(module).lookup('main')!;
  const registry = new InterpreterRegistry();
  for (const register of [registerFuncInterpreter, registerArithInterpreter, registerMemRefInterpreter]) register(registry);
  registerGpuInterpreter(registry, { subgroupSize: 32 });
  const x = createMemref(main.regions[0]!.firstBlock!.args[0]!.type as MemRefType, { data: [1, 2, 3, 4, 5, 6, 7, 8] });
  return { ctx, module, main, registry, x };
}

it('launches a kernel from a host function and from the host API, as the doc shows', () => {
  const { ctx, module, main, registry, x } = setUp('gpu.barrier');
  const r = new Interpreter(registry).call(main, [x]);
  if (!r.ok) throw new Error(formatDiagnostic(r.diagnostic, ctx.sources));
  expect(memrefElements(x)).toEqual([4, 3, 2, 1, 8, 7, 6, 5]);
  const kernel = new SymbolTable(new SymbolTable(module).lookup('kernels')!).lookup('reverse')!;
  const again = launchKernel(new Interpreter(registry), kernel, [x], { grid: 2, block: 4 });
  expect(again.ok).toBe(true);
  expect(memrefElements(x)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
});

it('without the barrier, stops at the read of workgroup memory never written, as the doc shows', () => {
  const { ctx, main, registry, x } = setUp('');
  const r = new Interpreter(registry).call(main, [x]);
  const text = r.ok ? '' : formatDiagnostic(r.diagnostic, ctx.sources);
  expect(text).toContain('reverse.mlir:13:12: error: load of element 3 of workgroup attribution #0 of @kernels::@reverse in block (0, 0, 0), which was never written');
  expect(text).toContain('note: in thread (0, 0, 0) of block (0, 0, 0) of @kernels::@reverse');
});
