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
 * Verifies `op` and everything nested in it, with MLIR's rules and in MLIR's order: an op's own checks, then the
 * blocks of its regions (empty blocks, successors) and the ops in them, then each block's terminator, then the
 * ops nested in it that are isolated from above, then its region verifiers (which run once what they hold is
 * valid). Inside one isolated-from-above op the verifier stops at the first failure, as MLIR does; the isolated
 * ops nested in it are verified each on its own, so one run reports one problem per function (or other isolated
 * op). SSA dominance is checked last, for each isolated op whose structure is valid. Returns true when the IR is
 * valid; errors go to the context's diagnostics.
 */
export function verify(op: Operation, options: VerifyOptions = {}): boolean {
  return new Verifier(options.verified, options.invalid).run(op, options.symbolUsers);
}

/** What the pass manager's interleaved runs (docs/passes.md, "Interleaved passes") ask of the verifier. */
export interface VerifyOptions {
  /**
   * Isolated-from-above ops inside the op verified, each verified on its own since it last changed, with the symbol
   * users found in it then (`symbolUsers`; undefined: not known, found by a walk). They are left out, all but their
   * symbol users, whose uses the symbol table around them checks as usual: what is checked is then what verifying
   * all of the op checks.
   */
  verified?: ReadonlyMap<Operation, readonly Operation[] | undefined>;
  /**
   * Receives the symbol users inside the op verified whose uses a symbol table around it checks, in the order its
   * verification meets them (not the op itself, nor those inside nested symbol tables, which check their own).
   */
  symbolUsers?: Operation[];
  /**
   * Isolated-from-above ops inside the op verified, found invalid by a verification of their own whose errors were
   * held back: where the verification of the op reaches one of them, it calls the function given (which reports
   * those errors) and counts the op as invalid; an op it does not reach (the verification stopped before) reports
   * nothing.
   */
  invalid?: ReadonlyMap<Operation, () => void>;
}

/** An isolated-from-above op met in a block walk: verified when its parent's walk ends. */
interface Deferred {
  readonly op: Operation;
  /** Where its symbol users go among those of the enclosing symbol table (document order). */
  readonly userIndex: number;
}

class Verifier {
  private readonly dom = new DominanceInfo();
  /**
   * Set when the walk of the current isolated op met an operand that is not plainly available where it is used.
   * The walk checks the operands of every op it visits but reports nothing (the diagnostics of the dominance pass
   * come after all the others, in its own order); when one fails, the dominance pass runs after the walk and
   * reports.
   */
  private operandsSuspect = false;
  /**
   * The symbol users met so far inside the innermost symbol table being walked, in the order its
   * `verifySymbolUses` visits them (handed to it, which saves a walk of the table).
   */
  private symbolUsers: Operation[] | undefined;

  constructor(
    private readonly verified: ReadonlyMap<Operation, readonly Operation[] | undefined> | undefined,
    private readonly invalid: ReadonlyMap<Operation, () => void> | undefined,
  ) {}

  run(top: Operation, symbolUsers: Operation[] | undefined): boolean {
    this.symbolUsers = symbolUsers;
    return this.verifyIsolated(top);
  }

  /** MLIR's verifyOpAndDominance: the structure of `op` and what it holds, then the dominance in it. */
  private verifyIsolated(op: Operation): boolean {
    const outerSuspect = this.operandsSuspect;
    this.operandsSuspect = false;
    let ok = this.verifyOperation(op);
    if (ok && this.operandsSuspect) ok = this.verifyDominance(op);
    this.operandsSuspect = outerSuspect;
    return ok;
  }

  // ---- structure and op verifiers ---------------------------------------------------------------------------

  /** Verifies `op` and its regions, stopping at the first failure (nested isolated ops are verified apart). */
  private verifyOperation(op: Operation): boolean {
    if (!this.verifyOnEntrance(op)) return false;
    const regions = op.regions;
    if (regions.length === 0) return this.verifyOnExit(op);
    const outerSymbolUsers = this.symbolUsers;
    const isSymbolTable = op.hasTrait(SymbolTableTrait);
    if (isSymbolTable) this.symbolUsers = [];
    try {
      let deferred: Deferred[] | undefined;
      for (let r = 0; r < regions.length; r++) {
        for (let b = regions[r]!.firstBlock; b !== null; b = b.nextBlock) {
          if (!this.verifyBlockOnEntrance(b)) return false;
          // The dominance pass checks the operands of ops in reachable blocks (as MLIR, which skips the others).
          const checkOperands = !this.operandsSuspect && this.dom.isReachableFromEntry(b);
          for (let inner = b.firstOp; inner !== null; inner = inner.nextOp) {
            if (checkOperands && inner.operandValues.length !== 0 && !this.operandsAvailable(inner, b)) this.operandsSuspect = true;
            if (inner.regions.length !== 0 && inner.hasTrait(IsolatedFromAbove)) {
              (deferred ??= []).push({ op: inner, userIndex: this.symbolUsers?.length ?? 0 });
              continue;
            }
            if (this.symbolUsers !== undefined && inner.opName.getInterface(SymbolUserOpInterface) !== undefined) this.symbolUsers.push(inner);
            if (!this.verifyOperation(inner)) return false;
          }
          if (!this.verifyBlockOnExit(b)) return false;
        }
      }
      if (deferred && !this.verifyDeferred(deferred)) return false;
      const symbolUsers = this.symbolUsers;
      // Region verifiers run once the nested IR is known to be valid.
      return isSymbolTable ? withCollectedSymbolUsers(op, symbolUsers!, () => this.verifyOnExit(op)) : this.verifyOnExit(op);
    } finally {
      this.symbolUsers = outerSymbolUsers;
    }
  }

