import type { Attribute, Operation } from '@tlir/ir';
import { fault, scalarFromAttribute, type InterpreterRegistry } from '@tlir/interpreter';
import { ArithBinaryKind, ArithOp, ArithUnaryKind, ArithUnaryOp, CastOp, CmpCondition, CmpOp, ConstantOp, GroupIdOp, GroupSizeOp } from '../scalar-ops.js';
import { arithBinary, arithUnary, castScalar, compare } from './scalar-semantics.js';

type Scalar = number | bigint;

type Enum<N extends string> = { symbolize(a: never): N | undefined };

/**
 * The cases of enum attributes seen so far, per enum (attributes are interned and immutable, and one attribute,
 * `0 : i32`, is a case of several enums).
 */
const cases = new WeakMap<Enum<string>, WeakMap<Attribute, string>>();

/** The case of an enum property (`kind`, `cond`: `attr`, read through the op's view); a verified op always has one. */
function enumCase<N extends string>(e: Enum<N>, op: Operation, attr: Attribute | undefined, property: string): N {
  if (!attr) return fault(`internal: '${op.name}' has no '${property}'`);
  let ofEnum = cases.get(e);
  if (!ofEnum) cases.set(e, (ofEnum = new WeakMap()));
  let name = ofEnum.get(attr);
  if (name === undefined) {
    name = e.symbolize(attr as never) ?? fault(`internal: '${op.name}' has no valid '${property}'`);
    ofEnum.set(attr, name);
  }
  return name as N;
}

/** constant, arith, arith_unary, cast, cmp, group_id, group_size: replicated scalar instructions. */
export function registerScalarInstructions(registry: InterpreterRegistry): void {
  registry.registerImpl(ConstantOp, (op) => [scalarFromAttribute(op.value) ?? fault(`tl.constant of a value the interpreter does not know: ${op.value}`)]);
  registry.registerImpl(ArithOp, (op, [a, b]) => [arithBinary(enumCase(ArithBinaryKind, op.op, op.kind, 'kind'), op.result.type, a as Scalar, b as Scalar)]);
  registry.registerImpl(ArithUnaryOp, (op, [a]) => [arithUnary(enumCase(ArithUnaryKind, op.op, op.kind, 'kind'), op.result.type, a as Scalar)]);
  registry.registerImpl(CastOp, (op, [a]) => [castScalar(op.a.type, op.result.type, a as Scalar)]);
  registry.registerImpl(CmpOp, (op, [a, b]) => [compare(enumCase(CmpCondition, op.op, op.cond, 'cond'), a as Scalar, b as Scalar)]);
  registry.registerImpl(GroupIdOp, (_op, _operands, ctx) => [ctx.groupId]);
  registry.registerImpl(GroupSizeOp, (_op, _operands, ctx) => [ctx.groupCount]);
}
