// Property: for random constant operands, interpreting an arith op gives what folding it gives, whenever the folder
// folds (it declines division by zero, poison and inexact conversions; the interpreter then reports an error or
// gives a value, never an internal error). Integers of odd and wide widths and index, floats of four kinds with
// random bit patterns (NaNs, infinities, subnormals, signed zeros included), every comparison predicate and casts.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ArithDialect, registerArithInterpreter } from '@tlir/dialect-arith';
import { FuncDialect, registerFuncInterpreter } from '@tlir/dialect-func';
import { foldedResults, interpreterHarness, sameScalar } from '../../../test/lib/interpreter-harness.js';

// The suite explores the same inputs every time; TLIR_FC_SEED=random (or a number) explores others, and a failure
// prints the seed and path to replay it. TLIR_FC_SCALE multiplies the number of runs.
const seedSetting = process.env.TLIR_FC_SEED;
const SEED = seedSetting === 'random' ? undefined : seedSetting ? Number(seedSetting) : 20261121;
const RUNS = 40 * Number(process.env.TLIR_FC_SCALE ?? 1);

const harness = interpreterHarness({ dialects: [FuncDialect, ArithDialect], implementations: [registerFuncInterpreter, registerArithInterpreter] });

const WIDTHS: Readonly<Record<string, number>> = { i1: 1, i7: 7, i8: 8, i16: 16, i32: 32, i48: 48, i64: 64, index: 64 };
const FLOAT_WIDTHS: Readonly<Record<string, number>> = { f16: 16, bf16: 16, f32: 32, f64: 64 };
const MAX_INDEX = 2n ** 53n - 1n;

/** A constant of an integer type: edge values or any value of the type (index: what the interpreter represents). */
function integerConstant(type: string): fc.Arbitrary<bigint> {
  const w = WIDTHS[type]!;
  const [min, max] = type === 'index' ? [-MAX_INDEX, MAX_INDEX] : [-(1n << BigInt(w - 1)), (1n << BigInt(w - 1)) - 1n];
  const edges = [0n, 1n, -1n, min, max, 2n, BigInt(w), BigInt(w - 1)].filter((v) => v >= min && v <= max);
  return fc.oneof(fc.constantFrom(...edges), fc.bigInt(min, max), fc.bigInt(-8n, 8n).filter((v) => v >= min && v <= max));
}

/** A float constant as its bit pattern: edge patterns or any. */
function floatBits(type: string): fc.Arbitrary<bigint> {
  const w = FLOAT_WIDTHS[type]!;
  const sign = 1n << BigInt(w - 1);
  const exp = type === 'f16' ? 0x7c00n : type === 'bf16' ? 0x7f80n : type === 'f32' ? 0x7f800000n : 0x7ff0000000000000n;
  const one = type === 'f16' ? 0x3c00n : type === 'bf16' ? 0x3f80n : type === 'f32' ? 0x3f800000n : 0x3ff0000000000000n;
  const edges = [0n, sign, exp, exp | sign, exp | 1n, exp | (exp >> 1n) | sign, 1n, one, one | sign, one + 1n];
  return fc.oneof(fc.constantFrom(...edges), fc.bigInt(0n, (1n << BigInt(w)) - 1n));
}

const constantText = (type: string, v: bigint): string =>
  type in FLOAT_WIDTHS ? `0x${v.toString(16).toUpperCase().padStart(FLOAT_WIDTHS[type]! / 4, '0')} : ${type}` : type === 'i1' ? (v ? 'true' : 'false') : `${v} : ${type}`;

/** A module with one function per op body, each computing from constants `a` (and `b`) of `type`. */
function moduleText(type: string, bodies: readonly { name: string; op: string; results: string }[], a: bigint, b?: bigint): string {
  return bodies
    .map(
      ({ name, op, results }) =>
        `func.func @${name}() -> (${results}) {\n  %a = arith.constant ${constantText(type, a)}\n` +
        (b === undefined ? '' : `  %b = arith.constant ${constantText(type, b)}\n`) +
        `  %r:${results.split(',').length} = ${op}\n  return %r#0${results.includes(',') ? ', %r#1' : ''} : ${results}\n}\n`,
    )
    .join('');
}

