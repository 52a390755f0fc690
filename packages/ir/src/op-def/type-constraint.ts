import {
  ComplexType,
  FloatType,
  FunctionType,
  IndexType,
  IntegerType,
  MemRefType,
  NoneType,
  RankedTensorType,
  ShapedType,
  TupleType,
  UnrankedMemRefType,
  UnrankedTensorType,
  VectorType,
} from '../builtin-types.js';
import type { Context } from '../context.js';
import type { DialectAsmParser } from '../parser/dialect-asm-parser.js';
import type { AttrTypeWriter } from '../printer/text-writer.js';
import type { Type } from '../type.js';

/**
 * What the type of an operand or result must be, like an ODS type constraint. `summary` is the phrase MLIR's
 * messages use ("operand #0 must be signless-integer-like, but got 'f32'").
 */
export interface TypeConstraint<T extends Type = Type> {
  readonly kind: 'type';
  readonly summary: string;
  /** Whether `type` satisfies the constraint. */
  check(type: Type): type is T;
  /**
   * The one type the constraint allows, when there is one (`I1`, `Index`): an assembly format may then leave the
   * type out, as ODS does with buildable types.
   */
  readonly build?: (ctx: Context) => T;
  /**
   * A dialect type definition (`defineType`) whose values `type($x)` prints stripped of `!dialect.mnemonic`
   * (as ODS does for a constraint with a concrete C++ class), unless `qualified`.
   */
  readonly stripped?: StrippedForm<T>;
  /**
   * The class of types the constraint is about, when it is one class (MLIR: the constraint's C++ class):
   * `type($x)` in a format reports another kind of type as "invalid kind of type specified: expected
   * builtin.function, but found 'i32'" when parsing, as MLIR does. A class without a name (MLIR's base classes such
   * as BaseMemRefType) reports only "invalid kind of type specified".
   */
  readonly typeClass?: { readonly name?: string; check(type: Type): boolean };
}

/**
 * How a dialect type or attribute is written without its `!dialect.mnemonic` / `#dialect.mnemonic` prefix, as
 * assembly formats write the values of constraints that name one definition.
 */
export interface StrippedForm<T> {
  parse(parser: DialectAsmParser): T;
  print(value: T, w: AttrTypeWriter): void;
}

/** A class of types usable as a constraint (its instances pass): `FunctionType`, `MemRefType`, a dialect type. */
export type TypeClass<T extends Type = Type> = (abstract new (...args: never[]) => T) | (Function & { prototype: T });

/** Declares a type constraint from a predicate. */
export function typeConstraint<T extends Type = Type>(
  summary: string,
  check: (type: Type) => boolean,
  build?: (ctx: Context) => T,
  typeClass?: TypeConstraint['typeClass'],
): TypeConstraint<T> {
  return Object.freeze({ kind: 'type', summary, check: check as (type: Type) => type is T, build, typeClass });
}

const classOf = (name: string, cls: Function): TypeConstraint['typeClass'] => ({ name, check: (t) => t instanceof cls });
const FUNCTION_CLASS = classOf('builtin.function', FunctionType);
const MEMREF_CLASS = classOf('builtin.memref', MemRefType);
const INTEGER_CLASS = classOf('builtin.integer', IntegerType);
const VECTOR_CLASS = classOf('builtin.vector', VectorType);
const TENSOR_CLASS = classOf('builtin.tensor', RankedTensorType);

// The summaries of classes used directly as constraints (ODS's phrases for the same constraints).
const classSummaries = new Map<Function, string>([
  [IntegerType, 'integer'],
  [IndexType, 'index'],
  [FloatType, 'floating-point'],
  [NoneType, 'none type'],
  [FunctionType, 'function type'],
  [TupleType, 'tuple'],
  [ComplexType, 'complex-type'],
  [VectorType, 'vector of any type values'],
  [RankedTensorType, 'ranked tensor of any type values'],
  [UnrankedTensorType, 'unranked tensor of any type values'],
  [MemRefType, 'memref of any type values'],
  [UnrankedMemRefType, 'unranked.memref of any type values'],
  [ShapedType, 'shaped of any type values'],
]);
const classConstraints = new WeakMap<Function, TypeConstraint>();
// MLIR's names of the builtin type classes, for "invalid kind of type specified" messages.
const classNames = new Map<Function, string>([
  [IntegerType, 'builtin.integer'],
  [IndexType, 'builtin.index'],
  [FunctionType, 'builtin.function'],
  [TupleType, 'builtin.tuple'],
  [ComplexType, 'builtin.complex'],
  [VectorType, 'builtin.vector'],
  [RankedTensorType, 'builtin.tensor'],
  [UnrankedTensorType, 'builtin.unranked_tensor'],
  [MemRefType, 'builtin.memref'],
  [UnrankedMemRefType, 'builtin.unranked_memref'],
  [NoneType, 'builtin.none'],
]);

