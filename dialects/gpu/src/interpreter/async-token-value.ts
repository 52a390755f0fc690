// The runtime value of !gpu.async.token. The interpreter runs every asynchronous op to its end at once, so a
// token only says which op made it: it is always complete.
import type { Operation } from '@tlir/ir';
import { formatLocationPrefix } from '@tlir/ir';
import type { RuntimeObject } from '@tlir/interpreter';

export class AsyncTokenValue implements RuntimeObject {
  readonly runtimeKind = 'gpu.async.token';

  constructor(
    /** The op that made the token (undefined for a token the host made). */
    readonly producer?: Operation,
  ) {}

  describe(): string {
    return this.producer ? `the async token of ${this.producer.name} at ${formatLocationPrefix(this.producer.loc)}` : 'an async token';
  }
}
