// Properties: canonicalizing random scf loops and conditionals keeps what they compute. Each loop program is a nest of
// scf.for loops (index and integer bounds, signed and unsigned, 0 to 3 iterations, bounds and steps anywhere in the
// type's range, the difference of the bounds wider than the type included), loop-carried values of every kind the
// iter_args folder looks for (yielded unchanged, yielding their init, duplicates, unused), scf.if on the
// induction variable, stores, and the clamped tile extents the krnl lowering makes. The interpreter runs the
// function before and after `canonicalize`: the same results, bit for bit. Each conditional program is a sequence of
// scf.if (on arguments, their negations and constants; nested, consecutive on one condition, yielding values from
// outside, from inside, and i1 constants), run for every value of its two conditions.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ArithDialect, registerArithInterpreter } from '@tlir/dialect-arith';
import { FuncDialect, registerFuncInterpreter } from '@tlir/dialect-func';
import { MemRefDialect, registerMemRefInterpreter } from '@tlir/dialect-memref';
import { ScfDialect, registerScfInterpreter } from '@tlir/dialect-scf';
import { AsmPrinter, verify, type Operation } from '@tlir/ir';
import { PassManager } from '@tlir/pass';
import { CanonicalizePass } from '@tlir/transforms';
import { SCALE, SEED } from '../../../test/lib/fold-agreement.js';
import { interpreterHarness } from '../../../test/lib/interpreter-harness.js';

const RUNS = 150 * SCALE;

const harness = interpreterHarness({
  dialects: [FuncDialect, ArithDialect, ScfDialect, MemRefDialect],
  implementations: [registerFuncInterpreter, registerArithInterpreter, registerScfInterpreter, registerMemRefInterpreter],
});

const WIDTH: Readonly<Record<string, number>> = { index: 64, i8: 8, i16: 16, i32: 32, i64: 64 };
/** The interpreter represents index values up to 2^53 - 1 exactly. */
const MAX_INDEX = 2n ** 53n - 1n;

/** What happens to an extra loop-carried value. */
type Fate = 'same' | 'init' | 'dup' | 'unused' | 'live';

interface Loop {
  readonly type: string;
  readonly unsigned: boolean;
  readonly lb: bigint;
  readonly ub: bigint;
  readonly step: bigint;
  /** The lower bound's value as the upper bound too (no iteration, whatever the constants). */
  readonly sameBounds: boolean;
  readonly extras: readonly Fate[];
  /** An scf.if on `iv < threshold` in the body. */
  readonly threshold: bigint | undefined;
  readonly store: boolean;
  readonly inner: Loop | undefined;
  /** A tile loop (index, 0 to n by n) around an inner loop over the clamped extent `max(min(n - t, n), 0)`. */
  readonly tile: number | undefined;
}

/** The range of the loop's values as it compares them. */
function range(type: string, unsigned: boolean): [bigint, bigint] {
  const w = BigInt(WIDTH[type]!);
  if (type === 'index') return unsigned ? [0n, MAX_INDEX] : [-MAX_INDEX, MAX_INDEX];
  return unsigned ? [0n, (1n << w) - 1n] : [-(1n << (w - 1n)), (1n << (w - 1n)) - 1n];
}

/** Bounds and a step giving `trips` iterations, from random numbers `r`, anywhere in the range. */
function bounds(type: string, unsigned: boolean, trips: number, bigStep: boolean, r: readonly bigint[]): { lb: bigint; ub: bigint; step: bigint } {
  const [min, max] = range(type, unsigned);
  const span = max - min;
  const pick = (v: bigint, lo: bigint, hi: bigint): bigint => lo + (v % (hi - lo + 1n));
  // The step is a positive value of the type.
  let step = bigStep ? pick(r[0]!, 1n, max) : pick(r[0]!, 1n, 9n);
  if (trips === 0) {
    const lb = pick(r[1]!, min, max);
    return { lb, ub: pick(r[2]!, min, lb), step };
  }
  // lb + (trips - 1) * step < ub <= min(lb + trips * step, max)
  while ((BigInt(trips) - 1n) * step >= span) step = step / 2n + 1n;
  const lb = pick(r[1]!, min, max - (BigInt(trips) - 1n) * step - 1n);
  const last = lb + (BigInt(trips) - 1n) * step;
  const ub = last + pick(r[2]!, 1n, (last + step > max ? max : last + step) - last);
  return { lb, ub, step };
}

