// A fast-check property of the WGSL translation of scalar code: random programs of arith and math ops on i1, i8, i16,
// i32, index and f32 values (every integer op with its signed and unsigned forms, shifts by amounts up to twice the
// width, comparisons with every predicate, selects, casts between all those types) run in a gpu.func on a WebGPU
// adapter give exactly what the reference interpreter gives (launchKernel). Divisors are made non-zero (and signed
// ones positive) as the interpreter requires; floats are multiples of 1/4 whose products stay exact in f32, so WGSL's
// freedom to contract a * b + c cannot change a bit, and float-to-integer conversions stay in range.
// Fixed seed (TLIR_FC_SEED=random explores; the failing program is printed).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { registerArithInterpreter } from '@tlir/dialect-arith';
import { registerGpuInterpreter, launchKernel } from '@tlir/dialect-gpu';
import { createMemref, memrefElements, registerMemRefInterpreter } from '@tlir/dialect-memref';
import { registerMathInterpreter } from '@tlir/dialect-math';
import { registerScfInterpreter } from '@tlir/dialect-scf';
import { translateToWgsl } from '@tlir/target-wgsl';
import { Interpreter, InterpreterRegistry, type MemrefView } from '@tlir/interpreter';
import { Context, formatDiagnostic, parseSourceString, verify, type MemRefType } from '@tlir/ir';
import { ndarray } from '@tlir/runtime';
import { DEFAULT_DIALECTS } from '@tlir/registry';
import '../../../packages/runtime/test/support/property-settings.js';
import { useWebGpuDevice } from '../../../packages/runtime/test/support/webgpu-adapter.js';

const device = useWebGpuDevice();

const ITEMS = 8; // work-items, each with its own inputs
const INT_INPUTS = 6;
const FLOAT_INPUTS = 4;
const INT_OUTPUTS = 8;
const FLOAT_OUTPUTS = 4;

type IntType = 'i1' | 'i8' | 'i16' | 'i32' | 'index';
type ValueType = IntType | 'f32';
const INT_TYPES: readonly IntType[] = ['i1', 'i8', 'i16', 'i32', 'index'];
const WIDTH: Record<IntType, number> = { i1: 1, i8: 8, i16: 16, i32: 32, index: 32 };

interface FloatFacts {
  /** A bound on the magnitude. */
  readonly bound: number;
  /** Fractional bits (the value is a multiple of 2^-bits). */
  readonly bits: number;
}

interface PoolValue {
  readonly name: string;
  readonly type: ValueType;
  readonly facts?: FloatFacts;
}

/** Writes a program from the choices `pick(n)` makes (each returns an integer below n). */
class ProgramWriter {
  readonly lines: string[] = [];
  readonly pool: PoolValue[] = [];
  private next = 0;

  constructor(private readonly pick: (n: number) => number) {}

  fresh(): string {
    return `%v${this.next++}`;
  }

  emit(type: ValueType, text: string, facts?: FloatFacts): PoolValue {
    const name = this.fresh();
    this.lines.push(`    ${name} = ${text}`);
    const v: PoolValue = { name, type, ...(facts ? { facts } : {}) };
    this.pool.push(v);
    return v;
  }

  constant(type: ValueType, value: number | boolean): string {
    const name = this.fresh();
    // MLIR writes booleans without a type (`arith.constant true`).
    const text = type === 'i1' ? String(Boolean(value)) : `${type === 'f32' ? Number(value).toFixed(2) : String(value)} : ${type}`;
    this.lines.push(`    ${name} = arith.constant ${text}`);
    return name;
  }

  of(type: ValueType): PoolValue | undefined {
    const candidates = this.pool.filter((v) => v.type === type);
    return candidates.length ? candidates[this.pick(candidates.length)] : undefined;
  }

  anyInt(): PoolValue {
    const ints = this.pool.filter((v) => v.type !== 'f32');
    return ints[this.pick(ints.length)]!;
  }

  choose<T>(items: readonly T[]): T {
    return items[this.pick(items.length)]!;
  }
}

const INTEGER_OPS = ['addi', 'subi', 'muli', 'andi', 'ori', 'xori', 'maxsi', 'minsi', 'maxui', 'minui', 'divsi', 'remsi', 'divui', 'remui', 'floordivsi', 'ceildivsi', 'ceildivui', 'shli', 'shrsi', 'shrui', 'cmpi', 'select', 'absi', 'ctlz', 'cttz', 'ctpop'];
/**
 * index is 32 bits in WGSL (docs/wgsl.md, "Types") and 64 in the interpreter: the ops on index here are those whose
 * results on 32-bit values are the same either way (no overflow, no unsigned reading of a 64-bit pattern).
 */
