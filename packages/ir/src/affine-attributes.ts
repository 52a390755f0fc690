// Affine maps and integer sets, MLIR's builtin `affine_map<(d0, d1)[s0] -> (d0 + s0, d1)>` and
// `affine_set<(d0)[s0] : (d0 - s0 >= 0, d0 == 0)>` attributes: their expressions in MLIR's canonical form
// (affine-expr.ts), interned, printed as mlir-opt prints them (with `#map` and `#set` aliases at the top of a
// module). A memref layout may be an affine map (MemRefType).
import { Attribute } from './attribute.js';
import type { AttrTypeWriter } from './printer/text-writer.js';
import type { Context } from './context.js';
import { printAffineExpr, type AffineExpr } from './affine-expr.js';

const dimName = (i: number): string => `d${i}`;
const symName = (i: number): string => `s${i}`;

function printDimsAndSymbols(numDims: number, numSymbols: number): string {
  let s = `(${Array.from({ length: numDims }, (_, i) => dimName(i)).join(', ')})`;
  if (numSymbols) s += `[${Array.from({ length: numSymbols }, (_, i) => symName(i)).join(', ')}]`;
  return s;
}

/** `(d0, d1)[s0] -> (d0 + s0, d1)`: an affine map's text without `affine_map<>`. */
function mapText(numDims: number, numSymbols: number, results: readonly AffineExpr[]): string {
  return `${printDimsAndSymbols(numDims, numSymbols)} -> (${results.map((e) => printAffineExpr(e, dimName, symName)).join(', ')})`;
}

export class AffineMapAttr extends Attribute {
  private constructor(
    readonly numDims: number,
    readonly numSymbols: number,
    readonly results: readonly AffineExpr[],
  ) {
    super();
  }

  static get(ctx: Context, numDims: number, numSymbols: number, results: readonly AffineExpr[]): AffineMapAttr {
    ctx.mayHaveAliases = true;
    return ctx.intern(`affine_map<${mapText(numDims, numSymbols, results)}>`, () => new AffineMapAttr(numDims, numSymbols, [...results]));
  }

  /** `(d0, ..., dn-1) -> (d0, ..., dn-1)`. */
  get isIdentity(): boolean {
    if (this.numSymbols !== 0 || this.results.length !== this.numDims) return false;
    return this.results.every((e, i) => e.kind === 'dim' && e.value === i);
  }

  /** Whether every result is a permutation of the dimensions (MLIR's isPermutation). */
  get isPermutation(): boolean {
    if (this.numSymbols !== 0 || this.results.length !== this.numDims) return false;
    const seen = new Set<number>();
    for (const e of this.results) {
      if (e.kind !== 'dim' || seen.has(e.value)) return false;
      seen.add(e.value);
    }
    return true;
  }

  /** The map's text without `affine_map<>`: `(d0)[s0] -> (d0 + s0)`. */
  get body(): string {
    return mapText(this.numDims, this.numSymbols, this.results);
  }

  print(w: AttrTypeWriter): void {
    w.write(`affine_map<${this.body}>`);
  }
}

/** One constraint of an integer set: `expr >= 0`, or `expr == 0` when `equality`. */
export interface AffineConstraint {
  readonly expr: AffineExpr;
  readonly equality: boolean;
}

export class IntegerSetAttr extends Attribute {
  private constructor(
    readonly numDims: number,
    readonly numSymbols: number,
    readonly constraints: readonly AffineConstraint[],
  ) {
    super();
  }

  static get(ctx: Context, numDims: number, numSymbols: number, constraints: readonly AffineConstraint[]): IntegerSetAttr {
    ctx.mayHaveAliases = true;
    return ctx.intern(`affine_set<${setText(numDims, numSymbols, constraints)}>`, () => new IntegerSetAttr(numDims, numSymbols, [...constraints]));
  }

  get body(): string {
    return setText(this.numDims, this.numSymbols, this.constraints);
  }

  print(w: AttrTypeWriter): void {
    w.write(`affine_set<${this.body}>`);
  }
}

function setText(numDims: number, numSymbols: number, constraints: readonly AffineConstraint[]): string {
  const c = constraints.map((k) => `${printAffineExpr(k.expr, dimName, symName)} ${k.equality ? '==' : '>='} 0`);
  return `${printDimsAndSymbols(numDims, numSymbols)} : (${c.join(', ')})`;
}
