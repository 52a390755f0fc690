import type { Block } from './block.js';
import { DominanceInfo } from './dominance.js';
import { UnknownLoc } from './location.js';
import type { Operation } from './operation.js';
import { AsmPrinter } from './printer/asm-printer.js';
import type { Region } from './region.js';
import { SymbolUserOpInterface, verifySymbolUses, withCollectedSymbolUsers } from './interfaces/symbol-interfaces.js';
import { GraphRegion, IsolatedFromAbove, NoTerminator, SymbolTableTrait, Terminator } from './traits.js';
import { BlockArgument, OpResult, type Value } from './value.js';

/**
 * Verifies `op` and everything nested in it, with MLIR's rules: the structure of blocks and terminators, the
 * traits and verifiers of registered ops, region isolation, and SSA dominance. It keeps going after an error
 * (skipping only what is nested in an op that failed), so one run reports several problems. Returns true when
 * the IR is valid; errors go to the context's diagnostics.
 */
export function verify(op: Operation): boolean {
  return new Verifier().run(op);
}

class Verifier {
  private readonly dom = new DominanceInfo();
  private ok = true;
  /** Ops whose own checks failed: their nested IR is not examined further. */
  private readonly failedOps = new Set<Operation>();
  /**
   * Set when the walk met an operand that is not plainly available where it is used. The walk checks the
   * operands of every op it visits but reports nothing (the diagnostics of the dominance pass come after all
   * the others, in its own order); when one fails, the dominance pass runs after the walk and reports.
   */
  private operandsSuspect = false;
  /**
   * The symbol users met so far inside the innermost symbol table being walked, in the order its
   * `verifySymbolUses` visits them (handed to it, which saves a walk of the table).
   */
  private symbolUsers: Operation[] | undefined;

  run(top: Operation): boolean {
    this.verifyOperation(top);
    if (this.operandsSuspect) this.verifyDominance(top);
    return this.ok;
  }

  private fail(): false {
    this.ok = false;
    return false;
  }

  // ---- structure and op verifiers ---------------------------------------------------------------------------

  private verifyOperation(op: Operation): void {
    if (!this.verifyOnEntrance(op)) {
      this.failedOps.add(op);
      this.fail();
      return;
    }
    let nestedOk = true;
    const regions = op.regions;
    const outerSymbolUsers = this.symbolUsers;
    const isSymbolTable = regions.length !== 0 && op.hasTrait(SymbolTableTrait);
    if (isSymbolTable) this.symbolUsers = [];
    for (let r = 0; r < regions.length; r++) {
      for (let b = regions[r]!.firstBlock; b !== null; b = b.nextBlock) {
        if (!this.verifyBlock(b)) nestedOk = this.fail();
        // The dominance pass checks the operands of ops in reachable blocks (as MLIR, which skips the others).
        const checkOperands = !this.operandsSuspect && this.dom.isReachableFromEntry(b);
        for (let inner = b.firstOp; inner !== null; inner = inner.nextOp) {
          if (checkOperands && inner.operandValues.length !== 0 && !this.operandsAvailable(inner, b)) this.operandsSuspect = true;
          if (this.symbolUsers !== undefined && inner.opName.getInterface(SymbolUserOpInterface) !== undefined) this.symbolUsers.push(inner);
          if (this.failedOps.size !== 0 && this.failedOps.has(inner)) continue;
          const before = this.ok;
          this.ok = true;
          this.verifyOperation(inner);
          if (!this.ok) nestedOk = false;
          this.ok = before && this.ok;
        }
      }
    }
    const symbolUsers = this.symbolUsers;
    this.symbolUsers = outerSymbolUsers;
    // Region verifiers run once the nested IR is known to be valid.
    if (!nestedOk) return;
    const ok = isSymbolTable ? withCollectedSymbolUsers(op, symbolUsers!, () => this.verifyOnExit(op)) : this.verifyOnExit(op);
    if (!ok) {
      this.failedOps.add(op);
      this.fail();
    }
  }