const INDEX_OPS = ['andi', 'ori', 'xori', 'maxsi', 'minsi', 'maxui', 'minui', 'divsi', 'remsi', 'floordivsi', 'ceildivsi', 'shrsi', 'cmpi', 'select'];
const CMPI = ['eq', 'ne', 'slt', 'sle', 'sgt', 'sge', 'ult', 'ule', 'ugt', 'uge'];
const CMPF = ['false', 'oeq', 'ogt', 'oge', 'olt', 'ole', 'one', 'ord', 'ueq', 'ugt', 'uge', 'ult', 'ule', 'une', 'uno', 'true'];

/** One random op added to the program. */
function addOp(w: ProgramWriter): void {
  const kind = w.pick(10);
  if (kind < 6) {
    // An integer op on two values of one type (or one value).
    const a = w.anyInt();
    const t = a.type as IntType;
    const b = w.of(t)!;
    const op = w.choose(t === 'index' ? INDEX_OPS : INTEGER_OPS);
    switch (op) {
      case 'divsi':
      case 'remsi':
      case 'floordivsi':
      case 'ceildivsi': {
        if (t === 'i1') return;
        // A positive odd divisor below 64: never 0, never -1.
        const masked = w.emit(t, `arith.andi ${b.name}, ${w.constant(t, 63)} : ${t}`);
        const d = w.emit(t, `arith.ori ${masked.name}, ${w.constant(t, 1)} : ${t}`);
        w.emit(t, `arith.${op} ${a.name}, ${d.name} : ${t}`);
        return;
      }
      case 'divui':
      case 'remui':
      case 'ceildivui': {
        const d = w.emit(t, `arith.ori ${b.name}, ${w.constant(t, t === 'i1' ? true : 1)} : ${t}`);
        w.emit(t, `arith.${op} ${a.name}, ${d.name} : ${t}`);
        return;
      }
      case 'shli':
      case 'shrsi':
      case 'shrui': {
        // Amounts up to twice the width: past it, APInt's results (0, or the sign).
        const mask = t === 'i1' ? true : 2 * WIDTH[t] - 1;
        const amount = w.emit(t, `arith.andi ${b.name}, ${w.constant(t, mask)} : ${t}`);
        w.emit(t, `arith.${op} ${a.name}, ${amount.name} : ${t}`);
        return;
      }
      case 'cmpi':
        w.emit('i1', `arith.cmpi ${w.choose(CMPI)}, ${a.name}, ${b.name} : ${t}`);
        return;
      case 'select': {
        const c = w.of('i1')!;
        w.emit(t, `arith.select ${c.name}, ${a.name}, ${b.name} : ${t}`);
        return;
      }
      case 'absi':
      case 'ctlz':
      case 'cttz':
      case 'ctpop':
        if (t === 'index') return;
        w.emit(t, `math.${op} ${a.name} : ${t}`);
        return;
      default:
        w.emit(t, `arith.${op} ${a.name}, ${b.name} : ${t}`);
    }
    return;
  }
  if (kind < 8) {
    // A cast between integer types, or from an integer to f32.
    const a = w.anyInt();
    const from = a.type as IntType;
    const to = w.choose([...INT_TYPES, 'f32'] as const);
    if (to === from) return;
    if (to === 'f32') {
      // Exact conversions only: narrow values (WGSL may round an i32 to f32 either way).
      if (from === 'i32' || from === 'index') return;
      const op = w.choose(['sitofp', 'uitofp']);
      w.emit('f32', `arith.${op} ${a.name} : ${from} to f32`, { bound: 2 ** WIDTH[from], bits: 0 });
      return;
    }
    if (from === 'index' || to === 'index') {
      // index_castui of an i32 would make a 64-bit value of 2^31 or more in the interpreter (see INDEX_OPS).
      const op = from === 'i32' ? 'index_cast' : w.choose(['index_cast', 'index_castui']);
      w.emit(to, `arith.${op} ${a.name} : ${from} to ${to}`);
      return;
    }
    const op = WIDTH[to] > WIDTH[from] ? w.choose(['extsi', 'extui']) : 'trunci';
    w.emit(to, `arith.${op} ${a.name} : ${from} to ${to}`);
    return;
  }
  // A float op, kept exact: bounded magnitudes and fractional bits.
  const a = w.of('f32')!;
  const b = w.of('f32')!;
  const fa = a.facts!;
  const fb = b.facts!;
  const op = w.choose(['addf', 'subf', 'mulf', 'negf', 'absf', 'floor', 'ceil', 'trunc', 'maximumf', 'minimumf', 'maxnumf', 'minnumf', 'cmpf', 'select', 'fptosi']);
  switch (op) {
    case 'addf':
    case 'subf':
      if (fa.bound + fb.bound > 2 ** 12) return;
      w.emit('f32', `arith.${op} ${a.name}, ${b.name} : f32`, { bound: fa.bound + fb.bound, bits: Math.max(fa.bits, fb.bits) });
      return;
    case 'mulf':
      if (fa.bound * fb.bound > 2 ** 12 || fa.bits + fb.bits > 8) return;
      w.emit('f32', `arith.mulf ${a.name}, ${b.name} : f32`, { bound: fa.bound * fb.bound, bits: fa.bits + fb.bits });
      return;
    case 'negf':
      w.emit('f32', `arith.negf ${a.name} : f32`, fa);
      return;
    case 'absf':
    case 'floor':
    case 'ceil':
    case 'trunc':
      w.emit('f32', `math.${op} ${a.name} : f32`, { bound: fa.bound + 1, bits: op === 'absf' ? fa.bits : 0 });
      return;
    case 'maximumf':
    case 'minimumf':
    case 'maxnumf':
    case 'minnumf':
      w.emit('f32', `arith.${op} ${a.name}, ${b.name} : f32`, { bound: Math.max(fa.bound, fb.bound), bits: Math.max(fa.bits, fb.bits) });
      return;
    case 'cmpf':
      w.emit('i1', `arith.cmpf ${w.choose(CMPF)}, ${a.name}, ${b.name} : f32`);
      return;
    case 'select': {
      const c = w.of('i1')!;
      w.emit('f32', `arith.select ${c.name}, ${a.name}, ${b.name} : f32`, { bound: Math.max(fa.bound, fb.bound), bits: Math.max(fa.bits, fb.bits) });
      return;
    }
    default: {
      const to = w.choose(['i32', 'i16'] as const);
      w.emit(to, `arith.fptosi ${a.name} : f32 to ${to}`);
    }
  }
}

