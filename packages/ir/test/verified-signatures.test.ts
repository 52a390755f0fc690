import { describe, expect, it } from 'vitest';
import { Context, IsolatedFromAbove, NoTerminator, defineTrait, parseSourceString, verify, type Diagnostic, type Dialect, type Operation } from '../src/index.js';

/**
 * A dialect whose `sig.op` has a signature-only check (its result must be i32 unless the op has an attribute
 * `any`) and a check that is not (it must not come right after another op with `last`), both counting calls.
 */
function makeDialect(): { dialect: Dialect; calls: { signature: number; other: number } } {
  const calls = { signature: 0, other: 0 };
  const ResultIsI32 = defineTrait('ResultIsI32', {
    signatureOnly: true,
    verify(op: Operation) {
      calls.signature++;
      if (op.getAttr('any') !== undefined || String(op.getResultType(0)) === 'i32') return true;
      op.emitOpError(`result must be i32, not ${op.getResultType(0)}`);
      return false;
    },
  });
  const NotAfterLast = defineTrait('NotAfterLast', {
    verify(op: Operation) {
      calls.other++;
      if (op.prevOperation?.getAttr('last') === undefined) return true;
      op.emitOpError('comes after the last one');
      return false;
    },
  });
  const dialect: Dialect = {
    name: 'sig',
    operations: [
      { name: 'sig.op', traits: [ResultIsI32, NotAfterLast] },
      { name: 'sig.func', traits: [NoTerminator, IsolatedFromAbove] },
    ],
  };
  return { dialect, calls };
}

function check(text: string): { ok: boolean; messages: string[]; calls: { signature: number; other: number } } {
  const { dialect, calls } = makeDialect();
  const ctx = new Context({ dialects: [dialect] });
  const diags: Diagnostic[] = [];
  ctx.diagnostics.addHandler((d) => diags.push(d));
  const module = parseSourceString(ctx, text, 'sig.mlir');
  if (!module) throw new Error(diags.map((d) => d.message).join('\n'));
  calls.signature = calls.other = 0;
  const ok = verify(module);
  return { ok, messages: diags.map((d) => `${d.loc.fileLoc()?.line}: ${d.message}`), calls };
}

const ops = (lines: string[]): string => `"sig.func"() ({\n${lines.join('\n')}\n}) : () -> ()`;
/** One function per list of op lines (the verifier stops at the first error of a function, as MLIR's). */
const funcs = (...bodies: string[][]): string => bodies.map(ops).join('\n');

describe('signature-only traits', () => {
  it('run once per distinct signature; the other checks run for every op', () => {
    const r = check(
      ops([
        ...Array.from({ length: 10 }, (_, i) => `%a${i} = "sig.op"() : () -> i32`),
        ...Array.from({ length: 5 }, (_, i) => `%b${i} = "sig.op"() {any} : () -> i64`),
        '%c = "sig.op"() : () -> i32',
      ]),
    );
    expect(r).toEqual({ ok: true, messages: [], calls: { signature: 2, other: 16 } });
  });

  it('report their errors for every op whose signature fails, with the other checks in their order', () => {
    const r = check(
      funcs(
        ['%a = "sig.op"() : () -> i64'],
        ['%b = "sig.op"() : () -> i32', '%c = "sig.op"() {last} : () -> i32', '%d = "sig.op"() : () -> i32'],
        ['%e = "sig.op"() : () -> i64'],
      ),
    );
    // A failing signature is not remembered: line 10's op is checked (and fails) again. Line 7's op has the
    // signature line 5's passed with: only the other check runs, and fails.
    expect(r.ok).toBe(false);
    expect(r.messages).toEqual([
      "2: 'sig.op' op result must be i32, not i64",
      "7: 'sig.op' op comes after the last one",
      "10: 'sig.op' op result must be i32, not i64",
    ]);
    expect(r.calls).toEqual({ signature: 4, other: 3 });
  });

  it('are skipped only for ops whose signature passed with the other checks passing too', () => {
    const r = check(funcs(['%a = "sig.op"() {last} : () -> i32', '%b = "sig.op"() : () -> i32'], ['%c = "sig.op"() : () -> i32']));
    expect(r.messages).toEqual(["3: 'sig.op' op comes after the last one"]);
    // Line 3's op failed another check: its signature (the same as line 6's) was not recorded, so it is checked
    // again for line 6's op, which passes and records it.
    expect(r.calls).toEqual({ signature: 3, other: 3 });
  });
});
