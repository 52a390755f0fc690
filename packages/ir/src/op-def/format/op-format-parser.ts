import type { Attribute } from '../../attribute.js';
import type { Block } from '../../block.js';
import { DenseArrayAttr, DictionaryAttr, UnitAttr, type NamedAttribute } from '../../builtin-attributes.js';
import { FunctionType, IntegerType } from '../../builtin-types.js';
import type { Context } from '../../context.js';
import type { Location } from '../../location.js';
import type { OperationState } from '../../operation-state.js';
import type { OpAsmParser, UnresolvedOperand } from '../../parser/op-asm-parser.js';
import { Region } from '../../region.js';
import type { Type } from '../../type.js';
import type { Value } from '../../value.js';
import { ensureTerminator } from '../implicit-terminator.js';
import { OPERAND_SEGMENT_SIZES, RESULT_SEGMENT_SIZES, type OpDeclaration } from '../op-declaration.js';
import { makeInherentAttrsChecker } from '../op-properties.js';
import type { CustomArg, FormatElement, TypeArg } from './format-elements.js';
import type { ParsedFormat } from './format-parser.js';
import type { TypeSource } from './type-resolution.js';

/** What the parser of one op collects before it resolves operands and builds the state. */
class ParseState {
  readonly operands: UnresolvedOperand[][];
  readonly operandLocs: (Location | undefined)[];
  readonly operandTypes: (Type[] | undefined)[];
  readonly resultTypes: (Type[] | undefined)[];
  allOperands: UnresolvedOperand[] | undefined;
  allOperandsLoc: Location | undefined;
  allOperandTypes: Type[] | undefined;
  allResultTypes: Type[] | undefined;
  readonly props: (Attribute | undefined)[];
  readonly attrs: NamedAttribute[] = [];
  /** Properties given by a `prop-dict`. */
  propDict: DictionaryAttr | undefined;
  readonly regions: Region[][];
  allRegions: Region[] | undefined;
  readonly successors: Block[][];
  allSuccessors: Block[] | undefined;

  constructor(decl: OpDeclaration) {
    const n = decl.operands.length;
    this.operands = new Array<UnresolvedOperand[]>(n);
    for (let i = 0; i < n; i++) this.operands[i] = NO_OPERANDS;
    this.operandLocs = new Array<Location | undefined>(n);
    this.operandTypes = new Array<Type[] | undefined>(n);
    this.resultTypes = new Array<Type[] | undefined>(decl.results.length);
    this.props = new Array<Attribute | undefined>(decl.properties.length);
    this.regions = decl.regions.map((r) => (r.variadic ? [] : [new Region()]));
    this.successors = decl.successors.map(() => []);
  }
}

const NO_OPERANDS: UnresolvedOperand[] = [];
Object.freeze(NO_OPERANDS);

type Step = (p: OpAsmParser, st: ParseState) => void;
/** Parses an element that may be absent (the first of an optional group); returns whether it was there. */
type OptionalStep = (p: OpAsmParser, st: ParseState) => boolean;

