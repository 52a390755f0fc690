// The printf subset of krnl.print, against C's output for the same format and value (glibc; Python's % operator
// gives the same): conversions, flags, width, precision, exact ties rounded to even.
import { describe, expect, it } from 'vitest';
import { formatPrintf } from '../../src/interpreter/printf-format.js';

const C_OUTPUT: [string, number | bigint | string, string][] = [
  ['%d', 42, '42'],
  ['%ld', 7n, '7'],
  ['%5.2f', 3.14159, ' 3.14'],
  ['%e', 12345.678, '1.234568e+04'],
  ['%g', 0.0001234, '0.0001234'],
  ['%g', 123456789, '1.23457e+08'],
  ['%x', 255, 'ff'],
  ['%#X', 255, '0XFF'],
  ['%+d', 5, '+5'],
  ['%05d', -42, '-0042'],
  ['%.3s', 'abcdef', 'abc'],
  ['%g', 100000, '100000'],
  ['%g', 1e6, '1e+06'],
  ['%.2f', 0.125, '0.12'],
  ['%.0f', 2.5, '2'],
  ['%.0f', 3.5, '4'],
  ['%.1e', 0.25, '2.5e-01'],
  ['%10.4g', 3.14159265, '     3.142'],
  ['%-8.3e|', -0.000123456, '-1.235e-04|'],
  ['%o', 8, '10'],
  ['%.0e', 5e-324, '5e-324'],
  ['%g', 0, '0'],
  ['%#.3g', 1, '1.00'],
  ['%.3f', -0, '-0.000'],
  ['%G', 1e-10, '1E-10'],
  ['%f', 1e20, '100000000000000000000.000000'],
  ['%c', 65, 'A'],
  ['%5s', 'ab', '   ab'],
  ['%-5s|', 'ab', 'ab   |'],
  ['% d', 7, ' 7'],
  ['%f', NaN, 'nan'],
  ['%F', -Infinity, '-INF'],
  ['100%% of %d', 3, '100% of 3'],
];

describe('formatPrintf', () => {
  for (const [format, value, want] of C_OUTPUT) {
    it(`${format} of ${String(value)}`, () => expect(formatPrintf(format, value)).toBe(want));
  }
  it('prints the format alone without a value, and uses the value once', () => {
    expect(formatPrintf('done\n', undefined)).toBe('done\n');
    expect(formatPrintf('%d and %d', 1)).toBe('1 and ');
  });
});
