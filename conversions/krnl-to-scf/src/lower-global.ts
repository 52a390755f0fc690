// krnl.global as a constant memref.global (in the nearest symbol table, named after the krnl.global's `name`, made
// unique) and a memref.get_global where the krnl.global was.
import { StringAttr, SymbolRefAttr, SymbolTable, SymbolTableTrait, TypeAttr, UnitAttr, type MemRefType, type Operation, type Value } from '@tlir/ir';
import { GetGlobalOp, GlobalOp } from '@tlir/dialect-memref';
import { GlobalOp as KrnlGlobalOp } from '@tlir/dialect-krnl';
import type { IndexBuilder } from './index-builder.js';

export function lowerGlobal(op: Operation, ix: IndexBuilder, tables: Map<Operation, SymbolTable>): Value[] | false {
  const global_ = KrnlGlobalOp.wrap(op);
  const value = global_.value;
  if (value === undefined) {
    op.emitOpError("cannot be lowered to scf without 'value' (its data is at an offset of a constant pool)");
    return false;
  }
  let scope: Operation | null = op.parentOp;
  while (scope && !scope.hasTrait(SymbolTableTrait)) scope = scope.parentOp;
  if (!scope) {
    op.emitOpError('cannot be lowered to scf outside a symbol table (a module to hold its memref.global)');
    return false;
  }
  let table = tables.get(scope);
  if (!table) tables.set(scope, (table = new SymbolTable(scope)));
  let anchor: Operation = op;
  while (anchor.parentOp !== scope) anchor = anchor.parentOp!;
  const ctx = op.context;
  const type = op.results[0]!.type as MemRefType;
  const requested = (global_.name as StringAttr).value.replace(/[^A-Za-z0-9_$.]/g, '_') || 'krnl_global';
  const global = GlobalOp.build(ctx, {
    sym_name: StringAttr.get(ctx, requested),
    sym_visibility: StringAttr.get(ctx, 'private'),
    type: TypeAttr.get(ctx, type),
    initial_value: value,
    constant: UnitAttr.get(ctx),
    loc: op.loc,
  }).op;
  const name = table.insert(global, anchor);
  return [GetGlobalOp.create(ix.b, { name: SymbolRefAttr.get(ctx, name), result: type, loc: ix.loc }).result];
}