/** Gives a class used as a constraint the summary its messages show (dialect types register theirs). */
export function setTypeClassSummary(cls: Function, summary: string): void {
  classSummaries.set(cls, summary);
  classConstraints.delete(cls);
}

/** The constraint a class or constraint object stands for. */
export function toTypeConstraint(c: TypeConstraint | TypeClass): TypeConstraint {
  if (typeof c !== 'function') return c;
  let tc = classConstraints.get(c);
  if (!tc) {
    const cls = c;
    tc = typeConstraint(classSummaries.get(cls) ?? cls.name, (t) => t instanceof cls, undefined, classNames.has(cls) ? classOf(classNames.get(cls)!, cls) : undefined);
    classConstraints.set(cls, tc);
  }
  return tc;
}

const isSignlessInt = (t: Type, width?: number): boolean => t instanceof IntegerType && t.isSignless(width);

/** Any type. */
export const AnyType = typeConstraint('any type', () => true);
/** `iN`, `siN`, `uiN`. */
export const AnyInteger = typeConstraint<IntegerType>('integer', (t) => t instanceof IntegerType, undefined, INTEGER_CLASS);
/** `iN`. */
export const AnySignlessInteger = typeConstraint<IntegerType>('signless integer', (t) => isSignlessInt(t));
export const AnySignedInteger = typeConstraint<IntegerType>('signed integer', (t) => t instanceof IntegerType && t.signedness === 'signed');
export const AnyUnsignedInteger = typeConstraint<IntegerType>('unsigned integer', (t) => t instanceof IntegerType && t.signedness === 'unsigned');

const signlessIntegers = new Map<number, TypeConstraint<IntegerType>>();
/** `i<width>`, e.g. `SignlessInteger(32)` for `i32` (buildable, so formats may leave it out). */
export function SignlessInteger(width: number): TypeConstraint<IntegerType> {
  let c = signlessIntegers.get(width);
  if (!c) {
    c = typeConstraint<IntegerType>(`${width}-bit signless integer`, (t) => isSignlessInt(t, width), (ctx) => IntegerType.get(ctx, width));
    signlessIntegers.set(width, c);
  }
  return c;
}
export const I1 = SignlessInteger(1);
export const I8 = SignlessInteger(8);
export const I16 = SignlessInteger(16);
export const I32 = SignlessInteger(32);
export const I64 = SignlessInteger(64);

/** `index`. */
export const Index = typeConstraint<IndexType>('index', (t) => t instanceof IndexType, (ctx) => IndexType.get(ctx));
/** A signless integer or index. */
export const AnySignlessIntegerOrIndex = typeConstraint('signless integer or index', (t) => isSignlessInt(t) || t instanceof IndexType);

/** Any floating-point type. */
export const AnyFloat = typeConstraint<FloatType>('floating-point', (t) => t instanceof FloatType);
const floatOf = (kind: 'f16' | 'bf16' | 'f32' | 'f64', summary: string): TypeConstraint<FloatType> =>
  typeConstraint<FloatType>(summary, (t) => t instanceof FloatType && t.kind === kind, (ctx) => FloatType.get(ctx, kind));
export const F16 = floatOf('f16', '16-bit float');
export const BF16 = floatOf('bf16', 'bfloat16 type');
export const F32 = floatOf('f32', '32-bit float');
export const F64 = floatOf('f64', '64-bit float');

/** Whether `t` is `scalar`, or a vector or tensor of it (MLIR's "-like" constraints). */
function isLike(t: Type, scalar: (e: Type) => boolean): boolean {
  if (scalar(t)) return true;
  return (t instanceof VectorType || t instanceof RankedTensorType || t instanceof UnrankedTensorType) && scalar(t.elementType);
}

// The element predicates are made once: a constraint's check runs for every operand the verifier sees.
const isSignlessIntOrIndex = (e: Type): boolean => isSignlessInt(e) || e instanceof IndexType;
const isFloat = (e: Type): boolean => e instanceof FloatType;
const isBool = (e: Type): boolean => isSignlessInt(e, 1);
/** A signless integer or index, or a vector or tensor of them (arith's integer ops). */
export const SignlessIntegerLike = typeConstraint('signless-integer-like', (t) => isLike(t, isSignlessIntOrIndex));
/** A floating-point type, or a vector or tensor of one. */
export const FloatLike = typeConstraint('floating-point-like', (t) => isLike(t, isFloat));
/** `i1`, or a vector or tensor of `i1`. */
export const BoolLike = typeConstraint('bool-like', (t) => isLike(t, isBool));