  private verifyOnEntrance(op: Operation): boolean {
    const name = op.opName;
    const def = name.def;
    if (def) {
      const traits = name.verifyingTraits;
      const signatures = name.verifiedSignatures;
      if (signatures?.enabled && op.regions.length === 0 && op.successorSlots.length === 0) {
        // The signature-only checks passed for an op with the same signature: only the others run (they are
        // what could fail, in their order, so the diagnostics are the same).
        if (signatures.has(op)) {
          for (let i = 0; i < traits.length; i++) {
            const t = traits[i]!;
            if (!t.signatureOnly && !t.verify!(op)) return false;
          }
        } else {
          for (let i = 0; i < traits.length; i++) if (!traits[i]!.verify!(op)) return false;
          signatures.add(op);
        }
      } else {
        for (let i = 0; i < traits.length; i++) if (!traits[i]!.verify!(op)) return false;
      }
      if (def.verify && !def.verify(op)) return false;
    } else {
      // Unregistered dialects may be allowed, but a loaded dialect decides about ops it does not define.
      const dialect = op.context.getDialect(op.opName.dialect);
      if (dialect && !dialect.allowUnknownOperations) {
        op.emitError(`unregistered operation '${op.name}' found in dialect ('${dialect.name}') that does not allow unknown operations`);
        return false;
      }
    }
    const regions = op.regions;
    for (let i = 0; i < regions.length; i++) {
      const region = regions[i]!;
      if (def && op.hasTrait(GraphRegion) && region.numBlocks > 1) {
        op.emitOpError(`expects graph region #${i} to have 0 or 1 blocks`);
        return false;
      }
      const entry = region.firstBlock;
      if (entry && !entry.hasNoPredecessors) {
        op.emitError('entry block of region may not have predecessors');
        return false;
      }
    }
    return true;
  }

  private verifyOnExit(op: Operation): boolean {
    const name = op.opName;
    const def = name.def;
    if (!def) return true;
    const traits = name.regionVerifyingTraits;
    for (let i = 0; i < traits.length; i++) if (!traits[i]!.verifyRegions!(op)) return false;
    // The symbol uses of a symbol table, once its redefinitions are known not to be there (MLIR's verifySymbolTable).
    if (traits.length !== 0 && traits.includes(SymbolTableTrait) && !verifySymbolUses(op)) return false;
    if (def.verifyRegions && !def.verifyRegions(op)) return false;
    return true;
  }

  private verifyBlock(block: Block): boolean {
    const region = block.parentRegion!;
    const parent = region.parentOp!;
    if (block.empty) {
      if (mayBeValidWithoutTerminator(block)) return true;
      parent.emitError('empty block: expect at least a terminator');
      return false;
    }
    let ok = true;
    const lastOp = block.lastOp;
    for (let op = block.firstOp; op !== null; op = op.nextOp) {
      if (op.successorSlots.length !== 0 && op !== lastOp) {
        op.emitError('operation with block successors must terminate its parent block');
        // MLIR stops there: the op's own verifier (its Terminator trait) does not report it again.
        this.failedOps.add(op);
        ok = false;
      }
    }
    const last = block.lastOp!;
    const successors = last.successorUses;
    for (let i = 0; i < successors.length; i++) {
      if (successors[i]!.block.parentRegion !== region) {
        last.emitOpError('branching to block of a different region');
        return false;
      }
    }
    if (!ok || mayBeValidWithoutTerminator(block)) return ok;
    // An unregistered op might be a terminator; a registered one must say so.
    if (last.isRegistered && !last.hasTrait(Terminator)) {
      last.emitError(`block with no terminator, has ${describeOp(last)}`);
      return false;
    }
    return true;
  }

  // ---- isolation and dominance ------------------------------------------------------------------------------

  /**
   * Whether every operand of `user` (in `block`) is available there: the dominance pass would report nothing
   * about it. Reports nothing itself. Values defined earlier in the same block, the common case, are one
   * comparison.
   */
  private operandsAvailable(user: Operation, block: Block): boolean {
    const values = user.operandValues;
    for (let i = 0; i < values.length; i++) {
      const v = values[i]!;
      if (v instanceof OpResult) {
        const def = v.owner;
        if (def.parentBlock === block && def !== user && (block.orderValid ? def.orderIndex < user.orderIndex : def.isBeforeInBlock(user))) {
          continue;
        }
      } else if (v instanceof BlockArgument && v.owner === block) continue;
      if (!this.checkIsolation(user, v, false) || !this.dom.properlyDominates(v, user)) return false;
    }
    return true;
  }

