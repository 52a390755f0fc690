import { type Type } from '@tlir/ir';
import { promotable, type TypeText } from './scalar-rules.js';
import { DYNAMIC, tlTypeText, type TlMemrefType } from './types.js';

/**
 * The rules of the BLAS-like collective instructions (spec: Axpby, GEMM, GEMV, GER, Hadamard product, Sum),
 * shared by the front end and the ops' verifiers. The memrefs are given in the order the instruction takes them:
 * [A, B] for axpby and sum, [A, B, C] for the others.
 */
export type CollectiveName = 'axpby' | 'sum' | 'gemm' | 'gemv' | 'ger' | 'hadamard_product';

/** Whether the instruction takes two memrefs (alpha, A, beta, B) rather than three (alpha, A, B, beta, C). */
export const takesTwoMemrefs = (op: CollectiveName): boolean => op === 'axpby' || op === 'sum';

const sizeText = (x: readonly number[]): string => (x.length ? x.map((v) => (v === DYNAMIC ? '?' : v)).join('x') : 'a scalar');
/** Mode sizes match unless both are known and differ (`?` matches any size: it is checked at run time). */
const sameSize = (a: number, b: number): boolean => a === DYNAMIC || b === DYNAMIC || a === b;

/** What the spec calls each instruction's memrefs (vectors lower case, matrices upper case). */
const MEMREF_NAMES: Readonly<Record<CollectiveName, readonly string[]>> = {
  axpby: ['A', 'B'],
  sum: ['A', 'B'],
  gemm: ['A', 'B', 'C'],
  gemv: ['A', 'b', 'c'],
  ger: ['a', 'b', 'C'],
  hadamard_product: ['a', 'b', 'c'],
};

/** The shape of op(A): A's shape, reversed for a transposed matrix (`.t` has no effect on vectors). */
/** `1 or 2`, `0, 1 or 2`. */
function orderList(orders: readonly number[]): string {
  return orders.length === 1 ? `${orders[0]}` : `${orders.slice(0, -1).join(', ')} or ${orders.at(-1)}`;
}

function transposed(t: TlMemrefType, trans: string | undefined): number[] {
  return trans === 't' && t.shape.length === 2 ? [t.shape[1]!, t.shape[0]!] : [...t.shape];
}