/** The ODS phrase for a list of element types: "32-bit float or 64-bit float". */
function elementSummary(elements: readonly (TypeConstraint | TypeClass)[]): string {
  return elements.map((e) => toTypeConstraint(e).summary).join(' or ');
}
const elementCheck = (elements: readonly (TypeConstraint | TypeClass)[]): ((t: Type) => boolean) => {
  const cs = elements.map(toTypeConstraint);
  return (t) => cs.some((c) => c.check(t));
};

/** A ranked memref of any element type (MLIR's AnyMemRef). */
export const AnyMemRef = typeConstraint<MemRefType>('memref of any type values', (t) => t instanceof MemRefType, undefined, MEMREF_CLASS);
export const AnyUnrankedMemRef = typeConstraint<UnrankedMemRefType>('unranked.memref of any type values', (t) => t instanceof UnrankedMemRefType, undefined, classOf('builtin.unranked_memref', UnrankedMemRefType));
const isBaseMemRef = (t: Type): boolean => t instanceof MemRefType || t instanceof UnrankedMemRefType;
/** A memref, ranked or not (MLIR's AnyRankedOrUnrankedMemRef, whose C++ class is BaseMemRefType). */
export const AnyRankedOrUnrankedMemRef = typeConstraint('ranked or unranked memref of any type values', isBaseMemRef, undefined, { check: isBaseMemRef });
/** A (ranked) memref whose element type satisfies one of `elements`: `MemRefOf([F32, F64])`. */
export function MemRefOf(elements: readonly (TypeConstraint | TypeClass)[]): TypeConstraint<MemRefType> {
  const ok = elementCheck(elements);
  return typeConstraint<MemRefType>(`memref of ${elementSummary(elements)} values`, (t) => t instanceof MemRefType && ok(t.elementType), undefined, MEMREF_CLASS);
}
/** A memref of the given rank(s): `MemRefRankOf([AnyType], [0])` for `0D memref`. */
export function MemRefRankOf(elements: readonly (TypeConstraint | TypeClass)[], ranks: readonly number[]): TypeConstraint<MemRefType> {
  const ok = elementCheck(elements);
  const rankText = ranks.map((r) => `${r}D`).join('/');
  return typeConstraint<MemRefType>(
    `${rankText} memref of ${elementSummary(elements)} values`,
    (t) => t instanceof MemRefType && ranks.includes(t.shape.length) && ok(t.elementType),
    undefined,
    MEMREF_CLASS,
  );
}

export const AnyTensor = typeConstraint('tensor of any type values', (t) => t instanceof RankedTensorType || t instanceof UnrankedTensorType);
export const AnyRankedTensor = typeConstraint<RankedTensorType>('ranked tensor of any type values', (t) => t instanceof RankedTensorType, undefined, TENSOR_CLASS);
export function TensorOf(elements: readonly (TypeConstraint | TypeClass)[]): TypeConstraint {
  const ok = elementCheck(elements);
  return typeConstraint(
    `tensor of ${elementSummary(elements)} values`,
    (t) => (t instanceof RankedTensorType || t instanceof UnrankedTensorType) && ok(t.elementType),
  );
}
export const AnyVector = typeConstraint<VectorType>('vector of any type values', (t) => t instanceof VectorType, undefined, VECTOR_CLASS);
export function VectorOf(elements: readonly (TypeConstraint | TypeClass)[]): TypeConstraint<VectorType> {
  const ok = elementCheck(elements);
  return typeConstraint<VectorType>(`vector of ${elementSummary(elements)} values`, (t) => t instanceof VectorType && ok(t.elementType), undefined, VECTOR_CLASS);
}
/** Any vector, tensor or memref. */
export const AnyShaped = typeConstraint<ShapedType>('shaped of any type values', (t) => t instanceof ShapedType);
/** A shaped type whose element type satisfies one of `elements`. */
export function ShapedOf(elements: readonly (TypeConstraint | TypeClass)[]): TypeConstraint<ShapedType> {
  const ok = elementCheck(elements);
  return typeConstraint<ShapedType>(`shaped of ${elementSummary(elements)} values`, (t) => t instanceof ShapedType && ok(t.elementType));
}

/** A function type (`(i32) -> f32`). */
export const AnyFunctionType = typeConstraint<FunctionType>('function type', (t) => t instanceof FunctionType, undefined, FUNCTION_CLASS);

/** Any of the given constraints: `AnyOf([I32, F32])` ("32-bit signless integer or 32-bit float"). */
export function AnyOf(constraints: readonly (TypeConstraint | TypeClass)[], summary?: string): TypeConstraint {
  return typeConstraint(summary ?? elementSummary(constraints), elementCheck(constraints));
}
