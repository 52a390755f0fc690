import {
  Attribute,
  Commutative,
  ConstantLike,
  IsolatedFromAbove,
  type Block,
  type Location,
  type OpDefinition,
  type OpFoldResult,
  type Operation,
  type Region,
  type Type,
  type Value,
} from '@tlir/ir';
import type { PatternRewriter } from './rewriter.js';

/**
 * The constant `value` holds when its defining op is `ConstantLike` (MLIR's `m_Constant`): the attribute that
 * op's fold returns. Undefined for any other value.
 */
export function getConstantValue(value: Value): Attribute | undefined {
  const def = value.definingOp;
  return def && def.hasTrait(ConstantLike) ? constantOpValue(def) : undefined;
}

/** The value of a `ConstantLike` op (its fold's single result). */
export function constantOpValue(op: Operation): Attribute | undefined {
  const def = op.opName.def;
  if (def?.constantValue) return def.constantValue(op);
  const r = foldResults(op, def?.fold?.(op, []));
  const v = r?.[0];
  return v instanceof Attribute ? v : undefined;
}

/** A fold hook's answer as a list (a hook may return a single attribute or value for a single-result op). */
function foldResults(op: Operation, r: unknown): readonly OpFoldResult[] | undefined {
  if (r === undefined || r === null) return undefined;
  if (Array.isArray(r)) return r as readonly OpFoldResult[];
  if (op.numResults !== 1) throw new Error(`fold of '${op.name}' returned a single result for ${op.numResults} results`);
  return [r as OpFoldResult];
}

/** The constant operands of `op`, as fold hooks receive them. */
export function getConstantOperands(op: Operation): (Attribute | undefined)[] {
  const n = op.numOperands;
  const out = new Array<Attribute | undefined>(n);
  const values = op.operandValues;
  for (let i = 0; i < n; i++) out[i] = getConstantValue(values[i]!);
  return out;
}

/**
 * What folding an op gave: undefined (nothing), `'in-place'` (the op was updated where it is), or one result per
 * op result to replace it with.
 */
export type FoldOutcome = undefined | 'in-place' | readonly OpFoldResult[];

/**
 * Folds `op` as MLIR's Operation::fold does: its definition's fold hook with the constant operands, then, when
 * that did not fold or only updated the op in place, the traits' folds (a `Commutative` op gets its constant
 * operands moved to the end). In-place changes are made directly: report them to the rewriter's listener.
 */
export function foldOperation(op: Operation, constants?: readonly (Attribute | undefined)[]): FoldOutcome {
  const fold = op.opName.def?.fold;
  // Most ops have nothing to fold: do not look for constant operands then.
  const commutative = op.hasTrait(Commutative);
  if (!fold && !commutative) return undefined;
  if (constants !== undefined) return foldWith(op, fold, commutative, constants);
  // The constant operands go into a scratch list (one per nesting depth: a fold hook may fold another op), which
  // no hook keeps past its call (its adaptor hands out the elements, or copies of a variadic group's).
  const depth = foldDepth++;
  try {
    const scratch = (constantScratch[depth] ??= []);
    const n = op.numOperands;
    const values = op.operandValues;
    scratch.length = n;
    for (let i = 0; i < n; i++) scratch[i] = getConstantValue(values[i]!);
    return foldWith(op, fold, commutative, scratch);
  } finally {
    foldDepth--;
  }
}

/** The constant operands lists of the folds in progress, by nesting depth (see foldOperation). */
const constantScratch: (Attribute | undefined)[][] = [];
let foldDepth = 0;

function foldWith(
  op: Operation,
  fold: OpDefinition['fold'],
  commutative: boolean,
  operands: readonly (Attribute | undefined)[],
): FoldOutcome {
  let outcome: FoldOutcome;
  if (fold) {
    const r = foldResults(op, fold(op, operands));
    if (r !== undefined) {
      if (isInPlace(op, r)) outcome = 'in-place';
      else {
        if (r.length !== op.numResults) throw new Error(`fold of '${op.name}' returned ${r.length} results for ${op.numResults}`);
        return r;
      }
    }
  }
  if (commutative && foldCommutative(op, operands)) return 'in-place';
  return outcome;
}

