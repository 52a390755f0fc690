// Comparisons: `%b = arith.cmpi slt, %x, %y : i32` and `arith.cmpf olt, ...`, giving i1 (or i1 of the operands'
// shape). The predicate is an i64 enum property: `predicate = 2 : i64` in the generic form.
import {
  BoolLike,
  DefaultValuedAttr,
  Elementwise,
  FloatAttr,
  FloatLike,
  IntegerAttr,
  IntegerType,
  Pure,
  SameTypeOperands,
  TypesMatchWith,
  VectorType,
  compareWide,
  defineOp,
  getElementTypeOrSelf,
  isWideFloatKind,
  type Attribute,
  type OpFoldResult,
  type Type,
  type Value,
} from '@tlir/ir';
import { CmpFPredicateAttr, CmpIPredicateAttr, FastMath, FastMathAttr, type CmpFPredicate, type CmpIPredicate } from './arith-attributes.js';
import { ExtSIOp, ExtUIOp } from './cast-ops.js';
import { SignlessIntegerOrIndexLike, getI1SameShape, i1SameShapeList } from './arith-types.js';
import { signed, unsigned } from './fold/apint.js';
import { boolOf, foldBinary, intWidthOf, isOne, isZero } from './fold/constant-folding.js';
import { definedBy } from './fold/fold-helpers.js';

const i1Result = (lhs: string) =>
  TypesMatchWith('result type has i1 element type and same shape as operands', lhs, i1SameShapeList, BoolLike);

/** `lhs pred rhs` on `w`-bit integers. */
export function applyCmpIPredicate(pred: CmpIPredicate, a: bigint, b: bigint, w: number): boolean {
  switch (pred) {
    case 'eq':
      return unsigned(a, w) === unsigned(b, w);
    case 'ne':
      return unsigned(a, w) !== unsigned(b, w);
    case 'slt':
      return signed(a, w) < signed(b, w);
    case 'sle':
      return signed(a, w) <= signed(b, w);
    case 'sgt':
      return signed(a, w) > signed(b, w);
    case 'sge':
      return signed(a, w) >= signed(b, w);
    case 'ult':
      return unsigned(a, w) < unsigned(b, w);
    case 'ule':
      return unsigned(a, w) <= unsigned(b, w);
    case 'ugt':
      return unsigned(a, w) > unsigned(b, w);
    case 'uge':
      return unsigned(a, w) >= unsigned(b, w);
  }
}

/** Whether `pred` holds for two equal operands. */
const TRUE_FOR_EQUAL: ReadonlySet<CmpIPredicate> = new Set<CmpIPredicate>(['eq', 'sle', 'sge', 'ule', 'uge']);

/** The predicate with the operands swapped (not the negation: eq stays eq). */
const SWAPPED: Readonly<Record<CmpIPredicate, CmpIPredicate>> = {
  eq: 'eq',
  ne: 'ne',
  slt: 'sgt',
  sgt: 'slt',
  sle: 'sge',
  sge: 'sle',
  ult: 'ugt',
  ugt: 'ult',
  ule: 'uge',
  uge: 'ule',
};

/** The width of an integer or a vector of integers (MLIR's getIntegerWidth in the cmpi folder: not tensors). */
function integerOrVectorWidth(t: Type): number | undefined {
  if (t instanceof IntegerType) return t.width;
  if (t instanceof VectorType && t.elementType instanceof IntegerType) return t.elementType.width;
  return undefined;
}

const isI1Like = (t: Type): boolean => {
  const e = getElementTypeOrSelf(t);
  return e instanceof IntegerType && e.width === 1;
};