/** Builds the custom-form parser of a format, once per op definition. */
export function generateParser(
  decl: OpDeclaration,
  parsed: ParsedFormat,
  plan: { operands: readonly TypeSource[]; results: readonly TypeSource[] },
  options: {
    implicitTerminator: string | undefined;
    singleBlock: boolean;
    inferResultTypes: ((ctx: Context, operands: readonly Value[], properties: DictionaryAttr | undefined, regions: readonly Region[]) => Type[]) | undefined;
  },
  fail: (message: string) => never,
): (parser: OpAsmParser, state: OperationState) => boolean {
  const finishRegion = (p: OpAsmParser, r: Region): void => {
    if (options.implicitTerminator) ensureTerminator(p.context, r, options.implicitTerminator, p.getNameLoc());
    else if (options.singleBlock && r.empty) r.pushBack();
  };

  // ---- literals ---------------------------------------------------------------------------------------------

  const literal = (value: string): { required: Step; optional: OptionalStep } => {
    if (/^[A-Za-z_]/.test(value)) return { required: (p) => p.parseKeyword(value), optional: (p) => p.parseOptionalKeyword(value) };
    const pair = (req: (p: OpAsmParser) => void, opt: (p: OpAsmParser) => boolean): { required: Step; optional: OptionalStep } => ({ required: req, optional: opt });
    const orError = (opt: (p: OpAsmParser) => boolean) => (p: OpAsmParser): void => {
      if (!opt(p)) p.emitError(`expected '${value}'`);
    };
    switch (value) {
      case '->': return pair((p) => p.parseArrow(), (p) => p.parseOptionalArrow());
      case ':': return pair((p) => p.parseColon(), (p) => p.parseOptionalColon());
      case ',': return pair((p) => p.parseComma(), (p) => p.parseOptionalComma());
      case '=': return pair((p) => p.parseEqual(), (p) => p.parseOptionalEqual());
      case '<': return pair((p) => p.parseLess(), (p) => p.parseOptionalLess());
      case '>': return pair((p) => p.parseGreater(), (p) => p.parseOptionalGreater());
      case '{': return pair((p) => p.parseLBrace(), (p) => p.parseOptionalLBrace());
      case '}': return pair((p) => p.parseRBrace(), (p) => p.parseOptionalRBrace());
      case '(': return pair((p) => p.parseLParen(), (p) => p.parseOptionalLParen());
      case ')': return pair((p) => p.parseRParen(), (p) => p.parseOptionalRParen());
      case '[': return pair((p) => p.parseLSquare(), (p) => p.parseOptionalLSquare());
      case ']': return pair((p) => p.parseRSquare(), (p) => p.parseOptionalRSquare());
      case '?': return pair(orError((p) => p.parseOptionalQuestion()), (p) => p.parseOptionalQuestion());
      case '*': return pair(orError((p) => p.parseOptionalStar()), (p) => p.parseOptionalStar());
      case '...': return pair(orError((p) => p.parseOptionalEllipsis()), (p) => p.parseOptionalEllipsis());
      default: return fail(`the literal '${value}' cannot be parsed by tlir's op parser`);
    }
  };

  // ---- variables ----------------------------------------------------------------------------------------------

  const operand = (g: number): { required: Step; optional: OptionalStep } => {
    const arity = decl.operands[g]!.arity;
    const optional: OptionalStep = (p, st) => {
      st.operandLocs[g] = p.getCurrentLocation();
      if (arity === 'variadic') st.operands[g] = p.parseOperandList('none');
      else {
        const o = p.parseOptionalOperand();
        st.operands[g] = o ? [o] : NO_OPERANDS;
      }
      return st.operands[g]!.length !== 0;
    };
    if (arity !== 'single') return { required: (p, st) => void optional(p, st), optional };
    return {
      required: (p, st) => {
        st.operandLocs[g] = p.getCurrentLocation();
        st.operands[g] = [p.parseOperand()];
      },
      optional,
    };
  };

  const attribute = (index: number, qualified: boolean): { required: Step; optional: OptionalStep; parseOne: (p: OpAsmParser) => Attribute } => {
    const prop = decl.properties[index]!;
    const c = prop.constraint;
    const storage = c.storage;
    const parseOne = (p: OpAsmParser): Attribute => {
      if (!qualified && c.syntax) return c.syntax.parse(asOpParser(p), prop.name);
      if (!qualified && c.stripped) return c.stripped.parse(asOpParser(p));
      const loc = p.getCurrentLocation();
      const a = p.parseAttribute(c.valueType?.(p.context));
      // As MLIR's parseCustomAttributeWithFallback: an attribute of another class than the property's is an error.
      if (storage && !storage(a)) p.emitCustomOpError('invalid kind of attribute specified', loc);
      return a;
    };
    const optional: OptionalStep = (p, st) => {
      let a: Attribute | undefined;
      if (!qualified && c.syntax) a = c.syntax.parseOptional(asOpParser(p), prop.name);
      else a = p.parseOptionalAttribute(c.valueType?.(p.context));
      st.props[index] = a;
      return a !== undefined;
    };
    const required: Step = (p, st) => {
      st.props[index] = parseOne(p);
    };
    // At the top level an optional attribute may be absent (ODS parses it as optional there).
    return { required: prop.presence === 'optional' ? (p, st) => void optional(p, st) : required, optional, parseOne };
  };

  /** `{...}, {...}`: regions appended to `list`; false when none is there. */
  const regionList = (p: OpAsmParser, list: Region[]): boolean => {
    const first = new Region();
    if (!p.parseOptionalRegion(first)) return false;
    finishRegion(p, first);
    list.push(first);
    while (p.parseOptionalComma()) {
      const r = new Region();
      p.parseRegion(r);
      finishRegion(p, r);
      list.push(r);
    }
    return true;
  };

  const region = (g: number): { required: Step; optional: OptionalStep } => {
    if (decl.regions[g]!.variadic) {
      const optional: OptionalStep = (p, st) => regionList(p, st.regions[g]!);
      return { required: (p, st) => void optional(p, st), optional };
    }
    return {
      required: (p, st) => {
        const r = st.regions[g]![0]!;
        p.parseRegion(r);
        finishRegion(p, r);
      },
      optional: (p, st) => {
        const r = st.regions[g]![0]!;
        if (!p.parseOptionalRegion(r)) return false;
        if (r.empty) return false;
        finishRegion(p, r);
        return true;
      },
    };
  };

  const successorList = (p: OpAsmParser, list: Block[]): boolean => {
    const first = p.parseOptionalSuccessor();
    if (!first) return false;
    list.push(first);
    while (p.parseOptionalComma()) list.push(p.parseSuccessor());
    return true;
  };

  const successor = (g: number): { required: Step; optional: OptionalStep } => {
    if (decl.successors[g]!.variadic) {
      const optional: OptionalStep = (p, st) => successorList(p, st.successors[g]!);
      return { required: (p, st) => void optional(p, st), optional };
    }
    return {
      required: (p, st) => {
        st.successors[g] = [p.parseSuccessor()];
      },
      optional: (p, st) => {
        const b = p.parseOptionalSuccessor();
        if (b) st.successors[g] = [b];
        return b !== undefined;
      },
    };
  };

  // ---- types ----------------------------------------------------------------------------------------------------

  const setTypes = (st: ParseState, arg: TypeArg, types: Type[]): void => {
    if (arg.kind === 'operand') st.operandTypes[arg.index] = types;
    else if (arg.kind === 'result') st.resultTypes[arg.index] = types;
    else if (arg.kind === 'operands') st.allOperandTypes = types;
    else st.allResultTypes = types;
  };

  /** Parses what `type(arg)` writes; for a custom directive, returns it as the directive sees it. */
  const typeParser = (arg: TypeArg, qualified: boolean): ((p: OpAsmParser) => Type[]) => {
    if (arg.kind === 'operands' || arg.kind === 'results') return (p) => p.parseTypeList();
    const group = arg.kind === 'operand' ? decl.operands[arg.index]! : decl.results[arg.index]!;
    if (group.arity === 'variadic') return (p) => p.parseTypeList();
    if (group.arity === 'optional') {
      return (p) => {
        const t = p.parseOptionalType();
        return t ? [t] : [];
      };
    }
    const stripped = qualified ? undefined : group.constraint?.stripped;
    if (stripped) return (p) => [stripped.parse(p)];
    const typeClass = group.constraint?.typeClass;
    if (typeClass) {
      // As MLIR's parseCustomTypeWithFallback for a constraint with a C++ class: the type must be of that class.
      return (p) => {
        const loc = p.getCurrentLocation();
        const t = p.parseType();
        if (!typeClass.check(t)) {
          const expected = typeClass.name === undefined ? '' : `: expected ${typeClass.name}, but found '${t}'`;
          p.emitCustomOpError(`invalid kind of type specified${expected}`, loc);
        }
        return [t];
      };
    }
    return (p) => [p.parseType()];
  };

  // ---- directives -----------------------------------------------------------------------------------------------

  const customSlots = (args: readonly CustomArg[]): ((p: OpAsmParser, st: ParseState) => unknown[]) => {
    const makers = args.map((a): ((p: OpAsmParser, st: ParseState) => unknown) => {
      if (a.kind === 'string') return () => a.value;
      if (a.kind === 'attr-dict') return (_p, st) => st.attrs;
      if (a.kind === 'region') return decl.regions[a.index]!.variadic ? (_p, st) => st.regions[a.index]! : (_p, st) => st.regions[a.index]![0];
      if (a.kind === 'ref') {
        const inner = a.arg;
        switch (inner.kind) {
          case 'operand': {
            const arity = decl.operands[inner.index]!.arity;
            return (_p, st) => (arity === 'variadic' ? st.operands[inner.index] : st.operands[inner.index]![0]);
          }
          case 'attribute':
            return (_p, st) => st.props[inner.index];
          case 'type': {
            const ta = inner.arg;
            return (_p, st) => {
              const ts =
                ta.kind === 'operand' ? st.operandTypes[ta.index] : ta.kind === 'result' ? st.resultTypes[ta.index] : ta.kind === 'operands' ? st.allOperandTypes : st.allResultTypes;
              const variadic = ta.kind === 'operands' || ta.kind === 'results' || (ta.kind === 'operand' ? decl.operands[ta.index]! : decl.results[ta.index]!).arity === 'variadic';
              return variadic ? ts : ts?.[0];
            };
          }
          case 'region':
            return (_p, st) => (decl.regions[inner.index]!.variadic ? st.regions[inner.index] : st.regions[inner.index]![0]);
          case 'successor':
            return (_p, st) => (decl.successors[inner.index]!.variadic ? st.successors[inner.index] : st.successors[inner.index]![0]);
          case 'attr-dict':
            return (_p, st) => st.attrs;
          default:
            return fail(`'ref' of a ${inner.kind} is not supported`);
        }
      }
      return () => undefined;
    });
    return (p, st) => makers.map((m) => m(p, st));
  };

  /** Takes what a custom directive put in its slots. */
  const customResults = (name: string, args: readonly CustomArg[]): ((p: OpAsmParser, st: ParseState, slots: unknown[]) => void) => {
    const bad = (i: number, what: string): never => {
      throw new Error(`custom directive '${name}' (op ${decl.opName}): argument #${i} must be ${what}`);
    };
    const takers = args.map((a, i): ((p: OpAsmParser, st: ParseState, v: unknown) => void) | undefined => {
      switch (a.kind) {
        case 'operand': {
          const arity = decl.operands[a.index]!.arity;
          return (p, st, v) => {
            st.operandLocs[a.index] ??= p.getNameLoc();
            if (arity === 'variadic') st.operands[a.index] = Array.isArray(v) ? (v as UnresolvedOperand[]) : bad(i, 'an array of operands');
            else if (v === undefined) {
              if (arity === 'single') bad(i, 'an operand');
              st.operands[a.index] = NO_OPERANDS;
            } else st.operands[a.index] = [v as UnresolvedOperand];
          };
        }
        case 'attribute':
          return (_p, st, v) => {
            if (v !== undefined && !(typeof v === 'object' && v !== null && 'id' in v)) bad(i, 'an attribute or undefined');
            st.props[a.index] = v as Attribute | undefined;
          };
        case 'type': {
          const ta = a.arg;
          const variadic = ta.kind === 'operands' || ta.kind === 'results' || (ta.kind === 'operand' ? decl.operands[ta.index]! : decl.results[ta.index]!).arity === 'variadic';
          return (_p, st, v) => {
            if (variadic && !Array.isArray(v)) bad(i, 'an array of types');
            setTypes(st, ta, variadic ? (v as Type[]) : v === undefined ? [] : [v as Type]);
          };
        }
        case 'successor':
          return decl.successors[a.index]!.variadic
            ? (_p, st, v) => {
                st.successors[a.index] = Array.isArray(v) ? (v as Block[]) : bad(i, 'an array of blocks');
              }
            : (_p, st, v) => {
                st.successors[a.index] = v === undefined ? bad(i, 'a block') : [v as Block];
              };
        case 'region':
          return decl.regions[a.index]!.variadic
            ? undefined
            : (p, _st, v) => {
                if (v instanceof Region) finishRegion(p, v);
              };
        default:
          return undefined;
      }
    });
    return (p, st, slots) => {
      for (let i = 0; i < takers.length; i++) takers[i]?.(p, st, slots[i]);
      // Variadic regions the directive pushed are finished too.
      args.forEach((a) => {
        if (a.kind === 'region' && decl.regions[a.index]!.variadic) for (const r of st.regions[a.index]!) finishRegion(p, r);
      });
    };
  };

  // ---- elements ---------------------------------------------------------------------------------------------------

  const compileOptionalFirst = (e: FormatElement): OptionalStep => {
    switch (e.kind) {
      case 'literal':
        return literal(e.value).optional;
      case 'operand':
        return operand(e.index).optional;
      case 'attribute':
        return attribute(e.index, e.qualified).optional;
      case 'region':
        return region(e.index).optional;
      case 'successor':
        return successor(e.index).optional;
      case 'custom': {
        const slots = customSlots(e.args);
        const take = customResults(e.name, e.args);
        return (p, st) => {
          const s = slots(p, st);
          if (e.directive.parse(p, s) === false) return false;
          take(p, st, s);
          return true;
        };
      }
      default:
        return fail(`a '${e.kind}' cannot start an optional group`);
    }
  };

  /** `inGroup`: inside an optional group after its first element, where everything is required. */
  const compile = (e: FormatElement, inGroup: boolean): Step | undefined => {
    switch (e.kind) {
      case 'whitespace':
        return undefined;
      case 'literal':
        return literal(e.value).required;
      case 'operand':
        return operand(e.index).required;
      case 'attribute': {
        const a = attribute(e.index, e.qualified);
        if (!inGroup) return a.required;
        return (p, st) => {
          st.props[e.index] = a.parseOne(p);
        };
      }
      case 'region':
        return region(e.index).required;
      case 'successor':
        return successor(e.index).required;
      case 'type': {
        const parse = typeParser(e.arg, e.qualified);
        const arg = e.arg;
        return (p, st) => setTypes(st, arg, parse(p));
      }
      case 'functional-type': {
        const { inputs, results } = e;
        return (p, st) => {
          const loc = p.getCurrentLocation();
          const t = p.parseType();
          if (!(t instanceof FunctionType)) return p.emitCustomOpError(`invalid kind of type specified: expected builtin.function, but found '${t}'`, loc);
          setTypes(st, inputs, [...t.inputs]);
          setTypes(st, results, [...t.results]);
        };
      }
      case 'attr-dict': {
        const withKeyword = e.withKeyword;
        // As ODS's parsers (verifyInherentAttrs): an inherent attribute written in the dictionary must satisfy
        // its constraint, reported at the dictionary.
        const checkInherentAttrs = makeInherentAttrsChecker(decl);
        return (p, st) => {
          const loc = p.getCurrentLocation();
          if (withKeyword) p.parseOptionalAttrDictWithKeyword(st.attrs);
          else p.parseOptionalAttrDict(st.attrs);
          const problem = st.attrs.length ? checkInherentAttrs(st.attrs) : undefined;
          if (problem !== undefined) p.emitCustomOpError(`'${decl.opName}' op ${problem}`, loc);
        };
      }
      case 'prop-dict':
        return (p, st) => {
          if (!p.parseOptionalLess()) return;
          const loc = p.getCurrentLocation();
          const d = p.parseAttribute();
          if (!(d instanceof DictionaryAttr)) return p.emitCustomOpError('expected a dictionary of properties', loc);
          p.parseGreater();
          st.propDict = d;
        };
      case 'operands':
        return (p, st) => {
          st.allOperandsLoc = p.getCurrentLocation();
          st.allOperands = p.parseOperandList('none');
        };
      case 'regions':
        return (p, st) => {
          const list: Region[] = [];
          regionList(p, list);
          st.allRegions = list;
        };
      case 'successors':
        return (p, st) => {
          const list: Block[] = [];
          successorList(p, list);
          st.allSuccessors = list;
        };
      case 'custom': {
        const slots = customSlots(e.args);
        const take = customResults(e.name, e.args);
        const directive = e.directive;
        return (p, st) => {
          const s = slots(p, st);
          if (directive.parse(p, s) === false) p.emitCustomOpError(`expected ${e.name}`);
          take(p, st, s);
        };
      }
      case 'optional': {
        const thenElements = e.then;
        const first = thenElements.find((x) => x.kind !== 'whitespace')!;
        const elidedAnchor = unitAnchor(decl, e, first);
        const firstStep = compileOptionalFirst(first);
        const rest = compileList(thenElements.slice(thenElements.indexOf(first) + 1).filter((x) => x !== elidedAnchor), true);
        const elseFirst = e.else.find((x) => x.kind !== 'whitespace');
        const elseSteps = compileList(e.else, true);
        const anchorIndex = elidedAnchor?.kind === 'attribute' ? elidedAnchor.index : -1;
        return (p, st) => {
          if (firstStep(p, st)) {
            if (anchorIndex >= 0) st.props[anchorIndex] = UnitAttr.get(p.context);
            for (let i = 0; i < rest.length; i++) rest[i]!(p, st);
          } else if (elseFirst) for (let i = 0; i < elseSteps.length; i++) elseSteps[i]!(p, st);
        };
      }
      case 'oilist': {
        const clauses = e.clauses.map((c) => {
          const unit = c.elements.length === 1 && c.elements[0]!.kind === 'attribute' && decl.properties[c.elements[0]!.index]!.constraint.isUnit ? c.elements[0]!.index : -1;
          return { keyword: c.keyword, unit, steps: unit >= 0 ? [] : compileList(c.elements, true) };
        });
        return (p, st) => {
          const seen = new Set<string>();
          for (;;) {
            const c = clauses.find((cl) => p.parseOptionalKeyword(cl.keyword));
            if (!c) return;
            if (seen.has(c.keyword)) p.emitCustomOpError(`\`${c.keyword}\` clause can appear at most once in the expansion of the oilist directive`, p.getNameLoc());
            seen.add(c.keyword);
            if (c.unit >= 0) st.props[c.unit] = UnitAttr.get(p.context);
            for (const s of c.steps) s(p, st);
          }
        };
      }
    }
  };

  const compileList = (es: readonly FormatElement[], inGroup: boolean): Step[] => es.map((e) => compile(e, inGroup)).filter((s): s is Step => s !== undefined);

  const steps = compileList(parsed.elements, false);
  const finish = generateFinish(decl, parsed, plan, options.inferResultTypes);

  return (parser, state) => {
    const st = new ParseState(decl);
    for (let i = 0; i < steps.length; i++) steps[i]!(parser, st);
    finish(parser, st, state);
    return true;
  };
}

