// The arith dialect in WGSL (docs/wgsl.md, "arith"): constants become literals, every other op a `let` of one WGSL
// expression with MLIR's semantics on the representations of scalar-types.ts (wrapping at the type's width, shifts
// past the width as APInt gives them, unsigned ops through u32, NaN-aware float comparisons and min/max).
import { CmpFPredicateAttr, CmpIPredicateAttr } from '@tlir/dialect-arith';
import { FloatAttr, IntegerAttr, type Attribute, type Operation, type ViewOf } from '@tlir/ir';
import { fromI32, isFullWidth, signedI32, unsignedOperand } from './integer-semantics.js';
import type { KernelTranslation, OpTranslator } from './kernel-translation.js';
import type { ScalarRepr } from './scalar-types.js';
import type { ScalarValue } from './translation-values.js';
import { floatLiteral, integerLiteral } from './wgsl-literals.js';
import * as arith from '@tlir/dialect-arith';
import { opTranslator, translator, type TranslatorEntry } from './op-translator.js';

const I32_MAX = 2147483647n;

function constant(c: ViewOf<typeof arith.ConstantOp>, t: KernelTranslation): void {
  const op = c.op;
  const result = c.result;
  const repr = t.reprOf(result, op);
  const value: Attribute = c.value;
  if (value instanceof IntegerAttr && !repr.isFloat) {
    if (repr.isIndex && (value.value > I32_MAX || value.value < -I32_MAX - 1n)) {
      t.fail(op, `the index constant ${value.value} does not fit WGSL's 32-bit index`);
    }
    const fits = repr.wgsl !== 'bool' ? Number(BigInt.asIntN(repr.width!, value.value)) : undefined;
    t.alias(result, integerLiteral(value.value, repr), repr, fits);
    return;
  }
  if (value instanceof FloatAttr && repr.isFloat) {
    if (Number.isFinite(value.value)) t.alias(result, floatLiteral(value.value, repr), repr);
    // NaN (with its payload) and the infinities have no literal; their bits make them at run time.
    else t.alias(result, `${t.helpers.call('from_bits', repr.wgsl as 'f32' | 'f16')}(0x${value.bits.toString(16)}u)`, repr);
    return;
  }
  t.fail(op, `the constant ${value} of type ${result.type} has no WGSL translation`);
}

/** A binary op on two operands of one representation, given how to compute each kind of value. */
function binary(compute: (a: ScalarValue, b: ScalarValue, repr: ScalarRepr, t: KernelTranslation) => string): OpTranslator {
  return (op, t) => {
    const a = t.scalar(op, 0);
    const b = t.scalar(op, 1);
    t.define(op.results[0]!, compute(a, b, a.repr, t), op.loc);
  };
}

/** A wrapping signed integer op `a <op> b` (WGSL's i32 operator on the signed values, wrapped to the width). */
const signedInteger = (operator: string): OpTranslator =>
  binary((a, b, repr) => {
    const text = `${signedI32(a)} ${operator} ${signedI32(b)}`;
    return isFullWidth(repr) ? text : fromI32(`(${text})`, repr);
  });

/** An unsigned integer op `a <op> b` on the unsigned values, wrapped back. */
const unsignedInteger = (operator: string): OpTranslator =>
  binary((a, b, repr) => {
    const ua = unsignedOperand(a);
    const ub = unsignedOperand(b);
    return fromI32(`(${ua.expr} ${operator} ${ub.expr})`, repr, ua.type);
  });

/** A WGSL function of two operands (min, max) on signed or unsigned values. */
const integerCall = (fn: string, signed: boolean): OpTranslator =>
  binary((a, b, repr) => {
    if (signed) {
      const text = `${fn}(${signedI32(a)}, ${signedI32(b)})`;
      return isFullWidth(repr) ? text : fromI32(text, repr);
    }
    const ua = unsignedOperand(a);
    const ub = unsignedOperand(b);
    return fromI32(`${fn}(${ua.expr}, ${ub.expr})`, repr, ua.type);
  });

