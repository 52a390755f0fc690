// The instruction table (INSTRUCTIONS, ast.ts) against what it must agree with at run time: the compiler already
// checks that the grammar's actions, the builder and the printer cover every entry; this checks that every entry is
// a tl op and every tl op an entry, and that the grammar spells every case of the ops' enums.
import { describe, expect, it } from 'vitest';
import { ArithBinaryKind, ArithUnaryKind, CmpCondition, TL_OPERATIONS } from '@tlir/dialect-tl';
import { INSTRUCTIONS, printTensorLanguage } from '@tlir/frontend-tl';
import { renderDiagnostics, runFrontEnd } from './front-end-harness.js';

/** The tl ops that are not instructions: the function, and the constants written in place of operands. */
const NOT_INSTRUCTIONS = ['tl.func', 'tl.constant'];

describe('the instruction table', () => {
  it('has one entry per tl op (tl.<instruction>), and no other', () => {
    const ops = TL_OPERATIONS.map((op) => op.name).filter((name) => !NOT_INSTRUCTIONS.includes(name));
    expect(Object.keys(INSTRUCTIONS).map((k) => `tl.${k}`).sort()).toEqual([...ops].sort());
  });

  /** A function applying each case of an enum: `arith.<case>`, `cmp.<case>`, on the widest type that takes it. */
  const cases = [
    ...ArithBinaryKind.cases.map((c) => `arith.${c.name} %a, %b : i32`),
    ...ArithUnaryKind.cases.map((c) => `arith.${c.name} %a : i32`),
    ...CmpCondition.cases.map((c) => `cmp.${c.name} %a, %b : i32`),
  ];

  it.each(cases)('the grammar, the builder and the printer know `%s`', (instruction) => {
    const text = `func @f(%a: i32, %b: i32) {\n  %r = ${instruction}\n}\n`;
    const r = runFrontEnd(text);
    expect(r.module, renderDiagnostics(r)).toBeDefined();
    // The printer keeps the names it read (and numbers the values without names when told to).
    expect(printTensorLanguage(r.module!)).toBe(text);
    expect(printTensorLanguage(r.module!, { names: false })).toBe(`func @f(%0: i32, %1: i32) {\n  %2 = ${instruction.replace('%a', '%0').replace('%b', '%1')}\n}\n`);
  });
});
