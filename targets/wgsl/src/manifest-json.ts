// The manifest as JSON text for people as well as hosts: one line per argument, binding, dope vector, scalar and
// source map entry (an object nesting at most one level of objects or arrays is written on one line; an array of
// objects always has one object per line), the rest one member per line. The layout depends only on the structure,
// never on the length of a file name.
import type { KernelManifest } from '@tlir/runtime';

/** How deeply `value` nests objects and arrays (0 for a primitive). */
function depth(value: unknown): number {
  if (value === null || typeof value !== 'object') return 0;
  const children = Array.isArray(value) ? value : Object.values(value as Record<string, unknown>);
  return 1 + Math.max(0, ...children.map(depth));
}

const isArrayOfObjects = (value: unknown): boolean => Array.isArray(value) && value.some((v) => v !== null && typeof v === 'object' && !Array.isArray(v));

function format(value: unknown, indent: string): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value);
  if (depth(value) <= 2 && !isArrayOfObjects(value)) return flatJson(value);
  const inner = `${indent}  `;
  if (Array.isArray(value)) return value.length === 0 ? '[]' : `[\n${value.map((v) => inner + format(v, inner)).join(',\n')}\n${indent}]`;
  const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined);
  return `{\n${entries.map(([k, v]) => `${inner}${JSON.stringify(k)}: ${format(v, inner)}`).join(',\n')}\n${indent}}`;
}

/** JSON on one line with a space after ':' and ',' (`{ "group": 0, "binding": 1 }`). */
function flatJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(flatJson).join(', ')}]`;
  const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined);
  return entries.length === 0 ? '{}' : `{ ${entries.map(([k, v]) => `${JSON.stringify(k)}: ${flatJson(v)}`).join(', ')} }`;
}

/** The manifest's JSON text, ending with a newline. */
export function manifestToJson(manifest: KernelManifest): string {
  return `${format(manifest, '')}\n`;
}
