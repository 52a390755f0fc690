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
  let text: string;
  if (conv === 'f' || conv === 'F') text = m.toFixed(p);
  else if (conv === 'e' || conv === 'E') text = exponential(m, p);
  else text = general(m, p === 0 ? 1 : p, flags.includes('#'));
  if (conv === 'E' || conv === 'G') text = text.toUpperCase();
  return sign(text, negative);
}

/** `%e`: d.ddde+XX (at least two exponent digits). */
function exponential(m: number, p: number): string {
  const [mantissa, exp] = m.toExponential(p).split('e') as [string, string];
  const e = Number(exp);
  return `${mantissa}e${e < 0 ? '-' : '+'}${String(Math.abs(e)).padStart(2, '0')}`;
}

/** `%g`: %e or %f with p significant digits, trailing zeros removed (kept with `#`). */
function general(m: number, p: number, keepZeros: boolean): string {
  const e = m === 0 ? 0 : Number(m.toExponential(p - 1).split('e')[1]);
  const text = e < -4 || e >= p ? exponential(m, p - 1) : m.toFixed(Math.max(0, p - 1 - e));
  if (keepZeros) return text;
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
