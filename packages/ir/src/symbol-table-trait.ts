// The SymbolTable trait: an op whose single region holds a symbol table. Its own file, so that the symbol table,
// the symbol interfaces and the verifier can all ask for it without an import circle.
import { StringAttr } from './builtin-attributes.js';
import type { Operation } from './operation.js';
import { defineTrait } from './trait.js';

/** The op's single region holds a symbol table: symbol names are unique within it. */
export const SymbolTableTrait = defineTrait('SymbolTable', {
  // A region verifier, as MLIR's SymbolTable::verifyRegionTrait: it runs once the nested ops have verified,
  // so a symbol redefinition does not hide the errors inside the table.
  verifyRegions(op) {
    if (op.numRegions !== 1) {
      op.emitOpError("Operations with a 'SymbolTable' must have exactly one region");
      return false;
    }
    if (op.regions[0]!.numBlocks > 1) {
      op.emitOpError("Operations with a 'SymbolTable' must have exactly one block");
      return false;
    }
    const seen = new Map<string, Operation>();
    let ok = true;
    const block = op.regions[0]!.firstBlock;
    for (let inner = block?.firstOp ?? null; inner !== null; inner = inner.nextOp) {
      const name = inner.getInherentOrDiscardable('sym_name');
      if (!(name instanceof StringAttr)) continue;
      const prev = seen.get(name.value);
      if (prev) {
        // MLIR reports the first redefinition only.
        inner.emitError(`redefinition of symbol named '${name.value}'`).attachNote(prev.loc, 'see existing symbol definition here');
        return false;
      } else seen.set(name.value, inner);
    }
    // The symbol uses inside the table (calls, ...) are checked next, by the verifier (verifySymbolUses), as
    // MLIR's verifySymbolTable does after the redefinitions.
    return ok;
  },
});