/**
 * Whether a division op is undefined behavior for these operands at `type`'s width: a zero divisor, or the
 * minimum divided by -1 for a signed division (MLIR folds some of those anyway: `x divsi 1` is x for i1, where 1
 * is -1 read signed; the folder may give anything for undefined behavior, the interpreter reports it).
 */
function undefinedDivision(op: string, type: string, a: bigint, b: bigint): boolean {
  const w = WIDTHS[type]!;
  if (!/div|rem/.test(op)) return false;
  if (BigInt.asUintN(w, b) === 0n) return true;
  const signedDivision = op === 'divsi' || op === 'ceildivsi' || op === 'floordivsi';
  return signedDivision && BigInt.asIntN(w, a) === -(1n << BigInt(w - 1)) && BigInt.asIntN(w, b) === -1n;
}

/**
 * Parses the module, folds and interprets every function, and checks they agree. An index result the folder
 * computes beyond 2^53 - 1 is a runtime error of the interpreter (it represents index values exactly or not at
 * all), and so is undefined behavior (`undefined`); nothing else may differ.
 */
function checkAgreement(text: string, names: readonly string[], undefinedBehavior: (name: string) => boolean = () => false): void {
  const program = harness.parse(text);
  for (const name of names) {
    const folded = foldedResults(program.fn(name));
    const run = program.run(name);
    if (run.error !== undefined) {
      expect(run.error, name).not.toContain('internal');
      if (folded) {
        const allowed = /index value .* is out of the range/.test(run.error) || undefinedBehavior(name);
        expect(allowed, `${name}: folds to ${folded.join(', ')}, interpreting fails: ${run.error}`).toBe(true);
      }
      continue;
    }
    if (!folded) continue;
    expect(run.results.length, name).toBe(folded.length);
    run.results.forEach((r, i) => expect(sameScalar(r, folded[i]!), `${name} result #${i}: interpreted ${String(r)}, folded ${String(folded[i])}`).toBe(true));
  }
}

const INTEGER_OPS = [
  'addi', 'subi', 'muli', 'divui', 'divsi', 'ceildivui', 'ceildivsi', 'floordivsi', 'remui', 'remsi', 'andi', 'ori', 'xori',
  'shli', 'shrui', 'shrsi', 'maxsi', 'maxui', 'minsi', 'minui',
];
const CMPI = ['eq', 'ne', 'slt', 'sle', 'sgt', 'sge', 'ult', 'ule', 'ugt', 'uge'];
const FLOAT_OPS = ['addf', 'subf', 'mulf', 'divf', 'remf', 'maximumf', 'minimumf', 'maxnumf', 'minnumf'];
const CMPF = ['false', 'oeq', 'ogt', 'oge', 'olt', 'ole', 'one', 'ord', 'ueq', 'ugt', 'uge', 'ult', 'ule', 'une', 'uno', 'true'];

const integerCase = fc.constantFrom(...Object.keys(WIDTHS)).chain((type) => fc.tuple(fc.constant(type), integerConstant(type), integerConstant(type)));
const floatCase = fc.constantFrom(...Object.keys(FLOAT_WIDTHS)).chain((type) => fc.tuple(fc.constant(type), floatBits(type), floatBits(type)));

