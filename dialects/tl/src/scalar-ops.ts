import { I1, Index, IntEnumAttr, SameAs, TypedAttr, defineOp } from '@tlir/ir';
import { arithTypeProblem } from './scalar-rules.js';
import { TlScalar } from './type-constraints.js';

/**
 * The replicated scalar instructions (spec: Arithmetic (binary), Arithmetic (unary), Cast, Comparison, Group id,
 * Group size) and the constants the tensor language writes in place of values.
 */

/** The kinds of `arith` (spec: Arithmetic (binary)). */
export const ArithBinaryKind = IntEnumAttr('ArithBinaryKind', 32, {
  add: 0,
  sub: 1,
  mul: 2,
  div: 3,
  rem: 4,
  shl: 5,
  shr: 6,
  and: 7,
  or: 8,
  xor: 9,
  min: 10,
  max: 11,
});
export const ArithUnaryKind = IntEnumAttr('ArithUnaryKind', 32, { neg: 0, not: 1 });
export const CmpCondition = IntEnumAttr('CmpCondition', 32, { eq: 0, ne: 1, gt: 2, ge: 3, lt: 4, le: 5 });

/** The case names of an enum (`'add' | 'sub' | ...`): a new case makes every exhaustive switch over them fail to compile. */
type CaseOf<E extends { symbolize(a: never): string | undefined }> = NonNullable<ReturnType<E['symbolize']>>;
export type ArithBinaryKindName = CaseOf<typeof ArithBinaryKind>;
export type ArithUnaryKindName = CaseOf<typeof ArithUnaryKind>;
export type CmpConditionName = CaseOf<typeof CmpCondition>;

/** `%c = tl.constant 1 : i32`: a constant operand of an instruction (the tensor language writes it in place). */
export const ConstantOp = defineOp('tl.constant', {
  summary: 'A scalar constant',
  properties: { value: TypedAttr },
  results: { result: TlScalar },
  parse(p, state) {
    const value = p.parseAttribute();
    state.addAttribute('value', value);
    state.addTypes(value.type!);
    return true;
  },
  print(op, p) {
    p.write(' ');
    p.printAttribute(op.value);
  },
  verify(op) {
    if (op.value.type !== op.result.type) {
      op.op.emitOpError('value type must match the result type');
      return false;
    }
    return true;
  },
});

/** `%r = tl.arith add %a, %b : i32`: both operands and the result have one scalar type. */
export const ArithOp = defineOp('tl.arith', {
  summary: 'Binary arithmetic on scalars',
  description: `
Replicated instruction (spec: Arithmetic (binary)). \`add\`, \`sub\`, \`mul\`, \`div\` and \`rem\` take any
scalar type; \`shl\`, \`shr\` (arithmetic), \`and\`, \`or\` and \`xor\` integer types only. \`min\` and
\`max\` (from tinytc's later versions) take any scalar type: integers compare as \`cmp\` compares them (signed, i1
unsigned), floats as C's fmin and fmax (a NaN operand gives the other one; -0.0 is less than +0.0).
`,
  properties: { kind: ArithBinaryKind },
  operands: { lhs: TlScalar, rhs: SameAs('lhs') },
  results: { result: SameAs('lhs') },
  assemblyFormat: '$kind $lhs `,` $rhs attr-dict `:` type($result)',
  verify(op) {
    const kind = ArithBinaryKind.symbolize(op.kind)!;
    const problem = arithTypeProblem(kind, op.result.type, (t) => `'${t}'`);
    if (problem) op.op.emitOpError(`${kind} ${problem}`);
    return !problem;
  },
});

/** `%r = tl.arith_unary neg %a : f32`. */
export const ArithUnaryOp = defineOp('tl.arith_unary', {
  summary: 'Unary arithmetic on scalars',
  description: `
Replicated instruction (spec: Arithmetic (unary)). \`neg\` takes any scalar type, \`not\` integer types only.
`,
  properties: { kind: ArithUnaryKind },
  operands: { a: TlScalar },
  results: { result: SameAs('a') },
  assemblyFormat: '$kind $a attr-dict `:` type($result)',
  verify(op) {
    const kind = ArithUnaryKind.symbolize(op.kind)!;
    const problem = arithTypeProblem(kind, op.result.type, (t) => `'${t}'`);
    if (problem) op.op.emitOpError(`${kind} ${problem}`);
    return !problem;
  },
});

/** `%r = tl.cast %a : i32 -> f32`: any scalar type to any scalar type. */
export const CastOp = defineOp('tl.cast', {
  summary: 'Scalar cast',
  operands: { a: TlScalar },
  results: { result: TlScalar },
  assemblyFormat: '$a attr-dict `:` type($a) `->` type($result)',
});

/** `%r = tl.cmp lt %a, %b : i32`: two operands of one scalar type, an i1 result. */
export const CmpOp = defineOp('tl.cmp', {
  summary: 'Scalar comparison',
  properties: { cond: CmpCondition },
  operands: { lhs: TlScalar, rhs: SameAs('lhs') },
  results: { result: I1 },
  assemblyFormat: '$cond $lhs `,` $rhs attr-dict `:` type($lhs)',
});

export const GroupIdOp = defineOp('tl.group_id', {
  summary: 'The group id',
  results: { result: Index },
  assemblyFormat: 'attr-dict',
});

export const GroupSizeOp = defineOp('tl.group_size', {
  summary: 'The group size',
  results: { result: Index },
  assemblyFormat: 'attr-dict',
});
