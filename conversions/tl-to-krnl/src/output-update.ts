// The update of one output element of a collective, `out := alpha x + beta out`, in the order the tensor language's
// interpreter computes it (alpha x first, then + beta out), with beta == 0 not reading out (BLAS), and `.atomic`
// as an atomic store (beta 0) or an atomic add (beta 1).
import { AtomicRMWKindAttr } from '@tlir/dialect-arith';
import { LoadOp as KrnlLoadOp, StoreOp as KrnlStoreOp } from '@tlir/dialect-krnl';
import { AtomicRMWOp } from '@tlir/dialect-memref';
import { IfOp, YieldOp } from '@tlir/dialect-scf';
import type { Builder, Type, Value } from '@tlir/ir';
import { addScalars, castScalar, constantScalar, isFloat, isZeroScalar, mulScalars } from './arith-semantics.js';

/** Whether beta is zero: always, never, or decided at run time by this i1. */
export type BetaIsZero = boolean | Value;

/** beta == 0 (as beta's own type counts: -0.0 is zero), decided now when beta is a constant. */
export function betaIsZero(b: Builder, beta: Value): BetaIsZero {
  const c = constantScalar(beta);
  return c !== undefined ? c === 0 : isZeroScalar(b, beta);
}

/** The scalars of an update, converted to the compute type once (outside the loops). */
export interface UpdateScalars {
  readonly alpha: Value;
  readonly beta: Value;
  readonly betaIsZero: BetaIsZero;
  readonly atomic: boolean;
  readonly computeType: Type;
}

export function updateScalars(b: Builder, alpha: Value, beta: Value, atomic: boolean, computeType: Type): UpdateScalars {
  return { alpha: castScalar(b, alpha, computeType), beta: castScalar(b, beta, computeType), betaIsZero: betaIsZero(b, beta), atomic, computeType };
}

/** Where the new value goes: the output element itself (at `indices`), or a tile buffer element. */
export interface UpdateTarget {
  readonly out: Value;
  readonly indices: readonly Value[];
  /** The C tile buffer and the element's indices in it, when the result goes back through copy_from_tile_buffer. */
  readonly buffer?: { readonly memref: Value; readonly indices: readonly Value[] };
}

function atomicUpdate(b: Builder, kind: 'assign' | 'add', value: Value, target: UpdateTarget): void {
  const name = kind === 'assign' ? 'assign' : isFloat(value.type) ? 'addf' : 'addi';
  AtomicRMWOp.create(b, { value, memref: target.out, indices: [...target.indices], kind: AtomicRMWKindAttr.get(b.context, name), result: value.type });
}

/** scf.if %cond -> (types) { then() } else { otherwise() }: the values each side yields. */
function branch(b: Builder, cond: Value, types: readonly Type[], then: () => Value[], otherwise: () => Value[]): Value[] {
  const op = IfOp.create(b, { condition: cond, results: types }).op;
  for (const [region, side] of [
    [op.regions[0]!, then],
    [op.regions[1]!, otherwise],
  ] as const) {
    b.withInsertionPoint(() => {
      b.createBlock(region);
      const values = side();
      YieldOp.create(b, { results: values });
    });
  }
  return op.results;
}

/**
 * Stores alpha x + beta out for one element. Non-atomic: beta out is only read when beta is not zero (an scf.if
 * when beta is known at run time only). Atomic (spec: `.atomic`, beta 0 or 1 as in tinytc): an atomic store of
 * alpha x when beta is 0, else an atomic add of it (a run-time beta other than 0 and 1 is undefined; the interpreter
 * reports it on the tl IR).
 */
export function storeUpdate(b: Builder, u: UpdateScalars, x: Value, target: UpdateTarget): void {
  const scaled = mulScalars(b, u.alpha, x);
  if (u.atomic) {
    if (typeof u.betaIsZero === 'boolean') atomicUpdate(b, u.betaIsZero ? 'assign' : 'add', scaled, target);
    else {
      branch(
        b,
        u.betaIsZero,
        [],
        () => (atomicUpdate(b, 'assign', scaled, target), []),
        () => (atomicUpdate(b, 'add', scaled, target), []),
      );
    }
    return;
  }
  const withOld = (): Value => addScalars(b, scaled, mulScalars(b, u.beta, KrnlLoadOp.create(b, { memref: target.out, indices: [...target.indices] }).result));
  const value =
    u.betaIsZero === true ? scaled : u.betaIsZero === false ? withOld() : branch(b, u.betaIsZero, [u.computeType], () => [scaled], () => [withOld()])[0]!;
  if (target.buffer) KrnlStoreOp.create(b, { value, memref: target.buffer.memref, indices: [...target.buffer.indices] });
  else KrnlStoreOp.create(b, { value, memref: target.out, indices: [...target.indices] });
}
