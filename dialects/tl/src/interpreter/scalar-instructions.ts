import type { Attribute, Operation } from '@tlir/ir';
import { fault, scalarFromAttribute, type InterpreterRegistry } from '@tlir/interpreter';
import { ArithBinaryKind, ArithUnaryKind, CmpCondition } from '../ops.js';
import { arithBinary, arithUnary, castScalar, compare } from './scalar-semantics.js';

type Scalar = number | bigint;

type Enum<N extends string> = { symbolize(a: never): N | undefined };

/**
 * The cases of enum attributes seen so far, per enum (attributes are interned and immutable, and one attribute,
 * `0 : i32`, is a case of several enums).
 */
const cases = new WeakMap<Enum<string>, WeakMap<Attribute, string>>();

/** The case of an enum property (`kind`, `cond`); a verified op always has one. */
function enumCase<N extends string>(e: Enum<N>, op: Operation, property: string): N {
  const attr = op.getProperty(property);
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
  registry.register('tl.constant', (op) => [scalarFromAttribute(op.getProperty('value')!) ?? fault(`tl.constant of a value the interpreter does not know: ${op.getProperty('value')}`)]);
  registry.register('tl.arith', (op, [a, b]) => [arithBinary(enumCase(ArithBinaryKind, op, 'kind'), op.results[0]!.type, a as Scalar, b as Scalar)]);
  registry.register('tl.arith_unary', (op, [a]) => [arithUnary(enumCase(ArithUnaryKind, op, 'kind'), op.results[0]!.type, a as Scalar)]);
  registry.register('tl.cast', (op, [a]) => [castScalar(op.getOperand(0).type, op.results[0]!.type, a as Scalar)]);
  registry.register('tl.cmp', (op, [a, b]) => [compare(enumCase(CmpCondition, op, 'cond'), a as Scalar, b as Scalar)]);
  registry.register('tl.group_id', (_op, _operands, ctx) => [ctx.groupId]);
  registry.register('tl.group_size', (_op, _operands, ctx) => [ctx.groupCount]);
}
