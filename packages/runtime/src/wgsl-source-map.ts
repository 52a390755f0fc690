/**
 * The map from lines of generated WGSL back to the kernel source positions they were generated from (the
 * manifest's sourceMap). A WGSL line without an entry belongs to the nearest entry above it.
 */
import { FileLineColLoc } from '@tlir/ir';
import type { SourceMapEntry } from './kernel-manifest.js';

export class WgslSourceMap {
  private readonly entries: readonly SourceMapEntry[];

  constructor(entries: readonly SourceMapEntry[]) {
    this.entries = [...entries].sort((a, b) => a.wgslLine - b.wgslLine);
  }

  /** The kernel source position of 1-based WGSL line `wgslLine`, if the map reaches it. */
  locate(wgslLine: number): FileLineColLoc | undefined {
    let lo = 0;
    let hi = this.entries.length - 1;
    let found: SourceMapEntry | undefined;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      const entry = this.entries[mid]!;
      if (entry.wgslLine <= wgslLine) {
        found = entry;
        lo = mid + 1;
      } else hi = mid - 1;
    }
    return found ? new FileLineColLoc(found.file, found.line, found.column) : undefined;
  }
}
