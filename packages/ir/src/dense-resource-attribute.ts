import { Attribute } from './attribute.js';
import type { ShapedType } from './builtin-types.js';
import type { Context } from './context.js';
import { quoteString } from './printer/escape.js';
import type { AttrTypeWriter } from './printer/text-writer.js';

/**
 * `dense_resource<key> : tensor<...>` (MLIR's DenseResourceElementsAttr): elements whose data is a blob kept
 * outside the IR, under `key` in the context's builtin resources (`Context.builtinResources`), which a file gives
 * in its `{-# dialect_resources: { builtin: { key: "0x..." } } #-}` metadata. The blob may be absent (the
 * attribute then only names it). The printer writes the blobs of the attributes it printed after the module.
 */
export class DenseResourceElementsAttr extends Attribute {
  private constructor(
    private readonly shapedType: ShapedType,
    readonly key: string,
  ) {
    super();
  }

  static get(ctx: Context, type: ShapedType, key: string): DenseResourceElementsAttr {
    // The printer must collect the blobs to write: the alias walk is not skipped once one exists.
    ctx.mayHaveAliases = true;
    return ctx.intern(`dense_resource${type.id}:${key}`, () => new DenseResourceElementsAttr(type, key));
  }

  override get type(): ShapedType {
    return this.shapedType;
  }

  /** The blob's bytes after its 4-byte alignment header, or undefined when the context has no blob for the key. */
  data(ctx: Context): Uint8Array | undefined {
    return ctx.builtinResources.get(this.key)?.subarray(4);
  }

  print(w: AttrTypeWriter): void {
    w.write(`dense_resource<${resourceKeyText(this.key)}> : `);
    w.printType(this.shapedType);
  }
}

/** A resource key as printed: a bare identifier, or a quoted string when it is not one. */
export function resourceKeyText(key: string): string {
  return /^[A-Za-z_][A-Za-z0-9_$.]*$/.test(key) ? key : quoteString(key);
}

/**
 * A blob as a file's metadata writes it: `"0x"`, the 4-byte little-endian alignment and the data, in upper-case hex.
 * A blob without data is `"0x00000000"`, whatever alignment it was read with, as mlir-opt prints it.
 */
export function resourceBlobText(blob: Uint8Array): string {
  if (blob.length <= 4) return '"0x00000000"';
  let out = '"0x';
  for (const b of blob) out += HEX[b >> 4]! + HEX[b & 15]!;
  return out + '"';
}
const HEX = '0123456789ABCDEF';