/** and/or/xor: bitwise on i32 (sign extension is kept), logical on bool. */
const bitwise = (operator: '&' | '|' | '^'): OpTranslator =>
  binary((a, b, repr) => (repr.wgsl === 'bool' ? (operator === '^' ? `${a.expr} != ${b.expr}` : `${a.expr} ${operator} ${b.expr}`) : `${a.expr} ${operator} ${b.expr}`));

/** The shift amount `b` as an unsigned u32 expression and whether it is below the width. */
function shiftAmount(b: ScalarValue): { amount: string; inRange: string } {
  const u = unsignedOperand(b);
  const amount = u.type === 'u32' ? u.expr : `u32(${u.expr})`;
  return { amount, inRange: `${amount} < ${b.repr.width}u` };
}

const shli: OpTranslator = binary((a, b, repr) => {
  const { amount, inRange } = shiftAmount(b);
  return `select(${repr.wgsl === 'bool' ? 'false' : '0i'}, ${fromI32(`(${signedI32(a)} << ${amount})`, repr)}, ${inRange})`;
});

const shrsi: OpTranslator = binary((a, b, repr) => {
  const { amount } = shiftAmount(b);
  // An arithmetic shift by the width or more fills with the sign: shifting by width - 1 gives the same.
  return fromI32(`(${signedI32(a)} >> min(${amount}, ${repr.width! - 1}u))`, repr);
});

const shrui: OpTranslator = binary((a, b, repr) => {
  const { amount, inRange } = shiftAmount(b);
  const ua = unsignedOperand(a);
  return `select(${repr.wgsl === 'bool' ? 'false' : '0i'}, ${fromI32(`(${ua.expr} >> ${amount})`, repr, ua.type)}, ${inRange})`;
});

/** floordivsi, ceildivsi: the quotient rounded towards -infinity / +infinity (MLIR's expansions). */
const roundedDivision = (towards: 'floor' | 'ceil'): OpTranslator => (op, t) => {
  const a = t.scalar(op, 0);
  const b = t.scalar(op, 1);
  const [sa, sb] = [signedI32(a), signedI32(b)];
  const q = t.names.fresh('quotient');
  t.line(`let ${q} = ${sa} / ${sb};`, op.loc);
  const inexact = `${q} * ${sb} != ${sa}`;
  const adjust = towards === 'floor' ? `(${sa} < 0i) != (${sb} < 0i)` : `(${sa} < 0i) == (${sb} < 0i)`;
  const text = `select(${q}, ${q} ${towards === 'floor' ? '-' : '+'} 1i, ${inexact} && ${adjust})`;
  t.define(op.results[0]!, isFullWidth(a.repr) ? text : fromI32(`(${text})`, a.repr), op.loc);
};

const ceildivui: OpTranslator = binary((a, b, repr) => {
  const ua = unsignedOperand(a);
  const ub = unsignedOperand(b);
  const [zero, one] = ua.type === 'u32' ? ['0u', '1u'] : ['0i', '1i'];
  return fromI32(`select((${ua.expr} - ${one}) / ${ub.expr} + ${one}, ${zero}, ${ua.expr} == ${zero})`, repr, ua.type);
});

// ---- floats ----

const floatOperator = (operator: string): OpTranslator => binary((a, b) => `${a.expr} ${operator} ${b.expr}`);

const floatHelper = (helper: string): OpTranslator =>
  binary((a, b, repr, t) => `${t.helpers.call(helper, repr.wgsl as 'f32' | 'f16')}(${a.expr}, ${b.expr})`);

// ---- comparisons ----

function cmpi(c: ViewOf<typeof arith.CmpIOp>, t: KernelTranslation): void {
  const op = c.op;
  const predicate = CmpIPredicateAttr.symbolize(c.predicate);
  const a = t.scalar(op, 0);
  const b = t.scalar(op, 1);
  if (!predicate) t.fail(op, 'unknown comparison predicate');
  const operators = { eq: '==', ne: '!=', slt: '<', sle: '<=', sgt: '>', sge: '>=', ult: '<', ule: '<=', ugt: '>', uge: '>=' } as const;
  const operator = operators[predicate];
  let text: string;
  if (predicate === 'eq' || predicate === 'ne') text = `${a.expr} ${operator} ${b.expr}`;
  else if (predicate.startsWith('s')) text = `${signedI32(a)} ${operator} ${signedI32(b)}`;
  else text = `${unsignedOperand(a).expr} ${operator} ${unsignedOperand(b).expr}`;
  t.define(op.results[0]!, text, op.loc);
}

