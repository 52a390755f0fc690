import { describe, expect, it } from 'vitest';
import {
  Context,
  NoTerminator,
  Operation,
  StringAttr,
  SymbolRefAttr,
  SymbolTable,
  SymbolTrait,
  getSymbolName,
  parseSourceString,
  verify,
  type Dialect,
} from '../src/index.js';

const TestDialect: Dialect = {
  name: 'test',
  operations: [
    { name: 'test.func', traits: [SymbolTrait, NoTerminator] },
    { name: 'test.plain', traits: [NoTerminator] },
  ],
  allowUnknownOperations: true,
};

const TEXT = `
module @outer {
  module @inner {
    "test.func"() <{sym_name = "f"}> ({}) : () -> ()
    module @deep {
      "test.func"() <{sym_name = "d"}> ({}) : () -> ()
    }
  }
  "test.func"() <{sym_name = "g"}> ({
    "test.call"() : () -> ()
  }) : () -> ()
  "test.func"() ({}) {sym_name = "h"} : () -> ()
  "test.plain"() ({
    "test.func"() <{sym_name = "under_plain"}> ({}) : () -> ()
  }) {sym_name = "p"} : () -> ()
  "test.unregistered_table"() ({
    "test.call2"() : () -> ()
  }) : () -> ()
}
`;

function setup(): { ctx: Context; outer: Operation; find: (name: string) => Operation } {
  const ctx = new Context({ dialects: [TestDialect] });
  const outer = parseSourceString(ctx, TEXT, 'sym.mlir');
  expect(ctx.diagnostics.unhandled.map((d) => d.message)).toEqual([]);
  const find = (name: string): Operation => {
    let found: Operation | undefined;
    outer!.walk((o) => {
      if (o.name === name || getSymbolName(o) === name) found = o;
    });
    return found!;
  };
  return { ctx, outer: outer!, find };
}

describe('SymbolTable', () => {
  it('finds the symbols directly in the table, by property or attribute', () => {
    const { outer, find } = setup();
    const t = new SymbolTable(outer);
    expect(t.names.sort()).toEqual(['g', 'h', 'inner', 'p']);
    expect(t.lookup('g')).toBe(find('g'));
    expect(t.lookup('h')).toBe(find('h')); // sym_name as a discardable attribute
    expect(t.lookup('f')).toBeUndefined(); // nested deeper
    expect(() => new SymbolTable(find('g'))).toThrow(/not a symbol table/);
  });

  it('insert renames on a clash, updating the property or the attribute that holds the name', () => {
    const { ctx, outer, find } = setup();
    const t = new SymbolTable(outer);
    const g2 = Operation.create(ctx, { name: 'test.func', properties: undefined, regions: 1 });
    g2.setProperty('sym_name', StringAttr.get(ctx, 'g'));
    expect(t.insert(g2)).toBe('g_0');
    expect(g2.getProperty('sym_name')).toBe(StringAttr.get(ctx, 'g_0'));
    expect(g2.getAttr('sym_name')).toBeUndefined();
    expect(g2.parentOp).toBe(outer);
    expect(outer.regions[0]!.entryBlock.lastOp).toBe(g2);
    const g3 = Operation.create(ctx, { name: 'test.func', attributes: [{ name: 'sym_name', value: StringAttr.get(ctx, 'g') }], regions: 1 });
    expect(t.insert(g3, find('g'))).toBe('g_1');
    expect(g3.getAttr('sym_name')).toBe(StringAttr.get(ctx, 'g_1'));
    expect(g3.nextOperation).toBe(find('g'));
    expect(t.lookup('g_1')).toBe(g3);
    // Inserting a symbol that is already there under its name changes nothing.
    expect(t.insert(g3)).toBe('g_1');
    expect(() => t.insert(Operation.create(ctx, { name: 'test.nameless' }))).toThrow(/without sym_name/);
    // A symbol that lives in another block (here in @inner) is not registered here.
    expect(() => t.insert(find('f'))).toThrow(/in another block/);
    expect(t.lookup('f')).toBeUndefined();
    // The result verifies: names are unique.
    const ok = verify(outer);
    expect(ctx.diagnostics.unhandled.map((d) => d.message)).toEqual([]);
    expect(ok).toBe(true);
  });

  it('erase removes the symbol from the table and the IR', () => {
    const { outer, find } = setup();
    const t = new SymbolTable(outer);
    const h = find('h');
    t.erase(h);
    expect(h.isErased).toBe(true);
    expect(t.lookup('h')).toBeUndefined();
    expect(new SymbolTable(outer).lookup('h')).toBeUndefined();
  });

  it('lookupSymbolIn follows nested references through nested symbol tables', () => {
    const { ctx, outer, find } = setup();
    expect(SymbolTable.lookupSymbolIn(outer, SymbolRefAttr.get(ctx, 'inner', ['f']))).toBe(find('f'));
    expect(SymbolTable.lookupSymbolIn(outer, SymbolRefAttr.get(ctx, 'inner', ['deep', 'd']))).toBe(find('d'));
    expect(SymbolTable.lookupSymbolIn(outer, 'g')).toBe(find('g'));
    expect(SymbolTable.lookupSymbolIn(outer, SymbolRefAttr.get(ctx, 'inner', ['nope']))).toBeUndefined();
    expect(SymbolTable.lookupSymbolIn(outer, SymbolRefAttr.get(ctx, 'nope', ['f']))).toBeUndefined();
    expect(SymbolTable.lookupSymbolIn(outer, SymbolRefAttr.get(ctx, 'inner', ['f', 'x']))).toBeUndefined();
    // @p is a registered op that is not a symbol table: nothing can be found under it.
    expect(SymbolTable.lookupSymbolIn(outer, SymbolRefAttr.get(ctx, 'p', ['under_plain']))).toBeUndefined();
  });

  it('lookupNearestSymbolFrom resolves in the nearest symbol table only, as MLIR does', () => {
    const { ctx, outer, find } = setup();
    const call = find('test.call');
    expect(SymbolTable.getNearestSymbolTable(call)).toBe(outer);
    expect(SymbolTable.getNearestSymbolTable(find('deep'))).toBe(find('deep'));
    expect(SymbolTable.getNearestSymbolTable(find('test.call2'))).toBeNull();
    expect(SymbolTable.lookupNearestSymbolFrom(call, 'h')).toBe(find('h'));
    expect(SymbolTable.lookupNearestSymbolFrom(call, SymbolRefAttr.get(ctx, 'inner', ['deep', 'd']))).toBe(find('d'));
    expect(SymbolTable.lookupNearestSymbolFrom(call, 'f')).toBeUndefined();
    // From inside @inner, @g of the outer module is not visible.
    expect(SymbolTable.lookupNearestSymbolFrom(find('f'), 'deep')).toBe(find('deep'));
    expect(SymbolTable.lookupNearestSymbolFrom(find('f'), 'g')).toBeUndefined();
    // A symbol table op starts the search in itself.
    expect(SymbolTable.lookupNearestSymbolFrom(find('inner'), 'f')).toBe(find('f'));
    // An unregistered op with one region might be a symbol table: MLIR gives up there.
    expect(SymbolTable.lookupNearestSymbolFrom(find('test.call2'), 'g')).toBeUndefined();
  });
});