const opParsers = new WeakMap<OpAsmParser, OpAsmParser>();

/**
 * `p` as an attribute's own parser sees it when an op's format calls it: the errors that parser reports itself
 * (`emitError`) start with `custom op 'name' `, as those of MLIR's field parsers do when they are given the
 * op's OpAsmParser; the errors of the parse methods it calls (a missing `>`) do not, as in MLIR.
 */
function asOpParser(p: OpAsmParser): OpAsmParser {
  let view = opParsers.get(p);
  if (view === undefined) {
    const bound = new Map<PropertyKey, unknown>();
    const emitError = (message: string, loc?: Location): never => p.emitCustomOpError(message, loc);
    view = new Proxy(p, {
      get(target, key) {
        if (key === 'emitError') return emitError;
        const value: unknown = Reflect.get(target, key, target);
        if (typeof value !== 'function') return value;
        let f = bound.get(key);
        if (f === undefined) bound.set(key, (f = (value as (...args: unknown[]) => unknown).bind(target)));
        return f;
      },
    });
    opParsers.set(p, view);
  }
  return view;
}

/** The unit attribute an optional group is anchored on, when it is not written (its presence is the group's). */
export function unitAnchor(
  decl: OpDeclaration,
  e: { readonly anchor: FormatElement; readonly then: readonly FormatElement[]; readonly else: readonly FormatElement[] },
  first: FormatElement | undefined,
): FormatElement | undefined {
  const a = e.anchor;
  if (a.kind !== 'attribute' || a === first || !decl.properties[a.index]!.constraint.isUnit) return undefined;
  const elseFirst = e.else.find((x) => x.kind !== 'whitespace');
  if (a === elseFirst) return undefined;
  return a;
}

