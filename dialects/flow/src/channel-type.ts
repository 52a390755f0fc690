// `!flow.channel`: one participant of a group that runs collective operations together (IREE's ChannelType).
import { defineType, typeConstraint } from '@tlir/ir';

export const ChannelType = defineType('flow.channel', {
  summary: 'a collecive communication channel',
  description: `
\`!flow.channel\` represents a single participant in a collective clique. Multiple channels may exist within the same
program to allow for partial operations or hierarchical operations. In programs that have already been partitioned
prior to being compiled there will often exist only one channel and \`flow.channel.default\` can be used to reference
it. In the reference interpreter (a single device) every channel has one participant: rank 0 of 1.
`,
});
export type ChannelType = ReturnType<typeof ChannelType.get>;

/** `!flow.channel` as an operand or result constraint; formats may leave the type out (it has no parameters). */
export const AnyChannel = typeConstraint<ChannelType>('a collecive communication channel', (t) => ChannelType.is(t), (ctx) => ChannelType.get(ctx, {}));