export const CmpIOp = defineOp('arith.cmpi', {
  summary: 'integer comparison operation',
  description: `
Compares integers (or vectors or tensors of them, elementwise). The predicate says how: \`eq\`, \`ne\`, signed
\`slt\`, \`sle\`, \`sgt\`, \`sge\` and unsigned \`ult\`, \`ule\`, \`ugt\`, \`uge\`; in the generic form it is
the i64 integer 0 to 9 in that order.

\`\`\`mlir
%x = arith.cmpi slt, %lhs, %rhs : i32
%y = "arith.cmpi"(%lhs, %rhs) <{predicate = 2 : i64}> : (i32, i32) -> i1
%z = arith.cmpi eq, %a, %b : vector<4xi64>
\`\`\`
`,
  operands: { lhs: SignlessIntegerOrIndexLike, rhs: SignlessIntegerOrIndexLike },
  results: { result: i1Result('lhs') },
  properties: { predicate: CmpIPredicateAttr },
  traits: [Pure, SameTypeOperands, Elementwise],
  assemblyFormat: '$predicate `,` $lhs `,` $rhs attr-dict `:` type($lhs)',
  fold({ op, lhs, rhs }): OpFoldResult | undefined {
    const pred = CmpIPredicateAttr.symbolize(op.predicate);
    if (pred === undefined) return undefined;
    const ctx = op.op.context;
    if (op.lhs === op.rhs) return boolOf(ctx, op.result.type, TRUE_FOR_EQUAL.has(pred));
    if (isZero(rhs)) {
      // extsi/extui(%x : i1) != 0 is %x.
      const ext = definedBy(op.lhs, ExtSIOp) ?? definedBy(op.lhs, ExtUIOp);
      if (ext && pred === 'ne' && integerOrVectorWidth(ext.in.type) === 1) return ext.in;
      if (isI1Like(op.lhs.type) && pred === 'ne') return op.lhs;
    }
    if (isOne(rhs) && isI1Like(op.lhs.type) && pred === 'eq') return op.lhs;
    // A constant goes to the right.
    if (lhs !== undefined && rhs === undefined) {
      const l = op.lhs;
      const r = op.rhs;
      op.op.setProperty('predicate', CmpIPredicateAttr.get(ctx, SWAPPED[pred]));
      op.op.setOperand(0, r);
      op.op.setOperand(1, l);
      return op.result;
    }
    if (lhs === undefined || lhs.type === undefined) return undefined;
    const w = intWidthOf(lhs.type);
    return foldBinary(ctx, lhs, rhs, 'int', (a: bigint, b: bigint) => (applyCmpIPredicate(pred, a, b, w) ? 1n : 0n), getI1SameShape(ctx, lhs.type));
  },
});

/** `a pred b` on floats (APFloat::compare: unordered when a NaN is involved). */
export function applyCmpFPredicate(pred: CmpFPredicate, a: number, b: number): boolean {
  const unordered = Number.isNaN(a) || Number.isNaN(b);
  const lt = a < b;
  const gt = a > b;
  const eq = a === b;
  switch (pred) {
    case 'false':
      return false;
    case 'oeq':
      return eq;
    case 'ogt':
      return gt;
    case 'oge':
      return gt || eq;
    case 'olt':
      return lt;
    case 'ole':
      return lt || eq;
    case 'one':
      return !unordered && !eq;
    case 'ord':
      return !unordered;
    case 'ueq':
      return unordered || eq;
    case 'ugt':
      return unordered || gt;
    case 'uge':
      return unordered || gt || eq;
    case 'ult':
      return unordered || lt;
    case 'ule':
      return unordered || lt || eq;
    case 'une':
      return !eq;
    case 'uno':
      return unordered;
    case 'true':
      return true;
  }
}

export const CmpFOp = defineOp('arith.cmpf', {
  summary: 'floating-point comparison operation',
  description: `
Compares floats. Predicates starting with \`o\` are ordered (false when an operand is NaN), those with \`u\`
unordered (true when one is); \`ord\` and \`uno\` test for NaN, \`false\` and \`true\` are constant. In the
generic form the predicate is the i64 integer 0 (\`false\`) to 15 (\`true\`).

\`\`\`mlir
%r = arith.cmpf oeq, %0, %1 : f32
%s = arith.cmpf ult, %2, %3 fastmath<nnan> : tensor<42x42xf64>
\`\`\`
`,
  operands: { lhs: FloatLike, rhs: FloatLike },
  results: { result: i1Result('lhs') },
  properties: {
    predicate: CmpFPredicateAttr,
    fastmath: DefaultValuedAttr(FastMathAttr, (ctx) => FastMathAttr.get(ctx, { value: FastMath.none })),
  },
  traits: [Pure, SameTypeOperands, Elementwise],
  assemblyFormat: '$predicate `,` $lhs `,` $rhs (`fastmath` `` $fastmath^)? attr-dict `:` type($lhs)',
  fold({ op, lhs, rhs }): OpFoldResult | undefined {
    let l = lhs instanceof FloatAttr ? lhs : undefined;
    let r = rhs instanceof FloatAttr ? rhs : undefined;
    // With one NaN operand, the other one does not matter.
    if (l && Number.isNaN(l.value)) r = l;
    if (r && Number.isNaN(r.value)) l = r;
    const pred = CmpFPredicateAttr.symbolize(op.predicate);
    if (!l || !r || pred === undefined) return undefined;
    const kind = l.type.kind;
    if (isWideFloatKind(kind) && !Number.isNaN(l.value) && !Number.isNaN(r.value)) {
      // f80 / f128: compared exactly from the bits (their doubles may be rounded), the order given to the
      // predicate as -1 / 0 / 1 against 0.
      const order = compareWide(kind, l.bits, r.bits);
      if (order === undefined) return undefined;
      return IntegerAttr.getBool(op.op.context, applyCmpFPredicate(pred, order, 0));
    }
    return IntegerAttr.getBool(op.op.context, applyCmpFPredicate(pred, l.value, r.value));
  },
});
