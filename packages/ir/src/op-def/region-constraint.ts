import type { Region } from '../region.js';

/** What a region must be, like ODS's region constraints; `summary` is the phrase of MLIR's message. */
export interface RegionConstraint {
  readonly kind: 'region';
  readonly summary: string;
  check(region: Region): boolean;
}

/** Any number of regions of one constraint (`VariadicRegion<AnyRegion>`): the accessor gives an array. */
export interface VariadicRegionSpec {
  readonly arity: 'variadic';
  readonly constraint: RegionConstraint;
}

export type RegionSpec = RegionConstraint | VariadicRegionSpec;

export function regionConstraint(summary: string, check: (region: Region) => boolean): RegionConstraint {
  return Object.freeze({ kind: 'region', summary, check });
}

/** Any region. */
export const AnyRegion = regionConstraint('any region', () => true);
/** A region with exactly `n` blocks (`SizedRegion<1>`). */
export function SizedRegion(n: number): RegionConstraint {
  return regionConstraint(`region with ${n} blocks`, (r) => r.numBlocks === n);
}
/** A region with at least `n` blocks. */
export function MinSizedRegion(n: number): RegionConstraint {
  return regionConstraint(`region with at least ${n} blocks`, (r) => r.numBlocks >= n);
}
/** A region with at most `n` blocks. */
export function MaxSizedRegion(n: number): RegionConstraint {
  return regionConstraint(`region with at most ${n} blocks`, (r) => r.numBlocks <= n);
}

export function VariadicRegion(constraint: RegionConstraint): VariadicRegionSpec {
  return Object.freeze({ arity: 'variadic', constraint });
}
