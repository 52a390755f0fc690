// krnl.print's printf: one value, C's conversions (@tlir/interpreter's formatPrintf), with onnx-mlir's leniency: a
// conversion without the value prints nothing, and a value of another kind is converted (%d of a float truncates).
import { formatPrintf as formatWith, type PrintfArgument, type PrintfPolicy } from '@tlir/interpreter';

const KRNL_PRINT: PrintfPolicy = { who: 'krnl.print', missingArgument: 'empty', otherKind: 'convert' };

/** Formats `value` with `format` as krnl.print does: `argument` is the value read by its type, when it has one. */
export function formatKrnlPrint(format: string, argument: PrintfArgument | undefined): string {
  return formatWith(format, argument ? [argument] : [], KRNL_PRINT);
}

/** Formats an untyped host value (a JavaScript number is a float, a bigint a 64-bit integer) as krnl.print does. */
export function formatPrintf(format: string, value: number | bigint | string | undefined): string {
  const argument: PrintfArgument | undefined =
    value === undefined
      ? undefined
      : typeof value === 'string'
        ? { kind: 'string', value }
        : typeof value === 'bigint'
          ? { kind: 'integer', signed: value, unsigned: BigInt.asUintN(64, value) }
          : { kind: 'float', value };
  return formatKrnlPrint(format, argument);
}
