import type { Block } from './block.js';
import type { Operation } from './operation.js';
import type { Value } from './value.js';

/** A mapping from original to cloned values, blocks and operations, filled and consulted by `clone`. */
export class IRMapping {
  readonly values = new Map<Value, Value>();
  readonly blocks = new Map<Block, Block>();
  readonly operations = new Map<Operation, Operation>();

  map(from: Value, to: Value): void;
  map(from: Block, to: Block): void;
  map(from: Value | Block, to: Value | Block): void {
    if ('args' in from) this.blocks.set(from, to as Block);
    else this.values.set(from, to as Value);
  }

  lookupOrDefault(v: Value): Value {
    return this.values.get(v) ?? v;
  }

  lookupBlockOrDefault(b: Block): Block {
    return this.blocks.get(b) ?? b;
  }

  contains(v: Value | Block): boolean {
    return 'args' in v ? this.blocks.has(v) : this.values.has(v);
  }
}
