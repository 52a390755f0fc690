import type { Operation } from '@tlir/ir';
import { fault, scalarFromAttribute, type InterpreterRegistry } from '@tlir/interpreter';
import { ArithBinaryKind, ArithUnaryKind, CmpCondition } from '../ops.js';
import { arithBinary, arithUnary, castScalar, compare } from './scalar-semantics.js';

type Scalar = number | bigint;

/** The case of an enum property (`kind`, `cond`); a verified op always has one. */
function enumCase<N extends string>(e: { symbolize(a: never): N | undefined }, op: Operation, property: string): N {
  const attr = op.getProperty(property);
  return (attr && e.symbolize(attr as never)) ?? fault(`internal: '${op.name}' has no valid '${property}'`);
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
