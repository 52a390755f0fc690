// Checking the lowering to scf with the interpreter: run a function, lower its module with convert-krnl-to-scf,
// run it again on copies of the same arguments, and compare what the two runs return and leave in memory.
import { expect } from 'vitest';
import { AsmPrinter, formatDiagnostic, verify, type Operation } from '@tlir/ir';
import { MemrefView, type RuntimeValue } from '@tlir/interpreter';
import type { Program } from '../../../test/lib/interpreter-harness.js';
import { sameScalar } from '../../../test/lib/interpreter-harness.js';
import { convertKrnlToScf } from '@tlir/conversion-krnl-to-scf';
import { elements, krnlHarness } from '../../../dialects/krnl/test/interpreter/krnl-harness.js';

export const harness = krnlHarness();

/** Lowered loops run many more ops than krnl ops that work on whole tiles. */
const LIMIT = { maxOperations: 100_000_000 };

/** A copy of a runtime value: memref views get a copy of their memory. */
function copyOf(v: RuntimeValue): RuntimeValue {
  return v instanceof MemrefView ? v.withMemory(v.memory.clone()) : v;
}

/** The krnl ops left in `op`. */
export function krnlOpsIn(op: Operation): string[] {
  const left: string[] = [];
  op.walk((o) => void (o.name.startsWith('krnl.') && left.push(o.name)));
  return left;
}

/** Whether two runtime values hold the same thing: scalars bit for bit (NaN = NaN), memrefs element by element. */
function sameValue(a: RuntimeValue, b: RuntimeValue): boolean {
  if (a instanceof MemrefView && b instanceof MemrefView) {
    const [x, y] = [elements(a), elements(b)];
    return x.length === y.length && x.every((v, i) => sameScalar(v, y[i]!));
  }
  return sameScalar(a, b);
}

/**
 * Runs `name` of `program` with `args`, lowers the program's module to scf, checks that the result verifies and has
 * no krnl op, runs `name` again on copies of `args`, and expects the same results and memories. Returns the
 * lowered text.
 */
export function expectSameAfterLowering(program: Program, name: string, args: readonly RuntimeValue[], context = ''): string {
  const copies = args.map(copyOf);
  const before = program.run(name, args, LIMIT);
  expect(before.error, `${context}\nbefore lowering`).toBeUndefined();
  const errors: string[] = [];
  const remove = program.ctx.diagnostics.addHandler((d) => void errors.push(formatDiagnostic(d, program.ctx.sources)));
  try {
    const lowered = convertKrnlToScf(program.module);
    expect(errors.join(''), context).toBe('');
    expect(lowered, context).toBe(true);
    expect(verify(program.module), `${context}\n${errors.join('')}`).toBe(true);
  } finally {
    remove();
  }
  const text = AsmPrinter.print(program.module);
  expect(krnlOpsIn(program.module), text).toEqual([]);
  const after = program.run(name, copies, LIMIT);
  expect(after.error, `${context}\nafter lowering:\n${text}`).toBeUndefined();
  expect(after.results!.length).toBe(before.results!.length);
  before.results!.forEach((r, i) => expect(sameValue(r, after.results![i]!), `${context}\nresult #${i}\n${text}`).toBe(true));
  args.forEach((a, i) => {
    if (a instanceof MemrefView) expect(elements(copies[i] as MemrefView), `${context}\nargument #${i} after lowering\n${text}`).toEqual(elements(a));
  });
  return text;
}