describe('interpreting an arith op equals folding it', () => {
  it('integer ops, extended ops and cmpi', () => {
    fc.assert(
      fc.property(integerCase, ([type, a, b]) => {
        const bodies = [
          ...INTEGER_OPS.map((op) => ({ name: op, op: `arith.${op} %a, %b : ${type}`, results: type })),
          ...CMPI.map((p) => ({ name: `cmpi_${p}`, op: `arith.cmpi ${p}, %a, %b : ${type}`, results: 'i1' })),
          { name: 'addui_extended', op: `arith.addui_extended %a, %b : ${type}, i1`, results: `${type}, i1` },
          { name: 'mulsi_extended', op: `arith.mulsi_extended %a, %b : ${type}`, results: `${type}, ${type}` },
          { name: 'mului_extended', op: `arith.mului_extended %a, %b : ${type}`, results: `${type}, ${type}` },
          { name: 'select', op: `arith.select %c, %a, %b : ${type}`, results: type },
        ];
        const text = moduleText(type, bodies, a, b).replace(/(\n {2}%r:1 = arith\.select)/, `\n  %c = arith.constant ${a & 1n ? 'true' : 'false'}$1`);
        checkAgreement(text, bodies.map((b) => b.name), (name) => undefinedDivision(name, type, a, b));
      }),
      { seed: SEED, numRuns: RUNS },
    );
  });

  it('float ops, negf and cmpf', () => {
    fc.assert(
      fc.property(floatCase, ([type, a, b]) => {
        const bodies = [
          ...FLOAT_OPS.map((op) => ({ name: op, op: `arith.${op} %a, %b : ${type}`, results: type })),
          ...CMPF.map((p) => ({ name: `cmpf_${p}`, op: `arith.cmpf ${p}, %a, %b : ${type}`, results: 'i1' })),
          { name: 'negf', op: `arith.negf %a : ${type}`, results: type },
        ];
        checkAgreement(moduleText(type, bodies, a, b), bodies.map((b) => b.name));
      }),
      { seed: SEED, numRuns: RUNS },
    );
  });

  const CASTS: readonly (readonly [string, string, string])[] = [
    ['extsi', 'i1', 'i8'], ['extsi', 'i8', 'i32'], ['extsi', 'i32', 'i64'], ['extsi', 'i7', 'i48'],
    ['extui', 'i1', 'i8'], ['extui', 'i8', 'i32'], ['extui', 'i32', 'i64'], ['extui', 'i7', 'i48'],
    ['trunci', 'i64', 'i32'], ['trunci', 'i32', 'i8'], ['trunci', 'i8', 'i1'], ['trunci', 'i48', 'i7'],
    ['index_cast', 'i64', 'index'], ['index_cast', 'index', 'i32'], ['index_cast', 'i8', 'index'], ['index_cast', 'index', 'i64'],
    ['index_castui', 'i64', 'index'], ['index_castui', 'index', 'i32'], ['index_castui', 'i8', 'index'], ['index_castui', 'index', 'i64'],
    ['sitofp', 'i8', 'f16'], ['sitofp', 'i32', 'f32'], ['sitofp', 'i64', 'f32'], ['sitofp', 'i64', 'f64'], ['sitofp', 'i16', 'bf16'],
    ['uitofp', 'i8', 'f16'], ['uitofp', 'i32', 'f32'], ['uitofp', 'i64', 'f32'], ['uitofp', 'i64', 'f64'], ['uitofp', 'i16', 'bf16'],
    ['fptosi', 'f32', 'i32'], ['fptosi', 'f64', 'i64'], ['fptosi', 'f16', 'i8'], ['fptosi', 'bf16', 'i16'],
    ['fptoui', 'f32', 'i32'], ['fptoui', 'f64', 'i64'], ['fptoui', 'f16', 'i8'], ['fptoui', 'bf16', 'i16'],
    ['extf', 'f16', 'f32'], ['extf', 'bf16', 'f32'], ['extf', 'f32', 'f64'],
    ['truncf', 'f64', 'f32'], ['truncf', 'f32', 'f16'], ['truncf', 'f32', 'bf16'],
    ['bitcast', 'f32', 'i32'], ['bitcast', 'i32', 'f32'], ['bitcast', 'f64', 'i64'], ['bitcast', 'i64', 'f64'], ['bitcast', 'f16', 'i16'],
    ['bitcast', 'i16', 'bf16'], ['bitcast', 'bf16', 'f16'],
  ];

  it('casts', () => {
    const castCase = fc.constantFrom(...CASTS).chain(([op, from, to]) =>
      fc.tuple(fc.constant(op), fc.constant(from), fc.constant(to), from in FLOAT_WIDTHS ? floatBits(from) : integerConstant(from)),
    );
    fc.assert(
      fc.property(castCase, ([op, from, to, v]) => {
        checkAgreement(moduleText(from, [{ name: 'cast', op: `arith.${op} %a : ${from} to ${to}`, results: to }], v), ['cast']);
      }),
      { seed: SEED, numRuns: RUNS * 8 },
    );
  });
});
