import type { Attribute } from './attribute.js';
import type { Block } from './block.js';
import type { NamedAttribute } from './builtin-attributes.js';
import type { Location } from './location.js';
import { Region } from './region.js';
import type { Type } from './type.js';
import type { Value } from './value.js';

/** Everything needed to create an operation; filled by builders and by custom parsers. */
export class OperationState {
  operands: Value[] = [];
  resultTypes: Type[] = [];
  /** Discardable attributes (the `{...}` dictionary). */
  attributes: NamedAttribute[] = [];
  /** Inherent attributes (the `<{...}>` properties); a dictionary for registered ops, any attribute otherwise. */
  properties: Attribute | undefined = undefined;
  regions: Region[] = [];
  successors: Block[] = [];

  constructor(
    public name: string,
    public loc: Location,
  ) {}

  addOperands(...values: Value[]): this {
    this.operands.push(...values);
    return this;
  }

  addTypes(...types: Type[]): this {
    this.resultTypes.push(...types);
    return this;
  }

  addAttribute(name: string, value: Attribute): this {
    const i = this.attributes.findIndex((a) => a.name === name);
    if (i >= 0) this.attributes[i] = { name, value };
    else this.attributes.push({ name, value });
    return this;
  }

  /** Adds an empty region (filled by the caller) and returns it. */
  addRegion(): Region {
    const r = new Region();
    this.regions.push(r);
    return r;
  }

  addSuccessors(...blocks: Block[]): this {
    this.successors.push(...blocks);
    return this;
  }
}
