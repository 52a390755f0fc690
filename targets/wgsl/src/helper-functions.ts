// WGSL functions the translation calls where WGSL has no builtin with MLIR's meaning: NaN tests that a compiler
// cannot assume away (WGSL lets implementations assume floats are never NaN, so `x != x` may fold to false; bit
// tests cannot), the C library's pow, fmod, erf and cbrt, NaN-aware minimum/maximum. Each is written into the module
// once, the first time a kernel needs it, for each float type it is used with. NaN and the infinities come from
// `from_bits`, a call: as a constant expression (`bitcast<f32>(0x7fc00000u)`) they are a shader-creation error
// ("value nan cannot be represented as 'f32'").
import type { WgslNames } from './wgsl-names.js';

type FloatWgsl = 'f32' | 'f16';

/** A helper on f32 values (an f16 version calls it through f32, which holds every f16 exactly). */
interface HelperDefinition {
  /** How many f32 parameters it takes. */
  readonly arity: 0 | 1 | 2;
  readonly returns: 'float' | 'bool';
  readonly uses?: readonly string[];
  /** Its body lines (after the signature), given the names of the f32 helpers it calls. */
  readonly body: (call: (helper: string) => string) => string[];
}

const DEFINITIONS: Readonly<Record<string, HelperDefinition>> = {
  isnan: { arity: 1, returns: 'bool', body: () => ['return (bitcast<u32>(a) & 0x7fffffffu) > 0x7f800000u;'] },
  isinf: { arity: 1, returns: 'bool', body: () => ['return (bitcast<u32>(a) & 0x7fffffffu) == 0x7f800000u;'] },
  isfinite: { arity: 1, returns: 'bool', body: () => ['return (bitcast<u32>(a) & 0x7fffffffu) < 0x7f800000u;'] },
  // A normal f32; the f16 version asks about the f16 range itself (see call()).
  isnormal: { arity: 1, returns: 'bool', body: () => ['let e = (bitcast<u32>(a) >> 23u) & 0xffu;', 'return e != 0u && e != 0xffu;'] },
  nan: { arity: 0, returns: 'float', uses: ['from_bits'], body: (call) => [`return ${call('from_bits')}(0x7fc00000u);`] },
  // arith.maximumf / minimumf: NaN if either is NaN; -0.0 is below +0.0.
  maximumf: {
    arity: 2,
    returns: 'float',
    uses: ['isnan', 'nan'],
    body: (call) => [
      `if (${call('isnan')}(a) || ${call('isnan')}(b)) { return ${call('nan')}(); }`,
      'if (a == b) { return select(a, b, (bitcast<u32>(a) & 0x80000000u) != 0u); }',
      'return select(b, a, a > b);',
    ],
  },
  minimumf: {
    arity: 2,
    returns: 'float',
    uses: ['isnan', 'nan'],
    body: (call) => [
      `if (${call('isnan')}(a) || ${call('isnan')}(b)) { return ${call('nan')}(); }`,
      'if (a == b) { return select(b, a, (bitcast<u32>(a) & 0x80000000u) != 0u); }',
      'return select(b, a, a < b);',
    ],
  },
  // arith.maxnumf / minnumf: the other operand when one is NaN; -0.0 is below +0.0, as MLIR 22 folds them (WGSL's
  // max and min may return either zero).
  maxnumf: {
    arity: 2,
    returns: 'float',
    uses: ['isnan'],
    body: (call) => [
      `if (${call('isnan')}(a)) { return b; }`,
      `if (${call('isnan')}(b)) { return a; }`,
      'if (a == b) { return select(a, b, (bitcast<u32>(a) & 0x80000000u) != 0u); }',
      'return max(a, b);',
    ],
  },
  minnumf: {
    arity: 2,
    returns: 'float',
    uses: ['isnan'],
    body: (call) => [
      `if (${call('isnan')}(a)) { return b; }`,
      `if (${call('isnan')}(b)) { return a; }`,
      'if (a == b) { return select(b, a, (bitcast<u32>(a) & 0x80000000u) != 0u); }',
      'return min(a, b);',
    ],
  },
  // arith.remf: C's fmod, exactly. WGSL's `%` on floats is `a - b * trunc(a / b)`, which adapters compute as written
  // (llvmpipe): 1e30 % 5.5 gives -7.6e22 (fmod: 4), 0 % inf NaN (fmod: 0), -0 % 1 +0 (fmod: -0). fmod's result is
  // exact: the significands' remainder, |a| = ma 2^d |b|-units, is reduced 8 bits of d at a time in u32 (ma, mb
  // below 2^24), then renormalized at b's exponent.
  fmod: {
    arity: 2,
    returns: 'float',
    uses: ['nan'],
    body: (call) => [
      'let ua = bitcast<u32>(a) & 0x7fffffffu;',
      'let ub = bitcast<u32>(b) & 0x7fffffffu;',
      `if (ua >= 0x7f800000u || ub > 0x7f800000u || ub == 0u) { return ${call('nan')}(); }`,
      'if (ua < ub) { return a; }',
      'let sign = bitcast<u32>(a) & 0x80000000u;',
      'let ea = max(ua >> 23u, 1u);',
      'let eb = max(ub >> 23u, 1u);',
      'let mb = select(ub & 0x7fffffu, (ub & 0x7fffffu) | 0x800000u, (ub >> 23u) != 0u);',
      'var r = select(ua & 0x7fffffu, (ua & 0x7fffffu) | 0x800000u, (ua >> 23u) != 0u) % mb;',
      'var d = ea - eb;',
      'loop {',
      '  if (d == 0u) { break; }',
      '  let s = min(d, 8u);',
      '  r = (r << s) % mb;',
      '  d = d - s;',
      '}',
      'if (r == 0u) { return bitcast<f32>(sign); }',
      'let shift = min(countLeadingZeros(r) - 8u, eb - 1u);',
      'r = r << shift;',
      'let e = select(0u, eb - shift, r >= 0x800000u);',
      'return bitcast<f32>(sign | (e << 23u) | (r & 0x7fffffu));',
    ],
  },
  // C's pow(a, b) (WGSL's pow is undefined for a negative or zero base).
  powf: {
    arity: 2,
    returns: 'float',
    uses: ['isnan', 'nan', 'from_bits'],
    body: (call) => [
      'if (b == 0.0 || a == 1.0) { return 1.0; }',
      `if (${call('isnan')}(a) || ${call('isnan')}(b)) { return ${call('nan')}(); }`,
      'let integral = trunc(b) == b;',
      'let odd = integral && abs(b) < 16777216.0 && (i32(abs(b)) & 1) == 1;',
      'var magnitude = pow(abs(a), b);',
      `if (a == 0.0) { magnitude = select(0.0, ${call('from_bits')}(0x7f800000u), b < 0.0); }`,
      'if ((bitcast<u32>(a) & 0x80000000u) == 0u) { return magnitude; }',
      `if (a != 0.0 && !integral) { return ${call('nan')}(); }`,
      'return select(magnitude, -magnitude, odd);',
    ],
  },
  cbrt: { arity: 1, returns: 'float', body: () => ['if (a == 0.0) { return a; }', 'return sign(a) * pow(abs(a), 1.0 / 3.0);'] },
  // erf: Abramowitz and Stegun 7.1.26 (absolute error below 1.5e-7).
  erf: {
    arity: 1,
    returns: 'float',
    body: () => [
      'let x = abs(a);',
      'let k = 1.0 / (1.0 + 0.3275911 * x);',
      'let p = k * (0.254829592 + k * (-0.284496736 + k * (1.421413741 + k * (-1.453152027 + k * 1.061405429))));',
      'return sign(a) * (1.0 - p * exp(-x * x));',
    ],
  },
  erfc: { arity: 1, returns: 'float', uses: ['erf'], body: (call) => [`return 1.0 - ${call('erf')}(a);`] },
  // log(1 + a) and exp(a) - 1 without the cancellation near 0 (Goldberg's and Kahan's corrections).
  log1p: { arity: 1, returns: 'float', body: () => ['let u = 1.0 + a;', 'if (u == 1.0) { return a; }', 'return log(u) * a / (u - 1.0);'] },
  expm1: {
    arity: 1,
    returns: 'float',
    body: () => ['let u = exp(a);', 'if (u == 1.0) { return a; }', 'if (u - 1.0 == -1.0) { return -1.0; }', 'return (u - 1.0) * a / log(u);'],
  },
  copysign: { arity: 2, returns: 'float', body: () => ['return select(abs(a), -abs(a), (bitcast<u32>(b) & 0x80000000u) != 0u);'] },
  // math.round: half away from zero (WGSL's round is half to even).
  round: { arity: 1, returns: 'float', body: () => ['let t = trunc(a);', 'return select(t, t + sign(a), abs(a - t) >= 0.5);'] },
};

