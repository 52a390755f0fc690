// The math dialect in WGSL (docs/wgsl.md, "math"): WGSL's builtins where they mean the same, helper functions
// (helper-functions.ts) for C's pow, erf, cbrt, round, log1p, expm1 and the classifications, loops for integer powers.
import type { Operation } from '@tlir/ir';
import { fromI32, signedI32, widthMask } from './integer-semantics.js';
import type { KernelTranslation, OpTranslator } from './kernel-translation.js';
import * as math from '@tlir/dialect-math';
import { opTranslator, type TranslatorEntry } from './op-translator.js';
import { checkLoopEnded } from './loop-checks.js';

type FloatWgsl = 'f32' | 'f16';

/** `fn(x, ...)` of the operands with a WGSL builtin. */
const builtin = (fn: string): OpTranslator => (op, t) => {
  const args = op.operands.map((_, i) => t.scalar(op, i).expr);
  t.define(op.results[0]!, `${fn}(${args.join(', ')})`, op.loc);
};

/** A helper function of helper-functions.ts, for the operands' float type. */
const helper = (name: string): OpTranslator => (op, t) => {
  const args = op.operands.map((_, i) => t.scalar(op, i));
  const fn = t.helpers.call(name, args[0]!.repr.wgsl as FloatWgsl);
  t.define(op.results[0]!, `${fn}(${args.map((a) => a.expr).join(', ')})`, op.loc);
};

function log10(op: Operation, t: KernelTranslation): void {
  const x = t.scalar(op, 0);
  t.define(op.results[0]!, `log2(${x.expr}) * 0.30102999566398120`, op.loc);
}

function sincos(op: Operation, t: KernelTranslation): void {
  const x = t.scalar(op, 0);
  t.define(op.results[0]!, `sin(${x.expr})`, op.loc);
  t.define(op.results[1]!, `cos(${x.expr})`, op.loc);
}

function clampf(op: Operation, t: KernelTranslation): void {
  const [x, lo, hi] = [0, 1, 2].map((i) => t.scalar(op, i).expr);
  t.define(op.results[0]!, `min(max(${x}, ${lo}), ${hi})`, op.loc);
}

function fpowi(op: Operation, t: KernelTranslation): void {
  const base = t.scalar(op, 0);
  const exponent = t.scalar(op, 1);
  const fn = t.helpers.call('powf', base.repr.wgsl as FloatWgsl);
  t.define(op.results[0]!, `${fn}(${base.expr}, ${base.repr.wgsl}(${signedI32(exponent)}))`, op.loc);
}

/** math.ipowi: square-and-multiply; a negative power is 0 except for the bases 1 and -1. */
function ipowi(op: Operation, t: KernelTranslation): void {
  const base = t.scalar(op, 0);
  const exponent = t.scalar(op, 1);
  if (base.repr.wgsl === 'bool') t.fail(op, 'math.ipowi on i1 has no WGSL translation');
  const [a, b] = [signedI32(base), signedI32(exponent)];
  const r = t.names.fresh('power');
  const x = t.names.fresh('power_base');
  const e = t.names.fresh('power_exponent');
  t.line(`var ${r} = 1i;`, op.loc);
  t.block(`if (${b} < 0i)`, undefined, () => {
    t.line(`${r} = select(0i, select(-1i, 1i, ${a} == 1i || (${b} & 1i) == 0i), ${a} == 1i || ${a} == -1i);`);
  }, '} else {');
  t.indent(() => {
    t.line(`var ${x} = ${a};`);
    t.line(`var ${e} = ${b};`);
    t.block(`while (${e} != 0i)`, undefined, () => {
      t.line(`if ((${e} & 1i) != 0i) { ${r} = ${r} * ${x}; }`);
      t.line(`${x} = ${x} * ${x};`);
      t.line(`${e} = ${e} >> 1u;`);
    });
    checkLoopEnded(t, op, `${e} != 0i`, { what: 'math.ipowi loop', index: '0i', bound: '0i' });
  });
  t.line('}');
  t.define(op.results[0]!, fromI32(r, base.repr), op.loc);
}

