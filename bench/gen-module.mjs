#!/usr/bin/env node
// Generates a large func/arith/memref (+ a little cf) module in MLIR *generic* form, for benchmarks.
//
//   node bench/gen-module.mjs [--ops N] [--seed S] [-o path]
//
// The text is exactly what `mlir-opt-22 --mlir-print-op-generic` prints for it (same value numbering, same
// attribute spelling, same `// pred:` block comments), so
//   mlir-opt-22 --mlir-print-op-generic gen.mlir | diff - gen.mlir
// is empty. The module holds exactly N operations, counting `builtin.module`, every `func.func` (declarations
// included), every op in the bodies and every terminator; the count goes to stderr. Same seed, same N: same
// bytes. Plain Node, no dependencies.

import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const USAGE = `usage: node bench/gen-module.mjs [--ops N] [--seed S] [-o path]
  --ops N    number of operations in the module (default 200000, at least 40)
  --seed S   PRNG seed, an integer (default 1)
  -o path    output file (default: stdout)`;

// ---------------------------------------------------------------------------------------------------------
// Deterministic PRNG (mulberry32).
function mulberry32(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

// ---------------------------------------------------------------------------------------------------------
// Types.

/** A memref type with a static shape: without a layout (`layout: false`, row-major) or with an explicit
 *  static `strided<[...], offset: ...>` layout. */
function memrefType(shape, elem, strides, offset, layout) {
  return { kind: 'memref', shape, elem, strides, offset, layout };
}
function identityStrides(shape) {
  const s = new Array(shape.length);
  let acc = 1;
  for (let i = shape.length - 1; i >= 0; i--) {
    s[i] = acc;
    acc *= shape[i];
  }
  return s;
}
/** Spells a type the way MLIR prints it. */
function typeStr(t) {
  if (typeof t === 'string') return t;
  const dims = t.shape.join('x');
  if (!t.layout) return `memref<${dims}x${t.elem}>`;
  const off = t.offset === 0 ? '' : `, offset: ${t.offset}`;
  return `memref<${dims}x${t.elem}, strided<[${t.strides.join(', ')}]${off}>>`;
}

// Buffers the functions allocate and take as arguments: 2-D f32 and 1-D i32.
const ALLOC_TYPES = [[8, 8], [16, 16], [32, 32], [64], [128]].map((shape) =>
  memrefType(shape, shape.length === 2 ? 'f32' : 'i32', identityStrides(shape), 0, false),
);

// Function signatures: every one has at least one memref argument; scalars of several types.
const SIGNATURES = [
  { args: ['i32', 'i64', 'f32', ALLOC_TYPES[1]], results: ['i32'] },
  { args: ['i32', 'f32', ALLOC_TYPES[0], 'index'], results: ['f32'] },
  { args: ['i64', 'i64', ALLOC_TYPES[2], ALLOC_TYPES[3]], results: ['i64'] },
  { args: ['index', 'i32', ALLOC_TYPES[4]], results: ['i32', 'f32'] },
  { args: ['f32', 'f32', ALLOC_TYPES[1], 'i32'], results: [] },
];
function fnTypeStr(sig) {
  const args = `(${sig.args.map(typeStr).join(', ')})`;
  const res = sig.results.length === 1 ? typeStr(sig.results[0]) : `(${sig.results.map(typeStr).join(', ')})`;
  return `${args} -> ${res}`;
}

// ---------------------------------------------------------------------------------------------------------
// Attribute spelling.

/** An f32 value as MLIR prints it: `%e` with 6 digits after the point, two-digit exponent. Only values that
 *  this spelling round-trips exactly are generated (small multiples of 1/8). */
function f32Str(v) {
  const [mant, exp] = v.toExponential(6).split('e');
  const sign = exp[0];
  const digits = exp.slice(1).padStart(2, '0');
  return `${mant}e${sign}${digits}`;
}

const OVERFLOW = ['none', 'none', 'none', 'none', 'none', 'none', 'nsw', 'nuw', 'nsw, nuw'];
const FASTMATH = ['none', 'none', 'none', 'none', 'none', 'none', 'fast', 'contract', 'reassoc'];
// arith.cmpi predicates 0..9 (eq ne slt sle sgt sge ult ule ugt uge); arith.cmpf 1..14 (oeq ... uno).

// ---------------------------------------------------------------------------------------------------------
// The generator.

class Gen {
  constructor(seed) {
    this.rand = mulberry32(seed);
    this.out = [];
    this.ops = 0;
    this.bases = null; // per function: first value / argument number (second pass)
    this.counts = []; // per function: values / arguments it names (first pass)
    this.fnIndex = 0;
  }
  int(lo, hi) {
    return lo + Math.floor(this.rand() * (hi - lo + 1));
  }
  pick(arr) {
    return arr[Math.floor(this.rand() * arr.length)];
  }
  /** Picks a value, biased towards recently defined ones (as real code mostly uses nearby values). */
  recent(arr) {
    const r = this.rand();
    const i = arr.length - 1 - Math.floor(arr.length * r * r * r);
    return arr[Math.max(0, i)];
  }
  line(indent, text) {
    if (this.bases) this.out.push(' '.repeat(indent) + text + '\n'); // the counting pass writes nothing
  }
}

/** Per-function state: value numbering, values in scope by type, memrefs in scope. */
class Fn {
  constructor(g, sig) {
    this.g = g;
    this.sig = sig;
    const base = g.bases ? g.bases[g.fnIndex] : { values: 0, args: 0 };
    this.base = base.values; // first %N of this function
    this.argBase = base.args; // first %argN of this function
    this.next = 0; // values defined so far
    this.scope = new Map(); // type string -> value names
    this.memrefs = []; // {name, type}
    this.allocs = []; // {name, type} to dealloc before return
  }
  fresh() {
    return `%${this.base + this.next++}`;
  }
  /** Records how many names this function used (for the numbering pass). */
  done() {
    this.g.counts.push({ values: this.next, args: this.sig.args.length });
    this.g.fnIndex++;
  }
  define(name, type) {
    if (typeof type === 'object') {
      this.memrefs.push({ name, type });
      return;
    }
    let vals = this.scope.get(type);
    if (!vals) this.scope.set(type, (vals = []));
    vals.push(name);
  }
  has(type) {
    const v = this.scope.get(type);
    return v !== undefined && v.length > 0;
  }
  use(type) {
    return this.g.recent(this.scope.get(type));
  }
  /** Saves the scope so that a block's definitions can be dropped when leaving it. */
  snapshot() {
    const s = new Map();
    for (const [k, v] of this.scope) s.set(k, v.length);
    return { scope: s, memrefs: this.memrefs.length };
  }
  restore(snap) {
    for (const [k, v] of this.scope) v.length = snap.scope.get(k) ?? 0;
    this.memrefs.length = snap.memrefs;
  }
}

const IND = 4; // ops in a function body sit at 4 spaces

function emitOp(g, text) {
  g.line(IND, text);
  g.ops++;
}

function emitConstant(g, f, type) {
  const r = f.fresh();
  let val;
  switch (type) {
    case 'index':
      val = `${g.int(0, 7)} : index`;
      break;
    case 'i32':
      val = `${g.int(-1000, 1000)} : i32`;
      break;
    case 'i64':
      val = `${g.rand() < 0.1 ? g.int(-2147483648, 2147483647) * 65536 : g.int(-100000, 100000)} : i64`;
      break;
    case 'f32':
      val = `${f32Str(g.int(-4000, 4000) / 8)} : f32`;
      break;
  }
  emitOp(g, `${r} = "arith.constant"() <{value = ${val}}> : () -> ${type}`);
  f.define(r, type);
}

const INT_TYPES = ['i32', 'i32', 'i64', 'index'];

/** Emits one random body op (exactly one operation). `allowAlloc`: whether memref.alloc may be chosen. */
function emitRandomOp(g, f, allowAlloc, callees) {
  for (;;) {
    const r = g.rand();
    if (r < 0.14) {
      emitConstant(g, f, g.pick(['index', 'i32', 'i32', 'i64', 'f32', 'f32']));
      return;
    }
    if (r < 0.36) {
      const t = g.pick(INT_TYPES);
      const op = g.pick(['addi', 'addi', 'subi', 'muli']);
      const a = f.use(t), b = f.use(t), res = f.fresh();
      emitOp(g, `${res} = "arith.${op}"(${a}, ${b}) <{overflowFlags = #arith.overflow<${g.pick(OVERFLOW)}>}> : (${t}, ${t}) -> ${t}`);
      f.define(res, t);
      return;
    }
    if (r < 0.39) {
      const t = g.pick(['i32', 'i64']);
      const op = g.pick(['andi', 'ori', 'xori', 'maxsi', 'minsi', 'divsi', 'remsi']);
      const a = f.use(t), b = f.use(t), res = f.fresh();
      emitOp(g, `${res} = "arith.${op}"(${a}, ${b}) : (${t}, ${t}) -> ${t}`);
      f.define(res, t);
      return;
    }
    if (r < 0.53) {
      const op = g.pick(['addf', 'addf', 'mulf', 'mulf', 'subf', 'divf']);
      const a = f.use('f32'), b = f.use('f32'), res = f.fresh();
      emitOp(g, `${res} = "arith.${op}"(${a}, ${b}) <{fastmath = #arith.fastmath<${g.pick(FASTMATH)}>}> : (f32, f32) -> f32`);
      f.define(res, 'f32');
      return;
    }
    if (r < 0.58) {
      const t = g.pick(INT_TYPES);
      const a = f.use(t), b = f.use(t), res = f.fresh();
      emitOp(g, `${res} = "arith.cmpi"(${a}, ${b}) <{predicate = ${g.int(0, 9)} : i64}> : (${t}, ${t}) -> i1`);
      f.define(res, 'i1');
      return;
    }
    if (r < 0.60) {
      const a = f.use('f32'), b = f.use('f32'), res = f.fresh();
      emitOp(g, `${res} = "arith.cmpf"(${a}, ${b}) <{fastmath = #arith.fastmath<none>, predicate = ${g.int(1, 14)} : i64}> : (f32, f32) -> i1`);
      f.define(res, 'i1');
      return;
    }
    if (r < 0.64) {
      if (!f.has('i1')) continue;
      const t = g.pick(['i32', 'i64', 'index', 'f32']);
      const c = f.use('i1'), a = f.use(t), b = f.use(t), res = f.fresh();
      emitOp(g, `${res} = "arith.select"(${c}, ${a}, ${b}) : (i1, ${t}, ${t}) -> ${t}`);
      f.define(res, t);
      return;
    }
    if (r < 0.69) {
      const [from, to] = g.pick([['i32', 'index'], ['i32', 'index'], ['index', 'i32'], ['i64', 'index'], ['index', 'i64']]);
      const a = f.use(from), res = f.fresh();
      emitOp(g, `${res} = "arith.index_cast"(${a}) : (${from}) -> ${to}`);
      f.define(res, to);
      return;
    }
    if (r < 0.72) {
      const kind = g.int(0, 3);
      const res = f.fresh();
      if (kind === 0) {
        emitOp(g, `${res} = "arith.extsi"(${f.use('i32')}) : (i32) -> i64`);
        f.define(res, 'i64');
      } else if (kind === 1) {
        emitOp(g, `${res} = "arith.trunci"(${f.use('i64')}) <{overflowFlags = #arith.overflow<none>}> : (i64) -> i32`);
        f.define(res, 'i32');
      } else if (kind === 2) {
        emitOp(g, `${res} = "arith.sitofp"(${f.use('i32')}) : (i32) -> f32`);
        f.define(res, 'f32');
      } else {
        emitOp(g, `${res} = "arith.fptosi"(${f.use('f32')}) : (f32) -> i32`);
        f.define(res, 'i32');
      }
      return;
    }
    if (r < 0.84) {
      // memref.load
      const m = g.recent(f.memrefs);
      const idx = m.type.shape.map(() => f.use('index'));
      const res = f.fresh();
      const mt = typeStr(m.type);
      emitOp(g, `${res} = "memref.load"(${[m.name, ...idx].join(', ')}) : (${[mt, ...idx.map(() => 'index')].join(', ')}) -> ${m.type.elem}`);
      f.define(res, m.type.elem);
      return;
    }
    if (r < 0.92) {
      // memref.store
      const m = g.recent(f.memrefs);
      const idx = m.type.shape.map(() => f.use('index'));
      const v = f.use(m.type.elem);
      const mt = typeStr(m.type);
      emitOp(g, `"memref.store"(${[v, m.name, ...idx].join(', ')}) : (${[m.type.elem, mt, ...idx.map(() => 'index')].join(', ')}) -> ()`);
      return;
    }
    if (r < 0.955) {
      // memref.subview with static offsets/sizes/strides; the result layout is the composed strided layout.
      const m = g.recent(f.memrefs);
      const t = m.type;
      if (t.shape.some((d) => d < 4)) continue;
      const offsets = [], sizes = [], steps = [];
      for (const d of t.shape) {
        const step = g.int(1, 2);
        const size = g.int(2, Math.max(2, Math.floor((d - 1) / step)));
        const maxOff = d - 1 - (size - 1) * step;
        offsets.push(g.int(0, Math.max(0, maxOff)));
        sizes.push(size);
        steps.push(step);
      }
      const offset = t.offset + offsets.reduce((acc, o, i) => acc + o * t.strides[i], 0);
      const rt = memrefType(sizes, t.elem, t.strides.map((s, i) => s * steps[i]), offset, true);
      const res = f.fresh();
      const arr = (xs) => `array<i64: ${xs.join(', ')}>`;
      emitOp(g, `${res} = "memref.subview"(${m.name}) <{operandSegmentSizes = array<i32: 1, 0, 0, 0>, static_offsets = ${arr(offsets)}, static_sizes = ${arr(sizes)}, static_strides = ${arr(steps)}}> : (${typeStr(t)}) -> ${typeStr(rt)}`);
      f.define(res, rt);
      return;
    }
    if (r < 0.97) {
      if (!allowAlloc) continue;
      const t = g.pick(ALLOC_TYPES);
      const res = f.fresh();
      const align = g.rand() < 0.3 ? 'alignment = 64 : i64, ' : '';
      emitOp(g, `${res} = "memref.alloc"() <{${align}operandSegmentSizes = array<i32: 0, 0>}> : () -> ${typeStr(t)}`);
      f.define(res, t);
      f.allocs.push({ name: res, type: t });
      return;
    }
    {
      // func.call of a declared or earlier defined function whose arguments we can supply.
      const candidates = callees.filter((c) => c.sig.args.every((a) => (typeof a === 'string' ? f.has(a) : true)));
      if (candidates.length === 0) continue;
      const c = g.pick(candidates);
      const args = c.sig.args.map((a) => {
        if (typeof a === 'string') return f.use(a);
        const want = typeStr(a);
        const ms = f.memrefs.filter((m) => typeStr(m.type) === want);
        return ms.length ? g.pick(ms).name : null;
      });
      if (args.includes(null)) continue;
      // A multi-result op gets one name, `%N:2`, its results are `%N#0`, `%N#1`.
      const n = c.sig.results.length;
      const first = f.base + f.next;
      if (n > 0) f.next++;
      const lhs = n === 0 ? '' : n === 1 ? `%${first} = ` : `%${first}:${n} = `;
      emitOp(g, `${lhs}"func.call"(${args.join(', ')}) <{callee = @${c.name}}> : ${fnTypeStr(c.sig)}`);
      c.sig.results.forEach((t, i) => f.define(n === 1 ? `%${first}` : `%${first}#${i}`, t));
      return;
    }
  }
}

/** The prologue every function starts with: index constants 0..3 and one constant of each scalar type. */
const PROLOGUE_OPS = 4 + 4;
function emitPrologue(g, f) {
  for (let i = 0; i < 4; i++) {
    const r = f.fresh();
    emitOp(g, `${r} = "arith.constant"() <{value = ${i} : index}> : () -> index`);
    f.define(r, 'index');
  }
  for (const t of ['i32', 'i64', 'f32', 'f32']) emitConstant(g, f, t);
}

function emitReturn(g, f) {
  const vals = f.sig.results.map((t) => f.use(t));
  emitOp(g, `"func.return"(${vals.join(', ')}) : (${f.sig.results.map(typeStr).join(', ')}) -> ()`);
}
function emitDeallocs(g, f) {
  for (const a of f.allocs) emitOp(g, `"memref.dealloc"(${a.name}) : (${typeStr(a.type)}) -> ()`);
}

function funcHeader(name, sig) {
  return `"func.func"() <{function_type = ${fnTypeStr(sig)}, sym_name = "${name}"}> ({`;
}
function entryArgs(f) {
  const args = f.sig.args.map((t, i) => {
    const n = `%arg${f.argBase + i}`;
    f.define(n, t);
    return `${n}: ${typeStr(t)}`;
  });
  return `^bb0(${args.join(', ')}):`;
}

/** A single-block function of exactly `size` operations (func.func included). */
function emitSimpleFunction(g, name, sig, size, callees) {
  const f = new Fn(g, sig);
  g.line(2, funcHeader(name, sig));
  g.ops++;
  g.line(2, entryArgs(f));
  emitPrologue(g, f);
  // Random ops, leaving room for the deallocs and the return.
  let body = size - 1 - PROLOGUE_OPS - 1; // minus func.func, prologue, return
  while (body > f.allocs.length) {
    emitRandomOp(g, f, body > f.allocs.length + 1, callees);
    body--;
  }
  emitDeallocs(g, f);
  emitReturn(g, f);
  g.line(2, '}) : () -> ()');
  f.done();
}

/** A four-block diamond: ^bb0 -cond_br-> ^bb1(i32) | ^bb2; both -br-> ^bb3(i32, f32); ^bb3 returns. */
function emitDiamondFunction(g, name, sig, size, callees) {
  const f = new Fn(g, sig);
  g.line(2, funcHeader(name, sig));
  g.ops++;
  g.line(2, entryArgs(f));
  emitPrologue(g, f);
  // Ops left for the four blocks' bodies: minus func.func, prologue, cmpi + cond_br, 2 br, return.
  const rest = size - 1 - PROLOGUE_OPS - 5;
  const entryN = Math.floor(rest * 0.4);
  const b1N = Math.floor(rest * 0.2);
  const b2N = Math.floor(rest * 0.2);
  let b3N = rest - entryN - b1N - b2N;
  // Allocations only happen in the entry block and are freed in ^bb3.
  for (let i = 0; i < entryN; i++) emitRandomOp(g, f, b3N > f.allocs.length + 1, callees);
  const cond = f.fresh();
  emitOp(g, `${cond} = "arith.cmpi"(${f.use('index')}, ${f.use('index')}) <{predicate = 2 : i64}> : (index, index) -> i1`);
  const passed = f.use('i32');
  emitOp(g, `"cf.cond_br"(${cond}, ${passed})[^bb1, ^bb2] <{operandSegmentSizes = array<i32: 1, 1, 0>}> : (i1, i32) -> ()`);
  const entry = f.snapshot();
  // ^bb1 and ^bb2 see the entry block's values and their own; what they define is dropped after them.
  const branchBlock = (header, args, count) => {
    g.line(2, header);
    for (const [name, t] of args) f.define(name, t);
    for (let i = 0; i < count; i++) emitRandomOp(g, f, false, callees);
    const a = f.use('i32'), b = f.use('f32');
    emitOp(g, `"cf.br"(${a}, ${b})[^bb3] : (i32, f32) -> ()`);
    f.restore(entry);
  };
  const arg1 = f.fresh();
  branchBlock(`^bb1(${arg1}: i32):  // pred: ^bb0`, [[arg1, 'i32']], b1N);
  branchBlock(`^bb2:  // pred: ^bb0`, [], b2N);
  const a3 = f.fresh(), b3 = f.fresh();
  g.line(2, `^bb3(${a3}: i32, ${b3}: f32):  // 2 preds: ^bb1, ^bb2`);
  f.define(a3, 'i32');
  f.define(b3, 'f32');
  b3N -= f.allocs.length;
  for (let i = 0; i < b3N; i++) emitRandomOp(g, f, false, callees);
  emitDeallocs(g, f);
  emitReturn(g, f);
  g.line(2, '}) : () -> ()');
  f.done();
}

/**
 * Value names. `mlir-opt --mlir-print-op-generic` prints unique SSA names across the whole module (the generic
 * form cannot rely on func.func being isolated from above), and it numbers regions from a stack: the *last*
 * function gets %arg0 and %0, the one before it continues after those, and so on up to the first function.
 * So the module is generated twice with the same seed: the first pass counts each function's names, the second
 * writes the text with each function's first %N / %argN (suffix sums of the counts).
 */
export function generate({ ops = 200000, seed = 1 } = {}) {
  if (!Number.isInteger(ops) || ops < 40) throw new Error('--ops must be an integer >= 40');
  const counting = generatePass(ops, seed, null);
  if (counting.counts.length === 0) return counting;
  const bases = new Array(counting.counts.length);
  let values = 0, args = 0;
  for (let i = counting.counts.length - 1; i >= 0; i--) {
    bases[i] = { values, args };
    values += counting.counts[i].values;
    args += counting.counts[i].args;
  }
  return generatePass(ops, seed, bases);
}

function generatePass(ops, seed, bases) {
  const g = new Gen(seed);
  g.bases = bases;
  g.line(0, '"builtin.module"() ({');
  g.ops++;
  const callees = [];
  // External declarations, one per signature.
  SIGNATURES.forEach((sig, i) => {
    const name = `ext${i}`;
    g.line(2, `"func.func"() <{function_type = ${fnTypeStr(sig)}, sym_name = "${name}", sym_visibility = "private"}> ({`);
    g.line(2, '}) : () -> ()');
    g.ops++;
    callees.push({ name, sig });
  });
  // Function sizes scale with the module: a few hundred ops each for the default 200k.
  const large = ops >= 20000;
  const minSize = large ? 200 : 20;
  const maxSize = large ? 800 : 60;
  let remaining = ops - g.ops;
  let index = 0;
  while (remaining > 0) {
    let size = g.int(minSize, maxSize);
    if (remaining - size < minSize) size = remaining;
    const sig = g.pick(SIGNATURES);
    const name = `fn${index}`;
    // Every 16th function (with room for it) is a multi-block diamond using cf.cond_br / cf.br.
    if (index % 16 === 5 && size >= 60) emitDiamondFunction(g, name, sig, size, callees);
    else emitSimpleFunction(g, name, sig, size, callees);
    callees.push({ name, sig });
    remaining -= size;
    index++;
  }
  g.line(0, '}) : () -> ()\n'); // mlir-opt ends its output with an empty line
  if (g.ops !== ops) throw new Error(`internal: generated ${g.ops} ops, wanted ${ops}`);
  return { text: g.out.join(''), ops: g.ops, functions: index, declarations: SIGNATURES.length, counts: g.counts };
}

function main(argv) {
  let ops = 200000, seed = 1, out = null;
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const val = () => {
      if (i + 1 >= argv.length) throw new Error(`${a} needs a value`);
      return argv[++i];
    };
    if (a === '--ops') ops = Number(val());
    else if (a === '--seed') seed = Number(val());
    else if (a === '-o') out = val();
    else if (a === '-h' || a === '--help') {
      console.log(USAGE);
      return 0;
    } else throw new Error(`unknown argument ${a}\n${USAGE}`);
  }
  if (!Number.isInteger(seed)) throw new Error('--seed must be an integer');
  const r = generate({ ops, seed });
  if (out) writeFileSync(out, r.text);
  else process.stdout.write(r.text);
  process.stderr.write(`gen-module: ${r.ops} operations (${r.functions} functions, ${r.declarations} declarations), ${r.text.length} bytes${out ? ` -> ${out}` : ''}\n`);
  return 0;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  try {
    process.exitCode = main(process.argv.slice(2));
  } catch (e) {
    process.stderr.write(`gen-module: ${e.message}\n`);
    process.exitCode = 2;
  }
}
