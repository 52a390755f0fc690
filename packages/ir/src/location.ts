/**
 * Source locations, as in MLIR's builtin location attributes: every operation and block argument carries one,
 * and transformations keep them (a fused location records several origins).
 */
export abstract class Location {
  /** What kind of location this is (a prototype getter, so locations stay small: there is one per op). */
  abstract get kind(): 'file' | 'unknown' | 'name' | 'fused' | 'callsite';
  /** The first file:line:col position this location refers to, if any (used to render diagnostics). */
  abstract fileLoc(): FileLineColLoc | undefined;
  abstract equals(other: Location): boolean;
}

/** `"file":line:col`, optionally a range `"file":l:c to l2:c2` (MLIR's FileLineColRange). Lines/columns are 1-based. */
export class FileLineColLoc extends Location {
  get kind(): 'file' {
    return 'file';
  }
  constructor(
    readonly file: string,
    readonly line: number,
    readonly column: number,
  ) {
    super();
  }
  /** The end of a range (`"f":1:2 to 3:4`); undefined for a point. */
  get endLine(): number | undefined {
    return undefined;
  }
  get endColumn(): number | undefined {
    return undefined;
  }
  fileLoc(): FileLineColLoc {
    return this;
  }
  equals(o: Location): boolean {
    return (
      o instanceof FileLineColLoc &&
      o.file === this.file &&
      o.line === this.line &&
      o.column === this.column &&
      o.endLine === this.endLine &&
      o.endColumn === this.endColumn
    );
  }
}

export class UnknownLoc extends Location {
  get kind(): 'unknown' {
    return 'unknown';
  }
  static readonly instance = new UnknownLoc();
  private constructor() {
    super();
  }
  fileLoc(): undefined {
    return undefined;
  }
  equals(o: Location): boolean {
    return o === this;
  }
}

/** `"file":l:c to l2:c2`: a source range (MLIR's FileLineColRange); a point is a plain FileLineColLoc. */
export class FileLineColRange extends FileLineColLoc {
  constructor(
    file: string,
    line: number,
    column: number,
    private readonly rangeEndLine: number,
    private readonly rangeEndColumn: number,
  ) {
    super(file, line, column);
  }
  override get endLine(): number {
    return this.rangeEndLine;
  }
  override get endColumn(): number {
    return this.rangeEndColumn;
  }
}

/** `"name"(child)`: a named location, e.g. a value name from the source language. */
export class NameLoc extends Location {
  get kind(): 'name' {
    return 'name';
  }
  constructor(
    readonly name: string,
    readonly child: Location = UnknownLoc.instance,
  ) {
    super();
  }
  fileLoc(): FileLineColLoc | undefined {
    return this.child.fileLoc();
  }
  equals(o: Location): boolean {
    return o instanceof NameLoc && o.name === this.name && o.child.equals(this.child);
  }
}

/** `fused<metadata>[a, b]`: an operation that came from several places (e.g. after a fusion or CSE). */
export class FusedLoc extends Location {
  get kind(): 'fused' {
    return 'fused';
  }
  constructor(
    readonly locations: readonly Location[],
    /** Optional metadata attribute, kept as its printed text to keep this module free of attribute imports. */
    readonly metadata?: import('./attribute.js').Attribute,
  ) {
    super();
  }
  fileLoc(): FileLineColLoc | undefined {
    for (const l of this.locations) {
      const f = l.fileLoc();
      if (f) return f;
    }
    return undefined;
  }
  equals(o: Location): boolean {
    return (
      o instanceof FusedLoc &&
      o.metadata === this.metadata &&
      o.locations.length === this.locations.length &&
      o.locations.every((l, i) => l.equals(this.locations[i]!))
    );
  }
}

/** `callsite(callee at caller)`: code inlined from `callee` at the call in `caller`. */
export class CallSiteLoc extends Location {
  get kind(): 'callsite' {
    return 'callsite';
  }
  constructor(
    readonly callee: Location,
    readonly caller: Location,
  ) {
    super();
  }
  fileLoc(): FileLineColLoc | undefined {
    return this.callee.fileLoc() ?? this.caller.fileLoc();
  }
  equals(o: Location): boolean {
    return o instanceof CallSiteLoc && o.callee.equals(this.callee) && o.caller.equals(this.caller);
  }
}

/**
 * Fuses locations the way MLIR's FusedLoc::get does (and so its parser, for `loc(fused<m>[...])`): a nested
 * fused location with the same metadata is flattened, duplicates and unknown locations are dropped; without
 * metadata, one remaining location is returned as is and none gives the unknown location (with metadata, the
 * fused location is kept: `fused<m>[unknown]` when nothing is left).
 */
export function fuseLocations(locs: readonly Location[], metadata?: import('./attribute.js').Attribute): Location {
  const out: Location[] = [];
  const add = (l: Location): void => {
    if (l instanceof FusedLoc && l.metadata === metadata) {
      l.locations.forEach(add);
      return;
    }
    if (l instanceof UnknownLoc) return;
    if (!out.some((x) => x.equals(l))) out.push(l);
  };
  locs.forEach(add);
  if (out.length === 0) return metadata ? new FusedLoc([UnknownLoc.instance], metadata) : UnknownLoc.instance;
  if (out.length === 1 && !metadata) return out[0]!;
  return new FusedLoc(out, metadata);
}
