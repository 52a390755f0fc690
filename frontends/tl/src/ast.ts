import type * as ohm from 'ohm-js';
import type { ArithBinaryKindName, ArithUnaryKindName, CmpConditionName } from '@tlir/dialect-tl';
import { tensorLanguageGrammar } from './grammar.js';

/**
 * The syntax tree the grammar's semantics builds: plain objects with source offsets (`pos`). Compile-time
 * variables (`$name`) are still in it; the builder (front-end.ts) resolves them in order, scope by scope.
 */
export type ConstNode =
  | { readonly k: 'int'; readonly v: bigint; readonly bool: boolean; readonly pos: number }
  | { readonly k: 'float'; readonly text: string; readonly pos: number }
  | { readonly k: 'def'; readonly name: string; readonly pos: number }
  | { readonly k: 'val'; readonly name: string; readonly pos: number }
  | { readonly k: 'dyn'; readonly pos: number };

export type TypeNode =
  | { readonly k: 'scalar'; readonly name: string; readonly pos: number }
  | { readonly k: 'void'; readonly pos: number }
  | { readonly k: 'def'; readonly name: string; readonly pos: number }
  | { readonly k: 'memref'; readonly elem: TypeNode; readonly shape: readonly ConstNode[]; readonly strides?: readonly ConstNode[]; readonly pos: number }
  | { readonly k: 'group'; readonly memref: TypeNode; readonly offset?: ConstNode; readonly pos: number };

export type AttrNode =
  | { readonly k: 'array'; readonly elements: readonly AttrNode[]; readonly pos: number }
  | { readonly k: 'dict'; readonly entries: readonly { name: string; value: AttrNode }[]; readonly pos: number }
  | { readonly k: 'string'; readonly value: string; readonly pos: number }
  | { readonly k: 'const'; readonly c: ConstNode; readonly pos: number }
  | { readonly k: 'type'; readonly t: TypeNode; readonly pos: number };

export type DefRhs =
  | { readonly k: 'calc'; readonly tokens: readonly RpnToken[]; readonly pos: number }
  | { readonly k: 'const'; readonly c: ConstNode; readonly pos: number }
  | { readonly k: 'attr'; readonly a: AttrNode; readonly pos: number }
  | { readonly k: 'type'; readonly t: TypeNode; readonly pos: number }
  | { readonly k: 'alias'; readonly name: string; readonly pos: number };

/** A token of a `!calc` expression: an operand, an operator, or text that is neither (reported when evaluated). */
export type RpnToken =
  | ConstNode
  | { readonly k: 'op'; readonly op: string; readonly pos: number }
  | { readonly k: 'unexpected'; readonly text: string; readonly pos: number };

export interface DefAssignNode {
  readonly k: 'defassign';
  readonly name: string;
  readonly rhs: DefRhs;
  readonly pos: number;
}

export interface Named {
  readonly name: string;
  readonly pos: number;
}

/** `%name` where the grammar allows only an identifier (a memref operand, lifetime_stop's alloca). */
export type LocalNode = Extract<ConstNode, { k: 'val' }>;

/** An entry of subview's index list: an offset, with `:size` for a slice (`:` alone is the whole mode, `0:?`). */
export interface SliceNode {
  readonly offset: ConstNode;
  readonly size: ConstNode | undefined;
  readonly pos: number;
}

/**
 * The node each kind of instruction field holds; the table below names these kinds. `?` is optional (undefined when
 * not written), `*` a list.
 */
interface FieldNodes {
  /** an operand: `%name`, a constant, or a compile-time variable standing for one */
  readonly value: ConstNode;
  readonly 'value?': ConstNode | undefined;
  readonly 'value*': readonly ConstNode[];
  /** an operand the grammar allows only as `%name` */
  readonly local: LocalNode;
  /** a name the instruction defines (a loop variable) */
  readonly name: Named;
  readonly type: TypeNode;
  readonly 'type?': TypeNode | undefined;
  readonly 'type*': readonly TypeNode[];
  readonly region: RegionNode;
  readonly 'region?': RegionNode | undefined;
  readonly 'slice*': readonly SliceNode[];
  /** the `.n`/`.t` modifiers of a collective, in order */
  readonly 'transpose*': readonly ('n' | 't')[];
  /** a modifier that is there or not (`.atomic`) */
  readonly flag: boolean;
  /** a source offset (of a token the builder reports at) */
  readonly offset: number;
  readonly arithBinaryKind: ArithBinaryKindName;
  readonly arithUnaryKind: ArithUnaryKindName;
  readonly cmpCondition: CmpConditionName;
}
type FieldKind = keyof FieldNodes;

