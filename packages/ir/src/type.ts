import { StringWriter, type AttrTypeWriter } from './printer/text-writer.js';

/**
 * Base of all types. Types are immutable and interned in their Context (see `Context.intern`), so `a === b` is
 * type equality. Each type prints itself; the text is cached since it never changes.
 */
export abstract class Type {
  // Assigned in the constructor rather than initialized as class fields (see Attribute).
  /** Set by the context when the type is interned; used to build keys of composite types. */
  declare id: number;
  private declare text: string | undefined;

  constructor() {
    this.id = -1;
    this.text = undefined;
  }

  /** Writes the type's textual form (without any alias). */
  abstract print(w: AttrTypeWriter): void;

  toString(): string {
    if (this.text === undefined) {
      const w = new StringWriter();
      this.print(w);
      this.text = w.toString();
    }
    return this.text;
  }
}

/**
 * Base of types that dialects define, printed `!dialect.mnemonic` followed by what `printBody` writes
 * (usually `<...>`). The dialect's `parseType` hook parses them back.
 */
export abstract class DialectType extends Type {
  abstract readonly dialect: string;
  abstract readonly mnemonic: string;
  /** Whether the type may be the element type of a memref (MLIR's MemRefElementTypeInterface). */
  get isMemRefElement(): boolean {
    return false;
  }
  /** Writes what follows the mnemonic, e.g. `<4, f32>`; nothing for a parameterless type. */
  abstract printBody(w: AttrTypeWriter): void;
  print(w: AttrTypeWriter): void {
    w.write(`!${this.dialect}.${this.mnemonic}`);
    this.printBody(w);
  }
}
