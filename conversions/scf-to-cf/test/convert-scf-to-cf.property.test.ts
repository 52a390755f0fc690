// Properties of convert-scf-to-cf: random programs of nested scf ops (for, signed and unsigned; while and do-while;
// if with and without results or else; index_switch with case values past 2^32; execute_region; parallel with and
// without a reduction; forall storing to memory) compute the same after the conversion as before: the interpreter
// runs the function before and after, on the same arguments, and the results agree bit for bit. After it no scf op
// is left and the module verifies. A sample of programs also goes through mlir-opt 22, whose output is the same text
// where MLIR 22 lowers the same way (programs without index_switch, which tlir casts to i64 as later MLIR does).
import { execFileSync } from 'node:child_process';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ArithDialect, registerArithInterpreter } from '@tlir/dialect-arith';
import { CfDialect, registerCfInterpreter } from '@tlir/dialect-cf';
import { FuncDialect, registerFuncInterpreter } from '@tlir/dialect-func';
import { MemRefDialect, registerMemRefInterpreter } from '@tlir/dialect-memref';
import { ScfDialect, registerScfInterpreter } from '@tlir/dialect-scf';
import { AsmPrinter, verify } from '@tlir/ir';
import { convertScfToCf } from '@tlir/conversion-scf-to-cf';
import { SCALE, SEED } from '../../../test/lib/fold-agreement.js';
import { interpreterHarness } from '../../../test/lib/interpreter-harness.js';

const RUNS = 120 * SCALE;

const harness = interpreterHarness({
  dialects: [FuncDialect, ArithDialect, ScfDialect, MemRefDialect, CfDialect],
  implementations: [registerFuncInterpreter, registerArithInterpreter, registerScfInterpreter, registerMemRefInterpreter, registerCfInterpreter],
});

/** A statement of a random program: each one takes the running i64 value and gives the next. */
type Stmt =
  | { kind: 'mix'; k: number }
  | { kind: 'for'; lb: number; ub: number; step: number; unsigned: boolean; body: Stmt[] }
  | { kind: 'if'; threshold: number; results: boolean; withElse: boolean; then: Stmt[]; else: Stmt[] }
  | { kind: 'while'; trips: number; doWhile: boolean; body: Stmt[] }
  | { kind: 'switch'; cases: bigint[]; results: boolean; arms: Stmt[][] }
  | { kind: 'region'; body: Stmt[] }
  | { kind: 'parallel'; ub: number; reduce: boolean; body: Stmt[] }
  | { kind: 'forall'; ub: number };

const { stmt: stmtArb } = fc.letrec<{ stmt: Stmt; block: Stmt[] }>((tie) => ({
  block: fc.array(tie('stmt'), { minLength: 0, maxLength: 2 }),
  stmt: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.record({ kind: fc.constant('mix' as const), k: fc.integer({ min: 1, max: 97 }) }),
    fc.record({
      kind: fc.constant('for' as const),
      lb: fc.integer({ min: 0, max: 3 }),
      ub: fc.integer({ min: 0, max: 5 }),
      step: fc.integer({ min: 1, max: 3 }),
      unsigned: fc.boolean(),
      body: tie('block'),
    }),
    fc.record({
      kind: fc.constant('if' as const),
      threshold: fc.integer({ min: -50, max: 50 }),
      results: fc.boolean(),
      withElse: fc.boolean(),
      then: tie('block'),
      else: tie('block'),
    }),
    fc.record({ kind: fc.constant('while' as const), trips: fc.integer({ min: 0, max: 3 }), doWhile: fc.boolean(), body: tie('block') }),
    fc.record({
      kind: fc.constant('switch' as const),
      cases: fc.uniqueArray(fc.constantFrom(0n, 1n, 2n, 3n, 4294967296n, -8589934592n), { minLength: 0, maxLength: 3 }),
      results: fc.boolean(),
      arms: fc.array(tie('block'), { minLength: 4, maxLength: 4 }),
    }),
    fc.record({ kind: fc.constant('region' as const), body: tie('block') }),
    fc.record({ kind: fc.constant('parallel' as const), ub: fc.integer({ min: 0, max: 3 }), reduce: fc.boolean(), body: tie('block') }),
    fc.record({ kind: fc.constant('forall' as const), ub: fc.integer({ min: 0, max: 4 }) }),
  ),
}));

/** Writes MLIR text for statements; every statement maps the running value `acc` to a new one. */
class Writer {
  readonly lines: string[] = [];
  private n = 0;
  constructor(readonly usesSwitch: { value: boolean }) {}

  fresh(prefix = 'v'): string {
    return `%${prefix}${this.n++}`;
  }

