import { Commutative, type Block, type Operation, type Region, type Value } from '@tlir/ir';

/**
 * Keys and equivalence of operations for CSE (MLIR's OperationEquivalence with IgnoreLocations): two ops are
 * equivalent when they have the same name, attributes, properties, result types and operands (by identity,
 * in any order for a Commutative op),
 * the same successors, and equivalent regions. The key covers everything but regions; since types and
 * attributes are interned, it is built from their ids.
 */
export class OperationKeys {
  private readonly valueIds = new Map<Value, number>();
  private nextId = 0;

  private valueId(v: Value): number {
    let id = this.valueIds.get(v);
    if (id === undefined) this.valueIds.set(v, (id = this.nextId++));
    return id;
  }

  /** A string identifying `op` up to its regions and location. */
  key(op: Operation): string {
    let k = `${op.name}|${op.attributes.id}|${op.properties?.id ?? -1}|`;
    for (const r of op.results) k += `${r.type.id},`;
    k += '|';
    if (op.hasTrait(Commutative) && op.numOperands > 1) {
      // Operand order does not matter for a commutative op (as MLIR's OperationEquivalence sorts them).
      const ids = op.operandValues.map((v) => this.valueId(v)).sort((x, y) => x - y);
      for (const id of ids) k += `${id},`;
    } else for (const v of op.operandValues) k += `${this.valueId(v)},`;
    if (op.numSuccessors) {
      k += '|';
      for (const s of op.successors) k += `${this.blockId(s)},`;
    }
    if (op.numRegions) k += `|r${op.numRegions}`;
    return k;
  }

  private readonly blockIds = new Map<Block, number>();
  private blockId(b: Block): number {
    let id = this.blockIds.get(b);
    if (id === undefined) this.blockIds.set(b, (id = this.nextId++));
    return id;
  }
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
