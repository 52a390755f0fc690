// The kernel's uniform 'parameters' buffer: one 32-bit word per scalar argument, per dynamic offset, size and stride
// the kernel reads (its dope vectors) and for the group count. Words are given out as the translation needs them,
// so a dope vector entry the kernel never reads has no word (null in the manifest). WGSL reads them as the fields of
// a struct of 32-bit scalars, word n at byte 4n.
import type { BindingSlot, WordType } from '@tlir/runtime';
import { isUsableWgslName, sanitizeWgslName } from './wgsl-names.js';

export interface ParameterField {
  readonly name: string;
  readonly type: WordType;
}

export class ParameterBlock {
  readonly slot: BindingSlot = { group: 0, binding: 0 };
  private readonly fields: ParameterField[] = [];
  private readonly names = new Set<string>();

  /** @param variable the WGSL name of the uniform variable (`params`). */
  constructor(readonly variable: string) {}

  /** A new word named like `wanted`; returns its index and the WGSL expression reading it. */
  word(wanted: string, type: WordType): { word: number; access: string } {
    const base = sanitizeWgslName(wanted);
    let name = base;
    for (let n = 1; this.names.has(name) || !isUsableWgslName(name); n++) name = `${base}_${n}`;
    this.names.add(name);
    this.fields.push({ name, type });
    return { word: this.fields.length - 1, access: `${this.variable}.${name}` };
  }

  get wordCount(): number {
    return this.fields.length;
  }

  /** The uniform buffer's size: the words rounded up to 16 bytes (at least 16). */
  get sizeBytes(): number {
    return Math.max(16, Math.ceil((this.fields.length * 4) / 16) * 16);
  }

  /** `struct <name> { field: type, ... }` lines. */
  structLines(structName: string): string[] {
    return [`struct ${structName} {`, ...this.fields.map((f) => `  ${f.name}: ${f.type},`), '}'];
  }
}