/** The fields of the collectives: `gemm.t.n.atomic alpha, A, B, beta, C : types` and the others. */
const COLLECTIVE = { trans: 'transpose*', atomic: 'flag', operands: 'value*', types: 'type*' } as const;

/**
 * **The instructions of the tensor language** (spec: Instructions), one entry each: the instruction's name (the
 * `tl.<name>` op it builds, and the `k`ey of its syntax tree node) and its fields with the kind of node each holds.
 * The syntax tree's `InstNode` is derived from it; the grammar's semantic actions (`INSTRUCTION_ACTIONS` below),
 * the builder (`FrontEnd.instruction`, front-end.ts) and the `--emit=tl` printer (`TlPrinter.op`, printer.ts) each
 * cover it exhaustively, checked by the compiler: a new entry is a compile error in each until it is handled.
 * docs/adding-an-instruction.md walks through adding one.
 */
export const INSTRUCTIONS = {
  alloca: { type: 'type' },
  arith: { kind: 'arithBinaryKind', kindPos: 'offset', operands: 'value*', type: 'type' },
  arith_unary: { kind: 'arithUnaryKind', kindPos: 'offset', operands: 'value*', type: 'type' },
  cast: { operands: 'value*', type: 'type', to: 'type' },
  cmp: { cond: 'cmpCondition', operands: 'value*', type: 'type' },
  expand: { operand: 'local', mode: 'value', shape: 'value*', type: 'type' },
  fuse: { operand: 'local', from: 'value', to: 'value', type: 'type' },
  group_id: {},
  group_size: {},
  load: { operand: 'local', indices: 'value*', type: 'type' },
  size: { operand: 'local', mode: 'value', type: 'type' },
  subview: { operand: 'local', slices: 'slice*', type: 'type' },
  if: { condition: 'value', types: 'type*', then: 'region', otherwise: 'region?' },
  axpby: COLLECTIVE,
  gemm: COLLECTIVE,
  gemv: COLLECTIVE,
  ger: COLLECTIVE,
  hadamard_product: COLLECTIVE,
  sum: COLLECTIVE,
  for: { var: 'name', from: 'value', to: 'value', step: 'value?', type: 'type?', body: 'region' },
  foreach: { var: 'name', from: 'value', to: 'value', type: 'type?', body: 'region' },
  store: { value: 'value', operand: 'local', indices: 'value*', type: 'type' },
  yield: { operands: 'value*', types: 'type*' },
  barrier: {},
  lifetime_stop: { operand: 'local' },
} as const satisfies Readonly<Record<string, Readonly<Record<string, FieldKind>>>>;

/** An instruction's name: `alloca`, `arith`, ..., `lifetime_stop`. */
export type InstKind = keyof typeof INSTRUCTIONS;

/** The fields of instruction `K`, as the table declares them. */
export type InstFields<K extends InstKind> = { readonly [F in keyof (typeof INSTRUCTIONS)[K]]: FieldNodes[(typeof INSTRUCTIONS)[K][F] & FieldKind] };

/** What every instruction node has: its name (`op`), where it starts, and the identifiers it assigns. */
interface InstHeader<K extends InstKind> {
  readonly k: 'inst';
  readonly op: K;
  readonly pos: number;
  readonly results: readonly Named[];
}

/** The node of instruction `K`. */
export type InstOf<K extends InstKind> = InstHeader<K> & InstFields<K>;

/** An instruction: a union discriminated by `op`, one member per entry of `INSTRUCTIONS`. */
export type InstNode = { [K in InstKind]: InstOf<K> }[InstKind];

/** The end of an exhaustive switch over instructions: `x` is `never` when every case is handled (else a compile error names the rest). */
export function unreachable(x: never): never {
  throw new Error(`internal: unhandled instruction ${typeof x === 'string' ? x : (x as { op: string }).op}`);
}

export type RegionItem = InstNode | DefAssignNode;
export interface RegionNode {
  readonly items: readonly RegionItem[];
  readonly pos: number;
  readonly end: number;
}

