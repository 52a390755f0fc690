// The attributes and enums of the arith dialect (MLIR's ArithBase.td): fast-math and overflow flags, rounding
// modes, the cmpi/cmpf predicates and the atomic read-modify-write kinds.
import { BitEnumParameter, IntEnumAttr, defineAttribute, type Attribute } from '@tlir/ir';

/** `#arith.fastmath<nnan,ninf>`: floating-point fast-math flags; `fast` stands for all of them. */
export const FastMathAttr = defineAttribute('arith.fastmath', {
  summary: 'Floating point fast math flags',
  description: 'The LLVM fast-math flags of a floating-point operation, printed comma-separated (`nnan,ninf`).',
  parameters: {
    value: BitEnumParameter(
      '::mlir::arith::FastMathFlags',
      { none: 0, reassoc: 1, nnan: 2, ninf: 4, nsz: 8, arcp: 16, contract: 32, afn: 64, fast: 127 },
      ',',
    ),
  },
  ods: { record: 'Arith_FastMathAttr' },
  assemblyFormat: '`<` $value `>`',
});

/** The bits of FastMathFlags. */
export const FastMath = { none: 0, reassoc: 1, nnan: 2, ninf: 4, nsz: 8, arcp: 16, contract: 32, afn: 64, fast: 127 } as const;

/** `#arith.overflow<nsw, nuw>`: no signed / unsigned wrap. */
export const IntegerOverflowAttr = defineAttribute('arith.overflow', {
  summary: 'Integer overflow arith flags',
  description: 'No signed wrap (`nsw`) and no unsigned wrap (`nuw`): when the operation wraps, its result is poison.',
  parameters: { value: BitEnumParameter('::mlir::arith::IntegerOverflowFlags', { none: 0, nsw: 1, nuw: 2 }, ', ') },
  ods: { record: 'Arith_IntegerOverflowAttr' },
  assemblyFormat: '`<` $value `>`',
});

/** The bits of IntegerOverflowFlags. */
export const IntegerOverflow = { none: 0, nsw: 1, nuw: 2 } as const;

/** The flags of a fast-math (or overflow) attribute; 0 when absent. */
export function flagsOf(attr: Attribute | undefined): number {
  return attr !== undefined && (FastMathAttr.is(attr) || IntegerOverflowAttr.is(attr)) ? attr.value : 0;
}

/** Whether `op` (the view of an op with fast-math flags) has all the fast-math `flags` set. */
export function hasFastMath(op: { readonly fastmath: Attribute | undefined }, flags: number): boolean {
  return (flagsOf(op.fastmath) & flags) === flags;
}

/** The rounding mode of arith.truncf (`0 : i32` in the generic form, `to_nearest_even` in the custom one). */
export const RoundingModeAttr = IntEnumAttr(
  'RoundingMode',
  32,
  { to_nearest_even: 0, downward: 1, upward: 2, toward_zero: 3, to_nearest_away: 4 },
  'Floating point rounding mode',
);

/** arith.cmpi's predicate. */
export const CmpIPredicateAttr = IntEnumAttr('CmpIPredicate', 64, {
  eq: 0,
  ne: 1,
  slt: 2,
  sle: 3,
  sgt: 4,
  sge: 5,
  ult: 6,
  ule: 7,
  ugt: 8,
  uge: 9,
});
export type CmpIPredicate = 'eq' | 'ne' | 'slt' | 'sle' | 'sgt' | 'sge' | 'ult' | 'ule' | 'ugt' | 'uge';

/** arith.cmpf's predicate: `o` ordered, `u` unordered (or NaN), `false`/`true` always. */
export const CmpFPredicateAttr = IntEnumAttr('CmpFPredicate', 64, {
  false: 0,
  oeq: 1,
  ogt: 2,
  oge: 3,
  olt: 4,
  ole: 5,
  one: 6,
  ord: 7,
  ueq: 8,
  ugt: 9,
  uge: 10,
  ult: 11,
  ule: 12,
  une: 13,
  uno: 14,
  true: 15,
});
export type CmpFPredicate = 'false' | 'oeq' | 'ogt' | 'oge' | 'olt' | 'ole' | 'one' | 'ord' | 'ueq' | 'ugt' | 'uge' | 'ult' | 'ule' | 'une' | 'uno' | 'true';

/** The kinds of memref.atomic_rmw (declared by arith in MLIR). */
export const AtomicRMWKindAttr = IntEnumAttr('AtomicRMWKind', 64, {
  addf: 0,
  addi: 1,
  andi: 2,
  assign: 3,
  maximumf: 4,
  maxnumf: 5,
  maxs: 6,
  maxu: 7,
  minimumf: 8,
  minnumf: 9,
  mins: 10,
  minu: 11,
  mulf: 12,
  muli: 13,
  ori: 14,
  xori: 15,
});
