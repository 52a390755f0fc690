// A plain model of the BLAS-like collectives, independent of the interpreter: matrices are JS arrays with an
// accessor, and every collective is its textbook loop nest. `round` is applied after every operation (identity
// for exact checks, Math.fround for the f32 order of operations the interpreter documents).

export interface Matrix {
  readonly rows: number;
  readonly cols: number;
  at(r: number, c: number): number;
}

export type Round = (v: number) => number;
const exact: Round = (v) => v;

/** A column-major rows x cols matrix over `data` with leading dimension `ld`, read transposed when `trans`. */
export function matrix(data: readonly number[], rows: number, cols: number, ld = rows, trans = false): Matrix {
  const get = (r: number, c: number): number => data[r + c * ld]!;
  return trans ? { rows: cols, cols: rows, at: (r, c) => get(c, r) } : { rows, cols, at: get };
}

/** c := alpha x + beta c, with c not read when beta is 0. */
const update = (alpha: number, x: number, beta: number, c: number, round: Round): number =>
  beta === 0 ? round(alpha * x) : round(round(alpha * x) + round(beta * c));

export function gemm(alpha: number, A: Matrix, B: Matrix, beta: number, C: Matrix, round: Round = exact): number[][] {
  const out: number[][] = [];
  for (let m = 0; m < C.rows; m++) {
    out.push([]);
    for (let n = 0; n < C.cols; n++) {
      let acc = 0;
      for (let k = 0; k < A.cols; k++) acc = round(acc + round(A.at(m, k) * B.at(k, n)));
      out[m]!.push(update(alpha, acc, beta, C.at(m, n), round));
    }
  }
  return out;
}

export function gemv(alpha: number, A: Matrix, b: readonly number[], beta: number, c: readonly number[], round: Round = exact): number[] {
  return c.map((cm, m) => {
    let acc = 0;
    for (let k = 0; k < A.cols; k++) acc = round(acc + round(A.at(m, k) * b[k]!));
    return update(alpha, acc, beta, cm, round);
  });
}

export function ger(alpha: number, a: readonly number[], b: readonly number[], beta: number, C: Matrix, round: Round = exact): number[][] {
  return a.map((am, m) => b.map((bn, n) => update(alpha, round(am * bn), beta, C.at(m, n), round)));
}

export function hadamard(alpha: number, a: readonly number[], b: readonly number[], beta: number, c: readonly number[], round: Round = exact): number[] {
  return c.map((cm, m) => update(alpha, round(a[m]! * b[m]!), beta, cm, round));
}

export function axpby(alpha: number, A: Matrix, beta: number, B: Matrix, round: Round = exact): number[][] {
  return Array.from({ length: B.rows }, (_, m) => Array.from({ length: B.cols }, (_, n) => update(alpha, A.at(m, n), beta, B.at(m, n), round)));
}

/** Row sums of op(A) (a vector is a 1 x K matrix here, summed into one value). */
export function sum(alpha: number, A: Matrix, beta: number, b: readonly number[], round: Round = exact): number[] {
  return b.map((bm, m) => {
    let acc = 0;
    for (let k = 0; k < A.cols; k++) acc = round(acc + A.at(m, k));
    return update(alpha, acc, beta, bm, round);
  });
}

/** The elements of a rows x cols result in column-major order (as MemrefView.toArray gives them). */
export const columnMajor = (m: readonly (readonly number[])[]): number[] => (m.length ? m[0]!.flatMap((_, c) => m.map((row) => row[c]!)) : []);
