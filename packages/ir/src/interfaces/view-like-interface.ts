import type { Attribute } from '../attribute.js';
import { DenseArrayAttr } from '../builtin-attributes.js';
import { DYNAMIC, IntegerType } from '../builtin-types.js';
import { mapPacked } from '../packed-array.js';
import type { Context } from '../context.js';
import { ParseFailure } from '../parser/parse-failure.js';
import type { OpAsmParser, UnresolvedOperand } from '../parser/op-asm-parser.js';
import type { OpAsmPrinter } from '../printer/op-asm-printer.js';
import type { CustomDirective } from '../op-def/format/custom-directive.js';
import type { Value } from '../value.js';

// Mixed static/dynamic index lists (MLIR's ViewLikeInterface): offsets, sizes and strides written `[%o, 4]`, kept
// as an operand group for the values and an `array<i64: ...>` property for the integers, where a value's place
// holds ShapedType::kDynamic (INT64_MIN). Here the numbers use `DYNAMIC` for it, as shapes and strides of types do.

const INT64_MIN = -(2n ** 63n);
const staticCache = new WeakMap<DenseArrayAttr, readonly number[]>();
const EMPTY: readonly number[] = Object.freeze([]);

/**
 * The entries of a static index list property as numbers, `DYNAMIC` for kDynamic (empty when it is missing).
 * Computed once per (interned) attribute: verifiers call this for every op.
 */
export function staticIndices(attr: Attribute | undefined): readonly number[] {
  if (!(attr instanceof DenseArrayAttr)) return EMPTY;
  let n = staticCache.get(attr);
  if (n === undefined) {
    n = Object.freeze(mapPacked(attr.values, (v) => (v === INT64_MIN ? DYNAMIC : Number(v))));
    staticCache.set(attr, n);
  }
  return n;
}

/** The `array<i64: ...>` of a static index list (`DYNAMIC` becomes kDynamic). */
export function staticIndicesAttr(ctx: Context, values: readonly number[]): DenseArrayAttr {
  return DenseArrayAttr.get(
    ctx,
    IntegerType.get(ctx, 64),
    values.map((v) => (v === DYNAMIC ? INT64_MIN : BigInt(v))),
  );
}

const DELIMITERS = { square: ['[', ']'], paren: ['(', ')'] } as const;

/**
 * `[%o, 4]` (or `(%o, 4)`): MLIR's parseDynamicIndexList. Returns the values written and the list with `DYNAMIC`
 * in their places. Errors are MLIR's, including the one it adds at the op name ("expected SSA value or integer").
 */
export function parseDynamicIndexList(
  p: OpAsmParser,
  delimiter: 'square' | 'paren' = 'square',
): { operands: UnresolvedOperand[]; values: number[] } {
  const operands: UnresolvedOperand[] = [];
  const values: number[] = [];
  const [open, close] = DELIMITERS[delimiter];
  const parseOpen = delimiter === 'square' ? () => p.parseOptionalLSquare() : () => p.parseOptionalLParen();
  const parseClose = delimiter === 'square' ? () => p.parseOptionalRSquare() : () => p.parseOptionalRParen();
  try {
    if (!parseOpen()) p.emitWrongTokenError(`expected '${open}' in dynamic index list`);
    if (!parseClose()) {
      do {
        const o = p.parseOptionalOperand();
        // `[4]`, a scalable size in MLIR's syntax (after a value, too): the brackets are read and, as by MLIR
        // for the ops that have no scalable sizes, forgotten.
        const scalable = p.parseOptionalLSquare();
        if (o) {
          operands.push(o);
          values.push(DYNAMIC);
        } else {
          const v = p.parseOptionalInteger();
          if (v === undefined) p.emitCustomOpError('expected integer value');
          values.push(Number(v));
        }
        // An unclosed one fails without a message of its own (mlir-opt 22 reports only the error below).
        if (scalable && !p.parseOptionalRSquare()) throw ParseFailure.instance;
      } while (p.parseOptionalComma());
      if (!parseClose()) p.emitWrongTokenError(`expected '${close}' in dynamic index list`);
    }
  } catch (e) {
    if (e === ParseFailure.instance) p.emitCustomOpError('expected SSA value or integer', p.getNameLoc());
    throw e;
  }
  return { operands, values };
}

/** MLIR's printDynamicIndexList: the integers, with the values in the places of kDynamic. */
export function printDynamicIndexList(
  p: OpAsmPrinter,
  values: readonly Value[],
  integers: readonly number[],
  delimiter: 'square' | 'paren' = 'square',
): void {
  const [open, close] = DELIMITERS[delimiter];
  p.write(open);
  let next = 0;
  for (let i = 0; i < integers.length; i++) {
    if (i) p.write(', ');
    const v = integers[i]!;
    if (v === DYNAMIC) {
      const value = values[next++];
      if (value) p.printOperand(value);
      else p.write('<<missing operand>>');
    } else p.write(String(v));
  }
  p.write(close);
}

/**
 * `custom<DynamicIndexList>($offsets, $static_offsets)`: `[%o, 4]`, a list of SSA values and integers. The integers
 * go to the `array<i64: ...>` property, a value's place there holding kDynamic; the values become the operand group.
 * The directive of memref's view ops and flow's dispatch tensor ops.
 */
export const DynamicIndexList: CustomDirective = {
  parse(p, args) {
    const { operands, values } = parseDynamicIndexList(p);
    args[0] = operands;
    args[1] = staticIndicesAttr(p.context, values);
    return true;
  },
  print(p, _op, [operands, attr]) {
    printDynamicIndexList(p, operands as readonly Value[], staticIndices(attr as Attribute | undefined));
  },
};
