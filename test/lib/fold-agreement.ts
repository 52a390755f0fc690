// The fast-check side of the properties "interpreting an op equals folding it" (dialects/arith and dialects/math
// tests): constants of integer and float types (edge values, any value, any bit pattern), a module with one function
// per op computing from those constants, and the check that folding and interpreting agree.
import fc from 'fast-check';
import { expect } from 'vitest';
import { foldedResults, sameScalar, type interpreterHarness } from './interpreter-harness.js';

// The suite explores the same inputs every time; TLIR_FC_SEED=random (or a number) explores others, and a failure
// prints the seed and path to replay it. TLIR_FC_SCALE multiplies the number of runs.
const seedSetting = process.env.TLIR_FC_SEED;
export const SEED = seedSetting === 'random' ? undefined : seedSetting ? Number(seedSetting) : 20261121;
export const SCALE = Number(process.env.TLIR_FC_SCALE ?? 1);

export const WIDTHS: Readonly<Record<string, number>> = { i1: 1, i7: 7, i8: 8, i16: 16, i32: 32, i48: 48, i64: 64, index: 64 };
export const FLOAT_WIDTHS: Readonly<Record<string, number>> = { f16: 16, bf16: 16, f32: 32, f64: 64 };
const MAX_INDEX = 2n ** 53n - 1n;

/** A constant of an integer type: edge values or any value of the type (index: what the interpreter represents). */
export function integerConstant(type: string): fc.Arbitrary<bigint> {
  const w = WIDTHS[type]!;
  const [min, max] = type === 'index' ? [-MAX_INDEX, MAX_INDEX] : [-(1n << BigInt(w - 1)), (1n << BigInt(w - 1)) - 1n];
  const edges = [0n, 1n, -1n, min, max, 2n, BigInt(w), BigInt(w - 1)].filter((v) => v >= min && v <= max);
  return fc.oneof(fc.constantFrom(...edges), fc.bigInt(min, max), fc.bigInt(-8n, 8n).filter((v) => v >= min && v <= max));
}

/** A float constant as its bit pattern: edge patterns or any. */
export function floatBits(type: string): fc.Arbitrary<bigint> {
  const w = FLOAT_WIDTHS[type]!;
  const sign = 1n << BigInt(w - 1);
  const exp = type === 'f16' ? 0x7c00n : type === 'bf16' ? 0x7f80n : type === 'f32' ? 0x7f800000n : 0x7ff0000000000000n;
  const one = type === 'f16' ? 0x3c00n : type === 'bf16' ? 0x3f80n : type === 'f32' ? 0x3f800000n : 0x3ff0000000000000n;
  const edges = [0n, sign, exp, exp | sign, exp | 1n, exp | (exp >> 1n) | sign, 1n, one, one | sign, one + 1n];
  return fc.oneof(fc.constantFrom(...edges), fc.bigInt(0n, (1n << BigInt(w)) - 1n));
}

export const constantText = (type: string, v: bigint): string =>
  type in FLOAT_WIDTHS ? `0x${v.toString(16).toUpperCase().padStart(FLOAT_WIDTHS[type]! / 4, '0')} : ${type}` : type === 'i1' ? (v ? 'true' : 'false') : `${v} : ${type}`;

