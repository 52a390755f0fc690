import type { DialectAsmParser } from '../../parser/dialect-asm-parser.js';
import { ParseFailure } from '../../parser/parse-failure.js';
import type { AttrTypeWriter } from '../../printer/text-writer.js';
import type { Parameter } from '../parameter.js';
import { formatError, lexFormat, type FormatToken } from './format-lexer.js';

type Values = Record<string, unknown>;

type ParamElement =
  | { readonly kind: 'literal'; readonly value: string }
  | { readonly kind: 'whitespace'; readonly value: string }
  | { readonly kind: 'param'; readonly name: string }
  | { readonly kind: 'params' }
  | { readonly kind: 'struct'; readonly names: readonly string[] }
  | { readonly kind: 'optional'; readonly then: readonly ParamElement[]; readonly anchor: string };

/** MLIR's shouldEmitSpaceBefore (shared with op formats). */
function spaceBefore(value: string, lastWasPunctuation: boolean): boolean {
  if (value.length !== 1 && value !== '->') return true;
  if (lastWasPunctuation) return !'>)}],'.includes(value[0]!);
  return !'<>(){}[],'.includes(value[0]!);
}

/**
 * Compiles the assembly format of a dialect type or attribute (MLIR's AttrOrTypeDef format: literals,
 * `$param`, `params`, `struct(...)`, optional groups anchored on an optional parameter) into the parser and
 * printer of what follows the mnemonic. Spacing follows MLIR's generated printers.
 */
