import {
  ArrayAttr,
  DictionaryAttr,
  StringAttr,
  SymbolRefAttr,
  SymbolTable,
  SymbolTableTrait,
  type Attribute,
  type Operation,
} from '@tlir/ir';
import { definePass } from '@tlir/pass';
import { isSymbolOp } from '@tlir/rewrite';

/** Whether a symbol op is private (`sym_visibility = "private"`). */
export function isPrivateSymbol(op: Operation): boolean {
  const v = op.getInherentOrDiscardable('sym_visibility');
  return v instanceof StringAttr && v.value === 'private';
}

const isSymbol = isSymbolOp;

/** Calls `fn` for every symbol reference in an attribute (through arrays and dictionaries). */
function forEachSymbolRef(attr: Attribute | undefined, fn: (ref: SymbolRefAttr) => void): void {
  if (attr instanceof SymbolRefAttr) fn(attr);
  else if (attr instanceof ArrayAttr) for (const a of attr.elements) forEachSymbolRef(a, fn);
  else if (attr instanceof DictionaryAttr) for (const e of attr.entries) forEachSymbolRef(e.value, fn);
}

/**
 * The symbol references made by `op` and the ops nested in it, not looking into nested symbol tables (MLIR's
 * SymbolTable::getSymbolUses); undefined when an unregistered op with regions might be a symbol table.
 */
function collectSymbolUses(op: Operation): SymbolRefAttr[] | undefined {
  const refs: SymbolRefAttr[] = [];
  let unknown = false;
  op.walk((o) => {
    forEachSymbolRef(o.properties, (r) => refs.push(r));
    forEachSymbolRef(o.attributes, (r) => refs.push(r));
    if (o === op) return undefined;
    if (o.hasTrait(SymbolTableTrait)) return 'skip';
    if (!o.isRegistered && o.numRegions) {
      unknown = true;
      return 'interrupt';
    }
    return undefined;
  }, 'pre');
  return unknown ? undefined : refs;
}

/** The ops a reference resolves to from `table`, one per name of `@a::@b` (empty if it does not resolve). */
function resolve(table: Operation, ref: SymbolRefAttr): Operation[] {
  const out: Operation[] = [];
  let scope: Operation | undefined = table;
  for (const name of [ref.root, ...ref.nested]) {
    if (!scope || !scope.hasTrait(SymbolTableTrait)) return [];
    scope = SymbolTable.lookupSymbolIn(scope, name);
    if (!scope) return [];
    out.push(scope);
  }
  return out;
}

/**
 * Marks the live symbols of a symbol table (MLIR's SymbolDCE::computeLiveness): the non-symbols, the symbols
 * that cannot be discarded (all but private ones: a symbol may be discarded when unused only if it is private,
 * MLIR's default canDiscardOnUseEmpty), and everything they reference.
 */
function computeLiveness(tableOp: Operation, live: Set<Operation>): boolean {
  const worklist: Operation[] = [];
  const body = tableOp.regions[0];
  for (let b = body?.firstBlock ?? null; b !== null; b = b.nextBlock) {
    for (let op = b.firstOp; op !== null; op = op.nextOperation) {
      if (!isSymbol(op)) {
        worklist.push(op);
        continue;
      }
      if (!isPrivateSymbol(op) && !live.has(op)) {
        live.add(op);
        worklist.push(op);
      }
    }
  }
  while (worklist.length) {
    const op = worklist.pop()!;
    if (op.hasTrait(SymbolTableTrait)) {
      if (!computeLiveness(op, live)) return false;
    } else {
      for (const r of op.regions) {
        for (let b = r.firstBlock; b !== null; b = b.nextBlock) {
          for (let o = b.firstOp; o !== null; o = o.nextOperation) if (o.numRegions) worklist.push(o);
        }
      }
    }
    const parent = op.parentOp;
    if (!parent || !parent.hasTrait(SymbolTableTrait)) continue;
    const uses = collectSymbolUses(op);
    if (!uses) {
      op.emitError("operation contains potentially unknown symbol table, meaning that we can't reliable compute symbol uses");
      return false;
    }
    for (const ref of uses) {
      for (const sym of resolve(parent, ref)) {
        if (live.has(sym)) continue;
        live.add(sym);
        worklist.push(sym);
      }
    }
  }
  return true;
}

export const SymbolDCEPass = definePass({
  argument: 'symbol-dce',
  name: 'SymbolDCE',
  summary: 'Eliminate dead symbols',
  description:
    'Erases the private symbols (and, in a symbol table that is not visible from outside, every symbol) that ' +
    'nothing live references, in the symbol table the pass runs on and those nested in it.',
  statistics: { 'num-dce': 'Number of symbols DCE\'d' },
  run(op, pass) {
    if (!op.hasTrait(SymbolTableTrait)) {
      op.emitOpError(' was scheduled to run under SymbolDCE, but does not define a symbol table');
      return pass.signalPassFailure();
    }
    const live = new Set<Operation>();
    if (!computeLiveness(op, live)) return pass.signalPassFailure();
    let erased = 0;
    op.walk((table) => {
      if (!table.hasTrait(SymbolTableTrait)) return;
      for (let b = table.regions[0]?.firstBlock ?? null; b !== null; b = b.nextBlock) {
        for (const inner of b.ops()) {
          if (isSymbol(inner) && !live.has(inner)) {
            inner.dropAllReferences();
            inner.erase();
            erased++;
          }
        }
      }
    });
    pass.statistics['num-dce'].value += erased;
    if (!erased) pass.markAllAnalysesPreserved();
  },
});
