// Writes a module of generic ops carrying random builtin attributes and types, for random-attributes.mlir to
// compare what tl-opt and mlir-opt-22 print for it. Deterministic for a seed; every attribute is valid (mlir-opt
// reads it), so the two outputs must be byte-identical.
//
//   node test/interop/gen-random-attributes.mjs [--seed N] [--ops N]
//
// It covers: integers of any width and signedness (edge and random values), floats of every supported format
// (decimal literals, any bit pattern, and on purpose signaling and quiet NaNs with payloads, infinities, the
// smallest subnormal and -0 in the IEEE-like formats), strings with escapes, booleans, unit,
// types as attributes (integers, floats, vectors, memrefs with strided layouts and memory spaces, tensors,
// complex, tuples, functions), symbol references, arrays, dictionaries (quoted and unsorted keys), dense arrays
// and dense elements (splats, nested lists, complex elements). Left out: negative values of f8E8M0FNU (see
// README.md's known differences) and what only one of the tools accepts.

import { numberOption, seededRandom } from './seeded-random.mjs';

const seed = numberOption('--seed', 1);
const numOps = numberOption('--ops', 100);
const { next, below, chance, pick, unit } = seededRandom(seed);
const bigBelow = (bits) => {
  let v = 0n;
  for (let b = 0; b < bits; b += 32) v = (v << 32n) | BigInt(next());
  return v & ((1n << BigInt(bits)) - 1n);
};

const FLOATS = {
  f16: 16, bf16: 16, f32: 32, f64: 64, tf32: 19, f8E5M2: 8, f8E4M3FN: 8, f8E4M3: 8, f8E5M2FNUZ: 8, f8E4M3FNUZ: 8,
  f8E4M3B11FNUZ: 8, f8E3M4: 8, f8E8M0FNU: 8, f6E2M3FN: 6, f6E3M2FN: 6, f4E2M1FN: 4,
};
const WHOLE_BYTE_FLOATS = Object.keys(FLOATS).filter((k) => FLOATS[k] % 8 === 0);
const DECIMALS = ['0.0', '-0.0', '1.0', '-2.5', '3.14159', '1.0e10', '-1.0e-10', '65504.0', '0.1', '100.0', '1.5e-7', '123456.789'];

function intType(wholeBytes = false) {
  let w;
  do w = pick([1, 2, 3, 7, 8, 16, 32, 33, 64, 65, 128]);
  while (wholeBytes && w !== 1 && w % 8 !== 0);
  return { text: `${pick(['i', 'si', 'ui'])}${w}`, width: w };
}

function intLiteral(type) {
  const w = type.width;
  const kind = type.text.replace(/[0-9]+$/, '');
  if (w === 1) return kind === 'si' ? pick(['0', '-1']) : pick(['0', '1']);
  const edge = chance(0.3);
  if (kind === 'ui') return String(edge ? pick([0n, (1n << BigInt(w)) - 1n, 1n]) : bigBelow(w));
  const min = -(1n << BigInt(w - 1));
  const max = (1n << BigInt(w - 1)) - 1n;
  if (edge) return String(pick([0n, -1n, min, max]));
  return String(bigBelow(w) + min);
}

// The exponent and mantissa widths of the IEEE-like formats, whose special patterns are made on purpose: NaNs
// signaling and quiet with payloads, infinities, the smallest subnormal, -0.
const IEEE_LIKE = { f16: [5, 10], bf16: [8, 7], f32: [8, 23], f64: [11, 52], tf32: [8, 10], f8E5M2: [5, 2], f8E4M3: [4, 3], f8E3M4: [3, 4] };

function specialBits(kind) {
  const [e, m] = IEEE_LIKE[kind];
  const sign = chance(0.5) ? 1n << BigInt(e + m) : 0n;
  const exp = ((1n << BigInt(e)) - 1n) << BigInt(m);
  const quiet = m > 0 ? 1n << BigInt(m - 1) : 0n;
  const payload = m > 1 ? 1n + bigBelow(m - 1) % ((1n << BigInt(m - 1)) - 1n) : 0n;
  return sign | pick([exp | payload, exp | quiet | payload, exp | quiet, exp, 1n, 0n]);
}

function floatLiteral(kind) {
  if (kind === 'f8E8M0FNU') return pick(['1.0', '2.0', '0.5', '1024.0', '0x7F', '0x80', '0xFF']);
  const c = unit();
  const hex = (bits) => `0x${bits.toString(16).toUpperCase()}`;
  if (c < 0.25 && kind in IEEE_LIKE) return hex(specialBits(kind));
  if (c < 0.6) return hex(bigBelow(FLOATS[kind]));
  return pick(DECIMALS);
}

