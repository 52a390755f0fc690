import { Attribute } from './attribute.js';
import { UnitAttr } from './builtin-attributes.js';
import type { Context } from './context.js';
import type { AttrTypeWriter } from './printer/text-writer.js';

/**
 * `distinct[N]<attr>` (MLIR's DistinctAttr): an attribute equal only to itself, wrapping another one (a unit
 * attribute when written `distinct[N]<>`). Two `create` calls with the same wrapped attribute give two
 * different attributes. `N` is not part of the value: the parser maps each `N` of a file to one attribute, and
 * the printer numbers them 0, 1, ... in the order it prints them.
 */
export class DistinctAttr extends Attribute {
  private constructor(readonly referenced: Attribute) {
    super();
  }

  static create(ctx: Context, referenced: Attribute = UnitAttr.get(ctx)): DistinctAttr {
    // The printer must number these: the alias walk is not skipped once one exists.
    ctx.mayHaveAliases = true;
    return ctx.createUnique(new DistinctAttr(referenced));
  }

  print(w: AttrTypeWriter): void {
    w.write(`distinct[${w.distinctId?.(this) ?? 0}]<`);
    if (!(this.referenced instanceof UnitAttr)) w.printAttribute(this.referenced);
    w.write('>');
  }
}
