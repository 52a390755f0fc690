// The code of docs/interpreter.md's section on the standard dialects: if this test fails, fix the doc with it.
import { expect, it } from 'vitest';
import { Context, SymbolTable, formatDiagnostic, parseSourceString, verify, type MemRefType } from '@tlir/ir';
import { Interpreter, InterpreterRegistry } from '@tlir/interpreter';
import { ArithDialect, registerArithInterpreter } from '@tlir/dialect-arith';
import { FuncDialect, registerFuncInterpreter } from '@tlir/dialect-func';
import { MemRefDialect, createMemref, memrefElements, registerMemRefInterpreter } from '@tlir/dialect-memref';
import { ScfDialect, registerScfInterpreter } from '@tlir/dialect-scf';

it('runs a func.func of scf loops over a memref, as the doc shows', () => {
  const ctx = new Context({ dialects: [FuncDialect, ArithDialect, ScfDialect, MemRefDialect] });
  const module = parseSourceString(
    ctx,
    `
func.func @scale(%A: memref<?x4xf32>, %alpha: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %n = memref.dim %A, %c0 : memref<?x4xf32>
  scf.for %i = %c0 to %n step %c1 {
    scf.for %j = %c0 to %c4 step %c1 {
      %x = memref.load %A[%i, %j] : memref<?x4xf32>
      %y = arith.mulf %x, %alpha : f32
      memref.store %y, %A[%i, %j] : memref<?x4xf32>
    }
  }
  return
}`,
    'scale.mlir',
  )!;
  expect(verify(module)).toBe(true);
  const fn = new SymbolTable(module).lookup('scale')!;

  const registry = new InterpreterRegistry();
  for (const register of [registerFuncInterpreter, registerArithInterpreter, registerScfInterpreter, registerMemRefInterpreter]) register(registry);
  const type = fn.regions[0]!.firstBlock!.args[0]!.type as MemRefType;
  const A = createMemref(type, { sizes: [2], data: [1, 2, 3, 4, 5, 6, 7, 8] });
  const r = new Interpreter(registry).call(fn, [A, 0.5]);
  if (!r.ok) throw new Error(formatDiagnostic(r.diagnostic, ctx.sources));
  expect(memrefElements(A)).toEqual([0.5, 1, 1.5, 2, 2.5, 3, 3.5, 4]);
});