export function compileParameterFormat(
  context: string,
  format: string,
  params: Readonly<Record<string, Parameter<unknown>>>,
  ods?: { readonly record: string; readonly parameterNames?: Readonly<Record<string, string | undefined>> },
): { parse(p: DialectAsmParser): Values; print(values: Values, w: AttrTypeWriter): void } {
  /**
   * Parses parameter `name`. When the definition names its MLIR record, a failure is reported a second time
   * where the parser stopped, as the parsers ODS generates do.
   */
  const parseParam = (parser: DialectAsmParser, name: string): unknown => {
    const param = params[name]!;
    if (ods === undefined) return param.parse(parser);
    try {
      return param.parse(parser);
    } catch (e) {
      if (e instanceof ParseFailure) {
        const odsName = ods.parameterNames?.[name] ?? name;
        parser.emitError(`failed to parse ${ods.record} parameter '${odsName}' which is to be a \`${param.summary}\``);
      }
      throw e;
    }
  };
  const fail = (pos: number, message: string): never => {
    throw formatError(context, format, pos, message);
  };
  const tokens = lexFormat(format, fail);
  let t = 0;
  const cur = (): FormatToken => tokens[t]!;
  const isPunct = (c: string): boolean => cur().kind === 'punct' && cur().text === c;
  const expect = (c: string, message: string): void => {
    if (!isPunct(c)) fail(cur().pos, message);
    t++;
  };
  const used = new Set<string>();
  const useParam = (tok: FormatToken): string => {
    if (!(tok.text in params)) fail(tok.pos, `'${tok.text}' is not a parameter`);
    if (used.has(tok.text)) fail(tok.pos, `duplicate parameter '${tok.text}'`);
    used.add(tok.text);
    return tok.text;
  };
  const parseElement = (): ParamElement => {
    const tok = cur();
    t++;
    if (tok.kind === 'literal') {
      if (tok.text === '' || tok.text === ' ' || tok.text === '\\n') return { kind: 'whitespace', value: tok.text };
      return { kind: 'literal', value: tok.text };
    }
    if (tok.kind === 'variable') return { kind: 'param', name: useParam(tok) };
    if (tok.kind === 'keyword' && tok.text === 'params') {
      for (const n of Object.keys(params)) {
        if (used.has(n)) fail(tok.pos, `duplicate parameter '${n}'`);
        used.add(n);
      }
      return { kind: 'params' };
    }
    if (tok.kind === 'keyword' && tok.text === 'qualified') {
      expect('(', "expected '(' before argument list");
      const inner = parseElement();
      expect(')', "expected ')' after argument list");
      return inner;
    }
    if (tok.kind === 'keyword' && tok.text === 'struct') {
      expect('(', "expected '(' before argument list");
      const names: string[] = [];
      if (cur().kind === 'keyword' && cur().text === 'params') {
        t++;
        for (const n of Object.keys(params)) {
          if (used.has(n)) fail(tok.pos, `duplicate parameter '${n}'`);
          used.add(n);
          names.push(n);
        }
      } else {
        do {
          if (cur().kind !== 'variable') fail(cur().pos, 'expected a parameter in struct');
          names.push(useParam(cur()));
          t++;
        } while (isPunct(',') && ++t);
      }
      expect(')', "expected ')' after argument list");
      return { kind: 'struct', names };
    }
    if (tok.kind === 'punct' && tok.text === '(') {
      const then: ParamElement[] = [];
      let anchor: string | undefined;
      while (!isPunct(')')) {
        if (cur().kind === 'eof') fail(cur().pos, "expected ')' to end the optional group");
        const e = parseElement();
        if (isPunct('^')) {
          if (e.kind !== 'param') fail(cur().pos, 'only a parameter can anchor an optional group');
          anchor = (e as { name: string }).name;
          t++;
        }
        then.push(e);
      }
      t++;
      expect('?', "expected '?' after optional group");
      if (!anchor) return fail(tok.pos, 'optional group has no anchor element');
      if (!params[anchor]!.optional) fail(tok.pos, `optional group anchor '${anchor}' must be an optional parameter`);
      return { kind: 'optional', then, anchor };
    }
    return fail(tok.pos, 'expected literal, variable, directive, or optional group');
  };
  const elements: ParamElement[] = [];
  while (cur().kind !== 'eof') elements.push(parseElement());
  for (const n of Object.keys(params)) if (!used.has(n)) fail(format.length, `format is missing parameter '${n}'`);

  // ---- printer: spacing decided statically, as MLIR's DefFormat does -------------------------------------------
  type PrintStep = (v: Values, w: AttrTypeWriter) => void;
  let shouldEmitSpace = true;
  let lastWasPunctuation = false;
  const variableSpace = (): boolean => {
    const s = shouldEmitSpace || !lastWasPunctuation;
    shouldEmitSpace = true;
    lastWasPunctuation = false;
    return s;
  };
  const compilePrint = (e: ParamElement): PrintStep | undefined => {
    switch (e.kind) {
      case 'literal': {
        const text = shouldEmitSpace && spaceBefore(e.value, lastWasPunctuation) ? ' ' + e.value : e.value;
        shouldEmitSpace = e.value.length !== 1 || !'<({['.includes(e.value[0]!);
        lastWasPunctuation = !(e.value[0] === '_' || /[A-Za-z]/.test(e.value[0]!));
        return (_v, w) => w.write(text);
      }
      case 'whitespace':
        shouldEmitSpace = false;
        if (e.value === ' ') {
          lastWasPunctuation = false;
          return (_v, w) => w.write(' ');
        }
        lastWasPunctuation = true;
        return undefined;
      case 'param': {
        const p = params[e.name]!;
        const space = variableSpace();
        const name = e.name;
        return (v, w) => {
          if (space) w.write(' ');
          p.print(v[name], w);
        };
      }
      case 'params':
      case 'struct': {
        const names = e.kind === 'params' ? Object.keys(params) : e.names;
        const space = variableSpace();
        const isStruct = e.kind === 'struct';
        return (v, w) => {
          if (space) w.write(' ');
          names.forEach((n, i) => {
            if (i) w.write(', ');
            if (isStruct) w.write(`${n} = `);
            params[n]!.print(v[n], w);
          });
        };
      }
      case 'optional': {
        const steps = e.then.map(compilePrint).filter((s): s is PrintStep => s !== undefined);
        const anchor = e.anchor;
        return (v, w) => {
          if (v[anchor] === undefined) return;
          for (const s of steps) s(v, w);
        };
      }
    }
  };
  const printSteps = elements.map(compilePrint).filter((s): s is PrintStep => s !== undefined);

  // ---- parser ----------------------------------------------------------------------------------------------------
  type ParseStep = (p: DialectAsmParser, v: Values) => void;
  const literalParser = (value: string, optional: boolean): ((p: DialectAsmParser) => boolean) => {
    if (/^[A-Za-z_]/.test(value)) return optional ? (p) => p.parseOptionalKeyword(value) : (p) => (p.parseKeyword(value), true);
    const table: Record<string, [(p: DialectAsmParser) => void, (p: DialectAsmParser) => boolean]> = {
      '<': [(p) => p.parseLess(), (p) => p.parseOptionalLess()],
      '>': [(p) => p.parseGreater(), (p) => p.parseOptionalGreater()],
      '(': [(p) => p.parseLParen(), (p) => p.parseOptionalLParen()],
      ')': [(p) => p.parseRParen(), (p) => p.parseOptionalRParen()],
      '[': [(p) => p.parseLSquare(), (p) => p.parseOptionalLSquare()],
      ']': [(p) => p.parseRSquare(), (p) => p.parseOptionalRSquare()],
      '{': [(p) => p.parseLBrace(), (p) => p.parseOptionalLBrace()],
      '}': [(p) => p.parseRBrace(), (p) => p.parseOptionalRBrace()],
      ',': [(p) => p.parseComma(), (p) => p.parseOptionalComma()],
      ':': [(p) => p.parseColon(), (p) => p.parseOptionalColon()],
      '=': [(p) => p.parseEqual(), (p) => p.parseOptionalEqual()],
      '->': [(p) => p.parseArrow(), (p) => p.parseOptionalArrow()],
    };
    const entry = table[value];
    if (!entry) return fail(0, `the literal '${value}' is not supported in type and attribute formats`);
    return optional ? entry[1] : (p) => (entry[0](p), true);
  };
  const compileParse = (e: ParamElement): ParseStep | undefined => {
    switch (e.kind) {
      case 'literal': {
        const f = literalParser(e.value, false);
        return (p) => void f(p);
      }
      case 'whitespace':
        return undefined;
      case 'param': {
        const name = e.name;
        return (parser, v) => {
          v[name] = parseParam(parser, name);
        };
      }
      case 'params':
        return (parser, v) =>
          Object.keys(params).forEach((n, i) => {
            if (i) parser.parseComma();
            v[n] = parseParam(parser, n);
          });
      case 'struct': {
        const names = e.names;
        return (parser, v) => {
          const seen = new Set<string>();
          for (let i = 0; i < names.length; i++) {
            if (i) parser.parseComma();
            const loc = parser.getCurrentLocation();
            const key = parser.parseIdentifier();
            if (!names.includes(key)) parser.emitError(`expected a parameter name in struct`, loc);
            if (seen.has(key)) parser.emitError(`struct is already defined`, loc);
            seen.add(key);
            parser.parseEqual();
            v[key] = parseParam(parser, key);
          }
        };
      }
      case 'optional': {
        const first = e.then.find((x) => x.kind !== 'whitespace')!;
        const rest = e.then.slice(e.then.indexOf(first) + 1).map(compileParse).filter((s): s is ParseStep => s !== undefined);
        let firstOptional: (p: DialectAsmParser, v: Values) => boolean;
        if (first.kind === 'literal') {
          const f = literalParser(first.value, true);
          firstOptional = (p) => f(p);
        } else if (first.kind === 'param') {
          const param = params[first.name]!;
          const name = first.name;
          firstOptional = (p, v) => {
            const x = param.parseOptional ? param.parseOptional(p) : param.parse(p);
            v[name] = x;
            return x !== undefined;
          };
        } else return fail(0, 'an optional group must start with a literal or a parameter');
        return (p, v) => {
          if (!firstOptional(p, v)) return;
          for (const s of rest) s(p, v);
        };
      }
    }
  };
  const parseSteps = elements.map(compileParse).filter((s): s is ParseStep => s !== undefined);

  return {
    parse(p) {
      const v: Values = {};
      for (const s of parseSteps) s(p, v);
      return v;
    },
    print(values, w) {
      for (const s of printSteps) s(values, w);
    },
  };
}
