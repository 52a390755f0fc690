// Channels and collectives in the reference interpreter: one device, so a channel has one participant (rank 0 of 1)
// and every collective gives that participant's source, in the target's type.
import { FloatType, RankedTensorType, type Operation, type Type, type Value } from '@tlir/ir';
import { fault, integerFormat, wrapInteger, type ExecutionContext, type InterpreterRegistry, type RuntimeValue } from '@tlir/interpreter';
import { ChannelCountOp, ChannelDefaultOp, ChannelRankOp, ChannelSplitOp } from '../channel-ops.js';
import { CollectiveAllGatherOp, CollectiveAllReduceOp, CollectiveAllToAllOp, CollectiveReduceScatterOp, CollectiveSendRecvOp } from '../channel-collective-ops.js';
import { ChannelValue } from './channel-value.js';
import { reinterpretBits } from './element-bits.js';
import { TensorValue, checkTensorShape, shapeText } from './tensor-value.js';

const channel = (v: RuntimeValue | undefined): ChannelValue => (v instanceof ChannelValue ? v : fault('internal: a channel operand is not a channel'));

/** The operands every collective has (a view of any of them). */
interface CollectiveView {
  readonly target: Value;
  readonly target_dims: Value[];
  readonly source: Value;
  readonly channel: Value;
}

/** The target (checked against its dims), the source and the channel. */
function collectiveOperands(c: CollectiveView, ctx: ExecutionContext): { target: TensorValue; source: TensorValue; channel: ChannelValue } {
  const target = ctx.get(c.target) as TensorValue;
  checkTensorShape(target, c.target.type as RankedTensorType, c.target_dims.map((d) => ctx.get(d)), 'the target');
  return { target, source: ctx.get(c.source) as TensorValue, channel: channel(ctx.get(c.channel)) };
}

/** The source as the result: on one device it must have the target's shape; its elements take the target's type. */
function sourceAsResult(ctx: ExecutionContext, op: Operation, target: TensorValue, source: TensorValue): TensorValue {
  if (source.rank !== target.rank || source.shape.some((d, i) => d !== target.shape[i])) {
    fault(`on one device the source (${shapeText(source.shape)}) must have the target's shape (${shapeText(target.shape)}) for '${op.name}'`);
  }
  if (source.elementType === target.elementType) return source;
  const elements = reinterpretBits(source, target.elementType, source.size);
  return TensorValue.build(ctx, target.elementType, target.shape, (i) => elements[i]!);
}

/** The zero of an element type, in its runtime form. */
function zero(type: Type): number | bigint {
  if (type instanceof FloatType) return 0;
  const format = integerFormat(type) ?? fault(`the interpreter has no zero of ${type}`);
  return wrapInteger(format, 0);
}

export function registerCollectiveImplementations(registry: InterpreterRegistry): void {
  registry.registerImpl(ChannelDefaultOp, (op) => [new ChannelValue(op.group?.value)]);
  // Splitting a group of one participant gives a group of one participant.
  registry.registerImpl(ChannelSplitOp, (_op, [ch]) => [new ChannelValue(channel(ch).group)]);
  registry.registerImpl(ChannelRankOp, (_op, [ch]) => [channel(ch).rank]);
  registry.registerImpl(ChannelCountOp, (_op, [ch]) => [channel(ch).count]);

  const exchange = (c: CollectiveView & { readonly op: Operation }, _: readonly RuntimeValue[], ctx: ExecutionContext): RuntimeValue[] => {
    const { target, source } = collectiveOperands(c, ctx);
    return [sourceAsResult(ctx, c.op, target, source)];
  };
  for (const def of [CollectiveAllGatherOp, CollectiveAllReduceOp, CollectiveAllToAllOp, CollectiveReduceScatterOp]) registry.registerImpl(def, exchange);
  registry.registerImpl(CollectiveSendRecvOp, (s, _, ctx) => {
    const { target, source, channel: ch } = collectiveOperands(s, ctx);
    const rank = (v: RuntimeValue, what: string): number => {
      const r = v as number;
      if (r !== -1 && !(r >= 0 && r < ch.count)) fault(`${what} rank ${r} is not a participant of the channel (-1 or 0..${ch.count - 1})`);
      return r;
    };
    const send = rank(ctx.get(s.send), 'the send');
    const recv = rank(ctx.get(s.recv), 'the receive');
    if (recv === -1) return [TensorValue.build(ctx, target.elementType, target.shape, () => zero(target.elementType))];
    if (send !== ch.rank) fault(`rank ${ch.rank} receives from rank ${recv}, which sends ${send === -1 ? 'nothing' : `to rank ${send}`}`);
    return [sourceAsResult(ctx, s.op, target, source)];
  });
}
