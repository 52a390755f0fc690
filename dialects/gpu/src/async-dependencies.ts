// `async [%t0, %t1]`: the asynchronous form of a gpu op and its dependencies (MLIR's custom<AsyncDependencies>),
// shared by every op of the dialect that may run asynchronously.
import { type CustomDirective, type OpAsmParser, type OpAsmPrinter, type Type, type UnresolvedOperand, type Value } from '@tlir/ir';
import { AsyncTokenType } from './async-token-type.js';

/**
 * `(async)? ([%deps])?` for `custom<AsyncDependencies>(type($asyncToken), $asyncDependencies)`: `async` makes the op
 * return a token, which then needs a name (`%t = gpu.wait async`).
 */
export const AsyncDependencies: CustomDirective = {
  parse(parser: OpAsmParser, args: unknown[]) {
    const loc = parser.getCurrentLocation();
    if (parser.parseOptionalKeyword('async')) {
      if (parser.numResultsToBind === 0) parser.emitCustomOpError("needs to be named when marked 'async'", loc);
      args[0] = AsyncTokenType.get(parser.context, {});
    }
    args[1] = parser.parseOperandList('optional-square') satisfies UnresolvedOperand[];
  },
  print(p: OpAsmPrinter, _op, args) {
    const token = args[0] as Type | undefined;
    const deps = args[1] as readonly Value[];
    if (token) p.write('async');
    if (!deps.length) return;
    if (token) p.write(' ');
    p.write('[');
    p.printOperands(deps);
    p.write(']');
  },
};
