import type { DictionaryAttr } from '../../builtin-attributes.js';
import type { Context } from '../../context.js';
import type { Operation } from '../../operation.js';
import type { OperationState } from '../../operation-state.js';
import type { OpAsmParser } from '../../parser/op-asm-parser.js';
import type { OpAsmPrinter } from '../../printer/op-asm-printer.js';
import type { Region } from '../../region.js';
import type { Trait } from '../../trait.js';
import { SingleBlock } from '../../traits.js';
import type { Type } from '../../type.js';
import type { Value } from '../../value.js';
import type { ImplicitTerminatorTrait } from '../implicit-terminator.js';
import type { OpAccessors } from '../op-accessors.js';
import type { OpDeclaration } from '../op-declaration.js';
import type { CustomDirective } from './custom-directive.js';
import { FormatError } from './format-lexer.js';
import { parseFormat } from './format-parser.js';
import { generateParser } from './op-format-parser.js';
import { generatePrinter } from './op-format-printer.js';
import { planTypeResolution } from './type-resolution.js';

/** The result types of an op computed from its operands (MLIR's InferTypeOpInterface::inferReturnTypes). */
export type InferResultTypes = (ctx: Context, operands: readonly Value[], properties: DictionaryAttr | undefined, regions: readonly Region[]) => Type[];

/**
 * Compiles a declarative assembly format (MLIR's format language) into the op's parser and printer, once, when
 * the op is defined. Throws a `FormatError` saying what is wrong with the format.
 */
export function compileAssemblyFormat(
  decl: OpDeclaration,
  format: string,
  options: {
    traits: readonly Trait[];
    customDirectives?: Readonly<Record<string, CustomDirective>>;
    inferResultTypes?: InferResultTypes;
    access: OpAccessors;
  },
): { parse: (parser: OpAsmParser, state: OperationState) => boolean; print: (op: Operation, printer: OpAsmPrinter) => void } {
  const parsed = parseFormat(decl, format, options.customDirectives ?? {});
  const fail = (message: string): never => {
    throw new FormatError(`${decl.opName}: invalid assembly format: ${message}\n  ${format}`);
  };
  const plan = planTypeResolution(decl, parsed, options.traits, options.inferResultTypes !== undefined, fail);
  const implicit = options.traits.find((t): t is ImplicitTerminatorTrait => 'terminator' in t);
  const parse = generateParser(
    decl,
    parsed,
    plan,
    { implicitTerminator: implicit?.terminator, singleBlock: options.traits.includes(SingleBlock), inferResultTypes: options.inferResultTypes },
    fail,
  );
  const print = generatePrinter(decl, parsed, options.access, { implicitTerminator: implicit?.terminator });
  return { parse, print };
}