function absi(op: Operation, t: KernelTranslation): void {
  const x = t.scalar(op, 0);
  if (x.repr.wgsl === 'bool') t.define(op.results[0]!, x.expr, op.loc);
  else t.define(op.results[0]!, fromI32(`abs(${x.expr})`, x.repr), op.loc);
}

/** ctlz, cttz, ctpop on the bits of the type's width. */
const bitCount = (kind: 'ctlz' | 'cttz' | 'ctpop'): OpTranslator => (op, t) => {
  const x = t.scalar(op, 0);
  const width = x.repr.width!;
  if (x.repr.wgsl === 'bool') {
    t.define(op.results[0]!, kind === 'ctpop' ? x.expr : `!${x.expr}`, op.loc);
    return;
  }
  const bits = width >= 32 ? x.expr : `(${x.expr} & ${widthMask(width)})`;
  let text: string;
  if (kind === 'ctpop') text = `countOneBits(${bits})`;
  else if (kind === 'cttz') text = width >= 32 ? `countTrailingZeros(${bits})` : `min(countTrailingZeros(${bits}), ${width}i)`;
  else text = width >= 32 ? `countLeadingZeros(${bits})` : `countLeadingZeros(${bits}) - ${32 - width}i`;
  t.define(op.results[0]!, text, op.loc);
};

export const MATH_TRANSLATORS: readonly TranslatorEntry[] = [
  opTranslator(math.AbsFOp, builtin('abs')),
  opTranslator(math.AcosOp, builtin('acos')),
  opTranslator(math.AcoshOp, builtin('acosh')),
  opTranslator(math.AsinOp, builtin('asin')),
  opTranslator(math.AsinhOp, builtin('asinh')),
  opTranslator(math.AtanOp, builtin('atan')),
  opTranslator(math.AtanhOp, builtin('atanh')),
  opTranslator(math.Atan2Op, builtin('atan2')),
  opTranslator(math.CbrtOp, helper('cbrt')),
  opTranslator(math.CeilOp, builtin('ceil')),
  opTranslator(math.CopySignOp, helper('copysign')),
  opTranslator(math.CosOp, builtin('cos')),
  opTranslator(math.CoshOp, builtin('cosh')),
  opTranslator(math.ErfOp, helper('erf')),
  opTranslator(math.ErfcOp, helper('erfc')),
  opTranslator(math.ExpOp, builtin('exp')),
  opTranslator(math.Exp2Op, builtin('exp2')),
  opTranslator(math.ExpM1Op, helper('expm1')),
  opTranslator(math.FloorOp, builtin('floor')),
  opTranslator(math.FmaOp, builtin('fma')),
  opTranslator(math.LogOp, builtin('log')),
  opTranslator(math.Log10Op, log10),
  opTranslator(math.Log1pOp, helper('log1p')),
  opTranslator(math.Log2Op, builtin('log2')),
  opTranslator(math.PowFOp, helper('powf')),
  opTranslator(math.RoundOp, helper('round')),
  opTranslator(math.RoundEvenOp, builtin('round')),
  opTranslator(math.RsqrtOp, builtin('inverseSqrt')),
  opTranslator(math.SinOp, builtin('sin')),
  opTranslator(math.SinhOp, builtin('sinh')),
  opTranslator(math.SqrtOp, builtin('sqrt')),
  opTranslator(math.TanOp, builtin('tan')),
  opTranslator(math.TanhOp, builtin('tanh')),
  opTranslator(math.TruncOp, builtin('trunc')),
  opTranslator(math.SinCosOp, sincos),
  opTranslator(math.ClampFOp, clampf),
  opTranslator(math.FPowIOp, fpowi),
  opTranslator(math.IPowIOp, ipowi),
  opTranslator(math.AbsIOp, absi),
  opTranslator(math.CountLeadingZerosOp, bitCount('ctlz')),
  opTranslator(math.CountTrailingZerosOp, bitCount('cttz')),
  opTranslator(math.CtPopOp, bitCount('ctpop')),
  opTranslator(math.IsNaNOp, helper('isnan')),
  opTranslator(math.IsInfOp, helper('isinf')),
  opTranslator(math.IsFiniteOp, helper('isfinite')),
  opTranslator(math.IsNormalOp, helper('isnormal')),
];
