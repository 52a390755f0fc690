import { OptionError, parseDefinitionOptions } from './options.js';
import { PassManager, PipelineError, type Nesting, type OpPassManager } from './pass-manager.js';
import type { PassRegistry } from './registry.js';

/** An error in a textual pipeline: the message and where in the text (0-based offset). */
export class PipelineSyntaxError {
  constructor(
    readonly message: string,
    readonly offset: number,
    readonly text: string,
  ) {}

  /**
   * The error as mlir-opt words it: `MLIR Textual PassPipeline Parser:1:16: error: ...`, then the pipeline and
   * a caret under the offending place.
   */
  format(): string {
    return `MLIR Textual PassPipeline Parser:1:${this.offset + 1}: error: ${this.message}\n${this.text}\n${' '.repeat(this.offset)}^\n`;
  }
}

/** One element of a parsed pipeline: a pass or pipeline name with options, or an anchor with a nested list. */
interface Element {
  name: string;
  offset: number;
  options: string | undefined;
  optionsOffset: number;
  nested: Element[] | undefined;
}

const DELIMS = new Set([',', '(', ')', '{', '}']);

/** Parses the pipeline syntax into elements (no registry lookups yet). */
class PipelineLexer {
  private i = 0;
  constructor(private readonly text: string) {}

  private skipSpace(): void {
    while (this.i < this.text.length && /\s/.test(this.text[this.i]!)) this.i++;
  }

  private error(message: string, offset: number): never {
    throw new PipelineSyntaxError(message, offset, this.text);
  }

  /** A comma-separated list of elements, up to `)` (nested) or the end. */
  parseList(nested: boolean, openOffset: number): Element[] {
    const out: Element[] = [];
    this.skipSpace();
    if (nested && this.text[this.i] === ')') {
      this.i++;
      return out;
    }
    for (;;) {
      out.push(this.parseElement());
      this.skipSpace();
      const c = this.text[this.i];
      if (c === ',') {
        this.i++;
        continue;
      }
      if (c === ')') {
        if (!nested) this.error("encountered extra closing ')' creating unbalanced parentheses while parsing pipeline", this.i);
        this.i++;
        return out;
      }
      if (c === undefined) {
        if (nested) this.error('encountered unbalanced parentheses while parsing pipeline', openOffset);
        return out;
      }
      this.error(`expected ',' after parsing pipeline element`, this.i);
    }
  }

  private parseElement(): Element {
    this.skipSpace();
    const offset = this.i;
    while (this.i < this.text.length && !DELIMS.has(this.text[this.i]!) && !/\s/.test(this.text[this.i]!)) this.i++;
    const name = this.text.slice(offset, this.i);
    this.skipSpace();
    let options: string | undefined;
    let optionsOffset = this.i;
    if (this.text[this.i] === '{') {
      optionsOffset = this.i;
      options = this.parseBraced();
      this.skipSpace();
    }
    let nested: Element[] | undefined;
    if (this.text[this.i] === '(') {
      const open = this.i++;
      if (options !== undefined) this.error(`'${name}' takes a nested pipeline, not options`, optionsOffset);
      nested = this.parseList(true, open);
    }
    if (name === '') this.error(`'' does not refer to a registered pass or pass pipeline`, offset);
    return { name, offset, options, optionsOffset, nested };
  }

  /** The text between `{` and its matching `}` (quotes and nested braces respected). */
  private parseBraced(): string {
    const open = this.i++;
    let depth = 1;
    let quote = '';
    for (; this.i < this.text.length; this.i++) {
      const c = this.text[this.i]!;
      if (quote) {
        if (c === quote) quote = '';
      } else if (c === '"' || c === "'") quote = c;
      else if (c === '{') depth++;
      else if (c === '}' && --depth === 0) {
        this.i++;
        return this.text.slice(open + 1, this.i - 1);
      }
    }
    this.error("missing closing '}' while processing pass options", open);
  }
}

function build(elements: readonly Element[], pm: OpPassManager, registry: PassRegistry, text: string): void {
  for (const e of elements) {
    if (e.nested) {
      build(e.nested, pm.nest(e.name), registry, text);
      continue;
    }
    const def = registry.lookup(e.name);
    if (!def) throw new PipelineSyntaxError(`'${e.name}' does not refer to a registered pass or pass pipeline`, e.offset, text);
    const values = parseDefinitionOptions(def, e.options ?? '');
    if (values instanceof OptionError) {
      // Pointing at the option itself inside the braces (`{` is at optionsOffset).
      const at = e.options !== undefined && values.offset !== undefined ? e.optionsOffset + 1 + values.offset : e.optionsOffset;
      throw new PipelineSyntaxError(`failed to add \`${e.name}\` with options \`${e.options ?? ''}\`: ${values.message}`, at, text);
    }
    try {
      if (def.kind === 'pass') pm.addPass(def.create(values as never));
      else def.build(pm, values as never);
    } catch (err) {
      if (err instanceof PipelineError || err instanceof PipelineSyntaxError) {
        throw err instanceof PipelineSyntaxError ? err : new PipelineSyntaxError(err.message, e.offset, text);
      }
      throw err;
    }
  }
}

/**
 * Parses a pipeline anchored on an op (`builtin.module(func.func(cse),canonicalize)`, the form of
 * `--pass-pipeline`) into a PassManager; a PipelineSyntaxError says what is wrong and where.
 */
export function parsePassPipeline(
  text: string,
  registry: PassRegistry,
  options: { nesting?: Nesting; verifyEach?: boolean; interleave?: boolean } = {},
): PassManager | PipelineSyntaxError {
  const anchorError = new PipelineSyntaxError(
    "expected pass pipeline to be wrapped with the anchor operation type, e.g. 'builtin.module(...)'",
    0,
    text,
  );
  if (text.trim() === '') return anchorError;
  try {
    const elements = new PipelineLexer(text).parseList(false, 0);
    const top = elements[0];
    if (elements.length !== 1 || !top || !top.nested) return anchorError;
    const pm = new PassManager(top.name, { nesting: options.nesting ?? 'explicit', verifyEach: options.verifyEach ?? true, interleave: options.interleave ?? true });
    build(top.nested, pm, registry, text);
    return pm;
  } catch (e) {
    if (e instanceof PipelineSyntaxError) return e;
    throw e;
  }
}

/**
 * Parses a list of pipeline elements (`cse,func.func(canonicalize)`, as in a pass option holding a pipeline or
 * a pipeline flag's text) and adds them to `pm`; returns the error if the text is wrong.
 */
export function parsePipelineInto(text: string, pm: OpPassManager, registry: PassRegistry): PipelineSyntaxError | undefined {
  try {
    if (text.trim() === '') return undefined;
    build(new PipelineLexer(text).parseList(false, 0), pm, registry, text);
    return undefined;
  } catch (e) {
    if (e instanceof PipelineSyntaxError) return e;
    throw e;
  }
}