export interface FuncNode {
  readonly k: 'func';
  readonly name: string;
  readonly args: readonly { readonly name: string; readonly type: TypeNode; readonly pos: number }[];
  readonly attrs: readonly { readonly kind: 'work_group_size' | 'subgroup_size'; readonly values: readonly ConstNode[]; readonly pos: number }[];
  readonly body: RegionNode;
  readonly pos: number;
}

export type TopLevelNode = FuncNode | DefAssignNode;

/** A syntax error: where, and what the grammar expected there. */
export interface SyntaxError {
  readonly offset: number;
  readonly expected: string;
}

let semantics: ohm.Semantics | undefined;

const list = (n: ohm.Node): unknown[] => n.asIteration().children.map((c) => c.ast());
/** The items of a list written `Item ("," Item)*` (cheaper to match than ohm's parameterized ListOf). */
const items = (first: ohm.Node, rest: ohm.Node): unknown[] => [first.ast(), ...rest.children.map((c) => c.ast())];
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- what ohm's ast() gives
const opt = (n: ohm.Node): any => (n.numChildren ? n.children[0]!.ast() : undefined);
const pos = (n: ohm.Node): number => n.source.startIdx;

const named = (n: ohm.Node): Named => ({ name: n.sourceString, pos: pos(n) });

/** The semantic action of an instruction: its grammar rule, and the fields it reads from the rule's parts. */
interface InstructionAction<K extends InstKind> {
  readonly rule: string;
  readonly fields: (...parts: ohm.Node[]) => InstFields<K>;
}

const collective = (mods: ohm.Node[], atomic: ohm.Node, operands: ohm.Node[], types: ohm.Node[]): InstFields<'gemm'> => ({
  trans: mods.map((m) => m.sourceString.slice(1) as 'n' | 't'),
  atomic: atomic.numChildren > 0,
  operands: operands.map((o) => o.ast()),
  types: types.map((t) => t.ast()),
});

/**
 * The grammar's semantic actions for the instructions, one per entry of INSTRUCTIONS (the compiler checks that none
 * is missing and that each builds its instruction's fields): the rule, and what each field is made of.
 */