  /** Checks every operand of every op nested in `top` (except in unreachable blocks and failed ops). */
  private verifyDominance(top: Operation): void {
    const stack: Operation[] = [top];
    while (stack.length) {
      const op = stack.pop()!;
      if (this.failedOps.has(op)) continue;
      for (const region of op.regions) {
        for (let b = region.firstBlock; b !== null; b = b.nextBlock) {
          const reachable = this.dom.isReachableFromEntry(b);
          for (let inner = b.firstOp; inner !== null; inner = inner.nextOp) {
            if (reachable) this.verifyOperands(inner);
            if (inner.regions.length) stack.push(inner);
          }
        }
      }
    }
  }

  private verifyOperands(user: Operation): void {
    const values = user.operandValues;
    for (let i = 0; i < values.length; i++) {
      const v = values[i]!;
      const defBlock = v.parentBlock;
      // Fast path: defined earlier in the same block of an SSA region.
      if (defBlock === user.parentBlock && defBlock !== null) {
        const def = v.definingOp;
        if (def === null) continue;
        if (def !== user && def.isBeforeInBlock(user)) continue;
      }
      if (!this.checkIsolation(user, v, true)) continue;
      if (!this.dom.properlyDominates(v, user)) this.diagnoseDominance(user, i);
    }
  }

  /** A value used inside an isolated-from-above op must be defined inside it (reported when `report`). */
  private checkIsolation(user: Operation, v: Value, report: boolean): boolean {
    const defBlock = v.parentBlock;
    for (let cur: Operation = user; ; ) {
      if (cur.parentBlock === defBlock) return true;
      const parent = cur.parentOp;
      if (!parent) return true; // not nested in the definition's block: a dominance error, reported next
      if (parent.hasTrait(IsolatedFromAbove) && !isInside(defBlock, parent)) {
        if (!report) return false;
        user
          .emitOpError('using value defined outside the region')
          .attachNote(parent.loc, 'required by region isolation constraints');
        this.fail();
        return false;
      }
      cur = parent;
    }
  }

  private diagnoseDominance(op: Operation, operandNo: number): void {
    this.fail();
    const diag = op.emitError(`operand #${operandNo} does not dominate this use`);
    const operand = op.getOperand(operandNo);
    const region1 = op.parentRegion!;
    const def = operand.definingOp;
    const block2 = operand.parentBlock;
    const region2 = block2?.parentRegion ?? null;
    if (def) {
      let where: string;
      if (op.parentBlock === def.parentBlock) where = ' (op in the same block)';
      else if (region1 === region2) where = ' (op in the same region)';
      else if (region2 && isProperAncestorRegion(region2, region1)) where = ' (op in a parent region)';
      else if (region2 && isProperAncestorRegion(region1, region2)) where = ' (op in a child region)';
      else where = ' (op is neither in a parent nor in a child region)';
      diag.attachNote(def.loc, 'operand defined here' + where);
      return;
    }
    const loc = block2?.parentOp?.loc ?? UnknownLoc.instance;
    if (!region2) {
      diag.attachNote(loc, ' (block without parent)');
      return;
    }
    let where: string;
    if (region1 === region2) where = ' in the same region)';
    else if (isProperAncestorRegion(region2, region1)) where = ' in a parent region)';
    else if (isProperAncestorRegion(region1, region2)) where = ' in a child region)';
    else where = ' neither in a parent nor in a child region)';
    diag.attachNote(loc, `operand defined as a block argument (block #${block2!.indexInRegion}${where}`);
  }
}

/** MLIR's mayBeValidWithoutTerminator: a single-block region of an op that is (or might be) NoTerminator. */
function mayBeValidWithoutTerminator(block: Block): boolean {
  const region = block.parentRegion;
  if (!region) return true;
  if (region.numBlocks !== 1) return false;
  const op = region.parentOp;
  return !op || !op.isRegistered || op.hasTrait(NoTerminator);
}

function isInside(block: Block | null, op: Operation): boolean {
  for (let b = block; b !== null; ) {
    const p = b.parentOp;
    if (p === op) return true;
    if (!p) return false;
    b = p.parentBlock;
  }
  return false;
}

/** Whether `a` strictly contains `b`. */
function isProperAncestorRegion(a: Region, b: Region): boolean {
  for (let r: Region | null = b.parentOp?.parentRegion ?? null; r !== null; r = r.parentOp?.parentRegion ?? null) {
    if (r === a) return true;
  }
  return false;
}

/** The generic text of one op, as MLIR prints an op inside a diagnostic. */
function describeOp(op: Operation): string {
  return AsmPrinter.printSingle(op);
}