/** Whether fold results are the op's own results (or none): the op was updated in place. */
function isInPlace(op: Operation, r: readonly OpFoldResult[]): boolean {
  const n = op.numResults;
  if (r.length > n) return false;
  for (let i = 0; i < r.length; i++) if (r[i] !== op.getResult(i)) return false;
  return true;
}

/** Moves the constant operands of a commutative op after the others (stable); whether anything moved. */
function foldCommutative(op: Operation, operands: readonly (Attribute | undefined)[]): boolean {
  const n = op.numOperands;
  if (n < 2) return false;
  let firstConst = 0;
  while (firstConst < n && operands[firstConst] === undefined) firstConst++;
  let moved = false;
  for (let i = firstConst + 1; i < n; i++) if (operands[i] === undefined) moved = true;
  if (!moved) return false;
  const values = op.operands;
  const nonConst: Value[] = [];
  const consts: Value[] = [];
  for (let i = 0; i < n; i++) (operands[i] === undefined ? nonConst : consts).push(values[i]!);
  const reordered = [...nonConst, ...consts];
  for (let i = 0; i < n; i++) if (op.getOperand(i) !== reordered[i]) op.setOperand(i, reordered[i]!);
  return true;
}

/**
 * Creates a constant op for `value` of type `type` through the dialect of `dialectName` (its
 * `materializeConstant` hook) at the rewriter's insertion point; undefined when the dialect cannot.
 */
export function materializeConstant(
  rewriter: PatternRewriter,
  dialectName: string,
  value: Attribute,
  type: Type,
  loc: Location,
): Operation | undefined {
  const dialect = rewriter.context.getDialect(dialectName);
  const op = dialect?.materializeConstant?.(rewriter, value, type, loc);
  if (op && !op.hasTrait(ConstantLike)) throw new Error(`materializeConstant of dialect '${dialectName}' built '${op.name}', which is not ConstantLike`);
  return op;
}

/**
 * The region constants are hoisted into (MLIR's OperationFolder insertion region): the closest enclosing region
 * whose op is isolated from above (or unregistered, which might be), or that of a top-level op.
 */
export function constantInsertionRegion(block: Block): Region {
  for (let region = block.parentRegion; region !== null; ) {
    const parent = region.parentOp!;
    if (!parent.isRegistered || parent.hasTrait(IsolatedFromAbove) || parent.parentBlock === null) return region;
    region = parent.parentRegion;
  }
  throw new Error('constantInsertionRegion: the block is not in a region');
}

/**
 * Uniques constants per insertion region and hoists them to its entry block (MLIR's OperationFolder), as the
 * greedy driver does with the constants it finds when it fills its worklist.
 */
/** A constant a ConstantFolder keeps: where it is uniqued, and the list of its scope it is in. */
interface OwnedConstant {
  readonly op: Operation;
  readonly region: Region;
  readonly scope: Map<Attribute, Operation[]>;
  readonly value: Attribute;
}

export class ConstantFolder {
  /** Per insertion region, the constants by value: those of a value differ in dialect or type (rarely more than one). */
  private readonly scopes = new Map<Region, Map<Attribute, Operation[]>>();
  /**
   * The constants the folder keeps, each with the list of its scope it is in (to forget it in O(1)). An op's record
   * is found at its `constantSlot` (a field read, where a Map of every constant cost a lookup per constant met and
   * per constant erased); forgotten records leave a null behind.
   */
  private readonly owned: (OwnedConstant | null)[] = [];
  /**
   * The constants whose `constantSlot` another folder holds (a driver run while this one's lives, on ops this one
   * keeps too): found by op, so that neither folder loses track of an op the other took the slot of.
   */
  private elsewhere: Map<Operation, OwnedConstant> | undefined = undefined;

  constructor(private readonly rewriter: PatternRewriter) {}

