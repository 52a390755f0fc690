// The range of a loop of a schedule, written once over an index algebra: numbers in the interpreter, SSA values
// built with arith ops in the lowering to scf, the loops a range reads when checking a schedule.
//
// An original loop runs over [lb, ub) by 1. Blocking a loop L of step s by a tile size T gives
//   the tile loop:  [start(L), end(L)) by s*T
//   the point loop: [t, min(t + s*T, end(L))) by s, where t is the current index of the tile loop
// (MLIR's tiling of a loop, as onnx-mlir's krnl.block lowering does it). The min() is left out when every tile of
// L is full: the extent of L is known and a multiple of s*T. The algebra's advanceTo computes it without passing
// end(L) on the way (t + min(s*T, end(L) - t)): t + s*T would wrap in a 32-bit index when end(L) is near 2^31.
import type { IndexAlgebra } from '../index-algebra.js';
import type { LoopNode } from './loop-tree.js';

/** Where the values a range is made of come from. */
export interface RangeEnvironment<T> {
  /** The bounds of an original loop (what its krnl.iterate gives). */
  bounds(original: LoopNode): { readonly lb: T; readonly ub: T };
  /** The current index of a leaf that runs outside. */
  index(leaf: LoopNode): T;
}

export interface LoopRange<T> {
  readonly start: T;
  readonly end: T;
  /** The step, in indices of the original loop. */
  readonly step: number;
}

/**
 * The range of loop `node` (a leaf, or any loop of the tree: that of its loop before blocking), from the bounds of
 * its original loop and the indices of the loops it depends on (see `rangeDependencies`).
 */
export function loopRange<T>(node: LoopNode, alg: IndexAlgebra<T>, env: RangeEnvironment<T>): LoopRange<T> {
  return { start: start(node, alg, env), end: end(node, alg, env), step: node.step };
}

function start<T>(node: LoopNode, alg: IndexAlgebra<T>, env: RangeEnvironment<T>): T {
  const parent = node.parent;
  if (!parent) return env.bounds(node).lb;
  if (node.role === 'tile') return start(parent, alg, env);
  return env.index(parent.tile!.valueLoop);
}

function end<T>(node: LoopNode, alg: IndexAlgebra<T>, env: RangeEnvironment<T>): T {
  const parent = node.parent;
  if (!parent) return env.bounds(node).ub;
  if (node.role === 'tile') return end(parent, alg, env);
  const t = env.index(parent.tile!.valueLoop);
  const size = parent.step * node.tileSize;
  return fullTiles(parent, alg, env) ? alg.add(t, alg.constant(size)) : alg.advanceTo(t, size, end(parent, alg, env));
}

/** Whether every tile of the blocked loop `node` is full: its extent is known and a multiple of its tile. */
function fullTiles<T>(node: LoopNode, alg: IndexAlgebra<T>, env: RangeEnvironment<T>): boolean {
  const e = staticExtent(node, alg, env);
  return e !== undefined && e % (node.step * node.tile!.tileSize) === 0;
}

/** The number of original indices `node` covers when it is known before running (never negative). */
function staticExtent<T>(node: LoopNode, alg: IndexAlgebra<T>, env: RangeEnvironment<T>): number | undefined {
  const parent = node.parent;
  if (!parent) {
    const { lb, ub } = env.bounds(node);
    const [l, u] = [alg.staticValue(lb), alg.staticValue(ub)];
    return l === undefined || u === undefined ? undefined : Math.max(0, u - l);
  }
  if (node.role === 'tile') return staticExtent(parent, alg, env);
  return fullTiles(parent, alg, env) ? parent.step * node.tileSize : undefined;
}

/**
 * How many times `node` runs, when that is known before running (for every index of the loops around it);
 * `maximum` is a bound on it when it is not (a point loop runs at most its tile size times).
 */
export function tripCount<T>(node: LoopNode, alg: IndexAlgebra<T>, env: RangeEnvironment<T>): { exact?: number; maximum?: number } {
  const exact = staticExtent(node, alg, env);
  if (exact !== undefined) return { exact: Math.ceil(exact / node.step), maximum: Math.ceil(exact / node.step) };
  const max = maximumExtent(node, alg, env);
  return max === undefined ? {} : { maximum: Math.ceil(max / node.step) };
}

function maximumExtent<T>(node: LoopNode, alg: IndexAlgebra<T>, env: RangeEnvironment<T>): number | undefined {
  const known = staticExtent(node, alg, env);
  if (known !== undefined) return known;
  const parent = node.parent;
  if (!parent) return undefined;
  if (node.role === 'tile') return maximumExtent(parent, alg, env);
  const inParent = maximumExtent(parent, alg, env);
  const tile = parent.step * node.tileSize;
  return inParent === undefined ? tile : Math.min(tile, inParent);
}

/** The leaves whose current index the range of `node` reads (they must run outside it). */
export function rangeDependencies(node: LoopNode): Set<LoopNode> {
  const deps = new Set<LoopNode>();
  const none: readonly LoopNode[] = [];
  const both = (a: readonly LoopNode[], b: readonly LoopNode[]): readonly LoopNode[] => [...a, ...b];
  const alg: IndexAlgebra<readonly LoopNode[]> = {
    constant: () => none,
    add: both,
    sub: both,
    min: both,
    max: both,
    advanceTo: (a, _n, b) => both(a, b),
    mulConstant: (a) => a,
    ceilDivConstant: (a) => a,
    staticValue: () => undefined,
  };
  const range = loopRange(node, alg, { bounds: () => ({ lb: none, ub: none }), index: (leaf) => [leaf] });
  for (const l of [...range.start, ...range.end]) deps.add(l);
  return deps;
}
