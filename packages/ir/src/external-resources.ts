/**
 * A file's `{-# external_resources: { group: { key: value, ... }, ... } #-}`: resources for tools outside the IR
 * (`mlir_reproducer`'s pipeline, a runtime's data). tlir does not interpret them; as mlir-opt does with groups no one
 * handles, it keeps every entry, in order and with repeated keys, and prints them back after the module.
 */
import { resourceBlobText, resourceKeyText } from './dense-resource-attribute.js';
import { quoteString } from './printer/escape.js';

/** A value: `true`/`false`, a string, or a hex blob (`"0x"`, a 4-byte little-endian alignment, the data). */
export type ExternalResourceValue =
  | { readonly kind: 'bool'; readonly value: boolean }
  | { readonly kind: 'string'; readonly value: string }
  | { readonly kind: 'blob'; readonly bytes: Uint8Array };

/** One entry of a group (a group may name a key twice: both are kept). */
export interface ExternalResourceEntry {
  readonly key: string;
  readonly value: ExternalResourceValue;
}

/** The text of a value as mlir-opt prints it. */
export function externalResourceValueText(value: ExternalResourceValue): string {
  switch (value.kind) {
    case 'bool':
      return String(value.value);
    case 'string':
      return quoteString(value.value);
    case 'blob':
      return resourceBlobText(value.bytes);
  }
}

/** The `external_resources: { ... }` section's lines (empty groups left out, as mlir-opt leaves them out). */
export function externalResourcesText(groups: ReadonlyMap<string, readonly ExternalResourceEntry[]>): string | undefined {
  const printed = [...groups].filter(([, entries]) => entries.length > 0);
  if (printed.length === 0) return undefined;
  const lines = ['  external_resources: {'];
  printed.forEach(([group, entries], g) => {
    lines.push(`    ${group}: {`);
    entries.forEach((e, i) => lines.push(`      ${resourceKeyText(e.key)}: ${externalResourceValueText(e.value)}${i + 1 < entries.length ? ',' : ''}`));
    lines.push(`    }${g + 1 < printed.length ? ',' : ''}`);
  });
  lines.push('  }');
  return lines.join('\n');
}
