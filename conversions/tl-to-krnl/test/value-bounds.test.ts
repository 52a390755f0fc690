// The static upper bounds that the schedule's heuristics read from tensor-language index values and view sizes
// (src/value-bounds.ts), and a fast-check property that every bound it gives holds when the kernel runs.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { Context, formatDiagnostic, type Operation, type Value } from '@tlir/ir';
import { StoreOp, SubviewOp } from '@tlir/dialect-tl';
import { parseTensorLanguage } from '@tlir/frontend-tl';
import { extentUpperBound, indexUpperBound } from '../src/value-bounds.js';
import { LOWERING_DIALECTS } from './lowering-harness.js';

function parse(text: string): Operation {
  const ctx = new Context({ dialects: LOWERING_DIALECTS });
  const errors: string[] = [];
  ctx.diagnostics.addHandler((d) => errors.push(formatDiagnostic(d, ctx.sources)));
  const module = parseTensorLanguage(ctx, text, 'bounds.tl');
  if (!module) throw new Error(errors.join(''));
  return module;
}

/** The value stored by the kernel's only `store` (the value whose bound a case asks for). */
function storedValue(module: Operation): Value {
  let value: Value | undefined;
  module.walk((op) => {
    const store = StoreOp.match(op);
    if (store) value = store.value;
  });
  return value!;
}

/** A kernel that computes `body` (ending in %r) from %n (a size known at run time) and stores %r. */
const kernel = (body: string): string => `func @k(%a: memref<index x?>) {
  %n = size %a[0] : memref<index x?>
${body}
  store %r, %a[0] : memref<index x?>
}`;

describe('indexUpperBound', () => {
  const cases: [string, string, number | undefined][] = [
    ['a constant', '%r = arith.add 3, 4 : index', 7],
    ['min with a constant', '%r = arith.min %n, 12 : index', 12],
    ['max needs both', '%r = arith.max %n, 12 : index', undefined],
    ['max of bounded values', '%x = arith.min %n, 5 : index\n%r = arith.max %x, 9 : index', 9],
    ['add of bounded values', '%x = arith.min %n, 5 : index\n%r = arith.add %x, 2 : index', 7],
    ['div by a positive constant', '%x = arith.min %n, 50 : index\n%r = arith.div %x, 8 : index', 6],
    ['rem by a positive constant', '%r = arith.rem %n, 8 : index', 7],
    ['a size known at run time', '%r = arith.add %n, 0 : index', undefined],
    ['sub is not bounded', '%x = arith.min %n, 5 : index\n%r = arith.sub %x, %n : index', undefined],
    [
      'if ge: the else branch is below the constant',
      '%c = cmp.ge %n, 64 : index\n%r = if %c -> (index) {\n  yield 64 : index\n} else {\n  yield %n : index\n}',
      64,
    ],
    [
      'if lt: the then branch is below the constant',
      '%c = cmp.lt %n, 10 : index\n%r = if %c -> (index) {\n  yield %n : index\n} else {\n  yield 3 : index\n}',
      9,
    ],
    [
      'if le, operands the other way round',
      '%c = cmp.le 20, %n : index\n%r = if %c -> (index) {\n  yield 4 : index\n} else {\n  yield %n : index\n}',
      19,
    ],
    [
      'if gt: the else branch is at most the constant',
      '%c = cmp.gt %n, 30 : index\n%r = if %c -> (index) {\n  yield 1 : index\n} else {\n  yield %n : index\n}',
      30,
    ],
    [
      'if eq: the then branch equals the constant',
      '%c = cmp.eq %n, 6 : index\n%r = if %c -> (index) {\n  yield %n : index\n} else {\n  yield 2 : index\n}',
      6,
    ],
    [
      'if ne tells nothing',
      '%c = cmp.ne %n, 6 : index\n%r = if %c -> (index) {\n  yield %n : index\n} else {\n  yield 2 : index\n}',
      undefined,
    ],
    [
      'a branch without a bound',
      '%c = cmp.ge %n, 64 : index\n%r = if %c -> (index) {\n  yield %n : index\n} else {\n  yield 64 : index\n}',
      undefined,
    ],
  ];
  for (const [name, body, expected] of cases) {
    it(name, () => {
      expect(indexUpperBound(storedValue(parse(kernel(body))))).toBe(expected);
    });
  }
});