/** Resolves the collected operands and types and fills the OperationState. */
function generateFinish(
  decl: OpDeclaration,
  parsed: ParsedFormat,
  plan: { operands: readonly TypeSource[]; results: readonly TypeSource[] },
  inferResultTypes: ((ctx: Context, operands: readonly Value[], properties: DictionaryAttr | undefined, regions: readonly Region[]) => Type[]) | undefined,
): (p: OpAsmParser, st: ParseState, state: OperationState) => void {
  const infers = plan.results.some((s) => s.kind === 'infer');
  const typesOf = (p: OpAsmParser, st: ParseState, kind: 'operand' | 'result', g: number, ctx: Context): Type[] | undefined => {
    const source = kind === 'operand' ? plan.operands[g]! : plan.results[g]!;
    switch (source.kind) {
      case 'given':
        return kind === 'operand' ? st.operandTypes[g] : st.resultTypes[g];
      case 'group':
        return source.from === 'operand' ? st.operandTypes[source.index] : st.resultTypes[source.index];
      case 'transform': {
        const src = source.from === 'operand' ? st.operandTypes[source.index] : st.resultTypes[source.index];
        if (!src?.length) return [];
        // As ODS's parsers: the type a transform reads must satisfy its own constraint first.
        const from = source.from === 'operand' ? decl.operands[source.index]! : decl.results[source.index]!;
        const c = from.constraint;
        if (c && !c.check(src[0]!)) p.emitCustomOpError(`'${from.name}' must be ${c.summary}, but got '${src[0]}'`, p.getNameLoc());
        return [...source.transform(src[0]!, ctx)];
      }
      case 'build':
        return [source.build(ctx)];
      case 'infer':
        return undefined;
    }
  };
  return (p, st, state) => {
    const ctx = p.context;
    // Regions and successors, in declaration order.
    if (st.allRegions) state.regions.push(...st.allRegions);
    else for (const list of st.regions) state.regions.push(...list);
    if (st.allSuccessors) state.successors.push(...st.allSuccessors);
    else for (const list of st.successors) state.successors.push(...list);

    // Properties: those the format parsed, a prop-dict, and the segment sizes.
    const props: NamedAttribute[] = st.propDict ? [...st.propDict.entries] : [];
    for (let i = 0; i < st.props.length; i++) {
      const a = st.props[i];
      if (a !== undefined) props.push({ name: decl.properties[i]!.name, value: a });
    }
    if (decl.operandSegments && !parsed.allOperands) {
      props.push({ name: OPERAND_SEGMENT_SIZES, value: DenseArrayAttr.get(ctx, IntegerType.get(ctx, 32), st.operands.map((o) => o.length)) });
    }

    // Result types (unless inferred from the operands below).
    const resultTypes: Type[] = [];
    if (parsed.allResultTypes) resultTypes.push(...st.allResultTypes!);
    else if (!infers) {
      const counts: number[] = [];
      for (let g = 0; g < decl.results.length; g++) {
        const ts = typesOf(p, st, 'result', g, ctx) ?? [];
        const group = decl.results[g]!;
        // A single result takes the first type of a variadic source; a variadic one takes them all.
        const take = group.arity === 'single' ? ts.slice(0, 1) : ts;
        counts.push(take.length);
        resultTypes.push(...take);
      }
      if (decl.resultSegments) props.push({ name: RESULT_SEGMENT_SIZES, value: DenseArrayAttr.get(ctx, IntegerType.get(ctx, 32), counts) });
    }

    // Operands, group by group at the place each was written (MLIR's resolveOperands per group).
    if (st.allOperands) {
      state.operands.push(...p.resolveOperands(st.allOperands, st.allOperandTypes ?? [], st.allOperandsLoc));
    } else if (parsed.allOperandTypes) {
      const all = st.operands.flat();
      state.operands.push(...p.resolveOperands(all, st.allOperandTypes ?? [], p.getNameLoc()));
    } else {
      for (let g = 0; g < decl.operands.length; g++) {
        const ops = st.operands[g]!;
        if (ops.length === 0) continue;
        const ts = typesOf(p, st, 'operand', g, ctx) ?? [];
        const loc = st.operandLocs[g] ?? p.getNameLoc();
        if (ts.length === 1 && ops.length !== 1 && plan.operands[g]!.kind !== 'transform' && plan.operands[g]!.kind !== 'given') {
          // One type for the whole group (from a single-valued group of the same type).
          for (const o of ops) state.operands.push(p.resolveOperand(o, ts[0]!));
        } else state.operands.push(...p.resolveOperands(ops, ts, loc));
      }
    }

    state.properties = props.length ? DictionaryAttr.get(ctx, props) : undefined;
    if (infers) {
      resultTypes.push(...inferResultTypes!(ctx, state.operands, state.properties instanceof DictionaryAttr ? state.properties : undefined, state.regions));
    }
    state.resultTypes.push(...resultTypes);
    state.attributes.push(...st.attrs);
  };
}