  emit(indent: number, line: string): void {
    this.lines.push(`${'  '.repeat(indent)}${line}`);
  }

  constant(indent: number, value: number | bigint, type: string): string {
    const name = this.fresh('c');
    this.emit(indent, `${name} = arith.constant ${value} : ${type}`);
    return name;
  }

  /** `acc * 31 + x` (wrapping). */
  mix(indent: number, acc: string, x: string): string {
    const c = this.constant(indent, 31, 'i64');
    const m = this.fresh();
    this.emit(indent, `${m} = arith.muli ${acc}, ${c} : i64`);
    const s = this.fresh();
    this.emit(indent, `${s} = arith.addi ${m}, ${x} : i64`);
    return s;
  }

  indexAsI64(indent: number, v: string): string {
    const r = this.fresh();
    this.emit(indent, `${r} = arith.index_cast ${v} : index to i64`);
    return r;
  }

  block(indent: number, stmts: readonly Stmt[], acc: string): string {
    for (const s of stmts) acc = this.stmt(indent, s, acc);
    return acc;
  }

  stmt(indent: number, s: Stmt, acc: string): string {
    switch (s.kind) {
      case 'mix':
        return this.mix(indent, acc, this.constant(indent, s.k, 'i64'));
      case 'for': {
        const [lb, ub, step] = [s.lb, s.ub, s.step].map((v) => this.constant(indent, v, 'index'));
        const [r, iv, x] = [this.fresh('r'), this.fresh('i'), this.fresh('x')];
        this.emit(indent, `${r} = scf.for ${s.unsigned ? 'unsigned ' : ''}${iv} = ${lb} to ${ub} step ${step} iter_args(${x} = ${acc}) -> (i64) {`);
        const next = this.block(indent + 1, s.body, this.mix(indent + 1, x, this.indexAsI64(indent + 1, iv)));
        this.emit(indent + 1, `scf.yield ${next} : i64`);
        this.emit(indent, '}');
        return r;
      }
      case 'if': {
        const t = this.constant(indent, s.threshold, 'i64');
        const cond = this.fresh();
        this.emit(indent, `${cond} = arith.cmpi slt, ${acc}, ${t} : i64`);
        if (!s.results) {
          // Without results: the branches store into the function's memory, read back after.
          this.emit(indent, `scf.if ${cond} {`);
          this.store(indent + 1, this.block(indent + 1, s.then, acc), 0);
          if (s.withElse) {
            this.emit(indent, '} else {');
            this.store(indent + 1, this.block(indent + 1, s.else, acc), 1);
          }
          this.emit(indent, '}');
          return this.mix(indent, acc, this.load(indent, s.withElse ? 1 : 0));
        }
        const r = this.fresh('r');
        this.emit(indent, `${r} = scf.if ${cond} -> (i64) {`);
        this.emit(indent + 1, `scf.yield ${this.block(indent + 1, s.then, this.mix(indent + 1, acc, t))} : i64`);
        this.emit(indent, '} else {');
        this.emit(indent + 1, `scf.yield ${this.block(indent + 1, s.else, acc)} : i64`);
        this.emit(indent, '}');
        return r;
      }
      case 'while': {
        const zero = this.constant(indent, 0, 'i64');
        const trips = this.constant(indent, s.trips, 'i64');
        const one = this.constant(indent, 1, 'i64');
        const [r, i, x] = [this.fresh('r'), this.fresh('i'), this.fresh('x')];
        this.emit(indent, `${r}:2 = scf.while (${i} = ${zero}, ${x} = ${acc}) : (i64, i64) -> (i64, i64) {`);
        if (s.doWhile) {
          // The body runs in the "before" region; the "after" region only forwards.
          const next = this.block(indent + 1, s.body, this.mix(indent + 1, x, i));
          const i1 = this.fresh();
          this.emit(indent + 1, `${i1} = arith.addi ${i}, ${one} : i64`);
          const more = this.fresh();
          this.emit(indent + 1, `${more} = arith.cmpi slt, ${i1}, ${trips} : i64`);
          this.emit(indent + 1, `scf.condition(${more}) ${i1}, ${next} : i64, i64`);
          this.emit(indent, '} do {');
          const [a, b] = [this.fresh('a'), this.fresh('b')];
          this.emit(indent, `^bb0(${a}: i64, ${b}: i64):`);
          this.emit(indent + 1, `scf.yield ${a}, ${b} : i64, i64`);
        } else {
          const more = this.fresh();
          this.emit(indent + 1, `${more} = arith.cmpi slt, ${i}, ${trips} : i64`);
          this.emit(indent + 1, `scf.condition(${more}) ${i}, ${x} : i64, i64`);
          this.emit(indent, '} do {');
          const [a, b] = [this.fresh('a'), this.fresh('b')];
          this.emit(indent, `^bb0(${a}: i64, ${b}: i64):`);
          const next = this.block(indent + 1, s.body, this.mix(indent + 1, b, a));
          const a1 = this.fresh();
          this.emit(indent + 1, `${a1} = arith.addi ${a}, ${one} : i64`);
          this.emit(indent + 1, `scf.yield ${a1}, ${next} : i64, i64`);
        }
        this.emit(indent, '}');
        return this.mix(indent, `${r}#1`, `${r}#0`);
      }
      case 'switch': {
        this.usesSwitch.value = true;
        // The selector: acc mod 4, or 2^32 + (acc mod 4) when acc is odd (a value past i32).
        const four = this.constant(indent, 4, 'i64');
        const rem = this.fresh();
        this.emit(indent, `${rem} = arith.remui ${acc}, ${four} : i64`);
        const big = this.constant(indent, 4294967296n, 'i64');
        const shifted = this.fresh();
        this.emit(indent, `${shifted} = arith.addi ${rem}, ${big} : i64`);
        const oneBit = this.constant(indent, 1, 'i64');
        const odd = this.fresh();
        this.emit(indent, `${odd} = arith.andi ${acc}, ${oneBit} : i64`);
        const zero = this.constant(indent, 0, 'i64');
        const isOdd = this.fresh();
        this.emit(indent, `${isOdd} = arith.cmpi ne, ${odd}, ${zero} : i64`);
        const sel = this.fresh();
        this.emit(indent, `${sel} = arith.select ${isOdd}, ${shifted}, ${rem} : i64`);
        const index = this.fresh();
        this.emit(indent, `${index} = arith.index_cast ${sel} : i64 to index`);
        const r = this.fresh('r');
        this.emit(indent, s.results ? `${r} = scf.index_switch ${index} -> i64` : `scf.index_switch ${index}`);
        const arm = (stmts: readonly Stmt[], tag: number): void => {
          const v = this.block(indent + 1, stmts, this.mix(indent + 1, acc, this.constant(indent + 1, tag, 'i64')));
          if (s.results) this.emit(indent + 1, `scf.yield ${v} : i64`);
          else {
            this.store(indent + 1, v, 2);
            this.emit(indent + 1, 'scf.yield');
          }
        };
        s.cases.forEach((c, k) => {
          this.emit(indent, `case ${c} {`);
          arm(s.arms[k]!, k + 1);
          this.emit(indent, '}');
        });
        this.emit(indent, 'default {');
        arm(s.arms[3]!, 100);
        this.emit(indent, '}');
        return s.results ? r : this.mix(indent, acc, this.load(indent, 2));
      }
      case 'region': {
        const r = this.fresh('r');
        this.emit(indent, `${r} = scf.execute_region -> i64 {`);
        this.emit(indent + 1, `scf.yield ${this.block(indent + 1, s.body, acc)} : i64`);
        this.emit(indent, '}');
        return r;
      }
      case 'parallel': {
        const [lb, ub, step] = [0, s.ub, 1].map((v) => this.constant(indent, v, 'index'));
        const [r, iv] = [this.fresh('r'), this.fresh('i')];
        if (s.reduce) {
          this.emit(indent, `${r} = scf.parallel (${iv}) = (${lb}) to (${ub}) step (${step}) init (${acc}) -> i64 {`);
          const v = this.block(indent + 1, s.body, this.mix(indent + 1, acc, this.indexAsI64(indent + 1, iv)));
          const [p, q, sum] = [this.fresh('p'), this.fresh('q'), this.fresh()];
          this.emit(indent + 1, `scf.reduce(${v} : i64) {`);
          this.emit(indent + 1, `^bb0(${p}: i64, ${q}: i64):`);
          this.emit(indent + 2, `${sum} = arith.addi ${p}, ${q} : i64`);
          this.emit(indent + 2, `scf.reduce.return ${sum} : i64`);
          this.emit(indent + 1, '}');
          this.emit(indent, '}');
          return r;
        }
        // Without a reduction: each iteration stores to its own element (iterations in any order agree).
        this.emit(indent, `scf.parallel (${iv}) = (${lb}) to (${ub}) step (${step}) {`);
        const v = this.block(indent + 1, s.body, this.mix(indent + 1, acc, this.indexAsI64(indent + 1, iv)));
        const three = this.constant(indent + 1, 3, 'index');
        const slot = this.fresh();
        this.emit(indent + 1, `${slot} = arith.addi ${iv}, ${three} : index`);
        this.emit(indent + 1, `memref.store ${v}, %mem[${slot}] : memref<8xi64>`);
        this.emit(indent + 1, 'scf.reduce');
        this.emit(indent, '}');
        return this.mix(indent, acc, this.load(indent, 4));
      }
      case 'forall': {
        const i = this.fresh('i');
        this.emit(indent, `scf.forall (${i}) in (${s.ub}) {`);
        const three = this.constant(indent + 1, 3, 'index');
        const slot = this.fresh();
        this.emit(indent + 1, `${slot} = arith.addi ${i}, ${three} : index`);
        this.emit(indent + 1, `memref.store ${this.mix(indent + 1, acc, this.indexAsI64(indent + 1, i))}, %mem[${slot}] : memref<8xi64>`);
        this.emit(indent, '}');
        return this.mix(indent, acc, this.load(indent, 3));
      }
    }
  }

