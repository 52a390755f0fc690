// gpu.printf's formatting against C's printf (the expected strings are what C prints, checked with the shell's
// printf builtin).
import { describe, expect, it } from 'vitest';
import type { PrintfArgument } from '@tlir/interpreter';
import { formatGpuPrintf as formatPrintf } from '../src/index.js';

const int = (v: number | bigint, bits = 32): PrintfArgument => {
  const b = BigInt(v);
  return { kind: 'integer', signed: b, unsigned: b < 0n ? b + (1n << BigInt(bits)) : b };
};
const float = (value: number): PrintfArgument => ({ kind: 'float', value });

describe('formatPrintf', () => {
  it.each([
    ['%g', float(1e-5), '1e-05'],
    ['%g', float(123456789), '1.23457e+08'],
    ['%g', float(0.0001), '0.0001'],
    ['%#g', float(1.5), '1.50000'],
    ['%.3e', float(0), '0.000e+00'],
    ['%10.4f', float(-3.14159), '   -3.1416'],
    ['%e', float(1e300), '1.000000e+300'],
    ['%g', float(1e21), '1e+21'],
    ['%f', float(1e22), '10000000000000000000000.000000'],
    ['%G', float(1e-10), '1E-10'],
    ['%.0f', float(2.5), '2'],
    ['%.2f', float(0.125), '0.12'],
    ['%.1e', float(0.25), '2.5e-01'],
    ['%g', float(0.00001234), '1.234e-05'],
    ['%.3g', float(1234.5), '1.23e+03'],
    ['%#.3g', float(1), '1.00'],
    ['%g', float(100), '100'],
    ['%.10g', float(0.1), '0.1'],
    ['%.0e', float(15), '2e+01'],
    ['%#.0f', float(3), '3.'],
    ['%f', float(-Infinity), '-inf'],
    ['%F', float(NaN), 'NAN'],
    ['%+d', int(5), '+5'],
    ['% d', int(5), ' 5'],
    ['%#o', int(8), '010'],
    ['%#x', int(255), '0xff'],
    ['%#X', int(0), '0'],
    ['%.0d', int(0), ''],
    ['%05d', int(-42), '-0042'],
    ['%-6x|', int(255), 'ff    |'],
    ['%.3d', int(7), '007'],
    ['%u', int(-1), '4294967295'],
    ['%lld', int(-9007199254740993n, 64), '-9007199254740993'],
    ['%c', int(65), 'A'],
  ])('%s of %o is %s', (format, arg, expected) => {
    expect(formatPrintf(format, [arg])).toBe(expected);
  });

  it('takes widths and precisions from the arguments with *', () => {
    expect(formatPrintf('[%*.*f]', [int(8), int(2), float(3.14159)])).toBe('[    3.14]');
    expect(formatPrintf('[%*d]', [int(-4), int(7)])).toBe('[7   ]');
  });

  it('reports an argument of the wrong kind and missing arguments', () => {
    expect(() => formatPrintf('%d', [float(1)])).toThrow('gpu.printf: %d needs an integer argument, got a float');
    expect(() => formatPrintf('%f', [int(1)])).toThrow('gpu.printf: %f needs a floating-point argument, got an integer');
    expect(() => formatPrintf('%d %d', [int(1)])).toThrow('gpu.printf: the format needs more arguments than the 1 given (for %d)');
    expect(() => formatPrintf('%s', [int(1)])).toThrow('gpu.printf: the interpreter does not format %s');
  });
});
