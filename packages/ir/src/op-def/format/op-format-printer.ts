import type { Attribute } from '../../attribute.js';
import { DictionaryAttr, type NamedAttribute } from '../../builtin-attributes.js';
import { FunctionType } from '../../builtin-types.js';
import type { Operation } from '../../operation.js';
import type { OpAsmPrinter } from '../../printer/op-asm-printer.js';
import type { Type } from '../../type.js';
import type { Region } from '../../region.js';
import type { OpAccessors } from '../op-accessors.js';
import { OPERAND_SEGMENT_SIZES, RESULT_SEGMENT_SIZES, type OpDeclaration } from '../op-declaration.js';
import type { CustomArg, FormatElement, TypeArg } from './format-elements.js';
import type { ParsedFormat } from './format-parser.js';
import { unitAnchor } from './op-format-parser.js';

type Step = (op: Operation, p: OpAsmPrinter) => void;

/** MLIR's shouldEmitSpaceBefore: whether a literal gets a space before it. */
function shouldEmitSpaceBefore(value: string, lastWasPunctuation: boolean): boolean {
  if (value.length !== 1 && value !== '->') return true;
  if (lastWasPunctuation) return !'>)}],'.includes(value[0]!);
  return !'<>(){}[],'.includes(value[0]!);
}

/**
 * Builds the custom-form printer of a format, once per op definition. Spacing is decided here, statically,
 * with exactly the rules of MLIR's generated printers (OpFormatGen's shouldEmitSpace / lastWasPunctuation,
 * threaded through optional groups in textual order), so the output matches mlir-opt's byte for byte.
 */
