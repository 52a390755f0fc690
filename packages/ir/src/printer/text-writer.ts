import type { Attribute } from '../attribute.js';
import type { Type } from '../type.js';

/** How an attribute's type may be printed: `May` elides the default type (i64, f64) as in array elements. */
export const enum TypeElision {
  Never = 0,
  May = 1,
}

/** The minimal printing interface types and attributes print themselves through. */
export interface AttrTypeWriter {
  write(text: string): void;
  printType(type: Type): void;
  printAttribute(attr: Attribute, elision?: TypeElision): void;
  /**
   * The number a `distinct[N]<...>` attribute prints with: 0, 1, ... in the order a printer first prints them
   * (absent: 0, as in a diagnostic's text).
   */
  distinctId?(attr: Attribute): number;
}

/** Accumulates text in chunks; joining once at the end is much faster than repeated concatenation. */
export class StringWriter implements AttrTypeWriter {
  private chunks: string[] = [];
  write(text: string): void {
    this.chunks.push(text);
  }
  printType(type: Type): void {
    this.chunks.push(type.toString());
  }
  printAttribute(attr: Attribute, elision: TypeElision = TypeElision.Never): void {
    this.chunks.push(elision === TypeElision.May ? attr.toStringElided() : attr.toString());
  }
  toString(): string {
    return this.chunks.join('');
  }
}