const anyBig = fc.bigInt(0n, 1n << 70n);

const loopArb: fc.Arbitrary<Loop> = fc.letrec<{ loop: Loop }>((tie) => ({
  loop: fc
    .record({
      type: fc.constantFrom('index', 'i8', 'i16', 'i32', 'i64'),
      unsigned: fc.boolean(),
      trips: fc.constantFrom(0, 1, 1, 1, 2, 3),
      bigStep: fc.boolean(),
      r: fc.array(anyBig, { minLength: 3, maxLength: 3 }),
      sameBounds: fc.nat(9).map((n) => n === 0),
      extras: fc.array(fc.constantFrom<Fate>('same', 'init', 'dup', 'unused', 'live'), { maxLength: 4 }),
      threshold: fc.option(anyBig, { nil: undefined }),
      store: fc.boolean(),
      inner: fc.option(tie('loop'), { nil: undefined, depthSize: 'small', maxDepth: 2 }),
      tile: fc.option(fc.constantFrom(4, 8, 64), { nil: undefined, freq: 4 }),
    })
    .map(({ type, unsigned, trips, bigStep, r, threshold, ...rest }) => {
      const [min, max] = range(type, unsigned);
      return {
        type,
        unsigned,
        ...bounds(type, unsigned, trips, bigStep, r),
        threshold: threshold === undefined ? undefined : min + (threshold % (max - min + 1n)),
        ...rest,
      };
    }),
})).loop;

/** MLIR text of a function computing a hash of every iteration of the loops. */
class Writer {
  private n = 0;
  readonly lines: string[] = [];
  readonly returned: string[] = [];

  fresh(prefix = 'v'): string {
    return `%${prefix}${this.n++}`;
  }

  emit(indent: number, line: string): void {
    this.lines.push(`${'  '.repeat(indent)}${line}`);
  }

  /** `value`, a constant of `type` (printed signed, as MLIR writes it). */
  constant(indent: number, value: bigint, type: string): string {
    const v = type === 'index' ? value : BigInt.asIntN(WIDTH[type]!, value);
    const name = this.fresh('c');
    this.emit(indent, `${name} = arith.constant ${v} : ${type}`);
    return name;
  }

  /** The induction variable as an i64 (extended as the loop compares it). */
  toI64(indent: number, iv: string, loop: Loop): string {
    if (loop.type === 'i64') return iv;
    const name = this.fresh();
    if (loop.type === 'index') this.emit(indent, `${name} = arith.index_cast${loop.unsigned ? 'ui' : ''} ${iv} : index to i64`);
    else this.emit(indent, `${name} = arith.ext${loop.unsigned ? 'u' : 's'}i ${iv} : ${loop.type} to i64`);
    return name;
  }

  /** acc * 31 + x */
  mix(indent: number, acc: string, x: string): string {
    const c = this.fresh('c');
    this.emit(indent, `${c} = arith.constant 31 : i64`);
    const m = this.fresh();
    this.emit(indent, `${m} = arith.muli ${acc}, ${c} : i64`);
    const s = this.fresh();
    this.emit(indent, `${s} = arith.addi ${m}, ${x} : i64`);
    return s;
  }

