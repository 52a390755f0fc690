import { CallSiteLoc, FileLineColLoc, FusedLoc, NameLoc, type Location } from '../location.js';
import { quoteString } from './escape.js';

/** The body of `loc(...)`: `"file":1:2`, `unknown`, `"name"(child)`, `callsite(a at b)`, `fused[a, b]`. */
export function formatLocation(loc: Location): string {
  if (loc instanceof FileLineColLoc) {
    let s = `${quoteString(loc.file)}:${loc.line}:${loc.column}`;
    // A range that ends where it starts prints as a point, as in MLIR.
    if (loc.endLine !== undefined && loc.endColumn !== undefined && (loc.endLine !== loc.line || loc.endColumn !== loc.column)) {
      s += loc.endLine === loc.line ? ` to :${loc.endColumn}` : ` to ${loc.endLine}:${loc.endColumn}`;
    }
    return s;
  }
  if (loc instanceof NameLoc) {
    return loc.child.kind === 'unknown' ? quoteString(loc.name) : `${quoteString(loc.name)}(${formatLocation(loc.child)})`;
  }
  if (loc instanceof CallSiteLoc) return `callsite(${formatLocation(loc.callee)} at ${formatLocation(loc.caller)})`;
  if (loc instanceof FusedLoc) {
    const meta = loc.metadata ? `<${loc.metadata.toString()}>` : '';
    return `fused${meta}[${loc.locations.map(formatLocation).join(', ')}]`;
  }
  return 'unknown';
}