export function generatePrinter(
  decl: OpDeclaration,
  parsed: ParsedFormat,
  access: OpAccessors,
  options: { implicitTerminator: string | undefined },
): (op: Operation, p: OpAsmPrinter) => void {
  let shouldEmitSpace = true;
  let lastWasPunctuation = false;

  // ---- values of the op -------------------------------------------------------------------------------------

  const typesOf = (op: Operation, arg: TypeArg): Type[] => {
    switch (arg.kind) {
      case 'operands':
        return op.operandValues.map((v) => v.type);
      case 'results':
        return op.resultTypes;
      case 'operand':
        return access.operands(op, arg.index).map((v) => v.type);
      case 'result':
        return access.results(op, arg.index).map((v) => v.type);
    }
  };

  /** Whether an optional group's anchor is there (MLIR's genOptionalGroupPrinterAnchor). */
  const anchorPresent = (e: FormatElement | CustomArg): ((op: Operation) => boolean) => {
    switch (e.kind) {
      case 'operand':
        return (op) => access.operands(op, e.index).length !== 0;
      case 'attribute': {
        const prop = decl.properties[e.index]!;
        if (prop.defaultValue !== undefined) {
          const dv = prop.defaultValue;
          return (op) => {
            const a = access.property(op, e.index);
            return a !== undefined && a !== dv(op.context);
          };
        }
        return (op) => access.property(op, e.index) !== undefined;
      }
      case 'region':
        return decl.regions[e.index]!.variadic ? (op) => access.regions(op, e.index).length !== 0 : (op) => !op.regions[e.index]!.empty;
      case 'successor':
        return (op) => access.successors(op, e.index).length !== 0;
      case 'type':
        return (op) => typesOf(op, e.arg).length !== 0;
      case 'functional-type':
        return (op) => typesOf(op, e.inputs).length !== 0;
      case 'custom': {
        const parts = e.args.map(anchorPresent);
        return (op) => parts.some((f) => f(op));
      }
      case 'ref':
        return anchorPresent(e.arg);
      default:
        return () => true;
    }
  };

  const printRegion = (p: OpAsmPrinter, r: Region): void => {
    if (options.implicitTerminator) {
      const term = r.firstBlock?.lastOp;
      const printTerminator = term ? term.attributes.size !== 0 || term.properties !== undefined || term.numOperands !== 0 || term.numResults !== 0 : true;
      p.printRegion(r, { printEntryBlockArgs: true, printBlockTerminators: printTerminator });
    } else p.printRegion(r);
  };

  const printFunctional = (p: OpAsmPrinter, inputs: readonly Type[], results: readonly Type[]): void => {
    p.write('(');
    p.printTypes(inputs);
    p.write(') -> ');
    if (results.length === 1 && !(results[0] instanceof FunctionType)) p.printType(results[0]!);
    else {
      p.write('(');
      p.printTypes(results);
      p.write(')');
    }
  };

  /** The names `attr-dict` leaves out: properties the format writes, segment sizes, defaults at their value. */
  const elidedStatic: string[] = [];
  for (const i of parsed.usedProperties) elidedStatic.push(decl.properties[i]!.name);
  if (decl.operandSegments && !parsed.allOperands) elidedStatic.push(OPERAND_SEGMENT_SIZES);
  if (decl.resultSegments && !parsed.allResultTypes) elidedStatic.push(RESULT_SEGMENT_SIZES);
  const defaults = decl.properties.filter((p) => p.defaultValue !== undefined && !parsed.usedProperties.has(p.index));
  const elidedSet = new Set(elidedStatic);

  /** `attr-dict`: the op's inherent and discardable attributes merged (MLIR's getAttrs()), minus the elided ones. */
  const printAttrDict = (op: Operation, p: OpAsmPrinter, withKeyword: boolean): void => {
    const props = op.properties instanceof DictionaryAttr ? op.properties : undefined;
    let elided: readonly string[] = elidedStatic;
    if (defaults.length) {
      const more = defaults.filter((d) => {
        const v = props?.get(d.name);
        return v !== undefined && v === d.defaultValue!(op.context);
      });
      if (more.length) elided = [...elidedStatic, ...more.map((d) => d.name)];
    }
    let dict = op.attributes;
    if (props && props.entries.some((e) => !elidedSet.has(e.name) && !elided.includes(e.name))) {
      const merged: NamedAttribute[] = [...props.entries, ...op.attributes.entries];
      dict = DictionaryAttr.get(op.context, merged);
    }
    if (withKeyword) p.printOptionalAttrDictWithKeyword(dict, elided);
    else p.printOptionalAttrDict(dict, elided);
  };

  const printAttribute = (index: number, qualified: boolean): Step => {
    const prop = decl.properties[index]!;
    const c = prop.constraint;
    return (op, p) => {
      const a = access.property(op, index);
      if (a === undefined) return;
      if (!qualified && c.syntax && c.check(a)) c.syntax.print(a, p);
      else if (!qualified && c.stripped && c.check(a)) c.stripped.print(a, p);
      else if (c.valueType) p.printAttributeWithoutType(a);
      else p.printAttribute(a);
    };
  };

  const printType = (arg: TypeArg, qualified: boolean): Step => {
    if (arg.kind === 'operand' || arg.kind === 'result') {
      const group = arg.kind === 'operand' ? decl.operands[arg.index]! : decl.results[arg.index]!;
      const stripped = qualified ? undefined : group.constraint?.stripped;
      if (group.arity === 'single' && stripped) {
        const c = group.constraint!;
        return (op, p) => {
          const t = typesOf(op, arg)[0]!;
          if (c.check(t)) stripped.print(t, p);
          else p.printType(t);
        };
      }
    }
    return (op, p) => p.printTypes(typesOf(op, arg));
  };

  /** The value a custom directive's printer gets for one argument. */
  const customValue = (a: CustomArg): ((op: Operation) => unknown) => {
    switch (a.kind) {
      case 'operand': {
        const arity = decl.operands[a.index]!.arity;
        return arity === 'variadic' ? (op) => access.operands(op, a.index) : (op) => access.operand(op, a.index);
      }
      case 'attribute':
        return (op) => access.property(op, a.index);
      case 'region':
        return decl.regions[a.index]!.variadic ? (op) => access.regions(op, a.index) : (op) => op.regions[a.index];
      case 'successor':
        return decl.successors[a.index]!.variadic ? (op) => access.successors(op, a.index) : (op) => access.successor(op, a.index);
      case 'type': {
        const arg = a.arg;
        const variadic = arg.kind === 'operands' || arg.kind === 'results' || (arg.kind === 'operand' ? decl.operands[arg.index]! : decl.results[arg.index]!).arity === 'variadic';
        return variadic ? (op) => typesOf(op, arg) : (op) => typesOf(op, arg)[0];
      }
      case 'attr-dict':
        return (op) => {
          const props = op.properties instanceof DictionaryAttr ? op.properties : undefined;
          return props?.size ? DictionaryAttr.get(op.context, [...props.entries, ...op.attributes.entries]) : op.attributes;
        };
      case 'ref':
        return customValue(a.arg);
      case 'string':
        return () => a.value;
    }
  };

  // ---- elements ---------------------------------------------------------------------------------------------

  const literal = (value: string): Step => {
    const text = shouldEmitSpace && shouldEmitSpaceBefore(value, lastWasPunctuation) ? ' ' + value : value;
    shouldEmitSpace = value.length !== 1 || !'<({['.includes(value[0]!);
    lastWasPunctuation = value[0] !== '_' && !/[A-Za-z]/.test(value[0]!);
    return (_op, p) => p.write(text);
  };

  const compile = (e: FormatElement): Step | undefined => {
    switch (e.kind) {
      case 'literal':
        return literal(e.value);
      case 'whitespace':
        if (e.value === '\\n') return (_op, p) => p.printNewline();
        shouldEmitSpace = false;
        if (e.value === ' ') {
          lastWasPunctuation = false;
          return (_op, p) => p.write(' ');
        }
        lastWasPunctuation = true;
        return undefined;
      case 'optional': {
        const present = anchorPresent(e.anchor);
        const first = e.then.find((x) => x.kind !== 'whitespace');
        const elided = unitAnchor(decl, e, first);
        const thenSteps = compileList(e.then.filter((x) => x !== elided));
        const elseSteps = compileList(e.else.filter((x) => x !== elided));
        return (op, p) => {
          const steps = present(op) ? thenSteps : elseSteps;
          for (let i = 0; i < steps.length; i++) steps[i]!(op, p);
        };
      }
      case 'oilist': {
        // Each clause starts with its keyword, spaced as any literal (what mlir-opt 22 prints for omp's clauses).
        const clauses = e.clauses.map((c) => {
          const vars = c.elements.filter((x) => ['operand', 'attribute', 'region', 'successor'].includes(x.kind)).map(anchorPresent);
          const kw = literal(c.keyword);
          const unit = c.elements.length === 1 && c.elements[0]!.kind === 'attribute' && decl.properties[c.elements[0]!.index]!.constraint.isUnit;
          const steps = unit ? [] : compileList(c.elements);
          return { vars, steps: [kw, ...steps] };
        });
        return (op, p) => {
          for (const c of clauses) {
            if (!c.vars.some((v) => v(op))) continue;
            for (const s of c.steps) s(op, p);
          }
        };
      }
      case 'attr-dict': {
        lastWasPunctuation = false;
        const withKeyword = e.withKeyword;
        return (op, p) => printAttrDict(op, p, withKeyword);
      }
      case 'prop-dict': {
        lastWasPunctuation = false;
        return (op, p) => {
          const props = op.properties instanceof DictionaryAttr ? op.properties : undefined;
          const rest = props?.entries.filter((x) => !elidedSet.has(x.name)) ?? [];
          p.write(' ');
          if (rest.length) {
            p.write('<');
            p.printAttribute(DictionaryAttr.get(op.context, rest));
            p.write('>');
          }
        };
      }
      default:
        break;
    }
    // Everything else gets a space before it unless a punctuation literal that wants none came just before.
    const space = shouldEmitSpace || !lastWasPunctuation;
    lastWasPunctuation = false;
    shouldEmitSpace = true;
    const body = compileValue(e);
    return space ? (op, p) => (p.write(' '), body(op, p)) : body;
  };

  const compileValue = (e: FormatElement): Step => {
    switch (e.kind) {
      case 'operand': {
        const g = e.index;
        const arity = decl.operands[g]!.arity;
        if (arity === 'variadic') return (op, p) => p.printOperands(access.operands(op, g));
        return (op, p) => {
          const v = access.operand(op, g);
          if (v) p.printOperand(v);
        };
      }
      case 'attribute':
        return printAttribute(e.index, e.qualified);
      case 'region': {
        const g = e.index;
        if (decl.regions[g]!.variadic) {
          return (op, p) =>
            access.regions(op, g).forEach((r, i) => {
              if (i) p.write(', ');
              printRegion(p, r);
            });
        }
        return (op, p) => printRegion(p, op.regions[g]!);
      }
      case 'successor': {
        const g = e.index;
        return (op, p) =>
          access.successors(op, g).forEach((b, i) => {
            if (i) p.write(', ');
            p.printSuccessor(b);
          });
      }
      case 'operands':
        return (op, p) => p.printOperands(op.operands);
      case 'regions':
        return (op, p) =>
          op.regions.forEach((r, i) => {
            if (i) p.write(', ');
            printRegion(p, r);
          });
      case 'successors':
        return (op, p) =>
          op.successors.forEach((b, i) => {
            if (i) p.write(', ');
            p.printSuccessor(b);
          });
      case 'type':
        return printType(e.arg, e.qualified);
      case 'functional-type': {
        const { inputs, results } = e;
        return (op, p) => printFunctional(p, typesOf(op, inputs), typesOf(op, results));
      }
      case 'custom': {
        const values = e.args.map(customValue);
        const directive = e.directive;
        return (op, p) => directive.print(p, op, values.map((v) => v(op)));
      }
      default:
        throw new Error(`unexpected '${e.kind}' element`);
    }
  };

  const compileList = (es: readonly FormatElement[]): Step[] => es.map(compile).filter((s): s is Step => s !== undefined);

  const steps = compileList(parsed.elements);
  return (op, p) => {
    for (let i = 0; i < steps.length; i++) steps[i]!(op, p);
  };
}

export type { Attribute };
