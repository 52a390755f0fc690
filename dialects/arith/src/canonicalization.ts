// The canonicalization patterns of arith ops (MLIR's ArithCanonicalization.td and the C++ ones of ArithOps.cpp),
// for the canonicalizer besides the folders. Each is rooted at its op's definition and builds ops through theirs;
// the dialect attaches them lazily (`defineDialect({ canonicalize })` in arith-dialect.ts), so the op definitions
// need not import this module and no import cycle arises.
import {
  ConstantLike,
  FloatAttr,
  IntegerAttr,
  IntegerType,
  ShapedType,
  getElementTypeOrSelf,
  type Attribute,
  type Location,
  type OpDef,
  type Operation,
  type Type,
  type Value,
  type ViewOf,
} from '@tlir/ir';
import { definePattern, getConstantValue, type PatternRewriter, type RewritePattern } from '@tlir/rewrite';
import { CmpFPredicateAttr, CmpIPredicateAttr, IntegerOverflow, IntegerOverflowAttr, flagsOf, type CmpIPredicate } from './arith-attributes.js';
import { BitcastOp, ExtSIOp, ExtUIOp, IndexCastOp, IndexCastUIOp, SIToFPOp, TruncFOp, TruncIOp, UIToFPOp } from './cast-ops.js';
import { CmpFOp, CmpIOp } from './compare-ops.js';
import { ConstantOp } from './constant-op.js';
import { AddUIExtendedOp, MulSIExtendedOp, MulUIExtendedOp } from './extended-ops.js';
import { DivFOp, MulFOp, NegFOp } from './float-ops.js';
import { integerToFloat } from './fold/apfloat.js';
import * as I from './fold/apint.js';
import { constantInt, intWidthOf, isAllOnesInt, zeroOf } from './fold/constant-folding.js';
import { definedBy } from './fold/fold-helpers.js';
import { AddIOp, AndIOp, MulIOp, OrIOp, ShRSIOp, ShRUIOp, SubIOp, XOrIOp } from './integer-ops.js';
import { SelectOp } from './select-op.js';

// ---- matching ---------------------------------------------------------------------------------------------------

/** The scalar integer a ConstantLike op gives `v` (DRR's `ConstantLikeMatcher APIntAttr`). */
function constIntAttr(v: Value): IntegerAttr | undefined {
  const op = v.definingOp;
  if (op === null || !op.hasTrait(ConstantLike)) return undefined;
  const a = getConstantValue(v);
  return a instanceof IntegerAttr ? a : undefined;
}

/** Any constant value of `v` (DRR's `ConstantLikeMatcher AnyAttr`). */
function constAttr(v: Value): Attribute | undefined {
  const op = v.definingOp;
  return op !== null && op.hasTrait(ConstantLike) ? getConstantValue(v) : undefined;
}

/** addi, subi and muli: one declaration (lhs, rhs, result, overflowFlags), so one type. */
type IntBinaryOp = typeof AddIOp;
type IntBinary = ViewOf<IntBinaryOp>;

const overflowOf = (op: IntBinary): number => flagsOf(op.overflowFlags);

/** The bit width of a scalar or the elements of a shaped integer or float type; -1 for others. */
function elementWidth(t: Type): number {
  const e = getElementTypeOrSelf(t);
  if (e instanceof IntegerType) return e.width;
  if (e instanceof ShapedType) return -1;
  const w = (e as { width?: number }).width;
  return typeof w === 'number' ? w : -1;
}

// ---- building ---------------------------------------------------------------------------------------------------

function constant(rw: PatternRewriter, value: Attribute, type: Type, loc: Location): Value {
  return ConstantOp.create(rw, { value: value as ViewOf<typeof ConstantOp>['value'], result: type, loc }).result;
}

/** An integer binary op with overflow flags (`addi`, `subi`, `muli`) before the insertion point, typed as `at`'s result. */
function intOp(rw: PatternRewriter, def: IntBinaryOp, a: Value, b: Value, flags: number, at: Operation): Value {
  const overflowFlags = IntegerOverflowAttr.get(rw.context, { value: flags });
  return def.create(rw, { lhs: a, rhs: b, result: at.results[0]!.type, overflowFlags, loc: at.loc }).result;
}