/** What is wrong with the orders and mode sizes of a collective's memrefs, with `trans` its transpose modifiers. */
export function collectiveShapeProblem(
  op: CollectiveName,
  trans: readonly string[],
  m: readonly TlMemrefType[],
  typeText: TypeText = tlTypeText,
): string | undefined {
  const order = (t: TlMemrefType, orders: readonly number[], name: string): string | undefined =>
    orders.includes(t.shape.length) ? undefined : `${name} must have order ${orderList(orders)}, got ${typeText(t)}`;
  const [A, B, C] = m as [TlMemrefType, TlMemrefType, TlMemrefType];
  switch (op) {
    case 'axpby': {
      // The order of A and B needs to be 0 (a scalar in memory, as tinytc v0.3 accepts: the spec says 1 or 2), 1
      // (vector) or 2 (matrix); op(A) and B have the same shape.
      const p = order(A, [0, 1, 2], 'A') ?? order(B, [0, 1, 2], 'B');
      if (p) return p;
      const a = transposed(A, trans[0]);
      if (a.length !== B.shape.length || a.some((x, k) => !sameSize(x, B.shape[k]!))) {
        return `the shapes of op(A) (${sizeText(a)}) and B (${sizeText(B.shape)}) must be identical`;
      }
      return undefined;
    }
    case 'sum': {
      // A matrix sums into a vector of the size of op(A)'s first mode, a vector into a scalar memref.
      const p = order(A, [1, 2], 'A');
      if (p) return p;
      const a = transposed(A, trans[0]);
      if (a.length === 2) {
        if (B.shape.length !== 1) return `B must be a vector when A is a matrix, got ${typeText(B)}`;
        if (!sameSize(a[0]!, B.shape[0]!)) return `the first mode size of op(A) (${sizeText(a)}) must match the size of B (${sizeText(B.shape)})`;
      } else if (B.shape.length !== 0) return `B must be a scalar memref (order 0) when A is a vector, got ${typeText(B)}`;
      return undefined;
    }
    case 'gemm': {
      const p = order(A, [2], 'A') ?? order(B, [2], 'B') ?? order(C, [2], 'C');
      if (p) return p;
      const a = transposed(A, trans[0]);
      const b = transposed(B, trans[1]);
      if (!sameSize(a[1]!, b[0]!) || !sameSize(a[0]!, C.shape[0]!) || !sameSize(b[1]!, C.shape[1]!)) {
        return `incompatible shapes: op1(A) is ${sizeText(a)}, op2(B) is ${sizeText(b)}, C is ${sizeText(C.shape)} (need MxK, KxN, MxN)`;
      }
      return undefined;
    }
    case 'gemv': {
      const p = order(A, [2], 'A') ?? order(B, [1], 'b') ?? order(C, [1], 'c');
      if (p) return p;
      const a = transposed(A, trans[0]);
      if (!sameSize(a[1]!, B.shape[0]!) || !sameSize(a[0]!, C.shape[0]!)) {
        return `incompatible shapes: op1(A) is ${sizeText(a)}, b is ${sizeText(B.shape)}, c is ${sizeText(C.shape)} (need MxK, K, M)`;
      }
      return undefined;
    }
    case 'ger': {
      const p = order(A, [1], 'a') ?? order(B, [1], 'b') ?? order(C, [2], 'C');
      if (p) return p;
      if (!sameSize(A.shape[0]!, C.shape[0]!) || !sameSize(B.shape[0]!, C.shape[1]!)) {
        return `incompatible shapes: a is ${sizeText(A.shape)}, b is ${sizeText(B.shape)}, C is ${sizeText(C.shape)} (need M, N, MxN)`;
      }
      return undefined;
    }
    case 'hadamard_product': {
      const p = order(A, [1], 'a') ?? order(B, [1], 'b') ?? order(C, [1], 'c');
      if (p) return p;
      const [a, b, c] = [A.shape[0]!, B.shape[0]!, C.shape[0]!];
      if (!sameSize(a, b) || !sameSize(b, c) || !sameSize(a, c)) {
        return `a, b and c must have equal shape, got ${sizeText([a])}, ${sizeText([b])} and ${sizeText([c])}`;
      }
      return undefined;
    }
  }
}

/**
 * What is wrong with the scalar and element types of a collective: as in tinytc, alpha promotes to the element type
 * of A (for axpby and sum) or to the common promoted type of A's and B's elements (the product's type), that type
 * promotes to the element type of the updated memref, and so does beta (see `promotable`).
 */
export function collectiveTypeProblem(
  op: CollectiveName,
  alpha: Type,
  beta: Type,
  m: readonly TlMemrefType[],
  typeText: TypeText = tlTypeText,
): string | undefined {
  const names = MEMREF_NAMES[op];
  const elem = m.map((t) => t.elementType);
  const out = elem[elem.length - 1]!;
  const outName = names[names.length - 1]!;
  let product: Type;
  let productName: string;
  if (takesTwoMemrefs(op)) {
    product = elem[0]!;
    productName = `the element type of ${names[0]}`;
  } else {
    const [a, b] = [elem[0]!, elem[1]!];
    const common = promotable(a, b) ? b : promotable(b, a) ? a : undefined;
    if (!common) return `the element types of ${names[0]} (${typeText(a)}) and ${names[1]} (${typeText(b)}) have no common promoted type`;
    product = common;
    productName = `the product type of ${names[0]} and ${names[1]}`;
  }
  if (!promotable(alpha, product)) return `alpha (${typeText(alpha)}) does not promote to ${productName} (${typeText(product)})`;
  if (!promotable(product, out)) return `${productName} (${typeText(product)}) does not promote to the element type of ${outName} (${typeText(out)})`;
  if (!promotable(beta, out)) return `beta (${typeText(beta)}) does not promote to the element type of ${outName} (${typeText(out)})`;
  return undefined;
}
