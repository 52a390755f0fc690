import { StringAttr, type SymbolRefAttr } from '../builtin-attributes.js';
import { defineOpInterface } from '../op-def/op-interface.js';
import type { Operation } from '../operation.js';
import { getSymbolName, SymbolTable } from '../symbol-table.js';
import { SymbolTableTrait } from '../symbol-table-trait.js';

/** `public`, `private` or `nested` (MLIR's SymbolTable::Visibility). */
export type SymbolVisibility = 'public' | 'private' | 'nested';

/** The visibility of a symbol op (its `sym_visibility`; public when absent). */
export function getSymbolVisibility(op: Operation): SymbolVisibility {
  const v = op.getInherentOrDiscardable('sym_visibility');
  return v instanceof StringAttr && (v.value === 'private' || v.value === 'nested') ? v.value : 'public';
}

/**
 * An op that defines a symbol (MLIR's SymbolOpInterface): it has a string `sym_name` and maybe a
 * `sym_visibility`. Verified as MLIR does: the name, a valid visibility, no public declaration, and a parent
 * that is a symbol table.
 */
export const SymbolOpInterface = defineOpInterface<{
  /** Whether the op only declares the symbol (an external function). */
  isDeclaration?(op: Operation): boolean;
  /** Whether the op may go without a name, and is then no symbol (builtin.module); verified only when named. */
  isOptionalSymbol?(op: Operation): boolean;
}>('SymbolOpInterface', {
  verify(op, methods) {
    if (methods.isOptionalSymbol?.(op) && op.getInherentOrDiscardable('sym_name') === undefined) return true;
    if (!(op.getInherentOrDiscardable('sym_name') instanceof StringAttr)) {
      op.emitOpError("requires string attribute 'sym_name'");
      return false;
    }
    const vis = op.getInherentOrDiscardable('sym_visibility');
    if (vis !== undefined) {
      if (!(vis instanceof StringAttr)) {
        op.emitOpError(`requires visibility attribute 'sym_visibility' to be a string attribute, but got ${vis}`);
        return false;
      }
      if (!['public', 'private', 'nested'].includes(vis.value)) {
        op.emitOpError(`visibility expected to be one of ["public", "private", "nested"], but got ${vis}`);
        return false;
      }
    }
    if (methods.isDeclaration?.(op) && getSymbolVisibility(op) === 'public') {
      op.emitOpError('symbol declaration cannot have public visibility');
      return false;
    }
    const parent = op.parentOp;
    if (parent && parent.isRegistered && !parent.hasTrait(SymbolTableTrait)) {
      op.emitOpError("symbol's parent must have the SymbolTable trait");
      return false;
    }
    return true;
  },
});

/**
 * Symbol tables looked up once and kept (MLIR's SymbolTableCollection), for verifying many symbol uses.
 */
export class SymbolTableCollection {
  private readonly tables = new Map<Operation, SymbolTable>();

  getSymbolTable(op: Operation): SymbolTable {
    let t = this.tables.get(op);
    if (!t) {
      t = new SymbolTable(op);
      this.tables.set(op, t);
    }
    return t;
  }

  /** Looks up `@a::@b` from the nearest symbol table around `from`. */
  lookupNearestSymbolFrom(from: Operation, ref: SymbolRefAttr): Operation | undefined {
    let table: Operation | null | undefined = SymbolTable.getNearestSymbolTable(from);
    for (const part of [ref.root, ...ref.nested]) {
      if (!table || (table.isRegistered && !table.hasTrait(SymbolTableTrait))) return undefined;
      table = this.getSymbolTable(table).lookup(part);
    }
    return table ?? undefined;
  }
}

/** An op that refers to symbols (MLIR's SymbolUserOpInterface); its uses are checked by the enclosing table. */
export const SymbolUserOpInterface = defineOpInterface<{
  verifySymbolUses(op: Operation, symbolTable: SymbolTableCollection): boolean;
}>('SymbolUserOpInterface');

/** The symbol users of one table the verifier collected in its walk (see `withCollectedSymbolUsers`). */
let collected: { readonly table: Operation; readonly users: readonly Operation[] } | undefined;

/**
 * @internal Runs `check` (the verification of `table`'s region traits) with the symbol users of `table` the
 * verifier met in its walk, in walk order, so that `verifySymbolUses(table)` needs no walk of its own.
 */
export function withCollectedSymbolUsers<T>(table: Operation, users: readonly Operation[], check: () => T): T {
  const saved = collected;
  collected = { table, users };
  try {
    return check();
  } finally {
    collected = saved;
  }
}

/**
 * Verifies the symbol users in a symbol table's regions, not entering nested symbol tables (they verify their
 * own), stopping at the first failure, as MLIR's verifySymbolTable.
 */
export function verifySymbolUses(table: Operation): boolean {
  let collection: SymbolTableCollection | undefined;
  if (collected?.table === table) {
    const users = collected.users;
    for (let i = 0; i < users.length; i++) {
      const user = users[i]!;
      if (!SymbolUserOpInterface.get(user)!.verifySymbolUses(user, (collection ??= new SymbolTableCollection()))) return false;
    }
    return true;
  }
  // This walks every op of the table (as MLIR does), so it stays cheap per op: no allocation, and an interface
  // lookup only for registered ops that declare interfaces.
  const visit = (op: Operation): boolean => {
    const regions = op.regions;
    for (let r = 0; r < regions.length; r++) {
      for (let b = regions[r]!.firstBlock; b !== null; b = b.nextBlock) {
        for (let inner = b.firstOp; inner !== null; inner = inner.nextOperation) {
          if (inner.opName.def?.interfaces !== undefined) {
            const user = SymbolUserOpInterface.get(inner);
            if (user && !user.verifySymbolUses(inner, (collection ??= new SymbolTableCollection()))) return false;
          }
          if (inner.regions.length !== 0 && !inner.hasTrait(SymbolTableTrait) && !visit(inner)) return false;
        }
      }
    }
    return true;
  };
  return visit(table);
}

export { getSymbolName };