const INSTRUCTION_ACTIONS: { readonly [K in InstKind]: InstructionAction<K> } = {
  alloca: {
    rule: 'AllocaInstruction',
    fields: (_k, _a, type) => ({ type: type!.ast() }),
  },
  arith: {
    rule: 'ArithBinaryInstruction',
    fields: (_k, kind, a, _c, b, _colon, type) => ({
      kind: kind!.sourceString.slice(1) as ArithBinaryKindName,
      kindPos: pos(kind!),
      operands: [a!.ast(), b!.ast()],
      type: type!.ast(),
    }),
  },
  arith_unary: {
    rule: 'ArithUnaryInstruction',
    fields: (_k, kind, a, _colon, type) => ({ kind: kind!.sourceString.slice(1) as ArithUnaryKindName, kindPos: pos(kind!), operands: [a!.ast()], type: type!.ast() }),
  },
  cast: {
    rule: 'CastInstruction',
    fields: (_k, a, _c, from, _arrow, to) => ({ operands: [a!.ast()], type: from!.ast(), to: to!.ast() }),
  },
  cmp: {
    rule: 'ComparisonInstruction',
    fields: (_k, cond, a, _c, b, _colon, type) => ({ cond: cond!.sourceString.slice(1) as CmpConditionName, operands: [a!.ast(), b!.ast()], type: type!.ast() }),
  },
  expand: {
    rule: 'ExpandInstruction',
    fields: (_k, v, _l, mode, _a, shape, _r, _c, type) => ({ operand: v!.ast(), mode: mode!.ast(), shape: shape!.ast(), type: type!.ast() }),
  },
  fuse: {
    rule: 'FuseInstruction',
    fields: (_k, v, _l, from, _c, to, _r, _colon, type) => ({ operand: v!.ast(), from: from!.ast(), to: to!.ast(), type: type!.ast() }),
  },
  group_id: { rule: 'GroupIdInstruction', fields: (_k) => ({}) },
  group_size: { rule: 'GroupSizeInstruction', fields: (_k) => ({}) },
  load: {
    rule: 'LoadInstruction',
    fields: (_k, v, _l, indices, _r, _c, type) => ({ operand: v!.ast(), indices: opt(indices!) ?? [], type: type!.ast() }),
  },
  size: {
    rule: 'SizeInstruction',
    fields: (_k, v, _l, mode, _r, _c, type) => ({ operand: v!.ast(), mode: mode!.ast(), type: type!.ast() }),
  },
  subview: {
    rule: 'SubviewInstruction',
    fields: (_k, v, _l, slices, _r, _c, type) => ({ operand: v!.ast(), slices: opt(slices!) ?? [], type: type!.ast() }),
  },
  if: {
    rule: 'IfInstruction',
    fields: (_k, cond, types, then, _else, otherwise) => ({ condition: cond!.ast(), types: opt(types!) ?? [], then: then!.ast(), otherwise: opt(otherwise!) }),
  },
  axpby: {
    rule: 'AxpbyInstruction',
    fields: (_k, t, atomic, _c0, alpha, _c1, a, _c2, beta, _c3, b, _colon, ta, _c4, tA, _c5, tb, _c6, tB) =>
      collective([t!], atomic!, [alpha!, a!, beta!, b!], [ta!, tA!, tb!, tB!]),
  },
  gemm: {
    rule: 'GemmInstruction',
    fields: (_k, t1, t2, atomic, _c0, alpha, _c1, a, _c2, b, _c3, beta, _c4, c, _colon, ta, _c5, tA, _c6, tB, _c7, tb, _c8, tC) =>
      collective([t1!, t2!], atomic!, [alpha!, a!, b!, beta!, c!], [ta!, tA!, tB!, tb!, tC!]),
  },
  gemv: {
    rule: 'GemvInstruction',
    fields: (_k, t1, atomic, _c0, alpha, _c1, a, _c2, b, _c3, beta, _c4, c, _colon, ta, _c5, tA, _c6, tB, _c7, tb, _c8, tC) =>
      collective([t1!], atomic!, [alpha!, a!, b!, beta!, c!], [ta!, tA!, tB!, tb!, tC!]),
  },
  ger: {
    rule: 'GerInstruction',
    fields: (_k, atomic, _c0, alpha, _c1, a, _c2, b, _c3, beta, _c4, c, _colon, ta, _c5, tA, _c6, tB, _c7, tb, _c8, tC) =>
      collective([], atomic!, [alpha!, a!, b!, beta!, c!], [ta!, tA!, tB!, tb!, tC!]),
  },
  hadamard_product: {
    rule: 'HadamardProductInstruction',
    fields: (_k, atomic, _c0, alpha, _c1, a, _c2, b, _c3, beta, _c4, c, _colon, ta, _c5, tA, _c6, tB, _c7, tb, _c8, tC) =>
      collective([], atomic!, [alpha!, a!, b!, beta!, c!], [ta!, tA!, tB!, tb!, tC!]),
  },
  sum: {
    rule: 'SumInstruction',
    fields: (_k, t, atomic, _c0, alpha, _c1, a, _c2, beta, _c3, b, _colon, ta, _c4, tA, _c5, tb, _c6, tB) =>
      collective([t!], atomic!, [alpha!, a!, beta!, b!], [ta!, tA!, tb!, tB!]),
  },
  for: {
    rule: 'ForInstruction',
    fields: (_k, v, _eq, from, _c, to, _c2, step, _colon, type, body) => ({
      var: named(v!),
      from: from!.ast(),
      to: to!.ast(),
      step: opt(step!),
      type: opt(type!),
      body: body!.ast(),
    }),
  },
  foreach: {
    rule: 'ForeachInstruction',
    fields: (_k, v, _eq, from, _c, to, _colon, type, body) => ({ var: named(v!), from: from!.ast(), to: to!.ast(), type: opt(type!), body: body!.ast() }),
  },
  store: {
    rule: 'StoreInstruction',
    fields: (_k, value, _c, v, _l, indices, _r, _colon, type) => ({ value: value!.ast(), operand: v!.ast(), indices: opt(indices!) ?? [], type: type!.ast() }),
  },
  yield: {
    rule: 'YieldInstruction',
    fields: (_k, values, _c, types) => ({ operands: opt(values!) ?? [], types: opt(types!) ?? [] }),
  },
  barrier: { rule: 'BarrierInstruction', fields: (_k) => ({}) },
  lifetime_stop: {
    rule: 'LifetimeStopInstruction',
    fields: (_k, v) => ({ operand: v!.ast() }),
  },
};