function cmpf(c: ViewOf<typeof arith.CmpFOp>, t: KernelTranslation): void {
  const op = c.op;
  const predicate = CmpFPredicateAttr.symbolize(c.predicate);
  const a = t.scalar(op, 0);
  const b = t.scalar(op, 1);
  if (!predicate) t.fail(op, 'unknown comparison predicate');
  const isnan = t.helpers.call('isnan', a.repr.wgsl as 'f32' | 'f16');
  const unordered = `(${isnan}(${a.expr}) || ${isnan}(${b.expr}))`;
  const ordered = `!${unordered}`;
  const operators: Record<string, string> = { eq: '==', gt: '>', ge: '>=', lt: '<', le: '<=', ne: '!=' };
  let text: string;
  if (predicate === 'false') text = 'false';
  else if (predicate === 'true') text = 'true';
  else if (predicate === 'ord') text = ordered;
  else if (predicate === 'uno') text = unordered;
  else {
    const compare = `${a.expr} ${operators[predicate.slice(1)]} ${b.expr}`;
    // WGSL lets a compiler assume no NaN, so the NaN cases are tested on the bits.
    text = predicate.startsWith('o') ? `${ordered} && ${compare}` : `${unordered} || ${compare}`;
  }
  t.define(op.results[0]!, text, op.loc);
}

function select(op: Operation, t: KernelTranslation): void {
  const c = t.scalar(op, 0);
  const whenTrue = t.scalar(op, 1);
  const whenFalse = t.scalar(op, 2);
  t.define(op.results[0]!, `select(${whenFalse.expr}, ${whenTrue.expr}, ${c.expr})`, op.loc);
}

// ---- casts ----

/** A cast of operand 0 computed from it and the result's representation. */
function cast(compute: (x: ScalarValue, to: ScalarRepr, op: Operation, t: KernelTranslation) => string): OpTranslator {
  return (op, t) => {
    const x = t.scalar(op, 0);
    const result = op.results[0]!;
    const to = t.reprOf(result, op);
    const text = compute(x, to, op, t);
    if (text === x.expr) t.alias(result, text, to);
    else t.define(result, text, op.loc, to);
  };
}

/** Sign extension and truncation between integer representations (extsi, trunci, index_cast). */
const signedResize = cast((x, to) => {
  if (x.repr.wgsl === 'bool' && to.wgsl === 'bool') return x.expr;
  if (x.repr.wgsl === 'bool') return signedI32(x);
  if (to.wgsl === 'bool' || to.width! < x.repr.width!) return fromI32(x.expr, to);
  return x.expr;
});

/** Zero extension (extui, index_castui): the unsigned value, truncated when the result is narrower. */
const unsignedResize = cast((x, to) => {
  if (x.repr.wgsl === 'bool' && to.wgsl === 'bool') return x.expr;
  if (to.wgsl === 'bool' || to.width! < x.repr.width!) return fromI32(signedI32(x), to);
  if (x.repr.width! >= 32) return x.expr;
  return unsignedOperand(x).expr;
});

const sitofp = cast((x, to) => (x.repr.wgsl === 'bool' ? `select(${floatLiteral(0, to)}, ${floatLiteral(-1, to)}, ${x.expr})` : `${to.wgsl}(${x.expr})`));

const uitofp = cast((x, to) => {
  if (x.repr.wgsl === 'bool') return `select(${floatLiteral(0, to)}, ${floatLiteral(1, to)}, ${x.expr})`;
  return `${to.wgsl}(${unsignedOperand(x).expr})`;
});

