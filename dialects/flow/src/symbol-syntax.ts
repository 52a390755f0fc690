// How flow's symbol ops write their visibility and name (IREE's custom<SymbolVisibility> and
// custom<SymbolAlias>): `flow.executable private @ex`, `flow.executable.export public @fn as("alias")`.
import { StringAttr, SymbolRefAttr, type NamedAttribute, type OpAsmParser, type OpAsmPrinter, type Operation } from '@tlir/ir';

const VISIBILITIES = ['public', 'private', 'nested'] as const;

/** An optional `public`, `private` or `nested` keyword, kept as `sym_visibility`. */
export function parseSymbolVisibility(p: OpAsmParser, attrs: NamedAttribute[]): void {
  for (const v of VISIBILITIES) {
    if (p.parseOptionalKeyword(v)) {
      attrs.push({ name: 'sym_visibility', value: StringAttr.get(p.context, v) });
      return;
    }
  }
}

/** The visibility keyword, `public` when the op has none (as IREE prints it). */
export function printSymbolVisibility(p: OpAsmPrinter, op: Operation): void {
  const v = op.getProperty('sym_visibility');
  p.write(v instanceof StringAttr ? v.value : 'public');
}

/**
 * `@fn` (the symbol is named `fn` and refers to `@fn`) or `@fn as("alias")` (the symbol is named `alias`): kept as
 * `function_ref` and `sym_name`.
 */
export function parseSymbolAlias(p: OpAsmParser, attrs: NamedAttribute[]): void {
  const loc = p.getCurrentLocation();
  const ref = p.parseOptionalSymbolName() ?? p.emitError('expected a symbol reference (@name) to the exported function', loc);
  let name = ref;
  if (p.parseOptionalKeyword('as')) {
    p.parseLParen();
    name = p.parseString();
    p.parseRParen();
  }
  attrs.push({ name: 'sym_name', value: StringAttr.get(p.context, name) });
  attrs.push({ name: 'function_ref', value: SymbolRefAttr.get(p.context, ref) });
}

export function printSymbolAlias(p: OpAsmPrinter, op: Operation): void {
  const name = op.getProperty('sym_name');
  const ref = op.getProperty('function_ref');
  if (ref instanceof SymbolRefAttr) p.printAttribute(ref);
  if (name instanceof StringAttr && ref instanceof SymbolRefAttr && name.value !== ref.root) {
    p.write(' as(');
    p.printAttribute(name);
    p.write(')');
  }
}
