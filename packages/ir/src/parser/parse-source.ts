import { Block } from '../block.js';
import type { Context } from '../context.js';
import { FileLineColLoc } from '../location.js';
import { Operation } from '../operation.js';
import { OperationParser } from './operation-parser.js';
import { encodeSource, sourceBytes } from './source-bytes.js';

/** Where a text that is a piece of a file starts in it (1-based), as for a `--split-input-file` chunk. */
export interface SourcePosition {
  readonly line: number;
  readonly column: number;
}

/**
 * Parses MLIR text into a `builtin.module`: the module written in the text if it is the only top-level op,
 * otherwise an implicit module (located at `file:0:0`, as mlir-opt does) holding the top-level ops.
 * Returns undefined after reporting errors to `ctx.diagnostics`; the buffer is registered in `ctx.sources`
 * so diagnostics can show source lines.
 *
 * With `start`, `text` is the piece of the file `filename` that begins there: locations are those of the
 * whole file, so the piece is not registered (the caller registers the whole file's text), and an implicit
 * module is located at `start` unless that is the file's beginning (as mlir-opt 22 splits input).
 */
export function parseSourceString(ctx: Context, text: string, filename = '<string>', start?: SourcePosition): Operation | undefined {
  return parseSource(ctx, text, filename, start);
}

/**
 * Parses MLIR text given as its UTF-8 bytes, as `parseSourceString` does its text: a file's bytes as they were
 * read, without a string of the whole file (the bytes are registered in `ctx.sources` as they are, and must not
 * change while the context is in use).
 */
export function parseSourceBytes(ctx: Context, src: Uint8Array, filename = '<string>', start?: SourcePosition): Operation | undefined {
  return parseSource(ctx, src, filename, start);
}

function parseSource(ctx: Context, source: string | Uint8Array, filename: string, start: SourcePosition | undefined): Operation | undefined {
  if (!start) ctx.sources.addBuffer(filename, source);
  const src = typeof source === 'string' ? encodeSource(source) : sourceBytes(source);
  const parser = new OperationParser(ctx, src, filename);
  if (start) parser.lex.setStartPosition(start.line, start.column);
  const holder = new Block();
  if (!parser.parseTopLevel(holder)) return undefined;
  const first = holder.firstOp;
  if (first !== null && first === holder.lastOp && first.name === 'builtin.module') {
    first.remove();
    return first;
  }
  const module = Operation.create(ctx, { name: 'builtin.module', regions: 1, loc: implicitModuleLoc(filename, start) });
  const body = module.regions[0]!.pushBack(new Block());
  if (first) holder.splitOpsInto(first, body);
  return module;
}

function implicitModuleLoc(filename: string, start: SourcePosition | undefined): FileLineColLoc {
  if (!start || (start.line === 1 && start.column === 1)) return new FileLineColLoc(filename, 0, 0);
  return new FileLineColLoc(filename, start.line, start.column);
}