  /** Gives back the slots of the constants the folder keeps (its driver is done): the next folder takes them. */
  release(): void {
    const owned = this.owned;
    for (let i = 0; i < owned.length; i++) {
      const entry = owned[i];
      if (entry != null && entry.op.constantSlot === i) entry.op.constantSlot = -1;
    }
    owned.length = 0;
    this.elsewhere = undefined;
    this.scopes.clear();
  }

  /** The known constant of `value` with `op`'s dialect and result type in `scope`, if any. */
  private lookup(scope: Map<Attribute, Operation[]>, op: Operation, value: Attribute): Operation | undefined {
    const ops = scope.get(value);
    if (ops === undefined) return undefined;
    const type = op.getResult(0).type;
    const dialect = op.opName.dialect;
    for (const o of ops) if (o.getResult(0).type === type && o.opName.dialect === dialect) return o;
    return undefined;
  }

  /**
   * Forgets `op` when it is one of the folder's constants (MLIR's OperationFolder::notifyRemoval): tell the folder
   * of every constant erased while it is kept.
   */
  notifyRemoval(op: Operation): void {
    const entry = this.ownedEntry(op);
    if (entry === undefined) return;
    if (this.owned[op.constantSlot] === entry) {
      this.owned[op.constantSlot] = null;
      op.constantSlot = -1;
    } else this.elsewhere!.delete(op);
    const { scope, value } = entry;
    const ops = scope.get(value)!;
    if (ops.length === 1) scope.delete(value);
    else ops.splice(ops.indexOf(op), 1);
  }

  /**
   * Records the constant op `op` (of value `value`). If an equal constant is known in its insertion region,
   * `op`'s uses are redirected to it and `op` is erased: returns false. Otherwise `op` becomes the region's
   * constant and is moved to the front of the entry block (after the constants already there): returns true.
   */
  insertKnownConstant(op: Operation, value: Attribute | undefined = constantOpValue(op)): boolean {
    const block = op.parentBlock!;
    const known = this.ownedEntry(op);
    if (known !== undefined) {
      if (block === known.region.firstBlock) {
        if (block.firstOp !== op && this.ownedEntry(op.prevOperation!) === undefined) block.prepend(op.remove());
        return true;
      }
      // Moved out of its entry block since (by a pattern): recorded anew.
      this.notifyRemoval(op);
    }
    if (value === undefined) return true;
    const region = constantInsertionRegion(block);
    let scope = this.scopes.get(region);
    if (!scope) this.scopes.set(region, (scope = new Map()));
    const existing = this.lookup(scope, op, value);
    if (existing) {
      // As MLIR's rewriter.replaceOp: each user is reported as modified (the greedy driver then queues it, while
      // it fills its worklist: at the duplicate's place).
      // (getResult, not `results`: asking for the list keeps one on the op.)
      const kept = existing.getResult(0);
      const l = this.rewriter.listener;
      l?.onOperationReplaced?.(op, [kept]);
      this.rewriter.replaceAllUsesWith(op.getResult(0), kept);
      this.rewriter.eraseOp(op);
      return false;
    }
    const entry = region.firstBlock!;
    if (block !== entry || (entry.firstOp !== op && this.ownedEntry(op.prevOperation!) === undefined)) entry.prepend(op.remove());
    const same = scope.get(value);
    if (same === undefined) scope.set(value, [op]);
    else same.push(op);
    const record: OwnedConstant = { op, region, scope, value };
    if (op.constantSlot >= 0) {
      // Another folder (still at work, or one that was not released) holds the slot: kept by op, the slot left alone.
      (this.elsewhere ??= new Map()).set(op, record);
    } else {
      op.constantSlot = this.owned.length;
      this.owned.push(record);
    }
    return true;
  }

  /** The folder's record of `op`, if it keeps it (the slot may be another folder's, or stale: the record says). */
  private ownedEntry(op: Operation): OwnedConstant | undefined {
    const i = op.constantSlot;
    if (i >= 0 && i < this.owned.length) {
      const entry = this.owned[i]!;
      if (entry !== null && entry.op === op) return entry;
    }
    return this.elsewhere?.get(op);
  }
}
