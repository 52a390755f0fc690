import {
  AnyRegion,
  AnyType,
  DenseI32ArrayAttr,
  DenseI64ArrayAttr,
  DictArrayAttr,
  FunctionOpInterface,
  FunctionType,
  I1,
  I32Attr,
  I64Attr,
  Index,
  IntEnumAttr,
  IsolatedFromAbove,
  NoTerminator,
  Optional,
  OptionalAttr,
  SameAs,
  SingleBlock,
  StrAttr,
  SymbolNameAttr,
  SymbolOpInterface,
  TypeAttrOf,
  TypedAttr,
  UnitAttr,
  Variadic,
  defineOp,
  parseFunctionOp,
  printFunctionOp,
  type Operation,
} from '@tlir/ir';
import { GroupType, MemrefType } from './types.js';

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
});
export const ArithUnaryKind = IntEnumAttr('ArithUnaryKind', 32, { neg: 0, not: 1 });
export const CmpCondition = IntEnumAttr('CmpCondition', 32, { eq: 0, ne: 1, gt: 2, ge: 3, lt: 4, le: 5 });
export const Transpose = IntEnumAttr('Transpose', 32, { n: 0, t: 1 });

const isExternal = (op: Operation): boolean => op.regions[0]?.empty ?? true;

/** `func @name(%a: type, ...) work_group_size(m, n) subgroup_size(s) { ... }` */
export const FuncOp = defineOp('tl.func', {
  summary: 'A kernel callable from the host',
  properties: {
    sym_name: SymbolNameAttr,
    function_type: TypeAttrOf(FunctionType),
    sym_visibility: OptionalAttr(StrAttr),
    arg_attrs: OptionalAttr(DictArrayAttr),
    res_attrs: OptionalAttr(DictArrayAttr),
    work_group_size: OptionalAttr(DenseI32ArrayAttr),
    subgroup_size: OptionalAttr(I32Attr),
  },
  regions: { body: AnyRegion },
  traits: [IsolatedFromAbove, SingleBlock, NoTerminator],
  interfaces: [SymbolOpInterface.implement({ isDeclaration: isExternal }), FunctionOpInterface.implement({ isExternal })],
  defaultDialect: 'tl',
  parse: parseFunctionOp,
  print: (f, p) => printFunctionOp(f.op, p),
});