function type(depth = 0) {
  const c = unit();
  if (c < 0.3) return intType().text;
  if (c < 0.5) return pick(Object.keys(FLOATS));
  if (c < 0.55 || depth > 1) return 'index';
  if (c < 0.65) {
    const dims = Array.from({ length: below(3) }, () => `${1 + below(4)}x`).join('');
    return `vector<${dims}${pick(['f32', 'i8', 'index'])}>`;
  }
  if (c < 0.75) {
    const dims = Array.from({ length: below(3) }, () => (chance(0.4) ? '?' : String(1 + below(8))));
    let layout = '';
    if (dims.length && chance(0.5)) {
      const strides = dims.map(() => (chance(0.4) ? '?' : String(1 + below(63))));
      layout = `, strided<[${strides.join(', ')}]${chance(0.7) ? `, offset: ${pick(['?', '0', '7'])}` : ''}>`;
    }
    const space = chance(0.2) ? `, ${pick(['1', '"gpu"', '#gpu.address_space<workgroup>'])}` : '';
    return `memref<${dims.map((d) => `${d}x`).join('')}f32${layout}${space}>`;
  }
  if (c < 0.82) {
    const dims = Array.from({ length: below(3) }, () => (chance(0.4) ? '?x' : `${below(5)}x`)).join('');
    const element = pick([intType().text, pick(Object.keys(FLOATS)), 'index', `complex<${pick(['f32', 'i16'])}>`, `vector<2x${pick(['f32', 'i8'])}>`]);
    return `tensor<${dims}${element}>`;
  }
  if (c < 0.87) return `complex<${pick(['f32', 'f64', 'i16'])}>`;
  if (c < 0.92) return `tuple<${Array.from({ length: below(3) }, () => type(depth + 1)).join(', ')}>`;
  if (c < 0.96) {
    // A function type as a result is parenthesized.
    const result = type(depth + 1);
    return `(${Array.from({ length: below(3) }, () => type(depth + 1)).join(', ')}) -> ${result.includes('->') ? `(${result})` : result}`;
  }
  return 'none';
}

function stringLiteral() {
  let s = '';
  for (let i = below(8); i > 0; i--) {
    const ch = String.fromCharCode(32 + below(95));
    s += ch === '"' ? '\\22' : ch === '\\' ? '\\5C' : ch;
  }
  if (chance(0.3)) s += pick(['\\0A', '\\09', '\\E2\\82\\AC', '\\FF', '\\00']);
  return `"${s}"`;
}

function denseElements() {
  const n = 1 + below(4);
  const shape = n === 4 && chance(0.3) ? [2, 2] : [n];
  let elementType;
  let element;
  if (chance(0.4)) {
    elementType = pick(Object.keys(FLOATS));
    element = () => floatLiteral(elementType);
  } else if (chance(0.2)) {
    const part = pick(['f32', 'i16']);
    elementType = `complex<${part}>`;
    element = () => (part === 'f32' ? `(${floatLiteral('f32')}, ${floatLiteral('f32')})` : `(${below(100) - 50}, ${below(100) - 50})`);
  } else {
    const t = intType();
    elementType = t.text;
    element = () => (t.width === 1 ? pick(['true', 'false']) : intLiteral(t));
  }
  // Vectors of complex numbers do not exist.
  const shaped = `${elementType.startsWith('complex') ? 'tensor' : pick(['tensor', 'vector'])}<${shape.join('x')}x${elementType}>`;
  if (chance(0.25)) return `dense<${element()}> : ${shaped}`;
  const list = (dims) => (dims.length === 0 ? element() : `[${Array.from({ length: dims[0] }, () => list(dims.slice(1))).join(', ')}]`);
  return `dense<${list(shape)}> : ${shaped}`;
}

function attribute(depth = 0) {
  const c = unit();
  if (c < 0.2) {
    const t = intType();
    return `${intLiteral(t)} : ${t.text}`;
  }
  if (c < 0.35) {
    const k = pick(Object.keys(FLOATS));
    return `${floatLiteral(k)} : ${k}`;
  }
  if (c < 0.42) return stringLiteral() + (chance(0.2) ? ` : ${type()}` : '');
  if (c < 0.47) return pick(['true', 'false', 'unit']);
  if (c < 0.52) return type();
  if (c < 0.57) return `@${pick(['a', 'b_c', '"q x"'])}${chance(0.3) ? '::@x' : ''}`;
  if (depth < 2 && c < 0.65) return `[${Array.from({ length: below(4) }, () => attribute(depth + 1)).join(', ')}]`;
  if (depth < 2 && c < 0.72) {
    const keys = ['z', 'a', '"s p"', 'k1', '_x'].filter(() => chance(0.4));
    return `{${keys.map((k) => `${k} = ${attribute(depth + 1)}`).join(', ')}}`;
  }
  if (c < 0.82) {
    if (chance(0.5)) {
      const t = intType(true);
      const values = Array.from({ length: below(4) }, () => (t.width === 1 ? pick(['true', 'false']) : intLiteral(t)));
      return `array<${t.text}${values.length ? `: ${values.join(', ')}` : ''}>`;
    }
    const k = pick(WHOLE_BYTE_FLOATS);
    return `array<${k}: ${Array.from({ length: 1 + below(3) }, () => floatLiteral(k)).join(', ')}>`;
  }
  return denseElements();
}

const lines = [];
for (let i = 0; i < numOps; i++) {
  const keys = ['a', 'b', 'c', 'd', 'e', 'f'].filter(() => chance(0.35));
  if (keys.length === 0) keys.push('a');
  lines.push(`"test.op${i}"() {${keys.map((k) => `${k} = ${attribute()}`).join(', ')}} : () -> ()`);
}
process.stdout.write(lines.join('\n') + '\n');
