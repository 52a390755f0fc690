// The canonicalization patterns of arith ops (MLIR's ArithCanonicalization.td and the C++ ones of ArithOps.cpp),
// for the canonicalizer besides the folders. They find and build ops by name, so that the op definitions can list
// them without a cycle between modules.
import {
  ConstantLike,
  DictionaryAttr,
  FloatAttr,
  IntegerAttr,
  IntegerType,
  ShapedType,
  getElementTypeOrSelf,
  type Attribute,
  type Operation,
  type Type,
  type Value,
} from '@tlir/ir';
import { definePattern, getConstantValue, type PatternRewriter, type RewritePattern } from '@tlir/rewrite';
import { CmpFPredicateAttr, CmpIPredicateAttr, IntegerOverflow, IntegerOverflowAttr, flagsOf, type CmpIPredicate } from './arith-attributes.js';
import { integerToFloat } from './fold/apfloat.js';
import * as I from './fold/apint.js';
import { constantInt, intWidthOf, isAllOnesInt, zeroOf } from './fold/constant-folding.js';

// ---- matching ---------------------------------------------------------------------------------------------------

/** The op named `name` that defines `v`, if any. */
function def(v: Value, name: string): Operation | undefined {
  const op = v.definingOp;
  return op !== null && op.name === name ? op : undefined;
}

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

const overflowOf = (op: Operation): number => flagsOf(op.getProperty('overflowFlags'));
const lhs = (op: Operation): Value => op.getOperand(0);
const rhs = (op: Operation): Value => op.getOperand(1);

/** The bit width of a scalar or the elements of a shaped integer or float type; -1 for others. */
function elementWidth(t: Type): number {
  const e = getElementTypeOrSelf(t);
  if (e instanceof IntegerType) return e.width;
  if (e instanceof ShapedType) return -1;
  const w = (e as { width?: number }).width;
  return typeof w === 'number' ? w : -1;
}

// ---- building ---------------------------------------------------------------------------------------------------

function constant(rw: PatternRewriter, value: Attribute, type: Type, loc: Operation['loc']): Value {
  return rw.create({ name: 'arith.constant', resultTypes: [type], properties: DictionaryAttr.get(rw.context, [{ name: 'value', value }]), loc }).results[0]!;
}

/** An integer binary op with overflow flags (`addi`, `subi`, `muli`) before `at`. */
function intOp(rw: PatternRewriter, name: string, a: Value, b: Value, flags: number, at: Operation): Value {
  const props = DictionaryAttr.get(rw.context, [{ name: 'overflowFlags', value: IntegerOverflowAttr.get(rw.context, { value: flags }) }]);
  return rw.create({ name, operands: [a, b], resultTypes: [at.results[0]!.type], properties: props, loc: at.loc }).results[0]!;
}