  store(indent: number, v: string, slot: number): void {
    this.emit(indent, `memref.store ${v}, %mem[${this.constant(indent, slot, 'index')}] : memref<8xi64>`);
  }

  load(indent: number, slot: number): string {
    const r = this.fresh();
    this.emit(indent, `${r} = memref.load %mem[${this.constant(indent, slot, 'index')}] : memref<8xi64>`);
    return r;
  }
}

function programText(stmts: readonly Stmt[]): { text: string; usesSwitch: boolean } {
  const usesSwitch = { value: false };
  const w = new Writer(usesSwitch);
  w.emit(1, '%mem = memref.alloca() : memref<8xi64>');
  const zero = w.constant(1, 0, 'i64');
  for (let k = 0; k < 8; k++) w.store(1, zero, k);
  let acc = w.block(1, stmts, '%seed');
  for (let k = 0; k < 8; k++) acc = w.mix(1, acc, w.load(1, k));
  w.emit(1, `return ${acc} : i64`);
  return { text: `func.func @f(%seed: i64) -> i64 {\n${w.lines.join('\n')}\n}\n`, usesSwitch: usesSwitch.value };
}

const mlirOptPresent = ((): boolean => {
  try {
    execFileSync('mlir-opt-22', ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();
if (!mlirOptPresent && process.env['CI'] === 'true') throw new Error('mlir-opt-22 is missing (CI=true: this test compares with it)');

const count = (text: string, what: RegExp): number => (text.match(what) ?? []).length;

describe('convert-scf-to-cf keeps what programs compute', () => {
  it('random nests of every scf op, interpreted before and after', () => {
    let structured = 0;
    fc.assert(
      fc.property(fc.array(stmtArb, { minLength: 1, maxLength: 3 }), fc.bigInt(-1000n, 1000n), (stmts, seed) => {
        const { text } = programText(stmts);
        const program = harness.parse(text);
        const before = program.run('f', [seed]);
        expect(before.error, text).toBeUndefined();
        structured += count(text, /scf\.(for|while|if|index_switch|execute_region|parallel|forall) /g);
        expect(convertScfToCf(program.module), text).toBe(true);
        expect(verify(program.module), text).toBe(true);
        const lowered = AsmPrinter.print(program.module);
        expect(lowered, text).not.toMatch(/scf\./);
        const after = program.run('f', [seed]);
        expect(after.error, `${text}\n-- lowered --\n${lowered}`).toBeUndefined();
        expect(String(after.results![0]), `${text}\n-- lowered --\n${lowered}`).toBe(String(before.results![0]));
      }),
      { seed: SEED, numRuns: RUNS },
    );
    // Not vacuous: the programs hold structured ops.
    expect(structured).toBeGreaterThan(RUNS);
  });

  it.skipIf(!mlirOptPresent)('mlir-opt 22 lowers a sample of them to the same text', () => {
    const samples = fc.sample(fc.array(stmtArb, { minLength: 1, maxLength: 3 }), { seed: SEED, numRuns: 40 * SCALE });
    let compared = 0;
    for (const stmts of samples) {
      const { text, usesSwitch } = programText(stmts);
      if (usesSwitch) continue;
      const program = harness.parse(text);
      expect(convertScfToCf(program.module), text).toBe(true);
      const ours = AsmPrinter.print(program.module);
      const theirs = execFileSync('mlir-opt-22', ['--convert-scf-to-cf'], { input: text, encoding: 'utf8' });
      expect(ours.trimEnd(), text).toBe(theirs.trimEnd());
      compared++;
    }
    expect(compared).toBeGreaterThan(10);
  });
});