  /** A loop at `indent` carrying `acc` (and its extras); returns the value of the accumulator after it. */
  loop(indent: number, loop: Loop, acc: string, seed: string, log: string): string {
    if (loop.tile !== undefined) return this.tileLoop(indent, loop, acc, seed, log);
    const lb = this.constant(indent, loop.lb, loop.type);
    const ub = loop.sameBounds ? lb : this.constant(indent, loop.ub, loop.type);
    const step = this.constant(indent, loop.step, loop.type);
    const iv = this.fresh('i');
    const a = this.fresh('acc');
    const extras = loop.extras.map(() => this.fresh('x'));
    const inits = [acc, ...loop.extras.map((f) => (f === 'dup' ? acc : seed))];
    const result = this.fresh('r');
    const n = inits.length;
    const carried = [`${a} = ${inits[0]}`, ...extras.map((x, k) => `${x} = ${inits[k + 1]}`)].join(', ');
    this.emit(
      indent,
      `${result}:${n} = scf.for ${loop.unsigned ? 'unsigned ' : ''}${iv} = ${lb} to ${ub} step ${step} iter_args(${carried}) -> (${inits.map(() => 'i64').join(', ')})${loop.type === 'index' ? '' : ` : ${loop.type}`} {`,
    );
    const body = indent + 1;
    let next = this.mix(body, a, this.toI64(body, iv, loop));
    // Uses of the extras that are live in the body (the unused ones are not used).
    loop.extras.forEach((f, k) => {
      if (f === 'same' || f === 'init' || f === 'live') next = this.mix(body, next, extras[k]!);
    });
    if (loop.threshold !== undefined) {
      const t = this.constant(body, loop.threshold, loop.type);
      const cond = this.fresh();
      this.emit(body, `${cond} = arith.cmpi ${loop.unsigned ? 'ult' : 'slt'}, ${iv}, ${t} : ${loop.type}`);
      const chosen = this.fresh();
      const one = this.fresh('c');
      const plus = this.fresh();
      this.emit(body, `${chosen} = scf.if ${cond} -> (i64) {`);
      this.emit(body + 1, `${one} = arith.constant 1 : i64`);
      this.emit(body + 1, `${plus} = arith.addi ${next}, ${one} : i64`);
      this.emit(body + 1, `scf.yield ${plus} : i64`);
      this.emit(body, '} else {');
      this.emit(body + 1, `scf.yield ${next} : i64`);
      this.emit(body, '}');
      next = chosen;
    }
    if (loop.store) {
      const zero = this.fresh('c');
      this.emit(body, `${zero} = arith.constant 0 : index`);
      const old = this.fresh();
      this.emit(body, `${old} = memref.load ${log}[${zero}] : memref<1xi64>`);
      const mixed = this.mix(body, old, next);
      this.emit(body, `memref.store ${mixed}, ${log}[${zero}] : memref<1xi64>`);
    }
    if (loop.inner) next = this.loop(body, loop.inner, next, seed, log);
    const yields = [next, ...loop.extras.map((f, k) => (f === 'same' ? extras[k]! : f === 'init' ? seed : f === 'dup' ? next : f === 'unused' ? next : next))];
    this.emit(body, `scf.yield ${yields.join(', ')} : ${yields.map(() => 'i64').join(', ')}`);
    this.emit(indent, '}');
    // The results of the extras that are used: returned by the function, or mixed into the enclosing loop's value.
    let out = `${result}#0`;
    loop.extras.forEach((f, k) => {
      if (f === 'unused') return;
      if (indent === 1) this.returned.push(`${result}#${k + 1}`);
      else out = this.mix(indent, out, `${result}#${k + 1}`);
    });
    return out;
  }

  /** `for t = 0 to n step n { for i = 0 to max(min(n - t, n), 0) step 1 { ... } }`, as the krnl lowering makes. */
  tileLoop(indent: number, loop: Loop, acc: string, seed: string, log: string): string {
    const n = loop.tile!;
    const c0 = this.constant(indent, 0n, 'index');
    const cn = this.constant(indent, BigInt(n), 'index');
    const t = this.fresh('t');
    const a = this.fresh('acc');
    const result = this.fresh('r');
    this.emit(indent, `${result} = scf.for ${t} = ${c0} to ${cn} step ${cn} iter_args(${a} = ${acc}) -> (i64) {`);
    const body = indent + 1;
    const rest = this.fresh();
    this.emit(body, `${rest} = arith.subi ${cn}, ${t} : index`);
    const lo = this.fresh();
    this.emit(body, `${lo} = arith.minsi ${rest}, ${cn} : index`);
    const extent = this.fresh();
    this.emit(body, `${extent} = arith.maxsi ${lo}, ${c0} : index`);
    const c1 = this.constant(body, 1n, 'index');
    const i = this.fresh('i');
    const b = this.fresh('acc');
    const inner = this.fresh('r');
    this.emit(body, `${inner} = scf.for ${i} = ${c0} to ${extent} step ${c1} iter_args(${b} = ${a}) -> (i64) {`);
    const j = this.fresh();
    this.emit(body + 1, `${j} = arith.addi ${t}, ${i} : index`);
    const x = this.toI64(body + 1, j, { ...loop, type: 'index', unsigned: false });
    let next = this.mix(body + 1, b, x);
    if (loop.inner) next = this.loop(body + 1, { ...loop.inner, tile: undefined }, next, seed, log);
    this.emit(body + 1, `scf.yield ${next} : i64`);
    this.emit(body, '}');
    this.emit(body, `scf.yield ${inner} : i64`);
    this.emit(indent, '}');
    return result;
  }
}