/** The ohm actions of the instructions' rules: each makes the node of its instruction from the fields it reads. */
function instructionActions(): ohm.ActionDict<InstNode> {
  const actions: ohm.ActionDict<InstNode> = {};
  for (const op of Object.keys(INSTRUCTION_ACTIONS) as InstKind[]) {
    const { rule, fields } = INSTRUCTION_ACTIONS[op] as InstructionAction<InstKind>;
    const action = function (this: ohm.Node, ...parts: ohm.Node[]): InstNode {
      return { k: 'inst', op, pos: pos(this), results: [], ...fields(...parts) } as InstNode;
    };
    // ohm checks that an action takes as many parameters as its rule has parts: the fields function says how many.
    actions[rule] = Object.defineProperty(action, 'length', { value: fields.length });
  }
  return actions;
}

function makeSemantics(): ohm.Semantics {
  const s = tensorLanguageGrammar().createSemantics();
  s.addOperation('ast', {
    ...instructionActions(),
    _terminal() {
      return this.sourceString;
    },
    _iter(...children) {
      return children.map((c) => c.ast());
    },
    Program(items, _end) {
      return items.ast();
    },
    // ---- constants and identifiers ----
    integerConstant_boolean(_b) {
      return { k: 'int', v: this.sourceString === 'true' ? 1n : 0n, bool: true, pos: pos(this) };
    },
    integerConstant_number(_s, _d) {
      return { k: 'int', v: BigInt(this.sourceString), bool: false, pos: pos(this) };
    },
    floatingConstant(_f) {
      return { k: 'float', text: this.sourceString, pos: pos(this) };
    },
    defIdentifier(_d, _i) {
      return { k: 'def', name: this.sourceString, pos: pos(this) };
    },
    localIdentifier(_p, _i) {
      return { k: 'val', name: this.sourceString, pos: pos(this) };
    },
    ConstantOrDynamic(c) {
      return c.sourceString === '?' ? { k: 'dyn', pos: pos(this) } : c.ast();
    },
    ConstantOrDynamicOrIdentifier(c) {
      return c.sourceString === '?' ? { k: 'dyn', pos: pos(this) } : c.ast();
    },
    SliceSize(c) {
      return c.sourceString === '?' ? { k: 'dyn', pos: pos(this) } : c.ast();
    },
    // ---- preprocessor ----
    DefAssign(name, _eq, rhs) {
      return { k: 'defassign', name: name.sourceString, rhs: rhs.ast(), pos: pos(this) };
    },
    DefRhs(r) {
      const p = pos(this);
      const ctor = r.ctorName;
      if (ctor === 'Calc') return r.ast();
      if (ctor === 'floatingConstant' || ctor === 'integerConstant') return { k: 'const', c: r.ast(), pos: p };
      if (ctor === 'defIdentifier') return { k: 'alias', name: r.sourceString, pos: p };
      if (ctor === 'DataType') return { k: 'type', t: r.ast(), pos: p };
      return { k: 'attr', a: r.ast(), pos: p };
    },
    Calc(_c, _l, expr, _r) {
      return { k: 'calc', tokens: expr.ast(), pos: pos(this) };
    },
    RpnExpr(tokens) {
      return tokens.ast();
    },
    rpnOperator(_o) {
      return { k: 'op', op: this.sourceString, pos: pos(this) };
    },
    rpnUnexpected(_chars) {
      return { k: 'unexpected', text: this.sourceString, pos: pos(this) };
    },
    Attribute(a) {
      const ctor = a.ctorName;
      if (ctor === 'floatingConstant' || ctor === 'integerConstant' || ctor === 'defIdentifier') return { k: 'const', c: a.ast(), pos: pos(this) };
      if (ctor === 'DataType') return { k: 'type', t: a.ast(), pos: pos(this) };
      return a.ast();
    },
    ArrayAttribute(_l, elements, _r) {
      return { k: 'array', elements: list(elements), pos: pos(this) };
    },
    DictionaryAttribute(_l, entries, _r) {
      return { k: 'dict', entries: list(entries), pos: pos(this) };
    },
    NamedAttribute(name, _eq, value) {
      const n = name.sourceString;
      return { name: n.startsWith('"') ? n.slice(1, -1) : n, value: value.ast() };
    },
    stringAttribute(_l, _chars, _r) {
      return { k: 'string', value: this.sourceString.slice(1, -1), pos: pos(this) };
    },
    // ---- functions ----
    FunctionDefinition(_func, name, _l, args, _r, attrs, body) {
      return { k: 'func', name: name.sourceString.slice(1), args: opt(args) ?? [], attrs: attrs.ast(), body: body.ast(), pos: pos(name) };
    },
    ArgumentList(first, _commas, rest) {
      return items(first, rest);
    },
    Argument(name, _c, type) {
      return { name: name.sourceString, type: type.ast(), pos: pos(name) };
    },
    WorkGroupSizeAttribute(_k, _l, m, _c, n, _r) {
      return { kind: 'work_group_size', values: [m.ast(), n.ast()], pos: pos(this) };
    },
    SubgroupSizeAttribute(_k, _l, s, _r) {
      return { kind: 'subgroup_size', values: [s.ast()], pos: pos(this) };
    },
    Region(_l, items, _r) {
      return { items: items.ast(), pos: pos(this), end: this.source.endIdx - 1 };
    },
    // ---- types ----
    VoidType(_v) {
      return { k: 'void', pos: pos(this) };
    },
    scalarType(_t) {
      return { k: 'scalar', name: this.sourceString, pos: pos(this) };
    },
    integerType_bits(_i, _b) {
      return { k: 'scalar', name: this.sourceString, pos: pos(this) };
    },
    integerType_index(_i) {
      return { k: 'scalar', name: 'index', pos: pos(this) };
    },
    MemrefType(_m, elem, shape, _c, layout, _r) {
      return { k: 'memref', elem: elem.ast(), shape: shape.ast(), strides: opt(layout), pos: pos(this) };
    },
    TensorShape(_x, sizes) {
      return sizes.ast();
    },
    StridedLayout(_s, l, _r) {
      return opt(l) ?? [];
    },
    ConstantOrDynamicList(first, _commas, rest) {
      return items(first, rest);
    },
    GroupType(_g, memref, _c, _o, _colon, offset, _r) {
      return { k: 'group', memref: memref.ast(), offset: opt(offset), pos: pos(this) };
    },
    // ---- instructions ----
    LocalIdentifierList(first, _commas, rest) {
      return [first, ...rest.children].map(named);
    },
    ValueInstruction(result, _eq, body) {
      const i = body.ast() as InstNode;
      return { ...i, results: [named(result)] };
    },
    MultiValueInstruction(results, _eq, body) {
      const i = body.ast() as InstNode;
      const names = results.numChildren ? (results.children[0]!.ast() as Named[]) : [];
      return { ...i, results: names };
    },
    ExpandShape(first, _x, rest) {
      return [first.ast(), ...rest.ast()];
    },
    IndexList(first, _commas, rest) {
      return items(first, rest);
    },
    IndexOrSliceList(first, _commas, rest) {
      return items(first, rest);
    },
    IndexOrSlice_offset(offset, _c, size) {
      const hasSlice = size.numChildren > 0;
      return { offset: offset.ast(), size: hasSlice ? size.children[0]!.ast() : undefined, pos: pos(this) };
    },
    IndexOrSlice_full(_c) {
      return { offset: { k: 'int', v: 0n, bool: false, pos: pos(this) }, size: { k: 'dyn', pos: pos(this) }, pos: pos(this) };
    },
    ScalarTypeList(first, _commas, rest) {
      return items(first, rest);
    },
    // `-> ()`, an empty list, is tinytc v0.3's way of saying that the if returns nothing.
    IfResultTypes(_arrow, _l, types, _r) {
      return opt(types) ?? [];
    },
    IntegerTypeOrDef(t) {
      return t.ctorName === 'defIdentifier' ? t.ast() : { k: 'scalar', name: t.sourceString, pos: pos(this) };
    },
    IdentifierOrConstantList(first, _commas, rest) {
      return items(first, rest);
    },
  });
  return s;
}

/** Parses tensor-language text into its syntax tree, or says where it stops being valid and what was expected. */
export function parseTensorLanguageAst(text: string): { ok: true; program: TopLevelNode[] } | { ok: false; error: SyntaxError } {
  const match = tensorLanguageGrammar().match(text);
  if (match.failed()) return { ok: false, error: { offset: match.getRightmostFailurePosition(), expected: match.getExpectedText() } };
  semantics ??= makeSemantics();
  return { ok: true, program: semantics(match).ast() as TopLevelNode[] };
}