  /**
   * Verifies the isolated ops met in a walk, each on its own (all of them, even after one fails, as MLIR verifies
   * them in parallel), and puts the symbol users found in them where they stand among the table's users.
   */
  private verifyDeferred(deferred: Deferred[]): boolean {
    let ok = true;
    const tableUsers = this.symbolUsers;
    const merged: Operation[] = [];
    let taken = 0;
    for (const d of deferred) {
      let users: Operation[] | undefined;
      if (tableUsers !== undefined) {
        users = [];
        this.symbolUsers = users;
        if (d.op.opName.getInterface(SymbolUserOpInterface) !== undefined) users.push(d.op);
      }
      const reportInvalid = this.invalid?.get(d.op);
      if (reportInvalid !== undefined) {
        reportInvalid();
        ok = false;
      } else if (this.verified?.has(d.op) === true) {
        if (users !== undefined && !d.op.hasTrait(SymbolTableTrait)) {
          const known = this.verified.get(d.op);
          if (known !== undefined) users.push(...known);
          else collectSymbolUsers(d.op, users);
        }
      } else if (!this.verifyIsolated(d.op)) ok = false;
      if (tableUsers !== undefined) {
        while (taken < d.userIndex) merged.push(tableUsers[taken++]!);
        merged.push(...users!);
      }
    }
    if (tableUsers !== undefined) {
      while (taken < tableUsers.length) merged.push(tableUsers[taken++]!);
      tableUsers.length = 0;
      tableUsers.push(...merged);
      this.symbolUsers = tableUsers;
    }
    return ok;
  }

  private verifyOnEntrance(op: Operation): boolean {
    const name = op.opName;
    const def = name.def;
    // Dialect attributes first (MLIR's verifyOperationAttribute), whether or not the op is registered.
    const attrs = op.attributes;
    if (attrs.size !== 0) {
      for (const e of attrs.entries) {
        const dot = e.name.indexOf('.');
        if (dot <= 0) continue;
        const dialect = op.context.getDialect(e.name.slice(0, dot));
        if (dialect?.verifyOperationAttribute && !dialect.verifyOperationAttribute(op, e.name, e.value)) return false;
      }
    }
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

  /** MLIR's block entrance: a block needs ops unless its region may do without a terminator; successors last. */
  private verifyBlockOnEntrance(block: Block): boolean {
    if (block.empty) {
      if (mayBeValidWithoutTerminator(block)) return true;
      block.parentRegion!.parentOp!.emitError('empty block: expect at least a terminator');
      return false;
    }
    const lastOp = block.lastOp;
    for (let op = block.firstOp; op !== null; op = op.nextOp) {
      if (op.successorSlots.length !== 0 && op !== lastOp) {
        op.emitError('operation with block successors must terminate its parent block');
        return false;
      }
    }
    return true;
  }

  /** MLIR's block exit, once the ops in it are verified: branches stay in the region, and the block ends in a terminator. */
  private verifyBlockOnExit(block: Block): boolean {
    const last = block.lastOp;
    if (last === null) return true;
    const region = block.parentRegion!;
    const successors = last.successorUses;
    for (let i = 0; i < successors.length; i++) {
      if (successors[i]!.block.parentRegion !== region) {
        last.emitOpError('branching to block of a different region');
        return false;
      }
    }
    if (mayBeValidWithoutTerminator(block)) return true;
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

  /**
   * Checks the operands of the ops nested in `top` (except in unreachable blocks and in nested isolated ops, which
   * are checked on their own), stopping at the first that fails, as MLIR's verifyDominanceOfContainedRegions.
   */
  private verifyDominance(top: Operation): boolean {
    const stack: Operation[] = [top];
    while (stack.length) {
      const op = stack.pop()!;
      for (const region of op.regions) {
        for (let b = region.firstBlock; b !== null; b = b.nextBlock) {
          const reachable = this.dom.isReachableFromEntry(b);
          for (let inner = b.firstOp; inner !== null; inner = inner.nextOp) {
            if (reachable && !this.verifyOperands(inner)) return false;
            if (inner.regions.length && !inner.hasTrait(IsolatedFromAbove)) stack.push(inner);
          }
        }
      }
    }
    return true;
  }

  private verifyOperands(user: Operation): boolean {
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
      if (!this.checkIsolation(user, v, true)) return false;
      if (!this.dom.properlyDominates(v, user)) {
        this.diagnoseDominance(user, i);
        return false;
      }
    }
    return true;
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
        return false;
      }
      cur = parent;
    }
  }

  private diagnoseDominance(op: Operation, operandNo: number): void {
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

/**
 * The symbol users nested in `op` whose uses the symbol table around `op` checks, in the order the verifier's walk
 * meets them: in pre-order, not looking into nested symbol tables (which check their own).
 */
function collectSymbolUsers(op: Operation, out: Operation[]): void {
  const regions = op.regions;
  for (let r = 0; r < regions.length; r++) {
    for (let b = regions[r]!.firstBlock; b !== null; b = b.nextBlock) {
      for (let inner = b.firstOp; inner !== null; inner = inner.nextOp) {
        if (inner.opName.getInterface(SymbolUserOpInterface) !== undefined) out.push(inner);
        if (inner.regions.length !== 0 && !inner.hasTrait(SymbolTableTrait)) collectSymbolUsers(inner, out);
      }
    }
  }
}
