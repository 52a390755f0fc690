// --bounds-check: each load, store and view of a kernel translated with bounds checks compares its indices with the
// sizes of its memref (a view: its last element with the source's sizes) and, for the first access out of bounds in
// any work-item, records which access, the mode, the index, the size and the work-group in a storage buffer the
// runtime reads after the launch (BoundsCheckContract of @tlir/runtime). Without the option nothing is added: the fast
// kernel is unchanged. Loop checks (--loop-check, loop-checks.ts) record the loops an adapter ended in the same record.
import type { Operation } from '@tlir/ir';
import { BOUNDS_RECORD_WORDS, type BindingSlot, type BoundsCheckSite } from '@tlir/runtime';
import type { IndexExpression } from './index-expression.js';
import type { KernelTranslation } from './kernel-translation.js';
import type { WgslNames } from './wgsl-names.js';
import { sourcePositionOf } from './wgsl-writer.js';

/** The checks of one kernel: the record's and the reporting function's names, and the sites checked so far. */
export class BoundsChecks {
  readonly record: string;
  readonly report: string;
  readonly sites: BoundsCheckSite[] = [];

  constructor(names: WgslNames) {
    this.record = names.fresh('tlir_bounds');
    this.report = names.fresh('tlir_out_of_bounds');
  }

  /** The site number of a checked access (or, `kind` 'loop', of a checked loop: loop-checks.ts). */
  site(op: Operation, what: string, kind?: 'loop'): number {
    const loc = sourcePositionOf(op.loc);
    this.sites.push({ what, ...(loc ? { loc } : {}), ...(kind ? { kind } : {}) });
    return this.sites.length - 1;
  }

  /** The record's declaration at `slot`, and the function that writes the first violation into it. */
  declarations(slot: BindingSlot): string[] {
    const r = this.record;
    return [
      `@group(${slot.group}) @binding(${slot.binding}) var<storage, read_write> ${r}: array<atomic<u32>, ${BOUNDS_RECORD_WORDS}>;`,
      '',
      `fn ${this.report}(site: u32, mode: u32, index: i32, size: i32, group: i32) {`,
      '  // The first violation wins: word 0 goes from 0 to site + 1 once.',
      '  loop {',
      `    let seen = atomicCompareExchangeWeak(&${r}[0], 0u, site + 1u);`,
      '    if (seen.exchanged) {',
      `      atomicStore(&${r}[1], mode);`,
      `      atomicStore(&${r}[2], bitcast<u32>(index));`,
      `      atomicStore(&${r}[3], bitcast<u32>(size));`,
      `      atomicStore(&${r}[4], bitcast<u32>(group));`,
      '      return;',
      '    }',
      '    if (seen.old_value != 0u) { return; }',
      '  }',
      '}',
    ];
  }
}

/**
 * Writes the checks of an access (`what`: `load`, `store`, `subview`) whose mode k reaches `index` of a mode of
 * `size`; checks that hold by their constants are left out.
 */
export function checkAccess(t: KernelTranslation, op: Operation, what: string, modes: readonly { readonly index: IndexExpression; readonly size: IndexExpression }[]): void {
  const checks = t.boundsChecks;
  if (!checks) return;
  const needed = modes.map((m, k) => ({ ...m, k })).filter(({ index, size }) => !(index.value !== undefined && size.value !== undefined && index.value >= 0 && index.value < size.value));
  if (!needed.length) return;
  const site = checks.site(op, what);
  for (const { index, size, k } of needed) {
    const i = index.toWgsl();
    const s = size.toWgsl();
    t.line(`if (u32(${i}) >= u32(${s})) { ${checks.report}(${site}u, ${k}u, ${i}, ${s}, ${t.groupId}); }`, op.loc);
  }
}