const PARAMETERS = ['a', 'b'];

export class HelperFunctions {
  private readonly names = new Map<string, string>();
  private readonly texts: string[][] = [];

  constructor(private readonly wgslNames: WgslNames) {}

  /** The WGSL name of helper `helper` for float type `t`, writing it (and what it calls) the first time. */
  call(helper: string, t: FloatWgsl): string {
    const key = `${helper}_${t}`;
    const known = this.names.get(key);
    if (known) return known;
    if (helper === 'from_bits') return this.fromBits(t, key);
    const definition = DEFINITIONS[helper];
    if (!definition) throw new Error(`no WGSL helper '${helper}'`);
    const params = PARAMETERS.slice(0, definition.arity);
    const returns = definition.returns === 'bool' ? 'bool' : t;
    let body: string[];
    if (t === 'f32') {
      for (const used of definition.uses ?? []) this.call(used, 'f32');
      body = definition.body((h) => this.call(h, 'f32'));
    } else if (helper === 'isnormal') {
      body = ['let x = abs(a);', 'return x >= 6.103515625e-5h && x <= 65504.0h;'];
    } else {
      const inner = `${this.call(helper, 'f32')}(${params.map((p) => `f32(${p})`).join(', ')})`;
      body = [`return ${definition.returns === 'bool' ? inner : `f16(${inner})`};`];
    }
    const name = this.wgslNames.fresh(`tl_${key}`);
    this.names.set(key, name);
    this.texts.push([`fn ${name}(${params.map((p) => `${p}: ${t}`).join(', ')}) -> ${returns} {`, ...body.map((l) => `  ${l}`), '}']);
    return name;
  }

  /** `fn tl_from_bits_<t>(bits: u32) -> t`: the float of (the low half of) `bits`, a run-time value. */
  private fromBits(t: FloatWgsl, key: string): string {
    const name = this.wgslNames.fresh(`tl_${key}`);
    this.names.set(key, name);
    const value = t === 'f32' ? 'bitcast<f32>(bits)' : 'bitcast<vec2<f16>>(bits).x';
    this.texts.push([`fn ${name}(bits: u32) -> ${t} {`, `  return ${value};`, '}']);
    return name;
  }

  /** The helpers' definitions, each followed by an empty line. */
  lines(): string[] {
    return this.texts.flatMap((t) => [...t, '']);
  }
}