function programText(loops: readonly Loop[]): string {
  const w = new Writer();
  w.emit(1, '%log = memref.alloca() : memref<1xi64>');
  const zero = w.constant(1, 0n, 'index');
  w.emit(1, `memref.store %seed, %log[${zero}] : memref<1xi64>`);
  let acc = '%seed';
  for (const loop of loops) acc = w.loop(1, loop, acc, '%seed', '%log');
  const logged = w.fresh();
  w.emit(1, `${logged} = memref.load %log[${zero}] : memref<1xi64>`);
  const results = [acc, logged, ...w.returned];
  w.emit(1, `return ${results.join(', ')} : ${results.map(() => 'i64').join(', ')}`);
  return `func.func @f(%seed: i64) -> (${results.map(() => 'i64').join(', ')}) {\n${w.lines.join('\n')}\n}\n`;
}

const count = (module: Operation, name: string): number => {
  let n = 0;
  module.walk((op) => void (op.name === name && n++));
  return n;
};

const show = (values: readonly unknown[] | undefined): string[] | undefined => values?.map((v) => String(v));

describe('canonicalizing scf loops keeps what they compute', () => {
  it('random loop nests with constant bounds, interpreted before and after', () => {
    let folded = 0;
    let loopsBefore = 0;
    let loopsAfter = 0;
    fc.assert(
      fc.property(fc.array(loopArb, { minLength: 1, maxLength: 3 }), fc.bigInt(-1000n, 1000n), (loops, seed) => {
        const text = programText(loops);
        const program = harness.parse(text);
        const before = program.run('f', [seed]);
        expect(before.error, text).toBeUndefined();
        const n0 = count(program.module, 'scf.for');
        const pm = new PassManager('builtin.module');
        pm.addPass(CanonicalizePass);
        expect(pm.run(program.module), text).toBe(true);
        expect(verify(program.module), text).toBe(true);
        const after = program.run('f', [seed]);
        const canonical = AsmPrinter.print(program.module);
        expect(after.error, `${text}\n-- canonicalized --\n${canonical}`).toBeUndefined();
        expect(show(after.results), `${text}\n-- canonicalized --\n${canonical}`).toEqual(show(before.results));
        const n1 = count(program.module, 'scf.for');
        loopsBefore += n0;
        loopsAfter += n1;
        if (n1 < n0) folded++;
      }),
      { seed: SEED, numRuns: RUNS },
    );
    // The property is not vacuous: most programs lose loops.
    expect(folded).toBeGreaterThan(RUNS / 2);
    expect(loopsAfter).toBeLessThan(loopsBefore);
  });
});

/** A random scf.if statement: its condition, its results (what each branch yields), a nested scf.if, a store. */
interface If {
  readonly cond: 'a' | 'b' | 'not a' | 'not b' | 'true' | 'false';
  readonly results: readonly (readonly [Yield, Yield])[];
  readonly nested: If | undefined;
  readonly store: readonly [boolean, boolean];
  readonly withElse: boolean;
}
/** A yielded value: from outside (`x`, `y`, the accumulator), computed in the branch, or an i1 constant (as i64). */
type Yield = 'x' | 'y' | 'acc' | 'inside' | 'true' | 'false';

const yieldArb = fc.constantFrom<Yield>('x', 'y', 'acc', 'inside', 'true', 'false');
const ifArb: fc.Arbitrary<If> = fc.letrec<{ stmt: If }>((tie) => ({
  stmt: fc.record({
    cond: fc.constantFrom<If['cond']>('a', 'b', 'a', 'b', 'not a', 'not b', 'true', 'false'),
    results: fc.array(fc.tuple(yieldArb, yieldArb), { maxLength: 3 }),
    nested: fc.option(tie('stmt'), { nil: undefined, depthSize: 'small', maxDepth: 2 }),
    store: fc.tuple(fc.boolean(), fc.boolean()),
    withElse: fc.boolean(),
  }),
})).stmt;

