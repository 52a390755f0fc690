// The subset of C's printf that krnl.print uses: one value, `%[flags][width][.precision][length]conversion` with
// flags `-+ 0#`, the length modifiers h, l, ll, z (ignored: the value has its type), and the conversions d i u x X o
// c f F e E g G s p %%.

/** Formats `value` with `format` as C's printf would for one argument (a string for `%s`). */
export function formatPrintf(format: string, value: number | bigint | string | undefined): string {
  let used = false;
  return format.replace(/%([-+ 0#]*)(\d*)(?:\.(\d*))?(hh|h|ll|l|z|j|t|L)?([diuxXocfFeEgGsp%])/g, (_m, flags: string, width: string, precision: string | undefined, _len, conv: string) => {
    if (conv === '%') return '%';
    if (used || value === undefined) return '';
    used = true;
    const body = convert(conv, value, flags, precision === undefined ? undefined : Number(precision || '0'));
    return pad(body, Number(width || '0'), flags, /[diuxXofFeEgG]/.test(conv));
  });
}

function convert(conv: string, value: number | bigint | string, flags: string, precision: number | undefined): string {
  if (conv === 's') return precision === undefined ? String(value) : String(value).slice(0, precision);
  if (conv === 'c') return String.fromCharCode(Number(value));
  const sign = (s: string, negative: boolean): string => (negative ? '-' : flags.includes('+') ? '+' : flags.includes(' ') ? ' ' : '') + s;
  if ('diuxXop'.includes(conv)) {
    const v = typeof value === 'bigint' ? value : BigInt(Math.trunc(Number(value)));
    const magnitude = v < 0n ? -v : v;
    const radix = conv === 'x' || conv === 'X' || conv === 'p' ? 16 : conv === 'o' ? 8 : 10;
    let digits = magnitude.toString(radix);
    if (conv === 'X') digits = digits.toUpperCase();
    if (precision !== undefined) digits = digits.padStart(precision, '0');
    if (flags.includes('#') && (conv === 'x' || conv === 'X') && magnitude !== 0n) digits = (conv === 'x' ? '0x' : '0X') + digits;
    return sign(digits, v < 0n);
  }
  const x = Number(value);
  const negative = x < 0 || Object.is(x, -0);
  const m = Math.abs(x);
  if (!Number.isFinite(m)) {
    const text = Number.isNaN(m) ? 'nan' : 'inf';
    return sign(conv === conv.toUpperCase() ? text.toUpperCase() : text, negative && !Number.isNaN(m));
  }
  const p = precision ?? 6;
  const alt = flags.includes('#');
  let text: string;
  if (conv === 'f' || conv === 'F') text = fixed(m, p, alt);
  else if (conv === 'e' || conv === 'E') text = exponential(m, p, alt);
  else text = general(m, p === 0 ? 1 : p, alt);
  if (conv === 'E' || conv === 'G') text = text.toUpperCase();
  return sign(text, negative);
}

// Floats are printed from their exact binary value, rounded half to even at the last digit, as C libraries do
// (JS's toFixed and toExponential round exact ties up: 0.125 with %.2f is 0.12 in C, 0.13 in JS).

/** round(m * 10^k), ties to even, for a finite m >= 0. */
function scaledRound(m: number, k: number): bigint {
  const bits = new DataView(new Float64Array([m]).buffer).getBigUint64(0, true);
  const biased = Number((bits >> 52n) & 0x7ffn);
  const fraction = bits & ((1n << 52n) - 1n);
  // m = mantissa * 2^exponent
  const mantissa = biased === 0 ? fraction : fraction | (1n << 52n);
  const exponent = (biased === 0 ? 1 : biased) - 1075;
  let num = mantissa;
  let den = 1n;
  if (exponent >= 0) num <<= BigInt(exponent);
  else den <<= BigInt(-exponent);
  if (k >= 0) num *= 10n ** BigInt(k);
  else den *= 10n ** BigInt(-k);
  const q = num / den;
  const twice = 2n * (num % den);
  return twice > den || (twice === den && (q & 1n) === 1n) ? q + 1n : q;
}

/** `%f`: the digits of round(m * 10^p) with p of them after the point. */
function fixed(m: number, p: number, alt: boolean): string {
  const digits = scaledRound(m, p).toString().padStart(p + 1, '0');
  return p === 0 ? digits + (alt ? '.' : '') : `${digits.slice(0, -p)}.${digits.slice(-p)}`;
}

/** The decimal exponent of m once rounded to p + 1 significant digits, and those digits. */
function significant(m: number, p: number): { e: number; digits: string } {
  if (m === 0) return { e: 0, digits: '0'.repeat(p + 1) };
  let e = Math.floor(Math.log10(m));
  for (;;) {
    const n = scaledRound(m, p - e).toString();
    if (n.length > p + 1) e++;
    else if (n.length < p + 1) e--;
    else return { e, digits: n };
  }
}

/** `%e`: d.ddde+XX (at least two exponent digits). */
function exponential(m: number, p: number, alt: boolean): string {
  const { e, digits } = significant(m, p);
  const mantissa = p === 0 ? digits + (alt ? '.' : '') : `${digits[0]}.${digits.slice(1)}`;
  return `${mantissa}e${e < 0 ? '-' : '+'}${String(Math.abs(e)).padStart(2, '0')}`;
}

/** `%g`: %e or %f with p significant digits, trailing zeros removed (kept with `#`). */
function general(m: number, p: number, alt: boolean): string {
  const { e } = significant(m, p - 1);
  const text = e < -4 || e >= p ? exponential(m, p - 1, alt) : fixed(m, p - 1 - e, alt);
  if (alt) return text;
  const strip = (s: string): string => (s.includes('.') ? s.replace(/0+$/, '').replace(/\.$/, '') : s);
  const [mantissa, exponent] = text.split('e') as [string, string | undefined];
  return exponent === undefined ? strip(mantissa) : `${strip(mantissa)}e${exponent}`;
}

function pad(body: string, width: number, flags: string, numeric: boolean): string {
  if (body.length >= width) return body;
  if (flags.includes('-')) return body.padEnd(width);
  if (flags.includes('0') && numeric && !/[a-z]/i.test(body.replace(/^[-+ ]?0[xX]/, ''))) {
    const signLength = /^[-+ ]/.test(body) ? 1 : 0;
    return body.slice(0, signLength) + body.slice(signLength).padStart(width - signLength, '0');
  }
  return body.padStart(width);
}