/** An op of `name` with `operands`, result type `type` and `properties`, before the insertion point. */
function build(rw: PatternRewriter, name: string, operands: readonly Value[], type: Type, at: Operation, properties?: Record<string, Attribute>): Value {
  return rw.create({
    name,
    operands,
    resultTypes: [type],
    properties: properties ? DictionaryAttr.get(rw.context, Object.entries(properties).map(([n, v]) => ({ name: n, value: v }))) : undefined,
    loc: at.loc,
  }).results[0]!;
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

const pattern = (root: string, debugName: string, benefit: number, f: (op: Operation, rw: PatternRewriter) => boolean): RewritePattern =>
  definePattern(root, f, { benefit, debugName });

/** `c0 op c1` at the width of `type` (DRR's AddIntAttrs / SubIntAttrs / MulIntAttrs). */
function intAttr(rw: PatternRewriter, type: Type, v: bigint): IntegerAttr {
  return IntegerAttr.get(rw.context, type, v);
}

// ---- addi / subi / muli --------------------------------------------------------------------------------------------

/**
 * `outer(inner(x, c0), c1)` and its variants: finds `inner` (named `innerName`) feeding the root's left operand
 * with a constant on the side `innerConstSide`, and a constant right operand on the root.
 */
function withConstants(
  op: Operation,
  innerName: string,
  innerConstSide: 0 | 1,
): { inner: Operation; x: Value; c0: IntegerAttr; c1: IntegerAttr } | undefined {
  const c1 = constIntAttr(rhs(op));
  if (!c1) return undefined;
  const inner = def(lhs(op), innerName);
  if (!inner) return undefined;
  const c0 = constIntAttr(inner.getOperand(innerConstSide));
  if (!c0) return undefined;
  return { inner, x: inner.getOperand(1 - innerConstSide), c0, c1 };
}

/** The same with the constant on the root's left and the inner op on its right. */
function withConstantsLeft(
  op: Operation,
  innerName: string,
  innerConstSide: 0 | 1,
): { inner: Operation; x: Value; c0: IntegerAttr; c1: IntegerAttr } | undefined {
  const c1 = constIntAttr(lhs(op));
  if (!c1) return undefined;
  const inner = def(rhs(op), innerName);
  if (!inner) return undefined;
  const c0 = constIntAttr(inner.getOperand(innerConstSide));
  if (!c0) return undefined;
  return { inner, x: inner.getOperand(1 - innerConstSide), c0, c1 };
}

/** The width integer constants of `t` compute at (index: 64). */
const widthOf = (t: Type): number => intWidthOf(t);

/** Rebuilds the root as `name(a, b)` with a new constant `value` as one operand. */
function rebuildWithConstant(
  rw: PatternRewriter,
  op: Operation,
  name: string,
  value: bigint,
  x: Value,
  constantFirst: boolean,
  flags: number,
): true {
  const type = op.results[0]!.type;
  return replaceWith(rw, op, () => {
    const c = constant(rw, intAttr(rw, type, value), type, op.loc);
    return constantFirst ? intOp(rw, name, c, x, flags, op) : intOp(rw, name, x, c, flags, op);
  });
}

const merge = (a: Operation, b: Operation): number => overflowOf(a) & overflowOf(b);

/** `x * -1` feeding an addi: its non-constant operand. */
function timesMinusOne(v: Value): Value | undefined {
  const mul = def(v, 'arith.muli');
  return mul && isAllOnesInt(constAttr(rhs(mul))) ? lhs(mul) : undefined;
}

export const AddIPatterns: readonly RewritePattern[] = [
  pattern('arith.addi', 'AddIAddConstant', 2, (op, rw) => {
    const m = withConstants(op, 'arith.addi', 1);
    if (!m) return false;
    return rebuildWithConstant(rw, op, 'arith.addi', I.add(m.c0.value, m.c1.value, widthOf(op.results[0]!.type)), m.x, false, merge(m.inner, op));
  }),
  pattern('arith.addi', 'AddISubConstantRHS', 2, (op, rw) => {
    const m = withConstants(op, 'arith.subi', 1);
    if (!m) return false;
    return rebuildWithConstant(rw, op, 'arith.addi', I.sub(m.c1.value, m.c0.value, widthOf(op.results[0]!.type)), m.x, false, merge(m.inner, op));
  }),
  pattern('arith.addi', 'AddISubConstantLHS', 2, (op, rw) => {
    const m = withConstants(op, 'arith.subi', 0);
    if (!m) return false;
    return rebuildWithConstant(rw, op, 'arith.subi', I.add(m.c0.value, m.c1.value, widthOf(op.results[0]!.type)), m.x, true, merge(m.inner, op));
  }),
  pattern('arith.addi', 'AddIMulNegativeOneRhs', 2, (op, rw) => {
    const y = timesMinusOne(rhs(op));
    if (!y) return false;
    return replaceWith(rw, op, () => intOp(rw, 'arith.subi', lhs(op), y, IntegerOverflow.none, op));
  }),
  pattern('arith.addi', 'AddIMulNegativeOneLhs', 2, (op, rw) => {
    const x = timesMinusOne(lhs(op));
    if (!x) return false;
    return replaceWith(rw, op, () => intOp(rw, 'arith.subi', rhs(op), x, IntegerOverflow.none, op));
  }),
];

export const SubIPatterns: readonly RewritePattern[] = [
  pattern('arith.subi', 'SubIRHSAddConstant', 2, (op, rw) => {
    const m = withConstants(op, 'arith.addi', 1);
    if (!m) return false;
    return rebuildWithConstant(rw, op, 'arith.addi', I.sub(m.c0.value, m.c1.value, widthOf(op.results[0]!.type)), m.x, false, IntegerOverflow.none);
  }),
  pattern('arith.subi', 'SubILHSAddConstant', 2, (op, rw) => {
    const m = withConstantsLeft(op, 'arith.addi', 1);
    if (!m) return false;
    return rebuildWithConstant(rw, op, 'arith.subi', I.sub(m.c1.value, m.c0.value, widthOf(op.results[0]!.type)), m.x, true, merge(m.inner, op));
  }),
  pattern('arith.subi', 'SubIRHSSubConstantRHS', 2, (op, rw) => {
    const m = withConstants(op, 'arith.subi', 1);
    if (!m) return false;
    return rebuildWithConstant(rw, op, 'arith.subi', I.add(m.c0.value, m.c1.value, widthOf(op.results[0]!.type)), m.x, false, merge(m.inner, op));
  }),
  pattern('arith.subi', 'SubIRHSSubConstantLHS', 2, (op, rw) => {
    const m = withConstants(op, 'arith.subi', 0);
    if (!m) return false;
    return rebuildWithConstant(rw, op, 'arith.subi', I.sub(m.c0.value, m.c1.value, widthOf(op.results[0]!.type)), m.x, true, merge(m.inner, op));
  }),
  pattern('arith.subi', 'SubILHSSubConstantRHS', 2, (op, rw) => {
    const m = withConstantsLeft(op, 'arith.subi', 1);
    if (!m) return false;
    return rebuildWithConstant(rw, op, 'arith.subi', I.add(m.c0.value, m.c1.value, widthOf(op.results[0]!.type)), m.x, true, merge(m.inner, op));
  }),
  pattern('arith.subi', 'SubILHSSubConstantLHS', 2, (op, rw) => {
    const m = withConstantsLeft(op, 'arith.subi', 0);
    if (!m) return false;
    return rebuildWithConstant(rw, op, 'arith.addi', I.sub(m.c1.value, m.c0.value, widthOf(op.results[0]!.type)), m.x, false, merge(m.inner, op));
  }),
  pattern('arith.subi', 'SubISubILHSRHSLHS', 2, (op, rw) => {
    // subi(subi(x, y), x) -> subi(0, y)
    const inner = def(lhs(op), 'arith.subi');
    if (!inner || lhs(inner) !== rhs(op)) return false;
    const y = rhs(inner);
    const zero = zeroOf(rw.context, y.type);
    if (!zero) return false;
    return replaceWith(rw, op, () => intOp(rw, 'arith.subi', constant(rw, zero, y.type, op.loc), y, merge(inner, op), op));
  }),
];

export const MulIPatterns: readonly RewritePattern[] = [
  pattern('arith.muli', 'MulIMulIConstant', 2, (op, rw) => {
    const m = withConstants(op, 'arith.muli', 1);
    const type = op.results[0]!.type;
    if (!m || m.c0.type !== type || m.c1.type !== type) return false;
    return rebuildWithConstant(rw, op, 'arith.muli', I.mul(m.c0.value, m.c1.value, widthOf(type)), m.x, false, merge(m.inner, op));
  }),
];

// ---- extended ops -------------------------------------------------------------------------------------------------

/** `name_extended(x, y)` whose second result is unused becomes `[plain(x, y), x]`. */
function toPlain(root: string, debugName: string, plain: string): RewritePattern {
  return pattern(root, debugName, 1, (op, rw) => {
    if (op.results[1]!.firstUse !== null) return false;
    const v = rw.withInsertionPoint(() => {
      rw.setInsertionPoint(op);
      return intOp(rw, plain, lhs(op), rhs(op), IntegerOverflow.none, op);
    });
    rw.replaceOp(op, [v, lhs(op)]);
    return true;
  });
}

export const AddUIExtendedPatterns: readonly RewritePattern[] = [toPlain('arith.addui_extended', 'AddUIExtendedToAddI', 'arith.addi')];
export const MulUIExtendedPatterns: readonly RewritePattern[] = [toPlain('arith.mului_extended', 'MulUIExtendedToMulI', 'arith.muli')];
export const MulSIExtendedPatterns: readonly RewritePattern[] = [
  toPlain('arith.mulsi_extended', 'MulSIExtendedToMulI', 'arith.muli'),
  pattern('arith.mulsi_extended', 'MulSIExtendedRHSOne', 1, (op, rw) => {
    // mulsi_extended(x, 1) -> [x, extsi(cmpi slt, x, 0)]
    const c = constantInt(constAttr(rhs(op)));
    if (!c || I.signed(c.value, c.width) !== 1n) return false;
    const x = lhs(op);
    const zero = zeroOf(rw.context, x.type);
    if (!zero) return false;
    const high = rw.withInsertionPoint(() => {
      rw.setInsertionPoint(op);
      const z = constant(rw, zero, x.type, op.loc);
      const i1 = op.results[1]!.type instanceof ShapedType ? shapedI1(rw, x.type) : IntegerType.get(rw.context, 1);
      const cmp = build(rw, 'arith.cmpi', [x, z], i1, op, { predicate: CmpIPredicateAttr.get(rw.context, 'slt') });
      return build(rw, 'arith.extsi', [cmp], x.type, op);
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

/** `op(ext(x), ext(y))` -> `ext(op(x, y))` when x and y have one type. */
function ofExt(root: string, debugName: string, ext: string): RewritePattern {
  return pattern(root, debugName, 3, (op, rw) => {
    const a = def(lhs(op), ext);
    const b = def(rhs(op), ext);
    if (!a || !b) return false;
    const x = a.getOperand(0);
    const y = b.getOperand(0);
    if (x.type !== y.type) return false;
    return replaceWith(rw, op, () => build(rw, ext, [build(rw, root, [x, y], x.type, op)], op.results[0]!.type, op));
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

export const XOrIPatterns: readonly RewritePattern[] = [
  pattern('arith.xori', 'XOrINotCmpI', 2, (op, rw) => {
    // not(cmpi(pred, a, b)) -> cmpi(~pred, a, b)
    const cmp = def(lhs(op), 'arith.cmpi');
    const c = constIntAttr(rhs(op));
    if (!cmp || !c || !(c.type instanceof IntegerType) || !c.type.isSignless(1) || c.value === 0n) return false;
    const pred = CmpIPredicateAttr.symbolize(cmp.getProperty('predicate')!);
    if (pred === undefined) return false;
    return replaceWith(rw, op, () => build(rw, 'arith.cmpi', [lhs(cmp), rhs(cmp)], op.results[0]!.type, op, { predicate: CmpIPredicateAttr.get(rw.context, INVERSE[pred]) }));
  }),
  ofExt('arith.xori', 'XOrIOfExtUI', 'arith.extui'),
  ofExt('arith.xori', 'XOrIOfExtSI', 'arith.extsi'),
];
export const AndIPatterns: readonly RewritePattern[] = [ofExt('arith.andi', 'AndOfExtUI', 'arith.extui'), ofExt('arith.andi', 'AndOfExtSI', 'arith.extsi')];
export const OrIPatterns: readonly RewritePattern[] = [ofExt('arith.ori', 'OrOfExtUI', 'arith.extui'), ofExt('arith.ori', 'OrOfExtSI', 'arith.extsi')];

// ---- comparisons and select -----------------------------------------------------------------------------------------

/** cmpi eq/ne of two extensions of the same kind -> cmpi of the narrow values. */
function cmpOfExt(debugName: string, ext: string): RewritePattern {
  return pattern('arith.cmpi', debugName, 3, (op, rw) => {
    const pred = CmpIPredicateAttr.symbolize(op.getProperty('predicate')!);
    if (pred !== 'eq' && pred !== 'ne') return false;
    const a = def(lhs(op), ext);
    const b = def(rhs(op), ext);
    if (!a || !b || a.getOperand(0).type !== b.getOperand(0).type) return false;
    return replaceWith(rw, op, () =>
      build(rw, 'arith.cmpi', [a.getOperand(0), b.getOperand(0)], op.results[0]!.type, op, { predicate: op.getProperty('predicate')! }),
    );
  });
}
export const CmpIPatterns: readonly RewritePattern[] = [cmpOfExt('CmpIExtSI', 'arith.extsi'), cmpOfExt('CmpIExtUI', 'arith.extui')];

const isI1 = (t: Type): boolean => t instanceof IntegerType && t.isSignless(1);
const isConstI1 = (v: Value, value: bigint): boolean => {
  const c = constIntAttr(v);
  return c !== undefined && isI1(c.type) && I.unsigned(c.value, 1) === value;
};

export const SelectPatterns: readonly RewritePattern[] = [
  pattern('arith.select', 'RedundantSelectFalse', 2, (op, rw) => {
    // select(p, a, select(p, b, c)) -> select(p, a, c)
    const inner = def(op.getOperand(2), 'arith.select');
    if (!inner || inner.getOperand(0) !== op.getOperand(0)) return false;
    return replaceWith(rw, op, () => build(rw, 'arith.select', [op.getOperand(0), op.getOperand(1), inner.getOperand(2)], op.results[0]!.type, op));
  }),
  pattern('arith.select', 'RedundantSelectTrue', 2, (op, rw) => {
    // select(p, select(p, a, b), c) -> select(p, a, c)
    const inner = def(op.getOperand(1), 'arith.select');
    if (!inner || inner.getOperand(0) !== op.getOperand(0)) return false;
    return replaceWith(rw, op, () => build(rw, 'arith.select', [op.getOperand(0), inner.getOperand(1), op.getOperand(2)], op.results[0]!.type, op));
  }),
  pattern('arith.select', 'SelectNotCond', 2, (op, rw) => {
    // select(not(p), a, b) -> select(p, b, a)
    const not = def(op.getOperand(0), 'arith.xori');
    if (!not || !isAllOnesInt(constIntAttr(rhs(not)))) return false;
    return replaceWith(rw, op, () => build(rw, 'arith.select', [lhs(not), op.getOperand(2), op.getOperand(1)], op.results[0]!.type, op));
  }),
  pattern('arith.select', 'SelectI1ToNot', 1, (op, rw) => {
    // select(p, false, true) -> xori(p, true)
    if (!isConstI1(op.getOperand(1), 0n) || !isConstI1(op.getOperand(2), 1n)) return false;
    const p = op.getOperand(0);
    return replaceWith(rw, op, () => build(rw, 'arith.xori', [p, constant(rw, IntegerAttr.getBool(rw.context, true), p.type, op.loc)], op.results[0]!.type, op));
  }),
  pattern('arith.select', 'SelectToExtUI', 1, (op, rw) => {
    // select(p, 1, 0) -> extui(p); select(p, 0, 1) -> extui(xori(p, 1)), for integers wider than i1.
    const type = op.results[0]!.type;
    if (!(type instanceof IntegerType) || type.width === 1) return false;
    const t = constantInt(constAttr(op.getOperand(1)));
    const f = constantInt(constAttr(op.getOperand(2)));
    if (!t || !f) return false;
    const p = op.getOperand(0);
    if (I.unsigned(t.value, t.width) === 1n && f.value === 0n) return replaceWith(rw, op, () => build(rw, 'arith.extui', [p], type, op));
    if (t.value === 0n && I.unsigned(f.value, f.width) === 1n) {
      return replaceWith(rw, op, () => {
        const one = constant(rw, IntegerAttr.get(rw.context, p.type, 1), p.type, op.loc);
        return build(rw, 'arith.extui', [build(rw, 'arith.xori', [p, one], p.type, op)], type, op);
      });
    }
    return false;
  }),
];

// ---- casts ------------------------------------------------------------------------------------------------------

/** `outer(inner(x))` -> `replacement(x)` (same result type as the root). */
function castOfCast(root: string, debugName: string, inner: string, replacement: string, when?: (root: Operation, innerOp: Operation, x: Value) => boolean): RewritePattern {
  return pattern(root, debugName, 2, (op, rw) => {
    const i = def(op.getOperand(0), inner);
    if (!i) return false;
    const x = i.getOperand(0);
    if (when && !when(op, i, x)) return false;
    return replaceWith(rw, op, () => build(rw, replacement, [x], op.results[0]!.type, op));
  });
}

/** DRR's ValueWiderThan: the element width of `a` is greater than that of `b`, which is known. */
const wider = (a: Type, b: Type): boolean => elementWidth(a) > elementWidth(b) && elementWidth(b) > 0;

export const ExtSIPatterns: readonly RewritePattern[] = [castOfCast('arith.extsi', 'ExtSIOfExtUI', 'arith.extui', 'arith.extui')];
export const IndexCastPatterns: readonly RewritePattern[] = [castOfCast('arith.index_cast', 'IndexCastOfExtSI', 'arith.extsi', 'arith.index_cast')];
export const IndexCastUIPatterns: readonly RewritePattern[] = [castOfCast('arith.index_castui', 'IndexCastUIOfExtUI', 'arith.extui', 'arith.index_castui')];
export const BitcastPatterns: readonly RewritePattern[] = [castOfCast('arith.bitcast', 'BitcastOfBitcast', 'arith.bitcast', 'arith.bitcast')];
export const TruncIPatterns: readonly RewritePattern[] = [
  castOfCast('arith.trunci', 'TruncIExtSIToExtSI', 'arith.extsi', 'arith.extsi', (tr, ext, x) => wider(ext.results[0]!.type, tr.results[0]!.type) && wider(tr.results[0]!.type, x.type)),
  castOfCast('arith.trunci', 'TruncIExtUIToExtUI', 'arith.extui', 'arith.extui', (tr, ext, x) => wider(ext.results[0]!.type, tr.results[0]!.type) && wider(tr.results[0]!.type, x.type)),
  pattern('arith.trunci', 'TruncIShrSIToTrunciShrUI', 2, (op, rw) => {
    // trunci(shrsi(x, c)) -> trunci(shrui(x, c)) when c is the number of bits truncated.
    const shr = def(op.getOperand(0), 'arith.shrsi');
    if (!shr) return false;
    const c = constAttr(rhs(shr));
    const n = constantInt(c);
    const x = lhs(shr);
    if (!c || !n || BigInt(elementWidth(x.type) - elementWidth(op.results[0]!.type)) !== n.value) return false;
    return replaceWith(rw, op, () => {
      const k = constant(rw, c, c.type!, op.loc);
      const shrui = build(rw, 'arith.shrui', [x, k], x.type, op);
      return build(rw, 'arith.trunci', [shrui], op.results[0]!.type, op, { overflowFlags: op.getProperty('overflowFlags')! });
    });
  }),
];
/** truncf of an int-to-float cast -> the cast to the narrower type, when no rounding mode is given. */
const defaultRounding = (tr: Operation): boolean => tr.getProperty('roundingmode') === undefined;
export const TruncFPatterns: readonly RewritePattern[] = [
  castOfCast('arith.truncf', 'TruncFSIToFPToSIToFP', 'arith.sitofp', 'arith.sitofp', defaultRounding),
  castOfCast('arith.truncf', 'TruncFUIToFPToUIToFP', 'arith.uitofp', 'arith.uitofp', defaultRounding),
];

// ---- floats -----------------------------------------------------------------------------------------------------

/** `op(negf(x), negf(y))` -> `op(x, y)`, with the root's fast-math flags. */
function ofNegF(root: string, debugName: string): RewritePattern {
  return pattern(root, debugName, 3, (op, rw) => {
    const a = def(lhs(op), 'arith.negf');
    const b = def(rhs(op), 'arith.negf');
    if (!a || !b || a.getOperand(0).type !== b.getOperand(0).type) return false;
    return replaceWith(rw, op, () => build(rw, root, [a.getOperand(0), b.getOperand(0)], op.results[0]!.type, op, { fastmath: op.getProperty('fastmath')! }));
  });
}
export const MulFPatterns: readonly RewritePattern[] = [ofNegF('arith.mulf', 'MulFOfNegF')];
export const DivFPatterns: readonly RewritePattern[] = [ofNegF('arith.divf', 'DivFOfNegF')];

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
export const CmpFPatterns: readonly RewritePattern[] = [
  pattern('arith.cmpf', 'CmpFIntToFPConst', 1, (op, rw) => {
    const flt = constAttr(rhs(op));
    if (!(flt instanceof FloatAttr)) return false;
    const c = flt.value;
    if (Number.isNaN(c)) return false;
    const kind = flt.type.kind;
    const mantissaWidth = FLOAT_PRECISION[kind];
    if (mantissaWidth === undefined) return false;
    let conv = def(lhs(op), 'arith.sitofp');
    const isUnsigned = conv === undefined;
    conv ??= def(lhs(op), 'arith.uitofp');
    if (!conv) return false;
    const intVal = conv.getOperand(0);
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
    const pred = CmpFPredicateAttr.symbolize(op.getProperty('predicate')!);
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
      return build(rw, 'arith.cmpi', [intVal, k], op.results[0]!.type, op, { predicate: CmpIPredicateAttr.get(rw.context, p) });
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