function conditionalText(stmts: readonly If[]): string {
  const w = new Writer();
  w.emit(1, '%log = memref.alloca() : memref<1xi64>');
  const zero = w.constant(1, 0n, 'index');
  w.emit(1, `memref.store %x, %log[${zero}] : memref<1xi64>`);
  const t = w.fresh('c');
  w.emit(1, `${t} = arith.constant true`);
  const f = w.fresh('c');
  w.emit(1, `${f} = arith.constant false`);
  const notA = w.fresh();
  w.emit(1, `${notA} = arith.xori %a, ${t} : i1`);
  const notB = w.fresh();
  w.emit(1, `${notB} = arith.xori %b, ${t} : i1`);
  const conds: Record<If['cond'], string> = { a: '%a', b: '%b', 'not a': notA, 'not b': notB, true: t, false: f };
  const emitIf = (indent: number, stmt: If, acc: string): string => {
    const types = stmt.results.map(([a, b]) => (a === 'true' || a === 'false') && (b === 'true' || b === 'false') ? 'i1' : 'i64');
    const hasElse = stmt.withElse || stmt.results.length > 0;
    const r = w.fresh('r');
    const head = stmt.results.length ? `${r}:${stmt.results.length} = ` : '';
    w.emit(indent, `${head}scf.if ${conds[stmt.cond]}${types.length ? ` -> (${types.join(', ')})` : ''} {`);
    const branch = (side: 0 | 1): void => {
      const body = indent + 1;
      let inner = acc;
      if (side === 0 && stmt.nested) inner = emitIf(body, stmt.nested, acc);
      if (stmt.store[side]) {
        const old = w.fresh();
        w.emit(body, `${old} = memref.load %log[${zero}] : memref<1xi64>`);
        const c = w.constant(body, BigInt(side + 2), 'i64');
        const mixed = w.mix(body, old, c);
        w.emit(body, `memref.store ${w.mix(body, mixed, inner)}, %log[${zero}] : memref<1xi64>`);
      }
      const values = stmt.results.map((pair, k) => {
        const y = pair[side];
        if (types[k] === 'i1') return y === 'true' ? t : f;
        if (y === 'x') return '%x';
        if (y === 'y') return '%y';
        if (y === 'acc') return acc;
        if (y === 'inside') {
          const c = w.constant(body, BigInt(7 + side), 'i64');
          return w.mix(body, inner, c);
        }
        const c = w.constant(body, y === 'true' ? 1n : 0n, 'i64');
        return c;
      });
      w.emit(body, values.length ? `scf.yield ${values.join(', ')} : ${types.join(', ')}` : 'scf.yield');
    };
    branch(0);
    if (hasElse) {
      w.emit(indent, '} else {');
      branch(1);
    }
    w.emit(indent, '}');
    let out = acc;
    types.forEach((type, k) => {
      let v = `${r}#${k}`;
      if (type === 'i1') {
        const e = w.fresh();
        w.emit(indent, `${e} = arith.extui ${v} : i1 to i64`);
        v = e;
      }
      out = w.mix(indent, out, v);
    });
    return out;
  };
  let acc = '%x';
  for (const stmt of stmts) acc = emitIf(1, stmt, acc);
  const logged = w.fresh();
  w.emit(1, `${logged} = memref.load %log[${zero}] : memref<1xi64>`);
  w.emit(1, `return ${acc}, ${logged} : i64, i64`);
  return `func.func @f(%a: i1, %b: i1, %x: i64, %y: i64) -> (i64, i64) {\n${w.lines.join('\n')}\n}\n`;
}

describe('canonicalizing scf.if keeps what it computes', () => {
  it('random sequences of conditionals, for every value of their conditions', () => {
    let folded = 0;
    fc.assert(
      fc.property(fc.array(ifArb, { minLength: 1, maxLength: 4 }), fc.bigInt(-1000n, 1000n), fc.bigInt(-1000n, 1000n), (stmts, x, y) => {
        const text = conditionalText(stmts);
        const program = harness.parse(text);
        const runs = (): (string[] | undefined)[] =>
          [0, 1, 2, 3].map((bits) => {
            const r = program.run('f', [bits & 1, (bits >> 1) & 1, x, y]);
            expect(r.error, text).toBeUndefined();
            return show(r.results);
          });
        const before = runs();
        const n0 = count(program.module, 'scf.if');
        const pm = new PassManager('builtin.module');
        pm.addPass(CanonicalizePass);
        expect(pm.run(program.module), text).toBe(true);
        expect(verify(program.module), text).toBe(true);
        const canonical = AsmPrinter.print(program.module);
        expect(runs(), `${text}\n-- canonicalized --\n${canonical}`).toEqual(before);
        if (count(program.module, 'scf.if') < n0) folded++;
      }),
      { seed: SEED, numRuns: RUNS },
    );
    expect(folded).toBeGreaterThan(RUNS / 2);
  });
});