/** The kernel's text: inputs loaded, `ops` random ops, outputs stored (converted to i32 / f32). */
function program(choices: readonly number[], ops: number): string {
  let at = 0;
  const w = new ProgramWriter((n) => (choices[at++ % choices.length]! >>> 0) % n);
  const intIn = `memref<${ITEMS}x${INT_INPUTS}xi32>`;
  const floatIn = `memref<${ITEMS}x${FLOAT_INPUTS}xf32>`;
  const intOut = `memref<${ITEMS}x${INT_OUTPUTS}xi32>`;
  const floatOut = `memref<${ITEMS}x${FLOAT_OUTPUTS}xf32>`;
  const header = [
    'gpu.module @m {',
    `  gpu.func @scalars(%ints: ${intIn}, %floats: ${floatIn}, %iout: ${intOut}, %fout: ${floatOut}) kernel attributes {known_block_size = array<i32: ${ITEMS}, 1, 1>} {`,
    '    %t = gpu.thread_id x',
  ];
  for (let k = 0; k < INT_INPUTS; k++) {
    const c = w.constant('index', k);
    const v = w.emit('i32', `memref.load %ints[%t, ${c}] : ${intIn}`);
    // Every type starts with values: inputs truncated to i1, i8, i16, and one as an index.
    if (k < 3) w.emit(INT_TYPES[k]!, `arith.trunci ${v.name} : i32 to ${INT_TYPES[k]}`);
    if (k === 3) w.emit('index', `arith.index_cast ${v.name} : i32 to index`);
  }
  for (let k = 0; k < FLOAT_INPUTS; k++) {
    const c = w.constant('index', k);
    w.emit('f32', `memref.load %floats[%t, ${c}] : ${floatIn}`, { bound: 16, bits: 2 });
  }
  for (let i = 0; i < ops; i++) addOp(w);
  for (let k = 0; k < INT_OUTPUTS; k++) {
    const v = w.anyInt();
    const t = v.type as IntType;
    let name = v.name;
    if (t === 'index') name = w.emit('i32', `arith.index_cast ${v.name} : index to i32`).name;
    else if (t !== 'i32') name = w.emit('i32', `arith.${w.choose(['extsi', 'extui'])} ${v.name} : ${t} to i32`).name;
    w.lines.push(`    memref.store ${name}, %iout[%t, ${w.constant('index', k)}] : ${intOut}`);
  }
  for (let k = 0; k < FLOAT_OUTPUTS; k++) {
    const v = w.of('f32')!;
    w.lines.push(`    memref.store ${v.name}, %fout[%t, ${w.constant('index', k)}] : ${floatOut}`);
  }
  return [...header, ...w.lines, '    gpu.return', '  }', '}', ''].join('\n');
}

