import type { OpDeclaration } from '../op-declaration.js';
import type { CustomDirective } from './custom-directive.js';
import type {
  AttrDictElement,
  AttributeElement,
  CustomArg,
  FormatElement,
  OperandElement,
  RegionElement,
  SuccessorElement,
  TypeArg,
  TypeElement,
} from './format-elements.js';
import { formatError, lexFormat, type FormatToken } from './format-lexer.js';

/** A parsed and checked assembly format, with what it binds. */
export interface ParsedFormat {
  readonly elements: readonly FormatElement[];
  /** Operand / result groups whose types the format spells out (`type($x)`, `functional-type`). */
  readonly operandTypesGiven: readonly boolean[];
  readonly resultTypesGiven: readonly boolean[];
  /** `type(operands)` / `functional-type(operands, ...)`: every operand type is given as one list. */
  readonly allOperandTypes: boolean;
  readonly allResultTypes: boolean;
  /** The `operands` / `regions` / `successors` directives are used (all of them as one list). */
  readonly allOperands: boolean;
  readonly allRegions: boolean;
  readonly allSuccessors: boolean;
  /** The properties the format writes itself (elided from `attr-dict`). */
  readonly usedProperties: ReadonlySet<number>;
  readonly hasPropDict: boolean;
}

type Ctx = 'top' | 'custom' | 'type' | 'ref';

/** Whether `value` may be a literal of a format (MLIR's isValidLiteral); `...` is allowed too. */
function literalProblem(value: string): string | undefined {
  if (value.length === 1) {
    return /[A-Za-z_:,=<>()[\]{}?+*]/.test(value) ? undefined : "single character literal must be a letter or one of '_:,=<>()[]{}?+*'";
  }
  if (value === '->' || value === '...') return undefined;
  if (!/^[A-Za-z_]/.test(value)) return "valid keyword starts with a letter or '_'";
  if (!/^[A-Za-z_][A-Za-z0-9_$.]*$/.test(value)) return "keywords should contain only alphanum, '_', '$', or '.' characters";
  return undefined;
}

/**
 * Parses an assembly format string against an op declaration and checks it as ODS does: every operand,
 * region and successor appears, the type of every operand and result is written or can be inferred, there is
 * one `attr-dict`, optional groups have a valid anchor. Errors are thrown (a bad format is a bug in the
 * definition, reported when the op is defined).
 */