/**
 * A random scf.while: a counter from `%x` up to `%x + trips` (the condition `counter < bound`, or its swapped form),
 * extra loop-carried values of each kind the while patterns look for (yielded their init, forwarded unchanged through
 * the condition, unused, updated), the values the condition passes on (the counter, extras, the condition itself, a
 * value from outside; repeated or permuted), and "after" uses of them: a comparison repeating the condition or its
 * inverse, and a log of every value.
 */
interface While {
  readonly extras: readonly ('init' | 'forward' | 'unused' | 'live')[];
  readonly passed: readonly ('counter' | 'extra' | 'cond' | 'outside')[];
  readonly picks: readonly number[];
  readonly swapped: boolean;
  readonly repeat: 'same' | 'inverse' | 'none';
  readonly useResults: readonly boolean[];
}

const whileArb: fc.Arbitrary<While> = fc.record({
  extras: fc.array(fc.constantFrom<While['extras'][number]>('init', 'forward', 'unused', 'live'), { maxLength: 3 }),
  passed: fc.array(fc.constantFrom<While['passed'][number]>('counter', 'extra', 'extra', 'cond', 'outside'), { maxLength: 4 }),
  picks: fc.array(fc.nat(9), { minLength: 4, maxLength: 4 }),
  swapped: fc.boolean(),
  repeat: fc.constantFrom<While['repeat']>('same', 'inverse', 'none'),
  useResults: fc.array(fc.boolean(), { minLength: 6, maxLength: 6 }),
});

