// The runtime value of a `!flow.channel` on the reference interpreter's single device: one participant, rank 0.
import type { Type } from '@tlir/ir';
import type { RuntimeObject, RuntimeValue } from '@tlir/interpreter';
import { ChannelType } from '../channel-type.js';

export class ChannelValue implements RuntimeObject {
  readonly runtimeKind = 'channel';
  readonly rank = 0;
  readonly count = 1;

  constructor(readonly group: string | undefined) {}

  describe(): string {
    return `channel${this.group === undefined ? '' : ` of group "${this.group}"`} (rank ${this.rank} of ${this.count})`;
  }
}

/** The registry's check of channel values (null for other types). */
export function channelValueCheck(type: Type, v: RuntimeValue): string | undefined | null {
  if (!ChannelType.is(type)) return null;
  return v instanceof ChannelValue ? undefined : `expected a channel, got ${typeof v === 'object' ? v.describe() : typeof v}`;
}
