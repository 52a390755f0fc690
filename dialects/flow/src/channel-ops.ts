// The channels collective ops run on (IREE's flow.channel.default, split, rank and count).
import { Index, OptionalAttr, Pure, StrAttr, defineOp } from '@tlir/ir';
import { AnyChannel } from './channel-type.js';

const SINGLE_DEVICE = 'In the reference interpreter (one device) a channel has one participant, of rank 0.';

export const ChannelDefaultOp = defineOp('flow.channel.default', {
  summary: 'Returns a default collective communication channel',
  description: `
Returns a channel initialized using the runtime environment, optionally for a named group. ${SINGLE_DEVICE}

\`\`\`mlir
%channel = flow.channel.default "group" : !flow.channel
\`\`\`
`,
  properties: { group: OptionalAttr(StrAttr) },
  results: { result: AnyChannel },
  traits: [Pure],
  assemblyFormat: '($group^)? `:` type($result) attr-dict-with-keyword',
  getAsmResultNames: (c, setName) => setName(c.result, 'default_channel'),
});

export const ChannelSplitOp = defineOp('flow.channel.split', {
  summary: 'Splits a collective communication channel',
  description: `
Partitions the group associated with the given channel into disjoint subgroups for each unique value of color. Each
new subgroup contains all participants of the same color and within each subgroup the key argument is used to define
the rank order. When multiple participants in a group use the same key the tie will be broken using their rank in
the parent group. ${SINGLE_DEVICE}

\`\`\`mlir
%split = flow.channel.split %channel, %color, %key : !flow.channel -> !flow.channel
\`\`\`
`,
  operands: { channel: AnyChannel, color: Index, key: Index },
  results: { result: AnyChannel },
  assemblyFormat: '$channel `,` $color `,` $key `:` type($channel) `->` type($result) attr-dict-with-keyword',
  getAsmResultNames: (c, setName) => setName(c.result, 'channel'),
});

export const ChannelRankOp = defineOp('flow.channel.rank', {
  summary: 'Returns the rank of the local participant in the group',
  description: `
Returns the rank the channel represents as a participant in a collective group in \`[0, count)\`. ${SINGLE_DEVICE}

\`\`\`mlir
%rank = flow.channel.rank %channel : index
\`\`\`
`,
  operands: { channel: AnyChannel },
  results: { result: Index },
  traits: [Pure],
  assemblyFormat: '$channel `:` type($result) attr-dict-with-keyword',
  getAsmResultNames: (c, setName) => setName(c.result, 'channel_rank'),
});

export const ChannelCountOp = defineOp('flow.channel.count', {
  summary: 'Returns the total number of participants in the group',
  description: `
Returns the total participant count in the collective communicator group. ${SINGLE_DEVICE}

\`\`\`mlir
%count = flow.channel.count %channel : index
\`\`\`
`,
  operands: { channel: AnyChannel },
  results: { result: Index },
  traits: [Pure],
  assemblyFormat: '$channel `:` type($result) attr-dict-with-keyword',
  getAsmResultNames: (c, setName) => setName(c.result, 'channel_count'),
});