describe('extentUpperBound', () => {
  it('reads static modes, slice sizes, `?` slices and removed modes', () => {
    const module = parse(`func @k(%A: memref<f32x?x?x8>, %B: memref<f32x40x?>, %i: index) {
  %n = size %A[0] : memref<f32x?x?x8>
  %m = arith.min %n, 24 : index
  %v = subview %A[%i, 0:%m, :] : memref<f32x?x?x8>
  %w = subview %B[%i:?, 2:5] : memref<f32x40x?>
  %x = load %v[0, 0] : memref<f32x?x8,strided<?,?>>
  store %x, %w[0, 0] : memref<f32x?x5,strided<1,40>>
}`);
    const views = new Map<string, Value>();
    module.walk((op) => {
      if (SubviewOp.is(op)) views.set(views.size ? 'w' : 'v', op.getResult(0));
    });
    expect(extentUpperBound(views.get('v')!, 0)).toBe(24); // the slice 0:%m of mode 1 (mode 0 removed)
    expect(extentUpperBound(views.get('v')!, 1)).toBe(8);
    expect(extentUpperBound(views.get('w')!, 0)).toBe(40); // `?` from a value offset: at most the mode's size
    expect(extentUpperBound(views.get('w')!, 1)).toBe(5);
  });
});

describe('bounds hold at run time', () => {
  // Random chains of min, max, add, div, rem and if over a value known only at run time: whatever value %n takes,
  // the computed %r never exceeds the bound the analysis gives.
  type Step = { op: 'min' | 'max' | 'add' | 'div' | 'rem' | 'if'; c: number; cond: 'lt' | 'le' | 'gt' | 'ge' | 'eq'; then: boolean };
  const step = fc.record({
    op: fc.constantFrom('min', 'max', 'add', 'div', 'rem', 'if'),
    c: fc.integer({ min: 1, max: 100 }),
    cond: fc.constantFrom('lt', 'le', 'gt', 'ge', 'eq'),
    then: fc.boolean(),
  }) as fc.Arbitrary<Step>;

  /** Builds the chain's text and evaluates it for n as the tensor language would (signed, truncating division). */
  function chain(steps: Step[]): { body: string; evaluate(n: number): number } {
    const lines: string[] = [];
    let name = '%n';
    steps.forEach((s, i) => {
      const r = `%v${i}`;
      if (s.op === 'if') {
        const kept = s.then ? `yield ${name} : index\n} else {\n  yield ${s.c} : index` : `yield ${s.c} : index\n} else {\n  yield ${name} : index`;
        lines.push(`%c${i} = cmp.${s.cond} ${name}, ${s.c} : index`, `${r} = if %c${i} -> (index) {\n  ${kept}\n}`);
      } else lines.push(`${r} = arith.${s.op} ${name}, ${s.c} : index`);
      name = r;
    });
    lines.push(`%r = arith.add ${name}, 0 : index`);
    const evaluate = (n: number): number =>
      steps.reduce((x, s) => {
        switch (s.op) {
          case 'min':
            return Math.min(x, s.c);
          case 'max':
            return Math.max(x, s.c);
          case 'add':
            return x + s.c;
          case 'div':
            return Math.trunc(x / s.c);
          case 'rem':
            return x % s.c;
          case 'if': {
            const holds = { lt: x < s.c, le: x <= s.c, gt: x > s.c, ge: x >= s.c, eq: x === s.c }[s.cond];
            return holds === s.then ? x : s.c;
          }
        }
      }, n);
    return { body: lines.join('\n'), evaluate };
  }

  it('never below a value the chain computes', () => {
    fc.assert(
      fc.property(fc.array(step, { minLength: 1, maxLength: 5 }), fc.array(fc.integer({ min: -300, max: 300 }), { minLength: 1, maxLength: 20 }), (steps, ns) => {
        const { body, evaluate } = chain(steps);
        const bound = indexUpperBound(storedValue(parse(kernel(body))));
        if (bound === undefined) return;
        for (const n of ns) expect(evaluate(n)).toBeLessThanOrEqual(bound);
      }),
      { numRuns: 200 },
    );
  });
});