// WGSL's float to integer conversion saturates; MLIR's is poison out of range (an error in the interpreter).
const fptosi = cast((x, to) => fromI32(`i32(${x.expr})`, to));
const fptoui = cast((x, to) => fromI32(`u32(${x.expr})`, to, 'u32'));
const floatResize = cast((x, to) => (x.repr.wgsl === to.wgsl ? x.expr : `${to.wgsl}(${x.expr})`));

const bitcast = cast((x, to, op, t) => {
  if (x.repr.wgsl === to.wgsl) return x.expr;
  if (x.repr.memory === 'f16' || to.memory === 'f16' || x.repr.width === 8 || x.repr.width === 16 || x.repr.wgsl === 'bool') {
    return t.fail(op, `a bitcast from ${op.operands[0]!.type} to ${op.results[0]!.type} has no WGSL translation`);
  }
  return `bitcast<${to.wgsl}>(${x.expr})`;
});

export const ARITH_TRANSLATORS: readonly TranslatorEntry[] = [
  translator(arith.ConstantOp, constant),
  opTranslator(arith.AddIOp, signedInteger('+')),
  opTranslator(arith.SubIOp, signedInteger('-')),
  opTranslator(arith.MulIOp, signedInteger('*')),
  opTranslator(arith.DivSIOp, signedInteger('/')),
  opTranslator(arith.RemSIOp, signedInteger('%')),
  opTranslator(arith.DivUIOp, unsignedInteger('/')),
  opTranslator(arith.RemUIOp, unsignedInteger('%')),
  opTranslator(arith.CeilDivSIOp, roundedDivision('ceil')),
  opTranslator(arith.FloorDivSIOp, roundedDivision('floor')),
  opTranslator(arith.CeilDivUIOp, ceildivui),
  opTranslator(arith.AndIOp, bitwise('&')),
  opTranslator(arith.OrIOp, bitwise('|')),
  opTranslator(arith.XOrIOp, bitwise('^')),
  opTranslator(arith.ShLIOp, shli),
  opTranslator(arith.ShRSIOp, shrsi),
  opTranslator(arith.ShRUIOp, shrui),
  opTranslator(arith.MaxSIOp, integerCall('max', true)),
  opTranslator(arith.MinSIOp, integerCall('min', true)),
  opTranslator(arith.MaxUIOp, integerCall('max', false)),
  opTranslator(arith.MinUIOp, integerCall('min', false)),
  opTranslator(arith.AddFOp, floatOperator('+')),
  opTranslator(arith.SubFOp, floatOperator('-')),
  opTranslator(arith.MulFOp, floatOperator('*')),
  opTranslator(arith.DivFOp, floatOperator('/')),
  opTranslator(arith.RemFOp, floatHelper('fmod')),
  opTranslator(arith.NegFOp, (op, t) => t.define(op.results[0]!, `-(${t.scalar(op, 0).expr})`, op.loc)),
  opTranslator(arith.MaximumFOp, floatHelper('maximumf')),
  opTranslator(arith.MinimumFOp, floatHelper('minimumf')),
  opTranslator(arith.MaxNumFOp, floatHelper('maxnumf')),
  opTranslator(arith.MinNumFOp, floatHelper('minnumf')),
  translator(arith.CmpIOp, cmpi),
  translator(arith.CmpFOp, cmpf),
  opTranslator(arith.SelectOp, select),
  opTranslator(arith.ExtSIOp, signedResize),
  opTranslator(arith.TruncIOp, signedResize),
  opTranslator(arith.IndexCastOp, signedResize),
  opTranslator(arith.ExtUIOp, unsignedResize),
  opTranslator(arith.IndexCastUIOp, unsignedResize),
  opTranslator(arith.SIToFPOp, sitofp),
  opTranslator(arith.UIToFPOp, uitofp),
  opTranslator(arith.FPToSIOp, fptosi),
  opTranslator(arith.FPToUIOp, fptoui),
  opTranslator(arith.ExtFOp, floatResize),
  opTranslator(arith.TruncFOp, floatResize),
  opTranslator(arith.BitcastOp, bitcast),
];