export function parseFormat(
  decl: OpDeclaration,
  format: string,
  customDirectives: Readonly<Record<string, CustomDirective>>,
): ParsedFormat {
  const fail = (pos: number, message: string): never => {
    throw formatError(decl.opName, format, pos, message);
  };
  const tokens = lexFormat(format, fail);
  let t = 0;
  const cur = (): FormatToken => tokens[t]!;
  const isPunct = (p: string): boolean => cur().kind === 'punct' && cur().text === p;
  const expectPunct = (p: string, message: string): void => {
    if (!isPunct(p)) fail(cur().pos, message);
    t++;
  };

  const operandBound = new Array<boolean>(decl.operands.length).fill(false);
  const operandTypesGiven = new Array<boolean>(decl.operands.length).fill(false);
  const resultTypesGiven = new Array<boolean>(decl.results.length).fill(false);
  const regionBound = new Array<boolean>(decl.regions.length).fill(false);
  const successorBound = new Array<boolean>(decl.successors.length).fill(false);
  const usedProperties = new Set<number>();
  let allOperands = false;
  let allOperandTypes = false;
  let allResultTypes = false;
  let allRegions = false;
  let allSuccessors = false;
  let attrDictSeen = false;
  let hasPropDict = false;

  const parseVariable = (ctx: Ctx): OperandElement | AttributeElement | RegionElement | SuccessorElement | { kind: 'result'; index: number } => {
    const tok = cur();
    t++;
    const name = tok.text;
    // In a `ref(...)` the variable was bound before; elsewhere it is bound here (once).
    const bind = ctx === 'top' || ctx === 'custom';
    const operand = decl.operands.find((g) => g.name === name);
    if (operand) {
      if (ctx === 'type') return { kind: 'operand', index: operand.index };
      if (bind) {
        if (operandBound[operand.index] || allOperands) fail(tok.pos, `'${name}' is already bound`);
        operandBound[operand.index] = true;
      } else if (!operandBound[operand.index]) fail(tok.pos, `'${name}' must be bound before it is referenced`);
      return { kind: 'operand', index: operand.index };
    }
    const result = decl.results.find((g) => g.name === name);
    if (result) {
      if (ctx !== 'type') fail(tok.pos, 'result variables can only be used as a child to a \'type\' directive');
      return { kind: 'result', index: result.index };
    }
    const prop = decl.properties.find((p) => p.name === name);
    if (prop) {
      if (ctx === 'type') fail(tok.pos, `'${name}' is an attribute: it has no type to refer to`);
      if (bind) {
        if (usedProperties.has(prop.index)) fail(tok.pos, `'${name}' is already bound`);
        usedProperties.add(prop.index);
      } else if (!usedProperties.has(prop.index)) fail(tok.pos, `'${name}' must be bound before it is referenced`);
      return { kind: 'attribute', index: prop.index, qualified: false };
    }
    const region = decl.regions.find((r) => r.name === name);
    if (region) {
      if (ctx === 'type') fail(tok.pos, `'${name}' is a region: it has no type to refer to`);
      if (bind) {
        if (regionBound[region.index] || allRegions) fail(tok.pos, `'${name}' is already bound`);
        regionBound[region.index] = true;
      }
      return { kind: 'region', index: region.index };
    }
    const successor = decl.successors.find((s) => s.name === name);
    if (successor) {
      if (ctx === 'type') fail(tok.pos, `'${name}' is a successor: it has no type to refer to`);
      if (bind) {
        if (successorBound[successor.index] || allSuccessors) fail(tok.pos, `'${name}' is already bound`);
        successorBound[successor.index] = true;
      }
      return { kind: 'successor', index: successor.index };
    }
    return fail(tok.pos, `expected variable to refer to an argument, region, result, or successor (no '${name}' in ${decl.opName})`);
  };

  /** The argument of `type(...)` / `functional-type(...)`. */
  const parseTypeArg = (markGiven: boolean): TypeArg => {
    const tok = cur();
    let arg: TypeArg;
    if (tok.kind === 'keyword' && (tok.text === 'operands' || tok.text === 'results')) {
      t++;
      arg = { kind: tok.text };
    } else if (tok.kind === 'variable') {
      const v = parseVariable('type');
      if (v.kind !== 'operand' && v.kind !== 'result') fail(tok.pos, "expected an operand or result in a 'type' directive");
      arg = v as TypeArg;
    } else return fail(tok.pos, "expected an operand, result, 'operands' or 'results' in a 'type' directive");
    if (markGiven) {
      const already = (given: boolean): void => {
        if (given) fail(tok.pos, `the type of '${tok.text}' is already bound`);
      };
      if (arg.kind === 'operands') {
        already(allOperandTypes || operandTypesGiven.some(Boolean));
        allOperandTypes = true;
      } else if (arg.kind === 'results') {
        already(allResultTypes || resultTypesGiven.some(Boolean));
        allResultTypes = true;
      } else if (arg.kind === 'operand') {
        already(allOperandTypes || operandTypesGiven[arg.index]!);
        operandTypesGiven[arg.index] = true;
      } else {
        already(allResultTypes || resultTypesGiven[arg.index]!);
        resultTypesGiven[arg.index] = true;
      }
    }
    return arg;
  };

  const parseElement = (ctx: Ctx): FormatElement | CustomArg => {
    const tok = cur();
    if (tok.kind === 'literal') {
      t++;
      if (ctx !== 'top') fail(tok.pos, 'literals may only be used in the top-level section of the format');
      if (tok.text === '' || tok.text === ' ' || tok.text === '\\n') return { kind: 'whitespace', value: tok.text };
      const problem = literalProblem(tok.text);
      if (problem) fail(tok.pos, `expected valid literal but got '${tok.text}': ${problem}`);
      return { kind: 'literal', value: tok.text };
    }
    if (tok.kind === 'string') {
      t++;
      if (ctx !== 'custom') fail(tok.pos, "strings may only be used as 'custom' directive arguments");
      return { kind: 'string', value: tok.text };
    }
    if (tok.kind === 'variable') {
      const v = parseVariable(ctx);
      if (v.kind === 'result') return fail(tok.pos, "result variables can only be used as a child to a 'type' directive");
      return v;
    }
    if (tok.kind === 'punct' && tok.text === '(') {
      if (ctx !== 'top') fail(tok.pos, 'optional groups can only be used as top-level elements');
      return parseOptionalGroup();
    }
    if (tok.kind !== 'keyword') return fail(tok.pos, 'expected literal, variable, directive, or optional group');
    t++;
    switch (tok.text) {
      case 'attr-dict':
      case 'attr-dict-with-keyword': {
        if (ctx === 'type') fail(tok.pos, `'${tok.text}' is not valid in a 'type' directive`);
        if (ctx !== 'ref') {
          if (attrDictSeen) fail(tok.pos, "'attr-dict' directive has already been seen");
          attrDictSeen = true;
        }
        return { kind: 'attr-dict', withKeyword: tok.text === 'attr-dict-with-keyword' } satisfies AttrDictElement;
      }
      case 'prop-dict':
        if (ctx !== 'top') fail(tok.pos, "'prop-dict' is only valid as a top-level directive");
        if (hasPropDict) fail(tok.pos, "'prop-dict' directive has already been seen");
        hasPropDict = true;
        return { kind: 'prop-dict' };
      case 'operands':
        if (ctx !== 'top') fail(tok.pos, "'operands' is only valid as a top-level directive here");
        if (allOperands || operandBound.some(Boolean)) fail(tok.pos, "'operands' directive creates overlap in format");
        allOperands = true;
        operandBound.fill(true);
        return { kind: 'operands' };
      case 'regions':
        if (ctx !== 'top') fail(tok.pos, "'regions' is only valid as a top-level directive");
        if (allRegions || regionBound.some(Boolean)) fail(tok.pos, "'regions' directive creates overlap in format");
        allRegions = true;
        regionBound.fill(true);
        return { kind: 'regions' };
      case 'successors':
        if (ctx !== 'top') fail(tok.pos, "'successors' is only valid as a top-level directive");
        if (allSuccessors || successorBound.some(Boolean)) fail(tok.pos, "'successors' directive creates overlap in format");
        allSuccessors = true;
        successorBound.fill(true);
        return { kind: 'successors' };
      case 'results':
        return fail(tok.pos, "'results' is only valid in a 'type' or 'functional-type' directive");
      case 'type': {
        if (ctx === 'type') fail(tok.pos, "'type' is only valid as a top-level directive or a custom directive argument");
        expectPunct('(', "expected '(' before argument list");
        const arg = parseTypeArg(ctx !== 'ref');
        expectPunct(')', "expected ')' after argument list");
        return { kind: 'type', arg, qualified: false } satisfies TypeElement;
      }
      case 'qualified': {
        expectPunct('(', "expected '(' before argument list");
        const inner = parseElement(ctx);
        expectPunct(')', "expected ')' after argument list");
        if (inner.kind === 'type') return { ...inner, qualified: true };
        if (inner.kind === 'attribute') return { ...inner, qualified: true };
        return fail(tok.pos, "'qualified' directive expects an attribute or a `type` directive");
      }
      case 'functional-type': {
        if (ctx !== 'top') fail(tok.pos, "'functional-type' is only valid as a top-level directive");
        expectPunct('(', "expected '(' before argument list");
        const inputs = parseTypeArg(true);
        expectPunct(',', "expected ',' after inputs argument");
        const results = parseTypeArg(true);
        expectPunct(')', "expected ')' after argument list");
        return { kind: 'functional-type', inputs, results };
      }
      case 'custom':
        if (ctx !== 'top') fail(tok.pos, "'custom' is only valid as a top-level directive");
        return parseCustom(tok.pos);
      case 'ref': {
        if (ctx !== 'custom') fail(tok.pos, "'ref' is only valid within a `custom` directive");
        expectPunct('(', "expected '(' before argument list");
        const arg = parseElement('ref') as CustomArg;
        expectPunct(')', "expected ')' after argument list");
        return { kind: 'ref', arg };
      }
      case 'oilist':
        if (ctx !== 'top') fail(tok.pos, "'oilist' is only valid as a top-level directive");
        return parseOIList();
      default:
        return fail(tok.pos, `'${tok.text}' directive is not supported in op formats`);
    }
  };

  const parseCustom = (pos: number): FormatElement => {
    expectPunct('<', "expected '<' before custom directive name");
    const nameTok = cur();
    if (nameTok.kind !== 'identifier') fail(nameTok.pos, 'expected custom directive name identifier');
    t++;
    expectPunct('>', "expected '>' after custom directive name");
    expectPunct('(', "expected '(' before custom directive parameters");
    const args: CustomArg[] = [];
    for (;;) {
      const argTok = cur();
      const a = parseElement('custom') as CustomArg;
      if (!['operand', 'attribute', 'region', 'successor', 'type', 'attr-dict', 'ref', 'string'].includes(a.kind)) {
        fail(argTok.pos, 'only variables, types, attr-dict, ref and strings may be custom directive arguments');
      }
      args.push(a);
      if (!isPunct(',')) break;
      t++;
    }
    expectPunct(')', "expected ')' after custom directive parameters");
    const directive = customDirectives[nameTok.text];
    if (!directive) fail(pos, `custom directive '${nameTok.text}' is not defined (give it in 'customDirectives')`);
    return { kind: 'custom', name: nameTok.text, directive: directive!, args };
  };

  const parseOIList = (): FormatElement => {
    expectPunct('(', "expected '(' before oilist argument list");
    const clauses: { keyword: string; elements: FormatElement[] }[] = [];
    for (;;) {
      const kw = cur();
      if (kw.kind !== 'literal' || literalProblem(kw.text) !== undefined || !/^[A-Za-z_]/.test(kw.text)) {
        fail(kw.pos, 'expected a keyword literal to start an oilist clause');
      }
      t++;
      const elements: FormatElement[] = [];
      while (!isPunct('|') && !isPunct(')')) {
        if (cur().kind === 'eof') fail(cur().pos, "expected ')' to end the oilist");
        const e = parseElement('top') as FormatElement;
        if (e.kind === 'optional' || e.kind === 'oilist' || e.kind === 'attr-dict') fail(kw.pos, `'${e.kind}' is not allowed in an oilist clause`);
        elements.push(e);
      }
      clauses.push({ keyword: kw.text, elements });
      if (isPunct(')')) break;
      t++;
    }
    t++;
    return { kind: 'oilist', clauses };
  };

  const parseOptionalGroup = (): FormatElement => {
    const pos = cur().pos;
    t++;
    const then: FormatElement[] = [];
    let anchor: FormatElement | undefined;
    do {
      if (cur().kind === 'eof') fail(cur().pos, "expected ')' to end the optional group");
      const e = parseElement('top') as FormatElement;
      if (isPunct('^')) {
        if (anchor) fail(cur().pos, 'only one element can be marked as the anchor of an optional group');
        anchor = e;
        t++;
      }
      then.push(e);
    } while (!isPunct(')'));
    t++;
    const elseElements: FormatElement[] = [];
    if (isPunct(':')) {
      t++;
      expectPunct('(', "expected '(' to start else branch of optional group");
      do {
        if (cur().kind === 'eof') fail(cur().pos, "expected ')' to end the else branch");
        elseElements.push(parseElement('top') as FormatElement);
      } while (!isPunct(')'));
      t++;
    }
    expectPunct('?', "expected '?' after optional group");
    if (!anchor) return fail(pos, 'optional group has no anchor element');
    checkAnchor(anchor, pos);
    for (const e of [...then, ...elseElements]) if (e !== anchor) checkGroupElement(e, pos);
    const first = then.find((e) => e.kind !== 'whitespace')!;
    if (!['literal', 'operand', 'attribute', 'region', 'successor', 'custom'].includes(first.kind)) {
      fail(pos, 'first parsable element of an optional group must be a literal, variable, or custom directive');
    }
    return { kind: 'optional', then, else: elseElements, anchor };
  };

  /** ODS's rules for what can anchor an optional group: something that may be absent. */
  const checkAnchor = (e: FormatElement, pos: number): void => {
    switch (e.kind) {
      case 'operand':
        if (decl.operands[e.index]!.arity === 'single') fail(pos, 'only variable length operands can be used to anchor an optional group');
        return;
      case 'attribute':
        if (decl.properties[e.index]!.presence === 'required') fail(pos, 'only optional or default-valued attributes can be used to anchor an optional group');
        return;
      case 'type':
      case 'functional-type': {
        const arg = e.kind === 'type' ? e.arg : e.inputs;
        if (arg.kind === 'operands' || arg.kind === 'results') return;
        const g = arg.kind === 'operand' ? decl.operands[arg.index]! : decl.results[arg.index]!;
        if (g.arity === 'single') fail(pos, 'only variable length operands and results can be used to anchor an optional group');
        return;
      }
      case 'region':
      case 'successor':
      case 'custom':
        return;
      default:
        fail(pos, 'only variables and types can be used to anchor an optional group');
    }
  };

  /** Elements of an optional group other than the anchor must be absent when the group is. */
  const checkGroupElement = (e: FormatElement, pos: number): void => {
    if (e.kind === 'operand' && decl.operands[e.index]!.arity === 'single') fail(pos, 'only variable length operands can be used within an optional group');
    if (e.kind === 'attr-dict') fail(pos, 'attr-dict is not allowed within an optional group');
    if (e.kind === 'optional') fail(pos, 'optional groups cannot be nested');
  };

  const elements: FormatElement[] = [];
  while (cur().kind !== 'eof') elements.push(parseElement('top') as FormatElement);

  // The whole format: everything bound, one attr-dict, no ambiguity between attr-dict and a region.
  if (!attrDictSeen) fail(format.length, "'attr-dict' directive not found in custom assembly format");
  decl.operands.forEach((g, i) => {
    if (!operandBound[i]) fail(format.length, `operand #${i}, named '${g.name}', not found`);
  });
  decl.regions.forEach((g, i) => {
    if (!regionBound[i]) fail(format.length, `region #${i}, named '${g.name}', not found`);
  });
  decl.successors.forEach((g, i) => {
    if (!successorBound[i]) fail(format.length, `successor #${i}, named '${g.name}', not found`);
  });
  const flat = (es: readonly FormatElement[]): FormatElement[] =>
    es.flatMap((e) => (e.kind === 'optional' ? [...flat(e.then), ...flat(e.else)] : e.kind === 'oilist' ? e.clauses.flatMap((c) => flat(c.elements)) : [e]));
  const all = flat(elements).filter((e) => e.kind !== 'whitespace');
  for (let i = 0; i + 1 < all.length; i++) {
    // `attributes {...}` cannot be mistaken for a region; a bare `{...}` can (ODS checks the same).
    if (all[i]!.kind === 'attr-dict' && !(all[i] as AttrDictElement).withKeyword && all[i + 1]!.kind === 'region') {
      fail(format.length, `format ambiguity caused by \`attr-dict\` directive followed by region \`${decl.regions[(all[i + 1] as RegionElement).index]!.name}\``);
    }
  }
  if (allOperands && !allOperandTypes && decl.operands.length) {
    fail(format.length, "the 'operands' directive needs the operand types as 'type(operands)' or 'functional-type(operands, ...)'");
  }
  return {
    elements,
    operandTypesGiven,
    resultTypesGiven,
    allOperandTypes,
    allResultTypes,
    allOperands,
    allRegions,
    allSuccessors,
    usedProperties,
    hasPropDict,
  };
}