function whileText(loops: readonly While[]): string {
  const w = new Writer();
  w.emit(1, '%log = memref.alloca() : memref<1xi64>');
  const zero = w.constant(1, 0n, 'index');
  w.emit(1, `memref.store %x, %log[${zero}] : memref<1xi64>`);
  const log = (indent: number, v: string, type: string): void => {
    let x = v;
    if (type === 'i1') {
      x = w.fresh();
      w.emit(indent, `${x} = arith.extui ${v} : i1 to i64`);
    }
    const old = w.fresh();
    w.emit(indent, `${old} = memref.load %log[${zero}] : memref<1xi64>`);
    const mixed = w.mix(indent, old, x);
    w.emit(indent, `memref.store ${mixed}, %log[${zero}] : memref<1xi64>`);
  };
  let acc = '%x';
  loops.forEach((loop) => {
    const bound = w.fresh();
    w.emit(1, `${bound} = arith.addi %x, %trips : i64`);
    const inits = ['%x', ...loop.extras.map((_, i) => (i % 2 === 0 ? '%y' : acc))];
    const args = inits.map(() => w.fresh('a'));
    const counter = args[0]!;
    // What the condition passes on: the counter first (the after region needs it to go on), then the random ones.
    const cond = w.fresh('c');
    const passed: [string, string][] = [[counter, 'i64']];
    loop.passed.forEach((p, i) => {
      const pick = loop.picks[i]!;
      if (p === 'counter') passed.push([counter, 'i64']);
      else if (p === 'extra' && loop.extras.length) passed.push([args[1 + (pick % loop.extras.length)]!, 'i64']);
      else if (p === 'cond') passed.push([cond, 'i1']);
      else passed.push(['%y', 'i64']);
    });
    // Forwarded extras are passed on so that the after region can yield them back.
    loop.extras.forEach((e, i) => e === 'forward' && passed.push([args[1 + i]!, 'i64']));
    if (loop.picks[3]! % 3 === 0 && passed.length > 1) passed.push(passed.shift()!);
    const types = passed.map(([, t]) => t);
    const results = w.fresh('r');
    const head = passed.length ? `${results}:${passed.length} = ` : '';
    w.emit(1, `${head}scf.while (${args.map((a, i) => `${a} = ${inits[i]}`).join(', ')}) : (${inits.map(() => 'i64').join(', ')}) -> (${types.join(', ')}) {`);
    loop.extras.forEach((e, i) => e !== 'unused' && log(2, args[1 + i]!, 'i64'));
    w.emit(2, `${cond} = arith.cmpi ${loop.swapped ? 'sgt' : 'slt'}, ${loop.swapped ? bound : counter}, ${loop.swapped ? counter : bound} : i64`);
    w.emit(2, `scf.condition(${cond}) ${passed.map(([v]) => v).join(', ')}${passed.length ? ' : ' + types.join(', ') : ''}`);
    w.emit(1, '} do {');
    const after = passed.map(() => w.fresh('p'));
    w.emit(1, `^bb0(${after.map((p, i) => `${p}: ${types[i]}`).join(', ')}):`);
    after.forEach((p, i) => log(2, p, types[i]!));
    const counterAt = passed.findIndex(([v]) => v === counter);
    const c = after[counterAt]!;
    if (loop.repeat !== 'none') {
      const again = w.fresh();
      const pred = loop.repeat === 'same' ? (loop.swapped ? 'sgt' : 'slt') : loop.swapped ? 'sle' : 'sge';
      w.emit(2, `${again} = arith.cmpi ${pred}, ${loop.swapped ? bound : c}, ${loop.swapped ? c : bound} : i64`);
      log(2, again, 'i1');
    }
    const one = w.constant(2, 1n, 'i64');
    const next = w.fresh();
    w.emit(2, `${next} = arith.addi ${c}, ${one} : i64`);
    const yielded = loop.extras.map((e, i) => {
      if (e === 'init') return inits[1 + i]!;
      if (e === 'forward') return after[passed.findIndex(([v]) => v === args[1 + i])]!;
      if (e === 'unused') return c;
      const u = w.fresh();
      w.emit(2, `${u} = arith.addi ${c}, ${c} : i64`);
      return u;
    });
    w.emit(2, `scf.yield ${[next, ...yielded].join(', ')} : ${[next, ...yielded].map(() => 'i64').join(', ')}`);
    w.emit(1, '}');
    passed.forEach(([, t], i) => {
      if (!loop.useResults[i % 6]!) return;
      log(1, passed.length > 1 ? `${results}#${i}` : results, t);
    });
    acc = passed.length && types[0] === 'i64' ? (passed.length > 1 ? `${results}#0` : results) : acc;
  });
  const logged = w.fresh();
  w.emit(1, `${logged} = memref.load %log[${zero}] : memref<1xi64>`);
  w.emit(1, `return ${acc}, ${logged} : i64, i64`);
  return `func.func @f(%x: i64, %y: i64, %trips: i64) -> (i64, i64) {\n${w.lines.join('\n')}\n}\n`;
}

describe('canonicalizing scf.while keeps what it computes', () => {
  it('random while loops (0 to 3 iterations), interpreted before and after', () => {
    let rewritten = 0;
    fc.assert(
      fc.property(fc.array(whileArb, { minLength: 1, maxLength: 2 }), fc.bigInt(-1000n, 1000n), fc.bigInt(-1000n, 1000n), fc.bigInt(0n, 3n), (loops, x, y, trips) => {
        const text = whileText(loops);
        const program = harness.parse(text);
        const before = program.run('f', [x, y, trips]);
        expect(before.error, text).toBeUndefined();
        const textBefore = AsmPrinter.print(program.module);
        const pm = new PassManager('builtin.module');
        pm.addPass(CanonicalizePass);
        expect(pm.run(program.module), text).toBe(true);
        expect(verify(program.module), text).toBe(true);
        const canonical = AsmPrinter.print(program.module);
        const after = program.run('f', [x, y, trips]);
        expect(after.error, `${text}\n-- canonicalized --\n${canonical}`).toBeUndefined();
        expect(show(after.results), `${text}\n-- canonicalized --\n${canonical}`).toEqual(show(before.results));
        if (canonical !== textBefore) rewritten++;
      }),
      { seed: SEED, numRuns: RUNS },
    );
    expect(rewritten).toBeGreaterThan(RUNS / 2);
  });
});
