// Properties: for random constant operands, interpreting an arith op gives what folding it gives, whenever the folder
// folds (it declines division by zero, poison and inexact conversions; the interpreter then reports an error or
// gives a value, never an internal error). Integers of odd and wide widths and index, floats of four kinds with
// random bit patterns (NaNs, infinities, subnormals, signed zeros included), every comparison predicate and casts.
// The folders and the interpreter compute with the same semantic functions (fold/apint.ts, interpreter/*-semantics.ts),
// so their agreement alone would not catch a wrong one: both are also checked against an independent model written
// here (arith-model.ts: bigints and doubles rounded once).
import fc from 'fast-check';
import { describe, it } from 'vitest';
import { ArithDialect, registerArithInterpreter } from '@tlir/dialect-arith';
import { FuncDialect, registerFuncInterpreter } from '@tlir/dialect-func';
import { FLOAT_WIDTHS, SCALE, SEED, WIDTHS, checkAgainstModel, checkAgreement, floatBits, integerConstant, moduleText } from '../../../test/lib/fold-agreement.js';
import type { FloatTypeName } from '../../../test/lib/float-model.js';
import { interpreterHarness } from '../../../test/lib/interpreter-harness.js';
import { castModel, floatModel, integerModel } from './arith-model.js';

const RUNS = 40 * SCALE;

const harness = interpreterHarness({ dialects: [FuncDialect, ArithDialect], implementations: [registerFuncInterpreter, registerArithInterpreter] });

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
        checkAgreement(harness, text, bodies.map((b) => b.name), (name) => undefinedDivision(name, type, a, b));
        checkAgainstModel(harness, text, bodies.map((body) => ({ ...body, expected: integerModel(body.name, type, a, b) })));
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
        const text = moduleText(type, bodies, a, b);
        checkAgreement(harness, text, bodies.map((b) => b.name));
        checkAgainstModel(harness, text, bodies.map((body) => ({ ...body, expected: floatModel(body.name, type as FloatTypeName, a, b) })));
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
        const text = moduleText(from, [{ name: 'cast', op: `arith.${op} %a : ${from} to ${to}`, results: to }], v);
        checkAgreement(harness, text, ['cast']);
        checkAgainstModel(harness, text, [{ name: 'cast', results: to, expected: castModel(op, from, to, v) }]);
      }),
      { seed: SEED, numRuns: RUNS * 8 },
    );
  });
});
