// Writes a function of random arith ops on constants, for random-folds.mlir to compare what `--canonicalize`
// makes of it in tl-opt and in mlir-opt-22: every op folds, so the result is a list of constants whose values
// and order both tools must agree on. Deterministic for a seed.
//
//   node test/interop/passes/gen-random-folds.mjs [--seed N] [--ops N]
//
// Integer binary ops at 8 to 64 bits on edge and random values (equal operands included, which exercises the
// order of an op's own fold and its traits' folds), float binary ops on f16, bf16, f32 and f64 (NaN and
// infinity included), and casts between integers, floats and index.

import { numberOption, seededRandom } from '../seeded-random.mjs';

const seed = numberOption('--seed', 1);
const numOps = numberOption('--ops', 40);
const { next, chance, pick, unit } = seededRandom(seed);

const INTS = { i8: 8, i16: 16, i32: 32, i64: 64 };
const FLOATS = ['f16', 'bf16', 'f32', 'f64'];
const INT_OPS = ['addi', 'subi', 'muli', 'divsi', 'divui', 'ceildivsi', 'ceildivui', 'floordivsi', 'remsi', 'remui', 'andi', 'ori', 'xori', 'shli', 'shrsi', 'shrui', 'maxsi', 'maxui', 'minsi', 'minui'];
const FLOAT_OPS = ['addf', 'subf', 'mulf', 'divf', 'remf', 'maximumf', 'minimumf', 'maxnumf', 'minnumf'];
const CASTS = [
  ['extsi', 'i8', 'i32'], ['extui', 'i8', 'i64'], ['trunci', 'i64', 'i8'], ['sitofp', 'i32', 'f32'], ['uitofp', 'i16', 'f64'],
  ['fptosi', 'f32', 'i32'], ['fptoui', 'f64', 'i16'], ['extf', 'f16', 'f32'], ['truncf', 'f64', 'f16'], ['bitcast', 'f32', 'i32'],
  ['index_cast', 'i32', 'index'],
];

function intLiteral(width) {
  const min = -(2n ** BigInt(width - 1));
  const max = 2n ** BigInt(width - 1) - 1n;
  if (chance(0.6)) return String(pick([0n, 1n, -1n, 2n, -2n, 7n, max, min]));
  return String(min + (BigInt(next()) * 2n ** 32n + BigInt(next())) % (max - min + 1n));
}

function floatLiteral(type) {
  const specials = type === 'f32' ? ['0x7FC00000', '0x7F800000', '0xFF800000'] : ['3.0', '-2.0'];
  return pick(['0.0', '-0.0', '1.0', '-1.5', '2.5', '1.0e10', '-3.25', '0.1', '65504.0', '1.0e-3', ...specials]);
}

const body = [];
const results = [];
for (let i = 0; i < numOps; i++) {
  const c = unit();
  if (c < 0.5) {
    const type = pick(Object.keys(INTS));
    const a = intLiteral(INTS[type]);
    const b = chance(0.15) ? a : intLiteral(INTS[type]);
    body.push(`  %a${i} = arith.constant ${a} : ${type}`, `  %b${i} = arith.constant ${b} : ${type}`);
    // Sometimes the same value twice: `x op x` (idempotent and self-inverse ops).
    body.push(`  %r${i} = arith.${pick(INT_OPS)} %a${i}, ${chance(0.15) ? `%a${i}` : `%b${i}`} : ${type}`);
    results.push([`%r${i}`, type]);
  } else if (c < 0.8) {
    const type = pick(FLOATS);
    body.push(`  %a${i} = arith.constant ${floatLiteral(type)} : ${type}`, `  %b${i} = arith.constant ${floatLiteral(type)} : ${type}`);
    body.push(`  %r${i} = arith.${pick(FLOAT_OPS)} %a${i}, %b${i} : ${type}`);
    results.push([`%r${i}`, type]);
  } else {
    const [op, from, to] = pick(CASTS);
    const value = from in INTS ? intLiteral(INTS[from]) : floatLiteral(from);
    body.push(`  %a${i} = arith.constant ${value} : ${from}`, `  %r${i} = arith.${op} %a${i} : ${from} to ${to}`);
    results.push([`%r${i}`, to]);
  }
}
const types = results.map(([, t]) => t).join(', ');
process.stdout.write(
  `func.func @f() -> (${types}) {\n${body.join('\n')}\n  return ${results.map(([v]) => v).join(', ')} : ${types}\n}\n`,
);
