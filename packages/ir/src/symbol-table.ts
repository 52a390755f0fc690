import { StringAttr, type SymbolRefAttr } from './builtin-attributes.js';
import type { Operation } from './operation.js';
import { SymbolTableTrait } from './symbol-table-trait.js';

/** The name a symbol op defines (its `sym_name` property or attribute). */
export function getSymbolName(op: Operation): string | undefined {
  const a = op.getInherentOrDiscardable('sym_name');
  return a instanceof StringAttr ? a.value : undefined;
}

/**
 * The symbols defined directly in the single block of a symbol-table op (e.g. a module), by name. Built once
 * (O(ops in the block)); lookups are O(1). Keep it up to date through `insert` / `erase`, or rebuild it.
 */
export class SymbolTable {
  private readonly symbols = new Map<string, Operation>();

  constructor(readonly op: Operation) {
    if (!op.hasTrait(SymbolTableTrait) && op.isRegistered) throw new Error(`'${op.name}' is not a symbol table`);
    const block = op.regions[0]?.firstBlock;
    for (let o = block?.firstOp ?? null; o !== null; o = o.nextOperation) {
      const name = getSymbolName(o);
      if (name !== undefined && !this.symbols.has(name)) this.symbols.set(name, o);
    }
  }

  lookup(name: string): Operation | undefined {
    return this.symbols.get(name);
  }

  get names(): string[] {
    return [...this.symbols.keys()];
  }

  /**
   * Inserts `symbol` at the end of the table's block (or before `before`); if its name is taken, it is renamed
   * to a unique `name_N`. Returns the name it ends up with.
   */
  insert(symbol: Operation, before?: Operation): string {
    const block = this.op.regions[0]!.firstBlock!;
    if (!symbol.parentBlock) block.insertBefore(symbol, before ?? null);
    else if (symbol.parentBlock !== block) throw new Error('inserting into a symbol table a symbol that is in another block');
    let name = getSymbolName(symbol);
    if (name === undefined) throw new Error('inserting an operation without sym_name into a symbol table');
    if (this.symbols.has(name) && this.symbols.get(name) !== symbol) {
      let i = 0;
      while (this.symbols.has(`${name}_${i}`)) i++;
      name = `${name}_${i}`;
      const attr = StringAttr.get(symbol.context, name);
      if (symbol.getProperty('sym_name')) symbol.setProperty('sym_name', attr);
      else symbol.setAttr('sym_name', attr);
    }
    this.symbols.set(name, symbol);
    return name;
  }

  /** Removes the symbol from the table and erases it. */
  erase(symbol: Operation): void {
    const name = getSymbolName(symbol);
    if (name !== undefined && this.symbols.get(name) === symbol) this.symbols.delete(name);
    symbol.erase();
  }

  /**
   * Looks up `@a::@b::@c` starting at `from` (a symbol-table op); undefined when a part is missing or names an
   * op that is not a symbol table.
   */
  static lookupSymbolIn(from: Operation, ref: SymbolRefAttr | string): Operation | undefined {
    const parts = typeof ref === 'string' ? [ref] : [ref.root, ...ref.nested];
    let table: Operation | undefined = from;
    for (const part of parts) {
      if (!table || (table.isRegistered && !table.hasTrait(SymbolTableTrait))) return undefined;
      table = new SymbolTable(table).lookup(part);
    }
    return table;
  }

  /**
   * The nearest symbol-table op around `from` (`from` itself included), as MLIR's getNearestSymbolTable: null
   * when an unregistered op with one region comes first, since it might be a symbol table.
   */
  static getNearestSymbolTable(from: Operation): Operation | null {
    for (let p: Operation | null = from; p !== null; p = p.parentOp) {
      if (!p.isRegistered && p.numRegions === 1) return null;
      if (p.hasTrait(SymbolTableTrait)) return p;
    }
    return null;
  }

  /** Looks up a reference in the nearest symbol table of `from` (not further out), as MLIR resolves uses. */
  static lookupNearestSymbolFrom(from: Operation, ref: SymbolRefAttr | string): Operation | undefined {
    const table = SymbolTable.getNearestSymbolTable(from);
    return table ? SymbolTable.lookupSymbolIn(table, ref) : undefined;
  }
}