/** A module with one function per op body, each computing from constants `a` (and `b`) of `type`. */
export function moduleText(type: string, bodies: readonly { name: string; op: string; results: string }[], a: bigint, b?: bigint): string {
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
 * Parses the module, folds and interprets every function, and checks they agree. An index result the folder
 * computes beyond 2^53 - 1 is a runtime error of the interpreter (it represents index values exactly or not at
 * all), and so is undefined behavior where `undefinedBehavior` says a function has it; nothing else may differ.
 */
export function checkAgreement(harness: ReturnType<typeof interpreterHarness>, text: string, names: readonly string[], undefinedBehavior: (name: string) => boolean = () => false): void {
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


/**
 * What a reference model (dialects/{arith,math}/test/*-model.ts) says an op gives on constant operands: its results
 * (integers as bigints, any reading of the bits; floats as numbers, a NaN as any NaN), or that the interpreter must
 * report an error (MLIR's undefined behavior, or poison the interpreter reports), or one float result within
 * `relative |approximately| + absolute` of a value (for functions the model computes less exactly than the library).
 * `poison`: MLIR leaves the results poison, so a folder may give anything; the interpreter must give these, the value
 * docs/interpreter.md documents.
 */
export type ModelResult =
  | { readonly values: readonly (bigint | number)[]; readonly poison?: boolean }
  | { readonly fails: string }
  | { readonly approximately: number; readonly relative: number; readonly absolute: number };

/** Whether the float `got` is within the tolerance of an approximate model result. */
function near(got: number | bigint, model: { readonly approximately: number; readonly relative: number; readonly absolute: number }): boolean {
  const want = model.approximately;
  if (typeof got !== 'number') return false;
  if (Number.isNaN(want) || !Number.isFinite(want)) return sameScalar(got, want);
  return Math.abs(got - want) <= model.relative * Math.abs(want) + model.absolute;
}

export interface ModelCase {
  /** The function of the module (moduleText's body name). */
  readonly name: string;
  /** Its result types, as in moduleText (`i32, i1`). */
  readonly results: string;
  readonly expected: ModelResult;
}

const MAX_INDEX_VALUE = 2n ** 53n - 1n;

/** Whether the runtime or folded value `got` of `type` is the model's `want`. */
function sameAsModel(type: string, got: number | bigint, want: number | bigint): boolean {
  if (type in FLOAT_WIDTHS) return typeof got === 'number' && typeof want === 'number' && sameScalar(got, want);
  const w = WIDTHS[type] ?? Number(/^i(\d+)$/.exec(type)![1]);
  return BigInt.asUintN(w, BigInt(got)) === BigInt.asUintN(w, BigInt(want));
}

/**
 * Parses the module and checks every case against its model: the interpreter gives the model's results (an index
 * result outside +-(2^53 - 1) must be the interpreter's range error), or reports an error where the model says it
 * must; and the folder, where it folds, gives the model's results unless they are poison.
 */
export function checkAgainstModel(harness: ReturnType<typeof interpreterHarness>, text: string, cases: readonly ModelCase[]): void {
  const program = harness.parse(text);
  for (const { name, results, expected } of cases) {
    const types = results.split(',').map((t) => t.trim());
    const run = program.run(name);
    const show = (v: number | bigint): string => (Object.is(v, -0) ? '-0' : String(v));
    // Integers as signed values of their type (i1: 0 or 1), whatever reading of the bits the model gave.
    const showAs = (i: number, v: number | bigint): string => {
      const t = types[i]!;
      if (t in FLOAT_WIDTHS || typeof v !== 'bigint') return show(v);
      const w = WIDTHS[t] ?? Number(/^i(\d+)$/.exec(t)![1]);
      return String(w === 1 ? BigInt.asUintN(1, v) : BigInt.asIntN(w, v));
    };
    if ('fails' in expected) {
      expect(run.error, `${name}: ${expected.fails}, which the interpreter must report; it gave ${run.results?.map((v) => show(v as number | bigint)).join(', ')}`).toBeDefined();
      expect(run.error, name).not.toContain('internal');
      continue;
    }
    if ('approximately' in expected) {
      const about = `${show(expected.approximately)} (within ${expected.relative} relative, ${expected.absolute} absolute)`;
      expect(run.error, `${name}: the model gives ${about}`).toBeUndefined();
      expect(near(run.results![0]! as number | bigint, expected), `${name}: interpreted ${show(run.results![0]! as number)}, the model gives ${about}`).toBe(true);
      const folded = foldedResults(program.fn(name));
      if (folded) expect(near(folded[0]!, expected), `${name}: folded ${show(folded[0]!)}, the model gives ${about}`).toBe(true);
      continue;
    }
    const outOfRange = types.some((t, i) => {
      if (t !== 'index') return false;
      const v = BigInt.asIntN(64, BigInt(expected.values[i]!));
      return v > MAX_INDEX_VALUE || v < -MAX_INDEX_VALUE;
    });
    const want = expected.values.map((v, i) => showAs(i, v)).join(', ');
    if (outOfRange) {
      expect(run.error, `${name}: the model gives ${want}, outside the index values the interpreter represents`).toMatch(/index value .* is out of the range/);
    } else {
      expect(run.error, `${name}: the model gives ${want}`).toBeUndefined();
      types.forEach((t, i) =>
        expect(sameAsModel(t, run.results![i]! as number | bigint, expected.values[i]!), `${name} result #${i}: interpreted ${show(run.results![i]! as number | bigint)}, the model gives ${want}`).toBe(true),
      );
    }
    const folded = foldedResults(program.fn(name));
    if (!folded || expected.poison) continue;
    types.forEach((t, i) => expect(sameAsModel(t, folded[i]!, expected.values[i]!), `${name} result #${i}: folded ${show(folded[i]!)}, the model gives ${want}`).toBe(true));
  }
}
