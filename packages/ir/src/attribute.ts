import { StringWriter, TypeElision, type AttrTypeWriter } from './printer/text-writer.js';
import type { Type } from './type.js';

/**
 * Base of all attributes: immutable compile-time values, interned in their Context so `a === b` is equality.
 * The printed text is cached.
 */
export abstract class Attribute {
  // The fields are assigned in the constructor, not initialized as class fields: a base class's field
  // initializers define properties on objects of many subclasses, which V8 does several times slower.
  /** Set by the context when the attribute is interned. */
  declare id: number;
  private declare text: string | undefined;
  private declare elidedText: string | undefined;

  constructor() {
    this.id = -1;
    this.text = undefined;
    this.elidedText = undefined;
  }

  /** The attribute's type where it has one (integer, float, dense elements, ...). */
  get type(): Type | undefined {
    return undefined;
  }

  /** Writes the attribute; with `TypeElision.May`, a default type (i64, f64) is left out as MLIR does in arrays. */
  abstract print(w: AttrTypeWriter, elision: TypeElision): void;

  toString(): string {
    if (this.text === undefined) {
      const w = new StringWriter();
      this.print(w, TypeElision.Never);
      this.text = w.toString();
    }
    return this.text;
  }

  toStringElided(): string {
    if (this.elidedText === undefined) {
      const w = new StringWriter();
      this.print(w, TypeElision.May);
      this.elidedText = w.toString();
    }
    return this.elidedText;
  }
}

/**
 * Base of attributes that dialects define, printed `#dialect.mnemonic` followed by what `printBody` writes.
 * The dialect's `parseAttribute` hook parses them back.
 */
export abstract class DialectAttribute extends Attribute {
  abstract readonly dialect: string;
  abstract readonly mnemonic: string;
  abstract printBody(w: AttrTypeWriter): void;
  print(w: AttrTypeWriter): void {
    w.write(`#${this.dialect}.${this.mnemonic}`);
    this.printBody(w);
  }
}