/** A constant operand of an instruction (the tensor language writes constants in place of values). */
export const ConstantOp = defineOp('tl.constant', {
  summary: 'A scalar constant',
  properties: { value: TypedAttr },
  results: { result: AnyType },
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

export const AllocaOp = defineOp('tl.alloca', {
  summary: 'Temporary memory freed at the end of the block',
  results: { result: MemrefType },
  assemblyFormat: 'attr-dict `:` type($result)',
});

export const ArithOp = defineOp('tl.arith', {
  summary: 'Binary arithmetic on scalars',
  properties: { kind: ArithBinaryKind },
  operands: { lhs: AnyType, rhs: AnyType },
  results: { result: AnyType },
  assemblyFormat: '$kind $lhs `,` $rhs attr-dict `:` type($lhs) `,` type($rhs) `->` type($result)',
});

export const ArithUnaryOp = defineOp('tl.arith_unary', {
  summary: 'Unary arithmetic on scalars',
  properties: { kind: ArithUnaryKind },
  operands: { a: AnyType },
  results: { result: AnyType },
  assemblyFormat: '$kind $a attr-dict `:` type($a) `->` type($result)',
});

export const CastOp = defineOp('tl.cast', {
  summary: 'Scalar cast',
  operands: { a: AnyType },
  results: { result: AnyType },
  assemblyFormat: '$a attr-dict `:` type($a) `->` type($result)',
});

export const CmpOp = defineOp('tl.cmp', {
  summary: 'Scalar comparison',
  properties: { cond: CmpCondition },
  operands: { lhs: AnyType, rhs: AnyType },
  results: { result: AnyType },
  assemblyFormat: '$cond $lhs `,` $rhs attr-dict `:` type($lhs) `,` type($rhs) `->` type($result)',
});

/** Expand: `static_shape` holds the expand shape, DYNAMIC (-1) for `?`, -2 for a value in `shape`. */
export const ExpandOp = defineOp('tl.expand', {
  summary: 'A view with one mode seen as several',
  properties: { mode: I64Attr, static_shape: DenseI64ArrayAttr },
  operands: { operand: MemrefType, shape: Variadic(Index) },
  results: { result: MemrefType },
  assemblyFormat: '$operand `[` $mode `->` $static_shape `]` (`(` $shape^ `)`)? attr-dict `:` type($operand) `->` type($result)',
});

export const FuseOp = defineOp('tl.fuse', {
  summary: 'A view with adjacent modes seen as one',
  properties: { from: I64Attr, to: I64Attr },
  operands: { operand: MemrefType },
  results: { result: MemrefType },
  assemblyFormat: '$operand `[` $from `,` $to `]` attr-dict `:` type($operand) `->` type($result)',
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

export const LoadOp = defineOp('tl.load', {
  summary: 'Loads a scalar from a memref or a memref from a group',
  operands: { operand: AnyType, indices: Variadic(Index) },
  results: { result: AnyType },
  assemblyFormat: '$operand `[` $indices `]` attr-dict `:` type($operand) `->` type($result)',
});

export const SizeOp = defineOp('tl.size', {
  summary: 'A mode size',
  properties: { mode: I64Attr },
  operands: { operand: MemrefType },
  results: { result: Index },
  assemblyFormat: '$operand `[` $mode `]` attr-dict `:` type($operand)',
});

/**
 * Subview: per mode of the operand a static offset (or -2: the next of `offsets`) and a static size (a
 * positive size, -1 for `?`, -2: the next of `sizes`, 0: a single index, the mode is removed).
 */
export const SubviewOp = defineOp('tl.subview', {
  summary: 'A view on a part of a memref',
  properties: { static_offsets: DenseI64ArrayAttr, static_sizes: DenseI64ArrayAttr },
  operands: { operand: MemrefType, offsets: Variadic(Index), sizes: Variadic(Index) },
  results: { result: MemrefType },
  assemblyFormat:
    '$operand `[` $offsets `]` `[` $sizes `]` attr-dict `:` type($operand) `->` type($result)',
});

export const StoreOp = defineOp('tl.store', {
  summary: 'Stores a scalar in a memref',
  operands: { value: AnyType, operand: MemrefType, indices: Variadic(Index) },
  assemblyFormat: '$value `,` $operand `[` $indices `]` attr-dict `:` type($value) `,` type($operand)',
});

const blasOperands = (names: readonly string[]): string =>
  names.map((n) => `$${n}`).join(' `,` ') + ' attr-dict `:` ' + names.map((n) => `type($${n})`).join(' `,` ');

export const AxpbyOp = defineOp('tl.axpby', {
  summary: 'B := alpha op(A) + beta B (collective)',
  properties: { trans: Transpose, atomic: UnitAttr },
  operands: { alpha: AnyType, A: MemrefType, beta: AnyType, B: MemrefType },
  assemblyFormat: '$trans ' + blasOperands(['alpha', 'A', 'beta', 'B']),
});

export const GemmOp = defineOp('tl.gemm', {
  summary: 'C := alpha op1(A) op2(B) + beta C (collective)',
  properties: { transA: Transpose, transB: Transpose, atomic: UnitAttr },
  operands: { alpha: AnyType, A: MemrefType, B: MemrefType, beta: AnyType, C: MemrefType },
  assemblyFormat: '$transA $transB ' + blasOperands(['alpha', 'A', 'B', 'beta', 'C']),
});

export const GemvOp = defineOp('tl.gemv', {
  summary: 'c := alpha op(A) b + beta c (collective)',
  properties: { transA: Transpose, atomic: UnitAttr },
  operands: { alpha: AnyType, A: MemrefType, B: MemrefType, beta: AnyType, C: MemrefType },
  assemblyFormat: '$transA ' + blasOperands(['alpha', 'A', 'B', 'beta', 'C']),
});

export const GerOp = defineOp('tl.ger', {
  summary: 'C := alpha a b^T + beta C (collective)',
  properties: { atomic: UnitAttr },
  operands: { alpha: AnyType, A: MemrefType, B: MemrefType, beta: AnyType, C: MemrefType },
  assemblyFormat: blasOperands(['alpha', 'A', 'B', 'beta', 'C']),
});

export const HadamardProductOp = defineOp('tl.hadamard_product', {
  summary: 'c := alpha a .* b + beta c (collective)',
  properties: { atomic: UnitAttr },
  operands: { alpha: AnyType, A: MemrefType, B: MemrefType, beta: AnyType, C: MemrefType },
  assemblyFormat: blasOperands(['alpha', 'A', 'B', 'beta', 'C']),
});

export const SumOp = defineOp('tl.sum', {
  summary: 'B := alpha op(A) 1 + beta B (collective)',
  properties: { trans: Transpose, atomic: UnitAttr },
  operands: { alpha: AnyType, A: MemrefType, beta: AnyType, B: MemrefType },
  assemblyFormat: '$trans ' + blasOperands(['alpha', 'A', 'beta', 'B']),
});

export const BarrierOp = defineOp('tl.barrier', { summary: 'A work-group barrier', assemblyFormat: 'attr-dict' });

export const LifetimeStopOp = defineOp('tl.lifetime_stop', {
  summary: 'Ends the lifetime of an alloca',
  operands: { operand: MemrefType },
  assemblyFormat: '$operand attr-dict `:` type($operand)',
});

export const YieldOp = defineOp('tl.yield', {
  summary: 'Returns values from an if',
  operands: { values: Variadic(AnyType) },
  assemblyFormat: 'attr-dict ($values^ `:` type($values))?',
});

/** `for`: the region's block has the loop variable as argument. */
export const ForOp = defineOp('tl.for', {
  summary: 'A sequential loop (mixed region)',
  operands: { from: AnyType, to: SameAs('from'), step: Optional(SameAs('from')) },
  regions: { body: AnyRegion },
  traits: [SingleBlock, NoTerminator],
  assemblyFormat: '$from `,` $to (`,` $step^)? attr-dict `:` type($from) $body',
});

export const ForeachOp = defineOp('tl.foreach', {
  summary: 'A loop spread over the work-items (spmd region)',
  operands: { from: AnyType, to: SameAs('from') },
  regions: { body: AnyRegion },
  traits: [SingleBlock, NoTerminator],
  assemblyFormat: '$from `,` $to attr-dict `:` type($from) $body',
});

export const IfOp = defineOp('tl.if', {
  summary: 'A conditional with optional results',
  operands: { condition: I1 },
  results: { results: Variadic(AnyType) },
  regions: { then: AnyRegion, else: AnyRegion },
  traits: [NoTerminator],
  assemblyFormat: '$condition (`->` `(` type($results)^ `)`)? $then `else` $else attr-dict',
});

export const TL_OPERATIONS = [
  FuncOp,
  ConstantOp,
  AllocaOp,
  ArithOp,
  ArithUnaryOp,
  CastOp,
  CmpOp,
  ExpandOp,
  FuseOp,
  GroupIdOp,
  GroupSizeOp,
  LoadOp,
  SizeOp,
  SubviewOp,
  StoreOp,
  AxpbyOp,
  GemmOp,
  GemvOp,
  GerOp,
  HadamardProductOp,
  SumOp,
  BarrierOp,
  LifetimeStopOp,
  YieldOp,
  ForOp,
  ForeachOp,
  IfOp,
] as const;
