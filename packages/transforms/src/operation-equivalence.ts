import { Commutative, mixHash, valueHashId, type Block, type Operation, type Region, type Value } from '@tlir/ir';

/**
 * Hashing and equivalence of operations for CSE (MLIR's OperationEquivalence with IgnoreLocations): two ops are
 * equivalent when they have the same name, attributes, properties, result types and operands (by identity, in any
 * order for a Commutative op), the same successors, and equivalent regions. The hash covers everything but the
 * regions' contents, from numbers: the name's and the interned attributes' and types' ids, and the operands'
 * identity hashes (`valueHashId`), so no key is built per op. Equal hashes do not make ops equivalent: compare
 * with `sameExceptRegions`, then `regionsEquivalent`.
 */
export function operationHash(op: Operation, blockIds: Map<Block, number>): number {
  let h = mixHash(op.opName.hashId, op.attributes.id);
  h = mixHash(h, op.properties?.id ?? -1);
  const n = op.numResults;
  h = mixHash(h, n);
  for (let i = 0; i < n; i++) h = mixHash(h, op.getResult(i).type.id);
  const values = op.operandValues;
  const m = values.length;
  h = mixHash(h, m);
  if (m > 1 && op.hasTrait(Commutative)) {
    // Operand order does not matter for a commutative op (as MLIR's OperationEquivalence sorts them): the ids
    // are combined in ascending order.
    if (m === 2) {
      const a = valueHashId(values[0]!);
      const b = valueHashId(values[1]!);
      h = a < b ? mixHash(mixHash(h, a), b) : mixHash(mixHash(h, b), a);
    } else {
      const ids: number[] = [];
      for (let i = 0; i < m; i++) ids.push(valueHashId(values[i]!));
      ids.sort((x, y) => x - y);
      for (let i = 0; i < m; i++) h = mixHash(h, ids[i]!);
    }
  } else {
    for (let i = 0; i < m; i++) h = mixHash(h, valueHashId(values[i]!));
  }
  const numSuccessors = op.numSuccessors;
  for (let i = 0; i < numSuccessors; i++) {
    const b = op.getSuccessor(i);
    let id = blockIds.get(b);
    if (id === undefined) blockIds.set(b, (id = blockIds.size + 1));
    h = mixHash(h, id);
  }
  // A small integer: V8 keeps it (as a Map key) without allocating.
  return mixHash(h, op.numRegions) & 0x3fffffff;
}

/**
 * Whether `a` and `b` have the same name, attributes, properties, result types, operands (as a multiset for a
 * commutative op), successors and number of regions: everything CSE compares but the regions' contents.
 */
export function sameExceptRegions(a: Operation, b: Operation): boolean {
  if (
    a.opName !== b.opName ||
    a.attributes !== b.attributes ||
    a.properties !== b.properties ||
    a.numResults !== b.numResults ||
    a.numSuccessors !== b.numSuccessors ||
    a.numRegions !== b.numRegions
  ) {
    return false;
  }
  for (let i = 0; i < a.numResults; i++) if (a.getResult(i).type !== b.getResult(i).type) return false;
  const va = a.operandValues;
  const vb = b.operandValues;
  const m = va.length;
  if (vb.length !== m) return false;
  if (m > 1 && a.hasTrait(Commutative)) {
    if (m === 2) {
      if (!((va[0] === vb[0] && va[1] === vb[1]) || (va[0] === vb[1] && va[1] === vb[0]))) return false;
    } else {
      const byId = (x: Value, y: Value): number => valueHashId(x) - valueHashId(y);
      const sa = [...va].sort(byId);
      const sb = [...vb].sort(byId);
      for (let i = 0; i < m; i++) if (sa[i] !== sb[i]) return false;
    }
  } else {
    for (let i = 0; i < m; i++) if (va[i] !== vb[i]) return false;
  }
  for (let i = 0; i < a.numSuccessors; i++) if (a.getSuccessor(i) !== b.getSuccessor(i)) return false;
  return true;
}

/**
 * Whether the regions of `a` and `b` are equivalent: same shape, block argument types, and pairwise
 * equivalent ops, where values defined inside correspond and values from outside are the same. (Their keys
 * being equal already covers the ops themselves.)
 */
export function regionsEquivalent(a: Operation, b: Operation): boolean {
  if (a.numRegions !== b.numRegions) return false;
  const map = new Map<Value, Value>();
  const blocks = new Map<Block, Block>();
  for (let i = 0; i < a.numRegions; i++) if (!regionEquivalent(a.regions[i]!, b.regions[i]!, map, blocks)) return false;
  return true;
}

function regionEquivalent(ra: Region, rb: Region, map: Map<Value, Value>, blocks: Map<Block, Block>): boolean {
  if (ra.numBlocks !== rb.numBlocks) return false;
  for (let ba = ra.firstBlock, bb = rb.firstBlock; ba !== null && bb !== null; ba = ba.nextBlock, bb = bb.nextBlock) {
    if (ba.numArguments !== bb.numArguments || ba.numOps !== bb.numOps) return false;
    for (let i = 0; i < ba.numArguments; i++) {
      if (ba.args[i]!.type !== bb.args[i]!.type) return false;
      map.set(ba.args[i]!, bb.args[i]!);
    }
    blocks.set(ba, bb);
  }
  for (let ba = ra.firstBlock, bb = rb.firstBlock; ba !== null && bb !== null; ba = ba.nextBlock, bb = bb.nextBlock) {
    for (let oa = ba.firstOp, ob = bb.firstOp; oa !== null && ob !== null; oa = oa.nextOperation, ob = ob.nextOperation) {
      if (!opEquivalent(oa, ob, map, blocks)) return false;
    }
  }
  return true;
}

function opEquivalent(a: Operation, b: Operation, map: Map<Value, Value>, blocks: Map<Block, Block>): boolean {
  if (
    a.opName !== b.opName ||
    a.attributes !== b.attributes ||
    a.properties !== b.properties ||
    a.numOperands !== b.numOperands ||
    a.numResults !== b.numResults ||
    a.numSuccessors !== b.numSuccessors ||
    a.numRegions !== b.numRegions
  ) {
    return false;
  }
  for (let i = 0; i < a.numOperands; i++) {
    const va = a.getOperand(i);
    if ((map.get(va) ?? va) !== b.getOperand(i)) return false;
  }
  for (let i = 0; i < a.numResults; i++) {
    if (a.results[i]!.type !== b.results[i]!.type) return false;
    map.set(a.results[i]!, b.results[i]!);
  }
  for (let i = 0; i < a.numSuccessors; i++) {
    const sa = a.getSuccessor(i);
    if ((blocks.get(sa) ?? sa) !== b.getSuccessor(i)) return false;
  }
  for (let i = 0; i < a.numRegions; i++) if (!regionEquivalent(a.regions[i]!, b.regions[i]!, map, blocks)) return false;
  return true;
}
