import { FlatSymbolRefAttr, Pure, SymbolUserOpInterface, defineOp } from '@tlir/ir';
import { GlobalOp } from './global-op.js';
import { AnyStaticShapeMemRef } from './memref-constraints.js';

/** `%x = memref.get_global @foo : memref<2xf32>`: the memref of a global. */
export const GetGlobalOp = defineOp('memref.get_global', {
  summary: 'get the memref pointing to a global variable',
  description: `
The \`memref.get_global\` operation retrieves the memref pointing to a named global variable. If the global variable
is marked constant, writing to the result memref (such as through a \`memref.store\` operation) is undefined.

Example:

\`\`\`mlir
%x = memref.get_global @foo : memref<2xf32>
\`\`\`
`,
  properties: { name: FlatSymbolRefAttr },
  results: { result: AnyStaticShapeMemRef },
  traits: [Pure],
  interfaces: [
    SymbolUserOpInterface.implement({
      // MLIR's GetGlobalOp::verifySymbolUses: a memref.global of the result's type.
      verifySymbolUses(op, symbolTable) {
        const g = GetGlobalOp.wrap(op);
        const found = symbolTable.lookupNearestSymbolFrom(op, g.name);
        const global = found && GlobalOp.match(found);
        if (!global) {
          op.emitOpError(`'${g.name.leaf}' does not reference a valid global memref`);
          return false;
        }
        const type = global.type?.value;
        if (type !== g.result.type) {
          op.emitOpError(`result type '${g.result.type}' does not match type '${type}' of the global memref @${g.name.leaf}`);
          return false;
        }
        return true;
      },
    }),
  ],
  assemblyFormat: '$name `:` type($result) attr-dict',
});
