// A staged long-K GEMM of staged-long-k-cases.ts (the other takes seconds more in the interpreter) stores bit for bit what the tensor language stores after
// lower-to-krnl, convert-krnl-to-scf and lower-to-gpu (the gpu interpreter runs every work-item).
import { describe, expect, it } from 'vitest';
import { argumentsOf, kernelText, type Case } from './collective-cases.js';
import { LATER_STAGES, runEquivalence } from './lowering-harness.js';
import { STAGED_I8_GEMM } from './staged-long-k-cases.js';

function expectEquivalent(c: Case): void {
  const { text, indexArgs } = kernelText(c);
  const r = runEquivalence({
    source: text,
    kernel: 'k',
    groups: c.groups,
    args: argumentsOf(c, indexArgs),
    stages: [`builtin.module(${c.schedule})`, ...LATER_STAGES, 'builtin.module(lower-to-gpu)'],
    maxOperations: 50_000_000,
  });
  expect(r.differences, `${c.schedule}\n${text}`).toEqual([]);
}

describe('staged GEMMs with a long K after lowering', () => {
  it('i8 inputs, transposed, strided subviews, dynamic sizes, alpha and beta as arguments', () => expectEquivalent(STAGED_I8_GEMM), 120_000);
});
