// Helpers of the krnl interpreter tests: a harness with the dialects krnl IR uses, host memrefs for a function's
// arguments and their elements back in row-major order.
import { ArithDialect, registerArithInterpreter } from '@tlir/dialect-arith';
import { FuncDialect, registerFuncInterpreter } from '@tlir/dialect-func';
import { MathDialect, registerMathInterpreter } from '@tlir/dialect-math';
import { MemRefDialect, createMemref, memrefElements, registerMemRefInterpreter } from '@tlir/dialect-memref';
import { ScfDialect, registerScfInterpreter } from '@tlir/dialect-scf';
import type { MemRefType } from '@tlir/ir';
import type { MemrefView } from '@tlir/interpreter';
import { interpreterHarness, type Program } from '../../../../test/lib/interpreter-harness.js';
import { KrnlDialect, registerKrnlInterpreter, type KrnlInterpreterOptions } from '../../src/index.js';

export const KRNL_TEST_DIALECTS = [FuncDialect, ArithDialect, MathDialect, MemRefDialect, ScfDialect, KrnlDialect];

/** A harness running func, arith, math, memref, scf and krnl (with `options` for krnl's runtime ops). */
export function krnlHarness(options: KrnlInterpreterOptions = {}) {
  return interpreterHarness({
    dialects: KRNL_TEST_DIALECTS,
    implementations: [
      registerFuncInterpreter,
      registerArithInterpreter,
      registerMathInterpreter,
      registerMemRefInterpreter,
      registerScfInterpreter,
      (r) => registerKrnlInterpreter(r, options),
    ],
  });
}

/** A host memref for argument `i` of function `name` (elements in row-major order; NaN or 0 without data). */
export function argument(program: Program, name: string, i: number, data?: readonly (number | bigint)[], sizes?: (number | undefined)[]): MemrefView {
  const type = program.fn(name).regions[0]!.firstBlock!.args[i]!.type as MemRefType;
  return createMemref(type, { data, sizes, label: `argument #${i}` });
}

export const elements = (v: MemrefView): (number | bigint)[] => memrefElements(v);

/** 0, 1, ..., n - 1 */
export const iota = (n: number): number[] => Array.from({ length: n }, (_, i) => i);
