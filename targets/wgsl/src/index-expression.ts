// Index arithmetic that the translation itself builds (element addresses from offsets, strides and indices; the
// offsets, sizes and strides of views): an i32 linear combination `c + k1 * t1 + k2 * t2 + ...` of WGSL atoms (names
// and uniform fields), folded as it is built so static layouts give plain numbers in the WGSL.
import { i32Literal } from './wgsl-literals.js';

/** An immutable linear combination of WGSL i32 atoms with integer coefficients plus a constant. */
export class IndexExpression {
  private constructor(
    readonly constant: number,
    /** Atom text to its coefficient (never 0), in the order the atoms first appeared. */
    readonly terms: ReadonlyMap<string, number>,
  ) {}

  /** The constant `n`, wrapped to 32 bits as WGSL's i32 arithmetic wraps. */
  static constant(n: number): IndexExpression {
    return new IndexExpression(wrap32(n), new Map());
  }

  /** A WGSL atom: a name, a field access, a literal or a parenthesized expression. */
  static atom(text: string): IndexExpression {
    return new IndexExpression(0, new Map([[text, 1]]));
  }

  static readonly ZERO = IndexExpression.constant(0);

  get isConstant(): boolean {
    return this.terms.size === 0;
  }

  /** The value when constant. */
  get value(): number | undefined {
    return this.isConstant ? this.constant : undefined;
  }

  /** Whether this is one atom (a name or literal) that needs no `let` to be reused. */
  get isAtom(): boolean {
    return (this.terms.size === 0) || (this.terms.size === 1 && this.constant === 0 && [...this.terms.values()][0] === 1);
  }

  add(other: IndexExpression): IndexExpression {
    const terms = new Map(this.terms);
    for (const [t, k] of other.terms) {
      const sum = wrap32((terms.get(t) ?? 0) + k);
      if (sum === 0) terms.delete(t);
      else terms.set(t, sum);
    }
    return new IndexExpression(wrap32(this.constant + other.constant), terms);
  }

  scale(k: number): IndexExpression {
    if (k === 0) return IndexExpression.ZERO;
    if (k === 1) return this;
    const terms = new Map<string, number>();
    for (const [t, c] of this.terms) {
      const product = wrap32(Math.imul(c, k));
      if (product !== 0) terms.set(t, product);
    }
    return new IndexExpression(wrap32(Math.imul(this.constant, k)), terms);
  }

  /** The product; a product of two non-constant expressions becomes one atom `(a * b)`. */
  mul(other: IndexExpression): IndexExpression {
    if (other.isConstant) return this.scale(other.constant);
    if (this.isConstant) return other.scale(this.constant);
    return IndexExpression.atom(`(${this.toAtom()} * ${other.toAtom()})`);
  }

  /** WGSL text of an i32 expression (no outer parentheses). */
  toWgsl(): string {
    const parts: string[] = [];
    for (const [t, k] of this.terms) {
      const negative = k < 0 && k !== I32_MIN;
      const magnitude = negative ? -k : k;
      const text = magnitude === 1 ? t : `${t} * ${i32Literal(magnitude)}`;
      if (parts.length === 0) parts.push(negative ? `-${maybeParenthesize(text)}` : text);
      else parts.push(negative ? `- ${text}` : `+ ${text}`);
    }
    if (parts.length === 0) return i32Literal(this.constant);
    if (this.constant < 0 && this.constant !== I32_MIN) parts.push(`- ${i32Literal(-this.constant)}`);
    else if (this.constant !== 0) parts.push(`+ ${i32Literal(this.constant)}`);
    return parts.join(' ');
  }

  /** WGSL text usable as an operand: an atom as it is, anything else in parentheses. */
  toAtom(): string {
    const text = this.toWgsl();
    return this.isAtom ? text : `(${text})`;
  }
}

const I32_MIN = -2147483648;

/** `n` wrapped to a signed 32-bit integer. */
function wrap32(n: number): number {
  return Number(BigInt.asIntN(32, BigInt(n)));
}

function maybeParenthesize(text: string): string {
  return /^[A-Za-z_][A-Za-z0-9_.]*$/.test(text) ? text : `(${text})`;
}
