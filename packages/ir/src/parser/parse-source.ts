import { Block } from '../block.js';
import type { Context } from '../context.js';
import { FileLineColLoc } from '../location.js';
import { Operation } from '../operation.js';
import { OperationParser } from './operation-parser.js';

/**
 * Parses MLIR text into a `builtin.module`: the module written in the text if it is the only top-level op,
 * otherwise an implicit module (located at `file:0:0`, as mlir-opt does) holding the top-level ops.
 * Returns undefined after reporting errors to `ctx.diagnostics`; the buffer is registered in `ctx.sources`
 * so diagnostics can show source lines.
 */
export function parseSourceString(ctx: Context, text: string, filename = '<string>'): Operation | undefined {
  ctx.sources.addBuffer(filename, text);
  const parser = new OperationParser(ctx, text, filename);
  const holder = new Block();
  if (!parser.parseTopLevel(holder)) return undefined;
  const first = holder.firstOp;
  if (first !== null && first === holder.lastOp && first.name === 'builtin.module') {
    first.remove();
    return first;
  }
  const module = Operation.create(ctx, { name: 'builtin.module', regions: 1, loc: new FileLineColLoc(filename, 0, 0) });
  const body = module.regions[0]!.pushBack(new Block());
  if (first) holder.splitOpsInto(first, body);
  return module;
}