function interpreterRegistry(): InterpreterRegistry {
  const registry = new InterpreterRegistry();
  for (const register of [registerArithInterpreter, registerMathInterpreter, registerScfInterpreter, registerMemRefInterpreter]) register(registry);
  registerGpuInterpreter(registry);
  return registry;
}
const INTERPRETER = new Interpreter(interpreterRegistry());

/** The bits of `v` as an f32, in hex (`-0` is 0x80000000); every NaN is `NaN`. */
function float32Bits(v: number): string {
  if (Number.isNaN(v)) return 'NaN';
  return `0x${new Uint32Array(Float32Array.of(v).buffer)[0]!.toString(16).padStart(8, '0')}`;
}

describe('scalar ops on WebGPU', () => {
  it('random arith and math programs agree with the interpreter, bit for bit', async (ctx) => {
    const runtime = device(ctx);
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.integer({ min: 0, max: 2 ** 31 - 1 }), { minLength: 64, maxLength: 64 }),
        fc.integer({ min: 4, max: 30 }),
        fc.array(fc.oneof(fc.integer({ min: -100, max: 100 }), fc.integer({ min: -(2 ** 31), max: 2 ** 31 - 1 })), { minLength: ITEMS * INT_INPUTS, maxLength: ITEMS * INT_INPUTS }),
        // Multiples of 1/4, and zeros of both signs often enough for sign-of-zero mistakes to show.
        fc.array(fc.oneof({ arbitrary: fc.integer({ min: -64, max: 64 }).map((q) => q / 4), weight: 4 }, { arbitrary: fc.constantFrom(0, -0), weight: 1 }), {
          minLength: ITEMS * FLOAT_INPUTS,
          maxLength: ITEMS * FLOAT_INPUTS,
        }),
        async (choices, ops, ints, floats) => {
          const text = program(choices, ops);
          const c = new Context({ dialects: [...DEFAULT_DIALECTS] });
          const errors: string[] = [];
          c.diagnostics.addHandler((d) => errors.push(formatDiagnostic(d, c.sources)));
          const module = parseSourceString(c, text, 'program.mlir');
          expect(module && verify(module), `${text}\n${errors.join('')}`).toBeTruthy();
          const kernel = module!.regions[0]!.firstBlock!.firstOp!.regions[0]!.firstBlock!.firstOp!;
          const types = kernel.regions[0]!.firstBlock!.args.map((a) => a.type as MemRefType);
          const views: MemrefView[] = [
            createMemref(types[0]!, { data: ints }),
            createMemref(types[1]!, { data: floats }),
            createMemref(types[2]!, { data: new Array(ITEMS * INT_OUTPUTS).fill(0) }),
            createMemref(types[3]!, { data: new Array(ITEMS * FLOAT_OUTPUTS).fill(0) }),
          ];
          const run = launchKernel(INTERPRETER, kernel, views, { grid: 1, block: ITEMS });
          expect(run.ok ? '' : formatDiagnostic(run.diagnostic, c.sources), text).toBe('');

          const translated = translateToWgsl(module!);
          expect(translated, `${text}\n${errors.join('')}`).toBeDefined();
          const { wgsl, manifest } = translated![0]!;
          const compiled = await runtime.loadKernel({ wgsl, manifest });
          expect(compiled.renderDiagnostics()).toBe('');
          const iout = ndarray(new Int32Array(ITEMS * INT_OUTPUTS), [ITEMS, INT_OUTPUTS], { order: 'C' });
          const fout = ndarray(new Float32Array(ITEMS * FLOAT_OUTPUTS), [ITEMS, FLOAT_OUTPUTS], { order: 'C' });
          await compiled.launch(
            {
              ints: ndarray(Int32Array.from(ints), [ITEMS, INT_INPUTS], { order: 'C' }),
              floats: ndarray(Float32Array.from(floats), [ITEMS, FLOAT_INPUTS], { order: 'C' }),
              iout,
              fout,
            },
            { groups: 1 },
          );
          const context = `${text}\nWGSL:\n${wgsl}`;
          expect(Array.from(iout.data), context).toEqual(memrefElements(views[2]!).map(Number));
          // Float results compared by their bits, so that -0 and +0 differ (a NaN is any NaN: its payload is not compared).
          expect(Array.from(fout.data, float32Bits), context).toEqual(memrefElements(views[3]!).map((v) => float32Bits(Number(v))));
        },
      ),
      { numRuns: 30 },
    );
  });
});