/** Replaces `op` (a single result) by the value `make` builds right before it. */
function replaceWith(rw: PatternRewriter, op: Operation, make: () => Value): true {
  const v = rw.withInsertionPoint(() => {
    rw.setInsertionPoint(op);
    return make();
  });
  rw.replaceOp(op, [v]);
  return true;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
const pattern = <D extends OpDef<any>>(root: D, debugName: string, benefit: number, f: (op: ViewOf<D>, rw: PatternRewriter) => boolean): RewritePattern =>
  definePattern(root, f, { benefit, debugName });

/** `c0 op c1` at the width of `type` (DRR's AddIntAttrs / SubIntAttrs / MulIntAttrs). */
function intAttr(rw: PatternRewriter, type: Type, v: bigint): IntegerAttr {
  return IntegerAttr.get(rw.context, type, v);
}

// ---- addi / subi / muli --------------------------------------------------------------------------------------------

/**
 * `outer(inner(x, c0), c1)` and its variants: finds an `inner` op feeding the root's left operand with a constant
 * on the side `innerConstSide`, and a constant right operand on the root.
 */
function withConstants(op: IntBinary, inner: IntBinaryOp, innerConstSide: 0 | 1): { inner: IntBinary; x: Value; c0: IntegerAttr; c1: IntegerAttr } | undefined {
  const c1 = constIntAttr(op.rhs);
  if (!c1) return undefined;
  const i = definedBy(op.lhs, inner);
  // Not the root itself: `%0 = arith.addi %0, %c` (legal in an unreachable block, which a rewrite of the same
  // iteration can leave) would be rebuilt as itself with a new constant forever.
  if (!i || i.op === op.op) return undefined;
  const c0 = constIntAttr(innerConstSide ? i.rhs : i.lhs);
  if (!c0) return undefined;
  return { inner: i, x: innerConstSide ? i.lhs : i.rhs, c0, c1 };
}

/** The same with the constant on the root's left and the inner op on its right. */
function withConstantsLeft(op: IntBinary, inner: IntBinaryOp, innerConstSide: 0 | 1): { inner: IntBinary; x: Value; c0: IntegerAttr; c1: IntegerAttr } | undefined {
  const c1 = constIntAttr(op.lhs);
  if (!c1) return undefined;
  const i = definedBy(op.rhs, inner);
  if (!i || i.op === op.op) return undefined;
  const c0 = constIntAttr(innerConstSide ? i.rhs : i.lhs);
  if (!c0) return undefined;
  return { inner: i, x: innerConstSide ? i.lhs : i.rhs, c0, c1 };
}

/** The width integer constants of `t` compute at (index: 64). */
const widthOf = (t: Type): number => intWidthOf(t);

/** Replaces the root by `def(a, b)` with a new constant `value` as one operand. */
function rebuildWithConstant(rw: PatternRewriter, op: IntBinary, def: IntBinaryOp, value: bigint, x: Value, constantFirst: boolean, flags: number): true {
  const type = op.result.type;
  return replaceWith(rw, op.op, () => {
    const c = constant(rw, intAttr(rw, type, value), type, op.op.loc);
    return constantFirst ? intOp(rw, def, c, x, flags, op.op) : intOp(rw, def, x, c, flags, op.op);
  });
}

const merge = (a: IntBinary, b: IntBinary): number => overflowOf(a) & overflowOf(b);

/** `x * -1` feeding an addi: its non-constant operand. */
function timesMinusOne(v: Value): Value | undefined {
  const mul = definedBy(v, MulIOp);
  return mul && isAllOnesInt(constAttr(mul.rhs)) ? mul.lhs : undefined;
}

const AddIPatterns: readonly RewritePattern[] = [
  pattern(AddIOp, 'AddIAddConstant', 2, (op, rw) => {
    const m = withConstants(op, AddIOp, 1);
    if (!m) return false;
    return rebuildWithConstant(rw, op, AddIOp, I.add(m.c0.value, m.c1.value, widthOf(op.result.type)), m.x, false, merge(m.inner, op));
  }),
  pattern(AddIOp, 'AddISubConstantRHS', 2, (op, rw) => {
    const m = withConstants(op, SubIOp, 1);
    if (!m) return false;
    return rebuildWithConstant(rw, op, AddIOp, I.sub(m.c1.value, m.c0.value, widthOf(op.result.type)), m.x, false, merge(m.inner, op));
  }),
  pattern(AddIOp, 'AddISubConstantLHS', 2, (op, rw) => {
    const m = withConstants(op, SubIOp, 0);
    if (!m) return false;
    return rebuildWithConstant(rw, op, SubIOp, I.add(m.c0.value, m.c1.value, widthOf(op.result.type)), m.x, true, merge(m.inner, op));
  }),
  pattern(AddIOp, 'AddIMulNegativeOneRhs', 2, (op, rw) => {
    const y = timesMinusOne(op.rhs);
    if (!y) return false;
    return replaceWith(rw, op.op, () => intOp(rw, SubIOp, op.lhs, y, IntegerOverflow.none, op.op));
  }),
  pattern(AddIOp, 'AddIMulNegativeOneLhs', 2, (op, rw) => {
    const x = timesMinusOne(op.lhs);
    if (!x) return false;
    return replaceWith(rw, op.op, () => intOp(rw, SubIOp, op.rhs, x, IntegerOverflow.none, op.op));
  }),
];

const SubIPatterns: readonly RewritePattern[] = [
  pattern(SubIOp, 'SubIRHSAddConstant', 2, (op, rw) => {
    const m = withConstants(op, AddIOp, 1);
    if (!m) return false;
    return rebuildWithConstant(rw, op, AddIOp, I.sub(m.c0.value, m.c1.value, widthOf(op.result.type)), m.x, false, IntegerOverflow.none);
  }),
  pattern(SubIOp, 'SubILHSAddConstant', 2, (op, rw) => {
    const m = withConstantsLeft(op, AddIOp, 1);
    if (!m) return false;
    return rebuildWithConstant(rw, op, SubIOp, I.sub(m.c1.value, m.c0.value, widthOf(op.result.type)), m.x, true, merge(m.inner, op));
  }),
  pattern(SubIOp, 'SubIRHSSubConstantRHS', 2, (op, rw) => {
    const m = withConstants(op, SubIOp, 1);
    if (!m) return false;
    return rebuildWithConstant(rw, op, SubIOp, I.add(m.c0.value, m.c1.value, widthOf(op.result.type)), m.x, false, merge(m.inner, op));
  }),
  pattern(SubIOp, 'SubIRHSSubConstantLHS', 2, (op, rw) => {
    const m = withConstants(op, SubIOp, 0);
    if (!m) return false;
    return rebuildWithConstant(rw, op, SubIOp, I.sub(m.c0.value, m.c1.value, widthOf(op.result.type)), m.x, true, merge(m.inner, op));
  }),
  pattern(SubIOp, 'SubILHSSubConstantRHS', 2, (op, rw) => {
    const m = withConstantsLeft(op, SubIOp, 1);
    if (!m) return false;
    return rebuildWithConstant(rw, op, SubIOp, I.add(m.c0.value, m.c1.value, widthOf(op.result.type)), m.x, true, merge(m.inner, op));
  }),
  pattern(SubIOp, 'SubILHSSubConstantLHS', 2, (op, rw) => {
    const m = withConstantsLeft(op, SubIOp, 0);
    if (!m) return false;
    return rebuildWithConstant(rw, op, AddIOp, I.sub(m.c1.value, m.c0.value, widthOf(op.result.type)), m.x, false, merge(m.inner, op));
  }),
  pattern(SubIOp, 'SubISubILHSRHSLHS', 2, (op, rw) => {
    // subi(subi(x, y), x) -> subi(0, y)
    const inner = definedBy(op.lhs, SubIOp);
    if (!inner || inner.lhs !== op.rhs) return false;
    const y = inner.rhs;
    const zero = zeroOf(rw.context, y.type);
    if (!zero) return false;
    return replaceWith(rw, op.op, () => intOp(rw, SubIOp, constant(rw, zero, y.type, op.op.loc), y, merge(inner, op), op.op));
  }),
];

const MulIPatterns: readonly RewritePattern[] = [
  pattern(MulIOp, 'MulIMulIConstant', 2, (op, rw) => {
    const m = withConstants(op, MulIOp, 1);
    const type = op.result.type;
    if (!m || m.c0.type !== type || m.c1.type !== type) return false;
    return rebuildWithConstant(rw, op, MulIOp, I.mul(m.c0.value, m.c1.value, widthOf(type)), m.x, false, merge(m.inner, op));
  }),
];

// ---- extended ops -------------------------------------------------------------------------------------------------

/** `root_extended(x, y)` whose second result is unused becomes `[plain(x, y), x]`. */
function toPlain(
  root: typeof AddUIExtendedOp | typeof MulUIExtendedOp | typeof MulSIExtendedOp,
  debugName: string,
  plain: typeof AddIOp | typeof MulIOp,
): RewritePattern {
  return pattern(root, debugName, 1, (v, rw) => {
    const op = v.op;
    if (op.results[1]!.firstUse !== null) return false;
    const sum = rw.withInsertionPoint(() => {
      rw.setInsertionPoint(op);
      return intOp(rw, plain, v.lhs, v.rhs, IntegerOverflow.none, op);
    });
    rw.replaceOp(op, [sum, v.lhs]);
    return true;
  });
}

const AddUIExtendedPatterns: readonly RewritePattern[] = [toPlain(AddUIExtendedOp, 'AddUIExtendedToAddI', AddIOp)];
const MulUIExtendedPatterns: readonly RewritePattern[] = [toPlain(MulUIExtendedOp, 'MulUIExtendedToMulI', MulIOp)];
const MulSIExtendedPatterns: readonly RewritePattern[] = [
  toPlain(MulSIExtendedOp, 'MulSIExtendedToMulI', MulIOp),
  pattern(MulSIExtendedOp, 'MulSIExtendedRHSOne', 1, (v, rw) => {
    // mulsi_extended(x, 1) -> [x, extsi(cmpi slt, x, 0)]
    const op = v.op;
    const c = constantInt(constAttr(v.rhs));
    if (!c || I.signed(c.value, c.width) !== 1n) return false;
    const x = v.lhs;
    const zero = zeroOf(rw.context, x.type);
    if (!zero) return false;
    const high = rw.withInsertionPoint(() => {
      rw.setInsertionPoint(op);
      const z = constant(rw, zero, x.type, op.loc);
      const i1 = v.high.type instanceof ShapedType ? shapedI1(rw, x.type) : IntegerType.get(rw.context, 1);
      const cmp = CmpIOp.create(rw, { lhs: x, rhs: z, result: i1, predicate: CmpIPredicateAttr.get(rw.context, 'slt'), loc: op.loc }).result;
      return ExtSIOp.create(rw, { in: cmp, out: x.type, loc: op.loc }).out;
    });
    rw.replaceOp(op, [x, high]);
    return true;
  }),
];

function shapedI1(rw: PatternRewriter, t: Type): Type {
  const s = t as ShapedType;
  const i1 = IntegerType.get(rw.context, 1);
  // Same shape, i1 elements: rebuild through the type's class (vector or tensor).
  const ctor = s.constructor as unknown as { get(ctx: unknown, shape: readonly number[], e: Type): Type };
  return ctor.get(rw.context, s.shape ?? [], i1);
}

// ---- bitwise ------------------------------------------------------------------------------------------------------

/** andi, ori and xori: one declaration, so one type; extui and extsi likewise. */
type BitwiseOp = typeof AndIOp;
type ExtOp = typeof ExtUIOp;

/** `op(ext(x), ext(y))` -> `ext(op(x, y))` when x and y have one type. */
function ofExt(root: BitwiseOp, debugName: string, ext: ExtOp): RewritePattern {
  return pattern(root, debugName, 3, (op, rw) => {
    const a = definedBy(op.lhs, ext);
    const b = definedBy(op.rhs, ext);
    if (!a || !b) return false;
    const x = a.in;
    const y = b.in;
    if (x.type !== y.type) return false;
    const loc = op.op.loc;
    return replaceWith(rw, op.op, () => ext.create(rw, { in: root.create(rw, { lhs: x, rhs: y, result: x.type, loc }).result, out: op.result.type, loc }).out);
  });
}

/** The predicate that is true exactly when `p` is false. */
const INVERSE: Readonly<Record<CmpIPredicate, CmpIPredicate>> = {
  eq: 'ne',
  ne: 'eq',
  slt: 'sge',
  sle: 'sgt',
  sgt: 'sle',
  sge: 'slt',
  ult: 'uge',
  ule: 'ugt',
  ugt: 'ule',
  uge: 'ult',
};

const XOrIPatterns: readonly RewritePattern[] = [
  pattern(XOrIOp, 'XOrINotCmpI', 2, (op, rw) => {
    // not(cmpi(pred, a, b)) -> cmpi(~pred, a, b)
    const cmp = definedBy(op.lhs, CmpIOp);
    const c = constIntAttr(op.rhs);
    if (!cmp || !c || !(c.type instanceof IntegerType) || !c.type.isSignless(1) || c.value === 0n) return false;
    const pred = CmpIPredicateAttr.symbolize(cmp.predicate);
    if (pred === undefined) return false;
    const predicate = CmpIPredicateAttr.get(rw.context, INVERSE[pred]);
    return replaceWith(rw, op.op, () => CmpIOp.create(rw, { lhs: cmp.lhs, rhs: cmp.rhs, result: op.result.type, predicate, loc: op.op.loc }).result);
  }),
  ofExt(XOrIOp, 'XOrIOfExtUI', ExtUIOp),
  ofExt(XOrIOp, 'XOrIOfExtSI', ExtSIOp),
];
const AndIPatterns: readonly RewritePattern[] = [ofExt(AndIOp, 'AndOfExtUI', ExtUIOp), ofExt(AndIOp, 'AndOfExtSI', ExtSIOp)];
const OrIPatterns: readonly RewritePattern[] = [ofExt(OrIOp, 'OrOfExtUI', ExtUIOp), ofExt(OrIOp, 'OrOfExtSI', ExtSIOp)];

// ---- comparisons and select -----------------------------------------------------------------------------------------

/** cmpi eq/ne of two extensions of the same kind -> cmpi of the narrow values. */
function cmpOfExt(debugName: string, ext: ExtOp): RewritePattern {
  return pattern(CmpIOp, debugName, 3, (op, rw) => {
    const pred = CmpIPredicateAttr.symbolize(op.predicate);
    if (pred !== 'eq' && pred !== 'ne') return false;
    const a = definedBy(op.lhs, ext);
    const b = definedBy(op.rhs, ext);
    if (!a || !b || a.in.type !== b.in.type) return false;
    return replaceWith(rw, op.op, () => CmpIOp.create(rw, { lhs: a.in, rhs: b.in, result: op.result.type, predicate: op.predicate, loc: op.op.loc }).result);
  });
}
const CmpIPatterns: readonly RewritePattern[] = [cmpOfExt('CmpIExtSI', ExtSIOp), cmpOfExt('CmpIExtUI', ExtUIOp)];

const isI1 = (t: Type): boolean => t instanceof IntegerType && t.isSignless(1);
const isConstI1 = (v: Value, value: bigint): boolean => {
  const c = constIntAttr(v);
  return c !== undefined && isI1(c.type) && I.unsigned(c.value, 1) === value;
};

/** `arith.select` of these operands, typed as `at`'s result, before the insertion point. */
const select = (rw: PatternRewriter, at: ViewOf<typeof SelectOp>, condition: Value, trueValue: Value, falseValue: Value): Value =>
  SelectOp.create(rw, { condition, true_value: trueValue, false_value: falseValue, result: at.result.type, loc: at.op.loc }).result;

const SelectPatterns: readonly RewritePattern[] = [
  pattern(SelectOp, 'RedundantSelectFalse', 2, (op, rw) => {
    // select(p, a, select(p, b, c)) -> select(p, a, c)
    const inner = definedBy(op.false_value, SelectOp);
    if (!inner || inner.condition !== op.condition) return false;
    return replaceWith(rw, op.op, () => select(rw, op, op.condition, op.true_value, inner.false_value));
  }),
  pattern(SelectOp, 'RedundantSelectTrue', 2, (op, rw) => {
    // select(p, select(p, a, b), c) -> select(p, a, c)
    const inner = definedBy(op.true_value, SelectOp);
    if (!inner || inner.condition !== op.condition) return false;
    return replaceWith(rw, op.op, () => select(rw, op, op.condition, inner.true_value, op.false_value));
  }),
  pattern(SelectOp, 'SelectNotCond', 2, (op, rw) => {
    // select(not(p), a, b) -> select(p, b, a)
    const not = definedBy(op.condition, XOrIOp);
    if (!not || !isAllOnesInt(constIntAttr(not.rhs))) return false;
    return replaceWith(rw, op.op, () => select(rw, op, not.lhs, op.false_value, op.true_value));
  }),
  pattern(SelectOp, 'SelectI1ToNot', 1, (op, rw) => {
    // select(p, false, true) -> xori(p, true)
    if (!isConstI1(op.true_value, 0n) || !isConstI1(op.false_value, 1n)) return false;
    const p = op.condition;
    const loc = op.op.loc;
    return replaceWith(rw, op.op, () =>
      XOrIOp.create(rw, { lhs: p, rhs: constant(rw, IntegerAttr.getBool(rw.context, true), p.type, loc), result: op.result.type, loc }).result,
    );
  }),
  pattern(SelectOp, 'SelectToExtUI', 1, (op, rw) => {
    // select(p, 1, 0) -> extui(p); select(p, 0, 1) -> extui(xori(p, 1)), for integers wider than i1.
    const type = op.result.type;
    if (!(type instanceof IntegerType) || type.width === 1) return false;
    const t = constantInt(constAttr(op.true_value));
    const f = constantInt(constAttr(op.false_value));
    if (!t || !f) return false;
    const p = op.condition;
    const loc = op.op.loc;
    if (I.unsigned(t.value, t.width) === 1n && f.value === 0n) return replaceWith(rw, op.op, () => ExtUIOp.create(rw, { in: p, out: type, loc }).out);
    if (t.value === 0n && I.unsigned(f.value, f.width) === 1n) {
      return replaceWith(rw, op.op, () => {
        const one = constant(rw, IntegerAttr.get(rw.context, p.type, 1), p.type, loc);
        return ExtUIOp.create(rw, { in: XOrIOp.create(rw, { lhs: p, rhs: one, result: p.type, loc }).result, out: type, loc }).out;
      });
    }
    return false;
  }),
];

// ---- casts ------------------------------------------------------------------------------------------------------

/** The cast ops these patterns match and build: one operand `in`, one result `out`. */
type CastOp =
  | typeof ExtSIOp
  | typeof ExtUIOp
  | typeof TruncIOp
  | typeof IndexCastOp
  | typeof IndexCastUIOp
  | typeof BitcastOp
  | typeof TruncFOp
  | typeof SIToFPOp
  | typeof UIToFPOp;
type CastView = { readonly op: Operation; readonly in: Value; readonly out: Value };

/** A cast of `x` to `type` by `def` before the insertion point (default-valued properties at their defaults). */
const createCast = (rw: PatternRewriter, def: CastOp, x: Value, type: Type, loc: Location): Value =>
  (def as typeof ExtSIOp).create(rw, { in: x, out: type, loc }).out;

/** `outer(inner(x))` -> `replacement(x)` (same result type as the root). */
function castOfCast(root: CastOp, debugName: string, inner: CastOp, replacement: CastOp, when?: (root: CastView, innerOp: CastView, x: Value) => boolean): RewritePattern {
  return pattern(root, debugName, 2, (op, rw) => {
    const i: CastView | undefined = definedBy(op.in, inner);
    if (!i) return false;
    const x = i.in;
    if (when && !when(op, i, x)) return false;
    return replaceWith(rw, op.op, () => createCast(rw, replacement, x, op.out.type, op.op.loc));
  });
}

/** DRR's ValueWiderThan: the element width of `a` is greater than that of `b`, which is known. */
const wider = (a: Type, b: Type): boolean => elementWidth(a) > elementWidth(b) && elementWidth(b) > 0;

const ExtSIPatterns: readonly RewritePattern[] = [castOfCast(ExtSIOp, 'ExtSIOfExtUI', ExtUIOp, ExtUIOp)];
/**
 * `cast(cast(x))` -> `x` when the result has x's type (MLIR's IndexCastOfIndexCast, IndexCastUIOfIndexCastUI: as in
 * MLIR, also when the inner cast truncates, e.g. index -> i32 -> index).
 */
function castOfCastToSource(root: typeof IndexCastOp | typeof IndexCastUIOp, debugName: string): RewritePattern {
  return pattern(root, debugName, 2, (op, rw) => {
    const i: CastView | undefined = definedBy(op.in, root);
    if (!i || i.in.type !== op.out.type) return false;
    rw.replaceOp(op.op, [i.in]);
    return true;
  });
}

const IndexCastPatterns: readonly RewritePattern[] = [
  castOfCastToSource(IndexCastOp, 'IndexCastOfIndexCast'),
  castOfCast(IndexCastOp, 'IndexCastOfExtSI', ExtSIOp, IndexCastOp),
];
const IndexCastUIPatterns: readonly RewritePattern[] = [
  castOfCastToSource(IndexCastUIOp, 'IndexCastUIOfIndexCastUI'),
  castOfCast(IndexCastUIOp, 'IndexCastUIOfExtUI', ExtUIOp, IndexCastUIOp),
];
const BitcastPatterns: readonly RewritePattern[] = [castOfCast(BitcastOp, 'BitcastOfBitcast', BitcastOp, BitcastOp)];
const TruncIPatterns: readonly RewritePattern[] = [
  castOfCast(TruncIOp, 'TruncIExtSIToExtSI', ExtSIOp, ExtSIOp, (tr, ext, x) => wider(ext.out.type, tr.out.type) && wider(tr.out.type, x.type)),
  castOfCast(TruncIOp, 'TruncIExtUIToExtUI', ExtUIOp, ExtUIOp, (tr, ext, x) => wider(ext.out.type, tr.out.type) && wider(tr.out.type, x.type)),
  pattern(TruncIOp, 'TruncIShrSIToTrunciShrUI', 2, (op, rw) => {
    // trunci(shrsi(x, c)) -> trunci(shrui(x, c)) when c is the number of bits truncated.
    const shr = definedBy(op.in, ShRSIOp);
    if (!shr) return false;
    const c = constAttr(shr.rhs);
    const n = constantInt(c);
    const x = shr.lhs;
    if (!c || !n || BigInt(elementWidth(x.type) - elementWidth(op.out.type)) !== n.value) return false;
    const loc = op.op.loc;
    return replaceWith(rw, op.op, () => {
      const k = constant(rw, c, c.type!, loc);
      const shrui = ShRUIOp.create(rw, { lhs: x, rhs: k, result: x.type, loc }).result;
      return TruncIOp.create(rw, { in: shrui, out: op.out.type, overflowFlags: op.overflowFlags, loc }).out;
    });
  }),
];
/** truncf of an int-to-float cast -> the cast to the narrower type, when no rounding mode is given. */
const defaultRounding = (tr: CastView): boolean => TruncFOp.wrap(tr.op).roundingmode === undefined;
const TruncFPatterns: readonly RewritePattern[] = [
  castOfCast(TruncFOp, 'TruncFSIToFPToSIToFP', SIToFPOp, SIToFPOp, defaultRounding),
  castOfCast(TruncFOp, 'TruncFUIToFPToUIToFP', UIToFPOp, UIToFPOp, defaultRounding),
];

// ---- floats -----------------------------------------------------------------------------------------------------

/** `op(negf(x), negf(y))` -> `op(x, y)`, with the root's fast-math flags. */
function ofNegF(root: typeof MulFOp | typeof DivFOp, debugName: string): RewritePattern {
  return pattern(root, debugName, 3, (op, rw) => {
    const a = definedBy(op.lhs, NegFOp);
    const b = definedBy(op.rhs, NegFOp);
    if (!a || !b || a.operand.type !== b.operand.type) return false;
    return replaceWith(rw, op.op, () =>
      (root as typeof MulFOp).create(rw, { lhs: a.operand, rhs: b.operand, result: op.result.type, fastmath: op.fastmath, loc: op.op.loc }).result,
    );
  });
}
const MulFPatterns: readonly RewritePattern[] = [ofNegF(MulFOp, 'MulFOfNegF')];
const DivFPatterns: readonly RewritePattern[] = [ofNegF(DivFOp, 'DivFOfNegF')];

// ---- cmpf of an integer converted to float -------------------------------------------------------------------

/** The cmpi predicate of a cmpf predicate, for operands converted from (un)signed integers. */
function integerPredicate(pred: string, isUnsigned: boolean): CmpIPredicate | undefined {
  switch (pred) {
    case 'ueq':
    case 'oeq':
      return 'eq';
    case 'ugt':
    case 'ogt':
      return isUnsigned ? 'ugt' : 'sgt';
    case 'uge':
    case 'oge':
      return isUnsigned ? 'uge' : 'sge';
    case 'ult':
    case 'olt':
      return isUnsigned ? 'ult' : 'slt';
    case 'ule':
    case 'ole':
      return isUnsigned ? 'ule' : 'sle';
    case 'une':
    case 'one':
      return 'ne';
    default:
      return undefined;
  }
}

/** The binary exponent of a finite nonzero `x` (C's ilogb). */
function ilogb(x: number): number {
  let e = Math.floor(Math.log2(Math.abs(x)));
  // log2 may be off by one near powers of two: correct it exactly.
  while (2 ** e > Math.abs(x)) e--;
  while (2 ** (e + 1) <= Math.abs(x)) e++;
  return e;
}

/**
 * cmpf(sitofp(x), c) / cmpf(uitofp(x), c) with a constant c -> cmpi(x, c') or a constant (MLIR's
 * CmpFIntToFPConst), when the conversion cannot change the comparison.
 */
const CmpFPatterns: readonly RewritePattern[] = [
  pattern(CmpFOp, 'CmpFIntToFPConst', 1, (cmp, rw) => {
    const op = cmp.op;
    const flt = constAttr(cmp.rhs);
    if (!(flt instanceof FloatAttr)) return false;
    const c = flt.value;
    if (Number.isNaN(c)) return false;
    const kind = flt.type.kind;
    const mantissaWidth = FLOAT_PRECISION[kind];
    if (mantissaWidth === undefined) return false;
    let conv: { readonly in: Value } | undefined = definedBy(cmp.lhs, SIToFPOp);
    const isUnsigned = conv === undefined;
    conv ??= definedBy(cmp.lhs, UIToFPOp);
    if (!conv) return false;
    const intVal = conv.in;
    if (!(intVal.type instanceof IntegerType)) return false;
    const intWidth = intVal.type.width;
    const valueBits = isUnsigned ? intWidth : intWidth - 1;
    if (intWidth > mantissaWidth) {
      if (!Number.isFinite(c)) {
        const maxExponent = ilogb(largestOf(kind));
        if (maxExponent < valueBits) return false;
      } else if (c !== 0) {
        const exponent = ilogb(c);
        if (mantissaWidth <= exponent && exponent <= valueBits) return false;
      }
    }
    const pred = CmpFPredicateAttr.symbolize(cmp.predicate);
    if (pred === undefined) return false;
    const boolConst = (value: boolean): true =>
      replaceWith(rw, op, () => constant(rw, IntegerAttr.getBool(rw.context, value), IntegerType.get(rw.context, 1), op.loc));
    if (pred === 'ord') return boolConst(true);
    if (pred === 'uno') return boolConst(false);
    let ipred = integerPredicate(pred, isUnsigned);
    if (ipred === undefined) return false;
    // A constant beyond the integers' range decides the comparison.
    const w = BigInt(intWidth);
    const max = isUnsigned ? (1n << w) - 1n : (1n << (w - 1n)) - 1n;
    const min = isUnsigned ? 0n : -(1n << (w - 1n));
    if (roundToKind(kind, max) < c) return boolConst(ipred === 'ne' || ipred === (isUnsigned ? 'ult' : 'slt') || ipred === (isUnsigned ? 'ule' : 'sle'));
    if (roundToKind(kind, min) > c) return boolConst(ipred === 'ne' || ipred === (isUnsigned ? 'ugt' : 'sgt') || ipred === (isUnsigned ? 'uge' : 'sge'));
    const t = Math.trunc(c);
    const rhsInt = BigInt(t);
    if (rhsInt > max || rhsInt < min) return false;
    if (c !== 0 && roundToKind(kind, rhsInt) !== c) {
      // A fractional constant: adjust the predicate (rhsInt is rounded toward zero).
      const negative = c < 0;
      switch (ipred) {
        case 'ne':
          return boolConst(true);
        case 'eq':
          return boolConst(false);
        case 'ule':
          if (negative) return boolConst(false);
          break;
        case 'sle':
          if (negative) ipred = 'slt';
          break;
        case 'ult':
          if (negative) return boolConst(false);
          ipred = 'ule';
          break;
        case 'slt':
          if (!negative) ipred = 'sle';
          break;
        case 'ugt':
          if (negative) return boolConst(true);
          break;
        case 'sgt':
          if (negative) ipred = 'sge';
          break;
        case 'uge':
          if (negative) return boolConst(true);
          ipred = 'ugt';
          break;
        case 'sge':
          if (!negative) ipred = 'sgt';
          break;
      }
    }
    const p = ipred;
    return replaceWith(rw, op, () => {
      const k = constant(rw, IntegerAttr.get(rw.context, intVal.type, rhsInt), intVal.type, op.loc);
      return CmpIOp.create(rw, { lhs: intVal, rhs: k, result: cmp.result.type, predicate: CmpIPredicateAttr.get(rw.context, p), loc: op.loc }).result;
    });
  }),
];

/** Significand precision (MLIR's getFPMantissaWidth) of the float kinds the pattern handles. */
const FLOAT_PRECISION: Readonly<Record<string, number>> = { f16: 11, bf16: 8, tf32: 11, f32: 24, f64: 53 };
/** The largest finite value of a kind. */
function largestOf(kind: string): number {
  switch (kind) {
    case 'f16':
      return 65504;
    case 'bf16':
      return 3.3895313892515355e38;
    case 'tf32':
      return 3.4011621342146535e38;
    case 'f32':
      return 3.4028234663852886e38;
    default:
      return Number.MAX_VALUE;
  }
}
/** The integer `v` rounded to the nearest value of `kind` (ties to even), as a double. */
const roundToKind = (kind: string, v: bigint): number => integerToFloat(kind as FloatAttr['type']['kind'], v);

/**
 * Every arith canonicalization pattern, rooted at its op (attached to the dialect lazily: arith-dialect.ts). Per
 * op, in the order the canonicalizer tries patterns of equal benefit.
 */
export function arithCanonicalizationPatterns(): readonly RewritePattern[] {
  return [
    ...AddIPatterns,
    ...AddUIExtendedPatterns,
    ...SubIPatterns,
    ...MulIPatterns,
    ...MulSIExtendedPatterns,
    ...MulUIExtendedPatterns,
    ...AndIPatterns,
    ...OrIPatterns,
    ...XOrIPatterns,
    ...MulFPatterns,
    ...DivFPatterns,
    ...ExtSIPatterns,
    ...TruncIPatterns,
    ...TruncFPatterns,
    ...IndexCastPatterns,
    ...IndexCastUIPatterns,
    ...BitcastPatterns,
    ...CmpIPatterns,
    ...CmpFPatterns,
    ...SelectPatterns,
  ];
}
